"""Years said one or another ("from 2015 or 2016", "2018/2019/2020", "either 2019 or 2020"):
years in a row are one span, of release or of adding as the question's verb says; years apart
are no span (the reading leaves one out and is unsure). Phrasings written for this rule."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence


@pytest.mark.parametrize(
    ("question", "lo", "hi"),
    [
        ("how many pg-13 movies from 2011 or 2012", 2011, 2012),
        ("documentaries released 2003/2004/2005", 2003, 2005),
        ("list anime from either 1999 or 2000", 1999, 2000),
        ("count of thrillers from 2017, 2018 or 2019", 2017, 2019),
    ],
)
def test_years_in_a_row_said_one_or_another_are_one_release_span(catalog_reader, question, lo, hi):
    (spec,) = catalog_reader.read(question)
    assert (spec.titles.year_from, spec.titles.year_to) == (lo, hi), spec.titles


def test_years_in_a_row_after_an_adding_verb_are_a_span_of_dates_added(catalog_reader):
    (spec,) = catalog_reader.read("shows added in 2016 or 2017 from brazil, how many")
    assert (spec.titles.added_from, spec.titles.added_to) == ("2016-01-01", "2018-01-01")
    assert spec.titles.year_from is None


def test_years_apart_are_no_span_and_the_reading_is_unsure(catalog_reader):
    question = "how many movies from 2009 or 2014"
    specs = catalog_reader.read(question)
    assert not any(
        (s.titles.year_from, s.titles.year_to) == (2009, 2014) for s in specs
    )  # 2010–2013 were not asked
    feats, _ = confidence.features(
        catalog_reader, question, specs, specs[0].model_dump_json(exclude={"text"})
    )
    assert confidence.probability(feats) < 0.5
