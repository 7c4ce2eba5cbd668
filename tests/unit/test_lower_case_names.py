"""Names typed in lower case: a one-word person ("kajol"), a surname ("scorsese") or a title
("okja") is read from the catalog when the evidence is good (a rare catalog name token, never
written in lower case in the descriptions, or a role cue before it); a word that is both English
and a title ("dark") is read as the title only where a title is asked for, and with less
certainty. Every truth is computed from the CSV with pandas."""

from __future__ import annotations

import re

import pytest


def _people(df, column: str) -> list[str]:
    return [x.strip() for v in df[column] for x in v.split(",") if x.strip()]


def _lower_in_descriptions(df, word: str) -> int:
    return sum(len(re.findall(rf"\b{word}\b", d)) for d in df["description"])


def _person_of(spec) -> list[str]:
    return [p.name for p in spec.titles.people]


@pytest.mark.parametrize(
    ("question", "name", "role"),
    [
        ("films featuring kajol", "Kajol", "cast"),
        ("got anything starring rihanna?", "Rihanna", "cast"),
        ("kajol films from the 90s", "Kajol", None),
    ],
)
def test_a_one_word_catalog_name_in_lower_case_is_that_person(
    catalog_df, catalog_reader, question, name, role
):
    cast = _people(catalog_df, "cast")
    assert name in cast and _lower_in_descriptions(catalog_df, name.lower()) == 0
    spec = catalog_reader.read(question)[-1]
    assert _person_of(spec) == [name]
    assert spec.titles.people[0].role in (role, None)


def test_a_surname_typed_in_lower_case_is_the_person_who_leads_it(catalog_df, catalog_reader):
    credits = _people(catalog_df, "director") + _people(catalog_df, "cast")
    same = {n: credits.count(n) for n in set(credits) if n.split()[-1] == "Scorsese"}
    best = max(same, key=same.get)
    assert len(same) > 1 and same[best] >= 3 * (sum(same.values()) - same[best])
    (spec,) = catalog_reader.read("what did scorsese direct in the 70s")
    assert _person_of(spec) == [best] and spec.titles.people[0].role == "director"
    assert any("Scorsese" in n for n in spec.notes)  # the reading is said


@pytest.mark.parametrize("question", ["who made okja", "is okja worth watching"])
def test_a_lower_case_title_the_descriptions_never_write_in_lower_case(
    catalog_df, catalog_reader, question
):
    assert (catalog_df["title"] == "Okja").sum() == 1
    assert _lower_in_descriptions(catalog_df, "okja") == 0
    spec = catalog_reader.read(question)[-1]
    assert spec.titles.titles == ["Okja"] and not spec.absent


def test_an_english_word_that_is_a_title_is_read_where_a_title_is_asked_for_less_surely(
    catalog_df, catalog_reader
):
    assert (catalog_df["title"] == "Dark").sum() == 1
    assert _lower_in_descriptions(catalog_df, "dark") >= 3  # everyday English too
    (spec,) = catalog_reader.read("is dark on netflix?")
    assert spec.titles.titles == ["Dark"] and not spec.absent
    tags = catalog_reader.tagger.tag("is dark on netflix?")
    assert not tags  # the tagger alone does not claim the word: the holding cue does
    (mood,) = catalog_reader.read("dark movies from spain")
    assert mood.titles.titles == []


@pytest.mark.parametrize(
    ("question", "word"),
    [("movies with zombies", "zombies"), ("shows with edward", "edward")],
)
def test_an_everyday_or_shared_word_after_with_is_no_person(
    catalog_df, catalog_reader, question, word
):
    people = set(_people(catalog_df, "director") + _people(catalog_df, "cast"))
    sharing = [p for p in people if word in p.casefold().split()]
    assert _lower_in_descriptions(catalog_df, word) >= 3 or len(sharing) > 2
    (spec,) = catalog_reader.read(question)
    assert spec.titles.people == [] and not spec.absent


@pytest.mark.parametrize(
    ("question", "name", "role"),
    [
        ("films directed by almodovar", "Almodovar", "director"),
        ("shows starring shakira", "Shakira", "cast"),
    ],
)
def test_an_unknown_lower_case_name_after_a_name_only_cue_is_an_absent_person(
    catalog_df, catalog_reader, question, name, role
):
    people = {p.casefold() for p in _people(catalog_df, "director") + _people(catalog_df, "cast")}
    assert name.casefold() not in people  # no one of that whole name (others may share it)
    assert _lower_in_descriptions(catalog_df, name.lower()) == 0
    (spec,) = catalog_reader.read(question)
    (gap,) = spec.absent
    assert gap.kind == "person" and gap.name == name and gap.role == role


def test_an_unknown_word_that_is_a_title_is_not_read_as_it_outside_a_title_slot(
    catalog_df, catalog_reader
):
    assert (catalog_df["title"] == "Rotten").sum() == 1
    (spec,) = catalog_reader.read("what's the rotten tomatoes score of the irishman")
    assert spec.op == "external" and "Rotten" not in spec.titles.titles


def test_the_end_of_a_name_in_lower_case_is_the_person_who_leads_it(catalog_df, catalog_reader):
    credits = _people(catalog_df, "director") + _people(catalog_df, "cast")
    same = {n: credits.count(n) for n in set(credits) if n.casefold().endswith(" de niro")}
    best = max(same, key=same.get)
    assert same[best] >= 3 * (sum(same.values()) - same[best])
    (spec,) = catalog_reader.read("de niro movies from the 2010s")
    assert _person_of(spec) == [best] and spec.titles.year_from == 2010


def test_a_lower_case_name_after_a_bare_by_is_no_absent_person(catalog_df, catalog_reader):
    said = sum(len(re.findall(r"\bBBC\b", d)) for d in catalog_df["description"])
    assert said > 0  # a name the descriptions write, but no person's
    (spec,) = catalog_reader.read("documentaries by the bbc")
    assert not spec.absent and spec.titles.people == []


def test_a_name_after_the_director_of_is_a_title_even_when_a_person_has_it(
    catalog_df, catalog_reader
):
    people = {x.strip() for v in catalog_df["cast"].dropna() for x in v.split(",")}
    assert "Roma" in people and "ROMA" in set(catalog_df["title"])
    (spec,) = catalog_reader.read("who is the director of roma")
    assert spec.op == "people" and spec.titles.titles == ["ROMA"] and spec.role == "director"
