"""A question word asked alone after a part ("the first title added from colombia and when",
"the oldest polish movie and how long") asks it of that part's titles: the part becomes the
question it stands for (`words.yaml` `bare_asks`), "when" after "added" asking the date added."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.split import split


@pytest.mark.parametrize(
    ("question", "second"),
    [
        ("the first title netflix added from colombia and when", "when was it added"),
        ("first korean show to land on netflix, and when?", "when was it added"),
        ("the newest anime series and when", "when did it come out"),
        ("oldest movie from poland and how long", "how long is it"),
        ("shortest doc from 2017 + what year", "what year did it come out"),
        ("the newest thai show and which country", "where is it from"),
    ],
)
def test_a_bare_question_word_asks_it_of_the_part_before(question, second):
    parts = split(question)
    assert len(parts) == 2 and parts[1] == second


@pytest.mark.parametrize(
    "question",
    [
        "when was the irishman added",  # a question of its own, not a bare word after a part
        "who directed the irishman and when",  # a bare word after a part: asked of it
        "any korean films where the director acted in it too? who?",  # a relation's people
    ],
)
def test_a_bare_word_is_never_a_first_part(question):
    assert not split(question)[0].startswith("when was it")
    assert "who made it" not in split(question)


def test_the_bare_question_is_read_of_the_ranked_title(catalog_reader):
    specs = catalog_reader.read("the oldest movie from poland and how long")
    assert len(specs) == 2 and specs[1].op == "describe"


def _titles_of(df, column, value, kind=None):
    rows = df[df[column].str.split(", ").apply(lambda xs: value in xs)]
    return set(rows[rows["type"] == kind]["title"] if kind else rows["title"])


@pytest.mark.parametrize(
    ("question", "country", "kind"),
    [
        ("anything from iceland? list", "Iceland", None),
        ("movies from kenya?? titles pls", "Kenya", "Movie"),
        ("any shows from finland? which ones", "Finland", "TV Show"),
        ("stuff from luxembourg - list", "Luxembourg", None),
    ],
)
def test_a_bare_listing_word_lists_the_set_before(
    catalog_reader, catalog_df, csv_db, question, country, kind
):
    from agentic_rag.agent.rules import compile_sql
    from tests.unit.reading_sure import sure

    (spec,) = catalog_reader.read(question)
    assert spec.op == "list" and spec.titles.countries == [country]
    got = {r[1] for r in csv_db.execute(compile_sql.listing(spec.titles, limit=50)).fetchall()}
    assert got == _titles_of(catalog_df, "country", country, kind)
    assert sure(catalog_reader, question) >= 0.8


def test_a_bare_listing_word_after_people_is_not_a_listing_of_titles():
    assert split("cast of the crown? names")[-1] != "list them"
