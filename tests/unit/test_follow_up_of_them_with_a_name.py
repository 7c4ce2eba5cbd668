"""A follow-up that refers to the set before ("how many of them …", "any of those …", "which ones
…") and names a person narrows that set to the person; it is no new question about the person.
"Movies directed by Martin Scorsese" then "how many of them star Robert De Niro?" had counted
every De Niro title at 0.999. Truths from the CSV, counted over the built catalog store."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from tests.unit.test_offline_planner import plan, rows


def _with(catalog_df, col: str, name: str):
    return catalog_df[col].apply(lambda v: name in [x.strip() for x in v.split(",")])


@pytest.mark.parametrize(
    ("first", "then", "who", "by", "kind"),
    [
        ("films directed by steven spielberg", "how many of those feature tom hanks?",
         ("director", "Steven Spielberg"), ("cast", "Tom Hanks"), "Movie"),
        ("quentin tarantino movies", "and how many of them have samuel l. jackson in the cast",
         ("director", "Quentin Tarantino"), ("cast", "Samuel L. Jackson"), "Movie"),
        ("movies starring leonardo dicaprio", "which ones did martin scorsese direct?",
         ("cast", "Leonardo DiCaprio"), ("director", "Martin Scorsese"), "Movie"),
    ],
)  # fmt: skip
def test_of_them_with_a_person_narrows_the_set(
    catalog_df,
    catalog_reader,
    real_db,
    first,
    then,
    who,
    by,
    kind,
):
    before = TurnSummary(first, first, "...")
    p = plan(catalog_reader.lex, then, history=[before])
    (spec,) = p.reading
    names = {x.name for x in spec.titles.people}
    names |= {x.name for x in (spec.titles.within.people if spec.titles.within else [])}
    assert names == {who[1], by[1]}
    held = _with(catalog_df, *who) & _with(catalog_df, *by) & (catalog_df["type"] == kind)
    got = rows(real_db, p)
    count = got[0][0] if spec.op == "count" else len(got)
    assert count == int(held.sum()) > 0


def test_a_new_question_about_a_person_is_not_narrowed(catalog_reader):
    before = TurnSummary(
        "movies directed by martin scorsese", "movies directed by martin scorsese", "..."
    )
    (spec,) = plan(
        catalog_reader.lex, "how many movies has tom hanks been in", history=[before]
    ).reading
    assert [x.name for x in spec.titles.people] == ["Tom Hanks"] and spec.titles.within is None
