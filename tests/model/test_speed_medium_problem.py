"""A bundle whose links no longer run at its medium's rate (200G links on 400G optics)
is a problem named in words; a matching or absent medium is none."""

from __future__ import annotations

from model.catalog import load_builtin_catalog
from model.metrics import compute_all, structural_problems
from model.parts import Catalog
from model.templates import TEMPLATES


def mismatches(design) -> list:  # type: ignore[no-untyped-def, type-arg]
    return [p for p in structural_problems(design) if p.code == "medium-speed-mismatch"]


def test_slower_links_on_faster_optics_are_a_problem_in_words() -> None:
    design = TEMPLATES["superpod"].build(sus=1, system="dgx-h100")
    bundle = design.bundles["su-1-rails"]
    assert (bundle.speed_gbps, bundle.medium) == (400.0, "optical-400g-osfp")
    assert mismatches(design) == [], "400G links on 400G optics match"
    design.update("su-1-rails", speed_gbps=200.0)
    found = mismatches(design)
    assert [(p.severity.value, p.element_id) for p in found] == [
        ("warning", "su-1-rails")]
    assert found[0].message == (
        "Bundle 'SU 1 rails' runs 200 Gb/s links on 400G optics (400G OSFP"
        " multimode optics (SR4), per link end): choose a 200G medium or set the links"
        " to 400G")
    # The engine's full list carries it too (the problems panel shows that list).
    assert [p.code for p in compute_all(design, None).problems].count(
        "medium-speed-mismatch") == 1


def test_faster_links_or_no_medium_are_not_this_problem() -> None:
    design = TEMPLATES["superpod"].build(sus=1, system="dgx-h100")
    design.update("su-1-leaf-spine", speed_gbps=800.0)
    codes = [p.code for p in structural_problems(design) if p.element_id == "su-1-leaf-spine"]
    assert "medium-too-slow" in codes and "medium-speed-mismatch" not in codes
    design.update("su-1-leaf-spine", speed_gbps=200.0, medium=None)
    assert mismatches(design) == []
    dac = load_builtin_catalog().medium("dac-400g")
    assert dac is not None
    design.add_parts(Catalog(media=(dac,)))
    design.update("su-1-leaf-spine", medium="dac-400g")
    assert [p.message for p in mismatches(design)] == [
        "Bundle 'SU 1 leaf–spine' runs 200 Gb/s links on 400G cables (400G passive copper"
        " (DAC)): choose a 200G medium or set the links to 400G"]
