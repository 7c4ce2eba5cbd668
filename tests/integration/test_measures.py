"""Totals, medians and two sets' averages compared, end to end on the fixture stores (the real
tables): the answer says the figure in the unit asked and how many titles it covers. Expected
figures are computed here from the fixture CSV with plain Python, never from the code under
test (a movie's minutes from `duration`, or `rating` where a row holds them there)."""

from __future__ import annotations

import re
import statistics

import pytest

from agentic_rag.runtime import AppRuntime


@pytest.fixture(scope="module")
def runtime(built_settings):
    rt = AppRuntime.open(built_settings)
    yield rt
    rt.close()


def amounts(rows, kind: str, country: str) -> list[int]:
    """The minutes (movies) or seasons (TV shows) of one country's titles."""
    out = []
    for r in rows:
        if r["type"] != kind or country not in [c.strip() for c in r["country"].split(",")]:
            continue
        fields = (r["duration"],) if kind == "TV Show" else (r["duration"], r["rating"])
        pattern = r"(\d+) Seasons?" if kind == "TV Show" else r"(\d+) min"
        found = [m for f in fields if (m := re.fullmatch(pattern, f))]
        out += [int(found[0].group(1))] if found else []
    return out


async def answer(rt: AppRuntime, question: str) -> str:
    values = await rt.ask(question, f"measures-{abs(hash(question))}", persist=True)
    assert "Offline mode" in values["answer"], question
    return values["answer"]


async def test_a_total_in_minutes_and_in_hours(runtime, fixture_rows):
    india = amounts(fixture_rows, "Movie", "India")
    said = await answer(runtime, "total running time of all the indian movies")
    assert f"In total **{sum(india):,}** minutes, over {len(india)} titles" in said
    us = amounts(fixture_rows, "Movie", "United States")
    said = await answer(runtime, "how many hours of american movies are there in total")
    assert f"**{round(sum(us) / 60, 2):g}** hours ({sum(us):,} minutes), over {len(us)}" in said


async def test_a_median_of_seasons(runtime, fixture_rows):
    uk = amounts(fixture_rows, "TV Show", "United Kingdom")
    said = await answer(runtime, "what's the median number of seasons for british tv shows")
    assert f"The median is **{statistics.median(uk):g}** seasons, over {len(uk)} titles" in said


async def test_two_averages_compared(runtime, fixture_rows):
    india, japan = (amounts(fixture_rows, "Movie", c) for c in ("India", "Japan"))
    said = await answer(runtime, "which is longer on average, indian movies or japanese movies")
    for name, got in (("India", india), ("Japan", japan)):
        assert f"movies from {name}: **{round(sum(got) / len(got), 2):g}** minutes over" in said
    longer = "India" if sum(india) / len(india) > sum(japan) / len(japan) else "Japan"
    assert f"Longer on average: movies from {longer}." in said
