"""Month spans are dates added (release dates are years only): "between june and august 2021
how many anime series were added" reads the adding verb after the span. A tag's month words its
value does not carry (a release year read from months) are words the reading left unused and
change its meaning, so the reading is not confident."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.periods import unread_parts
from agentic_rag.agent.rules.tags import Tag


@pytest.mark.parametrize(
    ("question", "window"),
    [
        (
            "between june and august 2021 how many anime series were added",
            ("2021-06-01", "2021-09-01"),
        ),
        ("from march to may 2020 which titles got added", ("2020-03-01", "2020-06-01")),
        ("how many shows were added june-august 2019", ("2019-06-01", "2019-09-01")),
        ("in march 2020 how many movies were added to netflix", ("2020-03-01", "2020-04-01")),
    ],
)
def test_a_month_span_with_an_adding_verb_anywhere_is_a_date_added_window(reader, question, window):
    (spec,) = reader.read(question)
    assert (spec.titles.added_from, spec.titles.added_to) == window
    assert spec.titles.year_from is None


def test_a_year_before_an_adding_verb_stays_a_release_year(reader):
    (spec,) = reader.read("how many 2019 movies were added in 2020")
    assert (spec.titles.year_from, spec.titles.added_from) == (2019, "2020-01-01")


def test_months_a_release_year_drops_are_unused_and_not_confident(catalog_reader):
    question = "how many movies were released between june and august 2019"
    specs = catalog_reader.read(question)
    assert (specs[0].titles.year_from, specs[0].titles.year_to) == (2019, 2019)
    feats, u = confidence.features(catalog_reader, question, specs, "")
    assert {"june", "august"} <= set(u.unused) and {"june", "august"} <= set(u.meaning)
    assert confidence.probability(feats) < 0.5


def test_a_tag_carries_the_months_its_dates_hold():
    span = "between june and august 2021"
    release = Tag(kind="release", start=0, end=28, text=span, lo=2021, hi=2021)
    added = Tag(kind="added", start=0, end=28, text=span, value="2021-06-01", value2="2021-09-01")
    until = Tag(kind="added", start=0, end=15, text="until june 2020", value2="2020-07-01")
    assert unread_parts(release) == ["june", "august"]
    assert unread_parts(added) == [] and unread_parts(until) == []
    half = "the first half of 2018"
    assert unread_parts(Tag(kind="release", start=0, end=22, text=half, lo=2018, hi=2018)) == [
        "half"
    ]
    window = Tag(kind="added", start=0, end=22, text=half, value="2018-01-01", value2="2018-07-01")
    assert unread_parts(window) == []
    hour = Tag(kind="minutes", start=0, end=26, text="shorter than half an hour", hi=29)
    assert unread_parts(hour) == []
