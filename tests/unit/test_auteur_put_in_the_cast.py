"""The auteur relation said as a director putting themselves in the cast ("where the director
put himself in the cast", "filmmakers who cast themselves"), and a question back at the people
found ("- who are those guys", "who r those people") that is that part, not a search of its
own. Truths with pandas on data/netflix_titles.csv: the people who direct and act in one title
of the genre (Horror Movies, Classic Movies, Sci-Fi & Fantasy: several each)."""

from __future__ import annotations

import pytest


def _auteurs(catalog_df, genre: str) -> set[str]:
    def names(v: str) -> set[str]:
        return {x.strip() for x in v.split(",") if x.strip()}

    rows = catalog_df[catalog_df["listed_in"].str.contains(genre, regex=False)]
    return {p for r in rows.itertuples() for p in names(r.director) & names(r.cast)}


@pytest.mark.parametrize(
    ("question", "genre"),
    [
        (
            "horror movies where the director put himself in the cast - who are they",
            "Horror Movies",
        ),
        ("classic movies where the director put herself in the cast", "Classic Movies"),
        (
            "sci-fi movies where the director cast themselves - who r those people",
            "Sci-Fi & Fantasy",
        ),
        (
            "classic films where the filmmaker gave himself a part, who are those guys",
            "Classic Movies",
        ),
    ],
)
def test_a_director_putting_themselves_in_the_cast_is_the_auteur(
    catalog_df, catalog_reader, question, genre
):
    assert len(_auteurs(catalog_df, genre)) >= 5  # the CSV holds such people for the genre
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["auteur"], question
    assert specs[0].titles.genres[0][0] == genre, question


@pytest.mark.parametrize(
    "question",
    ["who are those guys", "who r those people", "and who are these folks", "who are they"],
)
def test_a_bare_who_of_plain_people_nouns_asks_back(question):
    from agentic_rag.agent.rules.person_refs import BARE_WHO

    said = question.replace(" r ", " are ")  # the reader mends the shorthand first
    assert BARE_WHO.fullmatch(said)
    assert not BARE_WHO.fullmatch(f"{said} movies")  # "who are those guys movies": no
