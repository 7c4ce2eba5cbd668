"""Benchmarks (`make bench`): figures and ratios printed, never asserted in tests."""
