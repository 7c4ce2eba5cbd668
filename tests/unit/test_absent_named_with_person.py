"""A title the catalog lacks, named with a person ("can i watch hacks, the comedy with jean
smart"): a held name the title may mistype ("Hack", in The Great Hack) whose titles credit
none of the people named beside it is no typo of it (`misspelt.refuted`), so the answer says
the catalog lacks the title; a person those titles do credit keeps the typo open. Credits and
titles are the CSV's, checked with pandas."""

from __future__ import annotations

from collections import Counter

import pytest

from agentic_rag.agent.rules.lexicon import Lexicon, ShowInfo
from agentic_rag.agent.rules.reader import Reader


def _split(value: str) -> list[str]:
    return [x.strip() for x in value.split(",") if x.strip()]


@pytest.fixture(scope="module")
def credited_reader(catalog_df) -> Reader:
    """A reader whose lexicon knows each person's titles (`Lexicon.credited`)."""
    shows: dict[str, ShowInfo] = {}
    for r in catalog_df.sort_values("release_year", ascending=False).itertuples():
        shows[r.title] = ShowInfo(r.show_id, r.type, int(r.release_year), r.description)
    credited: dict[str, set[str]] = {}
    for r in catalog_df.itertuples():
        for name in _split(r.director) + _split(r.cast):
            credited.setdefault(name, set()).add(r.title)
    people = Counter(n for r in catalog_df.itertuples() for n in _split(r.director + "," + r.cast))
    return Reader(
        Lexicon(
            genres=sorted({g for v in catalog_df["listed_in"] for g in _split(v)}),
            countries=sorted({c for v in catalog_df["country"] for c in _split(v)}),
            ratings=sorted({r for r in catalog_df["rating"] if r}),
            people=list(people),
            shows=shows,
            counts=dict(people),
            credited={n: frozenset(t) for n, t in credited.items()},
        )
    )


def _credits(df, name: str) -> set[str]:
    return {
        t
        for t, d, c in zip(df["title"], df["director"], df["cast"], strict=True)
        if name in _split(d) + _split(c)
    }


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("can i watch hacks, the comedy with jean smart", "Jean Smart"),
        ("is hacks with jean smart on here", "Jean Smart"),
        ("does netflix have hacks, the series starring jean smart", "Jean Smart"),
    ],
)
def test_a_person_the_near_titles_do_not_credit_refutes_the_typo(
    catalog_df, credited_reader, question, person
):
    hack = {t for t in catalog_df["title"] if "hack" in t.casefold()}
    assert not any(t.casefold() == "hacks" for t in catalog_df["title"])
    assert _credits(catalog_df, person) and not (_credits(catalog_df, person) & hack)
    (spec,) = credited_reader.read(question)
    (gap,) = spec.absent
    assert gap.name == "Hacks" and not gap.mistyped and not gap.near, question


def test_a_person_the_near_titles_credit_keeps_the_typo(catalog_df, credited_reader):
    assert "The Great Hack" in _credits(catalog_df, "Jehane Noujaim")
    (spec,) = credited_reader.read("is hacks with jehane noujaim on here")
    (gap,) = spec.absent
    assert gap.name == "Hacks" and gap.mistyped and gap.near == ["Hack"]


def test_without_a_person_the_typo_stays_open(credited_reader):
    (spec,) = credited_reader.read("is hacks on here")
    assert [g.mistyped for g in spec.absent] == [True]


@pytest.mark.parametrize(
    ("question", "person", "near"),
    [
        ("is the wire with idris elba here", "Idris Elba", []),
        ("can i watch the wire, the crime show starring idris elba", "Idris Elba", []),
        ("is the office with steve carell on here", "Steve Carell", ["The Office (U.S.)"]),
    ],
)
def test_a_near_title_is_offered_only_when_it_credits_the_person(
    catalog_df, credited_reader, question, person, near
):
    name = "The Wire" if "wire" in question else "The Office"
    assert name not in set(catalog_df["title"])
    credits = _credits(catalog_df, person)
    assert "The Mire" not in credits and ("The Office (U.S.)" in credits) == bool(near)
    (spec,) = credited_reader.read(question)
    (gap,) = spec.absent
    assert gap.name == name and gap.near == near, question


def test_without_a_person_the_near_title_is_offered(credited_reader):
    (spec,) = credited_reader.read("is the wire on here")
    assert [g.near for g in spec.absent] == [["The Mire"]]
