"""Template refusals that quote a limit tell the truth: for random parameters, when a
template refuses and its message quotes the most a parameter may be, the given value
is over that limit and the limit itself passes the same check (the ai-zones pod of 254
racks was once refused as "more than … at most 254 racks per pod"). The ai-zones limit
is also checked against a hand count. superpod's messages are checked with superpod."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model.errors import DesignError
from model.i18n import Message
from model.templates import TEMPLATES, template
from model.templates.base import Template

PER_POD = ("a pod of {racks:,} racks is more than cluster switches of {links} links can join:"
           " with {pods} pods the aggregation tier leaves room for")
"""The start of the ai-zones refusals of too many racks per pod (plane and planes)."""

LIMITS: dict[str, tuple[str, str]] = {
    PER_POD: ("racks_per_pod", "most"),
    "an island of {gpus:,} GPUs does not fit": ("gpus_per_island", "most"),
    "--groups {groups} is too many": ("groups", "most"),
    "--super-nodes {super_nodes} is more than one core tier can join": ("super_nodes", "most"),
}
"""A refusal (by the start of its English source) → (the parameter it limits, the
message field quoting the most that parameter may be)."""

BUILDINGS_THAT_WORK = "--islands {islands} over --buildings {buildings}:"
"""The islands refusal listing the --buildings that would work."""

CHECKED = [name for name in TEMPLATES if name != "superpod"]


def refusal(t: Template, values: dict[str, object]) -> Message | None:
    """The message of ``t``'s refusal of ``values`` (None if it builds)."""
    try:
        t.build(**values)
    except DesignError as error:
        assert error.text is not None, f"{t.name} refuses in words of one language: {error}"
        return error.text
    return None


def limit_of(text: Message) -> tuple[str, str] | None:
    return next((limit for start, limit in LIMITS.items() if text.source.startswith(start)),
                None)


EVEN = st.integers(2, 64).map(lambda n: 2 * n)
SHAPED: dict[str, dict[str, st.SearchStrategy[object]]] = {
    "ai-zones": {"gpus_per_rack": st.sampled_from(range(8, 65, 8)),
                 "buildings": st.integers(1, 2)},
    "islands": {"gpus_per_island": st.integers(1, 64).map(lambda n: 256 * n),
                "buildings": st.integers(1, 8)},
    "dragonfly-plus": {"k": EVEN, "routers": st.just(0)},
    "fat-tree": {"k": EVEN},
    "cloudmatrix": {"super_nodes_per_building": st.just(1)},
}
"""Values of the shape the templates ask for (even radixes, whole blocks…), so the
draws reach the refusals that quote a size limit rather than the shape checks."""


@st.composite
def parameters(draw: st.DrawFn, name: str) -> dict[str, object]:
    values: dict[str, object] = {}
    for p in TEMPLATES[name].params:
        if p.name in SHAPED.get(name, {}):
            values[p.name] = draw(SHAPED[name][p.name])
        elif p.choices:
            values[p.name] = draw(st.sampled_from(p.choices))
        elif p.kind is int:
            values[p.name] = draw(st.integers(int(p.minimum or 0), int(p.maximum or 4096)))
        elif p.kind is float:
            values[p.name] = draw(st.floats(p.minimum or 0.0, p.maximum or 1e3))
    return values


@pytest.mark.parametrize("name", CHECKED)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_quoted_limit_is_violated_and_itself_accepted(name: str, data: st.DataObject
                                                        ) -> None:
    t = TEMPLATES[name]
    values = data.draw(parameters(name))
    text = refusal(t, values)
    if text is None:
        return
    if text.source.startswith(BUILDINGS_THAT_WORK):
        fits = dict(text.params)["fits"]
        if isinstance(fits, str):  # "2, 4, 16–18": the ends of each run are tried
            numbers = [int(n) for n in re.findall(r"\d+", fits)]
            assert values["buildings"] not in numbers
            for n in (numbers[0], numbers[-1]):
                again = refusal(t, {**values, "buildings": n})
                assert again is None or not again.source.startswith(BUILDINGS_THAT_WORK), (
                    f"{text.render()}\nyet with --buildings {n}: {again.render()}")
        return
    limit = limit_of(text)
    if limit is None:
        return
    param, field = limit
    params = dict(text.params)
    most = params[field]
    assert isinstance(most, int)
    given_value = values[param] if values[param] else params.get(param)
    assert isinstance(given_value, int) and given_value > most, text.render()
    at_limit = refusal(t, {**values, param: most})
    assert at_limit is None or limit_of(at_limit) != limit, (
        f"{text.render()}\nyet at the limit: {at_limit.render()}")


