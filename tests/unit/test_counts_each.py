"""Sets asked a count each (`pairs.py`), spelled amounts (`amounts.py`) and courtesy words at a
question's end (`split.py`): phrasings written for these rules, not taken from a question set."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.amounts import amount_tags
from agentic_rag.agent.rules.pairs import apart, each_said
from agentic_rag.agent.rules.split import split


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (
            "spanish movies over 2 hours and spanish shows with more than 3 seasons, give me "
            "both numbers",
            [
                "how many spanish movies over 2 hours",
                "how many spanish shows with more than 3 seasons",
            ],
        ),
        (
            "anime series with 4+ seasons and anime films under 90 minutes - how many of each",
            ["how many anime series with 4+ seasons", "how many anime films under 90 minutes"],
        ),
        (
            "how many of each: horror movies longer than two hours, and docuseries with a "
            "single season",
            [
                "how many horror movies longer than two hours",
                "how many docuseries with a single season",
            ],
        ),
        (
            "how many movies over two and a half hours and shows with 5 or more seasons",
            ["how many movies over two and a half hours", "how many shows with 5 or more seasons"],
        ),
        (
            "count of films under an hour plus series with exactly 2 seasons",
            ["how many films under an hour", "how many series with exactly 2 seasons"],
        ),
        (
            "indian movies longer than 3 hours as well as indian shows with 6 seasons, both "
            "counts please",
            ["how many indian movies longer than 3 hours", "how many indian shows with 6 seasons"],
        ),
    ],
)
def test_sets_asked_a_count_each_are_parts(question, parts):
    assert split(question) == parts


@pytest.mark.parametrize(
    "question",
    [
        "how many movies are longer than 2 hours and rated R",  # one set, two filters
        "how many movies between 1 and 2 hours",  # a span, not two sets
        "how many movies and shows over 2 hours",  # one amount for both: a note, not a split
        "how many shows have more than 3 seasons and were added in 2020",
        "horror and comedy movies over 2 hours",  # no count asked
        "list french movies over 2 hours and french shows with 3 seasons",  # a listing
        "movies and tv shows added in 2019: how many of each",  # words both sets share
        "movies vs shows over 2 hours, how many of each",
        "british dramas, american comedies and korean shows - count each",  # no amounts
    ],
)
def test_one_set_or_no_count_each_is_not_split_into_sets(question):
    assert apart(question) is None


def test_the_words_asking_a_count_each_are_the_readings():
    assert each_said("x and y, give me both numbers") == {"give", "me", "both", "numbers"}
    assert each_said("how many of each: x and y") == {"how", "many", "of", "each"}
    assert each_said("how many movies are there") == set()


@pytest.mark.parametrize(
    ("text", "kind", "lo", "hi"),
    [
        ("docuseries that only have a single season", "seasons", 1, 1),
        ("shows with just a single season", "seasons", 1, 1),
        ("single-season shows", "seasons", 1, 1),
        ("shows with one season only", "seasons", 1, 1),
        ("shows with only 1 season", "seasons", 1, 1),
        ("more than a single season", "seasons", 2, None),
        ("three-season shows", "seasons", 3, 3),
        ("a 2-hour movie", "minutes", 120, 120),
        ("movies under an hour and a half", "minutes", None, 89),
        ("films over two and a half hours", "minutes", 151, None),
        ("an hour and a half or less", "minutes", None, 90),
        ("movies under ninety minutes", "minutes", None, 89),
        ("films over a hundred minutes", "minutes", 101, None),
        ("films longer than a hundred and twenty minutes", "minutes", 121, None),
        ("movies under forty-five minutes", "minutes", None, 44),
        ("movies under forty five minutes", "minutes", None, 44),
        ("shows with more than a couple of seasons", "seasons", 3, None),
        ("shows with a dozen seasons", "seasons", 12, 12),
        ("shows with eleven seasons or more", "seasons", 11, None),
        ("movies under an hour and fifteen minutes", "minutes", None, 74),
        ("over two hours and forty-five minutes", "minutes", 166, None),
        ("movies under 1h30", "minutes", None, 89),
        ("a 1h45m film or less", "minutes", 105, 105),
        ("over 2hr15", "minutes", 136, None),
        ("shows with one or two seasons", "seasons", 1, 2),
        ("movies 90 to 120 minutes long", "minutes", 90, 120),
        ("films of 1-2 hours", "minutes", 60, 120),
        ("between ninety and a hundred and twenty minutes", "minutes", 90, 120),
    ],
)
def test_spelled_amounts(text, kind, lo, hi):  # one amount each, its bounds inclusive
    tags = amount_tags(text, [])
    assert [(t.kind, t.lo, t.hi) for t in tags] == [(kind, lo, hi)]


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("thai films count plus the shortest one pls", ["thai films count", "the shortest one"]),
        (
            "number of irish shows and the newest one, thanks",
            ["number of irish shows", "the newest one"],
        ),
        ("korean movies how many + the oldest of them please?", None),
        ("how many anime are there plz", ["how many anime are there"]),
    ],
)
def test_courtesy_words_at_the_end_do_not_hold_a_part(question, parts):
    got = split(question)
    if parts is None:
        assert len(got) == 2 and "please" not in got[-1]
    else:
        assert got == parts


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        ("Ocean's Eleven", []),  # a number word with no unit
        ("the hundred foot journey", []),
        ("top 10 to 2 hours", [(120, 120)]),  # a span only from the smaller number up
    ],
)
def test_number_words_alone_or_a_backwards_span_are_no_amount(text, amounts):
    assert [(t.lo, t.hi) for t in amount_tags(text, [])] == amounts


@pytest.mark.parametrize(
    ("question", "unread"),
    [
        ("how many shows have several seasons", ["seasons"]),
        ("movies of a good few hours, how many", ["hours"]),
        ("how many shows have 3 seasons", []),
        ("which show has the most seasons", []),
        ("the longest kids show by seasons", []),
        ("average minutes of indian movies", []),
    ],
)
def test_a_unit_the_reading_did_not_read_is_a_meaning_word_left_unused(reader, question, unread):
    from agentic_rag.agent.rules.usage import usage

    specs = reader.read(question)
    got = usage(reader, question, reader.tagger.tag(question), specs, "").meaning
    assert [w for w in got if w in ("seasons", "minutes", "hours")] == unread
