"""A title named, then described ("happy valley, the yorkshire cop one, can i watch it", "gomorrah
the italian mafia show, is it there", "memories of murder (bong joon-ho, 2003) available?"):
the name is the leading words before the description (`described.py`). A held name is that
title's entry, its description read (its words used, its set words no filter); one the catalog
lacks is said absent by its name alone; a description that does not fit the title (a year, a
type) and an absent name opening with a held title are never sure. Truths from the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.described import held_part
from agentic_rag.folding import fold


def _row(df, title: str):
    rows = df[df["title"].map(fold) == fold(title)]
    return rows.iloc[0] if len(rows) else None


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("ozark, the money laundering show, can i stream it", "Ozark"),
        ("breaking bad, the meth one - is it here", "Breaking Bad"),
        ("the irishman, the scorsese one, on netflix?", "The Irishman"),
        ("big mouth, the cartoon about puberty - can i watch it", "Big Mouth"),
        ("dark the german time travel show, is it there", "Dark"),
        ("okja (2017) on netflix?", "Okja"),
    ],
)
def test_a_held_title_then_its_description_is_that_titles_entry(
    catalog_df, catalog_reader, question, title
):
    assert _row(catalog_df, title) is not None
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [title], question
    assert not spec.absent and spec.described, question
    assert not (spec.titles.countries or spec.titles.genres or spec.titles.people), question
    f, used = confidence.features(catalog_reader, question, [spec], "")
    assert not f["misfit"] and not f["absent_held"], question
    described = [w for d in spec.described for w in d.split() if len(w) > 3]
    assert described and not set(described) & set(used.unused), question


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("memories of murder (bong joon-ho, 2003) available?", "Memories of Murder"),
        ("parasite (bong joon-ho, 2019) - do you have it", "Parasite"),
        ("amelie (jeunet, 2001) on netflix?", "Amelie"),
        ("the last of us, the hbo zombie show, can i watch it", "The Last of Us"),
    ],
)
def test_a_lacking_title_then_its_description_is_absent_by_its_name_alone(
    catalog_df, catalog_reader, question, name
):
    assert _row(catalog_df, name) is None
    (spec,) = catalog_reader.read(question)
    assert [(a.kind, a.name) for a in spec.absent] == [("title", name)], question
    assert not spec.titles.people and spec.titles.year_from is None, question


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("dark, the spanish movie - is it here", "Dark"),  # Dark is a show
        ("okja (2009) on netflix?", "Okja"),  # a 2017 film
        ("breaking bad (2019) available?", "Breaking Bad"),  # its last season is 2013's
    ],
)
def test_a_description_that_does_not_fit_the_title_makes_the_reading_a_guess(
    catalog_df, catalog_reader, question, title
):
    row = _row(catalog_df, title)
    assert row is not None
    (spec,) = catalog_reader.read(question)
    assert spec.titles.titles == [title], question
    f, _ = confidence.features(catalog_reader, question, [spec], "")
    assert f["misfit"] == 1.0 and confidence.probability(f) < 0.5, question


@pytest.mark.parametrize(
    ("name", "held"),
    [
        ("Happy Valley Yorkshire", "Happy Valley"),
        ("Happy Valley, the Yorkshire Cop One", "Happy Valley"),
        ("Breaking Bad the Meth One", "Breaking Bad"),
    ],
)
def test_an_absent_name_opening_with_a_held_title_is_never_sure(
    catalog_df, catalog_reader, name, held
):
    assert _row(catalog_df, name) is None and _row(catalog_df, held) is not None
    assert held_part(name, catalog_reader.lex) == held
    question = f"do you have {name.casefold()}"
    specs = catalog_reader.read(question)
    f, _ = confidence.features(catalog_reader, question, specs, "")
    if any(a.name == name for s in specs for a in s.absent):
        assert f["absent_held"] == 1.0 and confidence.probability(f) < 0.5, question
    else:  # read as the held title: never said absent
        assert specs[0].titles.titles == [held], question


@pytest.mark.parametrize("name", ["Memories of Murder", "Top Gun", "The Dark Knight"])
def test_an_absent_name_no_held_title_opens_is_no_guess(catalog_df, catalog_reader, name):
    assert _row(catalog_df, name) is None
    assert held_part(name, catalog_reader.lex) is None


@pytest.mark.parametrize(
    "question",
    ["korean dramas (2019) on netflix?", "the shortest movie, is it on netflix"],
)
def test_set_words_before_a_bracket_or_comma_are_no_name(catalog_reader, question):
    specs = catalog_reader.read(question)
    assert not any(s.absent for s in specs) and not any(s.described for s in specs), question


@pytest.mark.parametrize(
    "question",
    [
        "nailed it, how many versions of that show exist here",
        "narcos, which seasons are on here",
        "ozark, and who is in it - on netflix?",
    ],
)
def test_a_question_after_the_comma_is_no_description(catalog_reader, question):
    specs = catalog_reader.read(question)
    assert not any(s.described for s in specs), question
