"""A bundle whose links no longer run at its medium's rate (200G links on 400G optics)
is a problem named in words; a matching or absent medium is none."""

from __future__ import annotations

from model.catalog import load_builtin_catalog
from model.media_reach import reach_problems
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


def test_the_medium_and_switch_are_named_in_the_readers_language() -> None:
    """Seen under Xvfb (issue #15): in a Chinese window the mismatch quoted the
    medium's catalog English ("400G OSFP multimode optics (SR4), per link end") inside
    a Chinese sentence, where the inspector and the bill name it in Chinese. The
    medium's name is rendered as the message is, in the reader's language; the English
    message stays as it was, and a problem still crosses the engine's process boundary."""
    import pickle
    from pathlib import Path

    from model.i18n import read_catalog

    zh = read_catalog(Path(__file__).resolve().parents[2] / "i18n" / "model_zh_CN.ts")
    design = TEMPLATES["superpod"].build(sus=1, system="dgx-h100")
    design.update("su-1-rails", speed_gbps=200.0)
    design.update("su-1-leaf-spine", speed_gbps=800.0)
    (mismatch,) = mismatches(design)
    (too_slow,) = [p for p in structural_problems(design) if p.code == "medium-too-slow"]
    port = next(p for p in structural_problems(design) if p.code == "link-faster-than-port")
    design.update("su-1-rails", length_m=5000.0)  # the SR4 optics reach 50 m
    (short,) = reach_problems(design)
    for problem, english in (
            (port, "NVIDIA Quantum-2 QM9700 (NDR InfiniBand)"),
            (short, "400G OSFP multimode optics (SR4), per link end"),
            (mismatch, "400G OSFP multimode optics (SR4), per link end"),
            (too_slow, "400G OSFP single-mode optics (DR4), per link end")):
        chinese = problem.in_language("zh_CN")
        assert english in problem.message and english in problem.in_language("en")
        assert zh[("parts", english)] in chinese and english not in chinese, chinese
        assert pickle.loads(pickle.dumps(problem)) == problem
