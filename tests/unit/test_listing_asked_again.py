"""A part that only asks for the titles of the part before it ("anything from guatemala? list
em", "… how many and what are they") is that listing: after a listing it is the same part, after
a count a listing of the same set, and no bank example's words make it unsure ("em" is read as
"them" after a verb asking for titles). Phrasings written for this rule; truths from the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from agentic_rag.agent.rules.mend import mend
from tests.unit.reading_sure import sure


def _from(df, country: str):
    return df[df["country"].map(lambda v: country in [x.strip() for x in v.split(",")])]


@pytest.mark.parametrize(
    ("question", "country"),
    [
        ("anything from guatemala? list em", "Guatemala"),
        ("got any stuff from iceland? name em", "Iceland"),
        ("anything from jamaica? list them please", "Jamaica"),
    ],
)
def test_list_them_after_a_listing_is_that_listing(
    catalog_reader, catalog_df, csv_db, question, country
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "list" and spec.titles.countries == [country]
    rows = csv_db.execute(compile_sql.listing(spec.titles)).fetchall()
    truth = set(_from(catalog_df, country)["title"])
    assert {r[1] for r in rows} == truth or len(rows) == len(truth) > 0
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "country", "kind"),
    [
        ("ukrainian titles - how many and what are they", "Ukraine", None),
        ("how many polish movies are there and which ones", "Poland", "Movie"),
        ("icelandic shows: how many, and what are they?", "Iceland", "TV Show"),
    ],
)
def test_how_many_and_what_are_they_is_a_count_and_its_listing(
    catalog_reader, catalog_df, csv_db, question, country, kind
):
    count, listing = catalog_reader.read(question)
    assert (count.op, listing.op) == ("count", "list")
    assert count.titles.countries == listing.titles.countries == [country]
    rows = _from(catalog_df, country)
    truth = len(rows[rows["type"] == kind]) if kind else len(rows)
    (got,) = csv_db.execute(compile_sql.count(count.titles)).fetchone()
    assert got == truth > 0
    assert sure(catalog_reader, question) >= 0.8


def test_em_in_a_name_is_no_pronoun(catalog_reader):
    knows = catalog_reader.tagger.catalog_words.knows
    text = "luccas neto em: acampamento de ferias 2"
    assert mend(text, catalog_reader.lex, knows)[0] == text
    assert mend("list em", catalog_reader.lex, knows)[0] == "list them"
