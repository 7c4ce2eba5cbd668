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
