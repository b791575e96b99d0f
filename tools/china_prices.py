"""One-off merge helper for issue #21's catalog parts and the price work (branch h9).

h9 gives every shipped server, rack type, switch and medium a ``price`` (US dollars,
source, date, estimate) and tests that each has one. The parts issue #21 added (Chinese
servers, racks and switches) were written before ``price`` existed on main, so they
carry none. Once both are merged, run ``python tools/china_prices.py`` from anywhere: it
adds a price (all but one marked estimate, each with its source) to those parts and their
rows to the "## Prices" table of docs/catalog.md; then delete this file. h9's test that
counts the priced parts (36) must then count 69. Running it twice changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CATALOG = ROOT / "resources" / "catalog"

NO_PRICE = "Estimate: no public price; order of magnitude of an 8-{} server."
SERVERS: dict[str, tuple[int, str, str, bool]] = {
    "dgx-a100": (199_000, "NVIDIA's announced starting price of DGX A100 (US$199K, GTC,"
                 " May 2020).", "2020-05", False),
    "inspur-nf5688m6-a800": (180_000, "Estimate: press reports of 8-GPU A800 servers"
                             " selling in China at about CNY 1.3M in 2023.", "2023-06", True),
    "inspur-nf5688g7-h800": (300_000, "Estimate: press reports of 8-GPU H800 servers in"
                             " China at CNY 2M or more in 2023.", "2023-09", True),
    "h3c-r5500g6-h20": (150_000, "Estimate: H20 reported at US$12-15K per GPU (2024 press"
                        " reports) plus an 8-GPU HGX chassis, CPUs, memory and NICs.",
                        "2024-06", True),
    "atlas-800t-a2": (140_000, "Estimate: no public price; press reports put the Ascend 910B"
                      " near CNY 120K per module (2024), plus the server.", "2024-06", True),
    "mlu370-x8-server": (60_000, NO_PRICE.format("card PCIe"), "2024-01", True),
    "mlu590-server": (120_000, NO_PRICE.format("OAM training"), "2024-06", True),
    "hygon-k100-server": (80_000, NO_PRICE.format("card PCIe training"), "2024-06", True),
    "kunlunxin-p800-server": (120_000, NO_PRICE.format("OAM training"), "2025-01", True),
    "mccx-d800": (100_000, NO_PRICE.format("card training"), "2024-01", True),
    "metax-c500-server": (100_000, NO_PRICE.format("OAM training"), "2024-06", True),
    "iluvatar-bi-v100-server": (50_000, NO_PRICE.format("card PCIe"), "2024-01", True),
    "biren-br100-server": (120_000, NO_PRICE.format("OAM training"), "2024-01", True),
}
RACK = (6_000, "Estimate: a 42-48U enclosure with two PDUs (vendor list prices of the"
        " class, US$4-8K), as the other air-cooled racks.", "2024-01", True)
RACKS = [f"{server}-x4" for server in SERVERS]
SWITCH_25T = (20_000, "Estimate of a 25.6 Tb/s (64 × 400G) data-centre switch without"
              " optics (white-box and vendor pricing reported by analysts, 2023).",
              "2023-06", True)
SWITCH_51T = (35_000, "Estimate of a 51.2 Tb/s data-centre switch without optics, as"
              " th5-51t (analyst-reported pricing, 2024).", "2024-06", True)
SWITCHES = {
    "huawei-ce-xh-64x400g": SWITCH_25T, "h3c-s9825-64d": SWITCH_25T,
    "ruijie-rg-s6980-64qc": SWITCH_25T, "huawei-ce-xh-64x800g": SWITCH_51T,
    "h3c-s9827-128dh": SWITCH_51T, "h3c-s9827-64ep": SWITCH_51T,
    "ruijie-rg-s6990-128qc2xs": SWITCH_51T,
}
PRICES = {"servers": SERVERS, "rack_types": dict.fromkeys(RACKS, RACK),
          "switches": SWITCHES}
PER = {"servers": "server",
       "rack_types": "rack (enclosure, PDUs, in-rack parts that are not servers)",
       "switches": "switch, without optics"}


def price(usd: int, source: str, date: str, estimate: bool) -> dict[str, Any]:
    """The ``price`` object of a part."""
    out: dict[str, Any] = {"usd": usd, "source": source, "date": date}
    if estimate:
        out["estimate"] = True
    return out


def main() -> None:
    """Price the parts and list them in docs/catalog.md."""
    rows = []
    for section, prices in PRICES.items():
        path = CATALOG / f"{section}.json"
        data = json.loads(path.read_text("utf-8"))
        for part in data["parts"]:
            if part["id"] in prices and "price" not in part:
                part["price"] = price(*prices[part["id"]])
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
        for part_id, (usd, source, date, estimate) in prices.items():
            mark = " (est.)" if estimate else ""
            rows.append(f"| `{part_id}` | {usd:,.0f} | 0 | {PER[section]} | {date} |"
                        f" {source}{mark} |")
    doc = ROOT / "docs" / "catalog.md"
    head, sep, tail = doc.read_text("utf-8").partition("## Prices")
    if not sep:
        raise SystemExit("docs/catalog.md has no '## Prices' section: merge h9 first")
    lines = tail.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("| id |"))
    end = start
    while end + 1 < len(lines) and lines[end + 1].startswith("|"):
        end += 1
    table = "\n".join(lines[start:end + 1])
    lines[end + 1:end + 1] = [r for r in rows if r.split(" |")[0] + " |" not in table]
    doc.write_text(head + sep + "\n".join(lines), "utf-8")
    print(f"priced {len(rows)} parts")


if __name__ == "__main__":
    main()
