"""A follow-up asked in parts carries the previous turn's set into every part: "show me the
thai tv shows" … "which of them are dramas, and how many" (`follow_parts`)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary


@pytest.mark.parametrize(
    ("before", "then", "country", "ops"),
    [
        (
            "show me the thai tv shows",
            "which of them are dramas, and how many",
            "Thailand",
            ("list", "count"),
        ),
        (
            "list the danish movies",
            "how many of those are comedies? and the oldest one",
            "Denmark",
            ("count", "top"),
        ),
        (
            "how many korean shows",
            "which are romantic ones, and the newest",
            "South Korea",
            ("list", "top"),
        ),
    ],
)
def test_every_part_keeps_the_previous_set(catalog_reader, before, then, country, ops):
    turn = TurnSummary(before, before, "...")
    specs = catalog_reader.read(then, history=[turn])
    assert tuple(s.op for s in specs) == ops
    assert all(s.titles.countries == [country] and s.titles.genres for s in specs)


def test_a_new_question_in_parts_is_its_own(catalog_reader):
    turn = TurnSummary("show me the thai tv shows", "...", "...")
    specs = catalog_reader.read("how many irish films, and the oldest one", history=[turn])
    assert all(s.titles.countries == ["Ireland"] for s in specs)


@pytest.mark.parametrize(
    ("before", "then", "country"),
    [
        ("korean movies from 2019", "which is the longest? and who directed it", "South Korea"),
        ("how many nigerian movies", "the shortest one, how many minutes is that", "Nigeria"),
        ("list the danish movies", "what is the oldest one - who directed it", "Denmark"),
    ],
)
def test_a_ranking_then_a_question_of_it_keeps_the_set(catalog_reader, before, then, country):
    turn = TurnSummary(before, before, "...")
    top, of_it = catalog_reader.read(then, history=[turn])
    assert top.op == "top" and top.limit == 1 and top.titles.countries == [country]
    assert of_it.ref == "first" and of_it.needs_results


def test_the_truth_of_the_oldest_danish_movie(catalog_df):
    danish = catalog_df[
        catalog_df.country.str.split(", ").apply(lambda c: "Denmark" in c)
        & (catalog_df.type == "Movie")
    ]
    oldest = danish.loc[danish.release_year.astype(int).idxmin()]
    assert (oldest.title, oldest.director) == ("300 Miles to Heaven", "Maciej Dejczer")


@pytest.mark.parametrize(
    ("before", "then"),
    [
        # the page asks the same question twice in one thread (the cache's e2e test)
        ("Movies about dreams and who acted in them", "Movies about dreams and who acted in them"),
        ("list the korean movies", "shows about cooking and who is in them"),
        ("how many thai tv shows", "films about chess, and who directed them"),
    ],
)
def test_a_new_story_in_parts_is_not_a_follow_up(catalog_reader, before, then):
    """A first part that tells its own story names no set before it: it is a new question, not
    the previous turn's set (it had been read as "movies · their cast" at 0.867)."""
    turn = TurnSummary(before, before, "...")
    first = catalog_reader.read(then, history=[turn])[0]
    assert first.about and not first.titles.countries
