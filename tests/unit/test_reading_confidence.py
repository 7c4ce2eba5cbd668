"""The typed reading carried by the plan, its one-line rendering, and its calibrated confidence."""

from __future__ import annotations

import asyncio

import pytest

from agentic_rag.agent.follow_ups import changed, suggest_follow_ups
from agentic_rag.agent.interfaces import PlanContext
from agentic_rag.agent.models import ExecutionPlan, plan_schema_for, to_plan
from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.phrasing import question_for, read_as, reading_line
from agentic_rag.agent.rules.planner import OfflinePlanner
from agentic_rag.agent.rules.spec import PersonRef, QuerySpec, TitleSet
from agentic_rag.tools.base import ToolResult, ToolStatus
from tests.unit.test_offline_planner import ALL_TOOLS, COUNTRIES, GENRES, PEOPLE, RATINGS, SHOWS


@pytest.fixture(scope="module")
def planner() -> OfflinePlanner:
    return OfflinePlanner(Lexicon(GENRES, COUNTRIES, RATINGS, people=PEOPLE, shows=SHOWS), 0.5)


def plan(planner: OfflinePlanner, question: str) -> ExecutionPlan:
    ctx = PlanContext(question, [], 1, "", "", ALL_TOOLS)
    return asyncio.run(planner.plan(ctx))[0]


def test_the_plan_carries_one_spec_per_part_and_each_call_names_its_part(planner):
    p = plan(planner, "How many dramas are from India? Which movies did Martin Scorsese direct?")
    assert [s.op for s in p.reading] == ["count", "list"]
    assert p.reading[0].titles.countries == ["India"]
    assert {c.part for c in p.calls} == {1, 2}
    assert p.confidence is not None and 0.0 <= p.confidence.probability <= 1.0


def test_a_models_plan_schema_does_not_ask_for_the_reading():
    schema = plan_schema_for(("sql",))
    assert "reading" not in schema.model_json_schema()["properties"]
    typed = schema.model_validate({"reasoning": "r", "resolved_question": "q", "calls": [
        {"tool": "sql", "purpose": "p", "args": {"query": "SELECT 1"}}]})  # fmt: skip
    converted = to_plan(typed)
    assert converted.reading == [] and converted.confidence is None


def test_the_reading_line_is_rendered_from_the_spec():
    spec = QuerySpec(op="top", by="duration_minutes", titles=TitleSet(
        type="Movie", countries=["Spain"], genres=[["Thrillers"]]))  # fmt: skip
    assert (
        reading_line([spec]) == "Read as: movies · country Spain · genre Thrillers · longest first"
    )
    two = [spec, QuerySpec(op="count", titles=TitleSet(type="TV Show"), notes=["n"])]
    assert reading_line(two) == f"Read as: {read_as(spec)} | TV shows · how many (n)"


def test_an_unused_word_that_changes_the_meaning_is_never_confident(planner):
    for question in ("Which movies are not from India?",
                     "How many titles except dramas came from Japan?"):  # fmt: skip
        sure = plan(planner, question).confidence
        assert sure is not None and sure.ask_back
        assert sure.probability <= confidence.MEANING_CAP
        assert any("not" in u or "except" in u for u in sure.unsure)


def test_a_reading_that_uses_every_word_is_not_asked_back(planner):
    for question in ("How many movies are from India?", "Which dramas came from Japan?"):
        sure = plan(planner, question).confidence
        assert sure is not None and not sure.ask_back and sure.probability >= 0.5


def test_people_who_worked_with_both_are_a_relation_read_with_confidence(planner):
    p = plan(planner, "Which actors worked with both Tom Hanks and Martin Scorsese?")
    assert [s.op for s in p.reading] == ["shared"]
    assert p.confidence is not None and not p.confidence.ask_back
    assert p.confidence.probability >= 0.8


def test_a_dropped_person_asks_back_with_choices_each_read_back_confidently(planner):
    question = "Who worked with Tom Hanks more often than with Martin Scorsese?"
    sure = plan(planner, question).confidence
    assert sure is not None and sure.ask_back and 1 <= len(sure.choices) <= 3
    questions = [c.question for c in sure.choices]
    assert "Who has worked with Tom Hanks?" in questions
    assert "Who has worked with Martin Scorsese?" in questions
    for question in questions:  # each choice, asked, is answered without asking back
        again = plan(planner, question).confidence
        assert again is not None and not again.ask_back


def test_follow_ups_skip_what_the_reading_names_even_when_the_question_spells_it_otherwise():
    rows = [{"title": "Inception", "director": "Christopher Nolan", "release_year": 2010}]
    results = [ToolResult(tool="sql", call_id="1.1", status=ToolStatus.OK, rows=rows)]
    reading = [QuerySpec(op="list", titles=TitleSet(
        people=[PersonRef(name="Christopher Nolan", role="director")], year_from=2010,
        year_to=2010))]  # fmt: skip
    out = suggest_follow_ups("what did nolan make in twenty ten", results, reading)
    same_question_changed = {question_for(v) for v in changed(reading[0])}
    found = [s for s in out if s not in same_question_changed]  # the entity suggestions
    assert found and all("Christopher Nolan" not in s and "2010" not in s for s in found)


def test_only_before_the_entity_it_restricts_to_is_used_by_the_reading(planner):
    for question in ("only TV shows from Japan?", "just movies from India"):
        sure = plan(planner, question).confidence
        assert sure is not None and not sure.ask_back, (question, sure.unsure)
    sure = plan(planner, "How many dramas came from Japan, not India?").confidence
    assert sure is not None and sure.ask_back  # a meaning word the reading did not use
