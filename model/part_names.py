"""The built-in parts' names in the user's language (rack types, accelerators,
servers, switch models, link media): for the palette and the rack groups it drops (a
rack group is named after its rack type when dropped), for the compute figures by
accelerator, and for the bills of materials of a report and a workbook in Chinese.

A part's name is catalog data in English (``resources/catalog/rack_types.json``); the
names of the built-in parts are listed here, marked for the model's catalog (context
``"parts"``), so a Chinese window says ``4× 华为 Atlas 800T A2，风冷`` where an English
one says ``4× Huawei Atlas 800T A2, air-cooled``. A name not listed (a part of the
user's own catalog) is shown as written. ``tests/model/test_part_names.py`` fails when a
built-in rack type, accelerator, server, switch model or medium is missing here, so a
new part cannot go untranslated. Product names stay as their makers write them (``H100
SXM5``, ``Atlas 800T A2``); vendor and descriptive words are translated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from model.i18n import Localized, Translator, mark

RACK_TYPE_NAMES: tuple[str, ...] = (
    mark("parts", "4× DGX H100, air-cooled"),
    mark("parts", "2× DGX H100 (16 GPUs per rack, Meta style)"),
    mark("parts", "4× DGX H200, air-cooled"),
    mark("parts", "4× DGX B200, liquid-assisted"),
    mark("parts", "GB200 NVL72 rack (18 compute trays)"),
    mark("parts", "4× HGX H100 8-GPU server, air-cooled"),
    mark("parts", "4× MI300X 8-GPU server, air-cooled"),
    mark("parts", "CloudMatrix384 compute rack (4× 910C server)"),
    mark("parts", "Generic host rack, 24 one-NIC hosts (nominal)"),
    mark("parts", "4× DGX A100, air-cooled"),
    mark("parts", "4× Inspur NF5688M6 A800, air-cooled"),
    mark("parts", "4× Inspur NF5688G7 H800, air-cooled"),
    mark("parts", "4× H3C R5500 G6 H20, air-cooled"),
    mark("parts", "4× Huawei Atlas 800T A2, air-cooled"),
    mark("parts", "4× MLU370-X8 8-card server, air-cooled"),
    mark("parts", "4× MLU590 8-OAM server, air-cooled"),
    mark("parts", "4× Hygon K100-AI 8-card server, air-cooled"),
    mark("parts", "4× Kunlunxin P800 8-OAM server, air-cooled"),
    mark("parts", "4× Moore Threads MCCX D800, air-cooled"),
    mark("parts", "4× MetaX C500 8-OAM server, air-cooled"),
    mark("parts", "4× Iluvatar BI-V100 8-card server, air-cooled"),
    mark("parts", "4× Biren Hearten BR100 server, air-cooled"),
)
"""The built-in rack types' names, as the catalog writes them."""


def rack_type_name(name: str, lang: str | None) -> str:
    """A rack type's ``name`` in ``lang``: the translation of a built-in rack type's
    name, any other name as written."""
    if name not in RACK_TYPE_NAMES:
        return generated_part_name(name, lang)
    return Translator(lang).translate("parts", name)


ACCELERATOR_NAMES: tuple[str, ...] = (
    mark("parts", "NVIDIA H100 SXM5 80 GB"),
    mark("parts", "NVIDIA H200 SXM 141 GB"),
    mark("parts", "NVIDIA B200 (HGX B200 / DGX B200)"),
    mark("parts", "NVIDIA B200 GPU of a GB200 superchip (NVL72)"),
    mark("parts", "AMD Instinct MI300X"),
    mark("parts", "Huawei Ascend 910B"),
    mark("parts", "Huawei Ascend 910C"),
    mark("parts", "Generic host endpoint (nominal, one per classic host)"),
    mark("parts", "NVIDIA A100 SXM4 80 GB"),
    mark("parts", "NVIDIA A800 SXM4 80 GB (China market)"),
    mark("parts", "NVIDIA H800 SXM5 80 GB (China market)"),
    mark("parts", "NVIDIA H20 96 GB (China market)"),
    mark("parts", "Cambricon MLU370-X8 48 GB (PCIe, two chips)"),
    mark("parts", "Cambricon MLU590 (OAM)"),
    mark("parts", "Hygon DCU K100-AI 64 GB"),
    mark("parts", "Kunlunxin P800 (XPU-P, OAM)"),
    mark("parts", "Moore Threads MTT S4000 48 GB"),
    mark("parts", "MetaX Xiyun C500 64 GB (OAM)"),
    mark("parts", "Iluvatar CoreX Tiangai 100 (BI-V100) 32 GB"),
    mark("parts", "Biren BR100 64 GB (OAM)"),
)
"""The built-in accelerators' names, as the catalog writes them."""


