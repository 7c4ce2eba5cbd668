"""The lead of a ranking names only what was asked: "which country has the most titles" names
one country (and any tied with it), "top 2 countries" two (and any tied with the second); the
rest of the ranking is in the table below the answer, never in the lead. Truth: the tiny
catalog's rows, counted here."""

from __future__ import annotations

from collections import Counter

import pytest

from agentic_rag.agent.interfaces import SynthContext
from agentic_rag.agent.rules.sentences import leaders
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.tools.base import ToolResult, ToolStatus
from agentic_rag.tools.sql.guard import check_sql
from tests.unit.test_offline_planner import ROWS, SQL_SCHEMA, plan

COUNTRY, GENRE = 9, 10  # columns of ROWS


def _lead(lexicon, db, question: str) -> str:
    p = plan(lexicon, question)
    call = next(c for c in p.calls if c.tool == "sql" and c.role == "answer")
    cur = db.execute(check_sql(call.args["query"], schema=SQL_SCHEMA).sql)
    cols = [d[0] for d in cur.description]
    rows = [dict(zip(cols, r, strict=True)) for r in cur.fetchall()]
    call_id = f"1.{p.calls.index(call) + 1}"
    result = ToolResult(call_id=call_id, tool="sql", status=ToolStatus.OK, rows=rows)
    ctx = SynthContext(question=question, results=[result], plans=[p], incomplete_reason=None,
                       mode_label="offline")  # fmt: skip
    return OfflineSynthesizer().compose(ctx)[0]


def _ranking(col: int) -> list[tuple[str, int]]:
    return sorted(Counter(r[col] for r in ROWS).items(), key=lambda kv: (-kv[1], kv[0]))


def _named(lead: str, names: list[str]) -> set[str]:
    return {n for n in names if f"**{n}**" in lead}


@pytest.mark.parametrize(
    "question",
    [
        "which country has the most titles",
        "what country made the most titles?",
        "the country with the most titles",
    ],
)
def test_the_most_names_one_group_and_nothing_else(lexicon, db, question):
    ranking = _ranking(COUNTRY)
    lead = _lead(lexicon, db, question)
    assert _named(lead, [c for c, _ in ranking]) == {ranking[0][0]}
    assert f"**{ranking[0][1]}**" in lead


def test_a_tie_for_the_fewest_names_every_tied_group(lexicon, db):
    ranking = _ranking(GENRE)
    fewest = min(k for _, k in ranking)
    lead = _lead(lexicon, db, "which genre has the fewest titles")
    tied = {g for g, k in ranking if k == fewest}
    assert len(tied) > 1 and _named(lead, [g for g, _ in ranking]) == tied
    assert "tied" in lead


@pytest.mark.parametrize(
    "question", ["top 2 countries by titles", "the 2 countries with most titles"]
)
def test_top_n_names_n_groups_and_those_tied_with_the_last(lexicon, db, question):
    ranking = _ranking(COUNTRY)
    second = ranking[1][1]
    lead = _lead(lexicon, db, question)
    expected = {ranking[0][0]} | {c for c, k in ranking[1:] if k == second}
    assert _named(lead, [c for c, _ in ranking]) == expected


def test_leaders_takes_the_ties_of_the_last_one_named():
    rows = [{"g": "a", "n": 5}, {"g": "b", "n": 3}, {"g": "c", "n": 3}, {"g": "d", "n": 1}]
    assert [r["g"] for r in leaders(rows, "n", None)[0]] == ["a"]
    assert [r["g"] for r in leaders(rows, "n", 2)[0]] == ["a", "b", "c"]
    named, more = leaders(rows[1:3], "n", None)
    assert [r["g"] for r in named] == ["b", "c"] and more  # the rows ran out while tied


@pytest.mark.parametrize(
    ("question", "one"),
    [
        ("who does Tom Hanks work with the most", True),
        ("which actor has Jordan Peele appeared with most often", True),
        ("the most frequent collaborator of Martin Scorsese", True),
        ("who has Tom Hanks worked with", False),
        ("which people has Jordan Peele acted alongside", False),
    ],
)
def test_the_person_worked_with_most_is_one_person_a_plain_costars_question_a_list(
    reader, question, one
):
    spec = reader.read(question)[-1]
    assert spec.op == "costars"
    assert (spec.limit == 1) is one


