""" "who has {person} directed": "who" is the object of the person's directing, so the answer is
the cast of their films, most shared titles first (`relation_words._DIRECTED_WHOM`), not the
directors of their own titles (themselves); "what did {person} direct" stays their titles.
Phrasings written for this rule; truths from the CSV (exact match on the comma-split lists)."""

from __future__ import annotations

from collections import Counter

import pytest


def _cast_of(df, name: str) -> Counter:
    out: Counter = Counter()
    for director, cast in zip(df["director"].fillna(""), df["cast"].fillna(""), strict=True):
        if name in [p.strip() for p in director.split(",")]:
            out.update(p.strip() for p in cast.split(",") if p.strip())
    return out


@pytest.mark.parametrize(
    ("question", "name", "top"),
    [
        ("who has kevin smith directed", "Kevin Smith", "Jason Mewes"),
        ("who did farhan akhtar direct the most", "Farhan Akhtar", "Om Puri"),
        ("whom has Todd Phillips ever directed?", "Todd Phillips", "Juliette Lewis"),
        ("who did rob reiner direct most often", "Rob Reiner", "John Mahoney"),
    ],
)
def test_who_a_person_directed_is_their_cast(catalog_reader, catalog_df, question, name, top):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars" and spec.role == "cast", (spec.op, spec.role)
    assert [p.name for p in spec.titles.people] == [name]
    counts = _cast_of(catalog_df, name).most_common(2)
    assert counts[0][0] == top and counts[0][1] > counts[1][1]


@pytest.mark.parametrize(
    "question", ["what did kevin smith direct", "which movies has farhan akhtar directed"]
)
def test_what_a_person_directed_is_their_titles(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "list", spec.op
