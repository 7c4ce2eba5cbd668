"""One title or a list (`shape.one_asked`), "the highest number of seasons" as a ranking,
"documentaries" with no type named, and sets asked a count each read over the tiny catalog:
phrasings written for these rules, not taken from a question set."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.shape import one_asked, order
from agentic_rag.agent.rules.spec import TitleSet


@pytest.mark.parametrize(
    "text",
    [
        "whats the german show with the most seasons",
        "the japanese series that has the most seasons",
        "what's the indian film that runs the longest",
        "the spanish movie with the shortest runtime",
        "the korean show with the lowest number of seasons",
        "the kids show with the highest number of seasons",
        "the british documentary with the longest running time",
        "name the oldest",
        "tell me the newest one",
        "which is the longest",
        "the longest-running british show",
        "whats the longest running anime",
        # no "the": the singular noun alone says one
        "teen show with the most seasons",
        "greek film that runs the longest",
        "canadian sitcom with the fewest seasons",
        "any documentary having the most recent release year",
        # a ranking alone after its set, with no "the": one
        "greek films: how many? newest?",
        "canadian shows, longest running",
        "danish movies - shortest one",
    ],
)
def test_a_singular_definite_ranking_asks_for_one_title(text):
    assert one_asked(text)


@pytest.mark.parametrize(
    "text",
    [
        "the german shows with the most seasons",
        "the spanish movies that run the longest",
        "the oldest movies",
        "name the 3 oldest",
        "list the oldest",
        "the longest korean dramas",
        "teen shows with the most seasons",
        "greek films that run the longest",
        "anime with the most seasons",
    ],
)
def test_a_plural_or_counted_ranking_asks_for_a_list(text):
    assert not one_asked(text)


@pytest.mark.parametrize(
    ("masked", "ascending"),
    [
        ("the show with the highest number of seasons", False),
        ("which show has the greatest count of seasons", False),
        ("the {type} with the most seasons", False),
        ("the {type} with the lowest number of seasons", True),
        ("shows with the smallest number of seasons", True),
        ("the {type} with the fewest seasons", True),
        ("the longest running {type}", False),
        ("the longest-running {type}", False),
    ],
)
def test_a_number_of_seasons_said_as_a_noun_orders_by_seasons(masked, ascending):
    """And "the longest-running show": the one that ran the most seasons."""
    assert order(masked, TitleSet(type="TV Show"), False) == ("seasons", ascending)


@pytest.mark.parametrize(
    ("question", "by", "ascending"),
    [
        ("the show with the highest number of seasons", "seasons", False),
        ("which tv show has the greatest number of seasons", "seasons", False),
        ("the series with the lowest number of seasons", "seasons", True),
    ],
)
def test_the_highest_number_of_seasons_is_one_ranked_title_not_a_count(
    reader, question, by, ascending
):
    spec = reader.read(question)[-1]
    assert (spec.op, spec.by, spec.ascending, spec.limit) == ("top", by, ascending, 1)


@pytest.mark.parametrize(
    ("question", "genres", "kind"),
    [
        ("top 3 countries for documentaries", [["Documentaries"]], None),
        ("which country made the most docs", [["Documentaries"]], None),
        ("the 5 oldest documentaries", [["Documentaries"]], None),
        ("how many documentaries are there", [["Documentaries", "Docuseries"]], None),
        ("list docs from 2019", [["Documentaries", "Docuseries"]], None),
        ("how many documentary shows are there", [["Docuseries"]], "TV Show"),
        ("the oldest documentary series", [["Docuseries"]], "TV Show"),
        ("documentaries with more than 2 seasons", [["Docuseries"]], "TV Show"),
        ("documentary movies under an hour", [["Documentaries"]], "Movie"),
        ("how many docuseries are there", [["Docuseries"]], "TV Show"),
    ],
)
def test_documentaries_ranked_with_no_type_named_are_the_documentary_films(
    reader, question, genres, kind
):
    titles = reader.read(question)[-1].titles
    assert (titles.genres, titles.type) == (genres, kind)


def test_a_documentary_that_shows_something_is_the_verb(reader):
    titles = reader.read("a documentary that shows how bees make honey")[0].titles
    assert titles.type is None


@pytest.mark.parametrize(
    ("question", "sets"),
    [
        (
            "comedies over 2 hours and dramas with more than 2 seasons, give me both numbers",
            [("Movie", 121, None, None, None), ("TV Show", None, None, 3, None)],
        ),
        (
            "how many of each: shows with a single season and movies under an hour and a half",
            [("TV Show", None, None, 1, 1), ("Movie", None, 89, None, None)],
        ),
        (
            "how many films shorter than 100 minutes and series with 2 or more seasons",
            [("Movie", None, 99, None, None), ("TV Show", None, None, 2, None)],
        ),
    ],
)
def test_each_set_counted_keeps_its_own_unit_and_type(reader, question, sets):
    specs = reader.read(question)
    assert [s.op for s in specs] == ["count"] * len(sets)
    fields = ("type", "minutes_min", "minutes_max", "seasons_min", "seasons_max")
    got = [tuple(getattr(s.titles, f) for f in fields) for s in specs]
    assert got == sets


def test_the_longest_running_movie_is_by_its_running_time():
    assert order("the longest running {type}", TitleSet(type="Movie"), False) == (
        "duration_minutes",
        False,
    )
