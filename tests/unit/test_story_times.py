"""Which words of a description question are constraints and which are the story's
(`rules/story.py`). A time inside a description (after "about", "where" ...) is when the story is
set — words the description search carries, not a release-year filter and not a constraint the
reading dropped — unless worded as a release ("released in 2019", "from the 90s"): a filter. A
name after a place word there is a place in the story, not a person to filter by. A theme word
before the lead ("the christmas one where ...") joins the searched description."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import story
from agentic_rag.agent.rules.tags import Tag
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("who directed the film about spies who infiltrate exile groups in the 90s", "the 90s"),
        ("movie about a principal starting a baseball team in the 80s", "the 80s"),
        ("the series about narcotics cops on the coast during the 1970s", "the 1970s"),
        ("show where a family hides a secret set in the 1960s", "the 1960s"),
        ("film about a heist in the nineties", "nineties"),
    ],
)
def test_a_time_in_the_story_is_searched_not_filtered(lexicon, question, words):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert spec.titles.year_from is None and spec.titles.year_to is None
    assert words in spec.about
    searched = [c.args["query"] for c in p.calls if c.tool == "semantic"]
    assert any(words in q for q in searched)
    sure = p.confidence
    assert sure is not None and not sure.ask_back
    assert not any(words in u for u in sure.unsure)


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("a movie about a dog released in 2019", (2019, 2019)),
        ("show about a girl who travels in time that came out in 2018", (2018, 2018)),
        ("film about a bank robbery from the 90s", (1990, 1999)),
        ("series where two brothers run a farm, made in 2015", (2015, 2015)),
    ],
)
def test_a_time_worded_as_a_release_is_a_filter(lexicon, question, years):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert (spec.titles.year_from, spec.titles.year_to) == years
    semantic = [c for c in p.calls if c.tool == "semantic"]
    assert semantic and (semantic[0].args["year_from"], semantic[0].args["year_to"]) == years


def test_a_time_before_the_description_stays_a_filter(lexicon):
    p = plan(lexicon, "a 2019 movie about a dog who finds his way home")
    (spec,) = p.reading
    assert (spec.titles.year_from, spec.titles.year_to) == (2019, 2019)


def _tag(text: str, words: str, kind: str) -> Tag:
    start = text.index(words)
    return Tag(kind=kind, start=start, end=start + len(words), text=words, value=words.title())


@pytest.mark.parametrize(
    ("text", "words", "kept"),
    [
        ("the one where a baker from chicago and a princess swap places", "chicago", False),
        ("movie where a teen spends the day in chicago", "chicago", False),
        ("the film where two friends travel to paris", "paris", False),
        ("the movie where tom hanks is stranded on an island", "tom hanks", True),
        ("the show in which kevin hart hosts a quiz", "kevin hart", True),
    ],
)
def test_a_name_after_a_place_word_is_the_storys_place(text, words, kept):
    assert story.constraint(text, _tag(text, words, "person")) is kept


@pytest.mark.parametrize(
    ("head", "themes"),
    [
        ("the christmas one ", ["christmas"]),
        ("the {country} christmas {type} ", ["christmas"]),
        ("what's the {type} ", []),
        ("Find the {type} ", []),
        ("who directed the {country} {type} ", []),
        ("that spooky halloween {type} ", ["spooky", "halloween"]),
    ],
)
def test_theme_words_before_the_lead(head, themes):
    assert story.themes(head) == themes


@pytest.mark.parametrize(
    "question",
    [
        "the christmas one where a baker and a princess who look alike swap places",
        "a christmas movie where a baker and a princess trade places",
        "the christmas series about a family reunion",
    ],
)
def test_a_theme_before_the_lead_is_searched(lexicon, question):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert spec.about.startswith("christmas ")
    searched = [c.args["query"] for c in p.calls if c.tool == "semantic"]
    assert searched and all(q.startswith("christmas ") for q in searched)
    sure = p.confidence
    assert sure is not None and not any("christmas" in u for u in sure.unsure)


@pytest.mark.parametrize(
    ("text", "words"),
    [("the woman who starred in okja", "okja"), ("the guy who was in the irishman", "irishman")],
)
def test_a_title_after_a_place_word_is_still_a_title(text, words):
    assert story.constraint(text, _tag(text, words, "title"))
