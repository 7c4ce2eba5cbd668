""" "how many actresses has A directed" counts people the offline reader cannot count (the
catalog has no gender): read as A's titles counted, it must say it is unsure
(`signals.people_unasked` sees "how many" + a people noun heading the part), while "how many
movies did A direct" stays sure; "how many actors did A direct" and "how many directors has B
worked under" count the distinct people (`costar_count`). Phrasings written for this rule; the
truths (people, not titles) checked on the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import signals
from agentic_rag.agent.rules.costar_count import count_of
from agentic_rag.agent.rules.costar_sql import costars


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


def test_people_counted_as_titles_is_unsure(catalog_reader, catalog_df):
    specs = catalog_reader.read("How many actresses has Farhan Akhtar directed?")
    assert [s.op for s in specs] == ["count"]
    assert signals.people_unasked(specs) == 1.0
    name = "Farhan Akhtar"  # the count of titles is not the count of people asked for
    assert len(_people_directed(catalog_df, name)) != _titles_directed(catalog_df, name)


@pytest.mark.parametrize(
    ("question", "name", "role", "own"),
    [
        ("how many actors did rob reiner direct", "Rob Reiner", "cast", "director"),
        ("how many directors has jean reno worked under", "Jean Reno", "director", None),
    ],
)
def test_people_counted_are_distinct_people(
    catalog_reader, catalog_df, csv_db, question, name, role, own
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars" and spec.counted
    assert (spec.role, spec.titles.people[0].role) == (role, own)
    query = count_of(costars(name, spec.role, own=own))
    (found,) = csv_db.execute(query).fetchone()
    if own == "director":
        assert found == len(_people_directed(catalog_df, name) - {name})
    else:
        rows = catalog_df[
            (catalog_df["cast"] + "," + catalog_df["director"]).map(
                lambda v: name in [p.strip() for p in v.split(",")]
            )
        ]
        truth = {p.strip() for v in rows["director"] for p in v.split(",") if p.strip()}
        assert found == len(truth - {name})


def test_titles_counted_stay_titles(catalog_reader, catalog_df):
    specs = catalog_reader.read("how many movies did rob reiner direct")
    assert [s.op for s in specs] == ["count"]
    assert signals.people_unasked(specs) == 0.0
    assert _titles_directed(catalog_df, "Rob Reiner") == 4
