"""The SuperPOD template's refusal names its switch model in the reader's language
(issue #15: a Chinese message quoted "NVIDIA Quantum-2 QM9700 (NDR InfiniBand)")."""

from __future__ import annotations

import pytest

from model.errors import DesignError
from model.i18n import error_text
from model.templates import template


def test_too_many_sus_names_the_switch_in_chinese() -> None:
    with pytest.raises(DesignError) as refused:
        template("superpod").build(sus=65, system="dgx-h100")
    english = str(refused.value)
    assert "NVIDIA Quantum-2 QM9700 (NDR InfiniBand)" in english, english
    chinese = error_text(refused.value, "zh_CN")
    # i18n/model_zh_CN.ts's name of the part, written out by hand
    assert "NVIDIA Quantum-2 QM9700（NDR InfiniBand）" in chinese, chinese
    assert "(NDR InfiniBand)" not in chinese
