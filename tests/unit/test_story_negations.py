"""Negation words told inside a story ("spanish movie: two strangers meet at a bookshop bar and
date only there, not knowing a thing about each other"): deep inside the searched description
they are the story's words, so they do not count as a meaning word the reading left unread; a
negation beside one or two searched words ("movies about dogs not cats") still does. The truth
(the one title the story tells) is found with pandas on data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.planner import OfflinePlanner
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.story_words import told_in_story
from tests.unit.test_reading_confidence import plan


@pytest.fixture(scope="module")
def catalog_planner(catalog_reader) -> OfflinePlanner:
    return OfflinePlanner(catalog_reader.lex, 0.5)


STORIES = [
    "spanish film: two strangers meet at a bookstore bar n go out only at the shop, "
    "not knowing anything about each other",
    "movie from spain - a couple date only at the bookshop bar without knowing a thing "
    "about each other",
    "spanish movie, two ppl who meet in a bookshop bar date just there and never learn "
    "a thing bout each other",
]


@pytest.mark.parametrize("question", STORIES)
def test_a_negation_inside_a_told_story_is_the_storys(catalog_df, catalog_planner, question):
    rows = catalog_df[
        catalog_df["description"].str.contains("bookshop bar")
        & catalog_df["country"].fillna("").str.contains("Spain")
    ]
    assert list(rows["title"]) == ["Our Lovers"]  # the truth
    p = plan(catalog_planner, question)
    assert p.reading[0].op == "search" and p.reading[0].about, question
    sure = p.confidence
    assert sure is not None
    negations = {"only", "not", "never", "without", "just"}
    assert not any(w in negations for u in sure.unsure for w in u.split("'")), sure.unsure


@pytest.mark.parametrize(
    ("text", "about"),
    [
        ("movies about dogs not cats", "dogs not cats"),  # one searched word on each side
        ("movie not about war where a soldier comes home to his family", "soldier home family war"),
        ("a show where a chef cooks for a town, only the italian ones", "chef cooks town italian"),
        (
            "film about a boy who befriends a whale in the arctic sea without subtitles",
            "boy befriends whale arctic sea subtitles",
        ),
    ],
)
def test_a_negation_near_the_edge_of_a_story_stays_a_filter(text, about):
    spec = QuerySpec(op="search", text=text, about=about)
    word = next(w for w in ("not", "only", "without") if f" {w} " in f" {text} ")
    assert not told_in_story(word, text, [spec])


def test_a_negation_deep_inside_a_long_story_is_told(catalog_planner):
    text = "a man and a woman date only at the shop never knowing a thing about each other"
    spec = QuerySpec(op="search", text=text, about="man woman date shop knowing thing each other")
    assert told_in_story("only", text, [spec]) and told_in_story("never", text, [spec])
    assert not told_in_story("only", text, [QuerySpec(op="count", text=text, about="")])
