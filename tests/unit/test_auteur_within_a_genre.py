"""Who directed a title and is in its cast too, among one genre's titles, said with the verbs
strangers use ("the director shows up in the cast too", "the director also performs in it",
"the director directs himself"): the auteur relation within the genre, not the genre's titles
or their directors. Phrasings written for this test; truths with pandas on
data/netflix_titles.csv (the people in both the director and the cast cell of one title)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import relations
from tests.unit.sql_rows import cell_names, query_rows


def _auteurs(catalog_df, genres: list[str]) -> set[str]:
    rows = catalog_df[catalog_df["listed_in"].map(lambda v: bool(set(genres) & set(cell_names(v))))]
    return {
        p
        for d, c in zip(rows["director"], rows["cast"], strict=True)
        for p in set(cell_names(d)) & set(cell_names(c))
    }


@pytest.mark.parametrize(
    ("question", "genres"),
    [
        ("horror movies where the director shows up in the cast too, who?", ["Horror Movies"]),
        ("stand up specials where the director also performs in it", ["Stand-Up Comedy"]),
        ("sports movies whose director turned up in the cast as well", ["Sports Movies"]),
        (
            "which documentaries does the director also perform in, names pls",
            ["Documentaries", "Docuseries"],
        ),
        ("action & adventure where the director directs himself", ["Action & Adventure"]),
    ],
)
def test_the_director_in_the_cast_within_a_genre_is_the_auteur_relation(
    catalog_df, catalog_reader, csv_db, question, genres
):
    truth = _auteurs(catalog_df, genres)
    assert truth  # the CSV holds such people in the genre
    (spec,) = catalog_reader.read(question)
    assert spec.op == "auteur", question
    assert [g for group in spec.titles.genres for g in group] == genres, question
    query = relations.sql(spec, limit=500)
    assert query is not None
    assert {r["name"] for r in query_rows(csv_db, query)} == truth, question


@pytest.mark.parametrize(
    "question",
    [
        "which directors show up most often in the catalog",
        "which director shows up the most in korean dramas",
        "which directors appear most frequently in comedies",
    ],
)
def test_directors_who_show_up_the_most_are_a_ranking_not_the_auteur_relation(
    catalog_reader, question
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "most", question
    assert spec.by == "director", question


@pytest.mark.parametrize(
    "question",
    [
        "which of those did he direct himself",
        "which ones did she direct herself",
        "any of them he directed himself?",
    ],
)
def test_he_directed_it_himself_is_not_the_auteur_relation(catalog_reader, question):
    """'did he direct himself': he made those titles (a follow-up's person as the director)."""
    assert all(spec.op != "auteur" for spec in catalog_reader.read(question)), question
