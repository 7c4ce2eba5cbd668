"""A Korean-style name typed in lower case, its family name an everyday English word before a
hyphenated given name ("park chan-wook", "lee byung-hun"): the family name is the name's first
word (several catalog people have it in their names), so the whole name is the person asked
for after a person cue, held or said absent (`absent._family`). Phrasings written for this
test; truths from the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.folding import fold
from tests.unit.reading_sure import sure


def _credited(df, name: str) -> int:
    people = (df["director"] + "," + df["cast"]).map(fold)
    return int(people.str.contains(fold(name), regex=False).sum())


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("movies by park chan-wook pls", "Park Chan-wook"),
        ("anything directed by park chan-wook", "Park Chan-wook"),
    ],
)
def test_a_lacking_name_opening_with_an_everyday_family_name_is_an_absent_person(
    catalog_df, catalog_reader, question, name
):
    assert _credited(catalog_df, name) == 0
    (spec,) = catalog_reader.read(question)
    assert [(a.kind, a.name) for a in spec.absent] == [("person", name)], question
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("anything starring lee byung-hun", "Lee Byung-hun"),
        ("shows with park seo-joon", "Park Seo-joon"),
    ],
)
def test_a_held_name_opening_with_an_everyday_family_name_is_that_person(
    catalog_df, catalog_reader, question, name
):
    assert _credited(catalog_df, name) > 0
    (spec,) = catalog_reader.read(question)
    assert [p.name for p in spec.titles.people] == [name] and not spec.absent, question
