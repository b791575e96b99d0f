"""The Jobs dock on the real window: adding and editing a job is one undoable step each,
the figures shown are the planner's for the design as it now is, they follow an edit of
the network, and a refused edit changes nothing."""

from __future__ import annotations

from gui.commands import UpdateElement
from model.jobs.step_time import plan_jobs
from model.metrics import compute_all


def fresh(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dock = window.jobs_dock
    qtbot.waitUntil(lambda: window.runner.is_current() and not dock._running
                    and bool(dock.results)
                    and all(j.id in dock.results for j in window.document.design.jobs),
                    timeout=15_000)


def test_add_edit_undo_and_live_figures(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    dock = window.jobs_dock
    doc = window.document
    assert window.docks["jobs"].windowTitle() == "Jobs"
    dock.add_job()
    assert [j.id for j in doc.design.jobs] == ["job-1"]
    assert doc.undo_stack.undoText() == "Add job 'Llama 3 8B #1'"
    # Edit through the form: TP 8 × DP 64 over 512 of the demo's 1,024 GPUs.
    dock.degrees["dp"].setValue(64)
    dock.global_batch.setValue(512)
    dock.recompute.setChecked(True)
    assert dock.apply_form()
    job = doc.design.jobs[0]
    assert (job.tp, job.dp, job.global_batch, job.recompute) == (8, 64, 512, True)
    with qtbot.waitSignal(dock.figures_shown, timeout=15_000):
        pass
    fresh(qtbot, window)
    expected = plan_jobs(doc.design, compute_all(doc.design.copy()))["job-1"]
    shown = dock.results["job-1"]
    assert not isinstance(shown, Exception) and not isinstance(expected, Exception)
    assert shown.days == expected.days
    assert f"{expected.days:,.1f} days to train" in dock.summary.text()
    assert "Limiting link:" in dock.summary.text()
    assert set(dock.bar.parts) >= {"compute"}
    before = shown.days
    # Halve every server's links: DP (across servers) gets slower, the figures follow.
    for island in ("hall-a-pod-1", "hall-a-pod-2", "hall-b-pod-1", "hall-b-pod-2"):
        bundle = doc.design.bundles[f"{island}-b1"]
        doc.execute(UpdateElement(doc.design, bundle.id, {"speed_gbps": bundle.speed_gbps / 4}))
    qtbot.waitUntil(window.runner.is_current, timeout=15_000)
    qtbot.waitUntil(lambda: not isinstance(dock.results.get("job-1"), type(None))
                    and dock.results["job-1"].days != before, timeout=15_000)
    assert dock.results["job-1"].days > before
    # Undo the link edits and the job edit: the job is back as it was added.
    for _ in range(5):
        doc.undo_stack.undo()
    assert doc.design.jobs[0].dp == 1
    doc.undo_stack.undo()
    assert doc.design.jobs == ()
    assert dock.jobs.count() == 0
    doc.undo_stack.redo()
    assert dock.jobs.count() == 1


def test_a_refused_edit_changes_nothing(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    dock = window.jobs_dock
    doc = window.document
    dock.add_job()
    steps = doc.undo_stack.count()
    dock.degrees["dp"].setValue(3)  # 1,024 sequences are not a multiple of 3
    assert not dock.apply_form()
    assert "multiple of DP" in dock.error.text()
    assert doc.design.jobs[0].dp == 1 and doc.undo_stack.count() == steps


def test_a_job_too_big_for_the_campus_says_so(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    dock = window.jobs_dock
    dock.add_job()
    dock.degrees["dp"].setValue(256)  # 2,048 accelerators on a 1,024 campus
    dock.global_batch.setValue(1024)
    assert dock.apply_form()
    qtbot.waitUntil(lambda: "job-1" in dock.results, timeout=15_000)
    assert dock.summary.text().startswith("Cannot run:")
    assert "2,048 accelerators" in dock.summary.text()


def test_jobs_through_the_real_engine_process_and_a_saved_file(real_window, qtbot,
                                                              tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The design with its jobs crosses to the engine process and back (pickled), the
    figures arrive, and the job is in the file saved from the window."""
    import json

    from model.fileformat import save_design

    window = real_window
    dock = window.jobs_dock
    dock.add_job()
    qtbot.waitUntil(lambda: "job-1" in dock.results, timeout=30_000)
    assert "days to train" in dock.summary.text()
    path = tmp_path / "with-job.json"
    save_design(window.document.design, path)
    assert json.loads(path.read_text(encoding="utf-8"))["jobs"][0]["model"] == "llama3-8b"
    assert window.answers.unexpected == []


def test_the_canvas_tints_the_hosts_and_outlines_the_limit(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Two islands joined by one 400G uplink each, a DP 4 job across them: both islands
    are tinted, and the DP ring's limit (the links between the islands) is outlined."""
    from model.jobs.job import Job
    from tests.model.jobs_fixtures import campus

    design = campus(islands=2, servers=[2], uplinks=1)
    design.set_jobs((Job(id="a", name="Across", model="llama3-8b", tokens=1e11,
                         global_batch=64, sequence_length=4096, tp=8, dp=4),))
    window.document.load(design)
    dock = window.jobs_dock
    qtbot.waitUntil(lambda: "a" in dock.results and dock.overlay is not None
                    and len(dock.overlay.marks) == 4, timeout=15_000)
    assert dock.selected_job() is not None
    tips = sorted((m.parentItem().element_id, m.toolTip()) for m in dock.overlay.marks)
    assert tips == [("i1", "Across: limited by the links leaving here"),
                    ("i1", "Across: runs here"),
                    ("i2", "Across: limited by the links leaving here"),
                    ("i2", "Across: runs here")]
    window.document.undo_stack.setClean()
