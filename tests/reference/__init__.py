"""Independent reference checks of the metrics engine.

``expand`` builds one networkx node per switch, accelerator and shared NIC straight from
the wiring definitions; ``slow_metrics`` computes hops (BFS from every accelerator),
the exact minimum balanced bisection (MILP, checked by enumeration and brute force),
pair capacities (min cut) and power (device by device) on it; ``builders`` and
``random_designs`` make designs through the model's own operations; ``compare`` reads
the engine's public records (``model.metrics.compute_all``) against all of that.

Run the quick suite with ``pytest tests/reference -m "not slow"``; the 200-example
comparisons are marked ``slow``.
"""
