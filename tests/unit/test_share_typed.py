"""A share's base is the set named before its verb, "r" typed for "are" too ("wat percentage of
japanese titles r anime"), never a word of a tag ("r rated"); a share cue said last ("… r
romantic shows, in percent") splits the question at its verb all the same."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "base", "part"),
    [
        ("wat percentage of japanese titles r anime", ("Japan", None), "Anime"),
        ("what % of mexican movies r comedies", ("Mexico", None), "Comedies"),
        ("what % of r rated movies are comedies", (None, "R"), "Comedies"),
        ("how much of korean tv r romantic shows, in percent", ("South Korea", None), "Romantic"),
    ],
)
def test_the_base_is_named_before_the_verb(catalog_reader, question, base, part):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.part is not None
    country, rating = base
    assert spec.titles.countries == ([country] if country else [])
    assert spec.titles.ratings == ([rating] if rating else [])
    assert any(part in g for group in spec.part.genres for g in group)


@pytest.mark.parametrize(
    ("question", "sure"),
    [
        ("kids shows from canada, what percent are animated?", False),
        ("of spanish movies what share are dubbed", False),
        ("kids shows from canada, what percent are comedies?", True),
        ("what percent of titles are from india", True),
    ],
)
def test_a_share_whose_part_is_unread_is_not_sure(catalog_reader, question, sure):
    """A share whose part none of its words was read answers for another share: not sure."""
    from agentic_rag.agent.rules import confidence

    specs = catalog_reader.read(question)
    feats, _ = confidence.features(catalog_reader, question, specs, "")
    assert (feats["unused_kind"] == 0) is sure