def accelerator_name(name: str, lang: str | None) -> str:
    """An accelerator's ``name`` in ``lang``: the translation of a built-in
    accelerator's name, any other name as written."""
    if name not in ACCELERATOR_NAMES:
        return generated_part_name(name, lang)
    return Translator(lang).translate("parts", name)


SWITCH_NAMES: tuple[str, ...] = (
    mark("parts", "NVIDIA Quantum-2 QM9700 (NDR InfiniBand)"),
    mark("parts", "NVIDIA Spectrum-4 SN5600 (800GbE)"),
    mark("parts", "51.2 Tb/s Tomahawk 5-class Ethernet switch (64 × 800G)"),
    mark("parts", "NVIDIA Quantum-X800 Q3400 (XDR InfiniBand)"),
    mark("parts", "Generic 48-port 10G commodity switch (nominal)"),
    mark("parts", "Generic 64-port 100G commodity switch (nominal)"),
    mark("parts", "Huawei CloudEngine XH-series box, 64 × 400GE (25.6 Tb/s class)"),
    mark("parts", "Huawei CloudEngine XH-series box, 64 × 800GE (51.2 Tb/s class)"),
    mark("parts", "H3C S9825-64D (64 × 400G, 25.6 Tb/s)"),
    mark("parts", "H3C S9827-128DH (128 × 400G, 51.2 Tb/s)"),
    mark("parts", "H3C S9827-64EP (64 × 800G, 51.2 Tb/s)"),
    mark("parts", "Ruijie RG-S6980-64QC (64 × 400G, 25.6 Tb/s)"),
    mark("parts", "Ruijie RG-S6990-128QC2XS (128 × 400G, 51.2 Tb/s)"),
)
"""The built-in switch models' names, as the catalog writes them."""

SERVER_NAMES: tuple[str, ...] = (
    mark("parts", "NVIDIA DGX H100"),
    mark("parts", "NVIDIA DGX H200"),
    mark("parts", "NVIDIA DGX B200"),
    mark("parts", "HGX H100 8-GPU server (OEM class)"),
    mark("parts", "NVIDIA GB200 NVL72 compute tray"),
    mark("parts", "Huawei CloudMatrix384 Ascend 910C server"),
    mark("parts", "AMD Instinct MI300X platform server (8 OAM)"),
    mark("parts", "Generic host, one NIC (nominal)"),
    mark("parts", "NVIDIA DGX A100 (640 GB)"),
    mark("parts", "Inspur NF5688M6, 8× A800 SXM4"),
    mark("parts", "Inspur NF5688G7, 8× H800 SXM5"),
    mark("parts", "H3C UniServer R5500 G6, 8× H20"),
    mark("parts", "Huawei Atlas 800T A2 (8× Ascend 910B)"),
    mark("parts", "Cambricon MLU370-X8 8-card PCIe server (OEM class)"),
    mark("parts", "Cambricon MLU590 8-OAM server (OEM class)"),
    mark("parts", "Hygon DCU K100-AI 8-card server (OEM class)"),
    mark("parts", "Kunlunxin P800 8-OAM server (OEM class)"),
    mark("parts", "Moore Threads MCCX D800 (8× MTT S4000)"),
    mark("parts", "MetaX C500 8-OAM server (OEM class)"),
    mark("parts", "Iluvatar CoreX BI-V100 8-card PCIe server (OEM class)"),
    mark("parts", "Biren Hearten 8× BR100 OAM server"),
)
"""The built-in servers' names, as the catalog writes them (the workbook's bill of
materials lists servers)."""

