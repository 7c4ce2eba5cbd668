"""A lone "w" between words is "with" ("movies w ahmed helmy", "worked w both", "who's been in
the most movies w john lloyd cruz"); after a first name it is an initial ("george w bush").
Truths computed with pandas on the catalog (exact matches on the comma-split lists)."""

from __future__ import annotations

from collections import Counter


def _names(value: str) -> list[str]:
    return [x.strip() for x in value.split(",") if x.strip()]


def test_the_most_movies_w_a_person_ranks_their_co_workers(catalog_df, catalog_reader):
    (spec,) = catalog_reader.read("who's been in the most movies w john lloyd cruz")
    assert spec.op == "costars"
    assert [p.name for p in spec.titles.people] == ["John Lloyd Cruz"]
    movies = catalog_df[catalog_df["type"] == "Movie"]
    with_him = [_names(c) for c in movies["cast"] if "John Lloyd Cruz" in _names(c)]
    top = Counter(n for c in with_him for n in c if n != "John Lloyd Cruz").most_common(2)
    assert top[0][1] == top[1][1] == 4  # Sarah Geronimo and Al Tantay, tied


def test_worked_w_both_is_the_shared_relation(catalog_reader):
    (spec,) = catalog_reader.read("actors who worked w both hanung bramantyo and fajar bustomi")
    assert spec.op == "shared"
    assert "read 'w' as 'with'" in spec.notes


def test_a_series_w_a_story_searches_descriptions(catalog_df, catalog_reader):
    (spec,) = catalog_reader.read("that thai series w teens digging into their schools brutal past")
    assert spec.op == "search" and spec.titles.countries == ["Thailand"]
    row = catalog_df[catalog_df["title"] == "ThirTEEN Terrors"].iloc[0]
    assert "Thailand" in _names(row["country"]) and "teens" in row["description"]


def test_w_after_a_first_name_is_an_initial(catalog_reader):
    (spec,) = catalog_reader.read("shows w george w bush")
    assert [p.name for p in spec.titles.people] == ["George W. Bush"]
