"""Words said for tone before a question ("yo", "hey,", "ok so", "bruh") are set aside by the one
mechanism for them (`asides`): never a word of a name or a filter, never an unused word, unless a
catalog title opens with them ("hi score girl"). Truth: the CSV's titles (pandas)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import asides, confidence
from agentic_rag.folding import fold


@pytest.mark.parametrize(
    ("question", "rest"),
    [
        ("yo is parasite on netflix", "is parasite on netflix"),
        ("hey, how many korean movies are there", "how many korean movies are there"),
        ("ok so list the anime series from 2020", "list the anime series from 2020"),
        ("bruh who directed okja", "who directed okja"),
    ],
)
def test_a_greeting_is_set_aside(catalog_reader, question, rest):
    assert asides.set_aside(question, catalog_reader.tagger).kept.strip() == rest


def test_a_title_that_opens_with_the_words_keeps_them(catalog_df, catalog_reader):
    assert fold("Hi Score Girl") in {fold(t) for t in catalog_df["title"]}
    q = "hi score girl is it on here"
    assert asides.set_aside(q, catalog_reader.tagger).kept.strip() == q
    (spec,) = catalog_reader.read(q)
    assert spec.titles.titles == ["Hi Score Girl"] and not spec.absent


@pytest.mark.parametrize(
    ("question", "name"),
    [("yo is parasite on netflix", "Parasite"), ("hey do you have the shawshank redemption", None)],
)
def test_the_absent_name_holds_no_greeting(catalog_reader, question, name):
    specs = catalog_reader.read(question)
    names = [a.name for s in specs for a in s.absent]
    assert names and not any(n.casefold().startswith(("yo", "hey")) for n in names)
    if name:
        assert names == [name]


@pytest.mark.parametrize("greeting", ["hey,", "yo", "ok so", "lol"])
def test_a_greeting_is_no_unused_word(catalog_reader, greeting):
    q = f"{greeting} how many korean movies are there"
    specs = catalog_reader.read(q)
    calls = " ".join(s.model_dump_json() for s in specs)  # every entity of the reading is used
    feats, u = confidence.features(catalog_reader, q, specs, calls)
    assert not u.unused and confidence.probability(feats) >= 0.8
