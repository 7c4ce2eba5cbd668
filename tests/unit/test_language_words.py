"""A language word names where a title was made when the language is official in one catalog
country ("hindi films": India), and is never taken for a person or title the catalog lacks when
it is official in several ("arabic series"): a reading that cannot use it is unsure of it.
Truth: the CSV's own countries (pandas) and the Unicode CLDR (Babel)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import absent, confidence
from agentic_rag.agent.rules.languages import language_countries


def _countries(df) -> set[str]:
    return {x.strip() for v in df["country"] for x in v.split(",") if x.strip()}


@pytest.mark.parametrize(
    ("question", "country"),
    [
        ("hindi movies from 2019", "India"),
        ("any telugu thrillers", "India"),
        ("tagalog films pls", "Philippines"),
        ("how many hebrew shows are there", "Israel"),
        ("khmer movies", "Cambodia"),
    ],
)
def test_a_language_of_one_country_is_read_as_that_country_with_a_note(
    catalog_df, catalog_reader, question, country
):
    assert country in _countries(catalog_df)
    (tag,) = [t for t in catalog_reader.tagger.tag(question) if t.kind == "country"]
    assert tag.value == country and "not languages" in tag.note and tag.score < 1


@pytest.mark.parametrize("question", ["arabic series", "any tamil movies", "urdu dramas"])
def test_a_language_of_several_countries_is_no_absent_name_and_leaves_the_reading_unsure(
    catalog_df, catalog_reader, question
):
    word = question.split()[-2] if question.startswith("any") else question.split()[0]
    assert len(language_countries(_countries(catalog_df))[word]) > 1
    assert not absent.unheard(word, catalog_reader.lex)
    specs = catalog_reader.read(question)
    assert not any(s.absent for s in specs)
    feats, _ = confidence.features(catalog_reader, question, specs, "")
    assert confidence.probability(feats) < 0.5


def test_a_language_name_that_is_an_everyday_word_is_not_read_as_a_language(catalog_reader):
    """'slave' names a language of Canada in the CLDR; in a question it is the word."""
    assert "slave" in language_countries(catalog_reader.lex.countries)
    tags = catalog_reader.tagger.tag("slave movies")
    assert not [t for t in tags if t.kind == "country"]


@pytest.mark.parametrize(
    "question", ["any arabic series?", "do you have tamil films", "urdu shows?"]
)
def test_a_language_of_several_countries_is_no_title_asked_for_nor_a_phrase_of_titles(
    catalog_reader, question
):
    """'any X', 'do you have X' with a language: not a title the catalog lacks (a language is
    capitalised in English, so the descriptions' casing is no evidence of a name), nor the titles
    of its '(Tamil Version)' editions: the reading leaves the word unused and is unsure."""
    specs = catalog_reader.read(question)
    assert not any(s.absent or s.titles.title_has for s in specs), specs
    feats, _ = confidence.features(catalog_reader, question, specs, specs[0].model_dump_json())
    assert confidence.probability(feats) < 0.5
