"""A one-word catalog name typed in lower case reads as that person when it is credited far
more than everyone else whose name has that word ("priyadarshan": Priyadarshan, 7 credits;
Kalyani, Paras Priyadarshan and Priyadarshan Jadhav, 1 each); an everyday word never does."""

from __future__ import annotations

import pytest


def _credits(catalog_df, name: str) -> int:
    names = (catalog_df["director"] + "," + catalog_df["cast"]).str.split(",")
    return int(names.apply(lambda ns: name in [n.strip() for n in ns]).sum())


@pytest.mark.parametrize(
    "question",
    [
        "list the movies directed by priyadarshan",
        "what has priyadarshan directed",
        "how many films did priyadarshan make",
    ],
)
def test_a_dominant_one_word_name_reads_as_its_person(catalog_df, catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert [p.name for p in spec.titles.people] == ["Priyadarshan"]
    assert _credits(catalog_df, "Priyadarshan") == 7
    assert _credits(catalog_df, "Kalyani Priyadarshan") == 1


def test_an_everyday_word_is_no_name(catalog_reader):
    lex = catalog_reader.lex
    assert lex.rare_name("priyadarshan")
    assert not lex.rare_name("you")
    assert not lex.rare_name("edward")
