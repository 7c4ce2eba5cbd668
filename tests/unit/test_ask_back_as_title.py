"""Words before a works noun that no title holds, read as every title of a type ("ice age movies
list", "hunger games movies?"): they may be a franchise the catalog lacks or a topic ("the sad
robot movies"), so the reading stays unsure, and asking back offers the words as a title's name
("is the title Ice Age on here?", which reads back as an absent title) before every movie;
never a sure "not in the catalog" (`clarify._named_words`). Phrasings written for this test;
truths from the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import clarify
from tests.unit.reading_sure import sure


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("ice age movies list", "Ice Age"),
        ("hunger games movies?", "Hunger Games"),
        ("toy story movies list", "Toy Story"),
        ("the sad robot movies", "Sad Robot"),
    ],
)
def test_unread_words_before_a_works_noun_are_offered_as_a_title(
    catalog_df, catalog_reader, question, name
):
    assert not catalog_df["title"].str.contains(name, case=False, regex=False).any()
    specs = catalog_reader.read(question)
    assert sure(catalog_reader, question) < 0.5  # a franchise or a topic: never sure
    offered = [c.question for c in clarify.choices(catalog_reader, specs, 0.5, question)]
    assert offered[0] == f"is the title {name} on here?", offered
    (spec,) = catalog_reader.read(offered[0])
    assert [a.name for a in spec.absent] == [name]


def test_a_set_named_by_its_words_offers_no_title(catalog_reader):
    question = "korean movies"
    offered = clarify.choices(catalog_reader, catalog_reader.read(question), 0.5, question)
    assert not any(c.question.startswith("is the title") for c in offered)
