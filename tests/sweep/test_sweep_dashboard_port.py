"""A sweep's local cluster starts when Dask's usual dashboard port is taken (by a
notebook's cluster, or another sweep): the dashboard goes to a free port, with no
warning (the suite makes warnings errors, which is how a whole sweep module once failed
to start while another process held port 8787)."""

from __future__ import annotations

import socket
import warnings


def test_cluster_starts_while_port_8787_is_taken() -> None:
    from model.sweep_run import start_local_cluster

    holder = socket.socket()
    try:
        try:
            holder.bind(("0.0.0.0", 8787))
            holder.listen()
        except OSError:
            pass  # someone else holds it already: the case under test
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            cluster, client = start_local_cluster(1)
        try:
            assert client.submit(sum, [1, 2, 3]).result(timeout=60) == 6
        finally:
            client.close()
            cluster.close()
    finally:
        holder.close()
