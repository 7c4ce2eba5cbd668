"""Each data quirk of the catalog is handled once, in `stores.catalog` (see docs/data.md)."""

from __future__ import annotations

from agentic_rag.stores.catalog import clean_row, clean_text, parse_date, split_multi

BASE = {
    "show_id": "s1",
    "type": "Movie",
    "title": "A Title",
    "director": "",
    "cast": "",
    "country": "",
    "date_added": "September 25, 2021",
    "release_year": "2020",
    "rating": "PG",
    "duration": "90 min",
    "listed_in": "Dramas",
    "description": "Something happens.",
}


def row(**changes: str) -> dict[str, str]:
    return {**BASE, **changes}


def test_stray_commas_and_spaces_in_multi_valued_fields_are_dropped() -> None:
    assert split_multi(", France, Algeria") == ("France", "Algeria")
    assert split_multi("United Kingdom,") == ("United Kingdom",)
    assert split_multi(" India ,  , India") == ("India",)  # blanks and repeats too
    t = clean_row(row(country=", South Korea", cast="Ana ,Bo,"))
    assert t.countries == ("South Korea",)
    assert t.cast == ("Ana", "Bo")


def test_a_duration_in_the_rating_column_moves_to_duration() -> None:
    t = clean_row(row(rating="74 min", duration=""))
    assert (t.rating, t.duration, t.duration_minutes, t.seasons) == (None, "74 min", 74, None)


def test_durations_split_into_minutes_or_seasons() -> None:
    assert clean_row(row(duration="1 Season")).seasons == 1
    assert clean_row(row(type="TV Show", duration="3 Seasons")).seasons == 3
    assert clean_row(row(duration="125 min")).duration_minutes == 125


def test_date_added_is_iso_with_leading_spaces_and_empty_cells_as_null() -> None:
    assert parse_date(" August 4, 2017") == "2017-08-04"
    assert parse_date("September 25, 2021") == "2021-09-25"
    assert parse_date("") is None
    assert parse_date("   ") is None
    assert clean_row(row(date_added="")).date_added is None


def test_empty_fields_become_none_or_empty_tuples() -> None:
    t = clean_row(row(rating="", description="  ", director=""))
    assert t.rating is None and t.description is None and t.directors == ()


def test_invisible_characters_and_non_breaking_spaces_are_cleaned_spelling_kept() -> None:
    assert clean_text("\u200bGoli Soda 2") == "Goli Soda 2"
    assert clean_text("Legend\xa0of\xa0Exorcism") == "Legend of Exorcism"
    t = clean_row(row(cast="Seong-joo Kim\u200b, Jung-hwan Ahn", title="Darwin’s Game"))
    assert t.cast == ("Seong-joo Kim", "Jung-hwan Ahn")
    assert t.title == "Darwin’s Game"  # the curly apostrophe is the catalog's spelling


def test_decomposed_accents_are_composed() -> None:
    assert clean_text("Pe\u0301rez") == "Pérez"


def test_titles_that_repeat_up_to_case_stay_distinct_shows() -> None:
    # "Death Note" and "DEATH NOTE" are two shows in the catalog: both are kept as they are.
    a = clean_row(row(show_id="s1", title="Death Note"))
    b = clean_row(row(show_id="s2", title="DEATH NOTE"))
    assert (a.title, b.title) == ("Death Note", "DEATH NOTE")


def test_zero_width_joiners_are_kept_they_are_part_of_scripts() -> None:
    assert clean_text("क्\u200dष") == "क्\u200dष"
    assert clean_text("\u200eAbc\u200f") == "Abc"  # direction marks are not
