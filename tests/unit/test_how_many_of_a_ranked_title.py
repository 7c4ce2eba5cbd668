""" "how many does it have" after a part (or a turn) that ranked one title by an amount ("which
british crime show has the most seasons, how many does it have") asks that title's amount (its
entry), not a count of the set; after a listing it stays a count. Truths computed with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary


def _seasons(catalog_df, country: str, genre: str) -> list[tuple[str, int]]:
    rows = catalog_df[
        catalog_df["country"].str.contains(country)
        & catalog_df["listed_in"].str.contains(genre, regex=False)
        & (catalog_df["type"] == "TV Show")
    ]
    counts = rows["duration"].str.extract(r"(\d+)")[0].astype(int)
    return sorted(zip(rows["title"], counts, strict=True), key=lambda r: -r[1])


@pytest.mark.parametrize(
    "question",
    [
        "which british crime show has the most seasons, how many does it have",
        "the longest thai movie - how many has it got",
        "the show with the most seasons - how many does it have",
    ],
)
def test_how_many_of_the_ranked_title_is_its_entry(catalog_reader, question):
    ranked, asked = catalog_reader.read(question)
    assert ranked.op == "top" and ranked.limit == 1
    assert (asked.op, asked.ref) == ("describe", "first")


def test_the_follow_up_reads_the_title_ranked_before(catalog_df, catalog_reader):
    first = "which british crime show has the most seasons"
    before = TurnSummary(first, first, "...")
    specs = catalog_reader.read("how many does it have", [before])
    assert [s.op for s in specs] == ["top", "describe"]
    assert _seasons(catalog_df, "United Kingdom", "Crime TV")[0] == ("Father Brown", 6)


def test_after_a_listing_it_stays_a_count(catalog_reader):
    before = TurnSummary("british crime shows", "british crime shows", "...")
    (spec,) = catalog_reader.read("how many does it have", [before])
    assert spec.op == "count"
