"""Streamlit entry point: `streamlit run code/streamlit_app.py` (or `make run`)."""

from agentic_rag.ui.app import main

main()
