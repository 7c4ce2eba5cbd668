"""Questions about when titles were added to Netflix (date_added), asked of the offline agent.

The expected counts are computed here from the fixture CSV with plain Python (its own date
parsing), never from the code under test. Relative windows are anchored on the slice's latest
date_added, as the agent anchors them on the catalog's.
"""

from __future__ import annotations

import re
from datetime import date, datetime

import pytest

from agentic_rag.runtime import AppRuntime


def added(row: dict[str, str]) -> date | None:
    text = row["date_added"].strip()
    return datetime.strptime(text, "%B %d, %Y").date() if text else None


@pytest.fixture(scope="module")
def runtime(built_settings):
    rt = AppRuntime.open(built_settings)
    yield rt
    rt.close()


def numbers(text: str) -> set[int]:
    return {int(n.replace(",", "")) for n in re.findall(r"\b\d[\d,]*\b", text)}


def cases(rows: list[dict[str, str]]) -> list[tuple[str, int]]:
    dated = [(r, d) for r in rows if (d := added(r))]
    latest = max(d for _, d in dated)
    busiest = max({d.year for _, d in dated}, key=lambda y: sum(d.year == y for _, d in dated))
    month = max(
        {(d.year, d.month) for _, d in dated},
        key=lambda ym: sum((d.year, d.month) == ym for _, d in dated),
    )
    day = next(d for _, d in sorted(dated, key=lambda x: x[1]) if d.year >= 2019)
    movies = [(r, d) for r, d in dated if r["type"] == "Movie"]
    return [
        (
            f"How many movies were added to Netflix in {busiest}?",
            sum(d.year == busiest for _, d in movies),
        ),
        (
            "How many titles were added to Netflix after June 30, 2021?",
            sum(d > date(2021, 6, 30) for _, d in dated),
        ),
        (
            "How many titles arrived on Netflix before 2016?",
            sum(d < date(2016, 1, 1) for _, d in dated),
        ),
        (
            f"How many titles were added on {day:%B} {day.day}, {day.year}?",
            sum(d == day for _, d in dated),
        ),
        (
            f"How many titles were added to Netflix in {date(*month, 1):%B %Y}?",
            sum((d.year, d.month) == month for _, d in dated),
        ),
        (
            "How many TV shows were added in the last 2 years?",
            sum(r["type"] == "TV Show" and d.year >= latest.year - 1 for r, d in dated),
        ),
        (
            "How many titles released before 2015 were added to Netflix in 2019 or later?",
            sum(int(r["release_year"]) < 2015 and d.year >= 2019 for r, d in dated),
        ),
    ]


async def test_added_to_netflix_questions_are_counted_from_date_added(
    runtime, fixture_rows
) -> None:
    wrong = []
    for i, (question, expected) in enumerate(cases(fixture_rows)):
        values = await runtime.ask(question, f"added-{i}", persist=False)
        if expected not in numbers(values["answer"]):
            wrong.append((question, expected, values["answer"][:300]))
    assert wrong == []


async def test_relative_window_says_which_years_it_used(runtime, fixture_rows) -> None:
    latest = max(d for r in fixture_rows if (d := added(r)))
    values = await runtime.ask(
        "How many movies were added in the last 3 years?", "w", persist=False
    )
    years = f"{latest.year - 2}–{latest.year}"
    said = values["answer"] + values["reading"]  # the reading line every surface shows
    assert years in said or f"{latest.year - 2}-{latest.year}" in said
