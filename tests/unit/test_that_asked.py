""" "the oldest egyptian movie", then "when did that come out", then "what is that rated": a
"that" an asking verb is about (`title_refs.THAT_ASKED`) is the earlier title, not a relative
"that" ("movies that came out in 2019"); an entry asked after an entry of "it" is of the one
title the answer before was about; "how many seasons" after a named title is its entry, as
sure as its cue."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules.title_refs import SINGULAR
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("text", "refers"),
    [
        ("when was this released", True),
        ("how long does that run", True),
        ("what is that rated?", True),
        ("korean shows that came out in 2020", False),
        ("movies that were added last year", False),
        ("documentaries that have won awards", False),
    ],
)
def test_a_that_an_asking_verb_is_about_is_an_earlier_title(text, refers):
    assert bool(SINGULAR.search(text)) is refers


@pytest.mark.parametrize("then", ["when was this released", "ok and when was that added"])
def test_that_after_a_ranking_is_its_top_title(lexicon, then):
    before = TurnSummary("the newest korean show", "...", "...", show_ids=["s3"])
    specs = plan(lexicon, then, history=[before]).reading
    assert specs[0].replayed and specs[-1].op == "describe" and specs[-1].ref == "first"


def test_an_entry_after_an_entry_of_it_is_of_that_title(lexicon):
    first = TurnSummary("the newest korean show", "...", "...", show_ids=["s3"])
    second = TurnSummary("when did that come out", "...", "...", show_ids=["s3", "s3"])
    p = plan(lexicon, "what's that rated", history=[first, second])
    (spec,) = p.reading
    assert spec.op == "describe" and spec.titles.show_ids == ["s3"]
    assert "'s3'" in p.calls[0].args["query"] and "show_id IN" in p.calls[0].args["query"]


@pytest.mark.parametrize("then", ["and how many seasons?", "how long"])
def test_a_length_after_a_named_title_is_its_entry_and_sure(lexicon, then):
    before = TurnSummary("Kingdom", "...", "...", show_ids=["s3"])
    p = plan(lexicon, then, history=[before])
    (spec,) = p.reading
    assert spec.op == "describe" and spec.titles.titles == ["Kingdom"]
    assert p.confidence is not None and p.confidence.probability >= 0.8
