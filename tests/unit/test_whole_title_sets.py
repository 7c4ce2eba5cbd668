"""A title asked for whole with its colon left out, whose words the tagger reads as a set ("is
criminal spain on here"), is that title's entry, not the titles from the country
(`whole_title`); several asked for ("do you have american crime shows") stay a set. Truths are
computed with pandas on the catalog CSV."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "words", "name"),
    [
        ("got criminal germany?", "criminal germany", "Criminal: Germany"),
        ("can i watch dating around brazil", "dating around brazil", "Dating Around: Brazil"),
        (
            "do u have too hot to handle brazil",
            "too hot to handle brazil",
            "Too Hot to Handle: Brazil",
        ),
        (
            "is bad boy billionaires india on netflix",
            "bad boy billionaires india",
            "Bad Boy Billionaires: India",
        ),
    ],
)
def test_a_title_named_without_its_colon_is_its_entry(
    catalog_reader, catalog_df, question, words, name
):
    spelt = catalog_df[catalog_df.title.str.casefold().str.replace(":", "") == words]
    assert spelt.title.tolist() == [name]  # the truth: the words spell this one title
    spec = catalog_reader.read(question)[0]
    assert spec.op == "describe" and spec.titles.titles == [name], question
    assert not spec.titles.countries, question


@pytest.mark.parametrize(
    ("question", "country"),
    [("do you have american crime shows", "United States"), ("any french dramas?", "France")],
)
def test_several_asked_for_stay_a_set(catalog_reader, catalog_df, question, country):
    assert catalog_df.country.str.contains(country).sum() > 2  # the truth: a set of titles
    spec = catalog_reader.read(question)[0]
    assert spec.titles.countries == [country] and not spec.titles.titles, question
