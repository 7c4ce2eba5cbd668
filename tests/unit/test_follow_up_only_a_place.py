"""A follow-up that only names a place in the list the answer before gave: "and the 2nd one?",
"what about the third", "ok the last one" after a listing. It is the entry of the title at that
place (the order the answer listed, kept in its show ids), not a question asked back; a place past
the end of the list, or a "list" of one title, refers to nothing it can name (unresolved, unsure).
Lists computed with pandas on the CSV (exact country match)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary


def _listed(df, country: str) -> list[str]:
    rows = df[df["country"].map(lambda c: country in [x.strip() for x in str(c).split(",")])]
    return list(rows.sort_values("title")["show_id"])


@pytest.mark.parametrize(
    ("before", "country", "then", "at"),
    [
        ("movies from iran", "Iran", "and the 2nd one?", 1),
        ("serbia movies", "Serbia", "what about the third", 2),
        ("kenyan films", "Kenya", "ok the last one", -1),
        ("ghana movies", "Ghana", "the 4th one", 3),
    ],
)
def test_a_place_alone_is_the_entry_of_the_title_there(
    catalog_df, catalog_reader, before, country, then, at
):
    ids = _listed(catalog_df, country)
    assert len(ids) >= 4
    turn = TurnSummary(before, before, "...", show_ids=ids)
    specs = catalog_reader.read(then, [turn])
    assert specs[-1].op == "describe" and specs[-1].titles.show_ids == [ids[at]], then
    assert not specs[-1].unresolved, then


@pytest.mark.parametrize(
    ("then", "count"),
    [("the tenth one", 6), ("and the 2nd one?", 1), ("what about the third", 2)],
)
def test_a_place_the_list_lacks_names_no_title(catalog_df, catalog_reader, then, count):
    ids = _listed(catalog_df, "Kenya")[:count]
    turn = TurnSummary("kenyan films", "kenyan films", "...", show_ids=ids)
    specs = catalog_reader.read(then, [turn])
    assert specs[-1].unresolved, then
