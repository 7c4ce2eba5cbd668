"""'his name in the title': the words put in the titles' names are the name of the one person
the question names ("how many russell peters specials have his name in the title": 4, the
show Russell Peters vs. the World among them, a person's specials being stand-up films or
shows); with no one named, the reading is unsure. Truths computed with pandas on the catalog."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.own_name import UNSURE, own_names
from agentic_rag.agent.rules.tags import Tag


def _count(df, name: str, kind: str | None, genre: str | None) -> int:
    rows = df[df["title"].str.contains(name, regex=False) & df["cast"].str.contains(name, na=False)]
    if kind:
        rows = rows[rows["type"] == kind]
    if genre:
        rows = rows[rows["listed_in"].str.contains(genre, regex=False)]
    return len(rows)


@pytest.mark.parametrize(
    ("question", "name", "kind", "genre"),
    [
        (
            "how many russell peters specials have his name in the title",
            "Russell Peters",
            None,
            "Stand-Up",
        ),
        ("kevin hart movies with his own name in the title, how many", "Kevin Hart", "Movie", None),
        (
            "how many iliza shlesinger titles have her name in the title",
            "Iliza Shlesinger",
            None,
            None,
        ),
    ],
)
def test_own_name_is_the_person_named(
    catalog_df, catalog_reader, real_db, question, name, kind, genre
):
    from agentic_rag.agent.rules.compile_sql import conditions

    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.title_has == [name]
    where = " AND ".join(conditions(spec.titles, "s"))
    (got,) = real_db.execute(f"SELECT COUNT(*) FROM shows s WHERE {where}").fetchone()
    assert got == _count(catalog_df, name, kind, genre) and got >= 3


def test_own_name_with_no_one_named_is_unsure():
    said = Tag(kind="phrase", start=0, end=9, text="her name", value="her name")
    (out,) = own_names([said])
    assert out.value == "her name" and out.score == UNSURE


def test_a_word_is_kept():
    said = Tag(kind="phrase", start=0, end=9, text="love", value="love")
    who = Tag(kind="person", start=10, end=20, text="x", value="Kevin Hart")
    assert own_names([said, who])[0].value == "love"


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("iliza shlesinger - how many titles with her name in it", "Iliza Shlesinger"),
        ("how many titles have jeff dunham's name in them", "Jeff Dunham"),
        ("katt williams: how many movies with his name in it", "Katt Williams"),
    ],
)
def test_a_name_in_it_is_words_of_the_titles(catalog_df, catalog_reader, real_db, question, name):
    """ "with her name in it" (a name said before, the pronoun hers) or "X's name in them": the
    name as words of the titles' names, not every title that credits the person."""
    from agentic_rag.agent.rules.compile_sql import conditions

    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and [k.casefold() for k in spec.titles.title_has] == [name.casefold()]
    where = " AND ".join(conditions(spec.titles, "s"))
    (got,) = real_db.execute(f"SELECT COUNT(*) FROM shows s WHERE {where}").fetchone()
    named = catalog_df["title"].str.contains(name, regex=False)
    if spec.titles.type:
        named &= catalog_df["type"] == spec.titles.type
    credited = catalog_df["cast"].str.contains(name, na=False)
    assert got == named.sum() and got >= 3
    assert (credited & ~named).any()  # the credits would have counted other titles
