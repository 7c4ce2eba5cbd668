"""A person's titles listed from the graph come back once per role ("Love Is War": Omoni Oboli
directed it and acted in it): the answer names each title once, and the names agree with the
count (`sentences._once`). Truths with pandas on data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.rows import cell
from agentic_rag.agent.rules.sentences import Part, listed
from agentic_rag.tools.base import ToolResult, ToolStatus


def _has(v: str, name: str) -> bool:
    return name in {x.strip() for x in v.split(",")}


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("kunle afolayan movies", "Kunle Afolayan"),
        ("any omoni oboli films", "Omoni Oboli"),
        ("clint eastwood movies from the 2000s", "Clint Eastwood"),
    ],
)
def test_a_title_in_two_roles_is_named_once(catalog_df, catalog_reader, question, person):
    (spec,) = catalog_reader.read(question)
    rows = catalog_df[
        (catalog_df["type"] == "Movie")
        & (
            catalog_df["director"].map(lambda v: _has(v, person))
            | catalog_df["cast"].map(lambda v: _has(v, person))
        )
    ]
    if spec.titles.year_from:
        rows = rows[
            rows["release_year"].astype(int).between(spec.titles.year_from, spec.titles.year_to)
        ]
    both = rows[
        rows["director"].map(lambda v: _has(v, person))
        & rows["cast"].map(lambda v: _has(v, person))
    ]
    assert len(both) >= 1  # a title of theirs in both roles: two graph rows
    graph = [
        {"title": r.title, "release_year": int(r.release_year), "show_id": r.show_id, "role": role}
        for r in rows.itertuples()
        for role in ("DIRECTED", "ACTED_IN")
        if _has(r.director if role == "DIRECTED" else r.cast, person)
    ]
    assert len(graph) > len(rows)
    key = ToolResult(call_id="1.1", tool="cypher", status=ToolStatus.OK, rows=graph)
    total = ToolResult(
        call_id="1.2",
        tool="sql",
        status=ToolStatus.OK,
        rows=[{"titles": len(rows), "movies": len(rows), "tv shows": 0}],
    )
    said = listed(Part(number=1, spec=spec), (1, key), (2, total))
    for title in rows["title"]:
        assert said.count(f"**{cell(title)}**") == 1, (title, said)
    assert f"**{len(rows)}**" in said
