"""docs/file-format.md stays true: its example opens with the counts the text states,
and every field of the format is documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from model.design import DesignSettings
from model.elements import Building, Island, LinkBundle, RackGroup, SwitchTier
from model.fileformat import design_from_dict, dumps_design, load_design
from model.fileformat.reader import parse_json_bytes
from model.metrics import structural_problems
from model.parts import AcceleratorType, Medium, RackType, ServerType, SwitchModel

DOC = Path(__file__).resolve().parents[2] / "docs" / "file-format.md"


def json_blocks() -> list[str]:
    return re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_the_documented_example_opens_with_the_stated_counts(tmp_path: Path) -> None:
    blocks = json_blocks()
    assert len(blocks) == 1
    path = tmp_path / "example.json"
    path.write_text(blocks[0], encoding="utf-8")
    d = load_design(path)
    # the text: one building, one island of 8 racks × 4 DGX H100, 8 leaves, 4 spines
    assert (len(d.buildings), len(d.islands), len(d.rack_groups), len(d.tiers),
            len(d.bundles)) == (1, 1, 1, 2, 2)
    group = d.rack_groups["su-1-racks"]
    rack = d.catalog.rack_type(group.rack_type)
    assert rack is not None
    server = d.catalog.server(rack.server)
    assert server is not None
    assert group.count == 8
    assert group.count * rack.servers_per_rack == 32
    assert group.count * rack.servers_per_rack * server.accelerators_per_server == 256
    assert [t.count for t in d.tiers.values()] == [8, 4]
    assert d.bundles["gpu-leaf"].pattern.value == "rail"
    assert d.bundles["leaf-spine"].links_per_member == 32
    # what Archipelago saves from it opens to the same design
    assert design_from_dict(parse_json_bytes(dumps_design(d).encode())) == d
    # and the text calls it sound: the model's checks find nothing wrong with it
    assert structural_problems(d) == []


@pytest.mark.parametrize(
    "record",
    [DesignSettings, AcceleratorType, ServerType, RackType, SwitchModel, Medium, Building,
     Island, RackGroup, SwitchTier, LinkBundle],
)
def test_every_field_is_documented(record: type) -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = [f for f in record.model_fields if f"`{f}`" not in text]
    assert missing == []
