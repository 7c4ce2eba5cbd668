""" "… and what else has the same director made", "how many titles have the same cast": the titles
sharing a person in that role with the earlier part's top title, without it (`SamePeople` over
the SQL tables; filled in once the earlier part has run). Truth: the links inserted here into
the tiny catalog."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import compose
from agentic_rag.agent.rules.compile_sql import listing
from agentic_rag.tools.sql.guard import check_sql
from tests.unit import test_offline_planner as tiny
from tests.unit.test_offline_planner import ROWS, SQL_SCHEMA, plan

#: (person, show_id, role)
LINKS = [("Bong Joon Ho", "s2", "director"), ("Bong Joon Ho", "s4", "director"),
         ("Bong Joon Ho", "s3", "cast"), ("Tom Hanks", "s2", "cast"),
         ("Tom Hanks", "s5", "cast"), ("Jordan Peele", "s6", "director")]  # fmt: skip


@pytest.fixture(scope="module")
def linked_db():
    return tiny.with_people(LINKS)


def _sharing(sid: str, role: str | None) -> set[str]:
    people = {p for p, s, r in LINKS if s == sid and (role is None or r == role)}
    ids = {s for p, s, r in LINKS if p in people and (role is None or r == role)} - {sid}
    return {r[1] for r in ROWS if r[0] in ids}


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("the longest movie from South Korea and what else has the same director made", "director"),
        ("which is the longest korean movie and what else did the same director make", "director"),
        ("the longest movie from South Korea and which titles have the same cast", "cast"),
    ],
)
def test_the_same_people_as_the_earlier_top_title(lexicon, linked_db, question, role):
    first, second = plan(lexicon, question).reading
    assert first.op == "top" and second.ref == "people_of" and second.role == role
    assert compose.waiting(second)
    korean = [r for r in ROWS if r[9] == "South Korea" and r[6]]
    top = max(korean, key=lambda r: r[6])
    assert compose.fill(second, [{"show_id": top[0], "title": top[1]}])
    cur = linked_db.execute(check_sql(listing(second.titles), schema=SQL_SCHEMA).sql)
    at = [d[0] for d in cur.description].index("title")
    assert {r[at] for r in cur} == _sharing(top[0], role)


def test_how_many_with_the_same_director_is_its_own_part(lexicon):
    q = "what is the newest movie with Tom Hanks and how many titles have the same director"
    first, second = plan(lexicon, q).reading
    assert first.op == "top"
    assert second.op == "count" and second.ref == "people_of" and second.role == "director"


def test_the_same_director_across_turns_reads_the_earlier_turn_again(lexicon):
    first = "the longest movie from South Korea"
    p = plan(
        lexicon, "what else has the same director made", history=[TurnSummary(first, first, "")]
    )
    earlier, same = p.reading
    assert earlier.op == "top" and same.ref == "people_of" and same.role == "director"
