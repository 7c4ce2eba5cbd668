"""A field said as not there by a negated verb ("titles that DON'T have a director listed",
"doesn't list a cast", "the director isn't listed") is a `missing` tag like "no director".
Phrasings written for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.reading_sure import sure


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


@pytest.mark.parametrize(
    ("question", "country", "field", "column"),
    [
        (
            "how many pakistani titles DON'T have a director listed",
            "Pakistan",
            "director",
            "director",
        ),
        ("how many egyptian titles don't list a cast", "Egypt", "cast", "cast"),
        ("count the turkish shows that do not have a director", "Turkey", "director", "director"),
        (
            "how many japanese movies where the director isn't listed",
            "Japan",
            "director",
            "director",
        ),
        ("how many indian titles haven't got any cast", "India", "cast", "cast"),
    ],
)
def test_a_field_not_had_is_missing(
    catalog_reader, catalog_df, csv_db, question, country, field, column
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.missing == [field]
    (got,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    df = catalog_df
    rows = _has(df["country"], country) & (df[column].str.strip() == "")
    if spec.titles.type:
        rows &= df["type"] == spec.titles.type
    assert got == int(rows.sum()) > 0
    assert sure(catalog_reader, question) >= 0.8
