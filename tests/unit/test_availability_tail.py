"""A name followed only by a tail that asks whether the catalog holds it, with no cue before it
("The Mandalorian - available?", "ted lasso: streaming?", "Okja on here?"), asks the catalog for
that title like "do you have X" (`holdings.asked_for`): a title the catalog lacks is said plainly
to be absent, a held one is its entry. A type noun alone after a set ("korean movies?") or a
question head ("how many titles are available") is no such tail."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "question",
    [
        "The Mandalorian - available?",
        "the mandalorian - available?",
        "Ted Lasso: streaming?",
        "severance – available here?",
        "Andor on netflix?",
    ],
)
def test_a_lacking_title_with_an_availability_tail_is_absent(reader, question):
    specs = reader.read(question)
    assert len(specs) == 1 and specs[0].absent, question
    assert specs[0].absent[0].kind == "title", question


@pytest.mark.parametrize("question", ["Okja - available?", "okja streaming?", "Okja: on here?"])
def test_a_held_title_with_an_availability_tail_is_its_entry(reader, question):
    specs = reader.read(question)
    assert specs[0].op == "describe" and specs[0].titles.titles == ["Okja"], question
    assert not specs[0].absent, question


@pytest.mark.parametrize(
    "question",
    [
        "how many titles are available",
        "korean dramas available?",
        "which are here?",
        "new stuff on netflix?",
        "shortest movie on netflix?",
        "the 5 oldest dramas on here",
    ],
)
def test_no_name_is_asked_for_without_a_cue_or_a_tail(reader, question):
    assert not any(s.absent for s in reader.read(question)), question
