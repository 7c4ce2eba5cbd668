"""What the user says of a title asked for, wherever they say it: after the availability tail
("is stranger things on here, the 80s kids vs monsters show"), in a piece of its own after the
question ("succession on here? the hbo one with the roy family"), or after a kind noun that ends
the name ("the bear series w jeremy allen white, u have it?"). The name is the title's; the rest
is its gloss (`described.py`, `holding_cues.joined_back`): read, checked against a held title,
never a filter, a cue or more of the title's name (`title_tail`). Phrasings written for this
test; truths from the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from tests.unit.reading_sure import sure


def _held(df, title: str) -> bool:
    return bool((df["title"].str.casefold() == title.casefold()).any())


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("is stranger things on here, the 80s kids vs monsters show", "Stranger Things"),
        ("is the witcher on here, the henry cavill monster hunter show", "The Witcher"),
        ("is kuch kuch hota hai on here, the srk college romance", "Kuch Kuch Hota Hai"),
        ("mindhunter the fincher serial killer series - available?", "MINDHUNTER"),
        ("bojack horseman the horse cartoon, on here?", "BoJack Horseman"),
        ("chef the food truck movie - on netflix?", "Chef"),
        #: an article inside the title's own name opens no gloss: not "Orange Is", absent
        ("orange is the new black prison show on netflix?", "Orange Is the New Black"),
    ],
)
def test_a_held_title_with_its_gloss_is_its_entry(catalog_df, catalog_reader, question, title):
    assert _held(catalog_df, title)
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [title], question
    assert not spec.absent and spec.described, question
    f, used = confidence.features(catalog_reader, question, [spec], "")
    assert not f["title_tail"] and not f["cue_unused"] and not used.unused, question
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("succession on here? the hbo one with the roy family", "Succession"),
        ("u got spirited away? the ghibli bathhouse movie", "Spirited Away"),
        ("looking for oldboy the korean revenge movie", "Oldboy"),
        ("the bear series w jeremy allen white, u have it?", "The Bear"),
    ],
)
def test_a_lacking_title_with_its_gloss_is_absent_by_its_name(
    catalog_df, catalog_reader, question, name
):
    assert not _held(catalog_df, name)
    specs = catalog_reader.read(question)
    assert [(a.kind, a.name) for s in specs for a in s.absent] == [("title", name)], question
    assert len(specs) == 1 and not specs[0].titles.people, question
    f, _ = confidence.features(catalog_reader, question, specs, "")
    assert not f["title_tail"] and not f["search"], question


def test_a_gloss_that_does_not_fit_the_held_title_is_unsure(catalog_df, catalog_reader):
    """Paprika in the catalog is a kids' show; "the satoshi kon movie" is another title."""
    row = catalog_df[catalog_df["title"] == "Paprika"].iloc[0]
    assert row["type"] == "TV Show"
    question = "looking for paprika the satoshi kon movie"
    (spec,) = catalog_reader.read(question)
    assert spec.titles.titles == ["Paprika"]
    assert sure(catalog_reader, question) < 0.5


@pytest.mark.parametrize(
    "question", ["do you have korean movies? the newest one", "any anime? the longest one"]
)
def test_a_rank_after_a_holding_question_is_no_gloss(catalog_reader, question):
    specs = catalog_reader.read(question)
    assert len(specs) == 2 and not any(s.described for s in specs), question


def test_a_gloss_after_a_question_that_names_no_title_is_not_joined(catalog_reader):
    """ "got the office? the british one": "the office" is no title the question can ask for
    (the catalog's is The Office (U.S.)), so the gloss is not joined to it as a description
    and the reading stays as unsure as before, never every British title at once."""
    question = "got the office? the british one"
    assert not any(s.described for s in catalog_reader.read(question))
    assert sure(catalog_reader, question) < 0.5


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("is the office on here, the us one", "The Office (U.S.)"),
        ("is shameless on here, the us one", "Shameless (U.S.)"),
    ],
)
def test_a_gloss_saying_a_held_titles_qualifier_is_that_title(
    catalog_df, catalog_reader, question, title
):
    """A name the catalog holds only with a qualifier, the gloss saying the qualifier ("the
    office, the us one"): that title's entry, not every title from the country the gloss says."""
    assert _held(catalog_df, title)
    (spec,) = catalog_reader.read(question)
    assert spec.titles.titles == [title] and not spec.titles.countries, question
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "title", "sure_of_it"),
    [
        ("is shameless on here, the american one", "Shameless (U.S.)", True),
        ("shameless - the us version - got it?", "Shameless (U.S.)", True),
        ("house of cards, the british one, is it there", "House of Cards", False),
    ],
)
def test_a_country_glossed_is_the_titles_or_unsure(
    catalog_df, catalog_reader, question, title, sure_of_it
):
    """A gloss naming a country ("the american one") picks the held title whose qualifier is
    that country ("Shameless (U.S.)"), and one the held title was not made in ("house of
    cards, the british one": the catalog's is American) makes the reading unsure."""

    row = catalog_df[catalog_df["title"] == title]
    assert len(row) == 1 and "United States" in row.iloc[0]["country"]
    (spec,) = catalog_reader.read(question)
    assert spec.titles.titles == [title], question
    assert (sure(catalog_reader, question) >= 0.8) == sure_of_it
