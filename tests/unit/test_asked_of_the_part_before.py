"""A later part that asks what the part before it answers: a year asked of a ranked title with a
word that asks no more ("… - which year exactly", `bare_tails`), the name of the title a ranking
picked ("… and what film is that"), a day said again ("new years day 2020 - how many titles
landed that day"); and a number of seasons said as a count ("the average season count"): the
reading uses these words, so it is sure. Truth: the CSV (pandas)."""

from __future__ import annotations

import pandas as pd
import pytest

from tests.unit.reading_sure import sure
from tests.unit.test_offline_planner import plan


def _of(df: pd.DataFrame, field: str, value: str) -> pd.DataFrame:
    return df[df[field].apply(lambda v: value in {x.strip() for x in v.split(",")})]


@pytest.mark.parametrize(
    "question",
    [
        "the newest classic movie by release year - which year exactly",
        "oldest thai film, what year precisely",
        "the longest romantic movie - which year exactly?",
    ],
)
def test_a_year_asked_of_a_ranked_title_is_its_entry(catalog_reader, question):
    top, entry = catalog_reader.read(question)
    assert (top.op, top.limit, entry.op, entry.ref) == ("top", 1, "describe", "first")
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "genre", "ascending"),
    [
        (
            "whos behind the shortest horror film in here, and what film is that",
            "Horror Movies",
            True,
        ),
        ("who directed the oldest cult movie.. which movie is it", "Cult Movies", True),
        (
            "who's behind the longest stand-up special, what's the name of it",
            "Stand-Up Comedy",
            False,
        ),
    ],
)
def test_the_name_of_a_ranked_title_is_the_ranking(catalog_reader, question, genre, ascending):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["top", "people"]
    assert (specs[0].ascending, specs[1].role, specs[1].ref) == (ascending, "director", "first")
    assert specs[0].titles.genres == [[genre]]
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "day", "kind"),
    [
        ("new years day 2020 - how many titles landed that day", "2020-01-01", None),
        ("christmas eve 2019: how many movies got added that day", "2019-12-24", "Movie"),
        ("halloween 2020 - count of shows added on that same day", "2020-10-31", "TV Show"),
    ],
)
def test_a_day_said_again_in_a_later_part_is_used(
    catalog_df, catalog_reader, real_db, question, day, kind
):
    dates = catalog_df["date_added"].str.strip()
    added = pd.to_datetime(dates, format="%B %d, %Y", errors="coerce")
    of = catalog_df[added == day]
    truth = len(of[of["type"] == kind]) if kind else len(of)
    p = plan(catalog_reader.lex, question)
    assert next(real_db.execute(c.args["query"]).fetchall()[0][0] for c in p.calls) == truth
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "genre"),
    [
        ("anime series: whats the average season count", "Anime Series"),
        ("mean season count for crime tv shows?", "Crime TV Shows"),
        ("docuseries, avg count of seasons", "Docuseries"),
    ],
)
def test_an_average_season_count_is_the_mean_of_seasons(
    catalog_df, catalog_reader, real_db, question, genre
):
    shows = _of(catalog_df[catalog_df["type"] == "TV Show"], "listed_in", genre)
    truth = shows["duration"].str.extract(r"(\d+)")[0].astype(float).mean()
    [spec] = catalog_reader.read(question)
    assert (spec.op, spec.by) == ("average", "seasons")
    p = plan(catalog_reader.lex, question)
    got = next(real_db.execute(c.args["query"]).fetchall()[0][0] for c in p.calls)
    assert got == pytest.approx(truth, abs=0.01)
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    "question",
    [
        "release year for whichever docuseries has the most seasons",
        "norwegian shows count, plus whichever has the most seasons",
        "whichever anime series has the highest season count, what year is it from",
    ],
)
def test_whichever_asks_for_the_one_ranked_first(catalog_reader, question):
    specs = catalog_reader.read(question)
    top = next(s for s in specs if s.op == "top")
    assert (top.by, top.limit, top.ascending) == ("seasons", 1, False)
    assert sure(catalog_reader, question) >= 0.8
