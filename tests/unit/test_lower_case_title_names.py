"""Several lower-case words the catalog's descriptions write as a name ("little singham": they
only ever capitalise Singham) are a name even with no cue before them: "how many little singham
titles are there" counts the titles holding "Little Singham", not the one title Singham. Words
the descriptions write in lower case stay set words ("korean drama shows"). Counted with pandas
on data/netflix_titles.csv."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("how many little singham titles are there", "little singham"),
        ("list the little singham movies", "little singham"),
        ("how many chhota bheem titles are there", "chhota bheem"),
    ],
)
def test_a_lower_case_name_of_several_titles_is_read_whole(
    catalog_reader, catalog_df, question, phrase
):
    held = catalog_df["title"].str.casefold().str.contains(phrase, regex=False).sum()
    assert held >= 10, phrase
    specs = catalog_reader.read(question)
    assert len(specs) == 1 and specs[0].op in ("count", "list"), question
    assert [h.casefold() for h in specs[0].titles.title_has] == [phrase], question
    assert not specs[0].titles.titles, question  # not the one title named by its last word


def test_lower_case_set_words_are_no_name(catalog_reader):
    specs = catalog_reader.read("how many korean drama shows are there")
    assert specs[0].titles.countries == ["South Korea"] and not specs[0].titles.title_has
