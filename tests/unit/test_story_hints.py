"""A vague age beside a story told of one title ("old horror movie where a little boy keeps saying
his toy doll is the one killing people …"): the search by the story picks the title and the age
is a hint it does not read, so the reading answers but is never sure
(`confidence.ANSWERED_CAP`); the same word left unread in a listing or a count still caps the
reading as a meaning word. The truth (the one title the story tells) is found with pandas on
data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.planner import OfflinePlanner
from tests.unit.test_reading_confidence import plan


@pytest.fixture(scope="module")
def catalog_planner(catalog_reader) -> OfflinePlanner:
    return OfflinePlanner(catalog_reader.lex, 0.5)


@pytest.mark.parametrize(
    ("question", "words"),
    [
        (
            "old horror film where a boy insists his doll chucky is the killer but his mom "
            "and the cops do not believe him",
            ("toy doll Chucky", "believe him"),
        ),
        (
            "that new show where hundreds of broke players compete in deadly children's games "
            "for a cash prize",
            ("cash-strapped", "children's games"),
        ),
    ],
)
def test_a_vague_age_beside_a_told_story_answers_unsure(
    catalog_df, catalog_planner, question, words
):
    rows = catalog_df
    for w in words:
        rows = rows[rows["description"].str.contains(w)]
    assert len(rows) >= 1  # the truth: a title whose description tells the story
    p = plan(catalog_planner, question)
    assert p.reading[0].op == "search" and p.reading[0].about, question
    sure = p.confidence
    assert sure is not None and sure.features.get("story_hint") == 1.0, sure
    assert not sure.ask_back and sure.probability <= confidence.ANSWERED_CAP, (question, sure)


def test_a_vague_age_left_unread_in_a_listing_still_caps(catalog_planner):
    sure = plan(catalog_planner, "old movies from mexico").confidence
    assert sure is not None
    assert sure.features.get("story_hint", 0.0) == 0.0


def test_the_hint_cap_holds_whatever_the_model_says():
    feats = {"intent": 1.0, "story_hint": 1.0}
    assert confidence.probability(feats) <= confidence.ANSWERED_CAP
