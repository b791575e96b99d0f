"""Problems: what makes a design impossible or doubtful, each tied to its element.

A design with problems still opens, draws and computes; problems are listed, shown on the
canvas and make ``validate`` exit non-zero when any is an error. Structural problems come
from :func:`model.metrics.structural_problems`; the metrics add power and oversubscription
problems.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from model.i18n import Message


class Severity(StrEnum):
    """An error makes the design unbuildable; a warning deserves a look."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One problem: ``code`` is stable for scripts, ``message`` is for people (in
    English); ``text`` is the same message with its parameters, to be shown in another
    language (see :meth:`in_language`)."""

    severity: Severity
    code: str
    element_id: str | None
    message: str
    text: Message | None = None

    @classmethod
    def of(cls, severity: Severity, code: str, element_id: str | None,
           text: Message) -> Problem:
        """A problem whose message is ``text`` (its English rendering is ``message``)."""
        return cls(severity, code, element_id, text.render(), text)

    def in_language(self, lang: str | None) -> str:
        """The message in ``lang`` (``"zh_CN"``…; English when None)."""
        return self.message if self.text is None else self.text.render(lang)

    def as_dict(self) -> dict[str, str | None]:
        """The problem as plain JSON data."""
        return {
            "severity": self.severity.value,
            "code": self.code,
            "element": self.element_id,
            "message": self.message,
        }

