"""A share whose part is said first and set beside its base: "<part>, as a percentage of all
<base>" (`shares._PART_FIRST`): the base is the set after "of" ("all stand-up comedy"), the part
the set before the cue, running times reading both over movies. Phrasings written for this
rule; truths from the CSV with pandas."""

from __future__ import annotations

import re

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.reading_sure import sure


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


def _minutes(df):
    said = df["duration"].map(lambda d: re.fullmatch(r"(\d+) min", d))
    return said.map(lambda m: int(m.group(1)) if m else None)


@pytest.mark.parametrize(
    ("question", "genre", "over"),
    [
        ("horror movies longer than 2 hours as a share of all horror movies", "Horror Movies", 120),
        ("dramas over 150 minutes, as a percentage of all dramas", "Dramas", 150),
        ("documentaries running more than 90 min - in percent of all documentaries",
         "Documentaries", 90),
    ],
)  # fmt: skip
def test_the_part_said_before_its_base(catalog_reader, catalog_df, csv_db, question, genre, over):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.part is not None
    assert [genre] in [[g for g in group if g == genre] for group in spec.titles.genres]
    assert spec.part.minutes_min == over + 1
    df = catalog_df[(catalog_df["type"] == "Movie") & _has(catalog_df["listed_in"], genre)]
    minutes = _minutes(df)
    truth = round(100.0 * int((minutes > over).sum()) / len(df), 1)
    (row,) = csv_db.execute(compile_sql.share(spec.titles, spec.part)).fetchall()
    assert row[0] == truth and 0 < truth < 100
    assert sure(catalog_reader, question) >= 0.8


def test_a_share_asked_first_still_reads_its_base_after_of(catalog_reader):
    (spec,) = catalog_reader.read("what share of horror movies run over 2 hours")
    assert spec.op == "share" and spec.part is not None and spec.part.minutes_min == 121
    assert spec.titles.genres and not spec.titles.minutes_min
