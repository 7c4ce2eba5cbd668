"""One title of a ranking said back after it ("the crime tv show with the most seasons - only
that one", "…, just this one": a limit of one, as "only the one"), and a ranking of the groups
of a subject named before a dash, referred to as "it" ("spain - the 4 genres it has the most
titles in": the country, not an earlier turn's title). Truth with pandas on
data/netflix_titles.csv: the subject's titles per genre."""

from __future__ import annotations

from collections import Counter

import pytest

from agentic_rag.agent.rules.limits import limit_tags


def _free(_s: int, _e: int) -> bool:
    return True


@pytest.mark.parametrize(
    "question",
    [
        "the crime tv show with the most seasons - only that one",
        "the longest horror movie, just this one",
        "the anime series with the most seasons - only that one pls",
    ],
)
def test_only_that_one_after_a_ranking_asks_for_one(question):
    (tag,) = [t for t in limit_tags(question, _free) if t.kind == "limit"]
    assert tag.lo == 1 and tag.text.endswith("one")


def test_only_that_ones_cast_is_no_limit():
    assert limit_tags("only that one's cast", _free) == []


@pytest.mark.parametrize(
    ("question", "country", "n"),
    [
        ("spain - the 4 genres it has the most titles in", "Spain", 4),
        ("japan - the 3 genres it has the most titles in", "Japan", 3),
        ("nigeria - top 3 genres it has", "Nigeria", 3),
    ],
)
def test_it_is_the_subject_named_before_the_ranking(
    catalog_df, catalog_reader, question, country, n
):
    rows = catalog_df[catalog_df["country"].str.contains(country, regex=False)]
    per = Counter(g.strip() for v in rows["listed_in"] for g in v.split(","))
    assert len(per) > n  # a ranking to cut
    (spec,) = catalog_reader.read(question)
    assert spec.op == "most" and spec.by == "genre" and spec.limit == n, question
    assert spec.titles.countries == [country] and spec.unresolved == [], question


def test_it_with_no_subject_stays_unresolved(catalog_reader):
    (spec,) = catalog_reader.read("which genres does it have the most titles in")
    assert spec.unresolved == ["it"]
