"""A role asked first, then the title described: "director of the mexican movie where a tv
network fakes news" asks the people of the best match (as "who directed the ... movie where"
does), not a search by the whole wording; a title named after the role is no description."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "role", "country"),
    [
        (
            "director of the mexican movie where a tv network takes a huge bribe and fakes news",
            "director",
            "Mexico",
        ),
        (
            "cast of the pakistani movie where a goon is hired to kidnap a girl for a marriage",
            "cast",
            "Pakistan",
        ),
        ("director of the indian film about a boy who runs away to the city", "director", "India"),
    ],
)
def test_role_then_description_asks_the_people(catalog_reader, question, role, country):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "people" and spec.about, question
    assert spec.titles.countries == [country], question


def test_a_named_title_is_not_described(catalog_reader):
    (spec,) = catalog_reader.read("director of the movie roma")
    assert [t.casefold() for t in spec.titles.titles] == ["roma"] and not spec.about
