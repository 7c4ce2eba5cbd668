"""Rewriting name/title comparisons to the folded properties, one query shape at a time."""

from __future__ import annotations

import pytest

from agentic_rag.stores.schema import GraphSchema
from agentic_rag.tools.cypher.fold import fold_literals

SCHEMA = GraphSchema(
    labels={
        "Show": ["show_id", "title", "title_folded", "release_year", "date_added"],
        "Person": ["name", "name_folded"],
    },
    relationships={"ACTED_IN": [("Person", "Show")]},
)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (
            "MATCH (p:Person {name: 'Michael Peña'}) RETURN p.name",
            "MATCH (p:Person {name_folded: 'michael pena'}) RETURN p.name",
        ),
        (
            'MATCH (s:Show) WHERE s.title = "Darwin’s Game" RETURN s.title',
            'MATCH (s:Show) WHERE s.title_folded = "darwin\'s game" RETURN s.title',
        ),
        (
            "MATCH (s:Show) WHERE 'Les Misérables' = s.title RETURN s",
            "MATCH (s:Show) WHERE 'les miserables' = s.title_folded RETURN s",
        ),
        (
            "MATCH (p:Person) WHERE toLower(p.name) CONTAINS toLower('CUARÓN') RETURN p",
            "MATCH (p:Person) WHERE toLower(p.name_folded) CONTAINS toLower('cuaron') RETURN p",
        ),
        (
            "MATCH (p:Person) WHERE p.name STARTS WITH 'Ál' RETURN p",
            "MATCH (p:Person) WHERE p.name_folded STARTS WITH 'al' RETURN p",
        ),
        (
            "MATCH (p:Person) WHERE p.name IN ['Raúl Campos', 'Jan Suter'] RETURN p",
            "MATCH (p:Person) WHERE p.name_folded IN ['raul campos', 'jan suter'] RETURN p",
        ),
    ],
)
def test_comparisons_are_folded(query: str, expected: str) -> None:
    assert fold_literals(query, SCHEMA) == expected


@pytest.mark.parametrize(
    "query",
    [
        "MATCH (s:Show) WHERE s.release_year = 2019 RETURN s.title",  # no string comparison
        "MATCH (p:Person) RETURN p.name ORDER BY p.name",  # names only returned
        "MATCH (s:Show {show_id: 's1'}) RETURN s.title",
        "MATCH (s:Show) WHERE s.title = 'unterminated RETURN s",  # not tokenizable
    ],
)
def test_nothing_to_fold_returns_none(query: str) -> None:
    assert fold_literals(query, SCHEMA) is None


def test_graph_without_folded_properties_is_left_alone() -> None:
    bare = GraphSchema(labels={"Person": ["name"]}, relationships={})
    assert fold_literals("MATCH (p:Person {name: 'Peña'}) RETURN p", bare) is None
