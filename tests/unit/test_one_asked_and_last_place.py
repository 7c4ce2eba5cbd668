"""The shape of what is asked: one title after an article ("give me a horror movie from spain"),
the noun after a superlative past its participle ("the earliest added documentary": one), "the
last one" of an earlier list (its last place, not the latest addition), and a count with its
titles ("how many … are rated X, and name them") read surely."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules.shape import one_asked
from agentic_rag.agent.rules.title_refs import at_place, place
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    "question",
    [
        "give me a drama from india",
        "recommend a comedy from 2019",
        "can you suggest an anime film",
        "find me a single documentary about space",
    ],
)
def test_an_article_after_a_request_asks_for_one(reader, question):
    spec = reader.read(question)[0]
    assert spec.limit == 1, question


@pytest.mark.parametrize(
    "question",
    [
        "give me a list of dramas from india",
        "give me a few comedies",
        "recommend a bunch of anime",
        "show me a couple of movies from 2019",
    ],
)
def test_a_list_or_a_few_is_no_single_title(reader, question):
    assert reader.read(question)[0].limit != 1, question


@pytest.mark.parametrize(
    ("question", "one"),
    [
        ("earliest added documentary on netflix", True),
        ("the most recent released anime film", True),
        ("the latest added comedy from india", True),
        ("the earliest added titles", False),
        ("the newest released movies", False),
    ],
)
def test_the_noun_after_a_superlative_and_its_participle(question, one):
    assert one_asked(question) is one


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("who directed the last one", ["c"]),
        ("and the final movie?", ["c"]),
        ("who is in the second one", ["b"]),
        ("who is in the fifth one", []),
    ],
)
def test_the_last_place_of_a_list(text, expected):
    assert at_place(["a", "b", "c"], text) == expected


def test_the_last_one_added_is_the_latest_addition_not_a_place():
    assert place("what was the last one added in 2019") is None
    assert place("when was the last movie added") is None
    assert place("the last movie from india") is None  # the latest, said with a filter
    assert place("the last season of the crown") is None


@pytest.mark.parametrize(
    "question",
    [
        "how many titles are rated TV-Y7, and name them",
        "how many titles are rated NC-17? list them",
        "how many titles are rated UR and which ones",
    ],
)
def test_a_count_of_a_rating_with_its_titles_is_read_surely(catalog_reader, question):
    p = plan(catalog_reader.lex, question)
    assert [s.op for s in p.reading] == ["count", "list"]
    assert p.confidence is not None and p.confidence.probability >= 0.5


def test_the_last_one_after_a_listing_is_its_last_title(lexicon):
    turn = TurnSummary("list 3 comedies", "list 3 comedies", "...", show_ids=["s1", "s2", "s3"])
    (spec,) = plan(lexicon, "who directed the last one", history=[turn]).reading
    assert spec.titles.show_ids == ["s3"]
