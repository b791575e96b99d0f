"""A local Dask cluster of two worker processes, shared by a module's tests and stopped
after them (starting one takes seconds; none may outlive the session)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    """A client of a LocalCluster with 2 worker processes of 1 thread each."""
    from model.sweep_run import start_local_cluster

    cluster, client = start_local_cluster(2)
    try:
        yield client
    finally:
        client.close()
        cluster.close()
