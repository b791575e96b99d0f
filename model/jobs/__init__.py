"""Training jobs placed on the campus: model shapes, parallelism, placement, and the
step time each job gets on the design (see docs/jobs.md).

Import the submodules directly: :mod:`model.jobs.job` (the record a design holds) is
imported by :mod:`model.design`, so this package imports nothing itself.
"""
