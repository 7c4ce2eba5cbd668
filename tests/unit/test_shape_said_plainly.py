"""Shape words that only restate the operation: a count then a word of `lists_alone` alone
("number of films he directed + list", "…, list") is the count and the listing of its set; an
answer form asking for ties ("(if there's a tie name all of them)") is set aside and asks for one
title with those tied; "the N most prolific X directors" ranks the directors (a title noun before
a people noun is no title described); frame words ("single", "catalog") are no description.
Wordings written for this test; truths with pandas on data/netflix_titles.csv."""

from __future__ import annotations

from collections import Counter

import pandas as pd
import pytest

from tests.unit.reading_sure import sure
from tests.unit.test_offline_planner import plan, rows


def _names(v: str) -> set[str]:
    return {x.strip() for x in v.split(",") if x.strip()}


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("hakan algul - number of films he directed + list", "Hakan Algül"),
        ("how many films has martin scorsese directed, list", "Martin Scorsese"),
        ("how many movies did anurag kashyap direct and list", "Anurag Kashyap"),
    ],
)
def test_a_count_then_list_alone_is_the_count_and_its_titles(
    catalog_df, catalog_reader, real_db, question, person
):
    made = catalog_df[catalog_df["director"].apply(lambda v: person in _names(v))]
    truth = set(made[made["type"] == "Movie"]["show_id"])
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["count", "list"]
    assert all([p.name for p in s.titles.people] == [person] for s in specs)
    p = plan(catalog_reader.lex, question)
    assert rows(real_db, p)[0][0] == len(truth)
    assert p.confidence is not None and p.confidence.probability >= 0.8


@pytest.mark.parametrize(
    ("question", "genre"),
    [
        ("the docuseries added most recently (if theres a tie name all of them)", "Docuseries"),
        ("newest reality show by date added, if tied list them all", "Reality TV"),
    ],
)
def test_a_tie_clause_asks_for_one_and_those_tied(
    catalog_df, catalog_reader, real_db, question, genre
):
    kind = catalog_df[catalog_df["listed_in"].str.contains(genre, regex=False)]
    added = pd.to_datetime(kind["date_added"].str.strip(), format="%B %d, %Y")
    truth = set(kind[added == added.max()]["show_id"])
    assert len(truth) >= 2  # a tie
    (spec,) = catalog_reader.read(question)
    assert (spec.op, spec.limit, spec.by) == ("top", 1, "date_added") and spec.ignored
    assert {r[0] for r in rows(real_db, plan(catalog_reader.lex, question))} == truth
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "genre", "n"),
    [
        ("the 5 most prolific stand-up special directors", "Stand-Up Comedy", 5),
        ("the 2 most prolific directors of horror movies", "Horror Movies", 2),
    ],
)
def test_the_most_prolific_directors_are_ranked_by_titles(
    catalog_df, catalog_reader, real_db, question, genre, n
):
    kind = catalog_df[catalog_df["listed_in"].str.contains(genre, regex=False)]
    kind = kind[kind["type"] == "Movie"]
    counts = Counter(d for v in kind["director"] for d in _names(v))
    (spec,) = catalog_reader.read(question)
    assert (spec.op, spec.by, spec.limit) == ("most", "director", n)
    got = rows(real_db, plan(catalog_reader.lex, question))
    assert [r[1] for r in got[:n]] == [c for _, c in counts.most_common(n)]
    assert sure(catalog_reader, question) >= 0.8


def test_frame_words_are_no_description(catalog_df, catalog_reader, real_db):
    question = "single oldest tv show in the whole catalog by release year"
    shows = catalog_df[catalog_df["type"] == "TV Show"]
    years = shows["release_year"].astype(int)
    (spec,) = catalog_reader.read(question)
    assert (spec.op, spec.limit, spec.ascending) == ("top", 1, True)
    truth = set(shows[years == years.min()]["show_id"])
    assert {r[0] for r in rows(real_db, plan(catalog_reader.lex, question))} == truth
    assert sure(catalog_reader, question) >= 0.8
