"""A misspelt word of a genre whose name joins two words with "&", said with "and" ("faith and
spirtuality", "sci-fi and fantsy"): the genre's tag of its first word takes the misspelt one
(`tags.widen_beside`), so the reading uses every word and is sure. Phrasings written for this
rule; truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.reading_sure import sure


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


@pytest.mark.parametrize(
    ("question", "genre", "kind"),
    [
        ("faith and spirtuality titles count", "Faith & Spirituality", None),
        ("how many faith & spirtualty movies", "Faith & Spirituality", "Movie"),
        ("number of faith and spiritualty films", "Faith & Spirituality", "Movie"),
    ],
)
def test_the_misspelt_word_is_the_genres(catalog_reader, catalog_df, csv_db, question, genre, kind):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and [genre] in spec.titles.genres
    df = catalog_df
    rows = _has(df["listed_in"], genre) & ((df["type"] == kind) if kind else True)
    (row,) = csv_db.execute(compile_sql.count(spec.titles)).fetchall()
    assert row[0] == int(rows.sum()) > 0
    assert sure(catalog_reader, question) >= 0.8


def test_another_genre_after_and_is_its_own(catalog_reader):
    (spec,) = catalog_reader.read("faith and spirtuality and horror movies, how many")
    assert spec.titles.genres == [["Faith & Spirituality"], ["Horror Movies"]]
