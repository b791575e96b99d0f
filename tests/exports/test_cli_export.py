"""``python main.py export`` end to end, in a fresh process with no display: every format
written and read back, figures equal to the hand counts of the small design."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

from model.fileformat import save_design
from tests.exports.designs import small_design

REPO = Path(__file__).resolve().parents[2]


def run_export(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    return subprocess.run([sys.executable, str(REPO / "main.py"), "export", *args],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
                          check=False)


def test_every_format_in_one_run_without_a_display(tmp_path: Path) -> None:
    design = tmp_path / "small.json"
    save_design(small_design(), design)
    out = {kind: tmp_path / f"out.{kind}" for kind in
           ("png", "svg", "pdf", "json", "csv", "bom", "graphml")}
    result = run_export(str(design), "--width", "800",
                        *(arg for kind, path in out.items() for arg in (f"--{kind}", str(path))))
    assert result.returncode == 0, result.stderr
    assert "out.png (800×" in result.stdout

    report = json.loads(out["json"].read_text(encoding="utf-8"))
    assert report["accelerators"] == 64
    assert report["switches"] == {"Leaf": 8, "Spine": 4}
    assert report["bisection"]["gbps"] == 12_800
    assert report["bisection"]["exact"] is True
    assert report["hops"]["histogram"] == {"1": 224, "3": 1568}
    assert report["hops"]["scale_up_pairs"] == 224
    hall = report["power"]["Hall A"]
    # 8 servers × 10 kW + 12 switches × 2 kW + 128 modules × 12 W; × PUE 1.25
    assert abs(hall["it_kw"] - 105.536) < 1e-9
    assert abs(hall["facility_kw"] - 131.92) < 1e-9

    with open(out["bom"], encoding="utf-8", newline="") as stream:
        bom = [(r["category"], r["name"], int(r["quantity"])) for r in csv.DictReader(stream)]
    # 2 racks × 4 servers; 8 + 4 switches; 64 optical links × 2 modules; 64 DAC cables
    assert bom == [("servers", "Test server", 8), ("switches", "Switch 64×400G", 12),
                   ("optics", "Optics 400G", 128), ("cables", "DAC 400G", 64),
                   ("racks", "Test rack", 2)]

    with open(out["csv"], encoding="utf-8", newline="") as stream:
        rows = {(r["section"], r["item"], r["field"]): r["value"]
                for r in csv.DictReader(stream)}
    assert rows[("hops", "histogram/3", "pairs")] == "1568"
    assert rows[("switches", "Spine", "count")] == "4"

    assert out["png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert b"Hall A" in out["svg"].read_bytes()
    assert out["pdf"].read_bytes()[:5] == b"%PDF-"
    assert out["graphml"].stat().st_size > 0


def test_nothing_to_export_and_bad_files_are_one_line_errors(tmp_path: Path) -> None:
    design = tmp_path / "small.json"
    save_design(small_design(), design)
    nothing = run_export(str(design))
    assert nothing.returncode == 2
    assert "say what to export" in nothing.stderr
    missing = run_export(str(tmp_path / "missing.json"), "--json", str(tmp_path / "m.json"))
    assert missing.returncode == 2
    assert missing.stderr.startswith("error: ") and "missing.json" in missing.stderr
    assert "Traceback" not in missing.stderr
    nowhere = run_export(str(design), "--bom", str(tmp_path / "no" / "b.csv"))
    assert nowhere.returncode == 2
    assert "does not exist" in nowhere.stderr
    width_alone = run_export(str(design), "--width", "300", "--json", str(tmp_path / "m.json"))
    assert width_alone.returncode == 2
    assert "--png" in width_alone.stderr


def test_export_json_is_exactly_what_report_json_prints(tmp_path: Path) -> None:
    design = tmp_path / "small.json"
    save_design(small_design(), design)
    out = tmp_path / "m.json"
    assert run_export(str(design), "--json", str(out)).returncode == 0
    report = subprocess.run([sys.executable, str(REPO / "main.py"), "report", str(design),
                             "--json"], cwd=REPO, capture_output=True, text=True,
                            timeout=300, check=True)
    # report --json adds the N−1 table (key n_minus_1, docs/whatif.md) last; the rest is
    # the exported metrics, byte for byte
    head, sep, _table = report.stdout.rpartition(',\n  "n_minus_1": ')
    assert sep and head + "\n}\n" == out.read_text(encoding="utf-8")


def test_a_chinese_pdf_draws_its_canvas_in_chinese(tmp_path: Path) -> None:
    """`export --pdf --lang zh_CN` drew the report's canvas with the English interface:
    "IT 8.7 MW of 20.0 MW (43%) · facility 11.3 MW" over each building of the Chinese
    example (walk of issue #15)."""
    import re

    from pypdf import PdfReader

    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "report.pdf"
    done = run_export(str(root / "docs/zh/examples/异构园区.json"), "--pdf", str(out),
                      "--lang", "zh_CN")
    assert done.returncode == 0, done.stderr
    first = re.sub(r"\s+", "", PdfReader(out).pages[0].extract_text())
    assert "facility" not in first and " of " not in PdfReader(out).pages[0].extract_text()
    assert re.search(r"IT8\.7MW/20\.0MW（43%）·设施11\.3MW", first), first[:400]
