"""Graph nodes: small async functions of state that return only the keys they change."""
