"""The designer's workbench: seeded batch simulation, balance reports, A/B variants, tournaments.

``dreamtable simulate``, ``dreamtable report`` and ``dreamtable tournament`` are thin wrappers
over :mod:`.simulate`, :mod:`.report` and :mod:`.tournament`.
"""
