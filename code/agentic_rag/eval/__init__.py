"""Golden-question evaluation: `python -m agentic_rag eval` (see docs/evaluation.md).

`golden` loads and validates the question set, `scoring` scores one answer, `harness` runs
the set through the real graph, `report` summarizes, compares and writes the run.
"""
