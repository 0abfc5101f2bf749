"""Benchmarks (run as scripts: `python bench/<name>.py`); shared workloads in `workloads.py`."""
