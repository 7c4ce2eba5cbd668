"""A set left out by any exclusion cue ("leaving out the tv shows", "setting aside the movies",
"ignoring tv shows", "minus the movies") or by one said after it ("tv shows excluded"): the
cues are `words.yaml` `negation`; an exclusion cue the reading did not use caps its confidence.
Phrasings written for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.reading_sure import sure


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


@pytest.mark.parametrize(
    ("question", "country", "kept"),
    [
        ("leaving out the tv shows, how many irish titles are there", "Ireland", "Movie"),
        ("setting aside the movies, how many japanese titles are there", "Japan", "TV Show"),
        ("ignoring tv shows, how many french titles are there", "France", "Movie"),
        ("how many spanish titles minus the movies", "Spain", "TV Show"),
        ("how many german titles, tv shows excluded", "Germany", "Movie"),
        ("how many mexican titles with the movies left out", "Mexico", "TV Show"),
    ],
)
def test_a_type_left_out_is_the_other(catalog_reader, catalog_df, csv_db, question, country, kept):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.type == kept
    (got,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    truth = (_has(catalog_df["country"], country) & (catalog_df["type"] == kept)).sum()
    assert got == int(truth) > 0
    assert sure(catalog_reader, question) >= 0.8


def test_a_genre_left_out_by_a_cue_after_it(catalog_reader, catalog_df, csv_db):
    (spec,) = catalog_reader.read("how many british movies are there, dramas aside")
    (got,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    df = catalog_df
    truth = (
        _has(df["country"], "United Kingdom")
        & (df["type"] == "Movie")
        & ~_has(df["listed_in"], "Dramas")
    ).sum()
    assert got == int(truth) > 0


@pytest.mark.parametrize(
    "question",
    [
        "ignoring the ones with no cast, how many irish movies are there",
        "how many irish movies, the short ones left out",
        "leaving out the stuff from the uk and us, how many documentaries",
    ],
)
def test_an_exclusion_cue_unread_is_unsure(catalog_reader, question):
    assert sure(catalog_reader, question) < 0.5


def test_a_cue_before_an_entity_is_not_the_one_before_it_left_out(catalog_reader):
    """'… movies aside from dramas': "aside" opens the dramas left out; the movies stay."""
    (spec,) = catalog_reader.read("how many british movies aside from dramas")
    assert spec.titles.type == "Movie" and spec.titles.countries == ["United Kingdom"]
    assert [w.genres for w in spec.titles.without] == [[["Dramas", "TV Dramas"]]]


def test_a_verb_of_the_catalog_is_no_cue_after_an_entity(catalog_reader):
    """'movies removed from netflix': a removal, not movies left out of the question."""
    (spec,) = catalog_reader.read("how many korean movies removed from netflix in 2020")
    assert spec.titles.type == "Movie" and not spec.titles.without
