"""A people question on a title the catalog holds but records nobody for in that role (most
series have no director in the catalog): the answer says so, naming the title, instead of
"I could not find an answer". Titles are drawn from the fixture CSV, typed as catalogued and
in lower case, in several phrasings."""

from __future__ import annotations

import random

import pytest

from agentic_rag.runtime import AppRuntime
from tests.conftest import as_shown

PHRASINGS = ("Who directed {t}?", "who was the director of {t}", "{t}: who directed it?")


@pytest.fixture(scope="module")
def runtime(built_settings):
    rt = AppRuntime.open(built_settings)
    yield rt
    rt.close()


def _undirected(rows: list[dict[str, str]]) -> list[str]:
    """Titles with no director whose title no other row shares (so the reading is exact)."""
    counts: dict[str, int] = {}
    for r in rows:
        counts[r["title"].casefold()] = counts.get(r["title"].casefold(), 0) + 1
    names = sorted(
        r["title"]
        for r in rows
        if not r["director"].strip()
        and counts[r["title"].casefold()] == 1
        and len(r["title"].split()) >= 2
    )
    return random.Random(14).sample(names, 3)


async def test_a_title_with_no_director_is_said_to_have_none(runtime, fixture_rows):
    missed = []
    for i, title in enumerate(_undirected(fixture_rows)):
        for j, phrasing in enumerate(PHRASINGS):
            typed = title if j != 1 else title.lower()
            values = await runtime.ask(phrasing.format(t=typed), f"nobody-{i}-{j}", persist=False)
            answer = as_shown(values["answer"])
            if "records no directors" not in answer or title not in answer:
                missed.append((phrasing.format(t=typed), answer[:160]))
    assert missed == []
