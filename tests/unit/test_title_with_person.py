"""A title, then who is in it or made it: "midnight special with tom hanks", "the founder w/
michael keaton", "is the lobster starring tom cruise". With or without a cue asking whether it is
held, the leading words are that title's entry when they are a catalog title, and the people the
description names are checked against its credits (`described.fits`): a person it does not
credit makes the reading a guess (under 0.5), never a list of that person's titles read sure.
Credits checked with pandas on data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence


def _credits(df, title: str) -> str:
    row = df[df["title"] == title].iloc[0]
    return f"{row['cast']}, {row['director']}".casefold()


@pytest.mark.parametrize(
    ("question", "title", "person"),
    [
        ("the founder w/ michael keaton", "The Founder", "michael keaton"),
        ("little men with greg kinnear", "Little Men", "greg kinnear"),
        ("beckett starring john david washington", "Beckett", "john david washington"),
        ("is the irishman with al pacino on here", "The Irishman", "al pacino"),
    ],
)
def test_a_title_with_a_person_it_credits_is_its_entry(
    catalog_df, catalog_reader, question, title, person
):
    assert person in _credits(catalog_df, title)
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [title], question
    assert not spec.titles.people, question
    f, _ = confidence.features(catalog_reader, question, [spec], "")
    assert not f["misfit"], question


@pytest.mark.parametrize(
    ("question", "title", "person"),
    [
        ("midnight special with tom hanks", "Midnight Special", "tom hanks"),
        ("the lobster starring tom cruise", "The Lobster", "tom cruise"),
        ("is midnight special with tom hanks", "Midnight Special", "tom hanks"),
        ("the paper w/ idris elba", "The Paper", "idris elba"),
    ],
)
def test_a_title_with_a_person_it_does_not_credit_is_a_guess(
    catalog_df, catalog_reader, question, title, person
):
    assert person not in _credits(catalog_df, title)
    specs = catalog_reader.read(question)
    assert [s.titles.titles for s in specs] == [[title]], question
    f, _ = confidence.features(catalog_reader, question, specs, "")
    assert f["misfit"] == 1.0 and confidence.probability(f) < 0.5, question


@pytest.mark.parametrize(
    "question",
    ["movies with tom hanks", "comedies w/ adam sandler", "documentaries featuring idris elba"],
)
def test_set_words_before_a_person_are_no_title(catalog_reader, question):
    specs = catalog_reader.read(question)
    assert not any(s.titles.titles for s in specs), question
    assert any(s.titles.people for s in specs), question
