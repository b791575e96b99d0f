"""Design fragments: what Copy puts on the clipboard and Paste takes from it.

A fragment is JSON text::

    {"format": "archipelago-fragment", "fragment_version": 1,
     "copied": ["island-3", ...],
     "design": { …a whole design file… }}

``design`` is an ordinary design file (:mod:`model.fileformat`) holding the copied
elements with everything inside them (an island's rack groups and tiers), the bundles
between copied elements, the catalog parts they use, and — as context only — the
containers of the copied elements (a copied rack group's island and building), so the
file stands alone. ``copied`` lists the elements the user copied; only those and their
contents are pasted.

Reading a fragment goes through the file format's own reader (parse → check → validate
→ references → build), so a pasted fragment is checked exactly as a file is opened, and
hostile or malformed text is refused with a message naming what is wrong. Pasting gives
fresh ids and names where they clash, adds the parts the design lacks (renaming a part
whose id the design uses for something else) and is one undo step.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from gui.commands import AddElement, AddParts, DesignCommand, MacroCommand, kind_word
from gui.i18n import QT_TRANSLATE_NOOP, current_language, translate
from model.design import Design
from model.elements import Building, Element, Island, LinkBundle, RackGroup, SwitchTier
from model.errors import DesignError, DesignFileError
from model.fileformat.reader import design_from_dict, parse_json_bytes
from model.fileformat.schema import CURRENT_VERSION, FORMAT_NAME, SECTIONS
from model.parts import Catalog
from model.validation_text import validation_message

FRAGMENT_MIME = "application/x-archipelago-fragment+json"
FRAGMENT_FORMAT = "archipelago-fragment"
FRAGMENT_VERSION = 1
MAX_FRAGMENT_BYTES = 8 * 1024 * 1024
"""Largest clipboard text read as a fragment (a whole 1M-accelerator campus is < 1 MB)."""
MAX_FRAGMENT_ELEMENTS = 20_000
"""Most elements one paste adds (the largest shipped template has a few thousand)."""
EMPTY_CLIPBOARD = QT_TRANSLATE_NOOP("Fragment", "the clipboard is empty")
TEXT_ON_CLIPBOARD = QT_TRANSLATE_NOOP(
    "Fragment", "the clipboard holds text, not copied Archipelago elements")
"""The two refusals that are no fault of a fragment (nothing, or other text, copied)."""
SOURCE = "the clipboard"
"""How messages name where a refused fragment came from."""


FRAGMENT_FIELDS = ("format", "fragment_version", "copied", "design")
"""The fields of a fragment, named as written when a message begins with one."""


class FragmentError(DesignFileError):
    """The clipboard holds no usable fragment; the message says why."""

    def __init__(self, message: str) -> None:
        first = re.match(r"\w+", message)
        if first is None or first.group() not in FRAGMENT_FIELDS:  # a field keeps its case
            message = message[:1].upper() + message[1:]
        super().__init__(message)


@dataclass(frozen=True)
class Fragment:
    """A fragment read back and validated: its design and the ids copied from it."""

    design: Design
    copied: tuple[str, ...]


# ------------------------------------------------------------------- copying
def contents(design: Design, element_id: str) -> list[Element]:
    """What stands inside a building or island (islands and tiers; rack groups and
    tiers), not counting bundles."""
    kind = design.kind_of(element_id)
    if kind == "building":
        return [*(i for i in design.islands.values() if i.building == element_id),
                *(t for t in design.tiers.values()
                  if t.building == element_id and t.island is None)]
    if kind == "island":
        return [*(g for g in design.rack_groups.values() if g.island == element_id),
                *(t for t in design.tiers.values() if t.island == element_id)]
    return []


def container_of(design: Design, element: Element) -> str | None:
    """The id of the building or island an element stands in (None for a building)."""
    if isinstance(element, Island):
        return element.building
    if isinstance(element, RackGroup):
        return element.island
    if isinstance(element, SwitchTier):
        return element.island or element.building
    return None


def _ancestors(design: Design, element: Element) -> list[str]:
    found: list[str] = []
    parent = container_of(design, element)
    while parent is not None:
        found.append(parent)
        above = design.element(parent)
        parent = container_of(design, above) if above is not None else None
    return found


def copied_roots(design: Design, ids: Iterable[str]) -> list[str]:
    """The selected elements that Copy takes, without bundles (they come with their
    ends) and without elements whose container is copied too (they come with it)."""
    chosen = {eid for eid in ids if design.kind_of(eid) not in (None, "bundle")}
    roots = []
    for element in design.all_elements():
        if element.id in chosen and not chosen.intersection(_ancestors(design, element)):
            roots.append(element.id)
    return roots


def fragment_data(design: Design, ids: Iterable[str]) -> dict[str, Any] | None:
    """The fragment of the selected elements as JSON data, or None when nothing in the
    selection can be copied (only bundles)."""
    roots = copied_roots(design, ids)
    if not roots:
        return None
    taken: set[str] = set()
    stack = list(roots)
    while stack:
        eid = stack.pop()
        if eid not in taken:
            taken.add(eid)
            stack.extend(child.id for child in contents(design, eid))
    taken |= {b.id for b in design.bundles.values() if b.lower in taken and b.upper in taken}
    context = {a for r in roots for a in _ancestors(design, design.element(r))}  # type: ignore[arg-type]
    keep = taken | context
    data: dict[str, Any] = {
        "format": FORMAT_NAME, "schema_version": CURRENT_VERSION, "name": design.name,
        "settings": design.settings.model_dump(mode="json"),
        "catalog": parts_used(design, [design.element(e) for e in taken]).model_dump(
            mode="json")}
    for section, kind in SECTIONS:
        data[section] = [e.model_dump(mode="json") for e in design.elements(kind).values()
                         if e.id in keep]
    return {"format": FRAGMENT_FORMAT, "fragment_version": FRAGMENT_VERSION,
            "copied": roots, "design": data}


def fragment_text(design: Design, ids: Iterable[str]) -> str | None:
    """:func:`fragment_data` as the JSON text put on the clipboard."""
    data = fragment_data(design, ids)
    return None if data is None else json.dumps(data, indent=1, ensure_ascii=False)


def parts_used(design: Design, elements: Iterable[Element | None]) -> Catalog:
    """The design's parts the elements use: rack types with their servers and
    accelerators, switch models, media."""
    cat = design.catalog
    elements = list(elements)
    rack_ids = {e.rack_type for e in elements if isinstance(e, RackGroup)}
    racks = tuple(r for r in cat.rack_types if r.id in rack_ids)
    servers = tuple(s for s in cat.servers if s.id in {r.server for r in racks})
    accelerators = tuple(a for a in cat.accelerators
                         if a.id in {s.accelerator for s in servers})
    switches = tuple(s for s in cat.switches
                     if s.id in {e.switch for e in elements if isinstance(e, SwitchTier)})
    media = tuple(m for m in cat.media
                  if m.id in {e.medium for e in elements if isinstance(e, LinkBundle)})
    return Catalog(accelerators=accelerators, servers=servers, rack_types=racks,
                   switches=switches, media=media)


# ------------------------------------------------------------------- reading
def read_fragment(raw: bytes | str) -> Fragment:
    """The fragment in clipboard text, validated as a design file is; a whole design
    file's text is taken as a fragment of all its buildings. Raises
    :class:`~model.errors.DesignFileError` saying what is wrong."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    if not raw.strip():
        raise FragmentError(translate("Fragment", EMPTY_CLIPBOARD))
    if len(raw) > MAX_FRAGMENT_BYTES:
        raise FragmentError(translate(
            "Fragment", "the clipboard holds {size} MB of text; a paste takes at most "
            "{most} MB").format(size=f"{len(raw) / 1e6:.1f}",
                                most=MAX_FRAGMENT_BYTES // (1024 * 1024)))
    if raw.lstrip()[:1] not in (b"{", b"["):
        raise FragmentError(translate("Fragment", TEXT_ON_CLIPBOARD))
    data = parse_json_bytes(raw, SOURCE)
    if isinstance(data, dict) and data.get("format") == FORMAT_NAME:
        inner, copied = data, None
    else:
        inner, copied = _unwrap(data)
    _check_size(inner)
    design = design_from_dict(inner, SOURCE)
    if copied is None:
        copied = list(design.buildings)
    for eid in copied:
        if design.element(eid) is None:
            raise FragmentError(translate(
                "Fragment", "the fragment's 'copied' names {id}, which it does not hold"
            ).format(id=repr(eid)))
    roots = copied_roots(design, copied)
    if not roots:
        raise FragmentError(translate("Fragment", "the fragment holds no element to paste"))
    return Fragment(design, tuple(roots))


def _unwrap(data: Any) -> tuple[Any, list[str]]:
    if not isinstance(data, dict) or data.get("format") != FRAGMENT_FORMAT:
        raise FragmentError(translate(
            "Fragment", "the clipboard holds JSON, but not copied Archipelago elements "
            "(no \"format\": \"{format}\")").format(format=FRAGMENT_FORMAT))
    unknown = set(data) - set(FRAGMENT_FIELDS)
    if unknown:
        raise FragmentError(translate("Fragment", "unknown field {field} in the fragment").format(
            field=repr(sorted(unknown)[0])))
    version = data.get("fragment_version")
    if version != FRAGMENT_VERSION or isinstance(version, bool):
        raise FragmentError(translate(
            "Fragment", "fragment_version {version} is not one this Archipelago reads (it"
            " reads {known})").format(version=repr(version), known=FRAGMENT_VERSION))
    copied = data.get("copied")
    if not isinstance(copied, list) or not all(isinstance(c, str) for c in copied):
        raise FragmentError(translate("Fragment", "copied: should be a list of element ids"))
    if not isinstance(data.get("design"), dict):
        raise FragmentError(translate(
            "Fragment", "design: should be an object {…} holding the copied elements"))
    return data["design"], copied


def _check_size(inner: Any) -> None:
    if not isinstance(inner, dict):
        return  # the file reader says what is wrong
    count = sum(len(v) for s, _ in SECTIONS if isinstance(v := inner.get(s), list))
    if count > MAX_FRAGMENT_ELEMENTS:
        raise FragmentError(translate(
            "Fragment", "the fragment holds {count} elements; a paste adds at most {most}"
        ).format(count=f"{count:,}", most=f"{MAX_FRAGMENT_ELEMENTS:,}"))


# ------------------------------------------------------------------- pasting
Placer = Callable[[Element, str | None], tuple[float, float]]
"""Where a pasted top-level element goes: given the copied element and the id of its new
container (None for the campus), its new position inside that container."""


@dataclass
class Pasted:
    """A paste ready to run: its command and the ids of the top-level elements it adds
    (to select afterwards)."""

    command: DesignCommand
    roots: list[str]


class _Names:
    """Fresh ids and names for a paste."""

    def __init__(self, design: Design) -> None:
        self.design = design
        self.used = set(design.catalog.all_ids()) | {e.id for e in design.all_elements()}

    def fresh_id(self, wanted: str) -> str:
        if wanted not in self.used:
            self.used.add(wanted)
            return wanted
        base = re.sub(r"-\d+$", "", wanted) or "element"
        n = 2
        while f"{base}-{n}" in self.used:
            n += 1
        self.used.add(f"{base}-{n}")
        return f"{base}-{n}"


def fresh_name(name: str, taken: set[str]) -> str:
    """``name``, or when taken: the next free number for "Island 3" ("Island 5"), else
    "Spine (copy)", "Spine (copy 2)"."""
    if name not in taken:
        return name
    numbered = re.fullmatch(r"(.*\s)(\d+)", name)
    if numbered:
        stem, n = numbered.group(1), int(numbered.group(2))
        while f"{stem}{n}" in taken:
            n += 1
        return f"{stem}{n}"
    candidate, n = name + translate("Commands", " (copy)"), 2
    while candidate in taken:
        candidate, n = name + translate("Fragment", " (copy {n})").format(n=n), n + 1
    return candidate


def _renamed(name: str, renames: list[tuple[str, str]]) -> str:
    for old, new in renames:
        if old != new and (name == old or name.startswith(old + " ")):
            return new + name[len(old):]
    return name


def paste_command(design: Design, fragment: Fragment, place: Placer, *,
                  building: str | None = None, island: str | None = None) -> Pasted:
    """The command pasting ``fragment`` into ``design``: islands and building tiers go
    into ``building`` (default: their original building when the design has it), rack
    groups and island tiers into ``island`` (likewise). Raises DesignError when a copied
    element has nowhere to go."""
    source = fragment.design
    names = _Names(design)
    parts, part_ids = _paste_parts(design, source, names)
    roots = [source.element(r) for r in fragment.copied]
    new_id: dict[str, str] = {}
    renames: list[tuple[str, str]] = []  # container names: (old, new)
    taken_names = {kind: {e.name for e in design.elements(kind).values()}
                   for kind in ("building", "island")}
    elements: dict[str, Element] = {}
    for root in roots:
        assert root is not None
        target = _target(design, source, root, building, island)
        x, y = place(root, target)
        update: dict[str, Any] = {"id": names.fresh_id(root.id), "x": x, "y": y}
        kind = source.kind_of(root.id) or ""
        name = root.name
        old_container = container_of(source, root)
        if target is not None and old_container is not None and target != old_container:
            old_parent = source.element(old_container)
            new_parent = design.element(target)
            if old_parent is not None and new_parent is not None:
                name = _renamed(name, [(old_parent.name, new_parent.name)])
        if kind in taken_names:
            taken = taken_names[kind]
        else:
            taken = {e.name for e in contents(design, target or "")}
        update["name"] = fresh_name(name, taken)
        taken.add(update["name"])
        if kind in ("building", "island"):
            renames.append((root.name, update["name"]))
        update.update(_container_fields(root, target, design))
        new_id[root.id] = update["id"]
        elements[root.id] = _rebuilt(root, update)
        stack = [c.id for c in contents(source, root.id)]
        while stack:
            eid = stack.pop()
            if eid in new_id:
                continue
            new_id[eid] = names.fresh_id(eid)
            stack.extend(c.id for c in contents(source, eid))
    for eid in list(new_id):
        element = source.element(eid)
        if element is None or eid in elements:
            continue
        update = {"id": new_id[eid], "name": _renamed(element.name, renames)}
        if isinstance(element, Island):
            update["building"] = new_id[element.building]
        elif isinstance(element, RackGroup):
            update["island"] = new_id[element.island]
        elif isinstance(element, SwitchTier):
            if element.island is not None:
                update["island"] = new_id[element.island]
            if element.building is not None:
                update["building"] = new_id[element.building]
        kind_name = source.kind_of(eid) or ""
        if kind_name in taken_names:
            update["name"] = fresh_name(update["name"], taken_names[kind_name])
            taken_names[kind_name].add(update["name"])
        elements[eid] = _rebuilt(element, update)
    for bundle in source.bundles.values():
        if bundle.lower in new_id and bundle.upper in new_id:
            new_id[bundle.id] = names.fresh_id(bundle.id)
            elements[bundle.id] = _rebuilt(bundle, {
                "id": new_id[bundle.id], "name": _renamed(bundle.name, renames),
                "lower": new_id[bundle.lower], "upper": new_id[bundle.upper]})
    adds: list[DesignCommand] = []
    if parts.all_ids():
        adds.append(AddParts(design, parts))
    for original in source.all_elements():  # dependency order: containers first
        copy = elements.get(original.id)
        if copy is not None:
            adds.append(AddElement(design, _with_parts(copy, part_ids)))
    if len(roots) == 1:
        assert roots[0] is not None
        text = translate("Fragment", "Paste {kind} {name}").format(
            kind=kind_word(roots[0]), name=elements[roots[0].id].name)
    else:
        text = translate("Fragment", "Paste {count} elements").format(count=len(roots))
    return Pasted(MacroCommand(design, text, adds), [new_id[r.id] for r in roots if r])


def _target(design: Design, source: Design, root: Element, building: str | None,
            island: str | None) -> str | None:
    """The id of the container ``root`` is pasted into."""
    if isinstance(root, Building):
        return None
    wants_island = isinstance(root, RackGroup) or (
        isinstance(root, SwitchTier) and root.island is not None)
    original = container_of(source, root)
    if wants_island:
        if island is not None and design.kind_of(island) == "island":
            return island
        if original is not None and design.kind_of(original) == "island":
            return original
        raise DesignError(translate(
            "Fragment", "Select an island (or right-click one) to paste the {kind} {name} "
            "into").format(kind=kind_word(root), name=repr(root.name)))
    if building is not None and design.kind_of(building) == "building":
        return building
    if original is not None and design.kind_of(original) == "building":
        return original
    raise DesignError(translate(
        "Fragment", "Select a building (or right-click one) to paste the {kind} {name} "
        "into").format(kind=kind_word(root), name=repr(root.name)))


def _container_fields(root: Element, target: str | None, design: Design) -> dict[str, Any]:
    if isinstance(root, Island):
        return {"building": target}
    if isinstance(root, RackGroup):
        return {"island": target}
    if isinstance(root, SwitchTier):
        return {"island": target} if root.island is not None else {"building": target}
    return {}


def _paste_parts(design: Design, source: Design, names: _Names
                 ) -> tuple[Catalog, dict[str, str]]:
    """The parts to add and how part ids change: a part the design holds identically is
    shared; one whose id the design uses differently gets a fresh id."""
    renamed: dict[str, str] = {}
    own: dict[str, Any] = {}
    for section in ("accelerators", "servers", "rack_types", "switches", "media"):
        own.update((p.id, p) for p in getattr(design.catalog, section))
    sections: dict[str, list[Any]] = {}
    for section in ("accelerators", "servers", "rack_types", "switches", "media"):
        kept = []
        for original in getattr(source.catalog, section):
            update: dict[str, Any] = {}
            if section == "servers" and original.accelerator in renamed:
                update["accelerator"] = renamed[original.accelerator]
            if section == "rack_types" and original.server in renamed:
                update["server"] = renamed[original.server]
            part = original.model_copy(update=update) if update else original
            if own.get(part.id) == part:
                continue
            if part.id in names.used:
                renamed[part.id] = names.fresh_id(part.id)
                part = part.model_copy(update={"id": renamed[part.id]})
            else:
                names.used.add(part.id)
            kept.append(part)
        sections[section] = kept
    return Catalog(**{k: tuple(v) for k, v in sections.items()}), renamed


def _with_parts(element: Element, renamed: dict[str, str]) -> Element:
    update = {field: renamed[value] for field in ("rack_type", "switch", "medium")
              if (value := getattr(element, field, None)) in renamed}
    return _rebuilt(element, update) if update else element


def _rebuilt(element: Element, update: dict[str, Any]) -> Element:
    """``element`` with ``update`` applied, validated whole as a file's record is (a
    name made too long or a position out of range is refused, not pasted)."""
    try:
        return type(element).model_validate({**element.model_dump(), **update})
    except ValidationError as error:
        raise DesignError(translate("Fragment", "cannot paste {name}: {reason}").format(
            name=repr(element.name),
            reason=validation_message(error).render(current_language())),
            element.id) from None
