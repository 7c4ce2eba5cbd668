"""A title typed in lower case where a title goes, with no cue before it ("ozark season count",
"fleabag how many seasons") or a text-speak close ("how many seasons of X r there"), is the
title asked about: a catalog title reads its entry, a title the CSV lacks is said to be absent.
An operation's cue word opening a question ("lowest rated comedies") names no title. Truth
from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.folding import fold


def _title(df, name: str) -> str | None:
    hits = [t for t in df["title"] if fold(t) == fold(name)]
    return hits[0] if hits else None


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("the sopranos season count", "The Sopranos"),
        ("how many seasons of succession r there", "Succession"),
        ("fleabag how many seasons", "Fleabag"),
        ("severance season count?", "Severance"),
    ],
)
def test_an_absent_title_in_a_season_count_phrasing_is_said_absent(
    catalog_df, catalog_reader, question, name
):
    assert _title(catalog_df, name) is None
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and [a.name for a in spec.absent] == [name]


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("ozark season count", "Ozark"),
        ("how many seasons of the crown r there", "The Crown"),
        ("mindhunter seasons how many", "Mindhunter"),
        ("breaking bad number of seasons", "Breaking Bad"),
    ],
)
def test_a_catalog_title_in_a_season_count_phrasing_reads_its_entry(
    catalog_df, catalog_reader, question, name
):
    title = _title(catalog_df, name)
    assert title is not None
    seasons = catalog_df.loc[catalog_df["title"] == title, "duration"].iloc[0]
    assert seasons.endswith(("Season", "Seasons"))  # the entry says how many
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [title] and not spec.absent


@pytest.mark.parametrize("question", ["lowest rated comedies", "top rated dramas"])
def test_a_cue_word_opening_a_question_is_no_title(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert not spec.absent and not spec.titles.titles


@pytest.mark.parametrize(
    ("question", "title"), [("whats friends rated", "Friends"), ("when was dark added", "Dark")]
)
def test_a_lower_case_title_inside_the_question_is_read_where_a_title_goes(
    catalog_df, catalog_reader, question, title
):
    assert (catalog_df["title"] == title).sum() == 1
    spec = catalog_reader.read(question)[-1]
    assert spec.op == "describe" and spec.titles.titles == [title], question


@pytest.mark.parametrize(
    ("question", "name", "present"),
    [
        ("whats the runtime of titanic", "Titanic", False),
        ("what's the rating of avatar", "Avatar", False),
        ("whats the runtime of jaws", "Jaws", True),
        ("tell me the length of the irishman", "The Irishman", True),
    ],
)
def test_a_title_after_its_attribute_is_the_title_asked_about(
    catalog_df, catalog_reader, question, name, present
):
    assert (_title(catalog_df, name) is not None) == present
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [name]
    assert [a.name for a in spec.absent] == ([] if present else [name])


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("what are the genres of narcos", "Narcos"),
        ("which country is dark from", "Dark"),
        ("where is the irishman from", "The Irishman"),
        ("okja genre", "Okja"),
    ],
)
def test_a_titles_genres_or_country_asked_reads_its_entry(
    catalog_df, catalog_reader, question, name
):
    title = _title(catalog_df, name)
    row = catalog_df.loc[catalog_df["title"] == title].iloc[0]
    assert row["listed_in"] and row["country"]  # the entry holds both
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [title] and not spec.absent
