"""Verbs of arriving on the service ("showed up on netflix", "turned up", "became available")
make a date an addition date; "only" before such a verb restricts the date it governs ("2016
releases that only showed up on netflix in 2019 or later": not until then), so it is used."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.dated_by import ADDED_VERB


@pytest.mark.parametrize(
    "phrase", ["showed up on netflix", "turned up", "pops up", "became available", "went live"]
)
def test_arrival_verbs_are_adding_verbs(phrase):
    assert ADDED_VERB.search(f"movies that {phrase} in 2020")
    assert not ADDED_VERB.search("who appears in okja")


@pytest.mark.parametrize(
    ("question", "year", "added_from"),
    [
        ("how many 2016 releases only showed up on netflix in 2019 or later", 2016, "2019-01-01"),
        ("2018 movies that only turned up on netflix in 2020, how many", 2018, "2020-01-01"),
        ("how many 2017 releases only became available in 2020 or later", 2017, "2020-01-01"),
    ],
)
def test_released_then_added_only_later(reader, question, year, added_from):
    (spec,) = reader.read(question)
    s = spec.titles
    assert spec.op == "count" and (s.year_from, s.year_to) == (year, year)
    assert s.added_from == added_from
    _, u = confidence.features(reader, question, [spec], "")
    assert "only" not in u.unused and not u.meaning, (u.unused, u.meaning)


def test_only_before_a_type_is_still_a_restrictor_and_not_a_date(reader):
    question = "how many movies from 2019 only"
    (spec,) = reader.read(question)
    _, u = confidence.features(reader, question, [spec], "")
    assert "only" not in u.unused
