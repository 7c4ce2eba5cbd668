"""Graph relations in wordings written for this test (none taken from a question set): the
crossover (the cast of a named title who also directed some title, or its directors who acted
in some title: "who starred in X and also directed something", not X's directors), the
director-actors of a country said as a nationality with filler ("japanese stuff: ...") or in a
clause before ("in french titles, who both directed ..."), "were also in the cast of it". Truth
from the CSV with pandas; the planned SQL runs on a database built from it."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import relations
from tests.unit.test_relation_wordings_round7 import _names, _unused


def _crossover_truth(df, title: str, first: str, genre: str | None = None) -> set[str]:
    """The people in role `first` of `title` credited in the other role on some title."""
    other = "director" if first == "cast" else "cast"
    people = {n for v in df[df.title == title][first] for n in _names(v)}
    rows = df[df.listed_in.str.contains(genre)] if genre else df
    return {n for v in rows[other] for n in _names(v) if n in people}


@pytest.mark.parametrize(
    ("question", "title", "first", "genre"),
    [
        ("who starred in wet hot american summer and also directed something",
         "Wet Hot American Summer", "cast", None),
        ("which actors from pineapple express have directed anything",
         "Pineapple Express", "cast", None),
        ("anyone in the cast of Five Came Back who went on to direct?",
         "Five Came Back", "cast", None),
        ("who acted in superbad and has since directed a movie", "Superbad", "cast", None),
        ("who directed pulp fiction and also acted in something", "Pulp Fiction", "director",
         None),
        ("Which cast members of Five Came Back have directed a documentary?",
         "Five Came Back", "cast", "Documentaries"),
    ],
)  # fmt: skip
def test_the_cast_of_a_title_who_also_directed_is_the_crossover(
    catalog_reader, catalog_df, csv_db, question, title, first, genre
):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["crossover"], question
    (spec,) = specs
    assert spec.titles.titles == [title] and spec.role == first
    assert _unused(catalog_reader, question, specs) == []
    got = {r[0] for r in csv_db.execute(relations.sql(spec, 100)).fetchall()}
    assert got == _crossover_truth(catalog_df, title, first, genre), question
    assert "MATCH (p)-[:" in relations.cypher(spec)


def test_a_crossover_with_no_one_found_is_still_the_crossover(catalog_reader, csv_db):
    """TV shows credit no directors of their own: none of The Crown's cast directed a title."""
    (spec,) = catalog_reader.read("who starred in the crown and also directed something")
    assert spec.op == "crossover" and spec.role == "cast"
    assert csv_db.execute(relations.sql(spec)).fetchall() == []


@pytest.mark.parametrize(
    "question",
    [
        "who directed pulp fiction and also acted in it",  # the same title: auteur
        "who starred in pulp fiction",
        "who directed superbad",
    ],
)
def test_the_same_title_or_one_role_is_no_crossover(catalog_reader, question):
    assert [s.op for s in catalog_reader.read(question)] != ["crossover"], question


def _auteurs(df, country: str, kind: str | None = None) -> set[str]:
    rows = df[df.country.str.contains(country) & ((df.type == kind) if kind else True)]
    out: set[str] = set()
    for r in rows.itertuples():
        out |= set(_names(r.director)) & set(_names(r.cast))
    return out


@pytest.mark.parametrize(
    ("question", "country", "kind"),
    [
        ("mexican stuff: people who directed something and were also in the cast of it",
         "Mexico", None),
        ("in french titles, who both directed a title and acted in that same title",
         "France", None),
        ("japanese stuff: anyone who directed a film and was in its cast too", "Japan", "Movie"),
        ("egyptian titles - who directed one and was part of the cast", "Egypt", None),
    ],
)  # fmt: skip
def test_director_actors_of_a_country_in_loose_wordings(
    catalog_reader, catalog_df, csv_db, question, country, kind
):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs][-1] == "auteur", question
    spec = specs[-1]
    assert spec.titles.countries == [country] and spec.titles.type == kind
    assert _unused(catalog_reader, question, specs) == []
    got = {r[0] for r in csv_db.execute(relations.sql(spec, 200)).fetchall()}
    assert got == _auteurs(catalog_df, country, kind), question


