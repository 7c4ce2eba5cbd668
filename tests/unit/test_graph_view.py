"""Graph results read back into nodes and labelled edges, cut to a readable size."""

from __future__ import annotations

from agentic_rag.ui.graph_view import MAX_EDGES, sketch_result, to_dot


def _expand_row(title, relation, name, **extra):
    return {"show_id": "s1", "title": title, "relation": relation, "name": name,
            "related_show_id": extra.get("rid"), "related_title": extra.get("rtitle"),
            "via": None}  # fmt: skip


def test_graph_expand_rows_become_typed_nodes_and_edges():
    rows = [
        _expand_row("Inception", "directed_by", "Christopher Nolan"),
        _expand_row("Inception", "genre", "Thrillers"),
        _expand_row("Inception", "country", "United States"),
        _expand_row("Inception", "cast", "Leonardo DiCaprio"),
        _expand_row(
            "Inception", "shares_cast", "Leonardo DiCaprio", rid="s2", rtitle="Shutter Island"
        ),
    ]
    sketch = sketch_result({"tool": "graph_expand", "call_id": "2.1", "rows": rows})
    assert sketch is not None and sketch.cut == 0
    assert sketch.nodes == {
        "Person:Christopher Nolan": "Person",
        "Show:Inception": "Show",
        "Genre:Thrillers": "Genre",
        "Country:United States": "Country",
        "Person:Leonardo DiCaprio": "Person",
        "Show:Shutter Island": "Show",
    }
    assert ("Person:Christopher Nolan", "Show:Inception", "DIRECTED") in sketch.edges
    assert ("Show:Inception", "Genre:Thrillers", "IN_GENRE") in sketch.edges
    assert ("Person:Leonardo DiCaprio", "Show:Shutter Island", "ACTED_IN") in sketch.edges


def test_a_costar_query_labels_no_edge_from_its_pattern():
    """The co-star query's pattern `[:DIRECTED|ACTED_IN]` says what an edge may be; its rows
    (name, count, titles) do not say which, so no edge is labelled DIRECTED (issue 23)."""
    query = (
        "MATCH (a:Person {name: 'Leonardo DiCaprio'})-[:DIRECTED|ACTED_IN]->(s:Show)"
        "<-[:ACTED_IN]-(b:Person) WHERE b <> a RETURN b.name AS name, count(DISTINCT s) AS "
        "shared, collect(DISTINCT s.title) AS titles"
    )
    rows = [
        {"name": "Martin Sheen", "shared": 2, "titles": ["The Departed", "Catch Me If You Can"]}
    ]
    sketch = sketch_result({"tool": "cypher", "call_id": "1.1", "rows": rows, "query": query})
    assert sketch is not None
    assert ("Person:Martin Sheen", "Show:The Departed", "") in sketch.edges
    assert ("Person:Leonardo DiCaprio", "Show:Catch Me If You Can", "") in sketch.edges
    assert len(sketch.edges) == 4 and {label for *_, label in sketch.edges} == {""}


def test_a_director_query_labels_each_edge_by_its_returned_type():
    query = (
        "MATCH (p:Person {name: 'Christopher Nolan'})-[r:DIRECTED|ACTED_IN]->(s:Show) "
        "RETURN s.title AS title, p.name AS name, type(r) AS role"
    )
    rows = [{"title": "Inception", "name": "Christopher Nolan", "role": "DIRECTED"},
            {"title": "Cameo", "name": "Christopher Nolan", "role": "ACTED_IN"}]  # fmt: skip
    sketch = sketch_result({"tool": "cypher", "call_id": "1.1", "rows": rows, "query": query})
    assert sketch is not None
    assert sketch.edges == [
        ("Person:Christopher Nolan", "Show:Inception", "DIRECTED"),
        ("Person:Christopher Nolan", "Show:Cameo", "ACTED_IN"),
    ]


def test_returned_edges_join_the_nodes_they_name():
    a = {"id": 1, "labels": ["Person"], "name": "Nolan"}
    s = {"id": 2, "labels": ["Show"], "title": "Tenet"}
    rows = [{"s": s, "r": {"type": "DIRECTED", "src": 1, "dst": 2}, "p": a}]
    sketch = sketch_result({"tool": "cypher", "call_id": "1.1", "rows": rows, "query": ""})
    assert sketch is not None and sketch.edges == [("Person:Nolan", "Show:Tenet", "DIRECTED")]


def test_long_node_labels_wrap_whole_at_word_boundaries():
    title = "The Midnight Gospel of a Very Long Title That Goes On and On Past Sixty Characters"
    rows = [{"title": title, "name": "Someone", "role": "ACTED_IN"}]
    dot = to_dot(sketch_result({"tool": "cypher", "call_id": "1.1", "rows": rows, "query": ""}))
    label = next(line for line in dot.splitlines() if line.startswith(f'  "Show:{title}"'))
    shown = label.split("label=", 1)[1].split(", shape")[0].strip('"').split("\\n")
    assert " ".join(shown) == title and max(len(part) for part in shown) <= 24


def test_whole_nodes_and_role_columns():
    nodes = [{"p": {"id": 1, "labels": ["Person"], "name": "Nolan"},
              "s": {"id": 2, "labels": ["Show"], "title": "Tenet"}}]  # fmt: skip
    sketch = sketch_result({"tool": "cypher", "call_id": "1.1", "rows": nodes, "query": ""})
    assert sketch is not None and sketch.edges == [("Person:Nolan", "Show:Tenet", "")]
    roles = [{"title": "Inception", "name": "Christopher Nolan", "role": "DIRECTED"}]
    sketch = sketch_result({"tool": "cypher", "call_id": "1.1", "rows": roles, "query": ""})
    assert sketch is not None
    assert sketch.edges == [("Person:Christopher Nolan", "Show:Inception", "DIRECTED")]


def test_large_results_are_cut_with_a_count_and_non_graphs_are_none():
    rows = [_expand_row("Big Show", "cast", f"Actor {i}") for i in range(MAX_EDGES + 15)]
    sketch = sketch_result({"tool": "graph_expand", "call_id": "2.1", "rows": rows})
    assert sketch is not None and len(sketch.edges) == MAX_EDGES and sketch.cut == 15
    counts = [{"country": "India", "n": 3}]
    assert sketch_result({"tool": "cypher", "call_id": "1.1", "rows": counts}) is None
    assert sketch_result({"tool": "sql", "call_id": "1.1", "rows": rows}) is None


def test_dot_quotes_names():
    rows = [{"title": 'The "Quoted" \\ Show', "name": "O'Brien", "role": "ACTED_IN"}]
    sketch = sketch_result({"tool": "cypher", "call_id": "1.1", "rows": rows, "query": ""})
    dot = to_dot(sketch)
    assert '"Show:The \\"Quoted\\" \\\\ Show"' in dot and "O'Brien" in dot
    assert dot.startswith("digraph G {") and dot.rstrip().endswith("}")
