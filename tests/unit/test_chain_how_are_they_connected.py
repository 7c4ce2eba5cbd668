"""A chain asked after the two names with a pronoun ("A -> B, how are they connected", "A and
B - how are the two linked?", "how are both A and B tied"): the shortest chain of shared titles
between them, not the titles they share. Phrasings written for this test; the chain's length
checked with a breadth-first search in pandas over data/netflix_titles.csv."""

from __future__ import annotations

from collections import deque

import pytest

from agentic_rag.agent.rules import relations
from tests.unit.sql_rows import cell_names


def _titles_apart(catalog_df, a: str, b: str) -> int:
    """How many shared titles the shortest chain from a to b passes through (any role)."""
    people_of = [
        set(cell_names(d) + cell_names(c))
        for d, c in zip(catalog_df["director"], catalog_df["cast"], strict=True)
    ]
    titles_of: dict[str, list[int]] = {}
    for i, names in enumerate(people_of):
        for x in names:
            titles_of.setdefault(x, []).append(i)
    dist, queue = {a: 0}, deque([a])
    while queue and b not in dist:
        x = queue.popleft()
        for t in titles_of[x]:
            for y in people_of[t]:
                if y not in dist:
                    dist[y] = dist[x] + 1
                    queue.append(y)
    return dist[b]


@pytest.mark.parametrize(
    ("question", "people"),
    [
        (
            "yilmaz erdogan -> antonio banderas, how are they connected (shortest chain)",
            ["Yılmaz Erdoğan", "Antonio Banderas"],
        ),
        ("cem yilmaz and javier bardem - how are the two linked?", ["Cem Yılmaz", "Javier Bardem"]),
        ("om puri, penelope cruz: how are they related", ["Om Puri", "Penélope Cruz"]),
        ("how are both ayo makun and idris elba tied together", ["Ayo Makun", "Idris Elba"]),
    ],
)
def test_how_are_they_connected_asks_for_a_chain(catalog_df, catalog_reader, question, people):
    assert _titles_apart(catalog_df, *people) > 1  # no title of both: a chain of several
    (spec,) = catalog_reader.read(question)
    assert spec.op == "chain", question
    assert [p.name for p in spec.titles.people] == people, question
    assert relations.chains(spec), question
