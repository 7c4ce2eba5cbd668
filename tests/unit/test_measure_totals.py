"""A total of running times or seasons ("total seasons of all korean tv shows", "how many hours
of anime movies are there in total") is read as the sum over the set (`measure: total`), run as
one SQL sum and said in the unit asked, with how many titles it covers; checked with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import measure_sql
from agentic_rag.agent.rules.confidence import MEANING_CAP, features, probability
from agentic_rag.agent.rules.measure_sentences import measured
from tests.unit.measure_truth import run, values

CASES = [  # question, type, column, value, unit, in hours
    (
        "what do all the japanese movies add up to in minutes",
        "Movie",
        "country",
        "Japan",
        "duration_minutes",
        False,
    ),
    (
        "how many seasons are there altogether across spanish tv shows",
        "TV Show",
        "country",
        "Spain",
        "seasons",
        False,
    ),
    (
        "total number of seasons for all the crime tv shows",
        "TV Show",
        "listed_in",
        "Crime TV Shows",
        "seasons",
        False,
    ),
    (
        "combined hours of every stand-up comedy special",
        "Movie",
        "listed_in",
        "Stand-Up Comedy",
        "duration_minutes",
        True,
    ),
    (
        "how many hours of horror movies are there in total",
        "Movie",
        "listed_in",
        "Horror Movies",
        "duration_minutes",
        True,
    ),
]


@pytest.mark.parametrize(("question", "kind", "column", "value", "unit", "hours"), CASES)
def test_a_total_is_the_sum_over_the_set(
    catalog_reader, catalog_df, csv_db, question, kind, column, value, unit, hours
):
    (spec,) = catalog_reader.read(question)
    assert (spec.op, spec.measure, spec.by, spec.in_hours) == ("average", "total", unit, hours)
    truth = values(catalog_df, kind, column, value, "seasons" if unit == "seasons" else "min")
    [(total, titles)] = run(csv_db, measure_sql.measure(spec.titles, unit, spec.measure))
    assert (total, titles) == (int(truth.sum()), len(truth))
    said = measured(spec, [{f"total_{unit}": total, "titles": titles}], 1)
    assert said is not None and f"over {titles:,} titles" in said
    if hours:  # said in hours first, then in minutes
        assert f"**{round(total / 60, 2):g}** hours ({total:,} minutes)" in said
    else:
        assert f"**{total:,}** {'seasons' if unit == 'seasons' else 'minutes'}" in said


@pytest.mark.parametrize(
    "question",
    ["how many japanese movies are there in total", "total number of crime tv shows"],
)
def test_a_total_of_titles_stays_a_count(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count"


@pytest.mark.parametrize(
    "question",
    [
        "how many minutes of british tv shows in total",
        "total seasons of all the french films",
        "the median number of seasons of korean movies",
    ],
)
def test_a_total_or_median_in_a_unit_the_titles_lack_is_unsure(catalog_reader, question):
    specs = catalog_reader.read(question)
    feats, _ = features(
        catalog_reader, question, specs, " ".join(s.model_dump_json() for s in specs)
    )
    assert feats["unit_lacking"] == 1.0 and probability(feats) <= MEANING_CAP


def test_a_total_said_in_the_titles_unit_is_sure(catalog_reader):
    question = "total running time of all the japanese movies"
    specs = catalog_reader.read(question)
    feats, _ = features(
        catalog_reader, question, specs, " ".join(s.model_dump_json() for s in specs)
    )
    assert feats["unit_lacking"] == 0.0 and probability(feats) > 0.5