def test_the_costar_lead_names_the_top_person_and_those_tied(lexicon):
    p = plan(lexicon, "who does Tom Hanks work with the most")
    shared = Counter({"Meg Ryan": 3, "Tim Allen": 3, "Bill Paxton": 1})  # a made-up ranking
    rows = [{"name": k, "shared": v} for k, v in shared.most_common()]
    call = next(i for i, c in enumerate(p.calls, 1) if c.role == "answer")
    result = ToolResult(call_id=f"1.{call}", tool="cypher", status=ToolStatus.OK, rows=rows)
    ctx = SynthContext(question="q", results=[result], plans=[p], incomplete_reason=None,
                       mode_label="offline")  # fmt: skip
    lead = OfflineSynthesizer().compose(ctx)[0]
    assert "**Meg Ryan**" in lead and "**Tim Allen**" in lead and "Bill Paxton" not in lead


TITLE, YEAR, SEASONS = 1, 3, 7  # columns of ROWS


def test_top_n_names_n_titles_in_order_even_when_they_share_a_value(lexicon, db):
    lead = _lead(lexicon, db, "the 2 newest titles from South Korea")
    korean = sorted((r for r in ROWS if r[COUNTRY] == "South Korea"), key=lambda r: -r[YEAR])
    assert lead.startswith("The 2 newest")
    assert [t for t in (r[TITLE] for r in korean) if f"**{t}**" in lead] == [
        r[TITLE] for r in korean[:2]
    ]
    assert "tied" not in lead


@pytest.mark.parametrize(
    "question", ["the longest TV horror title", "which TV horror title is the longest"]
)
def test_the_longest_of_a_tv_genre_is_ranked_by_seasons(lexicon, db, question):
    lead = _lead(lexicon, db, question)
    shows = [r for r in ROWS if r[GENRE] == "TV Horror"]
    best = max(shows, key=lambda r: r[SEASONS])
    assert f"**{best[TITLE]}**" in lead and f"{best[SEASONS]} seasons" in lead


def test_a_tie_over_the_rows_returned_says_at_least(lexicon):
    p = plan(lexicon, "what is the newest movie")
    rows = [{"show_id": f"s{i}", "title": f"T{i}", "release_year": 2021, "year": 2021}
            for i in range(10)]  # fmt: skip
    call = next(i for i, c in enumerate(p.calls, 1) if c.role == "answer")
    result = ToolResult(call_id=f"1.{call}", tool="sql", status=ToolStatus.OK, rows=rows)
    ctx = SynthContext(question="q", results=[result], plans=[p], incomplete_reason=None,
                       mode_label="offline")  # fmt: skip
    lead = OfflineSynthesizer().compose(ctx)[0]
    assert "at least 10 titles tied at 2021" in lead


def test_one_of_a_unit_is_singular(lexicon, db):
    ranking = _ranking(GENRE)
    lead = _lead(lexicon, db, "which genre has the fewest titles")
    assert min(k for _, k in ranking) == 1 and "**1** title each" in lead


def _first_titles(n: int, newest: bool, kind: str | None = None) -> tuple[list[str], list[str]]:
    """The first `n` titles of the tiny catalog by release year (title order within a year),
    and the titles past place n tied with the n-th."""
    rows = [r for r in ROWS if kind is None or r[2] == kind]
    rows.sort(key=lambda r: ((-r[3] if newest else r[3]), r[1]))
    last = rows[n - 1][3]
    return [r[1] for r in rows[:n]], [r[1] for r in rows[n:] if r[3] == last]


@pytest.mark.parametrize(
    ("question", "n", "newest", "kind"),
    [
        ("the 3 newest titles", 3, True, None),
        ("top 3 most recent titles pls", 3, True, None),
        ("3 latest releases?", 3, True, None),
        ("the 2 oldest movies", 2, False, "Movie"),
        ("give me the four newest titles", 4, True, None),
    ],
)
def test_top_n_titles_name_those_tied_with_the_last(lexicon, db, question, n, newest, kind):
    """'the 3 newest' names three, and every title tied with the third after them, said as a
    tie; a title past the tie is not named."""
    first, tied = _first_titles(n, newest, kind)
    lead = _lead(lexicon, db, question)
    titles = [r[1] for r in ROWS]
    assert _named(lead, titles) == set(first) | set(tied)
    assert all(lead.index(f"**{a}**") < lead.index(f"**{b}**") for a in first for b in tied)
    assert ("tied with the last" in lead) == bool(tied)
