"""The people credited on two named titles, asked in any role ("whos credited on both X and Y
(cast or director)", "anyone on both X and Y - actors or directors"): every role, not the one
a noun of the parenthesis names; the second title's words are that title, no tail of the first
("ishqiya and dedh ishqiya"); and a title named beside another entry of its own series ("both
kung fu panda and kung fu panda 2") is that entry, no franchise read as one title. Truths with
pandas on data/netflix_titles.csv: the people in the director or cast column of both titles."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import signals
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.title_tail import tail


def _both(catalog_df, a: str, b: str) -> set[str]:
    def people(title: str) -> set[str]:
        (row,) = catalog_df[catalog_df["title"] == title].itertuples()
        return {x.strip() for x in f"{row.director},{row.cast}".split(",") if x.strip()}

    return people(a) & people(b)


@pytest.mark.parametrize(
    ("question", "a", "b"),
    [
        (
            "whos credited on both ishqiya and dedh ishqiya (cast or director)",
            "Ishqiya",
            "Dedh Ishqiya",
        ),
        (
            "who is credited in both kung fu panda and kung fu panda 2 - cast or director",
            "Kung Fu Panda",
            "Kung Fu Panda 2",
        ),
        (
            "anyone credited on both the matrix and the matrix reloaded (actors or directors)",
            "The Matrix",
            "The Matrix Reloaded",
        ),
    ],
)
def test_people_of_two_titles_in_any_role(catalog_df, catalog_reader, question, a, b):
    assert _both(catalog_df, a, b)  # the two share people
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["people"], question
    assert specs[0].titles.titles == [a, b] and specs[0].every, question
    assert specs[0].role is None, question


def test_a_title_named_after_another_is_no_tail_of_it():
    question = "whos credited on both ishqiya and dedh ishqiya"
    both = TitleSet(titles=["Ishqiya", "Dedh Ishqiya"])
    specs = [QuerySpec(op="people", titles=both, text=question)]
    assert tail(question, specs, []) == ""
    one = [QuerySpec(op="people", titles=TitleSet(titles=["Ishqiya"]), text=question)]
    assert tail(question, one, []) == "dedh"  # read alone, 'dedh' names more of it


def test_an_entry_named_beside_another_of_its_series_is_no_franchise(catalog_df, catalog_reader):
    held = catalog_df["title"].str.contains("Kung Fu Panda", regex=False).sum()
    assert held >= 4  # a series: several titles hold the name
    lex = catalog_reader.lex
    two = [QuerySpec(op="people", titles=TitleSet(titles=["Kung Fu Panda", "Kung Fu Panda 2"]))]
    one = [QuerySpec(op="people", titles=TitleSet(titles=["Kung Fu Panda"]))]
    assert signals.title_many(two, lex) == 0.0
    assert signals.title_many(one, lex) == 1.0
