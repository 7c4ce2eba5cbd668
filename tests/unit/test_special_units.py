"""A stand-up special is a title noun like "movie" (its words are used by any reading), and of
genre cues that overlap the longest is read ("comedy special": stand-up comedy, not comedies;
"k-dramas": Korean TV shows, not dramas); an average of specials is of their running time."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.confidence import features

STAND_UP = "Stand-Up Comedy"


@pytest.mark.parametrize(
    "question",
    [
        "how long does a stand up comedy special run on average",
        "what's the mean running time of a comedy special",
        "average length of one standup special",
    ],
)
def test_the_average_special_is_a_running_time_with_every_word_used(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert (spec.op, spec.by) == ("average", "duration_minutes")
    assert any(STAND_UP in g for g in spec.titles.genres)
    _, used = features(catalog_reader, question, [spec], spec.model_dump_json())
    assert "special" not in used.unused and not used.meaning


@pytest.mark.parametrize(
    ("question", "genre"),
    [
        ("how many comedy specials came out in 2019", STAND_UP),
        ("list comedy specials from the uk", STAND_UP),
        ("how many k-dramas are there", "Korean TV Shows"),
    ],
)
def test_the_longest_genre_cue_is_read(catalog_reader, question, genre):
    (spec,) = catalog_reader.read(question)
    assert [genre in g for g in spec.titles.genres] == [True]
