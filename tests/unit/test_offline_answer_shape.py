"""Answers shaped like the question: a capped list says how many there are in all (from a count
query), averages and rankings use the unit the type has, a description question answered by
semantic search is a plain answer."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import SynthContext
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.tools.base import ToolResult, ToolStatus
from tests.unit.test_offline_planner import plan, rows


def _answer(p, results) -> str:
    ctx = SynthContext(question="q", results=results, plans=[p], incomplete_reason=None,
                       mode_label="offline")  # fmt: skip
    return "\n".join(OfflineSynthesizer().compose(ctx))


def test_a_capped_list_says_showing_n_of_the_counted_total(lexicon):
    p = plan(lexicon, "Which dramas were released in 2019?")
    assert [c.tool for c in p.calls] == ["sql", "sql"]
    assert p.calls[1].role == "total" and "count(*)" in p.calls[1].args["query"]
    listed = [{"show_id": f"s{i}", "title": f"T{i}", "release_year": 2019} for i in range(25)]
    results = [
        ToolResult(call_id="1.1", tool="sql", status=ToolStatus.OK, rows=listed),
        ToolResult(call_id="1.2", tool="sql", status=ToolStatus.OK, rows=[{"titles": 145}]),
    ]
    text = _answer(p, results)
    assert "**145**" in text and "showing 20 of 145" in text and "and 5 more" not in text


@pytest.mark.parametrize(
    ("question", "asked"),
    [("give me a drama from 2019", 1), ("name 3 dramas released in 2019", 3)],
)
def test_the_titles_asked_for_are_some_of_the_counted_total(lexicon, question, asked):
    """One title (or N) asked for is not "showing 1 of 145": it is one of the 145."""
    p = plan(lexicon, question)
    assert p.calls[1].role == "total"
    listed = [{"show_id": f"s{i}", "title": f"T{i}", "release_year": 2019} for i in range(asked)]
    results = [
        ToolResult(call_id="1.1", tool="sql", status=ToolStatus.OK, rows=listed),
        ToolResult(call_id="1.2", tool="sql", status=ToolStatus.OK, rows=[{"titles": 145}]),
    ]
    text = _answer(p, results)
    some = "One" if asked == 1 else str(asked)
    assert f"{some} of the **145**" in text and "showing" not in text


@pytest.mark.parametrize(
    ("question", "by"),
    [
        ("What is the average number of seasons of TV shows?", "seasons"),
        ("how long are TV series on average", "seasons"),
        ("average running time of Egyptian movies", "duration_minutes"),
        ("mean season count for shows from South Korea", "seasons"),
    ],
)
def test_an_average_uses_the_unit_its_type_has(reader, question, by):
    (spec,) = reader.read(question)
    assert spec.op == "average" and spec.by == by


def test_a_limit_in_the_other_types_unit_is_told_so(reader):
    (spec,) = reader.read("TV shows longer than 2 hours")
    assert spec.titles.type == "TV Show" and any("seasons, not minutes" in n for n in spec.notes)
    (spec,) = reader.read("films with more than 2 seasons")
    assert any("not seasons" in n for n in spec.notes)


def test_a_description_question_found_by_meaning_is_a_plain_answer(lexicon):
    p = plan(lexicon, "something about a giant animal and a greedy company")
    hit = {"show_id": "s2", "title": "Okja", "release_year": 2017, "description": "A girl..."}
    results = [ToolResult(call_id="1.1", tool="semantic", status=ToolStatus.OK, rows=[hit])]
    text = _answer(p, results)
    assert "Okja" in text and "could not read" not in text


def test_a_listing_of_both_types_counts_each_type(lexicon):
    p = plan(lexicon, "list the titles from South Korea")
    total = next(c for c in p.calls if c.role == "total")
    assert "tv_shows" in total.args["query"]
    listed = [{"show_id": "s2", "title": "Okja", "release_year": 2017}]
    results = [
        ToolResult(call_id="1.1", tool="sql", status=ToolStatus.OK, rows=listed),
        ToolResult(call_id="1.2", tool="sql", status=ToolStatus.OK,
                   rows=[{"titles": 3, "movies": 1, "tv_shows": 2}]),
    ]  # fmt: skip
    assert "(1 movie, 2 TV shows)" in _answer(p, results)


def test_an_empty_call_is_told_as_nothing_matched_not_the_tools_advice(lexicon):
    p = plan(lexicon, "Which dramas were released in 2019?")
    advice = "No rows. Compare x.name_folded with a folded literal and retry."
    results = [
        ToolResult(call_id="1.1", tool="sql", status=ToolStatus.EMPTY, message=advice),
        ToolResult(call_id="1.2", tool="sql", status=ToolStatus.ERROR, error="no such [table](x)"),
    ]
    text = _answer(p, results)
    assert "nothing matched" in text and "name_folded" not in text
    assert "[table](x)" not in text  # an error text is escaped, never a live link


@pytest.mark.parametrize(
    "question",
    [
        "What is the IMDb rating of Okja?",
        "the irishman imdb rating",
        "rotten tomatoes score for Kingdom",
    ],
)
def test_a_rating_from_an_outside_source_is_outside_facts_not_the_catalog_entry(reader, question):
    (spec,) = reader.read(question)
    assert spec.op == "external"


@pytest.mark.parametrize(
    ("question", "limit", "best"),
    [
        ("which korean show has the most seasons", 1, "Kingdom"),
        ("what drama runs the longest", 1, "The Irishman"),
        ("which movie from south korea lasts the longest", 1, "Okja"),
        ("which korean shows have the most seasons", None, "Kingdom"),
    ],
)
def test_a_verb_in_the_singular_asks_for_one_title(lexicon, db, question, limit, best):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert spec.op == "top" and spec.limit == limit
    assert rows(db, p)[0][1] == best  # truth: the tiny catalog's rows


@pytest.mark.parametrize(
    ("question", "n"),
    [
        ("list 10 indian movies", 10),
        ("name three korean shows", 3),
        ("give me 4 dramas from egypt", 4),
        ("recommend 2 horror movies", 2),
    ],
)
def test_a_number_of_titles_asked_for_is_the_listing_limit(lexicon, question, n):
    (spec,) = plan(lexicon, question).reading
    assert spec.op == "list" and spec.limit == n


def test_a_number_the_reading_does_not_take_is_not_confident(lexicon):
    sure = plan(lexicon, "what are 7 korean shows").confidence
    assert sure is not None and "7" in sure.unsure[0] and sure.probability < 0.5
    assert plan(lexicon, "list 2019 movies").reading[0].limit is None  # a year, not a number asked


@pytest.mark.parametrize(
    ("question", "every"),
    [
        ("how many dramas came out each year", True),
        ("titles added per year", True),
        ("which year had the most dramas", False),
        ("top 3 countries by number of dramas", False),
    ],
)
def test_a_ranking_asked_without_a_word_for_its_leaders_gives_every_group(lexicon, question, every):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert spec.op == "most" and spec.breakdown is every
    assert ("LIMIT 60" in p.calls[0].args["query"]) is every


def test_titles_like_a_title_do_not_lead_with_that_title(lexicon):
    p = plan(lexicon, "movies like okja")
    (spec,) = p.reading
    assert spec.op == "similar" and spec.titles.titles == ["Okja"]
    found = [
        {"show_id": "s2", "title": "Okja", "release_year": 2017, "description": "d"},
        {"show_id": "s9", "title": "Mudbound", "release_year": 2017, "description": "e"},
    ]
    results = [ToolResult(call_id="1.1", tool="semantic", status=ToolStatus.OK, rows=found)]
    text = _answer(p, results)
    assert "**Mudbound**" in text and "**Okja**" not in text.split("[1]")[0]
