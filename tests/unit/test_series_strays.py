"""A series phrase whose name is a title alone with a numbered sequel ("Rocky", "Rocky II")
leaves out the titles that hold the name but share none of the series' directors or cast
("Rocky Handsome", "The Ant's Scream"); a spin-off sharing some stays ("Master Z: The Ip Man
Legacy"). A phrase ending in a series word ("the twilight saga") takes in the title that is its
name alone when that title shares their people ("Twilight"). Truths computed with pandas on
the catalog (exact matches on the comma-split cast and director lists)."""

from __future__ import annotations

import re

import pytest


def _people(row) -> set[str]:
    return {x.strip() for x in f"{row.director},{row.cast}".split(",") if x.strip()}


def _series(df, name: str, kind: str | None) -> set[str]:
    """The titles holding `name` as whole words that open with it alone, numbered or with a
    colon, plus those sharing a person with them (pandas, independent of the reader)."""
    word = re.compile(rf"\b{re.escape(name)}\b", re.I)
    held = df[df["title"].str.contains(word)]
    opens = re.compile(rf"^{re.escape(name)}(?:\s+(?:\d+|[IVX]+)\b|\s*:|$)", re.I)
    core = held[held["title"].str.contains(opens)]
    people = set().union(*(_people(r) for r in core.itertuples()))
    keep = core.index.union(held[[bool(_people(r) & people) for r in held.itertuples()]].index)
    rows = held.loc[keep]
    return set(rows[rows["type"] == kind]["title"] if kind else rows["title"])


def _sql_titles(real_db, spec) -> set[str]:
    from agentic_rag.agent.rules.compile_sql import conditions

    where = " AND ".join(conditions(spec.titles, "s")) or "1"
    return {r[0] for r in real_db.execute(f"SELECT s.title FROM shows s WHERE {where}")}


@pytest.mark.parametrize(
    ("question", "name", "kind", "out"),
    [
        ("how many scream films r there", "scream", "Movie", "The Ant's Scream"),
        ("all of the rocky films", "rocky", "Movie", "Rocky Handsome"),
        ("rocky movies - which is the oldest one", "rocky", "Movie", "Rocky Handsome"),
        ("list all the scream stuff", "scream", None, "Sam Kinison: The Scream Continues"),
    ],
)
def test_a_title_sharing_none_of_the_series_people_is_left_out(
    catalog_df, catalog_reader, real_db, question, name, kind, out
):
    spec = catalog_reader.read(question)[0]
    got = _sql_titles(real_db, spec.model_copy(update={"op": "list"}))
    if spec.op == "top":
        got = _sql_titles(real_db, spec)
    assert out not in got
    assert got == _series(catalog_df, name, kind)
    assert "none of its people" in " ".join(spec.notes)


@pytest.mark.parametrize(
    ("question", "kept"),
    [
        ("how many ip man movies are there", "Master Z: The Ip Man Legacy"),
        ("all the kung fu panda titles", "DreamWorks Kung Fu Panda Awesome Secrets"),
    ],
)
def test_a_spin_off_sharing_people_stays(catalog_reader, real_db, question, kept):
    spec = catalog_reader.read(question)[0]
    assert kept in _sql_titles(real_db, spec)


@pytest.mark.parametrize(
    "question",
    [
        "list the twilight saga films",
        "twilight saga movies how many",
        "the twilight saga - all of it",
    ],
)
def test_a_saga_takes_in_its_first_title_named_alone(catalog_df, catalog_reader, real_db, question):
    spec = catalog_reader.read(question)[0]
    got = _sql_titles(real_db, spec)
    saga = catalog_df[catalog_df["title"].str.contains("Twilight Saga", regex=False)]
    first = catalog_df[catalog_df["title"] == "Twilight"]
    assert _people(first.iloc[0]) & set().union(*(_people(r) for r in saga.itertuples()))
    assert got == set(saga["title"]) | {"Twilight"}
