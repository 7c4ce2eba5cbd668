"""A follow-up that only narrows an aggregate ("top 5 countries by titles", then "what about just
movies?") ranks (averages, shares) the narrowed set; it had become a listing of 5 movies at
0.996. "which of those …" still asks for titles. Truths from the CSV, over the built store."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from tests.unit.test_offline_planner import plan, rows


def _countries(catalog_df, kind: str) -> list[tuple[str, int]]:
    held = catalog_df[catalog_df["type"] == kind]["country"].str.split(",").explode().str.strip()
    counts = held[held != ""].value_counts()
    return [(c, int(n)) for c, n in counts.head(3).items()]


@pytest.mark.parametrize(
    ("first", "then", "kind"),
    [
        ("the 3 countries with the most titles", "and only tv shows?", "TV Show"),
        ("which 3 countries produce the most titles", "now just the films", "Movie"),
    ],
)
def test_a_narrowed_ranking_is_still_the_ranking(
    catalog_df,
    catalog_reader,
    real_db,
    first,
    then,
    kind,
):
    before = TurnSummary(first, first, "...")
    p = plan(catalog_reader.lex, then, history=[before])
    (spec,) = p.reading
    assert spec.op == "most" and spec.by == "country" and spec.titles.type == kind
    assert [tuple(r[:2]) for r in rows(real_db, p)[:3]] == _countries(catalog_df, kind)


def test_which_of_those_still_lists(catalog_reader):
    before = TurnSummary("the 10 longest movies", "the 10 longest movies", "...")
    (spec,) = plan(catalog_reader.lex, "which of those are from india?", history=[before]).reading
    assert spec.op == "list"
