""" "What else did he direct", "other titles by her": a part that lists an earlier part's person's
titles leaves out the titles that earlier part found (`TitleSet.excluded`), in SQL and Cypher.
Truth: the links inserted here into the tiny catalog."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import compose
from agentic_rag.agent.rules.compile_cypher import person_works
from agentic_rag.agent.rules.compile_sql import listing
from agentic_rag.tools.sql.guard import check_sql
from tests.unit import test_offline_planner as tiny
from tests.unit.test_offline_planner import ROWS, SQL_SCHEMA, plan

DIRECTED = [("Bong Joon Ho", "s2"), ("Bong Joon Ho", "s3"), ("Bong Joon Ho", "s4")]


@pytest.fixture(scope="module")
def linked_db():
    return tiny.with_people([(name, sid, "director") for name, sid in DIRECTED])


def _earlier_rows(title: str) -> list[dict]:
    sid = next(r[0] for r in ROWS if r[1] == title)
    return [{"name": "Bong Joon Ho", "show_id": sid, "title": title}]


@pytest.mark.parametrize(
    ("question", "left_out"),
    [
        ("who directed Okja and what else has he directed", True),
        ("who directed Okja and what other titles did he direct", True),
        ("who directed Okja and what has he directed", False),
    ],
)
def test_what_else_leaves_out_the_earlier_titles(lexicon, linked_db, question, left_out):
    p = plan(lexicon, question)
    first, second = p.reading
    assert first.op == "people" and second.ref == "person"
    assert compose.fill(second, _earlier_rows("Okja"))
    assert bool(second.titles.excluded) is left_out
    cur = linked_db.execute(check_sql(listing(second.titles), schema=SQL_SCHEMA).sql)
    at = [d[0] for d in cur.description].index("title")
    got = {r[at] for r in cur}
    expected = {t for t in titles_of("Bong Joon Ho") if t != "Okja" or not left_out}
    assert got == expected
    if left_out:
        cypher = person_works(second.titles)
        assert cypher is not None and "NOT s.show_id IN ['s2']" in cypher


def test_what_else_across_turns_is_filled_from_the_earlier_part(lexicon):
    turn = TurnSummary("who directed Okja", "who directed Okja", "...")
    p = plan(lexicon, "what else did he direct", history=[turn])
    _, second = p.reading
    assert compose.fill(second, _earlier_rows("Okja")) and second.titles.excluded == ["s2"]


def titles_of(person: str) -> set[str]:
    ids = {sid for p, sid in DIRECTED if p == person}
    return {r[1] for r in ROWS if r[0] in ids}
