"""A story told in the user's words with no lead word before a closing ask ("…, who directed",
"…, name of movie": `unled.yaml`) is searched as a described title, its names and times the
story's words; a title inside a long story is one of its words; a clear match inside the part's
filters loses to a much nearer title outside them (`match.pick`). Truth: each story retells a
catalog description; title and director looked up with pandas on data/netflix_titles.csv
(Kaleidoscope: Rupert Jones; Ghosts of War; Back of the Net; Trial 4; Fear City)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import match, story
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.unled import led
from agentic_rag.tools.base import ToolResult, ToolStatus


@pytest.mark.parametrize(
    ("question", "rewritten"),
    [
        (
            "quiet ex-con losing his grip on reality bc of his manipulative mum, who directed it",
            "who directed the one about quiet ex-con losing his grip on reality bc of his "
            "manipulative mum",
        ),
        (
            "five worn out allied soldiers guarding a chateau the nazis had - director?",
            "who directed the one about five worn out allied soldiers guarding a chateau the "
            "nazis had",
        ),
        (
            "art curator and her professor husband will do anything to join the elite, whos in it",
            "who is in the one about art curator and her professor husband will do anything "
            "to join the elite",
        ),
        (
            "american science nerd accidentally ends up at an aussie soccer academy, name of movie",
            "movie about american science nerd accidentally ends up at an aussie soccer academy",
        ),
        (
            "teen charged with killing a boston cop in 1993 fights to prove hes innocent. "
            "docuseries name?",
            "docuseries about teen charged with killing a boston cop in 1993 fights to prove hes "
            "innocent",
        ),
        (
            "tamil action movie about two brothers, one a cop and the other a rogue, who directed",
            "who directed the tamil action movie about two brothers, one a cop and the other "
            "a rogue",
        ),
    ],
)
def test_a_closing_ask_goes_before_its_story(question, rewritten):
    assert led(question) == rewritten


@pytest.mark.parametrize(
    "question",
    [
        "the irishman and the two popes, who directed",  # two titles, no story
        "movies with tom hanks from the 90s, the movie",
        "how many shows are there from japan, whats the name of the longest",
        "a movie about a chess prodigy orphan girl - who directed that",  # a part on that title
    ],
)
def test_no_story_before_the_ask_is_left_alone(question):
    assert led(question) == question


@pytest.mark.parametrize(
    ("text", "word", "kept"),
    [
        (
            "title about apocalypse survivors at a truck stop and the pregnant girl carries the "
            "messiah",
            "messiah",
            False,
        ),
        ("the movie where they rewatch okja", "okja", True),  # a short story names a title
        ("who starred in the one about narcos", "narcos", True),
    ],
)
def test_a_title_inside_a_long_story_is_its_word(text, word, kept):
    start = text.index(word)
    tag = Tag(kind="title", start=start, end=start + len(word), text=word, value=word.title())
    assert story.constraint(text, tag) is kept


@pytest.mark.parametrize(
    ("question", "director"),
    [
        ("quiet ex-con losing his grip on reality bc of his manipulative mum, who directed", True),
        (
            "mafia families ran new york in the 70s and 80s until the feds took them down, title?",
            False,
        ),
    ],
)
def test_the_story_is_searched_without_filters(catalog_reader, question, director):
    (spec,) = catalog_reader.read(question)
    assert spec.op == ("people" if director else "search")
    assert spec.titles.titles == [] and spec.titles.year_from is None and spec.titles.genres == []
    assert len(spec.about.split()) >= 8


def _result(call_id: str, *hits: tuple[str, float]) -> ToolResult:
    rows = [{"show_id": s, "title": s, "distance": d} for s, d in hits]
    return ToolResult(tool="semantic", call_id=call_id, status=ToolStatus.OK, rows=rows)


def test_a_much_nearer_title_outside_the_filters_wins():
    own = _result("1.1", ("zac", 0.62), ("chambers", 0.72))  # clear by its gap, but far
    loose = _result("1.2", ("hope", 0.39), ("light", 0.50))
    chosen = match.pick(own, loose)
    assert chosen is not None and chosen.loosened and chosen.result.rows[0]["show_id"] == "hope"
    near = _result("1.2", ("hope", 0.58), ("light", 0.70))  # not much nearer: the own stands
    kept = match.pick(own, near)
    assert kept is not None and not kept.loosened and kept.clear
