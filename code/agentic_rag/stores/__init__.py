"""The three data stores (SQLite, ChromaDB, FalkorDB): building, opening, describing."""
