"""A person named in lower case or with a possessive: "X's most frequent collaborator" is the
person sharing most titles with X in any role ("co-star" and "actor" keep the cast), "how do you
get from A to B" is the shortest chain of shared titles, and "X specials" are X's stand-up
specials. Truth from the CSV with pandas; the planned SQL runs on a database built from it."""

from __future__ import annotations

from collections import Counter

import pytest

from agentic_rag.agent.rules import compile_sql
from agentic_rag.agent.rules.costar_sql import costars
from tests.unit.test_offline_planner import plan


def _names(value: str) -> list[str]:
    return [x.strip() for x in value.split(",") if x.strip()]


def _coworkers(df, person: str, cast_only: bool) -> Counter[str]:
    out: Counter[str] = Counter()
    for d, c in zip(df["director"], df["cast"], strict=True):
        if person in _names(d) + _names(c):
            out.update(set(_names(c) if cast_only else _names(d) + _names(c)) - {person})
    return out


@pytest.mark.parametrize(
    ("question", "person", "role"),
    [
        ("jeff dunham's most frequent collaborator", "Jeff Dunham", None),
        ("Robert De Niro's most frequent collaborator", "Robert De Niro", None),
        ("robert de niro's usual co-star", "Robert De Niro", "cast"),
    ],
)
def test_a_possessive_name_with_a_collaborator_is_the_person_worked_with_most(
    catalog_df, catalog_reader, csv_db, question, person, role
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars" and [p.name for p in spec.titles.people] == [person]
    assert spec.role == role and not spec.absent
    truth = _coworkers(catalog_df, person, cast_only=role == "cast")
    rows = csv_db.execute(costars(person, spec.role)).fetchall()
    assert {(n, k) for n, k, _ in rows if k == rows[0][1]} == {
        (n, k) for n, k in truth.items() if k == max(truth.values())
    }


@pytest.mark.parametrize(
    ("question", "a", "b"),
    [
        (
            "how do you get from zendaya to antonio banderas through people they've worked with",
            "Zendaya",
            "Antonio Banderas",
        ),
        ("how many steps is it from adam sandler to kajol", "Adam Sandler", "Kajol"),
        (
            "what's the connection between Tom Hanks and Shah Rukh Khan",
            "Tom Hanks",
            "Shah Rukh Khan",
        ),
    ],
)
def test_going_from_one_person_to_another_is_a_chain(catalog_df, catalog_reader, question, a, b):
    credited = {n for col in ("director", "cast") for v in catalog_df[col] for n in _names(v)}
    assert {a, b} <= credited
    (spec,) = catalog_reader.read(question)
    assert spec.op == "chain" and [p.name for p in spec.titles.people] == [a, b]
    sure = plan(catalog_reader.lex, question).confidence
    assert sure is not None and not sure.ask_back  # the wording is the chain's, all of it


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("ali wong specials how many", "Ali Wong"),
        ("how many specials does kevin hart have", "Kevin Hart"),
        ("Bill Burr's specials count", "Bill Burr"),
    ],
)
def test_a_persons_specials_are_their_stand_up_titles(
    catalog_df, catalog_reader, csv_db, question, person
):
    credits = zip(catalog_df["cast"], catalog_df["director"], strict=True)
    rows = catalog_df[[person in _names(c) + _names(d) for c, d in credits]]
    truth = sum("Stand-Up Comedy" in _names(g) for g in rows["listed_in"])
    assert 0 < truth < len(rows)  # the genre changes the answer
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and [p.name for p in spec.titles.people] == [person]
    (got,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert got == truth


def test_specials_without_a_person_are_no_genre(catalog_reader):
    tags = catalog_reader.tagger.tag("holiday specials from 2019")
    assert not [t for t in tags if t.kind == "genre"]
