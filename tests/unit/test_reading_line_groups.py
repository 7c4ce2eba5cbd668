"""The reading line names each genre group once, even when the reading holds it twice ("more
kids shows or kids movies?": the shows' part is read as Kids' TV by both words)."""

from __future__ import annotations

from agentic_rag.agent.rules.phrasing import facets, set_words
from agentic_rag.agent.rules.spec import TitleSet


def test_a_genre_group_held_twice_is_said_once():
    twice = TitleSet(type="TV Show", genres=[["Kids' TV"], ["Kids' TV"]])
    assert facets(twice).count("genre Kids' TV") == 1
    assert set_words(twice).count("Kids' TV") == 1


def test_two_groups_are_both_said():
    both = TitleSet(genres=[["Dramas"], ["Comedies", "TV Comedies"]])
    said = " ".join(facets(both))
    assert "genre Dramas" in said and "genre Comedies or TV Comedies" in said


def test_the_answer_joins_genre_groups_all_asked_with_and():
    both = TitleSet(genres=[["Comedies", "TV Comedies"], ["Horror Movies", "TV Horror"]])
    said = set_words(both)
    assert "Comedies/TV Comedies and Horror Movies/TV Horror" in said and " or " not in said
