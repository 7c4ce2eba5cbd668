"""People who worked with A and with B, not necessarily on one title, said with the second title
set apart: an aside between commas ("… and also, in some other title, with B"), an adverb
("… and separately alongside B"), or a noun of things repeated ("the cast of stuff with A and
stuff with B"). Read as the shared relation; the SQL alternative's people are the CSV's.
Wordings written for this test."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence, relations
from tests.unit.test_offline_planner import plan


def _coworkers(df, name: str) -> set[str]:
    out: set[str] = set()
    for _, row in df.iterrows():
        people = {
            x.strip()
            for c in ("cast", "director")
            if isinstance(row[c], str)
            for x in row[c].split(",")
        }
        if name in people:
            out |= people
    return out - {name}


@pytest.mark.parametrize(
    ("question", "a", "b"),
    [
        (
            "who has worked with vin diesel and, on another project, with paul walker",
            "Vin Diesel",
            "Paul Walker",
        ),
        (
            "who's acted alongside tom hanks and separately alongside meg ryan",
            "Tom Hanks",
            "Meg Ryan",
        ),
        (
            "name someone in the cast of things with eddie redmayne and things with jude law",
            "Eddie Redmayne",
            "Jude Law",
        ),
        (
            "anybody that worked with eddie redmayne on one project and with jude law on another",
            "Eddie Redmayne",
            "Jude Law",
        ),
        (
            "anyone who starred with tom hanks and, in a different film, with meg ryan",
            "Tom Hanks",
            "Meg Ryan",
        ),
    ],
)
def test_worked_with_each_apart_is_the_shared_relation(
    catalog_df, catalog_reader, real_db, question, a, b
):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["shared"]
    assert [p.name for p in specs[0].titles.people] == [a, b]
    _, u = confidence.features(catalog_reader, question, specs, "")
    assert not u.meaning and not u.unused and not u.cues
    p = plan(catalog_reader.lex, question)
    assert p.confidence is not None and p.confidence.probability >= 0.8
    query = relations.sql(specs[0], 50)
    assert query is not None
    got = {r[0] for r in real_db.execute(query).fetchall()}
    truth = _coworkers(catalog_df, a) & _coworkers(catalog_df, b)
    assert truth and got == truth
