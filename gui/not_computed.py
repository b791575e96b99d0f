"""How the window says that the engine left figures out: a run works to a time budget
(:mod:`model.metrics.budget`) and names the figures it skipped, with the reason, in
:attr:`~model.metrics.results.DesignMetrics.not_computed`. A skipped figure is shown as
"not computed" with that reason, never as the zeros the engine fills it with.

Pure functions of the metrics (no Qt): the dock, its charts, the status bar and the PDF
report share these words.
"""

from __future__ import annotations

from model.metrics.results import DesignMetrics

FIGURE_WORDS: dict[str, str] = {
    "hops": "hops",
    "bisection": "bisection",
    "island_pairs": "bandwidth between islands",
    "building_pairs": "bandwidth between buildings",
}
"""The user's words for each figure the budget may leave out."""

NOT_COMPUTED = "not computed"
"""What a skipped figure shows instead of a number."""


def reason_of(metrics: DesignMetrics | None, figure: str) -> str | None:
    """Why ``figure`` (a key of :data:`FIGURE_WORDS`) was left out, starting with a
    capital ("Not computed: too large for the 48 s budget …"), or None when it was
    computed."""
    if metrics is None or figure not in metrics.not_computed:
        return None
    reason = metrics.not_computed[figure].strip() or NOT_COMPUTED
    if not reason.lower().startswith(NOT_COMPUTED):
        reason = f"{NOT_COMPUTED}: {reason}"
    return reason[0].upper() + reason[1:]


def status_text(metrics: DesignMetrics | None) -> str:
    """The status bar's line for figures the run left out ("" when none was):
    "Figures not computed: hops, bisection — too large for the 48 s budget"."""
    if metrics is None or not metrics.not_computed:
        return ""
    names = [FIGURE_WORDS.get(key, key.replace("_", " ")) for key in metrics.not_computed]
    reasons = {why.removeprefix(NOT_COMPUTED).lstrip(": ").split(" (")[0]
               for why in metrics.not_computed.values()}
    text = f"Figures not computed: {', '.join(names)}"
    if len(reasons) == 1 and (only := reasons.pop()):
        text += f" — {only}"
    return text


def status_tooltip(metrics: DesignMetrics | None) -> str:
    """One line per figure left out, with its whole reason (for the status bar's
    tooltip)."""
    if metrics is None:
        return ""
    return "\n".join(f"{FIGURE_WORDS.get(key, key)}: {why}"
                     for key, why in metrics.not_computed.items())


def failure_status(message: str) -> str:
    """The status bar's words for a run that brought no figures: the time limit
    ("Figures not computed: too large to compute within 60 s") said as such; any other
    failure "Metrics failed" (the dock and the tooltip carry the detail)."""
    marker = "too large to compute within"
    if marker in message:
        return "Figures not computed: " + message[message.index(marker):].rstrip(". ")
    return "Metrics failed"
