"""The Streamlit page, split into small rendering modules."""
