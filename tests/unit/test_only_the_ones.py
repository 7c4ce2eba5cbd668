"""A follow-up that narrows the set before with "only"/"just" past "the ones"/"those" ("ok only
the ones released after 2015", "and just those that are from 2019"): the word says the filter
the reading applies, not a meaning left out. Phrasings written for this rule; truths from the
CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import compile_sql, confidence


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


@pytest.mark.parametrize(
    ("first", "then", "genre", "years"),
    [
        ("anime features total?", "ok only the ones released after 2015", "Anime Features",
         (2016, 2021)),
        ("how many stand-up comedy titles", "and just those that are from 2019", "Stand-Up Comedy",
         (2019, 2019)),
        ("count the docuseries", "so only the ones made before 2010 then", "Docuseries",
         (1900, 2009)),
    ],
)  # fmt: skip
def test_only_the_ones_narrows(catalog_reader, catalog_df, csv_db, first, then, genre, years):
    turn = TurnSummary(first, first, "...")
    (spec,) = catalog_reader.read(then, [turn])
    assert spec.op == "count"
    _, u = confidence.features(catalog_reader, then, [spec], "")
    assert not {"only", "just"} & set(u.unused) and not u.meaning, (u.unused, u.meaning)
    df = catalog_df
    year = df["release_year"].astype(int)
    mask = _has(df["listed_in"], genre) & year.between(*years)
    (n,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert n == int(mask.sum())
