"""Two-part questions and follow-ups in wordings written for this test (from no question set):

* "… and who directed the most of em": the second part ranks the first part's set by director;
* "… plus the one with the most seasons": a ranking of the first part's set, as a part of its own;
* "the fifties" (after "the") is a decade, "in her forties" an age;
* "and the year after that?", "what about the previous year", "same for two years later": the
  previous turn's one year moved;
* "how many korean shows" then "and pokemon?": a franchise named in a follow-up with no filter
  of its own is a new subject (the country is dropped, the type kept); "which of those are
  pokemon" still narrows;
* "who's the lead in X": the first-billed cast member only, from the tables (billing order)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules.billing import lead_asked
from agentic_rag.agent.rules.compiler import Compiler
from agentic_rag.agent.rules.sentences import _people
from agentic_rag.agent.rules.shift import shift_of, shifted
from agentic_rag.agent.rules.spec import TitleSet


@pytest.mark.parametrize(
    "question",
    [
        "how many indian movies r there and who directed the most of em",
        "count the korean shows and who directed the most of those",
        "how many dramas are there + who directed the most of them",
    ],
)
def test_who_directed_the_most_of_them_ranks_the_first_parts_set(reader, question):
    first, second = reader.read(question)
    assert first.op == "count"
    assert (second.op, second.by) == ("most", "director")
    assert second.titles.countries == first.titles.countries
    assert second.titles.genres == first.titles.genres


@pytest.mark.parametrize(
    ("question", "by"),
    [
        ("number of korean tv shows plus the one with the most seasons", "seasons"),
        ("count of indian movies and the one with the longest runtime", "duration_minutes"),
        ("how many korean shows and the one that has the most seasons", "seasons"),
    ],
)
def test_the_one_with_a_superlative_is_a_ranking_of_the_first_set(reader, question, by):
    first, second = reader.read(question)
    assert first.op == "count"
    assert (second.op, second.by, second.limit) == ("top", by, 1)
    assert second.titles.countries == first.titles.countries


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("dramas from the fifties", (1950, 1959)),
        ("how many movies from the forties", (1940, 1949)),
        ("korean films of the thirties", (1930, 1939)),
    ],
)
def test_an_older_decade_word_after_the_is_a_decade(reader, question, years):
    spec = reader.read(question)[0]
    assert (spec.titles.year_from, spec.titles.year_to) == years


def test_an_age_is_no_decade(reader):
    spec = reader.read("a movie about a woman in her forties")[0]
    assert spec.titles.year_from is None


def _turn(question: str) -> list[TurnSummary]:
    return [TurnSummary(question, question, "…")]


@pytest.mark.parametrize(
    ("first", "then", "window"),
    [
        ("how many dramas were added in 2018", "and the year after that?",
         ("2019-01-01", "2020-01-01")),
        ("how many korean shows were added in 2020", "what about the year before",
         ("2019-01-01", "2020-01-01")),
        ("how many comedies were added in 2017", "same for two years later",
         ("2019-01-01", "2020-01-01")),
    ],
)  # fmt: skip
def test_a_follow_up_moves_the_date_added_year(reader, first, then, window):
    (spec,) = reader.read(then, _turn(first))
    assert (spec.titles.added_from, spec.titles.added_to) == window
    assert spec.op == "count"


@pytest.mark.parametrize(
    ("first", "then", "year"),
    [
        ("korean movies released in 2017", "and the following year?", 2018),
        ("how many indian movies came out in 2019", "and a year earlier", 2018),
        ("dramas from 2016", "what about the next year", 2017),
    ],
)
def test_a_follow_up_moves_the_release_year(reader, first, then, year):
    (spec,) = reader.read(then, _turn(first))
    assert (spec.titles.year_from, spec.titles.year_to) == (year, year)


def test_a_move_without_a_year_before_moves_nothing():
    assert shift_of("and the year after that?") == 1 and shift_of("and dramas?") == 0
    assert shifted(TitleSet(countries=["India"]), 1) is None


@pytest.mark.parametrize(
    ("first", "then", "phrase", "kind"),
    [
        ("how many korean shows", "and pokemon?", "pokemon", "TV Show"),
        ("how many japanese movies", "and lego?", "lego", "Movie"),
        ("list french comedies", "what about barbie?", "barbie", None),
    ],
)
def test_a_franchise_in_a_follow_up_is_a_new_subject(catalog_reader, first, then, phrase, kind):
    (spec,) = catalog_reader.read(then, _turn(first))
    assert spec.titles.title_has == [phrase]
    assert not spec.titles.countries and not spec.titles.genres
    assert spec.titles.type == kind
    assert spec.other is None  # the old subject's other reading goes with it


def test_which_of_those_with_a_franchise_still_narrows(catalog_reader):
    (spec,) = catalog_reader.read("and which of those are pokemon?", _turn("how many korean shows"))
    assert spec.titles.countries == ["South Korea"] and spec.titles.title_has == ["pokemon"]


def test_a_filter_in_a_follow_up_still_narrows(catalog_reader):
    (spec,) = catalog_reader.read("and comedies?", _turn("how many korean shows"))
    assert spec.titles.countries == ["South Korea"] and spec.titles.genres


@pytest.mark.parametrize(
    "question",
    [
        "who's the lead in Okja",
        "who is the main actor of The Irishman",
        "who plays the leading lady in Kingdom?",
        "name the top-billed actor of Crash Landing",
    ],
)
def test_the_lead_of_a_title_is_its_first_billed_cast_member(reader, lexicon, question):
    (spec,) = reader.read(question)
    assert (spec.op, spec.role, spec.limit) == ("people", "cast", 1)
    (alts,) = Compiler(lexicon).steps(spec, [], {"sql", "cypher"})
    assert alts[0].tool == "sql" and "position" in alts[0].args["query"]


@pytest.mark.parametrize(
    "question",
    ["who are the leads in Okja", "who is in the main cast of Kingdom", "who directed Okja"],
)
def test_the_cast_or_the_director_is_not_the_lead(question):
    assert not lead_asked(question) or "leads" in question


def test_the_lead_is_said_as_the_first_billed():
    rows = [{"title": "Okja", "name": "A Lead"}, {"title": "Okja", "name": "B Second"}]
    said = _people(rows, lead=True)
    assert "A Lead" in said and "B Second" not in said and "first billed" in said


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("who is in kingdom (the 2020 one)", "Kingdom"),
        ("who directed okja (the bong joon ho film)", "Okja"),
        ("the cast of the irishman (the scorsese movie)", "The Irishman"),
        ("who plays the main guy in okja (the bong joon ho one)", "Okja"),
    ],
)
def test_a_title_told_apart_by_a_parenthesis_is_that_title(reader, question, title):
    (spec,) = reader.read(question)
    assert spec.op == "people" and spec.titles.titles == [title]


def test_a_pronoun_is_a_title_only_with_a_parenthesis_naming_its_maker(catalog_reader):
    (named,) = catalog_reader.read("who plays the main guy in her (the spike jonze one)")
    assert named.titles.titles == ["Her"] and (named.role, named.limit) == ("cast", 1)
    (plain,) = catalog_reader.read("who plays the main guy in her (the good one)")
    assert "Her" not in plain.titles.titles


@pytest.mark.parametrize(
    ("question", "limit"),
    [
        ("count korean shows and list the newest two", 2),
        ("the oldest 3 korean titles", 3),
        ("show me the longest four indian movies", 4),
    ],
)
def test_a_number_after_the_superlative_limits_the_ranking(reader, question, limit):
    spec = reader.read(question)[-1]
    assert (spec.op, spec.limit) == ("top", limit)


def test_a_number_of_seasons_after_the_superlative_is_no_limit(reader):
    spec = reader.read("which korean show has the most seasons 2 or more")[-1]
    assert spec.limit != 2


@pytest.mark.parametrize(
    ("first", "second", "third"),
    [
        ("who directed The Irishman", "what else has he made?",
         "and how many of those are from the 90s"),
        ("who directed Okja", "anything else by him?", "which of those are from 2019?"),
        ("who is in Kingdom", "what else has she been in?", "how many of them are movies"),
    ],
)  # fmt: skip
def test_a_third_turn_keeps_the_person_the_second_waited_on(reader, first, second, third):
    history = [TurnSummary(q, q, "…") for q in (first, second)]
    *again, last = reader.read(third, history)
    assert again and all(s.replayed for s in again)
    assert again[0].op == "people" and again[0].titles.titles
    assert last.ref == "person" and last.needs_results


@pytest.mark.parametrize(
    ("first", "then", "window"),
    [
        ("how many korean shows were added in 2019", "and 2020?", "2020-01-01"),
        ("how many korean shows were added in 2019", "and the year after that?", "2020-01-01"),
        ("how many korean tv shows were added in 2020", "what about 2018", "2018-01-01"),
    ],
)
def test_the_other_reading_of_a_word_follows_the_follow_up(reader, first, then, window):
    (before,) = reader.read(first)
    assert before.other is not None  # 'korean': the country, or the genre Korean TV Shows
    (spec,) = reader.read(then, _turn(first))
    assert spec.titles.added_from == window
    assert spec.other is not None and spec.other.added_from == window


@pytest.mark.parametrize(
    ("question", "by", "ascending"),
    [
        ("how many korean dramas are there and which one came out first", "release_year", True),
        ("list indian comedies, which of them was added last", "date_added", False),
        ("count the korean shows and which was released most recently", "release_year", False),
    ],
)
def test_which_one_came_out_first_ranks_the_first_parts_set(reader, question, by, ascending):
    first, second = reader.read(question)
    assert (second.op, second.by, second.ascending, second.limit) == ("top", by, ascending, 1)
    assert second.titles.countries == first.titles.countries


@pytest.mark.parametrize(
    ("question", "by", "ascending"),
    [
        ("number of korean tv shows + the one added most recently", "date_added", False),
        ("how many indian movies and the title released first", "release_year", True),
        ("count korean movies plus the one that was added last", "date_added", False),
    ],
)
def test_the_one_added_last_after_a_count_is_a_part_of_its_own(reader, question, by, ascending):
    first, second = reader.read(question)
    assert first.op == "count"
    assert (second.op, second.by, second.ascending, second.limit) == ("top", by, ascending, 1)
    assert second.titles.countries == first.titles.countries


@pytest.mark.parametrize(
    "then", ["who stars in that one?", "who directed that movie", "and who acted in that one"]
)
def test_that_one_in_a_follow_up_is_the_previous_answer(reader, then):
    first = "what's the longest korean movie"
    (spec,) = reader.read(then, [TurnSummary(first, first, "…", ["s2"])])
    assert spec.op == "people" and spec.titles.show_ids == ["s2"]
