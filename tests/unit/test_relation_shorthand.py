"""Chat shorthand in a question about people (`words.yaml` `shorthands`): "co stars" written
apart is "co-stars" (A's co-stars, not a list of A's titles), "ppl" is "people" and "btwn"
"between" (the chain between two people). Phrasings written for this rule; truths from the
CSV (exact match on the comma-split cast and director lists)."""

from __future__ import annotations

from collections import Counter

import pytest

from agentic_rag.agent.rules.mend import mend


def _coworkers(df, name: str) -> Counter:
    out: Counter = Counter()
    for director, cast in zip(df["director"].fillna(""), df["cast"].fillna(""), strict=True):
        people = {p.strip() for p in f"{director},{cast}".split(",") if p.strip()}
        if name in people:
            out.update(people - {name})
    return out


@pytest.mark.parametrize(
    ("text", "mended"),
    [
        ("co stars of omar epps", "co-stars of omar epps"),
        ("who co starred w jean reno", "who co-starred with jean reno"),
        ("how many ppl has jean reno worked with", "how many people has jean reno worked with"),
        ("link btwn jean reno & funke akindele", "link between jean reno & funke akindele"),
    ],
)
def test_shorthand_is_read_as_its_word(catalog_reader, text, mended):
    out, notes = mend(text, catalog_reader.lex, catalog_reader.tagger.catalog_words.knows)
    assert out == mended and notes


def test_co_star_inside_a_word_is_left_alone(catalog_reader):
    text = "movies set in costa rica"
    out, _ = mend(text, catalog_reader.lex, catalog_reader.tagger.catalog_words.knows)
    assert "co-star" not in out


@pytest.mark.parametrize(
    ("question", "name", "top"),
    [
        ("co stars of omar epps", "Omar Epps", "Nia Long"),
        ("who co starred with todd phillips the most", "Todd Phillips", "Juliette Lewis"),
        ("funke akindele co stars", "Funke Akindele", None),
    ],
)
def test_co_stars_apart_ask_for_the_people(catalog_reader, catalog_df, question, name, top):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars", spec.op
    assert [p.name for p in spec.titles.people] == [name]
    counts = _coworkers(catalog_df, name)
    assert counts
    if top:
        assert counts.most_common(1)[0][0] == top


def test_chain_between_in_shorthand(catalog_reader):
    (spec,) = catalog_reader.read("link btwn jean reno & funke akindele")
    assert spec.op == "chain"
    assert [p.name for p in spec.titles.people] == ["Jean Reno", "Funke Akindele"]
