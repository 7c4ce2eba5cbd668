"""A name said first, then its titles counted back ("oh my ghost, how many of those", "tremors -
how many of them do u have", "inuyasha, how many of those u got"): every title holding the name,
even when one title is named exactly so; a texting word after the name ("how many naruto u
got") is no word of a longer name; and a series' entries said with a slash beside a works noun
("terrace house seasons/titles count") are the titles counted, both words read. Truth: the
CSV's titles (pandas, words in a row, punctuation and case aside)."""

from __future__ import annotations

import re

import pytest

from agentic_rag.agent.rules.consumed import consumed
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.folding import fold


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", fold(text)))


def _holding(df, phrase: str) -> set[str]:
    k = f" {_words(phrase)} "
    return set(df[df["title"].map(lambda t: k in f" {_words(t)} ")]["title"])


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("oh my ghost, how many of those", "oh my ghost"),
        ("tremors - how many of those do u have", "tremors"),
        ("ip man, how many of them", "ip man"),
        ("inuyasha, how many of those u got", "inuyasha"),
        ("final destination, how many of those", "final destination"),
        ("how many naruto u got", "naruto"),
        ("godzilla - how many of em r on here", "godzilla"),
    ],
)
def test_a_name_counted_back_counts_every_title_holding_it(
    catalog_df, catalog_reader, question, phrase
):
    truth = _holding(catalog_df, phrase)
    assert len(truth) >= 3 and any(_words(t) == phrase for t in truth)  # one is named so
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and not spec.titles.titles, question
    assert [_words(p) for p in spec.titles.title_has] == [phrase], question
    assert set(catalog_reader.lex.titles_with(spec.titles.title_has[0])) == truth


def test_how_many_of_those_with_a_filter_still_narrows(catalog_reader):
    specs = catalog_reader.read("korean dramas, how many of those are from 2019")
    assert specs[-1].op == "count" and not specs[-1].titles.title_has


@pytest.mark.parametrize(
    ("masked", "read"),
    [
        ("{phrase} seasons/titles count", {"seasons", "titles"}),
        ("{phrase} titles / seasons count", {"seasons", "titles"}),
        ("how many {phrase} movies/installments", {"movies", "installments"}),
    ],
)
def test_entries_said_with_a_slash_beside_a_works_noun_are_read(masked, read):
    spec = QuerySpec(op="count", titles=TitleSet(title_has=["x"]), text=masked)
    assert read <= consumed([spec], masked)


def test_two_filters_said_with_a_slash_stay_unread():
    spec = QuerySpec(op="count", titles=TitleSet(title_has=["x"]), text="x")
    assert "dramas" not in consumed([spec], "{phrase} comedies/dramas count")
