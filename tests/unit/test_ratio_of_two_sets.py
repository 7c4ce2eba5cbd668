""" "The ratio of A to B" sets the two counts against each other, A first ("ratio of tv-g to g
titles", "ratio of movies to shows from thailand", "ratio between danish movies and danish
shows"), noted; the answer gives both counts and A over B. Phrasings written for this test,
from no question set; truths computed with pandas on the catalog CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from agentic_rag.agent.rules.mend import RATIO_NOTE
from tests.unit.measure_truth import run


def _has(df, column, name):
    return df[column].fillna("").map(lambda v: name in [x.strip() for x in v.split(",")])


CASES = [
    (
        "ratio of tv-g to g titles",
        lambda df: ((df.rating == "TV-G").sum(), (df.rating == "G").sum()),
    ),
    (
        "ratio of movies to tv shows",
        lambda df: ((df.type == "Movie").sum(), (df.type == "TV Show").sum()),
    ),
    (
        "what is the ratio of indian movies to indian tv shows",
        lambda df: (
            (_has(df, "country", "India") & (df.type == "Movie")).sum(),
            (_has(df, "country", "India") & (df.type == "TV Show")).sum(),
        ),
    ),
    (
        "ratio of movies to shows from thailand",
        lambda df: (
            (_has(df, "country", "Thailand") & (df.type == "Movie")).sum(),
            (_has(df, "country", "Thailand") & (df.type == "TV Show")).sum(),
        ),
    ),
    (
        "whats the ratio between danish movies and danish shows",
        lambda df: (
            (_has(df, "country", "Denmark") & (df.type == "Movie")).sum(),
            (_has(df, "country", "Denmark") & (df.type == "TV Show")).sum(),
        ),
    ),
]


@pytest.mark.parametrize(("question", "truth"), CASES)
def test_a_ratio_sets_the_two_counts_against_each_other(
    catalog_reader, catalog_df, csv_db, question, truth
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "compare" and spec.part is not None
    assert RATIO_NOTE in spec.notes
    counts = tuple(run(csv_db, compile_sql.count(t))[0][0] for t in (spec.titles, spec.part))
    assert counts == tuple(int(x) for x in truth(catalog_df))
