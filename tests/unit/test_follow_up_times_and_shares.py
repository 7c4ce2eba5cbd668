"""Follow-ups that keep the turn before's time or answer: "and tv shows that same day?" (the
day carried, its words used), "what percent is that of all shows added that year" (the share
of the answer before within the set named now, in that year; asked alone it refers to nothing
and is unsure), "which one came out first" (the earliest of the set before), "how many seasons
has it got" (the entry of the title before)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import confidence
from tests.unit.test_offline_planner import plan, rows


def _turn(question: str, ids: list[str] | None = None) -> TurnSummary:
    return TurnSummary(question, question, "...", show_ids=ids or [])


@pytest.mark.parametrize(
    ("first", "then", "window"),
    [
        ("how many movies were added on 1 january 2020", "and tv shows that same day?",
         ("2020-01-01", "2020-01-02")),
        ("how many movies were added in march 2021", "what about shows the same month",
         ("2021-03-01", "2021-04-01")),
        ("how many movies were added in 2019", "and tv shows that year?",
         ("2019-01-01", "2020-01-01")),
    ],
)  # fmt: skip
def test_the_same_time_is_carried_and_its_words_used(reader, first, then, window):
    (spec,) = reader.read(then, [_turn(first)])
    assert spec.titles.type == "TV Show"
    assert (spec.titles.added_from, spec.titles.added_to) == window
    _, u = confidence.features(reader, then, [spec], "")
    assert "same" not in u.unused and not u.meaning, (u.unused, u.meaning)


@pytest.mark.parametrize(
    ("then", "expected"),
    [
        ("what percent is that of all titles added that year", (50.0, 1, 2)),
        ("what share of all titles added that year is that?", (50.0, 1, 2)),
        ("and what percent is that of all movies", (25.0, 1, 4)),
    ],
)
def test_a_share_of_the_answer_before(lexicon, db, then, expected):
    first = "how many movies rated R were added in 2019"
    p = plan(lexicon, then, history=[_turn(first)])
    (spec,) = p.reading
    assert spec.op == "share" and spec.part is not None and spec.part.ratings == ["R"]
    assert rows(db, p) == [expected]


def test_a_share_of_that_asked_alone_is_unsure(lexicon):
    p = plan(lexicon, "what percent is that of all shows")
    assert p.confidence is not None and p.confidence.probability < 0.5


@pytest.mark.parametrize(
    ("then", "by", "ascending"),
    [
        ("which one came out first", "release_year", True),
        ("and which of them was added last", "date_added", False),
        ("which was released most recently?", "release_year", False),
    ],
)
def test_which_came_first_ranks_the_set_before(reader, then, by, ascending):
    (spec,) = reader.read(then, [_turn("list the comedies", ["s1", "s2"])])
    assert (spec.op, spec.limit, spec.by, spec.ascending) == ("top", 1, by, ascending)
    assert spec.titles.genres


@pytest.mark.parametrize(
    "then", ["how many seasons has it got", "how many seasons have they got", "how long is it"]
)
def test_has_it_got_asks_the_entry_of_the_title_before(reader, then):
    (spec,) = reader.read(then, [_turn("is kingdom on netflix", ["s3"])])
    assert spec.op == "describe" and spec.titles.titles == ["Kingdom"], then


@pytest.mark.parametrize(
    "then", ["and the same for shows", "the same thing for shows", "ok same for shows"]
)
def test_the_same_for_another_set_is_a_follow_up_using_its_words(reader, then):
    (spec,) = reader.read(then, [_turn("how many movies were added in 2019")])
    assert spec.op == "count" and spec.titles.type == "TV Show"
    assert (spec.titles.added_from, spec.titles.added_to) == ("2019-01-01", "2020-01-01")
    _, u = confidence.features(reader, then, [spec], "")
    assert not u.unused and not u.meaning, (u.unused, u.meaning)


@pytest.mark.parametrize(
    ("then", "by", "ascending"),
    [
        ("show me the oldest one", "release_year", True),
        ("when was the last one added", "date_added", False),
        ("and the newest dramatic one?", "release_year", False),
    ],
)
def test_a_ranked_one_after_a_listing_ranks_that_set(reader, then, by, ascending):
    (spec,) = reader.read(then, [_turn("list 3 movies from south korea", ["s2", "s3"])])
    assert spec.titles.countries == ["South Korea"], then
    assert (spec.limit, spec.by, spec.ascending) == (1, by, ascending)


def test_a_ranked_one_asked_first_is_the_whole_catalog(reader):
    (spec,) = reader.read("show me the oldest one")
    assert not spec.titles.countries and spec.limit == 1
