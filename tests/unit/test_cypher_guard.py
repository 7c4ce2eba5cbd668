"""The Cypher guard: writes, procedures and unbounded paths refused; schema checked; LIMIT added."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentic_rag.errors import QueryRefusedError
from agentic_rag.stores.schema import GraphSchema
from agentic_rag.tools.cypher.guard import (
    INTERNAL_PREFIX,
    ForbiddenCypherError,
    check_cypher,
    tokenize,
)

SCHEMA = GraphSchema(
    labels={
        "Show": [
            "duration",
            "duration_minutes",
            "rating",
            "release_year",
            "seasons",
            "show_id",
            "title",
            "type",
        ],
        "Person": ["name"],
        "Genre": ["name"],
        "Country": ["name"],
    },
    relationships={
        "DIRECTED": [("Person", "Show")],
        "ACTED_IN": [("Person", "Show")],
        "IN_GENRE": [("Show", "Genre")],
        "PRODUCED_IN": [("Show", "Country")],
    },
)

# (query, words the refusal message must contain)
FORBIDDEN = [
    ("MATCH (n) DETACH DELETE n", "DETACH"),
    ("MATCH (s:Show) DELETE s", "DELETE"),
    ("MATCH (s:Show) SET s.title = 'x' RETURN s", "SET"),
    ("MERGE (p:Person {name: 'x'}) RETURN p", "MERGE"),
    ("CREATE (n:Show {title: 'x'}) RETURN n", "CREATE"),
    ("create (n:Show) return n", "CREATE"),
    ("MATCH (s:Show) REMOVE s.title RETURN s", "REMOVE"),
    ("DROP INDEX ON :Show(title)", "DROP"),
    ("CREATE INDEX FOR (s:Show) ON (s.rating)", "CREATE"),
    ("LOAD CSV FROM 'http://x' AS row RETURN row", "LOAD CSV"),
    ("LOAD CSV WITH HEADERS FROM 'file:///etc/passwd' AS r RETURN r", "LOAD CSV"),
    ("CALL dbms.procedures()", "dbms.procedures"),
    ("CALL apoc.load.json('x')", "apoc.load.json"),
    ("CALL db.idx.fulltext.createNodeIndex('Show', 'title')", "db.idx.fulltext"),
    ("CALL db.idx.fulltext.queryNodes('Show', 'x') YIELD node RETURN node", "db.idx.fulltext"),
    ("MATCH (s:Show) CALL algo.BFS(s, 3, 'ACTED_IN') YIELD nodes RETURN nodes", "algo.BFS"),
    ("MATCH (n) RETURN n; MATCH (m) DELETE m", "one statement"),
    ("MATCH (n:Show) RETURN n.title; MATCH (m:Show) RETURN m", "one statement"),
    ("MATCH (s:Show) FOREACH (x IN [1] | SET s.seen = 1) RETURN s", "FOREACH"),
    ("MATCH (s:Show) WITH s /* harmless? */ DETACH DELETE s", "DETACH"),
    ("MATCH (s:Show) WHERE s.title = 'a' MERGE (s)-[:X]->(:Y) RETURN s", "MERGE"),
    ("UNWIND range(1, 10) AS i CREATE (:Show {show_id: i})", "CREATE"),
]

SCHEMA_REFUSED = [
    ("MATCH p=(a)-[*]->(b) RETURN p", "unbounded"),
    ("MATCH p=(a)-[*1..]->(b) RETURN p", "bound it"),
    ("MATCH p=(a)-[*..50]->(b) RETURN p", "*..50"),
    ("MATCH p=(a:Person)-[:ACTED_IN*2..9]-(b) RETURN p", "4 hops"),
    ("MATCH p=(a:Person)-[:ACTED_IN*7]-(b) RETURN p", "4 hops"),
    ("MATCH p=shortestPath((a:Person)-[*]-(b:Person)) RETURN p", "unbounded"),
    ("MATCH (s:Movie) RETURN s.title", "Unknown label :Movie. Valid labels: Show, Person"),
    ("MATCH (s) WHERE s:Film RETURN s", "Unknown label :Film"),
    ("MATCH (s:show) RETURN s", "Unknown label :show"),
    ("MATCH (p:Person)-[:STARRED_IN]->(s:Show) RETURN s", "Unknown relationship type"),
    ("MATCH (p:Person)-[r:ACTED_IN|STARS]->(s:Show) RETURN s", ":STARS"),
    ("MATCH (s:Show) RETURN s.name", "Unknown property name on s (:Show)"),
    ("MATCH (s:Show {name: 'Inception'}) RETURN s", "Unknown property name"),
    ("MATCH (s:Show) RETURN s {.title, .year}", "Unknown property year"),
    ("MATCH (p:Person) RETURN p.title", "Unknown property title on p (:Person)"),
    ("MATCH (p:Person)-[r:ACTED_IN]->(s:Show) RETURN r.role", "relationship r"),
    ("MATCH (s:Show) WITH s AS x RETURN x.nme", "Unknown property nme"),
    ("MATCH (n) RETURN n.colour", "Unknown property colour"),
    ("MATCH (s:Show)", "no RETURN"),
    ("MATCH (s:Show) WITH s.title AS t", "no RETURN"),
    ("MATCH (s:Show) RETURN s.title LIMIT $n", "plain integer"),
    ("MATCH (s:Show RETURN s", "Unclosed"),
    ("MATCH (s:Show)) RETURN s", "Unbalanced"),
    ("MATCH (s:Show) WHERE s.title = 'unterminated RETURN s", "unterminated string"),
    ("MATCH (s:Show) /* no end RETURN s", "unterminated /*"),
    ("", "empty"),
    ("   \n  ", "empty"),
    ("MATCH (s:Show) RETURN s // " + "x" * 6000, "characters"),
]


@pytest.mark.parametrize(("query", "expected"), FORBIDDEN)
def test_forbidden_queries_are_refused(query: str, expected: str) -> None:
    with pytest.raises(ForbiddenCypherError) as info:
        check_cypher(query, SCHEMA)
    assert expected in str(info.value)
    assert "read-only" in str(info.value)


@pytest.mark.parametrize(("query", "expected"), SCHEMA_REFUSED)
def test_schema_and_shape_problems_are_refused(query: str, expected: str) -> None:
    with pytest.raises(QueryRefusedError) as info:
        check_cypher(query, SCHEMA)
    assert not isinstance(info.value, ForbiddenCypherError)
    assert expected in str(info.value)


def test_wrong_direction_names_the_schema_direction() -> None:
    with pytest.raises(QueryRefusedError) as info:
        check_cypher("MATCH (s:Show)-[:DIRECTED]->(p:Person) RETURN p.name", SCHEMA)
    assert str(info.value).startswith(
        "(:Show)-[:DIRECTED]->(:Person) does not exist; "
        "the schema has (:Person)-[:DIRECTED]->(:Show)"
    )


def test_direction_checked_with_one_known_end_and_labels_from_other_patterns() -> None:
    with pytest.raises(QueryRefusedError, match=r"\(:Genre\)-\[:IN_GENRE\]->\(\)"):
        check_cypher("MATCH (g:Genre)-[:IN_GENRE]->(s) RETURN s.title", SCHEMA)
    with pytest.raises(QueryRefusedError, match="does not exist"):
        check_cypher("MATCH (s:Show), (p:Person) MATCH (s)-[:ACTED_IN]->(p) RETURN p", SCHEMA)
    with pytest.raises(QueryRefusedError, match="does not exist"):
        check_cypher("MATCH (s:Show)-[:DIRECTED]-(g:Genre) RETURN g", SCHEMA)


def test_all_problems_reported_together() -> None:
    with pytest.raises(QueryRefusedError) as info:
        check_cypher("MATCH (s:Movie)<-[:STARRED_IN]-(p:Actor) RETURN s.name", SCHEMA)
    message = str(info.value)
    for part in (":Movie", ":STARRED_IN", ":Actor"):
        assert part in message


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (
            "MATCH (s:Show) WHERE s.title = 'Create Delete' RETURN s.title",
            "MATCH (s:Show) WHERE s.title = 'Create Delete' RETURN s.title LIMIT 50",
        ),
        (
            'MATCH (s:Show) WHERE s.title = "MATCH (n) DETACH DELETE n; DROP" RETURN s.title',
            'MATCH (s:Show) WHERE s.title = "MATCH (n) DETACH DELETE n; DROP" '
            "RETURN s.title LIMIT 50",
        ),
        (
            "MATCH (s:Show) RETURN s.title // SET s.x = 1; DELETE",
            "MATCH (s:Show) RETURN s.title LIMIT 50 // SET s.x = 1; DELETE",
        ),
        (
            "MATCH (s:Show) WHERE s.title = 'it\\'s CREATE' RETURN s",
            "MATCH (s:Show) WHERE s.title = 'it\\'s CREATE' RETURN s LIMIT 50",
        ),
        ("MATCH (s:`Show`) RETURN s.`title`", "MATCH (s:`Show`) RETURN s.`title` LIMIT 50"),
        ("MATCH (s:Show) RETURN s.title LIMIT 10;", "MATCH (s:Show) RETURN s.title LIMIT 10"),
        ("MATCH (s:Show) RETURN s.title LIMIT 1000", "MATCH (s:Show) RETURN s.title LIMIT 200"),
        ("MATCH (s:Show) RETURN s.title SKIP 5", "MATCH (s:Show) RETURN s.title SKIP 5 LIMIT 50"),
        (
            "MATCH (s:Show) WITH s LIMIT 5 RETURN s.title",
            "MATCH (s:Show) WITH s LIMIT 5 RETURN s.title LIMIT 50",
        ),
        ("CALL db.labels()", "CALL db.labels()"),
        (
            "CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType",
            "CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType LIMIT 50",
        ),
        (
            "MATCH (s:Show) RETURN s.title UNION MATCH (p:Person) RETURN p.name AS title",
            "MATCH (s:Show) RETURN s.title LIMIT 50 UNION "
            "MATCH (p:Person) RETURN p.name AS title LIMIT 50",
        ),
        (
            "MATCH p=(a:Person)-[:ACTED_IN*1..3]-(b) RETURN p",
            "MATCH p=(a:Person)-[:ACTED_IN*1..3]-(b) RETURN p LIMIT 50",
        ),
    ],
)
def test_accepted_queries_get_a_limit(query: str, expected: str) -> None:
    assert check_cypher(query, SCHEMA) == expected


@pytest.mark.parametrize(
    "query",
    [
        "MATCH (p:Person)-[:DIRECTED]->(s:Show {title: 'Inception'}) RETURN p.name",
        "MATCH (s:Show)<-[:DIRECTED]-(p:Person) WHERE s.title = 'Inception' RETURN p.name",
        "MATCH (s:Show {title: 'Inception'}) OPTIONAL MATCH (s)<-[:ACTED_IN]-(p) "
        "RETURN s.title, collect(p.name) AS cast",
        "MATCH (p:Person)-[:ACTED_IN]->(s)<-[:DIRECTED]-(d:Person) "
        "WHERE toLower(p.name) CONTAINS 'dicaprio' RETURN s.title, d.name",
        "MATCH (s:Show)-[:IN_GENRE]->(g:Genre) WHERE g.name = 'Dramas' "
        "RETURN s.title, [x IN [1, 2] | x * 2] AS l, s.duration_minutes * 2 AS d",
        "MATCH (s:Show) WHERE s.release_year > 2019 RETURN s.type, count(*) AS n ORDER BY n DESC",
        "MATCH (s:Show)-[:PRODUCED_IN]-(c:Country) RETURN c.name, count(s) AS n",
        "MATCH (s:Show) RETURN s {.title, .release_year} AS show",
        "MATCH (s:Show) WITH {t: s.title} AS m RETURN m.t",
        "MATCH (s:Show) WHERE exists((s)<-[:DIRECTED]-(:Person)) RETURN count(s)",
        "match (s:Show) where s.title starts with 'In' return s.title order by s.title",
        "CALL db.labels() YIELD label RETURN label",
        "RETURN 1 AS one",
    ],
)
def test_valid_read_queries_pass(query: str) -> None:
    out = check_cypher(query, SCHEMA)
    assert out.startswith(query.rstrip(";"))
    assert "LIMIT" in out.upper()


def test_max_rows_and_hard_cap() -> None:
    assert check_cypher("MATCH (s:Show) RETURN s", SCHEMA, max_rows=7).endswith("LIMIT 7")
    assert check_cypher("MATCH (s:Show) RETURN s LIMIT 90", SCHEMA, hard_cap=60).endswith(
        "LIMIT 60"
    )
    assert check_cypher("MATCH (s:Show) RETURN s", SCHEMA, max_rows=500).endswith("LIMIT 200")


def test_tokenizer_skips_strings_and_comments_and_keeps_backtick_names() -> None:
    toks = tokenize("MATCH (`a b`:Show) // CREATE\n/* SET */ RETURN 'x; y', 1..3")
    kinds = [(t.kind, t.text) for t in toks]
    assert ("qname", "a b") in kinds
    assert ("string", "x; y") in kinds
    assert all(t.text not in ("CREATE", "SET") for t in toks)
    assert [t.text for t in toks][-3:] == ["1", "..", "3"]


CYPHER_BITS = st.sampled_from(
    [
        "MATCH", "RETURN", "WITH", "WHERE", "CALL", "LIMIT", "UNION", "AS", "OPTIONAL",
        "(", ")", "[", "]", "{", "}", ":", "-", ">", "<", "*", "..", "|", ",", ".", ";",
        "'", '"', "`", "/*", "*/", "//", "\n", "$p", "s", "p", "Show", "Person", "ACTED_IN",
        "title", "name", "1", "5", "99", "=", "db.labels()", "DELETE", " ",
    ]
)  # fmt: skip


def _never_crashes(query: str) -> None:
    try:
        out = check_cypher(query, SCHEMA)
    except QueryRefusedError as exc:
        assert str(exc)
        assert not str(exc).startswith(INTERNAL_PREFIX), str(exc.__cause__)
    else:
        assert isinstance(out, str)
        assert out


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(CYPHER_BITS, max_size=30).map(" ".join))
def test_guard_never_raises_anything_else_on_cypher_like_text(query: str) -> None:
    _never_crashes(query)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_guard_never_raises_anything_else_on_any_text(query: str) -> None:
    _never_crashes(query)


def test_relationship_patterns_are_not_list_literals() -> None:
    """Five `-[:TYPE]->` patterns and two collects: a path, not seven list constructs."""
    query = (
        "MATCH (a:Person {name: 'A'})-[:DIRECTED|ACTED_IN]->(s1:Show)<-[:ACTED_IN]-(p:Person)"
        "-[:ACTED_IN]->(s2:Show)<-[:DIRECTED|ACTED_IN]-(b:Person {name: 'B'}) "
        "WHERE p <> a AND p <> b RETURN p.name AS name, collect(DISTINCT s1.title) AS one, "
        "collect(DISTINCT s2.title) AS two"
    )
    assert "LIMIT" in check_cypher(query, SCHEMA)
    with pytest.raises(QueryRefusedError, match="list constructs"):
        check_cypher("RETURN [1] + [2] + [3] + [4] + [5] AS x", SCHEMA)


def test_a_relationship_property_the_schema_has_is_valid_and_any_other_is_named():
    billed = GraphSchema(
        labels=SCHEMA.labels,
        relationships=SCHEMA.relationships,
        rel_properties={"ACTED_IN": ["position"], "DIRECTED": ["position"]},
    )
    ok = "MATCH (p:Person)-[r:ACTED_IN]->(s:Show) RETURN p.name ORDER BY r.position LIMIT 5"
    assert "r.position" in check_cypher(ok, billed)
    with pytest.raises(QueryRefusedError, match="valid properties: position"):
        check_cypher("MATCH (p:Person)-[r:ACTED_IN]->(s:Show) RETURN r.role", billed)
    with pytest.raises(QueryRefusedError, match="they have none"):
        check_cypher("MATCH (p:Person)-[r:ACTED_IN]->(s:Show) RETURN r.position", SCHEMA)
