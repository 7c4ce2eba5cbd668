"""Words wrapped in emoji at a question's start or end that ask nothing and name nothing of the
catalog are a caption, set aside (`emoji_words.py`); words that name a filter or a phrase of
titles' names stay. Phrasings written for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.reading_sure import sure


def _genre(df, genre: str):
    return df["listed_in"].map(lambda v: genre in [x.strip() for x in v.split(",")])


@pytest.mark.parametrize(
    ("question", "genre"),
    [
        ("🎃🎃 spooky szn 🎃🎃 how many tv horror shows r there 👻", "TV Horror"),
        ("how many anime series are there ✨ asking for a friend ✨", "Anime Series"),
        ("🔥🔥 hype train 🔥🔥 how many stand-up comedy titles are there", "Stand-Up Comedy"),
    ],
)
def test_a_caption_in_emoji_is_set_aside(catalog_reader, catalog_df, csv_db, question, genre):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.genres == [[genre]]
    (got,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert got == int(_genre(catalog_df, genre).sum()) > 0
    assert any("between emoji" in n for n in spec.notes)
    p = sure(catalog_reader, question)
    #: a caption of everyday words ("asking for a friend") says nothing; one of other words
    #: ("spooky szn") may have meant a constraint: answered, never sure
    assert p >= 0.8 if spec.from_aside is False else 0.5 <= p <= 0.7


@pytest.mark.parametrize(
    ("question", "doubtful"),
    [
        ("🎃🎃 spooky szn 🎃🎃 how many tv horror shows r there 👻", True),
        ("🏆 oscar winners 🏆 how many movies are there", True),
        ("how many anime series are there ✨ omg omg ✨", False),
    ],
)
def test_a_caption_of_words_not_everyday_leaves_the_reading_unsure(
    catalog_reader, question, doubtful
):
    spec = catalog_reader.read(question)[0]
    assert spec.from_aside is doubtful
    assert (sure(catalog_reader, question) < 0.8) is doubtful


@pytest.mark.parametrize(
    "question",
    ["🎄 christmas 🎄 how many movies from 2019", "🇯🇵 japan 🇯🇵 how many anime series"],
)
def test_words_in_emoji_that_name_the_catalog_stay(catalog_reader, question):
    spec = catalog_reader.read(question)[0]
    assert not any("between emoji" in n for n in spec.notes)
