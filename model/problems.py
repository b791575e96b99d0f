"""Problems: what makes a design impossible or doubtful, each tied to its element.

A design with problems still opens, draws and computes; problems are listed, shown on the
canvas and make ``validate`` exit non-zero when any is an error. Structural problems come
from :func:`structural_problems`; the metrics add power and oversubscription problems.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    """An error makes the design unbuildable; a warning deserves a look."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One problem: ``code`` is stable for scripts, ``message`` is for people."""

    severity: Severity
    code: str
    element_id: str | None
    message: str

    def as_dict(self) -> dict[str, str | None]:
        """The problem as plain JSON data."""
        return {
            "severity": self.severity.value,
            "code": self.code,
            "element": self.element_id,
            "message": self.message,
        }


def structural_problems(design: object) -> list[Problem]:
    """Problems visible without computing metrics (missing parts, ports over a switch's
    radix, uneven or impossible links, unconnected elements); see
    :func:`model.metrics.structural_problems`."""
    from model.design import Design
    from model.metrics import structural_problems as check

    assert isinstance(design, Design)
    return check(design)
