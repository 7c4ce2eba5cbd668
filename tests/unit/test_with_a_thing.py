"""'Any X with Y' (or featuring, about, involving, starring, that have Y) where Y is a thing no
filter names ("any movies with a dog", "shows featuring dragons") describes the titles: a
description search for Y, not a confident list of every X. 'With' a person, a number of seasons
or a ranking stays what it was."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "kind", "about"),
    [
        ("any movies with a dog", "Movie", "dog"),
        ("are there shows with dragons", "TV Show", "dragons"),
        ("films with a haunted lighthouse?", "Movie", "haunted lighthouse"),
        ("any series with vampires?", "TV Show", "vampires"),
    ],
)
def test_titles_with_a_thing_no_filter_names_are_searched_for_it(
    catalog_reader, question, kind, about
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "search" and spec.titles.type == kind
    assert spec.about == about


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("movies that have a dog in them", "Movie"),
        ("shows featuring dragons", "TV Show"),
        ("any films involving sharks", "Movie"),
        ("kids shows about dinosaurs", "TV Show"),
        ("movies starring a talking horse", "Movie"),
    ],
)
def test_a_thing_said_with_any_lead_is_searched_for_not_a_list_of_every_title(
    catalog_reader, question, kind
):
    """'featuring', 'involving', 'about', 'starring', 'that have' a thing no filter names: the
    same description search as 'with' (was: every movie, listed at 0.97)."""
    (spec,) = catalog_reader.read(question)
    assert spec.op == "search" and spec.titles.type == kind
    thing = question.split()[-1] if not question.endswith("them") else "dog"
    assert thing in spec.about


@pytest.mark.parametrize(
    ("question", "op"),
    [
        ("movies with tom hanks", "list"),
        ("movies starring tom hanks", "list"),
        ("comedies featuring adam sandler", "list"),
        ("shows with the most seasons", "top"),
        ("how many shows with 3 seasons", "count"),
        ("movies with christmas in the title", "list"),
        ("australian series with the most seasons - whats its release year", "top"),
        ("the korean movie with the longest runtime", "top"),
        ("which anime has the shortest running time", "top"),
        ("the british show with the fewest seasons", "top"),
    ],
)
def test_titles_with_a_person_a_number_or_a_ranking_keep_their_reading(
    catalog_reader, question, op
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == op
