"""Two sets' counts compared, end to end on the fixture stores: the answer gives both counts and,
for two sets, how many more the larger has ("how many more movies than tv shows from india").
Expected counts are computed here from the fixture CSV with plain Python."""

from __future__ import annotations

import pytest

from agentic_rag.runtime import AppRuntime


@pytest.fixture(scope="module")
def runtime(built_settings):
    rt = AppRuntime.open(built_settings)
    yield rt
    rt.close()


def count(rows, kind: str, country: str) -> int:
    return sum(
        r["type"] == kind and country in [c.strip() for c in r["country"].split(",")] for r in rows
    )


@pytest.mark.parametrize(
    ("question", "a", "b"),
    [
        (
            "how many more movies than tv shows from india",
            ("Movie", "India"),
            ("TV Show", "India"),
        ),
        (
            "united states vs united kingdom: which has more tv shows? both counts pls",
            ("TV Show", "United States"),
            ("TV Show", "United Kingdom"),
        ),
        (
            "canada vs japan, which has more movies?",
            ("Movie", "Canada"),
            ("Movie", "Japan"),
        ),
    ],
)
async def test_both_counts_and_their_difference(runtime, fixture_rows, question, a, b):
    values = await runtime.ask(question, f"compared-{abs(hash(question))}", persist=True)
    said = values["answer"]
    n, m = count(fixture_rows, *a), count(fixture_rows, *b)
    assert n != m and f"**{n:,}**" in said and f"**{m:,}**" in said, said
    assert f", by **{abs(n - m):,}**" in said, said
    assert values["confidence"] >= 0.8, said
