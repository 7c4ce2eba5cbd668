""" "how many actors did A direct" counts people the offline reader cannot count: read as A's
titles counted, it must say it is unsure (`signals.people_unasked` sees "how many" + a people
noun heading the part), while "how many movies did A direct" stays sure. Phrasings written for
this rule; the truths (people, not titles) checked on the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import signals


def _people_directed(df, name: str) -> set[str]:
    out: set[str] = set()
    for director, cast in zip(df["director"].fillna(""), df["cast"].fillna(""), strict=True):
        if name in [p.strip() for p in director.split(",")]:
            out |= {p.strip() for p in cast.split(",") if p.strip()}
    return out


def _titles_directed(df, name: str) -> int:
    return int(
        df["director"].fillna("").map(lambda s: name in [p.strip() for p in s.split(",")]).sum()
    )


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("how many actors did rob reiner direct", "Rob Reiner"),
        ("How many actresses has Farhan Akhtar directed?", "Farhan Akhtar"),
        ("how many directors has jean reno worked under", None),
    ],
)
def test_people_counted_as_titles_is_unsure(catalog_reader, catalog_df, question, name):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["count"]
    assert signals.people_unasked(specs) == 1.0
    if name:  # the count of titles is not the count of people asked for
        assert len(_people_directed(catalog_df, name)) != _titles_directed(catalog_df, name)


def test_titles_counted_stay_titles(catalog_reader, catalog_df):
    specs = catalog_reader.read("how many movies did rob reiner direct")
    assert [s.op for s in specs] == ["count"]
    assert signals.people_unasked(specs) == 0.0
    assert _titles_directed(catalog_df, "Rob Reiner") == 4
