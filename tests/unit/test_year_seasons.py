"""Seasons of a year (`year_seasons` in `words.yaml`, read by `agent/rules/periods.py`): "spring
2020" is March to May 2020 added; months the question names beat the season; a season of a
release year keeps the year and leaves the season unread; winter, which spans two years, is
not read and keeps the reading unsure."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.confidence import MEANING_CAP
from agentic_rag.agent.rules.periods import unread_parts
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("question", "window"),
    [
        ("how many movies did netflix add in spring 2020", ("2020-03-01", "2020-06-01")),
        ("how many shows were added in the summer of 2019", ("2019-06-01", "2019-09-01")),
        ("titles added in fall 2018", ("2018-09-01", "2018-12-01")),
        ("what got added during autumn of 2020", ("2020-09-01", "2020-12-01")),
        ("how many titles got added over summer 2019 (june to july)", ("2019-06-01", "2019-08-01")),
    ],
)
def test_a_season_of_a_year_is_its_three_months_added(reader, question, window):
    (spec,) = reader.read(question)
    assert (spec.titles.added_from, spec.titles.added_to) == window


def test_a_season_of_a_release_year_keeps_the_year_and_leaves_the_season_unread(reader):
    (spec,) = reader.read("movies released in summer 2019")
    assert (spec.titles.year_from, spec.titles.year_to) == (2019, 2019)
    (tag,) = [t for t in reader.tagger.tag("movies released in summer 2019") if t.kind == "release"]
    assert unread_parts(tag) == ["summer"]


def test_a_season_word_with_no_year_is_no_window(reader):
    tags = reader.tagger.tag("movies where two people fall in love")
    assert not any(t.kind in ("added", "release") for t in tags)


def test_winter_is_not_read_and_the_reading_is_unsure(lexicon):
    sure = plan(lexicon, "how many shows were added in winter 2020").confidence
    assert sure is not None and sure.probability <= MEANING_CAP
    assert any("'winter'" in u for u in sure.unsure)
