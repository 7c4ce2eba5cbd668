"""A question that is only a title is a lookup of that title's entry (`slots.whole_title`, the
`bare_title` evidence): typed as written, without its apostrophes ("ocean's" as "oceans": the
lexicon keys each title without them too), misspelt ("the irishmn"), with or without a
question mark. A title the catalog lacks is one only when typed as a title ("Andor?")."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.lexicon import Lexicon, ShowInfo
from agentic_rag.agent.rules.reader import Reader
from agentic_rag.agent.rules.slots import whole_title
from agentic_rag.agent.rules.tags import Tag

_TITLES = ["Schindler's List", "Ocean's Eleven", "Oceans", "Okja"]


def _title(start: int, end: int, text: str, kind: str = "title") -> Tag:
    return Tag(kind=kind, start=start, end=end, text=text, value=text)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "question", ["okja?", "Okja", "the irishman?", "THE IRISHMAN!", "the irishmn?"]
)
def test_a_question_that_is_only_a_title_is_its_entry(reader, question):
    (spec,) = reader.read(question)
    assert spec.op == "describe" and spec.titles.titles, question


def test_a_title_is_keyed_without_its_apostrophes_too():
    shows = {t: ShowInfo(f"s{i}", "Movie", 1993, "") for i, t in enumerate(_TITLES)}
    lex = Lexicon(["Dramas"], ["United States"], ["R"], people=[], shows=shows)
    assert lex.title("schindlers list") == "Schindler's List"
    assert lex.title("Schindler’s List") == "Schindler's List"
    assert lex.title("oceans") == "Oceans"  # a title spelt so keeps its own key


@pytest.mark.parametrize("question", ["schindlers list?", "oceans eleven", "Schindlers List"])
def test_a_bare_title_typed_without_its_apostrophe_is_its_entry(question):
    shows = {t: ShowInfo(f"s{i}", "Movie", 1993, "") for i, t in enumerate(_TITLES)}
    reader = Reader(Lexicon(["Dramas"], ["United States"], ["R"], people=[], shows=shows))
    (spec,) = reader.read(question)
    assert spec.op == "describe" and spec.titles.titles[0].replace("'", "") in (
        "Schindlers List",
        "Oceans Eleven",
    ), question


def test_whole_title_needs_nothing_but_punctuation_outside_the_title():
    assert whole_title("okja?", [_title(0, 4, "okja")])
    assert not whole_title("okja cast?", [_title(0, 4, "okja")])
    assert whole_title("Andor?", [_title(0, 5, "Andor", "unknown_title")])
    assert not whole_title("what is andor", [_title(0, 13, "what is andor", "unknown_title")])
