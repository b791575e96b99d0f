"""Why a figure was not computed, in the report's language.

The metrics engine names each figure it left out with a reason in English
(:attr:`~model.metrics.results.DesignMetrics.not_computed`, also a key of the JSON
report, which scripts read). The reasons come from two producers in
:mod:`model.metrics.budget` (:func:`~model.metrics.budget.too_large_reason` and
:func:`~model.metrics.budget.too_large_network`); this module reads them back into
messages, their figures kept as written, so a printed report can give them in another
language. A reason of any other form is shown as it is.
"""

from __future__ import annotations

import re

from model.i18n import Message, Translator, message

_NUMBER = r"[\d,.]+"

_BUDGET = re.compile(
    rf"not computed: too large for the (?P<budget_s>{_NUMBER}) s budget"
    rf"(?: \(estimated (?P<estimate_s>{_NUMBER}) s, (?P<left_s>{_NUMBER}) s left\))?")

_NETWORK = re.compile(
    rf"not computed: too large \((?P<links>{_NUMBER}) links, (?P<switches>{_NUMBER})"
    rf" switches, (?P<accelerators>{_NUMBER}) accelerators; the engine computes planes of"
    rf" up to (?P<max_links>{_NUMBER}) links, (?P<max_switches>{_NUMBER}) switches and"
    rf" (?P<max_accelerators>{_NUMBER}) accelerators\)")


def reason_message(reason: str) -> Message | None:
    """The reason as a message whose English rendering is ``reason`` itself, or None
    when it is not one the engine writes."""
    found = _BUDGET.fullmatch(reason)
    if found and found["estimate_s"] is not None:
        return message("reasons", "not computed: too large for the {budget_s} s budget"
                       " (estimated {estimate_s} s, {left_s} s left)", **found.groupdict())
    if found:
        return message("reasons", "not computed: too large for the {budget_s} s budget",
                       budget_s=found["budget_s"])
    found = _NETWORK.fullmatch(reason)
    if found:
        return message("reasons", "not computed: too large ({links} links, {switches}"
                       " switches, {accelerators} accelerators; the engine computes planes"
                       " of up to {max_links} links, {max_switches} switches and"
                       " {max_accelerators} accelerators)", **found.groupdict())
    return None


def reason_text(reason: str, lang: str | None = None) -> str:
    """``reason`` in ``lang`` (English, unchanged, when None; as written when it is not a
    reason the engine writes)."""
    text = reason_message(reason)
    return reason if text is None else Translator(lang).render(text)
