"""A link bundle with no medium is a warning named in words (issue #15's walk: a new
bundle's medium is "(none)" and its optics and cables silently cost nothing and draw
no power). What the warning says is checked to be true: the optics of the bundle's
links leave the power and the bill. Templates and the shipped example choose a medium
for every bundle, so none of them carries the warning."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.fileformat import load_design
from model.metrics import compute_all
from model.problems import Severity
from model.reports.bom import bom_rows
from model.templates import TEMPLATES
from tests.exports.designs import small_design

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "examples" / "campus-100k.json"


def test_a_bundle_without_a_medium_is_a_warning_in_words() -> None:
    design = small_design()
    healthy = compute_all(design)
    assert not [p for p in healthy.problems if p.code == "no-medium"]
    design.update("leaf-spine", medium=None)
    metrics = compute_all(design)
    (problem,) = [p for p in metrics.problems if p.code == "no-medium"]
    assert problem.severity is Severity.WARNING and problem.element_id == "leaf-spine"
    assert problem.message == ("Link bundle 'Leaf to spine' has no medium: its optics and"
                               " cables are not in the cost or power")
    assert problem.in_language("zh_CN") == (
        "链路束 'Leaf to spine' 未选择介质：其光模块和线缆未计入成本和功耗")
    # and so it is: 64 leaf–spine links × 2 ends × 12 W left the power (by hand)
    lost_kw = healthy.power.it_kw - metrics.power.it_kw
    assert lost_kw == pytest.approx(64 * 2 * 12 / 1000)
    assert [r[1] for r in bom_rows(design, metrics) if r[0] == "optics"] == []


@pytest.mark.parametrize("name", list(TEMPLATES))
def test_templates_choose_a_medium_for_every_bundle(name: str) -> None:
    design = TEMPLATES[name].build()
    assert [b.name for b in design.bundles.values() if not b.medium] == []


def test_the_example_has_no_bundle_without_a_medium() -> None:
    metrics = compute_all(load_design(EXAMPLE))
    assert [p.message for p in metrics.problems if p.code == "no-medium"] == []
