"""How the window says that the engine left figures out: a run works to a time budget
(:mod:`model.metrics.budget`) and names the figures it skipped, with the reason, in
:attr:`~model.metrics.results.DesignMetrics.not_computed`. A skipped figure is shown as
"not computed" with that reason, never as the zeros the engine fills it with.

Pure functions of the metrics (no widgets): the dock, its charts, the status bar and the PDF
report share these words.
"""

from __future__ import annotations

from gui.i18n import QT_TRANSLATE_NOOP, current_language, translate
from model.metrics.results import DesignMetrics
from model.reports.reasons import reason_text

FIGURE_WORDS: dict[str, str] = {
    "hops": QT_TRANSLATE_NOOP("NotComputed", "hops"),
    "bisection": QT_TRANSLATE_NOOP("NotComputed", "bisection"),
    "island_pairs": QT_TRANSLATE_NOOP("NotComputed", "bandwidth between islands"),
    "building_pairs": QT_TRANSLATE_NOOP("NotComputed", "bandwidth between buildings"),
}
"""The user's words for each figure the budget may leave out (English; translated when
shown)."""

NOT_COMPUTED = "not computed"
"""What a skipped figure shows instead of a number (the engine's words; the window shows
:func:`not_computed_text`)."""

TOO_LARGE_MARKER = QT_TRANSLATE_NOOP("NotComputed", "too large to compute within")
"""The words of a run given up at the time limit (:func:`gui.metrics_runner.too_large_message`
says them), in English; the translation of that message says their translation."""


def not_computed_text() -> str:
    """"not computed" in the interface language (what a skipped figure shows)."""
    return translate("NotComputed", "not computed")


def figure_word(figure: str) -> str:
    """The user's word for a figure the budget may leave out."""
    word = FIGURE_WORDS.get(figure)
    return translate("NotComputed", word) if word else figure.replace("_", " ")


def _whole_reason(why: str) -> str:
    """The engine's reason as it writes it, "not computed: …" (English)."""
    reason = why.strip() or NOT_COMPUTED
    return reason if reason.lower().startswith(NOT_COMPUTED) else f"{NOT_COMPUTED}: {reason}"


def _localized(why: str) -> str | None:
    """The engine's reason in the interface language, "未计算：…" whole, or None when it
    stays in English (English interface, or a reason the model cannot translate)."""
    whole = _whole_reason(why)
    text = reason_text(whole, current_language())
    return None if text == whole else text


def reason_of(metrics: DesignMetrics | None, figure: str) -> str | None:
    """Why ``figure`` (a key of :data:`FIGURE_WORDS`) was left out, starting with a
    capital ("Not computed: too large for the 48 s budget …"), in the interface
    language, or None when it was computed."""
    if metrics is None or figure not in metrics.not_computed:
        return None
    localized = _localized(metrics.not_computed[figure])
    if localized is not None:
        return localized
    reason = _whole_reason(metrics.not_computed[figure])
    return translate("NotComputed", "Not computed") + reason[len(NOT_COMPUTED):]


def _short_reason(why: str) -> str:
    """The reason without "not computed:" and without its parenthesis ("too large for
    the 48 s budget"), in the interface language."""
    localized = _localized(why)
    if localized is not None:
        return localized.split("：", 1)[-1].split("（")[0]
    return why.removeprefix(NOT_COMPUTED).lstrip(": ").split(" (")[0]


def status_text(metrics: DesignMetrics | None) -> str:
    """The status bar's line for figures the run left out ("" when none was):
    "Figures not computed: hops, bisection — too large for the 48 s budget"."""
    if metrics is None or not metrics.not_computed:
        return ""
    names = [figure_word(key) for key in metrics.not_computed]
    reasons = {_short_reason(why) for why in metrics.not_computed.values()}
    listed = translate("NotComputed", ", ").join(names)
    if len(reasons) == 1 and (only := reasons.pop()):
        return translate("NotComputed", "Figures not computed: {figures} — {reason}").format(
            figures=listed, reason=only)
    return translate("NotComputed", "Figures not computed: {figures}").format(figures=listed)


def status_tooltip(metrics: DesignMetrics | None) -> str:
    """One line per figure left out, with its whole reason (for the status bar's
    tooltip)."""
    if metrics is None:
        return ""
    return "\n".join(f"{figure_word(key)}: {_localized(why) or why}"
                     for key, why in metrics.not_computed.items())


def failure_status(message: str) -> str:
    """The status bar's words for a run that brought no figures: the time limit
    ("Figures not computed: too large to compute within 60 s") said as such; any other
    failure "Metrics failed" (the dock and the tooltip carry the detail)."""
    for marker in (translate("NotComputed", TOO_LARGE_MARKER), TOO_LARGE_MARKER):
        if marker in message:
            return translate("NotComputed", "Figures not computed: {reason}").format(
                reason=message[message.index(marker):].rstrip(". 。"))
    return translate("NotComputed", "Metrics failed")
