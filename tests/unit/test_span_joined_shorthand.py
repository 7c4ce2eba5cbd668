"""A span of years joined the way a phone types "and": "between 2015 n 2017", "between 2016 &
2018" (`span_joins` in `words.yaml`), read as the span, both ends in. Phrasings written for this
test; truths with pandas on data/netflix_titles.csv."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules import compile_sql as q


def _has(v: str, name: str) -> bool:
    return name in {x.strip() for x in v.split(",")}


@pytest.mark.parametrize(
    ("question", "genre", "lo", "hi", "added"),
    [
        ("how many reality shows released between 2015 n 2017", "Reality TV", 2015, 2017, False),
        ("docs that came out between 2016 & 2018", "Documentaries", 2016, 2018, False),
        ("how many anime series were added between 2019 n 2020", "Anime Series", 2019, 2020, True),
    ],
)
def test_a_span_joined_by_n_or_ampersand_is_the_span(
    catalog_df, catalog_reader, csv_db, question, genre, lo, hi, added
):
    years = (
        pd.to_datetime(
            catalog_df["date_added"].str.strip(), format="%B %d, %Y", errors="coerce"
        ).dt.year
        if added
        else catalog_df["release_year"].astype(int)
    )
    (spec,) = catalog_reader.read(question)
    s = spec.titles
    got = (s.added_from, s.added_to) if added else (s.year_from, s.year_to)
    assert str(lo) in str(got[0]) and str(hi + added) in str(got[1]), (question, got)
    (group,) = s.genres  # the genre asked, with its TV or movie twin ("Docuseries")
    assert genre in group
    genred = catalog_df["listed_in"].map(lambda v: any(_has(v, g) for g in group))
    truth = int((genred & years.between(lo, hi)).sum())
    (count,) = csv_db.execute(q.count(s)).fetchone()
    assert count == truth > 0, question
