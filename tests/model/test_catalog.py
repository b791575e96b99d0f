"""The shipped parts catalog: every part sourced, key figures equal the published ones
(REFERENCE.md), broken files refused with messages naming file and field."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from model.catalog import (
    CATALOG_DIR,
    SECTIONS,
    CatalogError,
    builtin_part_ids,
    generic_host_rack,
    generic_optics,
    generic_switch,
    load_builtin_catalog,
    load_catalog_dir,
    load_parts_file,
    scaled_rack_type,
)
from model.parts import Catalog, Cooling, MediumKind


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_builtin_catalog()


def test_every_part_names_a_source(catalog: Catalog) -> None:
    sections = (
        catalog.accelerators,
        catalog.servers,
        catalog.rack_types,
        catalog.switches,
        catalog.media,
    )
    for section in sections:
        assert section, "every section holds parts"
        for part in section:
            assert part.source.strip(), f"{part.id} has no source"
            assert len(part.source) > 30, f"{part.id}: the source must name a document"


def test_nominal_and_estimated_parts_say_so(catalog: Catalog) -> None:
    for part_id in builtin_part_ids():
        if part_id.startswith("generic-") and catalog.rack_type(part_id) is None:
            part = (
                catalog.accelerator(part_id)
                or catalog.server(part_id)
                or catalog.switch(part_id)
                or catalog.medium(part_id)
            )
            assert part is not None
            assert part.estimate, f"{part_id} has nominal figures: mark it estimate"
            assert "ominal" in part.source
    for part_id in ("ascend-910b", "ascend-910c"):
        part = catalog.accelerator(part_id)
        assert part is not None and part.estimate
    cloudmatrix = catalog.server("cloudmatrix-910c")
    assert cloudmatrix is not None and cloudmatrix.estimate


def test_ids_are_unique_and_cached(catalog: Catalog) -> None:
    ids = builtin_part_ids()
    assert len(ids) == len(set(ids))
    assert load_builtin_catalog() is catalog


def test_accelerator_figures_match_the_datasheets(catalog: Catalog) -> None:
    expected_tdp = {"h100-sxm": 700, "h200-sxm": 700, "b200-hgx": 1000, "mi300x": 750}
    for part_id, watts in expected_tdp.items():
        part = catalog.accelerator(part_id)
        assert part is not None, part_id
        assert part.tdp_w == watts
    h100 = catalog.accelerator("h100-sxm")
    assert h100 is not None
    assert h100.bf16_dense_tflops == pytest.approx(1979 / 2, abs=0.5)  # half the sparse figure
    mi300x = catalog.accelerator("mi300x")
    assert mi300x is not None
    assert mi300x.bf16_dense_tflops == pytest.approx(2614.9 / 2, abs=0.5)


def test_server_figures_match_the_datasheets(catalog: Catalog) -> None:
    dgx = catalog.server("dgx-h100")
    assert dgx is not None
    assert (dgx.accelerator, dgx.accelerators_per_server) == ("h100-sxm", 8)
    assert (dgx.nic_count, dgx.nic_speed_gbps, dgx.scale_up_domain) == (8, 400, 8)
    assert dgx.max_power_w == 10_200
    h200 = catalog.server("dgx-h200")
    assert h200 is not None and h200.max_power_w == 10_200
    b200 = catalog.server("dgx-b200")
    assert b200 is not None
    assert (b200.max_power_w, b200.nic_count, b200.nic_speed_gbps) == (14_300, 8, 400)
    tray = catalog.server("gb200-nvl72-tray")
    assert tray is not None
    assert (tray.accelerators_per_server, tray.nic_count, tray.nic_speed_gbps) == (4, 4, 800)
    assert tray.scale_up_domain == 72
    cloudmatrix = catalog.server("cloudmatrix-910c")
    assert cloudmatrix is not None
    assert (cloudmatrix.accelerators_per_server, cloudmatrix.scale_up_domain) == (8, 384)
    for part_id in ("hgx-h100-8gpu", "mi300x-8gpu"):
        server = catalog.server(part_id)
        assert server is not None and server.accelerators_per_server == 8
    host = catalog.server("generic-host")
    assert host is not None
    assert (host.accelerators_per_server, host.nic_count) == (1, 1)


def test_nvl72_rack_is_72_gpus_in_the_published_power_range(catalog: Catalog) -> None:
    rack = catalog.rack_type("gb200-nvl72")
    tray = catalog.server("gb200-nvl72-tray")
    assert rack is not None and tray is not None
    assert rack.servers_per_rack * tray.accelerators_per_server == 72
    # NVIDIA / SemiAnalysis: about 120–132 kW per NVL72 rack, switch trays included.
    rack_kw = (rack.servers_per_rack * tray.max_power_w + rack.overhead_w) / 1000
    assert 120 <= rack_kw <= 132
    assert rack_kw <= rack.power_budget_kw
    assert rack.cooling is Cooling.LIQUID


def test_rack_types_fit_their_budgets(catalog: Catalog) -> None:
    for rack in catalog.rack_types:
        server = catalog.server(rack.server)
        assert server is not None, rack.id
        load_kw = (rack.servers_per_rack * server.max_power_w + rack.overhead_w) / 1000
        assert load_kw <= rack.power_budget_kw, rack.id
    dgx4 = catalog.rack_type("dgx-h100-x4")
    assert dgx4 is not None and dgx4.servers_per_rack == 4 and dgx4.power_budget_kw == 44
    meta = catalog.rack_type("dgx-h100-x2")
    assert meta is not None and meta.servers_per_rack * 8 == 16


def test_switch_figures_match_the_manuals(catalog: Catalog) -> None:
    qm9700 = catalog.switch("qm9700")
    assert qm9700 is not None
    assert (qm9700.radix, qm9700.port_speed_gbps) == (64, 400)
    assert (qm9700.typical_power_w, qm9700.max_power_w) == (747, 1720)
    sn5600 = catalog.switch("sn5600")
    assert sn5600 is not None
    assert (sn5600.radix, sn5600.port_speed_gbps, sn5600.typical_power_w) == (64, 800, 940)
    assert sn5600.estimate  # its maximum is estimated
    q3400 = catalog.switch("q3400")
    assert q3400 is not None and (q3400.radix, q3400.port_speed_gbps) == (144, 800)
    th5 = catalog.switch("th5-51t")
    assert th5 is not None and th5.radix * th5.port_speed_gbps == 51_200


def test_media_figures_match_the_reference_ranges(catalog: Catalog) -> None:
    for part_id in ("dac-400g", "dac-800g"):
        dac = catalog.medium(part_id)
        assert dac is not None and dac.kind is MediumKind.DAC and dac.power_w_per_end == 0
    optics_400 = catalog.medium("optical-400g-osfp")
    assert optics_400 is not None and 8 <= optics_400.power_w_per_end <= 12
    optics_800 = catalog.medium("optical-800g-osfp")
    assert optics_800 is not None and 15 <= optics_800.power_w_per_end <= 17  # class 8 limit
    assert catalog.medium("aoc-400g") is not None
    ten = catalog.medium("generic-10g")
    assert ten is not None and ten.speed_gbps == 10


def test_generic_parts_follow_their_stated_rules() -> None:
    # 48 × 10G: 100 + 0.025 × 480 = 112 W typical, 168 W max (the shipped part).
    shipped = generic_switch(48, 10)
    assert (shipped.id, shipped.typical_power_w, shipped.max_power_w) == (
        "generic-48x10g",
        112,
        168,
    )
    shipped_100 = generic_switch(64, 100)  # 100 + 0.025 × 6,400 = 260 W
    assert (shipped_100.typical_power_w, shipped_100.max_power_w) == (260, 390)
    derived = generic_switch(4, 10)  # 100 + 0.025 × 40 = 101 W
    assert (derived.id, derived.radix, derived.typical_power_w) == ("generic-4x10g", 4, 101)
    assert derived.max_power_w == pytest.approx(151.5)
    assert derived.estimate and derived.source.startswith("Copy of generic-48x10g")
    assert generic_optics(10).id == "generic-10g"
    assert generic_optics(400).power_w_per_end == 8  # 400 ÷ 50
    assert generic_optics(1).power_w_per_end == 1  # at least 1 W
    parts = generic_host_rack(2, 100)
    rack, host = parts.rack_types[0], parts.servers[0]
    assert (rack.servers_per_rack, rack.server, host.nic_speed_gbps) == (2, host.id, 100)
    assert rack.power_budget_kw == 1.0  # 12 kW ÷ 24 hosts × 2


# ------------------------------------------------------------- broken files
@pytest.fixture
def copy_dir(tmp_path: Path) -> Path:
    target = tmp_path / "catalog"
    shutil.copytree(CATALOG_DIR, target)
    return target


def _edit(directory: Path, section: str, edit: object) -> None:
    path = directory / f"{section}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)  # type: ignore[operator]
    path.write_text(json.dumps(data), encoding="utf-8")


def test_a_copy_of_the_shipped_files_loads_identically(copy_dir: Path) -> None:
    assert load_catalog_dir(copy_dir) == load_builtin_catalog()


def test_bad_field_names_file_part_and_field(copy_dir: Path) -> None:
    _edit(copy_dir, "switches", lambda d: d["parts"][0].update(max_power_w=-1))
    with pytest.raises(CatalogError) as info:
        load_catalog_dir(copy_dir)
    message = str(info.value)
    assert "switches.json" in message
    assert "parts[0] (qm9700).max_power_w" in message
    assert "greater than 0" in message


def test_missing_source_is_refused(copy_dir: Path) -> None:
    _edit(copy_dir, "accelerators", lambda d: d["parts"][1].pop("source"))
    with pytest.raises(CatalogError, match=r"accelerators\.json.*h200-sxm.*source"):
        load_catalog_dir(copy_dir)


def test_unknown_field_and_bad_json_are_refused(copy_dir: Path) -> None:
    _edit(copy_dir, "media", lambda d: d["parts"][0].update(colour="red"))
    with pytest.raises(CatalogError, match=r"media\.json.*colour"):
        load_catalog_dir(copy_dir)
    (copy_dir / "media.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(CatalogError, match=r"media\.json: not valid JSON.*line 1"):
        load_catalog_dir(copy_dir)
    (copy_dir / "media.json").unlink()
    with pytest.raises(CatalogError, match=r"media\.json: cannot read"):
        load_catalog_dir(copy_dir)


def test_dangling_reference_and_duplicate_id_are_refused(copy_dir: Path) -> None:
    _edit(copy_dir, "rack_types", lambda d: d["parts"][0].update(server="no-such-server"))
    with pytest.raises(CatalogError, match="no-such-server"):
        load_catalog_dir(copy_dir)
    shutil.copy(CATALOG_DIR / "rack_types.json", copy_dir / "rack_types.json")
    _edit(copy_dir, "media", lambda d: d["parts"][0].update(id="qm9700"))
    with pytest.raises(CatalogError, match="'qm9700' is used twice"):
        load_catalog_dir(copy_dir)


def test_section_mismatch_is_refused(copy_dir: Path) -> None:
    _edit(copy_dir, "media", lambda d: d.update(section="switches"))
    with pytest.raises(CatalogError, match="holds 'switches'"):
        load_catalog_dir(copy_dir)


def test_user_parts_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(
        json.dumps(
            {
                "rack_types": [
                    {
                        "id": "my-dgx-h100-x3",
                        "name": "3× DGX H100",
                        "server": "dgx-h100",
                        "servers_per_rack": 3,
                        "power_budget_kw": 33,
                        "source": "our own rack plan",
                    }
                ]
            }
        ),
        encoding="utf-8",
    )
    own = load_parts_file(path)
    assert own.all_ids() == ["my-dgx-h100-x3"]
    merged = load_builtin_catalog().merged(own)
    assert merged.rack_type("my-dgx-h100-x3") is not None
    path.write_text(json.dumps({"gadgets": []}), encoding="utf-8")
    with pytest.raises(CatalogError, match="unknown section 'gadgets'"):
        load_parts_file(path)
    path.write_text(json.dumps({"switches": [{"id": "qm9700"}]}), encoding="utf-8")
    with pytest.raises(CatalogError, match=r"switches\[0\] \(qm9700\)"):
        load_parts_file(path)


def test_sections_cover_the_catalog_type() -> None:
    assert set(SECTIONS) == set(Catalog.model_fields)


def test_docs_list_every_part_with_its_figures(catalog: Catalog) -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "catalog.md").read_text("utf-8")
    for part_id in builtin_part_ids():
        assert f"`{part_id}`" in text, f"docs/catalog.md does not list {part_id}"
    for switch in catalog.switches:
        assert f"| {switch.typical_power_w:g} | {switch.max_power_w:g} |" in text, switch.id


def test_scaled_rack_type() -> None:
    same = scaled_rack_type("dgx-h100-x2", 2)
    assert same.rack_types[0].id == "dgx-h100-x2"
    one = scaled_rack_type("dgx-h100-x2", 1).rack_types[0]
    assert (one.id, one.servers_per_rack, one.power_budget_kw) == ("dgx-h100-x2-as-1", 1, 12)
    nvl36 = scaled_rack_type("gb200-nvl72", 9).rack_types[0]
    assert nvl36.overhead_w == 7_500 and nvl36.power_budget_kw == 66
    with pytest.raises(CatalogError, match="no built-in rack type 'nope'"):
        scaled_rack_type("nope", 2)
