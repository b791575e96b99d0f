"""The built-in rack types' names in Chinese (model/part_names.py): every rack type of
the shipped catalog is listed, each reads in Chinese with its vendor named in Chinese
where the vendor is Chinese, and English (or a user's own part) is unchanged."""

from __future__ import annotations

from model.catalog import load_builtin_catalog
from model.part_names import (
    ACCELERATOR_NAMES,
    MEDIUM_NAMES,
    RACK_TYPE_NAMES,
    SERVER_NAMES,
    SWITCH_NAMES,
    accelerator_name,
    part_name,
    rack_type_name,
    vendor_name,
)

VENDORS_IN_CHINESE = {"Huawei": "华为", "Cambricon": "寒武纪", "Hygon": "海光",
                      "Kunlunxin": "昆仑芯", "Moore Threads": "摩尔线程", "MetaX": "沐曦",
                      "Iluvatar": "天数智芯", "Biren": "壁仞"}
"""How Chinese data-centre documents write these vendors' names."""


def test_every_built_in_rack_type_is_listed() -> None:
    catalog = load_builtin_catalog()
    names = {rack.name for rack in catalog.rack_types}
    assert names - set(RACK_TYPE_NAMES) == set()
    assert set(RACK_TYPE_NAMES) - names == set(), "a listed name no rack type has"


def test_names_read_in_chinese_with_the_vendor_in_chinese() -> None:
    catalog = load_builtin_catalog()
    for rack in catalog.rack_types:
        chinese = rack_type_name(rack.name, "zh_CN")
        assert chinese != rack.name, rack.name
        assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese), chinese
        server = catalog.server(rack.server)
        accelerator = catalog.accelerator(server.accelerator) if server else None
        vendor = str(getattr(accelerator, "vendor", ""))
        for english, written in VENDORS_IN_CHINESE.items():
            if vendor.startswith(english) and english in rack.name:
                assert written in chinese, (rack.name, chinese)
        # the model number a buyer orders by is kept as written
        for word in rack.name.replace(",", " ").split():
            if any(ch.isdigit() for ch in word) and word[0].isupper():
                assert word.strip("()") in chinese, (word, chinese)


def test_english_and_unknown_names_are_unchanged() -> None:
    assert rack_type_name("4× Huawei Atlas 800T A2, air-cooled", None) == \
        "4× Huawei Atlas 800T A2, air-cooled"
    assert rack_type_name("4× Huawei Atlas 800T A2, air-cooled", "zh_CN") == \
        "4× 华为 Atlas 800T A2，风冷"
    assert rack_type_name("My own rack", "zh_CN") == "My own rack"


def test_every_built_in_accelerator_is_listed_and_chinese_vendors_read_in_chinese() -> None:
    catalog = load_builtin_catalog()
    names = {a.name for a in catalog.accelerators}
    assert names ^ set(ACCELERATOR_NAMES) == set()
    for accelerator in catalog.accelerators:
        chinese = accelerator_name(accelerator.name, "zh_CN")
        assert accelerator_name(accelerator.name, None) == accelerator.name
        for english, written in VENDORS_IN_CHINESE.items():
            if str(accelerator.vendor).startswith(english):
                assert written in chinese, (accelerator.name, chinese)
        if "China market" in accelerator.name:
            assert "中国特供版" in chinese, chinese
    assert accelerator_name("My own chip", "zh_CN") == "My own chip"


def test_every_built_in_switch_and_medium_reads_in_chinese_with_its_model_kept() -> None:
    """The bill of materials of a Chinese report names them so (issue #15's walk found
    "400G OSFP multimode optics (SR4), per link end" in it)."""
    catalog = load_builtin_catalog()
    for parts, listed in ((catalog.switches, SWITCH_NAMES), (catalog.media, MEDIUM_NAMES)):
        assert {p.name for p in parts} ^ set(listed) == set()
        for part in parts:
            chinese = part_name(part.name, "zh_CN")
            assert part_name(part.name, None) == part.name
            assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese) or not any(
                word in part.name.lower() for word in ("switch", "optics", "copper", "cable",
                                                        "series", "generic")), chinese
            for word in ("optics", "per link end", "passive", "active", "commodity", "class"):
                assert word not in chinese, (word, chinese)
            # the model numbers and form factors a buyer orders by stay as written
            for word in part.name.replace(",", " ").replace("(", " ").replace(")", " ").split():
                if any(ch.isdigit() for ch in word) and word[0].isupper():
                    assert word in chinese, (word, chinese)
    assert part_name("Huawei CloudEngine XH-series box, 64 × 400GE (25.6 Tb/s class)",
                     "zh_CN") == "华为 CloudEngine XH 系列盒式交换机，64 × 400GE（25.6 Tb/s 级）"
    assert part_name("My own optics", "zh_CN") == "My own optics"


def test_switch_vendors_read_in_chinese() -> None:
    catalog = load_builtin_catalog()
    for switch in catalog.switches:
        chinese = vendor_name(switch.vendor, "zh_CN")
        assert vendor_name(switch.vendor, None) == switch.vendor
        for english, written in {**VENDORS_IN_CHINESE, "Ruijie": "锐捷",
                                 "generic": "通用"}.items():
            if switch.vendor.startswith(english):
                assert chinese.startswith(written), chinese


def test_every_built_in_server_is_listed_and_reads_in_chinese_with_its_model_kept() -> None:
    """The Chinese workbook's bill of materials lists servers by name."""
    catalog = load_builtin_catalog()
    assert {s.name for s in catalog.servers} ^ set(SERVER_NAMES) == set()
    for server in catalog.servers:
        chinese = part_name(server.name, "zh_CN")
        assert part_name(server.name, None) == server.name
        accelerator = catalog.accelerator(server.accelerator)
        vendor = str(getattr(accelerator, "vendor", ""))
        for english, written in VENDORS_IN_CHINESE.items():
            if vendor.startswith(english):
                assert written in chinese, (server.name, chinese)
        for word in ("server", "card", "class", "tray", "nominal"):
            assert word not in chinese, (word, chinese)
        for word in server.name.replace(",", " ").replace("(", " ").replace(")", " ").split():
            if any(ch.isdigit() for ch in word) and word[0].isupper():
                assert word in chinese, (word, chinese)
    assert part_name("Huawei Atlas 800T A2 (8× Ascend 910B)", "zh_CN") == \
        "华为 Atlas 800T A2（8× 昇腾 910B）"
