"""The graph relations in wordings the first relation tests do not use: people shared by two
people, directors who starred in their own titles (within a set), the person someone worked
with most, how two people are connected. The reading line names the two people of a relation
without a role (the relation is over any role). Truth for the auteur rows: the links inserted
here into the tiny catalog."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import SynthContext
from agentic_rag.agent.rules.phrasing import reading_line
from agentic_rag.agent.rules.relations import sql as relation_sql
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.tools.base import ToolResult, ToolStatus
from agentic_rag.tools.sql.guard import check_sql
from tests.unit import test_offline_planner as tiny
from tests.unit.test_offline_planner import ROWS, SQL_SCHEMA, plan

#: (person, show_id, role): Jordan Peele directs and acts in s5 (India), only directs s1
LINKS = [("Jordan Peele", "s5", "director"), ("Jordan Peele", "s5", "cast"),
         ("Jordan Peele", "s1", "director"), ("Tom Hanks", "s1", "cast"),
         ("Bong Joon Ho", "s2", "director"), ("Bong Joon Ho", "s6", "cast")]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "op"),
    [
        ("actors shared by Tom Hanks and Michael Peña", "shared"),
        ("which people are common to Jordan Peele and Martin Scorsese", "shared"),
        ("who's been in titles with both Tom Hanks and Bong Joon Ho", "shared"),
        ("directors who also starred in their own film in India", "auteur"),
        ("which filmmakers cast themselves in their own movies", "auteur"),
        ("directors that appear in their own shows", "auteur"),
        ("who does Tom Hanks work with the most", "costars"),
        ("who has Michael Peña acted with most often", "costars"),
        ("how is Tom Hanks linked to Bong Joon Ho", "chain"),
    ],
)
def test_relation_wordings(reader, question, op):
    assert reader.read(question)[-1].op == op


def test_the_reading_of_a_relation_names_both_people_without_a_role(reader):
    specs = reader.read("actors shared by Tom Hanks and Michael Peña")
    line = reading_line(specs)
    assert "Tom Hanks and Michael Peña" in line and "directed by" not in line


@pytest.fixture(scope="module")
def linked_db():
    return tiny.with_people(LINKS)


def test_directors_in_their_own_film_within_a_country_run_over_sql(reader, linked_db):
    (spec,) = reader.read("directors who also starred in their own film in India")
    assert spec.titles.countries == ["India"]
    query = relation_sql(spec)
    assert query is not None
    got = {r[0] for r in linked_db.execute(check_sql(query, schema=SQL_SCHEMA).sql)}
    india = {r[0] for r in ROWS if r[9] == "India"}
    both = {(p, s) for p, s, r in LINKS if r == "director"} & {
        (p, s) for p, s, r in LINKS if r == "cast"
    }
    assert got == {p for p, s in both if s in india} == {"Jordan Peele"}


def test_a_relation_that_finds_nobody_says_nothing_matched(lexicon, linked_db):
    question = "directors who also starred in their own film in Japan"
    assert not [r for r in ROWS if r[9] == "Japan"]  # the tiny catalog has no such title
    p = plan(lexicon, question)
    (spec,) = p.reading
    query = relation_sql(spec)
    assert query is not None
    assert not linked_db.execute(check_sql(query, schema=SQL_SCHEMA).sql).fetchall()
    empty = [ToolResult(call_id=f"1.{j}", tool=c.tool, status=ToolStatus.EMPTY)
             for j, c in enumerate(p.calls, 1)]  # fmt: skip
    ctx = SynthContext(question=question, results=empty, plans=[p], incomplete_reason=None,
                       mode_label="offline")  # fmt: skip
    assert OfflineSynthesizer().compose(ctx)[0].startswith("Nothing in the catalog matched")
