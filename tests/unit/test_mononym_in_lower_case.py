"""A one-word name typed in lower case ("priyadarshan movies") is that person when they hold
more credits than every other person with the word in their name together (`NameEvidence.
_mononym`): "priyadarshan" is Priyadarshan (7 credits), not Kalyani Priyadarshan (1). A word
shared by a crowd ("edward") stays no name. Phrasings written for this test; truths with pandas
on data/netflix_titles.csv."""

from __future__ import annotations

from collections import Counter

import pytest


def _names(v: str) -> list[str]:
    return [x.strip() for x in v.split(",") if x.strip()]


def _credits(catalog_df) -> Counter[str]:
    return Counter(
        n for col in ("director", "cast") for v in catalog_df[col] for n in set(_names(v))
    )


@pytest.mark.parametrize(
    ("question", "person", "role"),
    [
        ("priyadarshan movies", "Priyadarshan", "director"),
        ("how many films did nassar act in", "Nassar", "cast"),
        ("actors zoya akhtar n priyadarshan both used", "Priyadarshan", "director"),
    ],
)
def test_a_mononym_with_most_of_its_words_credits_is_the_person(
    catalog_df, catalog_reader, question, person, role
):
    credits = _credits(catalog_df)
    word = person.casefold()
    others = sum(c for n, c in credits.items() if word in n.casefold().split() and n != person)
    assert credits[person] > others  # the CSV: the one-word holder outweighs the rest
    assert len(catalog_df[catalog_df[role].map(lambda v: person in _names(v))]) >= 3
    specs = catalog_reader.read(question)
    assert person in {p.name for s in specs for p in s.titles.people}, question


def test_a_name_word_shared_by_a_crowd_is_not_a_mononym(catalog_df, catalog_reader):
    credits = _credits(catalog_df)
    others = sum(
        c for n, c in credits.items() if "edward" in n.casefold().split() and n != "Edward"
    )
    assert others > credits["Edward"] > 0  # one Edward, outweighed by the other Edwards
    assert not catalog_reader.lex.rare_name("edward")
    assert catalog_reader.lex.rare_name("priyadarshan")


@pytest.mark.parametrize(
    "question",
    [
        "list the movies directed by priyadarshan",
        "what has priyadarshan directed",
        "how many films did priyadarshan make",
    ],
)
def test_the_mononym_is_the_only_person_read(catalog_df, catalog_reader, question):
    credits = _credits(catalog_df)
    assert (credits["Priyadarshan"], credits["Kalyani Priyadarshan"]) == (7, 1)
    (spec,) = catalog_reader.read(question)
    assert [p.name for p in spec.titles.people] == ["Priyadarshan"]
    assert not catalog_reader.lex.rare_name("you")