MEDIUM_NAMES: tuple[str, ...] = (
    mark("parts", "400G passive copper (DAC)"),
    mark("parts", "400G active optical cable (AOC)"),
    mark("parts", "200G active optical cable (AOC)"),
    mark("parts", "400G OSFP multimode optics (SR4), per link end"),
    mark("parts", "400G OSFP single-mode optics (DR4), per link end"),
    mark("parts", "800G OSFP optics (2×DR4 / SR8), per link end"),
    mark("parts", "800G passive copper (DAC)"),
    mark("parts", "Generic 10G optics (SFP+ SR), per link end (nominal)"),
    mark("parts", "400G single-mode optics (FR4), per link end"),
    mark("parts", "400G single-mode optics (LR4), per link end"),
    mark("parts", "800G multimode optics (SR8), per link end"),
    mark("parts", "800G single-mode optics (2xFR4), per link end"),
    mark("parts", "800G single-mode optics (2xLR4), per link end"),
    mark("parts", "800G active optical cable (AOC)"),
)
"""The built-in link media's names, as the catalog writes them."""

GENERATED_NAMES: tuple[str, ...] = (
    mark("parts", "Generic {radix}-port {speed}G switch (nominal)"),
    mark("parts", "Generic {speed}G optics, per link end (nominal)"),
    mark("parts", "Generic host, one {speed}G NIC (nominal)"),
    mark("parts", "Generic host rack, {hosts} one-NIC {speed}G hosts (nominal)"),
    mark("parts", "{rack}, {servers} servers per rack"),
    mark("parts", "HPN host: 8× H800, 8 dual-port 2×200G NICs (16 ports)"),
    mark("parts", "4× HPN host (H800), air-cooled"),
)
"""The names of the parts a template makes (:mod:`model.catalog`'s generic parts at
other sizes, a rack type with another server count, the HPN host), each field a
number except ``{rack}``, a built-in rack type's name said in the same language."""

_FIELD = re.compile(r"\{(\w+)\}")


@cache
def _pattern(source: str) -> re.Pattern[str]:
    """``source`` as a regular expression: ``{rack}`` any text, other fields numbers."""
    out, at = "", 0
    for found in _FIELD.finditer(source):
        field = ".+" if found.group(1) == "rack" else r"\d+(?:\.\d+)?"
        out += re.escape(source[at:found.start()]) + f"(?P<{found.group(1)}>{field})"
        at = found.end()
    return re.compile(out + re.escape(source[at:]))


def generated_part_name(name: str, lang: str | None) -> str:
    """The ``name`` of a part a template made (:data:`GENERATED_NAMES`) in ``lang``; any
    other name as written."""
    t = Translator(lang)
    if t.lang == "en":
        return name
    for source in GENERATED_NAMES:
        found = _pattern(source).fullmatch(name)
        if found:
            values = found.groupdict()
            if "rack" in values:
                values["rack"] = rack_type_name(values["rack"], lang)
            return t.translate("parts", source).format(**values)
    return name


_LISTED = frozenset((*RACK_TYPE_NAMES, *ACCELERATOR_NAMES, *SWITCH_NAMES, *SERVER_NAMES,
                     *MEDIUM_NAMES))


def part_name(name: str, lang: str | None) -> str:
    """Any catalog part's ``name`` in ``lang`` (a rack type, accelerator, server,
    switch model or link medium): the translation of a built-in part's name, any other
    name (a part of the user's own catalog) as written. The bills of materials of the
    Chinese PDF report and workbook name their parts so."""
    if name not in _LISTED:
        return generated_part_name(name, lang)
    return Translator(lang).translate("parts", name)


@dataclass(frozen=True)
class PartName(Localized):
    """A catalog part's name held by a message (a problem naming a medium or a switch
    model): rendered in the reader's language as :func:`part_name` says it, so a
    problem computed in the engine reads in Chinese in a Chinese window."""

    name: str

    def in_language(self, lang: str) -> str:
        """The name in ``lang``."""
        return part_name(self.name, lang)

    def __str__(self) -> str:
        return self.name


VENDOR_NAMES: tuple[str, ...] = (
    mark("parts", "Huawei"),
    mark("parts", "Ruijie"),
    mark("parts", "generic"),
    mark("parts", "generic (Broadcom Tomahawk 5)"),
)
"""The built-in switch models' vendors that read differently in another language (H3C
and NVIDIA are written as they are everywhere)."""


def vendor_name(vendor: str, lang: str | None) -> str:
    """A switch model's ``vendor`` in ``lang`` (华为, 锐捷, 通用), any other as written."""
    if vendor not in VENDOR_NAMES:
        return vendor
    return Translator(lang).translate("parts", vendor)
