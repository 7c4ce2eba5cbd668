"""A rating code typed alone in a follow-up to a question about a rating is that rating: the
question before set the dimension ("pg rated movies count", then "and g?" had counted PG again,
at 1.0). The same letters after a question on anything else are no rating. Truths from the CSV,
counted over the built catalog store."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from tests.unit.test_offline_planner import plan, rows


@pytest.mark.parametrize(
    ("first", "then", "rating", "kind"),
    [
        ("pg rated movies count", "and g?", "G", "Movie"),
        ("how many r rated films are there", "what about pg", "PG", "Movie"),
        ("number of movies rated pg-13", "and r then?", "R", "Movie"),
        ("tv-ma shows, how many", "ok and tv-y7", "TV-Y7", "TV Show"),
        ("how many movies carry the nr rating", "and ur", "UR", "Movie"),
        ("count the g rated films", "nc-17?", "NC-17", "Movie"),
    ],
)
def test_a_code_alone_after_a_rating_is_that_rating(
    catalog_df, catalog_reader, real_db, first, then, rating, kind
):
    before = TurnSummary(first, first, "...")
    p = plan(catalog_reader.lex, then, history=[before])
    (spec,) = p.reading
    assert spec.titles.ratings == [rating] and spec.titles.type == kind
    held = (catalog_df["rating"] == rating) & (catalog_df["type"] == kind)
    assert rows(real_db, p)[0][0] == int(held.sum()) > 0


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("how many movies from france", "and r?"),
        ("how many korean shows are there", "and g?"),
    ],
)
def test_the_letters_after_anything_else_are_no_rating(catalog_reader, first, then):
    before = TurnSummary(first, first, "...")
    p = plan(catalog_reader.lex, then, history=[before])
    assert all(not s.titles.ratings for s in p.reading)
