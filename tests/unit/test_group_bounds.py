"""A bound on a group's count of titles ("which directors have more than 5 korean titles",
"countries with at least 100 comedies"): the groups of the set whose count is within the bound,
each with its count, all of them; none within it is an answer (not a part with no evidence);
"how many directors have …" asks a number this reading does not give, so it is left unsure.
Truth: the CSV (pandas), each title counted once per group it names."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import evaluator
from agentic_rag.agent.rules.group_bounds import group_bound
from tests.unit.test_offline_planner import plan

_COLUMN = {"director": "director", "cast": "cast", "country": "country", "genre": "listed_in"}


def _groups(df, column: str, lo: int | None, hi: int | None) -> dict[str, int]:
    per = df.assign(_g=df[column].str.split(",")).explode("_g")
    per = per[per["_g"].str.strip() != ""].assign(_g=lambda d: d["_g"].str.strip())
    counts = per.drop_duplicates(["show_id", "_g"]).groupby("_g").size()
    keep = counts[(counts >= (lo or 0)) & (counts <= (hi if hi is not None else 10**6))]
    return {str(k): int(v) for k, v in keep.items()}


@pytest.mark.parametrize(
    ("question", "by", "lo", "hi", "where"),
    [
        ("name the actors with over 20 indian movies", "cast", 21, None,
         lambda df: (df["type"] == "Movie") & df["country"].str.contains("India")),
        ("which directors have at least 4 spanish titles", "director", 4, None,
         lambda df: df["country"].str.contains("Spain")),
        ("countries with more than 150 dramas", "country", 151, None,
         lambda df: df["listed_in"].str.contains("Dramas")),
        ("list countries with fewer than 3 anime titles", "country", None, 2,
         lambda df: df["listed_in"].str.contains("Anime")),
        ("genres with exactly 16 tv shows", "genre", 16, 16,
         lambda df: df["type"] == "TV Show"),
    ],
)  # fmt: skip
def test_groups_within_a_bound_on_their_counts(
    catalog_df, catalog_reader, real_db, question, by, lo, hi, where
):
    (spec,) = catalog_reader.read(question)
    assert (spec.op, spec.by, spec.group_min, spec.group_max) == ("most", by, lo, hi)
    truth = _groups(catalog_df[where(catalog_df)], _COLUMN[by], lo, hi)
    assert truth
    (call,) = [c for c in plan(catalog_reader.lex, question).calls if c.tool == "sql"]
    rows = real_db.execute(call.args["query"]).fetchall()
    assert dict(rows) == truth


@pytest.mark.parametrize(
    "masked",
    [
        "which directors have the most {country} titles",
        "top 5 directors of {country} titles",
        "directors of {type} over 3 hours long",
    ],
)
def test_no_bound_without_a_number_of_titles(masked):
    assert group_bound(masked) is None


def test_how_many_groups_within_a_bound_is_not_read_as_the_groups(catalog_reader):
    (spec,) = catalog_reader.read("how many directors have more than 5 korean titles")
    assert spec.group_min is None and spec.op != "most"


def test_no_group_within_the_bound_is_an_answer(catalog_reader):
    p = plan(catalog_reader.lex, "which directors have more than 5 korean titles")
    (call,) = [c for c in p.calls if c.tool == "sql"]
    from agentic_rag.tools.base import ToolResult, ToolStatus

    empty = ToolResult(call_id="1.1", tool="sql", status=ToolStatus.EMPTY, rows=[])
    assert call.part == 1 and 1 in evaluator.evidence([p], [empty])
    assert not evaluator.usable(empty)  # an empty result of any other part is no answer
