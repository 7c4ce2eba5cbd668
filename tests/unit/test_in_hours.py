"""A running time asked in hours ("how long is X in hours") is said in hours too; the reading
uses "in hours"."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.shape import hours


def test_in_hours_is_read_and_used(reader):
    question = "how long is the irishman in hours"
    (spec,) = reader.read(question)
    assert spec.op == "describe" and spec.in_hours and spec.titles.titles == ["The Irishman"]
    _, u = confidence.features(reader, question, [spec], "")
    assert "hours" not in u.unused
    assert not reader.read("how long is the irishman")[0].in_hours


def test_minutes_in_hours():
    assert hours(209) == "3 h 29 min" and hours(120) == "2 h"


def test_the_longest_title_asked_in_hours_says_hours(reader):
    from agentic_rag.agent.rules.sentences import Part, top_one

    (spec,) = reader.read("how long is the longest movie in hours")
    assert spec.in_hours and spec.op == "top" and spec.limit == 1
    rows = [{"title": "The Irishman", "release_year": 2019, "duration_minutes": 209}]
    assert "3 h 29 min" in top_one(Part(number=1, spec=spec), rows, 1)


@pytest.mark.parametrize(
    ("question", "desc"),
    [
        ("how many hours is the longest movie", True),
        ("how many seasons does the longest running british series have", True),
        ("the longest british series has how many seasons", True),
        ("how many minutes is the shortest turkish movie", False),
        ("the shortest egyptian film is how many minutes", False),
        ("hw many seasons has the longest anime got", True),
    ],
)
def test_a_unit_asked_of_the_longest_ranks_its_one_title(catalog_reader, question, desc):
    """'how many hours / seasons / minutes' asked of the longest or shortest title is that
    title's amount, not a count of titles; the unit words are the reading's own."""
    reader = catalog_reader
    (spec,) = reader.read(question)
    assert spec.op == "top" and spec.limit == 1 and spec.ascending is not desc
    _, u = confidence.features(reader, question, [spec], "")
    assert not {"hours", "seasons", "minutes", "many"} & set(u.unused) and not u.cues


def test_a_unit_without_a_ranking_is_no_ranking(catalog_reader):
    reader = catalog_reader
    assert reader.read("how many movies are longer than 2 hours")[0].op == "count"
    assert reader.read("how many seasons does the crown have")[0].op == "describe"
