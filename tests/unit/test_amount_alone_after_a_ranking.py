"""An amount asked alone ("how many seasons") after a part that ranks one title ("which kids
show got added first? how many seasons") is that title's amount; after a set that ranks
nothing it stays as it was. Truths computed with pandas on the catalog."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules.split import split


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("which kids show got added first? how many seasons", "how many seasons does it have"),
        ("the oldest anime series - how many seasons?", "how many seasons does it have"),
        ("the newest thai film? how many minutes", "how long is it"),
    ],
)
def test_an_amount_after_a_ranking_is_the_titles(question, asked):
    assert split(question)[-1] == asked


@pytest.mark.parametrize(
    "question", ["spanish shows? how many seasons", "korean shows, how many seasons"]
)
def test_an_amount_after_a_set_is_left(question):
    assert "does it have" not in split(question)[-1]


def test_the_ranked_title_is_described(catalog_df, catalog_reader):
    ranked, asked = catalog_reader.read("which kids show got added first? how many seasons")
    assert (ranked.op, ranked.by, ranked.limit) == ("top", "date_added", 1)
    assert asked.op == "describe" and asked.ref == "first"
    kids = catalog_df[catalog_df["listed_in"].str.contains("Kids' TV", regex=False)]
    added = pd.to_datetime(kids["date_added"].str.strip(), errors="coerce")
    assert kids.loc[added.idxmin(), "title"] == "Goosebumps"
