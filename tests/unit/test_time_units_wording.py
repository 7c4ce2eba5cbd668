"""Times and sets said the way strangers write them: a nationality joined by a hyphen to a verb
of making ("british-made films", "korean-produced shows": `words.yaml` origin_verbs), a time
opening the question with a bare "last" / "past" ("past 2 years of korean movie additions": the
verb after it decides, `dated_by`), and a closing ", number?" asking a count (`cues.yaml`).
Truth from pandas on data/netflix_titles.csv: UK movies added 2019-07..09: 28; South Korean TV
shows added in 2020: 44; South Korean movies added since 2020-01-01: 20."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.dated_by import when


@pytest.mark.parametrize(
    ("question", "country", "kind"),
    [
        ("how many british-made films landed in jul-sep 2019", "United Kingdom", "Movie"),
        ("how many korean-produced shows were added in 2020", "South Korea", "TV Show"),
        ("french-made movies from 2018, how many", "France", "Movie"),
    ],
)
def test_a_nationality_made_is_the_country(catalog_reader, question, country, kind):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.countries == [country]
    assert spec.titles.type == kind


def test_a_nationality_born_is_no_country(catalog_reader):
    (spec,) = catalog_reader.read("british-born actors in korean movies")
    assert spec.titles.countries == ["South Korea"]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("past 2 years of korean movie additions", "added"),
        ("last 5 years, how many movies were released from india", "release"),
        ("previous 3 years: how many shows got added", "added"),
    ],
)
def test_a_bare_last_opening_takes_the_verb_after_it(text, said):
    assert when(text, 0, text.index("years") + 5) == said


@pytest.mark.parametrize(
    "question",
    ["past 2 years of korean movie additions - number", "thai movies from 2019, number?"],
)
def test_a_closing_number_asks_a_count(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count"
