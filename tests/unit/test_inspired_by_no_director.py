"""'inspired by X' names a work's source, not its director: "french series, a gentleman thief
inspired by arsene lupin" searches the story (no director Arsene the catalog lacks), while
"by X" alone still names a director ("movies by spielberg"). Checked with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.vocab import role_at


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("french series, a gentleman thief inspired by arsene lupin", "arsene lupin"),
        ("a japanese film inspired by akira kurosawa", "akira kurosawa"),
        ("an anime inspired by greek myths", "greek myths"),
    ],
)
def test_inspired_by_gives_no_role(question, name):
    start = question.index(name)
    assert role_at(question, start, start + len(name)) is None


def test_by_alone_names_a_director():
    q = "movies by spielberg"
    assert role_at(q, q.index("spielberg"), len(q)) == "director"


def test_the_story_is_searched_without_a_director(catalog_df, catalog_reader):
    assert not any("Arsene" in v for v in catalog_df["director"])
    (spec,) = catalog_reader.read("french series, a gentleman thief inspired by arsene lupin")
    assert spec.op == "search" and not spec.titles.people and not spec.absent
    assert spec.titles.countries == ["France"] and spec.titles.type == "TV Show"
