"""A follow-up that changes the type says the carried genre again of the new type: "how many
anime movies" then "and series?" is Anime Series (it had kept Anime Features, of no TV show:
0 at 0.98); "thrillers from 2018" then "only the shows" is TV Thrillers. A genre of both types
("comedies") is kept as it is. Truths from the CSV, counted over the built catalog store."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules.sets import retyped
from tests.unit.test_offline_planner import plan, rows


@pytest.mark.parametrize(
    ("first", "then", "genre", "kind", "year"),
    [
        ("count the horror movies", "and how about series?", "TV Horror", "TV Show", None),
        ("how many thriller films came out in 2018", "now only the shows", "TV Thrillers",
         "TV Show", 2018),
        ("how many anime series are there", "and films?", "Anime Features", "Movie", None),
    ],
)  # fmt: skip
def test_the_genre_follows_the_new_type(
    catalog_df,
    catalog_reader,
    real_db,
    first,
    then,
    genre,
    kind,
    year,
):
    before = TurnSummary(first, first, "...")
    p = plan(catalog_reader.lex, then, history=[before])
    (spec,) = p.reading
    assert spec.titles.type == kind and spec.titles.genres == [[genre]]
    held = catalog_df["listed_in"].str.contains(genre, regex=False) & (catalog_df["type"] == kind)
    if year:
        held &= catalog_df["release_year"] == str(year)
    assert rows(real_db, p)[0][0] == int(held.sum()) > 0


def test_a_genre_of_both_types_is_kept():
    assert retyped([["Comedies", "TV Comedies"]], "TV Show") == [["Comedies", "TV Comedies"]]
    assert retyped([["Dramas"]], "Movie") == [["Dramas"]]
    assert retyped([["Dramas"]], "TV Show") == [["TV Dramas"]]