def _shared_cast(df, a: str, b: str) -> set[str]:
    """The cast members of a title with `a` and of a title with `b` (any role for a and b)."""

    def near(name: str) -> set[str]:
        rows = df[df.cast.str.contains(name, regex=False) | df.director.str.contains(name)]
        return {n for v in rows.cast for n in _names(v)}

    return (near(a) & near(b)) - {a, b}


@pytest.mark.parametrize(
    ("question", "a", "b"),
    [
        ("who has acted alongside tom hanks AND meg ryan (not necessarily the same film)",
         "Tom Hanks", "Meg Ryan"),
        ("anyone who acted with nicole kidman and naomi watts, doesn't have to be the same movie",
         "Nicole Kidman", "Naomi Watts"),
        ("which actors worked with both will smith and martin lawrence, not necessarily together",
         "Will Smith", "Martin Lawrence"),
    ],
)  # fmt: skip
def test_an_aside_that_the_titles_need_not_be_one_restates_the_shared_relation(
    catalog_reader, catalog_df, csv_db, question, a, b
):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["shared"], question
    (spec,) = specs
    assert spec.titles.type is None  # "the same film" filters nothing
    assert _unused(catalog_reader, question, specs) == []
    got = {r[0] for r in csv_db.execute(relations.sql(spec, 200)).fetchall()}
    assert got == _shared_cast(catalog_df, a, b), question


def _common_cast(df, titles: list[str]) -> set[str]:
    sets = [{n for v in df[df.title == t].cast for n in _names(v)} for t in titles]
    return set.intersection(*sets)


@pytest.mark.parametrize(
    ("question", "titles"),
    [
        ("which cast members are in both rocky and rocky ii", ["Rocky", "Rocky II"]),
        ("who is in both stuart little and stuart little 2", ["Stuart Little", "Stuart Little 2"]),
        ("actors that are in both bad boys and bad boys ii?", ["Bad Boys", "Bad Boys II"]),
    ],
)
def test_lower_case_titles_after_in_both_are_the_common_cast(
    catalog_reader, catalog_df, csv_db, question, titles
):
    _read_as_common_cast(catalog_reader, catalog_df, csv_db, question, titles)


def _read_as_common_cast(catalog_reader, catalog_df, csv_db, question, titles):
    """The question is one part, the cast `titles` have in common, and the SQL finds it."""
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["people"] and specs[0].every, question
    (spec,) = specs
    assert sorted(spec.titles.titles) == titles and relations.common(spec)
    got = {r[0] for r in csv_db.execute(relations.common_sql(spec, 200)).fetchall()}
    assert got == _common_cast(catalog_df, titles) and got, question


@pytest.mark.parametrize(
    ("question", "titles"),
    [
        ("actors who appeared in the last crusade and in the temple of doom, both indy ones",
         ["Indiana Jones and the Last Crusade", "Indiana Jones and the Temple of Doom"]),
        ("who was in both the temple of doom and the kingdom of the crystal skull?",
         ["Indiana Jones and the Kingdom of the Crystal Skull",
          "Indiana Jones and the Temple of Doom"]),
        ("who starred in both the spy who shagged me and goldmember",  # The Spy, widened
         ["Austin Powers in Goldmember", "Austin Powers: The Spy Who Shagged Me"]),
    ],
)  # fmt: skip
def test_parts_of_one_titles_name_after_being_in_are_that_title(
    catalog_reader, catalog_df, csv_db, question, titles
):
    _read_as_common_cast(catalog_reader, catalog_df, csv_db, question, titles)


@pytest.mark.parametrize(
    "text",
    [
        "a movie where a man is in a coma",  # no acting verb: a plot's words
        "who starred in the crystal",  # several titles hold it (or none)
        "who acted in comedy",  # an everyday word alone
    ],
)
def test_words_that_no_one_title_holds_are_no_part_title(catalog_reader, text):
    from agentic_rag.agent.rules.title_parts import part_titles

    lex = catalog_reader.lex
    assert part_titles(text, catalog_reader.tagger.tag(text), lex) == []
