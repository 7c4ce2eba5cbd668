"""The one operation decision (`agent/rules/intent.py` over `cues.yaml`): the bank's vote, the
cues and the reader's evidence score every candidate, the tags rule candidates out, and the
winner comes with its runner-up and margin. The phrasings here are written for this file (not
taken from the golden or tune sets), on the small catalog of the planner's tests."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from agentic_rag.agent.rules import clarify
from agentic_rag.agent.rules.cues import BOOK, CUES_PATH, load_cues
from agentic_rag.agent.rules.intent import Intent
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.reader import Reader
from tests.unit.test_offline_planner import COUNTRIES, GENRES, PEOPLE, RATINGS, SHOWS


@pytest.fixture(scope="module")
def reader() -> Reader:
    return Reader(Lexicon(GENRES, COUNTRIES, RATINGS, people=PEOPLE, shows=SHOWS))


def decide(reader: Reader, question: str) -> Intent:
    return reader.decide(question, reader.tagger.tag(question))


@pytest.mark.parametrize(
    ("question", "op"),
    [
        ("Roughly what proportion of Egyptian titles are movies?", "share"),
        ("On average how many minutes do Indian comedies run?", "average"),
        ("Classify dramas mentioning war as war stories", "label"),
        ("Which performers has Michael Peña collaborated with?", "costars"),
        ("If I loved Kingdom, what else should I watch?", "similar"),
        ("Shows similar in spirit to Kingdom", "similar"),  # a few words before the title
        ("Who does Michael Peña work with most often?", "costars"),
        ("Japan versus India: which has more titles?", "compare"),
        ("Has Okja won any awards?", "external"),
        ("What rating does Okja have?", "describe"),
        ("Who made Crash Landing?", "people"),
        ("TV shows added each year since 2018", "most"),
        ("the oldest comedies", "top"),
        ("How many comedies mention 'wedding' versus 'funeral'?", "label"),
        ("who directed and starred in the same film?", "auteur"),
    ],
)
def test_a_wording_that_names_an_operation_decides_it_by_more_than_any_vote(reader, question, op):
    intent = decide(reader, question)
    assert intent.op == op
    assert intent.cue  # a cue or evidence counted for it
    assert intent.margin > 1.0  # the tiers are more than a vote share (at most 1) apart
    assert intent.totals[op] == max(intent.totals.values())


def test_the_runner_up_is_the_best_other_candidate_and_the_margin_the_gap(reader):
    intent = decide(reader, "On average how many minutes do Indian comedies run?")
    assert (intent.op, intent.runner_up) == ("average", "count")  # "how many" counted too
    second = intent.totals[intent.runner_up]
    assert intent.margin == pytest.approx(intent.totals["average"] - second, abs=1e-3)
    assert all(v <= second for k, v in intent.totals.items() if k != "average")


@pytest.mark.parametrize(
    ("question", "op", "runner_up"),
    [
        ("Tell me about The Irishman", "describe", "people"),  # only the vote decides
        ("show me the shortest TV dramas", "top", "list"),  # a weak cue just above a vote
    ],
)
def test_a_close_decision_has_a_small_margin(reader, question, op, runner_up):
    intent = decide(reader, question)
    assert (intent.op, intent.runner_up) == (op, runner_up)
    assert 0.0 < intent.margin < 1.0


def test_two_wordings_at_once_are_weighed_in_the_same_decision(reader):
    """'how many … per rating' holds a count cue and a per-group cue: the ranking of groups
    weighs more, and the count is its close runner-up."""
    intent = decide(reader, "the number of movies per rating")
    assert (intent.op, intent.runner_up) == ("most", "count")
    assert intent.margin < 1.5


@pytest.mark.parametrize(
    ("question", "not_op"),
    [
        ("compare comedies", "compare"),  # one side only: no pair to compare
        ("When was it added to the catalog?", "describe"),  # no title to describe
        ("Who worked with the director of Kingdom?", "costars"),  # no person named
        ("something similar to what I watched", "similar"),  # no title to be similar to
    ],
)
def test_an_operation_whose_tags_are_missing_cannot_win(reader, question, not_op):
    intent = decide(reader, question)
    assert intent.op != not_op
    assert not_op not in intent.totals


def test_who_asks_for_people_unless_the_question_ranks(reader):
    assert decide(reader, "Who is behind Kingdom?").op == "people"
    ranked = decide(reader, "who has the most titles in the catalog")
    assert ranked.op == "most" and ranked.cue != "people"


def test_a_long_description_rules_out_what_cannot_carry_one(reader):
    intent = decide(reader, "Indian comedies about a soldier who tours small towns with a friend")
    assert intent.op == "search" and intent.cue == "described"
    assert "list" not in intent.totals and "top" not in intent.totals
    named = decide(reader, "how long is The Irishman, the film about a hit man who looks back")
    assert named.op == "describe"  # a catalog title carries the description


def test_the_reader_keeps_the_decision_and_carries_its_runner_up(reader):
    for question in (
        "What rating does Okja have?",
        "TV shows added each year since 2018",
        "Japan versus India: which has more titles?",
        "Tell me about The Irishman",
    ):
        intent = decide(reader, question)
        (spec,) = reader.read(question)
        assert (spec.op, spec.runner_up, spec.margin) == (
            intent.op,
            intent.runner_up,
            intent.margin,
        )


def test_asking_whether_the_catalog_holds_a_title_is_evidence_in_the_decision(reader):
    (spec,) = reader.read("Do you have Okja?")
    assert spec.op == "describe" and spec.confidence >= 0.9
    assert spec.margin is not None and spec.margin > 1.0


def test_a_cue_that_says_what_is_asked_of_a_held_title_outweighs_the_holding(reader):
    # holdings.asked_for leaves out a question that asks an outside fact of the title, so
    # "do you have it" is not even the runner-up
    for question in ("Are there reviews of Okja?", "Do you have the awards Okja won?"):
        (spec,) = reader.read(question)
        assert spec.op == "external" and spec.runner_up != "describe", question


def test_like_before_a_title_is_similar_but_not_before_other_words(reader):
    assert decide(reader, "comedies like The Irishman").op == "similar"
    assert decide(reader, "I like comedies with Tom Hanks").op != "similar"


def test_every_operation_has_an_entry_and_every_cue_weight_is_a_tier(reader):
    ops = set(BOOK.operations)
    assert {"count", "list", "search", "shared", "auteur", "chain"} <= ops
    weights = sorted(
        {c.weight for e in BOOK.operations.values() for c in e.cues if c.weight > 0}
        | {e.weight for e in BOOK.evidence.values() if e.op != "search"}
    )
    assert weights[0] > 1.0  # a deciding cue outweighs any vote share


def _write(tmp_path: Path, change) -> Path:  # type: ignore[no-untyped-def]
    data = yaml.safe_load(CUES_PATH.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "cues.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda d: d["operations"]["count"]["cues"][0].update(patterns=["(unclosed"]), "regular"),
        (lambda d: d["operations"]["share"].update(requires=["someone"]), "requirement"),
        (lambda d: d["operations"].pop("search"), "without an entry"),
        (lambda d: d["operations"]["people"]["cues"][0].update(unless=["search"]), "unless"),
        (lambda d: d["operations"]["top"]["cues"][0].update(wieght=2.0), "wieght"),
        (lambda d: d["operations"]["top"]["cues"][0].update(weight=-1.0), "weight"),
    ],
)
def test_a_malformed_cue_book_fails_when_it_loads(tmp_path, change, why):
    with pytest.raises(ValidationError, match=why):
        load_cues(_write(tmp_path, change))


def test_the_shipped_cue_book_loads_and_matches_whole_words():
    book = load_cues()
    count = book.operations["count"].pattern
    assert count.search("hw many films") and count.search("the total of it")
    assert not count.search("totally new")  # a word, not part of one
    similar = book.operations["similar"].pattern
    assert similar.search("anything like {title}") and not similar.search("i like {genre}")


def test_asking_back_offers_the_runner_up_of_a_close_decision(reader):
    (spec,) = specs = reader.read("Tell me about The Irishman")
    assert (spec.op, spec.runner_up) == ("describe", "people") and (spec.margin or 0) < 1.0
    offered = [c.question for c in clarify.choices(reader, specs, below=0.0)]
    assert len(offered) == 2  # the reading made, and the runner-up said as its own question
    (other,) = reader.read(offered[1])
    assert other.op == "people" and other.titles.titles == ["The Irishman"]


def test_a_decision_a_cue_made_offers_no_runner_up(reader):
    specs = reader.read("What rating does Okja have?")
    assert (specs[0].margin or 0) > 1.0
    assert len(clarify.choices(reader, specs, below=0.0)) <= 1


@pytest.mark.parametrize(
    "question", ["who made the most dramas", "which creators have the most dramas"]
)
def test_who_made_the_most_ranks_directors(reader, question):
    (spec,) = reader.read(question)
    assert spec.op == "most" and spec.by == "director", question
