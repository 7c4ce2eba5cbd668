"""The first so many people billed on one title: "…, name the first 2 actors listed for it",
"oldest turkish movie - list the first 2 actors in it", "who are the first 3 actors listed in
X", "give me the first actor listed for it" (the lead). One title's people, never a ranking of
people over a set (`sets.ranks_groups`); its calls read the tables first, which keep the billing
order (`compiler`); the answer names that many of each title (`sentences`). Phrasings written
for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules import compile_sql
from agentic_rag.agent.rules.spec import TitleSet
from tests.unit.reading_sure import sure
from tests.unit.test_offline_planner import plan


def _cast(df: pd.DataFrame, title: str) -> list[str]:
    (cast,) = df[df["title"] == title]["cast"]
    return [c.strip() for c in cast.split(",")]


def _top(df: pd.DataFrame, column: str, value: str, kind: str, by: str, ascending: bool) -> str:
    rows = df[df[column].str.split(", ").apply(lambda xs: value in xs) & (df["type"] == kind)]
    amount = rows["duration"].str.extract(r"^(\d+)")[0].astype(float)
    key = rows["release_year"].astype(int) if by == "year" else amount
    return rows.loc[key.sort_values(ascending=ascending).index[0], "title"]


@pytest.mark.parametrize(
    ("question", "column", "value", "kind", "by", "ascending", "n"),
    [
        (
            "tv sci-fi & fantasy series with the most seasons, name the first 2 actors listed "
            "for it",
            "listed_in",
            "TV Sci-Fi & Fantasy",
            "TV Show",
            "amount",
            False,
            2,
        ),
        (
            "oldest turkish movie - list the first 2 actors in it",
            "country",
            "Turkey",
            "Movie",
            "year",
            True,
            2,
        ),
        (
            "the longest korean film, name the first 3 actors in it",
            "country",
            "South Korea",
            "Movie",
            "amount",
            False,
            3,
        ),
    ],
)
def test_the_first_actors_of_a_ranked_title(
    catalog_reader, catalog_df, csv_db, question, column, value, kind, by, ascending, n
):
    top, people = catalog_reader.read(question)
    assert top.op == "top" and top.limit == 1
    assert (people.op, people.role, people.limit, people.ref) == ("people", "cast", n, "first")
    title = _top(catalog_df, column, value, kind, by, ascending)
    rows = csv_db.execute(compile_sql.people_of("cast", TitleSet(titles=[title]))).fetchall()
    assert [r[4] for r in rows][:n] == _cast(catalog_df, title)[:n]
    assert sure(catalog_reader, question) >= 0.8


def test_the_first_actors_of_a_named_title_are_read_from_the_tables(catalog_reader, csv_db):
    question = "who are the first 3 actors listed in the crown"
    (spec,) = catalog_reader.read(question)
    assert (spec.op, spec.limit, spec.titles.titles) == ("people", 3, ["The Crown"])
    assert plan(catalog_reader.lex, question).calls[0].tool == "sql"  # the billing order


def test_the_first_actor_listed_is_the_lead(catalog_reader):
    _, people = catalog_reader.read("newest danish movie, who is the first actor listed in it")
    assert (people.op, people.role, people.limit) == ("people", "cast", 1)


@pytest.mark.parametrize(
    "masked", ["top {n} actors in {genre}", "the {n} directors with the most {type}"]
)
def test_people_ranked_over_a_set_stay_a_ranking(masked):
    from agentic_rag.agent.rules.sets import ranks_groups

    assert ranks_groups(masked)


@pytest.mark.parametrize(
    "question",
    [
        "horror movies from 2019, list the ones with zombies in it",
        "korean dramas, show me the ones with love in it",
    ],
)
def test_an_order_naming_no_people_of_it_is_no_part_of_its_own(question):
    from agentic_rag.agent.rules.split import split

    assert len(split(question)) == 1
