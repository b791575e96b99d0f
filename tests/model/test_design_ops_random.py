"""Random sequences of the design's operations (hypothesis): every refusal leaves the
design unchanged, and undoing through the values the operations return restores it
exactly, step by step. The generator also makes the random valid designs of the
file-format property tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model.design import Design
from model.elements import Building, Island, LinkBundle, Pattern, Plane, RackGroup, Scope
from model.errors import DesignError
from model.parts import Catalog, SwitchModel
from tests.model.test_design_ops import OSFP, PARTS, QM9700, base_design, tier

Undo = Callable[[], object]

EXTRA_PARTS = (
    QM9700.model_copy(update={"id": "sn5600", "name": "SN5600", "radix": 64,
                              "port_speed_gbps": 800}),
    OSFP.model_copy(update={"id": "osfp-800", "speed_gbps": 800, "power_w_per_end": 16}),
)

names = st.text(min_size=1, max_size=12).filter(lambda s: s.strip() != "")
coordinates = st.floats(min_value=-1e4, max_value=1e4, allow_nan=False)


def random_operation(d: Design, data: st.DataObject) -> Undo | None:
    """Draw one operation, apply it to ``d`` and return how to undo it, or None when
    the design refused it (then checked unchanged by the caller)."""
    ids = {kind: list(d.elements(kind)) for kind in
           ("building", "island", "rack_group", "tier", "bundle")}
    every = [i for group in ids.values() for i in group]

    def pick(kind_ids: list[str]) -> str:
        # now and then a bogus id, to exercise refusals
        return data.draw(st.sampled_from([*kind_ids, "ghost"]))

    op = data.draw(st.sampled_from([
        "building", "island", "rack_group", "tier", "tier", "bundle", "bundle", "update",
        "move", "remove", "add_parts", "set_catalog", "settings", "rename",
    ]))
    if op == "building":
        new = d.new_id("b")
        d.add(Building(id=new, name=data.draw(names), x=data.draw(coordinates),
                       capacity_kw=data.draw(st.floats(1, 1e6)),
                       pue=data.draw(st.floats(1, 2))))
        return lambda: d.remove(new)
    if op == "island":
        new = d.new_id("i")
        index = data.draw(st.none() | st.integers(0, 5))
        d.add(Island(id=new, name=new, building=pick(ids["building"])), index=index)
        return lambda: d.remove(new)
    if op == "rack_group":
        new = d.new_id("g")
        d.add(RackGroup(id=new, name=new, island=pick(ids["island"]), rack_type="rt-dgx4",
                        count=data.draw(st.integers(1, 64))))
        return lambda: d.remove(new)
    if op == "tier":
        new = d.new_id("t")
        scope = data.draw(st.sampled_from(list(Scope)))
        where = ({"island": pick(ids["island"])} if scope is Scope.ISLAND
                 else {"building": pick(ids["building"])})
        d.add(tier(new, scope=scope, plane=data.draw(st.sampled_from(list(Plane))),
                   count=data.draw(st.integers(1, 64)), **where))
        return lambda: d.remove(new)
    if op == "bundle":
        new = d.new_id("x")
        lower = pick(ids["rack_group"] + ids["tier"])
        upper = pick(ids["tier"])
        if lower == upper:
            return None
        d.add(LinkBundle(id=new, name=new, lower=lower, upper=upper,
                         links_per_member=data.draw(st.integers(1, 8)),
                         speed_gbps=data.draw(st.sampled_from([100, 200, 400, 800])),
                         pattern=data.draw(st.sampled_from(list(Pattern))),
                         medium=data.draw(st.sampled_from([None, "osfp-400", "missing"]))))
        return lambda: d.remove(new)
    if op == "update":
        if not every:
            return None
        target = data.draw(st.sampled_from(every))
        element = d.element(target)
        assert element is not None
        field = data.draw(st.sampled_from(sorted(set(type(element).model_fields) - {"id"})))
        value: Any
        if field in ("count", "links_per_member"):
            value = data.draw(st.integers(-1, 64))
        elif field in ("building", "island", "lower", "upper"):
            value = pick(every)
        elif field in ("scope", "plane", "pattern", "role", "cooling"):
            enum = type(getattr(element, field))
            value = data.draw(st.sampled_from(list(enum)))
        elif field in ("name", "notes"):
            value = data.draw(names)
        else:
            value = data.draw(st.floats(-10, 1e5, allow_nan=False))
        old = d.update(target, **{field: value})
        return lambda: d.update(target, **old.model_dump())
    if op == "move":
        movable = [i for i in every if d.kind_of(i) != "bundle"]
        if not movable:
            return None
        target = data.draw(st.sampled_from(movable))
        ox, oy = d.move(target, data.draw(coordinates), data.draw(coordinates))
        return lambda: d.move(target, ox, oy)
    if op == "remove":
        removal = d.remove(pick(every))
        return lambda: d.restore(removal)
    if op == "add_parts":
        part = data.draw(st.sampled_from(EXTRA_PARTS))
        kind = "switches" if isinstance(part, SwitchModel) else "media"
        before = d.add_parts(Catalog(**{kind: (part,)}))
        return lambda: d.set_catalog(before)
    if op == "set_catalog":
        before = d.set_catalog(data.draw(st.sampled_from([PARTS, Catalog(), PARTS.merged(
            Catalog(switches=EXTRA_PARTS[:1]))])))
        return lambda: d.set_catalog(before)
    if op == "settings":
        old_settings = d.settings
        d.update_settings(allowance_pct=data.draw(st.floats(-5, 120)),
                          plane=data.draw(st.sampled_from(list(Plane))))
        return lambda: d.update_settings(**old_settings.model_dump())
    old_name = d.rename(data.draw(names), data.draw(st.none() | st.text(max_size=20)))
    return lambda: d.rename(*old_name)


def apply_random_operations(d: Design, data: st.DataObject, steps: int) -> list[
        tuple[Design, Undo]]:
    """Apply ``steps`` random operations; returns (design before, undo) for each one
    that was accepted. Every refusal is checked to leave the design unchanged."""
    done: list[tuple[Design, Undo]] = []
    for _ in range(steps):
        before = d.copy()
        try:
            undo = random_operation(d, data)
        except DesignError:
            assert d == before, "a refused operation changed the design"
            continue
        if undo is not None:
            done.append((before, undo))
    return done


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_operations_undo_exactly(data: st.DataObject) -> None:
    d = base_design()
    start = d.copy()
    done = apply_random_operations(d, data, data.draw(st.integers(1, 30)))
    for before, undo in reversed(done):
        undo()
        assert d == before
    assert d == start


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_operations_from_empty_undo_exactly(data: st.DataObject) -> None:
    d = Design(catalog=PARTS)
    done = apply_random_operations(d, data, data.draw(st.integers(1, 40)))
    for before, undo in reversed(done):
        undo()
        assert d == before
    assert d == Design(catalog=PARTS)
