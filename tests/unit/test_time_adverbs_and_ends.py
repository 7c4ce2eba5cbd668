"""Times said around their verb: a time opening its clause takes the verb after it ("before 2015
even started, how many titles had netflix added"), a bound at a year's edge said with a verb
("after 2019 ended"), an open end said as "on" ("from 2020 on"), "yrs", the verbs of adding
("put up", "drop") and what a span of years says of its ends ("both years included",
"exclusive"). The counts on the real catalog are checked against pandas on the CSV."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.numbers import number_tags
from tests.unit.test_offline_planner import plan, rows

LATEST = "2021-09-25"


def _window(question: str) -> list[tuple[str, object, object]]:
    return [
        (t.kind, t.value, t.value2) if t.kind == "added" else (t.kind, t.lo, t.hi)
        for t in number_tags(question, LATEST, 2021)
        if t.kind in ("added", "release")
    ]


@pytest.mark.parametrize(
    ("question", "window"),
    [
        ("before 2016 even started, how many movies had netflix added", ("", "2016-01-01")),
        ("since 2019, how many shows were added", ("2019-01-01", "")),
        ("in 2020 how many anime titles got added", ("2020-01-01", "2021-01-01")),
        ("after 2018 ended, what did netflix add from korea", ("2019-01-01", "")),
        ("until 2017 was over how many documentaries were put up", ("", "2018-01-01")),
        ("back in 2016, how many movies got added", ("2016-01-01", "2017-01-01")),
        ("by the time 2019 ended, how many shows had netflix added", ("", "2020-01-01")),
    ],
)
def test_a_time_opening_its_clause_takes_the_verb_after_it(question, window):
    assert _window(question) == [("added", *window)]


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("since 2018 how many shows came out", (2018, None)),
        ("2019 movies added in 2020", (2019, 2019)),  # a bare year before its noun: released
        ("before 2000 had even begun, how many films were released", (None, 1999)),
    ],
)
def test_a_release_verb_after_it_or_no_preposition_keeps_a_release_year(question, years):
    assert _window(question)[0] == ("release", *years)


@pytest.mark.parametrize(
    ("question", "added"),
    [
        ("old films that were only added from 2019 on", "2019-01-01"),
        ("movies from the 80s netflix added from 2020 onward", "2020-01-01"),
        ("shows added 2018 and beyond", "2018-01-01"),
    ],
)
def test_an_open_end_said_after_the_year(question, added):
    assert ("added", added, "") in _window(question)


def test_from_a_year_on_netflix_is_not_an_open_end():
    assert _window("movies added from 2019 on netflix") == [("added", "2019-01-01", "2020-01-01")]


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("in the past 2 yrs how many dramas were added", "2020-01-01"),
        ("how many shows were added over the last 3 yrs", "2019-01-01"),
        ("within the previous four years, how many movies got added", "2018-01-01"),
    ],
)
def test_the_last_years_said_short_or_first(question, first):
    assert _window(question) == [("added", first, "")]


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("titles released between 1995 and 2005, both years included - total?", (1995, 2005)),
        ("how many movies came out 1990-2000 inclusive", (1990, 2000)),
        ("shows released from 2010 to 2012 (both inclusive), how many", (2010, 2012)),
        ("how many movies came out between 1990 and 2000 exclusive", (1991, 1999)),
        ("movies released from 1990 up to and including 1999", (1990, 1999)),
        ("movies from 2001 thru 2003, how many", (2001, 2003)),
        ("how many shows came out 2016 till 2018", (2016, 2018)),
        # one end left out by name
        ("between 2000 and 2005 not counting 2005 how many movies came out", (2000, 2004)),
        ("movies released from 1998 to 2002, excluding 1998", (1999, 2002)),
        ("how many shows came out 2010-2015 but not 2015", (2010, 2014)),
        ("docs from 2012 to 2016 except for 2016, how many", (2012, 2015)),
    ],
)
def test_a_span_says_its_ends(reader, question, years):
    """… and a year left out inside the span is no span (below)."""
    (spec,) = reader.read(question)
    assert (spec.titles.year_from, spec.titles.year_to) == years
    _, u = confidence.features(reader, question, [spec], "")
    assert not u.unused and not u.meaning, u.unused


@pytest.mark.parametrize(
    "question",
    [
        "horror films netflix put up in march 2020",
        "how many movies did netflix drop on christmas eve 2019",
        "shows that netflix drops in june 2021",
    ],
)
def test_put_up_and_drop_are_adding_verbs(question):
    assert [k for k, _, _ in _window(question)] == ["added"]


def _added(df: pd.DataFrame) -> pd.Series:
    return pd.to_datetime(df["date_added"].str.strip(), format="%B %d, %Y", errors="coerce")


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("before 2016 even started, how many movies had netflix added",
         lambda df, a: ((df["type"] == "Movie") & (a < "2016-01-01")).sum()),
        ("in the past 2 yrs how many tv shows were added",
         lambda df, a: ((df["type"] == "TV Show") & (a >= "2020-01-01")).sum()),
        ("how many movies released before 1985 only got added from 2020 on",
         lambda df, a: ((df["type"] == "Movie") & (df["release_year"].astype(int) < 1985)
                        & (a >= "2020-01-01")).sum()),
    ],
)  # fmt: skip
def test_the_counts_match_the_csv(catalog_df, catalog_reader, real_db, question, truth):
    p = plan(catalog_reader.lex, question)
    assert rows(real_db, p)[0][0] == truth(catalog_df, _added(catalog_df))


def test_a_year_left_out_inside_a_span_is_not_read_as_an_end():
    tags = number_tags("movies from 2000 to 2005 except 2003", LATEST, 2021)
    assert not [t for t in tags if t.kind == "release" and (t.lo, t.hi) == (2000, 2005)]
