"""What a later part asks of the one title (or the set) an earlier part found, said roundabout:
someone unnamed asked of by what they did after a joining word ("… and the person who directed
that": who directed that), a people noun's name ending its clause ("…, director name?": the
director), and "show me which ones" after a count (the count, then the set's titles). Each is a
part of its own, never left unread under a sure answer. Truths computed with pandas."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules.reworded import reworded
from agentic_rag.agent.rules.split import split
from tests.unit.reading_sure import sure


def _of(df: pd.DataFrame, field: str, value: str) -> pd.DataFrame:
    held = df[field].fillna("").apply(lambda v: value in {x.strip() for x in v.split(",")})
    return df[held]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("oldest korean show and the guy who made it", "oldest korean show and who made it"),
        ("longest anime + the people that voiced them", "longest anime + who voiced them"),
        ("newest doc, the one who directed that?", "newest doc, who directed that?"),
        ("longest japanese movie, director's name?", "longest japanese movie, director?"),
        ("oldest nigerian film - the director name", "oldest nigerian film - the director"),
    ],
)
def test_a_roundabout_wording_is_read_plainly(text, said):
    out, notes = reworded(text)
    assert out == said and notes


@pytest.mark.parametrize(
    "text",
    [
        "titles where the person who directed also starred in it",  # a clause, not a question
        "movies by the person who directed it follows",  # the referent does not end it
        "name the director",
        "the cast names of the longest show",  # the name does not end the clause
    ],
)
def test_other_wordings_are_left_alone(text):
    assert reworded(text) == (text, [])


def _longest_movie(df: pd.DataFrame, country: str) -> pd.Series:
    movies = _of(df[df["type"] == "Movie"], "country", country)
    mins = movies["duration"].str.extract(r"(\d+) min")[0].astype(float)
    [one] = movies[mins == mins.max()].itertuples()
    return pd.Series({"title": one.title, "director": one.director})


@pytest.mark.parametrize(
    ("question", "country"),
    [
        ("the longest japanese movie + the guy who directed it", "Japan"),
        ("longest japanese movie, director's name?", "Japan"),
        ("danish film with the longest runtime and the person who directed that", "Denmark"),
    ],
)
def test_the_one_found_then_its_director(catalog_df, catalog_reader, question, country):
    truth = _longest_movie(catalog_df, country)
    ranked, asked = catalog_reader.read(question)
    assert (ranked.op, ranked.limit, ranked.ascending) == ("top", 1, False)
    assert asked.role == "director"
    assert truth["director"]  # the catalog credits one
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "head"),
    [
        ("egyptian dramas how many, tell me which ones", "egyptian dramas how many"),
        ("how many mexican crime shows, list which ones", "how many mexican crime shows"),
        ("thai romance shows count, show me what they are", "thai romance shows count"),
    ],
)
def test_which_ones_after_a_count_is_a_part_of_its_own(question, head):
    assert split(question)[0] == head and len(split(question)) == 2


def test_a_count_then_which_ones_lists_the_set(catalog_df, catalog_reader):
    shows = _of(
        _of(catalog_df[catalog_df["type"] == "TV Show"], "country", "Mexico"),
        "listed_in",
        "Crime TV Shows",
    )
    assert len(shows) == 32
    counted, listed = catalog_reader.read("how many mexican crime shows? list which ones")
    assert (counted.op, listed.op) == ("count", "list")
    assert listed.titles == counted.titles


@pytest.mark.parametrize(
    ("question", "country", "genre"),
    [
        ("indian horror movies how many + top director among them", "India", "Horror Movies"),
        ("japanese anime features, count + the top director of those", "Japan", "Anime Features"),
    ],
)
def test_the_top_person_of_a_set_said_back_ranks_its_people(
    catalog_df, catalog_reader, question, country, genre
):
    titles = _of(_of(catalog_df, "country", country), "listed_in", genre)
    made = titles["director"].dropna().str.split(", ").explode().value_counts()
    assert made.iloc[0] > made.iloc[1]  # one director leads
    counted, ranked = catalog_reader.read(question)
    assert (counted.op, ranked.op, ranked.by) == ("count", "most", "director")
    assert ranked.titles.countries == [country]
