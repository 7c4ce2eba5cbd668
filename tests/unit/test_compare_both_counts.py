"""Two sets' counts compared: a type said once is each set's unless its genres are all of the
other type ("more horror movies or tv horror shows"); "which has more" after "vs" is the
comparison's own word; "both counts" asks nothing more (`asides.yaml` answer_forms); a pair
that asks nothing, then "which …" after a comma, is one question (`split._pair_asked`).
Phrasings written for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.reading_sure import sure


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


def _counts(csv_db, spec) -> list[int]:
    sql = compile_sql.compare([("a", spec.titles), ("b", spec.part)])
    return [n for _, n in csv_db.execute(sql).fetchall()]


@pytest.mark.parametrize(
    ("question", "column", "a", "b", "kind"),
    [
        (
            "more horror movies or tv horror shows? give both numbers",
            "listed_in",
            "Horror Movies",
            "TV Horror",
            None,
        ),
        (
            "are there more stand-up comedy specials or docuseries shows",
            "listed_in",
            "Stand-Up Comedy",
            "Docuseries",
            None,
        ),
        (
            "canada vs australia: which has more movies? both counts pls",
            "country",
            "Canada",
            "Australia",
            "Movie",
        ),
        (
            "brazil vs argentina, which has more tv shows?",
            "country",
            "Brazil",
            "Argentina",
            "TV Show",
        ),
        (
            "which has more titles, mexico or brazil? give me both counts",
            "country",
            "Mexico",
            "Brazil",
            None,
        ),
    ],
)
def test_both_counts(catalog_reader, catalog_df, csv_db, question, column, a, b, kind):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "compare" and spec.part is not None
    df = catalog_df
    rows = (df["type"] == kind) if kind else df["type"].notna()
    truth = [int((rows & _has(df[column], v)).sum()) for v in (a, b)]
    assert _counts(csv_db, spec) == truth and min(truth) > 0
    assert sure(catalog_reader, question) >= 0.8
