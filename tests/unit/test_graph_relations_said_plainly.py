"""Graph relations said in words of their own, read as the relation: two people's titles said
after their names ("cast members shared between A titles and B titles"), the second title set
apart with any adverb ("not nessesarily the same one"), a chain "of shared titles", a person's
"go-to person" restated as "who shows up in the most titles with him", and the director said as
"the person directing it" in the auteur relation. Wordings written for this test; truths with
pandas on data/netflix_titles.csv."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.unit.reading_sure import sure


def _names(v: str) -> set[str]:
    return {x.strip() for x in v.split(",") if x.strip()}


def _people(df, name: str, role: str | None, kind: str | None = None) -> set[str]:
    out: set[str] = set()
    for r in df.itertuples():
        if kind and r.type != kind:
            continue
        if name in _names(r.director) | _names(r.cast):
            out |= (_names(r.cast) if role != "director" else set()) | (
                _names(r.director) if role != "cast" else set()
            )
    return out - {name}


@pytest.mark.parametrize(
    ("question", "a", "b", "role", "kind"),
    [
        (
            "cast members shared between tom cruise titles and nicole kidman titles",
            "Tom Cruise",
            "Nicole Kidman",
            "cast",
            None,
        ),
        (
            "cast members shared between adam sandler movies and jennifer aniston movies",
            "Adam Sandler",
            "Jennifer Aniston",
            "cast",
            "Movie",
        ),
        (
            "directors who worked with shah rukh khan on some title and with kajol on some title "
            "(not nessesarily the same one)",
            "Shah Rukh Khan",
            "Kajol",
            "director",
            None,
        ),
        (
            "actors who worked with tom hanks and with meg ryan, not really the same film",
            "Tom Hanks",
            "Meg Ryan",
            "cast",
            "Movie",
        ),
    ],
)
def test_two_peoples_titles_said_apart_are_the_shared_relation(
    catalog_df, catalog_reader, question, a, b, role, kind
):
    truth = _people(catalog_df, a, role, kind) & _people(catalog_df, b, role, kind)
    assert truth
    (spec,) = catalog_reader.read(question)
    assert spec.op == "shared" and [p.name for p in spec.titles.people] == [a, b]
    assert spec.role == role and spec.titles.type == kind
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "a", "b"),
    [
        (
            "stephen fry to aamir khan, shortest chain of shared titles?",
            "Stephen Fry",
            "Aamir Khan",
        ),
        (
            "shortest path of common movies between kevin bacon and amitabh bachchan",
            "Kevin Bacon",
            "Amitabh Bachchan",
        ),
    ],
)
def test_a_chain_of_shared_titles_is_the_chain(catalog_reader, question, a, b):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "chain" and [p.name for p in spec.titles.people] == [a, b]
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("vijay raaz's go-to person? like who shows up in the most titles with him", "Vijay Raaz"),
        ("who is paresh rawal's go-to guy", "Paresh Rawal"),
    ],
)
def test_a_go_to_person_is_the_top_co_worker(catalog_df, catalog_reader, question, person):
    shared: Counter[str] = Counter()
    for r in catalog_df.itertuples():
        people = _names(r.director) | _names(r.cast)
        if person in people:
            shared.update(people - {person})
    assert len([c for c in shared.values() if c == max(shared.values())]) == 1  # one leader
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars" and spec.limit == 1
    assert [p.name for p in spec.titles.people] == [person]
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "country"),
    [
        ("any filipino title where the person directing it is also in the cast?", "Philippines"),
        ("mexican movies where the guy directing also starred", "Mexico"),
        ("japanese films where the one who directed it was also one of the actors", "Japan"),
    ],
)
def test_the_one_directing_it_in_its_cast_is_the_auteur_relation(
    catalog_df, catalog_reader, question, country
):
    rows = catalog_df[catalog_df["country"].str.contains(country, regex=False)]
    assert any(_names(r.director) & _names(r.cast) for r in rows.itertuples())
    spec = catalog_reader.read(question)[0]
    assert spec.op == "auteur" and spec.titles.countries == [country]
