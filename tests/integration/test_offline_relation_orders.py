"""The graph relations said in stranger orders, end to end on the fixture stores (the real
graph and tables): two people named first and referred to after, the people two titles have in
common (asked at once and as a follow-up), the director-actors of a country. Expected names are
computed here from the fixture CSV with plain Python, never from the code under test."""

from __future__ import annotations

import pytest

from agentic_rag.runtime import AppRuntime
from agentic_rag.stores.catalog import split_multi


@pytest.fixture(scope="module")
def runtime(built_settings):
    rt = AppRuntime.open(built_settings)
    yield rt
    rt.close()


def credits(rows, field: str) -> dict[str, set[str]]:
    """show_id -> the people of a credit field ("cast", "director")."""
    return {r["show_id"]: set(split_multi(r[field])) for r in rows}


def worked_with_both(rows, a: str, b: str) -> set[str]:
    """Cast members of a title with `a` (any role) and of a title with `b`, neither a nor b."""
    cast, directors = credits(rows, "cast"), credits(rows, "director")

    def of(name: str) -> set[str]:
        return {p for s, c in cast.items() if name in c | directors[s] for p in c}

    return (of(a) & of(b)) - {a, b}


def in_common(rows, titles: list[str]) -> set[str]:
    casts = [set(split_multi(r["cast"])) for r in rows if r["title"] in titles]
    return set.intersection(*casts)


async def ask(rt: AppRuntime, question: str, thread: str) -> dict:
    values = await rt.ask(question, thread, persist=True)
    assert "Offline mode" in values["answer"], question
    return values


@pytest.mark.parametrize(
    "question",
    [
        "vera farmiga and jim broadbent - who has acted with both of them",
        "any actor that shared a title with vera farmiga and also with jim broadbent?",
        "who's been in a film with Vera Farmiga, and in a film with Jim Broadbent?",
    ],
)
async def test_the_people_who_worked_with_both_of_two_people(runtime, fixture_rows, question):
    expected = worked_with_both(fixture_rows, "Vera Farmiga", "Jim Broadbent")
    assert expected  # the fixture holds such people
    values = await ask(runtime, question, f"both-{abs(hash(question))}")
    assert all(name in values["answer"] for name in expected), values["answer"][:400]
    assert values["confidence"] >= 0.8


async def test_the_set_of_a_shared_relation_holds_on_both_titles(runtime, fixture_rows):
    """Only titles of the set count on either side ("in dramas with both A and B")."""
    dramas = [r for r in fixture_rows if "Dramas" in split_multi(r["listed_in"])]
    expected = worked_with_both(dramas, "Vera Farmiga", "Jim Broadbent")
    everywhere = worked_with_both(fixture_rows, "Vera Farmiga", "Jim Broadbent")
    assert expected and everywhere - expected  # the filter changes the answer here
    question = "which actors have been in dramas with both vera farmiga and jim broadbent"
    values = await ask(runtime, question, "both-dramas")
    assert all(name in values["answer"] for name in expected), values["answer"][:400]
    assert not any(f"**{n}**" in values["answer"] for n in everywhere - expected)


async def test_the_cast_two_titles_have_in_common_asked_at_once(runtime, fixture_rows):
    titles = ["Dear White People", "Breaking Bad"]
    expected = in_common(fixture_rows, titles)
    assert expected
    values = await ask(runtime, f"who acted in both {titles[0]} and {titles[1]}", "common-once")
    assert all(name in values["answer"] for name in expected), values["answer"][:400]
    others = set().union(*(split_multi(r["cast"]) for r in fixture_rows if r["title"] in titles))
    assert not any(f"**{n}**" in values["answer"] for n in others - expected)


async def test_the_cast_of_an_earlier_answers_titles_in_common(runtime, fixture_rows):
    scorsese = [r["title"] for r in fixture_rows if "Martin Scorsese" in r["director"]]
    expected = in_common(fixture_rows, scorsese)  # every Scorsese title of the fixture: none
    await ask(runtime, "what films did martin scorsese direct", "common-thread")
    values = await ask(runtime, "who acted in all of them", "common-thread")
    assert "in common" in values["reading"] or "every one" in values["answer"]
    assert all(name in values["answer"] for name in expected)
    every_cast = set().union(
        *(split_multi(r["cast"]) for r in fixture_rows if r["title"] in scorsese)
    )
    assert not any(f"**{n}**" in values["answer"] for n in every_cast - expected)


async def test_the_director_actors_of_a_country(runtime, fixture_rows):
    expected = {
        p
        for r in fixture_rows
        if "Nigeria" in split_multi(r["country"])
        for p in split_multi(r["director"])
        if p in split_multi(r["cast"])
    }
    assert expected
    values = await ask(
        runtime, "nigerian directors who were also in the cast of their own title?", "auteur-ng"
    )
    assert all(name in values["answer"] for name in expected), values["answer"][:400]
