"""Pure-Python reports of a design: metrics as JSON and CSV, the bill of materials as CSV,
and the expanded network as GraphML.

Every figure here is read from :class:`model.metrics.results.DesignMetrics` (or, for the
GraphML, from :func:`model.metrics.representation.graph.expand_network`); nothing is recomputed. The
GUI's export menu and ``python main.py export`` call these same functions.
"""
