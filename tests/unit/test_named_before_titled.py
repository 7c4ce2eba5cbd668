"""A name said before the naming word, then what is named ("all the dreamworks titled stuff",
"barbie-named movies", "star wars titled films"): the name as words of the titles' names, the
works noun after it still the type. Phrasings written for this rule; truths computed with
pandas on the catalog (whole words, accents folded)."""

from __future__ import annotations

import re

import pytest

from agentic_rag.folding import fold


def _holding(df, name: str, kind: str | None) -> set[str]:
    words = r"\W+".join(map(re.escape, fold(name).split()))
    held = df[df["title"].map(fold).str.contains(re.compile(rf"\b{words}\b"))]
    return set(held[held["type"] == kind]["title"] if kind else held["title"])


@pytest.mark.parametrize(
    ("question", "name", "kind", "op"),
    [
        ("all the dreamworks titled stuff", "dreamworks", None, "list"),
        ("how many barbie-named movies are there", "barbie", "Movie", "count"),
        ("star wars titled films, how many", "star wars", "Movie", "count"),
        ("lego titled shows, how many", "lego", "TV Show", "count"),
        ("every pokemon-titled movie", "pokemon", "Movie", "list"),
    ],
)
def test_a_name_before_titled_is_words_of_the_titles(
    catalog_df, catalog_reader, real_db, question, name, kind, op
):
    from agentic_rag.agent.rules.compile_sql import conditions

    (spec,) = catalog_reader.read(question)
    assert spec.op == op and [fold(k) for k in spec.titles.title_has] == [name], question
    assert spec.titles.type == kind and not spec.absent
    where = " AND ".join(conditions(spec.titles, "s"))
    got = {r[0] for r in real_db.execute(f"SELECT s.title FROM shows s WHERE {where}")}
    assert got == _holding(catalog_df, name, kind) and len(got) >= 2
