"""The Jobs dock edits micro batch, rank order and a custom model's shape, each Apply one
undoable edit through ``Design.set_jobs``, a refused shape explained in the form's words;
the core line shows what a job asks of the links between islands; the dock, with the
custom shape open, keeps every editor in reach at 1280×720."""

from __future__ import annotations

import pytest

from gui.jobs_dock import RANK_ORDER_WORDS
from model.jobs.job import Job, RankOrder
from model.jobs.presets import PRESETS, ModelShape
from tests.gui.conftest import rect_in, settle


def added(window):  # type: ignore[no-untyped-def]
    dock = window.jobs_dock
    dock.add_job()
    return dock, window.document


def test_micro_batch_and_rank_order_are_one_undoable_edit(window) -> None:  # type: ignore[no-untyped-def]
    dock, doc = added(window)
    dock.degrees["dp"].setValue(8)
    dock.global_batch.setValue(64)
    dock.micro_batch.setValue(4)
    dock.rank_order.setCurrentIndex(dock.rank_order.findData("tp-cp-dp-pp"))
    assert dock.rank_order.currentText() == RANK_ORDER_WORDS[RankOrder.TP_CP_DP_PP]
    steps = doc.undo_stack.count()
    assert dock.apply_form()
    job = doc.design.jobs[0]
    assert (job.micro_batch, job.rank_order, job.dp) == (4, RankOrder.TP_CP_DP_PP, 8)
    assert job.microbatches == 64 // (8 * 4)
    assert doc.undo_stack.count() == steps + 1
    doc.undo_stack.undo()
    job = doc.design.jobs[0]
    assert (job.micro_batch, job.rank_order) == (1, RankOrder.TP_CP_PP_DP)
    assert dock.micro_batch.value() == 1  # the form follows the undo
    assert dock.rank_order.currentData() == "tp-cp-pp-dp"
    doc.undo_stack.redo()
    assert doc.design.jobs[0].micro_batch == 4
    assert dock.micro_batch.value() == 4


def test_a_micro_batch_the_batch_cannot_hold_is_refused(window) -> None:  # type: ignore[no-untyped-def]
    dock, doc = added(window)
    steps = doc.undo_stack.count()
    dock.micro_batch.setValue(3)  # 1,024 sequences are not a multiple of DP 1 × 3
    assert not dock.apply_form()
    assert "multiple of DP × micro batch = 1 × 3" in dock.error.text()
    assert doc.design.jobs[0].micro_batch == 1 and doc.undo_stack.count() == steps


def test_a_custom_shape_starts_from_the_preset_and_is_undoable(window) -> None:  # type: ignore[no-untyped-def]
    dock, doc = added(window)
    form = dock.shape_form
    assert form.isHidden()
    dock.model.setCurrentIndex(dock.model.findData("custom"))
    assert not form.isHidden()
    # Llama 3 8B as Meta's Table 3 gives it: 32 layers, 4,096 hidden, 32 heads, 8 KV.
    assert (form.layers.value(), form.hidden.value(), form.heads.value(),
            form.kv_heads.value(), form.vocabulary.value()) == (32, 4096, 32, 8, 128_000)
    assert form.parameters.value() == 8.0
    form.parameters.setValue(13.5)
    form.active_parameters.setValue(13.5)
    form.layers.setValue(40)
    form.hidden.setValue(5120)
    form.heads.setValue(40)
    assert dock.apply_form(), dock.error.text()
    job = doc.design.jobs[0]
    assert job.model == "custom" and job.custom_model is not None
    shape = job.custom_model
    assert (shape.parameters, shape.layers, shape.hidden, shape.heads, shape.kv_heads) == (
        13.5e9, 40, 5120, 40, 8)
    assert shape.sequence_length == job.sequence_length
    assert doc.undo_stack.undoText() == f"Change job {job.name!r}"
    doc.undo_stack.undo()
    assert doc.design.jobs[0].model == "llama3-8b"
    assert doc.design.jobs[0].custom_model is None
    assert form.isHidden() and dock.model.currentData() == "llama3-8b"
    doc.undo_stack.redo()
    assert doc.design.jobs[0].custom_model == shape
    assert not form.isHidden() and form.layers.value() == 40


def test_a_mixture_of_experts_shape_takes_ep(window) -> None:  # type: ignore[no-untyped-def]
    dock, doc = added(window)
    form = dock.shape_form
    dock.model.setCurrentIndex(dock.model.findData("custom"))
    form.parameters.setValue(40)
    form.active_parameters.setValue(6)
    form.experts.setValue(16)
    form.top_k.setValue(2)
    form.moe_layers.setValue(32)
    form.expert_parameters.setValue(32)
    dock.degrees["dp"].setValue(8)
    dock.degrees["ep"].setValue(4)
    assert dock.apply_form(), dock.error.text()
    job = doc.design.jobs[0]
    assert job.ep == 4 and job.shape.is_moe
    assert (job.shape.experts, job.shape.experts_per_token) == (16, 2)
    assert job.shape.active_parameters == 6e9


