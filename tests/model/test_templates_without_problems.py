"""Every template at its default parameters draws a design the checks pass without an
error or a warning: a published design, drawn as published, is not a problem. Two
templates used to draw 200G host links on 400G active optical cables (a
``medium-speed-mismatch`` warning, since a cable of one rate does not carry links of
another), and Alibaba HPN's 15 : 1 toward the core, the paper's own choice, was
warned as oversubscribed against the default limit of 8."""

from __future__ import annotations

import pytest

from model.metrics import Engine
from model.templates import TEMPLATES


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_template_defaults_have_no_problems(name: str) -> None:
    design = TEMPLATES[name].build()
    problems = Engine().compute_all(design).problems
    assert [(p.code, p.element_id) for p in problems] == []


@pytest.mark.parametrize("name", ["alibaba-hpn", "megascale"])
def test_200g_host_links_run_on_a_200g_medium(name: str) -> None:
    design = TEMPLATES[name].build()
    slow = [b for b in design.bundles.values() if b.speed_gbps == 200]
    assert slow, "the published design has 200G host links"
    for bundle in slow:
        assert bundle.medium is not None
        medium = design.catalog.medium(bundle.medium)
        assert medium is not None and medium.speed_gbps == 200


def test_alibaba_core_limit_is_the_papers_ratio() -> None:
    """Qian et al. (SIGCOMM 2024): 15 : 1 between a pod's aggregation and the core."""
    design = TEMPLATES["alibaba-hpn"].build()
    assert design.settings.oversubscription_threshold == 15
