"""A day the date's tag did not read ("added on mlk day 2021", "on labor day 2019") leaves the
reading of the year alone unsure (`meaning_words.yaml`: "day"); a day the tag reads ("new years
day 2020", "christmas day 2019") is used. Phrasings written for this rule; truths from the CSV."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.reading_sure import sure


@pytest.mark.parametrize(
    "question",
    [
        "how many titles were added on mlk day 2021",
        "how many movies were added on labor day 2019",
        "how many shows were added on presidents day 2020",
    ],
)
def test_a_day_the_tag_did_not_read_is_unsure(catalog_reader, question):
    assert sure(catalog_reader, question) < 0.5


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("how many titles were added on new years day 2020", "2020-01-01"),
        ("how many movies were added on christmas day 2019", "2019-12-25"),
        ("how many titles were added on valentines day 2020", "2020-02-14"),
    ],
)
def test_a_day_the_tag_reads_is_used(catalog_reader, catalog_df, csv_db, question, day):
    (spec,) = catalog_reader.read(question)
    added = pd.to_datetime(
        catalog_df["date_added"].str.strip(), format="%B %d, %Y", errors="coerce"
    )
    rows = catalog_df[added == day]
    kind = "Movie" if "movies" in question else None
    truth = int((rows["type"] == kind).sum()) if kind else len(rows)
    (got,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert got == truth > 0
    assert sure(catalog_reader, question) >= 0.8
