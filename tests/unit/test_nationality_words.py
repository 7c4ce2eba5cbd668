"""Every country the catalog holds has its nationality word, not only the ones somebody listed:
"serbian films" are films from Serbia. Truth: the CSV's own countries (pandas)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.nationalities import demonym, nationality_words


def _countries(df) -> set[str]:
    return {x.strip() for v in df["country"] for x in v.split(",") if x.strip()}


@pytest.mark.parametrize(
    ("question", "country"),
    [
        ("serbian movies pls", "Serbia"),
        ("any croatian shows on here", "Croatia"),
        ("how many bulgarian titles", "Bulgaria"),
        ("qatari co-productions count", "Qatar"),
        ("list the lithuanian films", "Lithuania"),
        ("jamaican stuff?", "Jamaica"),
        ("new zealander comedies", "New Zealand"),
        ("saudi arabian movies", "Saudi Arabia"),
    ],
)
def test_a_nationality_nobody_listed_is_read_as_its_country(
    catalog_df, catalog_reader, question, country
):
    assert country in _countries(catalog_df)
    tags = [t for t in catalog_reader.tagger.tag(question) if t.kind == "country"]
    assert [t.value for t in tags] == [country]


def test_a_shared_demonym_stays_with_the_listed_country(catalog_df):
    countries = _countries(catalog_df)
    assert {"Germany", "West Germany", "China", "Hong Kong"} <= countries
    words = nationality_words({"german": "Germany", "chinese": "China"}, countries)
    assert words["german"] == "Germany" and words["chinese"] == "China"
    assert "West Germany" not in words.values() and "Hong Kong" not in words.values()


def test_a_listed_cue_is_widened_not_replaced():
    listed = {"saudi": "Saudi Arabia", "korean|korea": "South Korea"}
    words = nationality_words(listed, ["Saudi Arabia", "South Korea", "Serbia"])
    assert words == {
        "saudi arabian|saudi": "Saudi Arabia",
        "south korean|korean|korea": "South Korea",
        "serbian": "Serbia",
    }


def test_a_country_the_reference_lacks_has_no_word_and_no_error():
    assert demonym("Soviet Union") is None
    assert nationality_words({}, ["Soviet Union"]) == {}


def test_a_word_shared_by_two_unlisted_countries_names_neither():
    assert demonym("East Germany") == demonym("West Germany") == "german"
    assert nationality_words({}, ["East Germany", "West Germany"]) == {}


@pytest.mark.parametrize(
    ("question", "words", "country"),
    [
        ("movies from saudi arabia", "saudi arabia", "Saudi Arabia"),
        ("shows from south korea", "south korea", "South Korea"),
        ("the newest film from south africa", "south africa", "South Africa"),
        ("titles made in the united arab emirates", "united arab emirates",
         "United Arab Emirates"),
    ],
)  # fmt: skip
def test_a_countrys_whole_name_is_one_tag_not_its_nationality_word(
    catalog_df, catalog_reader, question, words, country
):
    """ "saudi" is a nationality word, but in "saudi arabia" the country's whole name is tagged
    (so "arabia" is no word left over for the operation decision)."""
    assert country in _countries(catalog_df)
    tags = [t for t in catalog_reader.tagger.tag(question) if t.kind == "country"]
    assert [(t.text, t.value) for t in tags] == [(words, country)]
