""" "every X movie" / "each X film": one works noun after a series' name said with "every" or
"each" means all of its titles, even when one title is the name alone ("Rocky", "Kung Fu
Panda"), not that one title's entry. Truths computed with pandas on the catalog."""

from __future__ import annotations

import re

import pytest


def _holding(df, name: str, kind: str) -> set[str]:
    word = re.compile(rf"\b{re.escape(name)}\b", re.I)
    rows = df[df["title"].str.contains(word) & (df["type"] == kind)]
    return set(rows["title"])


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("every kung fu panda movie", "kung fu panda"),
        ("every bad boys film", "bad boys"),
        ("each underworld movie pls", "underworld"),
    ],
)
def test_every_x_movie_lists_the_series(catalog_df, catalog_reader, real_db, question, name):
    from agentic_rag.agent.rules.compile_sql import conditions

    (spec,) = catalog_reader.read(question)
    assert spec.op == "list" and spec.titles.title_has == [name]
    where = " AND ".join(conditions(spec.titles, "s"))
    got = {r[0] for r in real_db.execute(f"SELECT s.title FROM shows s WHERE {where}")}
    assert got == _holding(catalog_df, name, "Movie") and len(got) >= 2
