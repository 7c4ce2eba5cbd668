""" "they" after credits that name several people in one role is every one of them: "who directed
shutter and what else did they make" lists the titles any of its two directors made (not the
first director's alone); "she" stays the first person, noted as crowded. The credit rows are
made from the CSV as the graph returns them; truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from agentic_rag.agent.rules.compose import fill


def _credits(df, title: str) -> tuple[list[dict], set[str], str]:
    row = df[df["title"] == title].iloc[0]
    names = [n.strip() for n in row["director"].split(",") if n.strip()]
    rows = [
        {"title": title, "name": n, "role": "DIRECTED", "show_id": row["show_id"]} for n in names
    ]
    return rows, set(names), row["show_id"]


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("who directed shutter and what else did they make", "Shutter"),
        ("who directed osmosis jones and what else have they directed", "Osmosis Jones"),
        ("directors of synchronic - anything else by them?", "Synchronic"),
    ],
)
def test_they_are_every_one_credited(catalog_reader, catalog_df, csv_db, question, title):
    specs = catalog_reader.read(question)
    later = specs[-1]
    assert later.ref == "person"
    rows, names, sid = _credits(catalog_df, title)
    assert fill(later, rows) and not later.crowded
    got = {r[0] for r in csv_db.execute(compile_sql.listing(later.titles, limit=500)).fetchall()}
    directed = catalog_df["director"].map(lambda v: bool(names & {x.strip() for x in v.split(",")}))
    truth = set(catalog_df[directed & (catalog_df["show_id"] != sid)]["show_id"])
    assert got == truth and len(truth) > 0


def test_she_is_the_first_and_crowded(catalog_reader, catalog_df):
    specs = catalog_reader.read("who directed shutter and what else did she make")
    later = specs[-1]
    rows, _, _ = _credits(catalog_df, "Shutter")
    assert fill(later, rows)
    assert later.crowded and [p.name for p in later.titles.people] == ["Banjong Pisanthanakun"]
