"""Agentic RAG over a movie and TV catalog: plan, retrieve from three stores, check, answer."""

__version__ = "0.1.0"
