"""A time inside a description (after "about", "where" ...) is either when the story is set —
words the description search carries, not a release-year filter and not a constraint the reading
dropped — or, worded as a release ("released in 2019", "from the 90s", "that came out in 2010"),
a filter on the titles. A time before the description is a filter as before."""

from __future__ import annotations

import pytest

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
