"""Who directed a title and also "shows up" / "turns up" in its own cast, among a country's
titles: the auteur relation (directed and acted in one title), not the directors of the
country's titles. Truths with pandas on data/netflix_titles.csv: the people who direct and act
in one title of the country."""

from __future__ import annotations

import pytest


def _auteurs(catalog_df, country: str) -> set[str]:
    def names(v: str) -> set[str]:
        return {x.strip() for x in v.split(",") if x.strip()}

    rows = catalog_df[catalog_df["country"].str.contains(country, regex=False)]
    return {p for r in rows.itertuples() for p in names(r.director) & names(r.cast)}


@pytest.mark.parametrize(
    ("question", "country"),
    [
        ("who directed a south african title and also shows up in its own cast", "South Africa"),
        ("who directed a turkish movie and also turns up in its cast", "Turkey"),
        ("who directed a nigerian film and also turned up in its own cast", "Nigeria"),
        ("who directed an egyptian film and also acted in it", "Egypt"),
    ],
)
def test_a_director_in_their_own_cast_is_the_auteur_relation(
    catalog_df, catalog_reader, question, country
):
    assert _auteurs(catalog_df, country)  # the CSV holds such people for the country
    (spec,) = catalog_reader.read(question)
    assert spec.op == "auteur", question
    assert spec.titles.countries == [country], question