@pytest.mark.parametrize(("edit", "words"), [
    ({"kv_heads": 7}, "custom model: KV heads must divide heads"),
    ({"experts": 8}, "needs 1 ≤ top-k ≤ experts"),
    ({"active_parameters": 9.0}, "custom model: active params exceed the model's parameters"),
    ({"top_k": 2}, "top-k, MoE layers and expert params need experts"),
])
def test_a_refused_shape_is_explained_and_changes_nothing(
        window, edit: dict[str, float], words: str) -> None:  # type: ignore[no-untyped-def]
    dock, doc = added(window)
    dock.model.setCurrentIndex(dock.model.findData("custom"))
    for name, value in edit.items():
        getattr(dock.shape_form, name).setValue(value)
    steps = doc.undo_stack.count()
    before = doc.design.jobs
    assert not dock.apply_form()
    assert words in dock.error.text()
    assert doc.design.jobs == before and doc.undo_stack.count() == steps


def test_a_custom_shape_from_a_file_keeps_its_exact_figures(window) -> None:  # type: ignore[no-untyped-def]
    """The editors round parameters to a million; a shape the form did not touch keeps
    the file's figures when another field is applied."""
    doc = window.document
    shape = ModelShape(id="custom", name="Odd", parameters=8.123456789e9,
                       active_parameters=8.123456789e9, layers=30, hidden=4096, heads=32,
                       kv_heads=8, vocabulary=32_000, sequence_length=4096, source="a file")
    design = doc.design.copy()
    design.set_jobs((Job(id="j", name="Odd job", model="custom", custom_model=shape,
                         tokens=1e11, global_batch=64, sequence_length=4096, tp=8),))
    doc.load(design)
    dock = window.jobs_dock
    assert dock.model.currentData() == "custom" and not dock.shape_form.isHidden()
    dock.micro_batch.setValue(2)
    assert dock.apply_form(), dock.error.text()
    job = doc.design.jobs[0]
    assert job.micro_batch == 2 and job.custom_model == shape


def test_the_core_line_says_what_dp_asks_of_the_islands(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Two islands of 2 servers, one 400G uplink each: 8 DP rings need 8 × 400 Gb/s of
    the 400 Gb/s between them, 8 times their share."""
    from tests.model.jobs_fixtures import campus

    design = campus(islands=2, servers=[2], uplinks=1)
    design.set_jobs((Job(id="a", name="Across", model="llama3-8b", tokens=1e11,
                         global_batch=64, sequence_length=4096, tp=8, dp=4),))
    window.document.load(design)
    dock = window.jobs_dock
    qtbot.waitUntil(lambda: "a" in dock.results, timeout=15_000)
    assert ("Core: DP is limited by i1 ↔ i2 (the pair at 16:1): it needs 8× its share"
            in dock.summary.text())
    window.document.undo_stack.setClean()


# ------------------------------------------------------------ 1280 × 720
def test_every_job_editor_is_in_reach_at_1280_by_720(laptop) -> None:
    dock = laptop.jobs_dock
    laptop.docks["jobs"].raise_()
    dock.add_job()
    dock.model.setCurrentIndex(dock.model.findData("custom"))
    settle()
    assert (laptop.width(), laptop.height()) == (1280, 720)
    hint = laptop.minimumSizeHint()
    assert hint.height() <= 720 and hint.width() <= 1280
    scroll = dock.form_scroll
    viewport = scroll.viewport()
    assert laptop.rect().contains(rect_in(laptop.docks["jobs"], laptop))
    editors = [dock.name, dock.model, *dock.shape_form.rows().values(), dock.tokens,
               dock.global_batch, dock.micro_batch, dock.sequence, *dock.degrees.values(),
               dock.mfu, dock.virtual_stages, dock.rank_order, dock.hosts,
               dock.apply_button]
    for editor in editors:
        # the form is more than a short panel holds: an editor may be scrolled to (the
        # panel never scrolls sideways, so widths stay checked)
        top = editor.mapTo(scroll.widget(), editor.rect().topLeft()).y()
        scroll.verticalScrollBar().setValue(top - 20)
        settle()
        assert editor.isVisible()
        box = rect_in(editor, viewport)
        assert viewport.rect().contains(box), f"{editor} at {box} outside {viewport.rect()}"
        assert box.width() >= 40, f"{editor} is {box.width()} px wide"
    for row in PRESETS:  # the preset names fit the model list
        assert dock.model.findData(row) >= 0


def test_fresh_figures_leave_what_is_being_typed(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Figures arriving from a plan show themselves, and leave the form as typed."""
    from model.metrics import compute_all

    dock, doc = added(window)
    dock.model.setCurrentIndex(dock.model.findData("custom"))
    dock.shape_form.layers.setValue(40)
    dock.micro_batch.setValue(2)
    with qtbot.waitSignal(dock.figures_shown, timeout=15_000):
        dock.show_metrics(compute_all(doc.design.copy()))
    assert "days to train" in dock.summary.text()
    assert dock.micro_batch.value() == 2 and dock.shape_form.layers.value() == 40
    assert not dock.shape_form.isHidden()
