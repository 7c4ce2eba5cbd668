"""A list joined by "and", "&" or "n" after a cue of `negation.list_cues` is left out whole:
"excluding dramas and comedies" leaves out both ("polish movies excluding dramas n comedies"
had been read as comedies that are not dramas at 0.999). A bare "not dramas and comedies"
stays a guess. Truths from the CSV (exact match on the comma-split lists)."""

from __future__ import annotations

import pytest

from tests.unit.test_offline_planner import plan, rows


def _has(d, column, *values):
    return d[column].fillna("").map(lambda s: bool({x.strip() for x in s.split(",")} & set(values)))


def _drama_or_comedy(d):
    return _has(d, "listed_in", "Dramas", "TV Dramas", "Comedies", "TV Comedies")


@pytest.mark.parametrize(
    ("question", "keep"),
    [
        ("how many movies from poland excluding dramas n comedies",
         lambda d: (d.type == "Movie") & _has(d, "country", "Poland") & ~_drama_or_comedy(d)),
        ("how many movies from poland excluding dramas & comedies",
         lambda d: (d.type == "Movie") & _has(d, "country", "Poland") & ~_drama_or_comedy(d)),
        ("egyptian movies except dramas and comedies, how many",
         lambda d: (d.type == "Movie") & _has(d, "country", "Egypt") & ~_drama_or_comedy(d)),
        ("how many movies from egypt other than dramas n comedies",
         lambda d: (d.type == "Movie") & _has(d, "country", "Egypt") & ~_drama_or_comedy(d)),
        ("how many titles besides the us & india ones were added in 2019",
         lambda d: d.date_added.fillna("").str.strip().str.endswith("2019")
         & ~_has(d, "country", "United States", "India")),
    ],
)  # fmt: skip
def test_a_list_after_an_excluding_cue_is_left_out_whole(
    catalog_df, catalog_reader, real_db, question, keep
):
    (spec,) = catalog_reader.read(question)
    assert len(spec.titles.without) == 2
    want = int(keep(catalog_df).sum())
    assert rows(real_db, plan(catalog_reader.lex, question))[0][0] == want > 0


@pytest.mark.parametrize(
    "question",
    [
        "how many movies from poland not dramas and comedies",
        "nigerian movies not dramas n comedies",
    ],
)
def test_a_bare_not_before_an_and_list_stays_a_guess(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert len(spec.titles.without) < 2
