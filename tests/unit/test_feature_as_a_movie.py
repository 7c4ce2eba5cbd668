"""A singular "feature" after a genre word names a film ("the newest anime feature", "longest
documentary feature?", "oldest horror feature from japan"): the part reads movies of the film
genre only; "does X feature Y" (a name after it) stays the verb. Phrasings written for this
test; truths with pandas on data/netflix_titles.csv (newest Anime Features: 2021; longest
Documentaries film: Headspace: Unwind Your Mind, 273 min; oldest Japanese horror film: 2016)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "genre"),
    [
        ("newest anime feature what is it and what year", "Anime Features"),
        ("whats the longest documentary feature?", "Documentaries"),
        ("oldest horror feature from japan", "Horror Movies"),
        ("which anime feature is the shortest", "Anime Features"),
    ],
)
def test_feature_after_a_genre_is_a_film(catalog_reader, question, genre):
    spec = catalog_reader.read(question)[0]
    assert spec.titles.type == "Movie", question
    assert spec.titles.genres == [[genre]], question


def test_feature_before_a_name_stays_a_verb(catalog_reader):
    spec = catalog_reader.read("which comedies feature adam sandler")[0]
    assert [p.name for p in spec.titles.people] == ["Adam Sandler"]
    assert spec.titles.type != "TV Show"
