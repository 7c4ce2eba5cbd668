"""Units and vague ages a reading cannot answer in are never answered surely: a sum of running
times ("how many hours of movies", "the total running time of X's films") is no count of titles,
so a count that leaves the unit unused is capped (a total said so is read as one:
`test_measure_totals`) (`meaning_words.yaml`: minutes, hours, runtime,
"running time"), and so is a listing that ignores "recent", "new" or "old"; a reading that
answers in the unit or ranks by the age uses its words ("how many minutes is the average anime
movie": the average; "the most recent korean movie": the ranking)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.confidence import MEANING_CAP, features
from tests.unit.reading_sure import sure


@pytest.mark.parametrize(
    "question",
    [
        "how many hours of comedies are on netflix",
        "how many minutes of korean shows in total",  # a total in a unit shows lack
        "how many hours of thrillers does netflix have",
    ],
)
def test_a_sum_of_running_times_read_as_a_count_is_not_confident(catalog_reader, question):
    assert sure(catalog_reader, question) <= MEANING_CAP


@pytest.mark.parametrize(
    "question",
    [
        "how many minutes is the average anime movie",
        "how many seasons does a typical korean show have on average",
        "what's the longest movie in minutes",
        "the three shortest comedies in hours",
    ],
)
def test_a_reading_that_answers_in_the_unit_uses_it(catalog_reader, question):
    specs = catalog_reader.read(question)
    _, used = features(catalog_reader, question, specs, "")
    assert not {"minutes", "hours", "how", "many"} & {*used.unused, *used.meaning}


@pytest.mark.parametrize(
    "question",
    ["old movies added recently", "recent korean dramas", "new anime shows", "old spanish films"],
)
def test_a_vague_age_the_reading_left_unused_is_not_confident(catalog_reader, question):
    assert sure(catalog_reader, question) <= MEANING_CAP


@pytest.mark.parametrize(
    "question",
    ["the most recent korean movie", "the 3 most recently added anime", "the oldest movie"],
)
def test_an_age_the_ranking_reads_is_used(catalog_reader, question):
    specs = catalog_reader.read(question)
    _, used = features(catalog_reader, question, specs, "")
    assert not {"recent", "recently", "old"} & {*used.unused, *used.meaning}
