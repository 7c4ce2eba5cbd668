"""Deterministic planner, evaluator and synthesizer for offline mode (no API key)."""
