"""Misspelt question words are mended before reading (`mend.py`): a word one edit from an
everyday question word, with the same first letter, that is no word of its own (everyday
English, a word of a catalog name, a regular form, a catalog cue or a catalog misspelling the
tagger reads itself). Truth: the CSV's genres and countries (pandas)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from agentic_rag.agent.rules import mend


@pytest.mark.parametrize(
    ("question", "op", "genre"),
    [
        ("cout of anime series", "count", "Anime Series"),
        ("numbr of horor movies", "count", "Horror Movies"),
        ("whats the number of documentarys from the uk", "count", "Documentaries"),
        ("lsit the anime series", "list", "Anime Series"),
    ],
)
def test_a_misspelt_question_word_is_mended_and_noted(
    catalog_df, catalog_reader, question, op, genre
):
    assert genre in {g.strip() for v in catalog_df["listed_in"] for g in v.split(",")}
    (spec,) = catalog_reader.read(question)
    assert spec.op == op and genre in spec.titles.genres[0]
    assert any(n.startswith("read '") and "' as '" in n for n in spec.notes)


@pytest.mark.parametrize(
    "question",
    [
        "find the movie titled Heat",  # a regular form of "title"
        "numbr of kdramas",  # a genre cue as typed, not "dramas"
        "how many christmas movies",  # a word of catalog titles
        "how many documentries are there",  # the catalog pass reads it, with its score
    ],
)
def test_a_word_of_its_own_is_not_mended(catalog_reader, question):
    c = catalog_reader.tagger.catalog_words
    text, notes = mend.mend(question, catalog_reader.lex, c.knows)
    kept = question.split()[-1] if "titled" in question else question.split()[1]
    assert kept in text.split() or not any(kept in n for n in notes)
    assert not any(
        f"'{w}'" in " ".join(notes) for w in ("titled", "kdramas", "christmas", "documentries")
    )


def test_a_mended_word_is_the_same_test_as_a_typo_signal():
    assert mend.correction("cout") == "count" and mend.correction("lsit") == "list"
    assert mend.typo("numbr") and not mend.typo("count") and mend.correction("xyzzy") is None
    assert (
        mend.inflected("titled")
        and mend.inflected("ratings")
        and not mend.inflected("documentarys")
    )


@pytest.mark.parametrize(
    ("question", "rating"),
    [
        ("how many tv-ma titles are ther", "TV-MA"),
        ("are ther many pg-13 films", "PG-13"),
        ("how much r rated stuff is ther in all", "R"),
    ],
)
def test_a_word_one_edit_from_two_question_words_is_mended_the_same_in_any_order(
    monkeypatch, catalog_reader, question, rating
):
    """'ther' is as near 'there' as 'their': the word opening alike wins, whatever order the
    word set iterates in (it varies from process to process), so no reading turns on chance."""
    readings = set()
    for order in (sorted, lambda ws: sorted(ws, reverse=True)):
        monkeypatch.setattr(mend, "_EVERYDAY", tuple(order(mend._EVERYDAY)))
        (spec,) = catalog_reader.read(question)
        assert rating in spec.titles.ratings and not spec.unresolved
        readings.add((spec.op, tuple(spec.notes)))
        assert any("as 'there'" in n for n in spec.notes)
    assert len(readings) == 1
    assert mend.correction("thee") == "there" and mend.correction("thier") == "their"


@pytest.mark.parametrize("seed", ["1", "2", "3"])
def test_a_tie_between_corrections_is_the_word_cut_short_whatever_the_hash_seed(seed):
    code = (
        "from agentic_rag.agent.rules.mend import correction;"
        "print(correction('ther'), correction('wher'), correction('thes'))"
    )
    env = {**os.environ, "PYTHONHASHSEED": seed}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["there", "where", "these"]
