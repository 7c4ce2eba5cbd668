"""Plot questions answered by description: a person's titles are searched by their own words
(the semantic tool cannot keep to one person's titles, so a match outside them would be a wrong
answer said with confidence); words match by stem ('volcanoes' finds 'volcano'); a search that
finds nothing says so; a plot question that names no one is a search even when a word of it
("birthday") also asks for outside facts. Truth: the tiny catalog's rows."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import SynthContext
from agentic_rag.agent.rules.sql_text import stem
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.tools.base import ToolResult, ToolStatus
from agentic_rag.tools.sql.guard import check_sql
from tests.unit import test_offline_planner as tiny
from tests.unit.test_offline_planner import ROWS, SQL_SCHEMA, plan

DIRECTED = {"Martin Scorsese": "s1", "Bong Joon Ho": "s2"}  # as the real catalog has them


@pytest.fixture(scope="module")
def people_db():
    return tiny.with_people([(name, sid, "director") for name, sid in DIRECTED.items()])


def _answer(lexicon, db, question: str) -> tuple[str, list[str]]:
    p = plan(lexicon, question)
    results, titles = [], []
    for j, call in enumerate(p.calls, 1):
        assert call.tool == "sql"
        cur = db.execute(check_sql(call.args["query"], schema=SQL_SCHEMA).sql)
        cols = [d[0] for d in cur.description]
        rows = [dict(zip(cols, r, strict=True)) for r in cur.fetchall()]
        titles += [r["title"] for r in rows if "title" in r]
        status = ToolStatus.OK if rows else ToolStatus.EMPTY
        results.append(ToolResult(call_id=f"1.{j}", tool="sql", status=status, rows=rows))
    ctx = SynthContext(question=question, results=results, plans=[p], incomplete_reason=None,
                       mode_label="offline")  # fmt: skip
    return OfflineSynthesizer().compose(ctx)[0], titles


def _by_words(person: str, *words: str) -> list[str]:
    sid = DIRECTED[person]
    return [r[1] for r in ROWS if r[0] == sid and any(stem(w) in r[8].casefold() for w in words)]


@pytest.mark.parametrize(
    ("question", "person", "words"),
    [
        ("the Martin Scorsese film about a hit man", "Martin Scorsese", ("hit", "man")),
        ("a film by Bong Joon Ho where a girl saves giant animals", "Bong Joon Ho", ("animals",)),
    ],
)
def test_a_persons_titles_are_searched_by_their_words(lexicon, people_db, question, person, words):
    p = plan(lexicon, question)
    assert [c.tool for c in p.calls] == ["sql"] and person in p.calls[0].args["query"]
    lead, titles = _answer(lexicon, people_db, question)
    expected = _by_words(person, *words)
    assert expected and set(titles) == set(expected) and f"**{expected[0]}**" in lead


def test_a_persons_search_that_finds_nothing_says_so(lexicon, people_db):
    assert not _by_words("Martin Scorsese", "plague")
    lead, titles = _answer(lexicon, people_db, "the martin scorsese movie about a plague")
    assert not titles and lead.startswith("Nothing in the catalog matched")


@pytest.mark.parametrize(
    ("word", "root"),
    [("volcanoes", "volcano"), ("zombies", "zomb"), ("animals", "animal"), ("dying", "dying"),
     ("sharks", "shark")],
)  # fmt: skip
def test_words_match_by_stem(word, root):
    assert stem(word) == root


@pytest.mark.parametrize(
    "question",
    [
        "the show where a prince fights a plague on his birthday",
        "that movie where the hit man keeps the secrets of a crime family, reviews say it's long",
    ],
)
def test_a_plot_naming_no_one_is_a_search_not_outside_facts(reader, question):
    assert reader.read(question)[0].op == "search"


def test_outside_facts_about_a_named_person_stay_outside_facts(reader):
    assert reader.read("when is Tom Hanks's birthday")[0].op == "external"


@pytest.mark.parametrize(
    ("question", "country", "words"),
    [
        ("korean zombie movie on a train", "South Korea", {"zombie", "train"}),
        ("that egyptian war veteran film", "Egypt", {"war", "veteran"}),
        ("a japanese samurai show", "Japan", {"samurai"}),
    ],
)
def test_one_title_noun_with_unused_words_is_a_search_within_the_filters(
    reader, question, country, words
):
    (spec,) = reader.read(question)
    assert spec.op == "search" and spec.titles.countries == [country]
    about = set(spec.about.split())
    assert words <= about and not about & {"country", "type", "genre"}  # no slot names


@pytest.mark.parametrize(
    "question", ["korean movies from 2019", "indian comedy movies", "a movie with Tom Hanks"]
)
def test_a_plural_or_fully_used_or_named_question_is_not_a_description(reader, question):
    assert reader.read(question)[0].op != "search"


def test_the_described_title_is_found_within_its_filters(lexicon, db):
    question = "that egyptian war veteran film"
    expected = [r[1] for r in ROWS if r[9] == "Egypt" and "veteran" in r[8]]
    p = plan(lexicon, question)
    fts = next(c for c in p.calls if c.tool == "sql")
    cur = db.execute(check_sql(fts.args["query"], schema=SQL_SCHEMA).sql)
    at = [d[0] for d in cur.description].index("title")
    assert [r[at] for r in cur] == expected


@pytest.mark.parametrize(
    "question",
    [
        "a british comedy where he is not sure he will be at the wedding when his ex gets married",
        "mexican film where she is about to leave him but then he is in a crash and gets nominated",
        "indian drama where they are about to get engaged but she finds out he is already married",
    ],
)
def test_a_long_plot_opening_on_small_words_is_a_search_whatever_word_comes_late(
    catalog_reader, question
):
    """Every content word of a told plot counts, not only those among its first words: a plot
    opening "where she is about to …" still tells three or more, so a late word that is also a
    cue of outside facts ("married", "nominated") does not make it a question for the web."""
    (spec,) = catalog_reader.read(question)
    assert spec.op == "search" and spec.about.startswith(question.split(" where ")[1][:12])
