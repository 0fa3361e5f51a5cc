"""Benchmarks of cursord: `python bench/run.py` (see bench/README.md)."""