def hand_most_racks(pods: int, gpus: int, oversubscription: float, links: int) -> int:
    """The most racks per ai-zones pod, counted by hand: a wiring of P planes of
    ``gpus`` cluster switches (P ≤ links ÷ pods) gives each cluster switch ⌈R/P⌉ racks
    and round(R·gpus / (oversubscription · P·gpus)) uplinks, and one plane of c
    switches (c dividing ``gpus``) R·gpus/c racks' links; the most R any fits."""
    best = 0
    for racks in range(1, links * links):
        one_plane = any(racks * gpus // c + max(1, round(racks * gpus / oversubscription / c))
                        <= links for c in range(1, gpus + 1) if gpus % c == 0)
        planes = any(-(-racks // p) + max(1, round(racks / oversubscription / p)) <= links
                     for p in range(2, links // pods + 1))
        if one_plane or planes:
            best = racks
        elif racks > best + links:  # far past the last fit: nothing larger fits
            break
    return best


@pytest.mark.parametrize(("pods", "racks", "gpus", "most"), [
    (64, 254, 64, 224),  # two planes: ⌈224/2⌉ + round(224/14) = 112 + 16 = 128 links
    (128, 200, 64, 112),  # one plane: 112 + round(112/7) = 128 links
])
def test_ai_zones_names_the_true_limit_of_racks_per_pod(pods: int, racks: int, gpus: int,
                                                        most: int) -> None:
    assert hand_most_racks(pods, gpus, 7.0, 128) == most
    t = template("ai-zones")
    text = refusal(t, {"pods": pods, "racks_per_pod": racks, "gpus_per_rack": gpus})
    assert text is not None
    words = text.render()
    assert f"at most {most:,} racks per pod fit" in words, words
    assert "a cluster switch would need" in words
    assert refusal(t, {"pods": pods, "racks_per_pod": most, "gpus_per_rack": gpus}) is None
    assert refusal(t, {"pods": pods, "racks_per_pod": most + 1,
                       "gpus_per_rack": gpus}) is not None
    chinese = text.render("zh_CN")
    assert re.search(r"[\u4e00-\u9fff]", chinese) and f"{most:,}" in chinese, chinese


def test_the_example_of_the_walk_reads_without_contradiction() -> None:
    text = refusal(template("ai-zones"), {"pods": 64, "racks_per_pod": 254,
                                          "gpus_per_rack": 64})
    assert text is not None
    assert text.render() == (
        "a pod of 254 racks is more than cluster switches of 128 links can join: with 64"
        " pods the aggregation tier leaves room for 2 planes of cluster switches per pod,"
        " and even then a cluster switch would need 127 links down to the rack switches"
        " and 18 up to the aggregation tier (7:1), 145 in all; at most 224 racks per pod"
        " fit; use fewer racks per pod, fewer pods or a higher --agg-oversubscription")


@pytest.mark.parametrize(("oversubscription", "most"), [
    # 256 spines (8 × 32): 11,776 GPUs give each 46 links down and round(18.4) = 18 up,
    # 64 ports; 12,032 would need 47 + round(18.8) = 66. (The old estimate, 64 · 256 ·
    # 2.5/3.5 rounded down to blocks of 256, said "about 11,520".)
    (2.5, 11_776),
    (1.0, 8_192),  # 32 down + 32 up
])
def test_islands_names_the_most_gpus_per_island(oversubscription: float, most: int) -> None:
    t = template("islands")
    text = refusal(t, {"gpus_per_island": 16_384, "oversubscription": oversubscription})
    assert text is not None
    assert text.render().endswith(f"; at most {most:,} GPUs per island"), text.render()
    assert refusal(t, {"gpus_per_island": most, "oversubscription": oversubscription,
                       "islands": 2, "buildings": 1}) is None
    over = refusal(t, {"gpus_per_island": most + 256, "oversubscription": oversubscription})
    assert over is not None and limit_of(over) == ("gpus_per_island", "most")


@pytest.mark.parametrize(("per_building", "most"), [(1, 128), (2, 256)])
def test_cloudmatrix_names_the_most_super_nodes(per_building: int, most: int) -> None:
    """By hand: a super-node sends 384 links to the core; the core count divides a
    building's 384·g spine uplinks, so at most 384·g switches × 128 links = 49,152·g
    links, 128·g super-nodes."""
    t = template("cloudmatrix")
    values = {"super_nodes_per_building": per_building}
    text = refusal(t, {**values, "super_nodes": most + per_building})
    assert text is not None and f"hold at most {most:,} super-nodes" in text.render()
    assert refusal(t, {**values, "super_nodes": most}) is None
