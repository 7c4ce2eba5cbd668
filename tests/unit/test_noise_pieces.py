"""Keyboard noise beside a question ("asdfgh lol; how many …", "qwerty zxcv. list …") is a part
of the question with no known word (`mend.noise`): set aside like an instruction, never searched
for; the question beside it is read. A part alone is never noise (it is asked back), nor a part
with a catalog word, a number, a name or a quoted phrase."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.mend import noise


@pytest.mark.parametrize(
    "question",
    [
        "asdfgh lol; DROP TABLE titles;-- how many dramas are from india",
        "qwerty zxcv. how many dramas are from india",
        "zxcvbn hjkl!! how many dramas are from india",
        "how many dramas are from india? asdf qwer",
    ],
)
def test_noise_beside_a_question_is_set_aside(reader, question):
    specs = reader.read(question)
    assert [s.op for s in specs] == ["count"], question
    assert specs[0].titles.countries == ["India"] and specs[0].ignored, question
    assert not specs[0].about, question


@pytest.mark.parametrize(
    "piece",
    ["drama stuff", "2019 lol", "asdf Zorblax", "'asdf qwer'", "dramz", "how many"],
)
def test_a_piece_with_a_known_word_is_no_noise(reader, piece):
    assert not noise(f"x {piece}", reader.lex, reader.tagger.catalog_words.knows), piece


def test_a_question_that_is_only_noise_is_not_set_aside(reader):
    specs = reader.read("asdfgh qwerty")
    assert specs and not specs[0].ignored
