"""The graph relations as a family of wordings: people who worked with both of two people said
as two separate titles ("in a film with A and in one with B", "alongside A as well as B"), a
chain said by its length ("the fewest movies in between", "how many degrees apart"), a title
both directed and acted in. The reading uses those words (it is sure), two people that are not
a relation are still a list, a chain search that finds nothing is not a sure "no", and a reading
that leaves a relation's wording unused is unsure."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import SynthContext
from agentic_rag.agent.rules.evaluator import UNPROVEN, unproven
from agentic_rag.agent.rules.relations import CHAIN_TITLES, FIXED_TITLES
from agentic_rag.agent.rules.tagger import clean
from agentic_rag.agent.rules.usage import usage
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.tools.base import ToolResult, ToolStatus
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("question", "op"),
    [
        ("anyone who was in a film with tom hanks and in one with michael pena", "shared"),
        ("who has been in a movie with Tom Hanks and also in one with Jordan Peele", "shared"),
        ("actors who appeared alongside tom hanks and also michael peña", "shared"),
        ("people that worked with martin scorsese as well as tom hanks", "shared"),
        ("who shared the screen with tom hanks and michael pena", "shared"),
        ("people in common between tom hanks and jordan peele", "shared"),
        ("people who both directed and starred in a title", "auteur"),
        ("actors who directed a film they also acted in", "auteur"),
        ("connect tom hanks and Bong Joon Ho with the fewest movies in between", "chain"),
        ("shortest path of films between tom hanks and jordan peele", "chain"),
        ("whats the shortest conection between tom hanks and Bong Joon Ho", "chain"),
        ("degrees of separation between tom hanks and michael pena", "chain"),
        ("how many degrees apart are jordan peele and tom hanks", "chain"),
        ("tom hanks to Bong Joon Ho in as few films as possible", "chain"),
        ("how close are tom hanks and Bong Joon Ho", "chain"),
        ("whos appeared in films with both tom hanks and michael pena", "shared"),
        ("filmmakers who starred in a film they directed from india", "auteur"),
        ("who is tom hanks's most frequent director", "costars"),
        ("who directed tom hanks most often", "costars"),
    ],
)
def test_the_family_is_read_and_its_words_are_used(lexicon, question, op):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert spec.op == op
    assert p.confidence is not None
    assert not p.confidence.features.get("unused_words"), p.confidence.unsure
    assert not p.confidence.features.get("unused_meaning"), p.confidence.unsure
    assert not p.confidence.ask_back


@pytest.mark.parametrize(
    "question",
    [
        "movies with both tom hanks and michael pena",
        "did tom hanks and michael pena act together",
        "films starring tom hanks and jordan peele",
    ],
)
def test_two_people_that_are_not_a_relation_are_still_a_list(lexicon, question):
    (spec,) = plan(lexicon, question).reading
    assert spec.op == "list" and len(spec.titles.people) == 2


def test_a_chain_searches_longer_chains_level_by_level(lexicon):
    p = plan(lexicon, "how is tom hanks connected to Bong Joon Ho")  # checks the guard
    queries = [c.args["query"] for c in p.calls]
    assert len(queries) == CHAIN_TITLES > FIXED_TITLES
    assert all("WITH DISTINCT" not in q for q in queries[:FIXED_TITLES])
    assert all("WITH DISTINCT" in q for q in queries[FIXED_TITLES:])
    assert f"{CHAIN_TITLES} AS titles" in queries[-1]


def test_a_chain_that_finds_nothing_says_how_far_it_looked_and_is_not_sure(lexicon):
    question = "how is tom hanks connected to Bong Joon Ho"
    p = plan(lexicon, question)
    empty = [
        ToolResult(
            call_id=f"1.{j}",
            tool=c.tool,
            status=ToolStatus.EMPTY if j < len(p.calls) else ToolStatus.TIMEOUT,
            error=None if j < len(p.calls) else "Query timed out",
        )
        for j, c in enumerate(p.calls, 1)
    ]
    ctx = SynthContext(
        question=question, results=empty, plans=[p], incomplete_reason=None, mode_label="offline"
    )
    lead = OfflineSynthesizer().compose(ctx)[0]
    assert f"no chain of up to {CHAIN_TITLES} shared titles" in lead
    assert "1 of the searches did not finish" in lead
    assert unproven([p], empty) and UNPROVEN < 0.5
    found = [empty[0].model_copy(update={"status": ToolStatus.OK, "rows": [{"chain": ["x"]}]})]
    assert not unproven([p], [*found, *empty[1:]])


@pytest.mark.parametrize(
    "question", ["who is tom hanks's most frequent director", "who directed tom hanks most often"]
)
def test_a_persons_most_frequent_director_ranks_directors(lexicon, question):
    (spec,) = plan(lexicon, question).reading
    assert (spec.op, spec.role, spec.limit) == ("costars", "director", 1)
    assert [p.name for p in spec.titles.people] == ["Tom Hanks"]


@pytest.mark.parametrize(
    ("question", "op"),
    [
        ("degrees of separation between Tom Hanks and Michael Peña", "chain"),
        ("anyone in a movie with Tom Hanks and in another with Michael Peña", "shared"),
    ],
)
def test_a_reading_that_leaves_a_relations_wording_unused_is_unsure(reader, question, op):
    text = clean(question)
    tags = reader.tagger.tag(text)
    (spec,) = reader.read(question)
    assert spec.op == op
    calls = "Tom Hanks Michael Peña"
    assert op not in usage(reader, text, tags, [spec], calls).cues
    wrong = spec.model_copy(update={"op": "list"})
    assert op in usage(reader, text, tags, [wrong], calls).cues
