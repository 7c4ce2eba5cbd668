"""A name that is one title and opens others ("Violet Evergarden", "Violet Evergarden: Special")
asked for whole ("which ones", "all of it", "the whole lot", "list"), and a word of no English
several titles hold counted bare ("storybots how many"): every title holding the name. Truths
computed with pandas on the catalog."""

from __future__ import annotations

import re

import pytest


def _holding(df, name: str) -> set[str]:
    words = r"\W+".join(map(re.escape, name.split()))
    return set(df[df["title"].str.contains(re.compile(rf"\b{words}\b", re.I))]["title"])


@pytest.mark.parametrize(
    ("question", "name", "op"),
    [
        ("dragons rescue riders, which ones r on here", "dragons rescue riders", "list"),
        ("violet evergarden - all of it", "violet evergarden", "list"),
        ("violet evergarden: the whole lot", "violet evergarden", "list"),
        ("storybots, which ones do u have", "storybots", "list"),
        ("storybots how many", "storybots", "count"),
        ("how many octonauts are there", "octonauts", "count"),
        ("pocoyo list", "pocoyo", "list"),
        ("octonauts - list them", "octonauts", "list"),
    ],
)
def test_name_asked_whole_means_every_title(
    catalog_df, catalog_reader, real_db, question, name, op
):
    from agentic_rag.agent.rules.compile_sql import conditions

    (spec,) = catalog_reader.read(question)
    assert spec.op == op and [k.casefold() for k in spec.titles.title_has] == [name]
    where = " AND ".join(conditions(spec.titles, "s"))
    got = {r[0] for r in real_db.execute(f"SELECT s.title FROM shows s WHERE {where}")}
    assert got == _holding(catalog_df, name) and len(got) >= 3


def test_one_of_several_asked_keeps_the_title(catalog_reader):
    specs = catalog_reader.read("is violet evergarden on here")
    assert specs[0].titles.titles == ["Violet Evergarden"] and not specs[0].titles.title_has
