"""The words "only" or "just" beside a country ("movies only from ireland", "shows from japan
only") may ask for titles made there alone, with no co-producing country, which the country
filter does not read: the word is left unused and the reading is unsure (under 0.5), never a
sure count of every title the country co-produced. Beside other entities the words still
restrict ("only one season", "dramas only"). The two readings' counts differ (checked with
pandas), which is why it is unsure."""

from __future__ import annotations

import pytest

from tests.unit.reading_sure import sure


def _titles_of(df, country: str, kind: str):
    rows = df[df["type"] == kind]
    return rows["country"].apply(lambda v: [x.strip() for x in v.split(",") if x.strip()])


@pytest.mark.parametrize(
    ("question", "country", "kind"),
    [
        ("how many movies are only from ireland", "Ireland", "Movie"),
        ("movies from japan only", "Japan", "Movie"),
        ("only irish movies how many", "Ireland", "Movie"),
        ("how many tv shows come from belgium only", "Belgium", "TV Show"),
    ],
)
def test_only_beside_a_country_is_unsure(catalog_reader, catalog_df, question, country, kind):
    lists = _titles_of(catalog_df, country, kind)
    alone = int(lists.apply(lambda names: names == [country]).sum())
    shared = int(lists.apply(lambda names: country in names).sum())
    assert alone != shared  # the two readings answer differently
    (spec,) = catalog_reader.read(question)
    assert spec.titles.countries == [country]
    assert sure(catalog_reader, question) < 0.5


@pytest.mark.parametrize(
    "question",
    [
        "how many irish tv shows only have one season",
        "japanese movies, comedies only - how many",
        "how many korean shows are only tv dramas",
    ],
)
def test_only_beside_another_entity_still_restricts(catalog_reader, question):
    assert sure(catalog_reader, question) >= 0.8
