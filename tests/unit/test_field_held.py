"""A field said as held ("docuseries that DO have a director credited", "indian movies that have
the cast listed", "kids tv shows with a known director") leaves out the titles missing it; said
as missing ("without a director credited") keeps only those. Phrasings written for this rule;
truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


def _truth(df, question: str) -> int:
    director, cast = df["director"].str.strip() != "", df["cast"].str.strip() != ""
    movie, genre, india = df["type"] == "Movie", df["listed_in"], _has(df["country"], "India")
    return int(
        {
            "docuseries that DO have a director credited, count": _has(genre, "Docuseries")
            & director,
            "how many indian movies have the cast listed": movie & india & cast,
            "kids tv shows with a known director - how many": _has(df["listed_in"], "Kids' TV")
            & director,
            "horror movies that list a director, how many?": movie
            & _has(df["listed_in"], "Horror Movies") & director,
            "movies without a director credited, how many": movie & ~director,
        }[question].sum()
    )  # fmt: skip


@pytest.mark.parametrize(
    "question",
    [
        "docuseries that DO have a director credited, count",
        "how many indian movies have the cast listed",
        "kids tv shows with a known director - how many",
        "horror movies that list a director, how many?",
        "movies without a director credited, how many",
    ],
)
def test_a_field_held_or_missing(catalog_reader, catalog_df, csv_db, question):
    specs = catalog_reader.read(question)
    spec = specs[-1]
    assert spec.op == "count"
    (n,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert n == _truth(catalog_df, question)
