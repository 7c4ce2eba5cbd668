"""Whether two named people worked together ("has A ever worked with B", "did A and B act
together") asks for the titles the two share, not a ranking of the people A worked with (which
had asked back at 0.4, "what 'B' has to do with it"). "worked with" takes either role of both
(a director and an actor share titles); "acted with" takes the cast. Truths from the CSV."""

from __future__ import annotations

import pytest

from tests.unit.test_offline_planner import plan, rows


def _held(catalog_df, a: str, b: str, cast_only: bool) -> int:
    def has(name: str):
        cols = ("cast",) if cast_only else ("cast", "director")
        return sum(
            (catalog_df[c].apply(lambda v: name in [x.strip() for x in v.split(",")])) for c in cols
        ).astype(bool)

    return int((has(a) & has(b)).sum())


@pytest.mark.parametrize(
    ("question", "a", "b", "cast_only"),
    [
        ("did martin scorsese and robert de niro work together?", "Martin Scorsese",
         "Robert De Niro", False),
        ("Has Clint Eastwood ever worked with Morgan Freeman", "Clint Eastwood",
         "Morgan Freeman", False),
        ("has kate winslet ever acted with leonardo dicaprio", "Kate Winslet",
         "Leonardo DiCaprio", True),
        ("Did Chris Hemsworth ever appear alongside Tom Hiddleston?", "Chris Hemsworth",
         "Tom Hiddleston", True),
        ("have Ben Stiller and Owen Wilson starred together", "Ben Stiller", "Owen Wilson",
         True),
    ],
)  # fmt: skip
def test_two_people_together_are_their_shared_titles(
    catalog_df,
    catalog_reader,
    real_db,
    question,
    a,
    b,
    cast_only,
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "list"
    assert {p.name for p in spec.titles.people} == {a, b}
    assert {p.role for p in spec.titles.people} == {"cast" if cast_only else None}
    want = _held(catalog_df, a, b, cast_only)
    assert rows(real_db, plan(catalog_reader.lex, question))[0][0] == want > 0


@pytest.mark.parametrize(
    ("question", "op"),
    [
        ("who has kate winslet worked with the most", "costars"),
        ("which actors have worked with both Ben Stiller and Owen Wilson", "shared"),
        ("who has acted with Chris Hemsworth and Tom Hiddleston", "shared"),
        ("shortest chain from kate winslet to owen wilson", "chain"),
    ],
)
def test_who_worked_with_them_stays_a_relation(catalog_reader, question, op):
    (spec,) = catalog_reader.read(question)
    assert spec.op == op
