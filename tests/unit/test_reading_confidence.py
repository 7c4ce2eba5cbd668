"""The typed reading carried by the plan, its one-line rendering, and its calibrated confidence."""

from __future__ import annotations

import asyncio

import pytest
from pydantic import ValidationError

from agentic_rag.agent.follow_ups import changed, suggest_follow_ups
from agentic_rag.agent.interfaces import EvalContext, PlanContext
from agentic_rag.agent.models import ExecutionPlan, plan_schema_for, to_plan
from agentic_rag.agent.rules import clarify, confidence, mend, signals, usage_words
from agentic_rag.agent.rules.evaluator import OfflineEvaluator
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.phrasing import question_for, read_as, reading_line, set_words
from agentic_rag.agent.rules.planner import OfflinePlanner
from agentic_rag.agent.rules.spec import Absent, PersonRef, QuerySpec, TitleSet
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.usage import COMPILED_FIELDS
from agentic_rag.tools.base import ToolResult, ToolStatus
from tests.unit.test_offline_planner import ALL_TOOLS, COUNTRIES, GENRES, PEOPLE, RATINGS, SHOWS


@pytest.fixture(scope="module")
def planner() -> OfflinePlanner:
    return OfflinePlanner(Lexicon(GENRES, COUNTRIES, RATINGS, people=PEOPLE, shows=SHOWS), 0.5)


def plan(planner: OfflinePlanner, question: str) -> ExecutionPlan:
    ctx = PlanContext(question, [], 1, "", "", ALL_TOOLS)
    return asyncio.run(planner.plan(ctx))[0]


def test_the_plan_carries_one_spec_per_part_and_each_call_names_its_part(planner):
    p = plan(planner, "How many dramas are from India? Which movies did Martin Scorsese direct?")
    assert [s.op for s in p.reading] == ["count", "list"]
    assert p.reading[0].titles.countries == ["India"]
    assert {c.part for c in p.calls} == {1, 2}
    assert p.confidence is not None and 0.0 <= p.confidence.probability <= 1.0


def test_a_models_plan_schema_does_not_ask_for_the_reading():
    schema = plan_schema_for(("sql",))
    assert "reading" not in schema.model_json_schema()["properties"]
    typed = schema.model_validate({"reasoning": "r", "resolved_question": "q", "calls": [
        {"tool": "sql", "purpose": "p", "args": {"query": "SELECT 1"}}]})  # fmt: skip
    converted = to_plan(typed)
    assert converted.reading == [] and converted.confidence is None


def test_the_reading_line_is_rendered_from_the_spec():
    spec = QuerySpec(op="top", by="duration_minutes", titles=TitleSet(
        type="Movie", countries=["Spain"], genres=[["Thrillers"]]))  # fmt: skip
    assert (
        reading_line([spec]) == "Read as: movies · country Spain · genre Thrillers · longest first"
    )
    two = [spec, QuerySpec(op="count", titles=TitleSet(type="TV Show"), notes=["n"])]
    assert reading_line(two) == f"Read as: {read_as(spec)} | TV shows · how many (n)"


def test_an_unused_word_that_changes_the_meaning_is_never_confident(planner):
    # "not from India" alone is read, and so is "not from India or Japan" (both left out:
    # `negation.py`); a bare "not" over two entities joined by "and" is a guess (a cue of
    # `list_cues`, "except dramas and comedies", leaves out both: test_negated_and_lists.py)
    for question in ("Which movies are not from India and Japan?",
                     "How many titles not dramas and comedies came from Japan?"):  # fmt: skip
        sure = plan(planner, question).confidence
        assert sure is not None and sure.ask_back
        assert sure.probability <= confidence.MEANING_CAP
        assert any("not" in u for u in sure.unsure)


def test_a_reading_that_uses_every_word_is_not_asked_back(planner):
    for question in ("How many movies are from India?", "Which dramas came from Japan?"):
        sure = plan(planner, question).confidence
        assert sure is not None and not sure.ask_back and sure.probability >= 0.5


def test_people_who_worked_with_both_are_a_relation_read_with_confidence(planner):
    p = plan(planner, "Which actors worked with both Tom Hanks and Martin Scorsese?")
    assert [s.op for s in p.reading] == ["shared"]
    assert p.confidence is not None and not p.confidence.ask_back
    assert p.confidence.probability >= 0.8


def test_a_dropped_person_asks_back_with_choices_each_read_back_confidently(planner):
    question = "Who worked with Tom Hanks more often than with Martin Scorsese?"
    sure = plan(planner, question).confidence
    assert sure is not None and sure.ask_back and 1 <= len(sure.choices) <= 3
    questions = [c.question for c in sure.choices]
    assert "Who has worked with Tom Hanks?" in questions
    assert "Who has worked with Martin Scorsese?" in questions
    for question in questions:  # each choice, asked, is answered without asking back
        again = plan(planner, question).confidence
        assert again is not None and not again.ask_back


def test_follow_ups_skip_what_the_reading_names_even_when_the_question_spells_it_otherwise():
    rows = [{"title": "Inception", "director": "Christopher Nolan", "release_year": 2010}]
    results = [ToolResult(tool="sql", call_id="1.1", status=ToolStatus.OK, rows=rows)]
    reading = [QuerySpec(op="list", titles=TitleSet(
        people=[PersonRef(name="Christopher Nolan", role="director")], year_from=2010,
        year_to=2010))]  # fmt: skip
    out = suggest_follow_ups("what did nolan make in twenty ten", results, reading)
    same_question_changed = {question_for(v) for v in changed(reading[0])}
    found = [s for s in out if s not in same_question_changed]  # the entity suggestions
    assert found and all("Christopher Nolan" not in s and "2010" not in s for s in found)


def test_only_before_the_entity_it_restricts_to_is_used_by_the_reading(planner):
    for question in ("only TV shows from Japan?", "just movies from India"):
        sure = plan(planner, question).confidence
        assert sure is not None and not sure.ask_back, (question, sure.unsure)
    #: "not" with its own entity is read: Japan's dramas, India's left out (`negation`)
    p = plan(planner, "How many dramas came from Japan, not India?")
    (spec,) = p.reading
    assert spec.titles.countries == ["Japan"]
    assert [w.countries for w in spec.titles.without] == [["India"]]
    assert p.confidence is not None and not p.confidence.ask_back


def _features(planner: OfflinePlanner, question: str, specs: list[QuerySpec]) -> dict[str, float]:
    calls = " ".join(s.model_dump_json(include=set(COMPILED_FIELDS)) for s in specs)
    return confidence.features(planner.reader, question, specs, calls)[0]


def test_both_is_used_only_by_a_part_that_requires_the_two_together(planner):
    question = "How many movies are both dramas and comedies?"
    together = QuerySpec(op="count", text=question, confidence=0.9, titles=TitleSet(
        type="Movie", genres=[["Dramas"], ["Comedies"]]))  # fmt: skip
    either = together.model_copy(
        update={"titles": TitleSet(type="Movie", genres=[["Dramas", "Comedies"]])}
    )
    assert _features(planner, question, [together])["unused_meaning"] == 0
    dropped_both = _features(planner, question, [either])
    assert dropped_both["unused_meaning"] == 1
    assert confidence.probability(dropped_both) < 0.5


def test_a_word_is_not_used_because_some_example_of_the_operation_has_it(planner):
    # the bank's list examples say "both" ("titles that feature both ..."); a list of one
    # person's titles still did not use it
    sure = plan(planner, "Which titles star both Tom Hanks?").confidence
    assert sure is not None and sure.ask_back and any("'both'" in u for u in sure.unsure)


def test_an_untagged_word_of_a_catalog_name_caps_the_reading(planner):
    named = plan(planner, "Bong Joon Ho movies from 2019").confidence
    missed = plan(planner, "joon movies from 2019").confidence  # the middle of a name: not tagged
    assert named is not None and missed is not None
    assert named.features["name_words"] == 0 and missed.features["name_words"] == 1
    assert missed.features["unused_name"] == 1
    assert missed.probability <= confidence.MEANING_CAP < named.probability
    assert missed.ask_back and any("'joon'" in u for u in missed.unsure)
    owned = plan(planner, "joon's movies from 2019").confidence  # a possessive is the same word
    assert owned is not None and owned.features["unused_name"] == 1 and owned.ask_back


def test_an_unknown_word_is_counted_apart_from_catalog_names(planner):
    feats = plan(planner, "Which movies from India mention zorblax?").confidence
    assert feats is not None
    assert feats.features["rare_words"] == 1 and feats.features["name_words"] == 0


def test_an_ignored_cue_lowers_the_confidence(planner):
    question = "How many dramas are from India?"
    right = planner.reader.read(question)
    as_list = [right[0].model_copy(update={"op": "list"})]  # "how many" left unused
    good, bad = _features(planner, question, right), _features(planner, question, as_list)
    assert good["cue_unused"] == 0 and bad["cue_unused"] == 1
    assert confidence.probability(bad) < confidence.probability(good)


def test_an_operation_the_nearest_examples_disagree_with_lowers_the_confidence(planner):
    question = "Which movies did Martin Scorsese direct?"
    right = planner.reader.read(question)
    as_count = [right[0].model_copy(update={"op": "count"})]
    good, bad = _features(planner, question, right), _features(planner, question, as_count)
    assert good["example_gap"] == 0 < bad["example_gap"]
    assert confidence.probability(bad) < confidence.probability(good)


def test_title_signals_see_a_loose_title_match_and_a_title_many_titles_share():
    more = {"Kingdom: Ashin": SHOWS["Kingdom"], "Kingdom of Us": SHOWS["Kingdom"]}
    lex = Lexicon(GENRES, COUNTRIES, RATINGS, people=PEOPLE, shows={**SHOWS, **more})
    title = Tag(kind="title", start=0, end=7, text="Kingdom", value="Kingdom")
    spec = QuerySpec(op="people", titles=TitleSet(titles=["Kingdom"]))
    assert signals.title_many([spec], lex) == round(2 / 3, 4)
    assert signals.title_many([spec.model_copy(update={"titles": TitleSet()})], lex) == 0
    asked_as_a_kind = spec.model_copy(
        update={"titles": TitleSet(type="TV Show", titles=["Kingdom"])}
    )
    assert signals.title_many([spec], lex, typed=True) == 0  # "the cast of Kingdom": one title
    assert signals.title_many([asked_as_a_kind], lex, typed=True) == round(2 / 3, 4)
    loose = Tag(kind="title", start=0, end=9, text="Irishmen", value="The Irishman", score=0.9)
    assert signals.title_gap([title]) == 0 and signals.title_gap([loose]) == 1.0


def test_a_name_read_as_absent_that_a_catalog_title_contains_is_a_near_miss(planner):
    lex = planner.reader.lex
    gone = QuerySpec(op="describe", absent=[Absent(kind="title", name="Landing")])
    truly = QuerySpec(op="describe", absent=[Absent(kind="title", name="Zorblax Returns")])
    assert signals.absent_near([gone], lex) == 1  # 'Crash Landing' holds its words
    assert signals.absent_near([truly], lex) == 0


def test_a_part_waiting_for_an_earlier_result_has_not_dropped_its_entities(planner):
    question = "Who directed The Irishman and which movies did he direct after 2015?"
    p = plan(planner, question)
    assert len(p.reading) == 2 and {c.part for c in p.calls} == {1}  # part 2 waits
    sure = clarify.assess(planner.reader, question, p.reading, p.calls, "", 0.5)
    assert sure.features["dropped"] == 0 and not sure.ask_back
    named = " ".join(c.model_dump_json() for c in p.calls)  # the calls alone do not name 2015
    assert confidence.features(planner.reader, question, p.reading, named)[0]["dropped"] == 1


def test_the_evaluator_and_the_asking_back_use_the_same_probability(planner):
    p = plan(planner, "joon movies from 2019")
    assert p.confidence is not None and p.confidence.ask_back
    ctx = EvalContext("joon movies from 2019", 1, 2, [p], [], [], ALL_TOOLS)
    decision = OfflineEvaluator().decide(ctx)
    assert decision.decision == "continue" and f"{p.confidence.probability:.2f}" in (
        decision.reasoning
    )


def test_a_misspelt_everyday_word_is_a_typo_not_a_name(planner):
    sure = plan(planner, "how manny dramas are from india").confidence
    assert sure is not None
    # mended before reading ("manny" is read as "many"): no typo is left, and no name
    assert sure.features["typos"] == 0 and sure.features["name_words"] == 0
    assert sure.features["unused_name"] == 0
    assert mend.typo("movis") and not mend.typo("peele")


def test_the_reading_word_tables_are_checked_on_load():
    assert "both" in usage_words.reading_words().conjunction
    assert "without" in usage_words.meaning().words
    with pytest.raises(ValidationError):
        usage_words.ReadingWords.model_validate({"structural": [], "by_operation": {}})


def test_a_catalog_entry_does_not_use_every_word_of_its_question(planner):
    entry = plan(planner, "How long is The Irishman?").confidence
    judged = plan(planner, "Is The Irishman any good?").confidence  # an opinion, not the entry
    asked = plan(planner, "How controversial is The Irishman?").confidence
    assert entry is not None and judged is not None and asked is not None
    assert entry.features["unused_words"] == 0 and not entry.ask_back
    assert judged.features["unused_meaning"] == 1 and judged.ask_back
    assert asked.features["unused_words"] == 1 and asked.probability < entry.probability


def test_and_which_is_used_by_a_part_that_answers_with_titles_not_by_a_count_alone(planner):
    question = "How many dramas are from India and which of them came out in 2019?"
    count = QuerySpec(op="count", text=question, confidence=0.9, titles=TitleSet(
        countries=["India"], genres=[["Dramas"]]))  # fmt: skip
    alone = _features(planner, question, [count])
    assert alone["unused_meaning"] == 1 and confidence.probability(alone) < 0.5
    listed = count.model_copy(update={"op": "list"})
    assert _features(planner, question, [count, listed])["unused_meaning"] == 0


def test_a_reading_that_ignored_percentage_or_without_is_below_one_half(planner):
    share = "What percentage of movies from India are dramas?"
    as_count = QuerySpec(op="count", text=share, confidence=1.0, titles=TitleSet(
        type="Movie", countries=["India"], genres=[["Dramas"]]))  # fmt: skip
    assert confidence.probability(_features(planner, share, [as_count])) < 0.5
    right = planner.reader.read(share)
    assert [s.op for s in right] == ["share"]
    assert confidence.probability(_features(planner, share, right)) >= 0.8
    without = "Which dramas from India are without Tom Hanks?"
    hanks = [PersonRef(name="Tom Hanks")]  # read as "with Tom Hanks"
    listed = QuerySpec(op="list", text=without, confidence=0.9, titles=TitleSet(
        countries=["India"], genres=[["Dramas"]], people=hanks))  # fmt: skip
    ignored = _features(planner, without, [listed])
    assert ignored["unused_meaning"] == 1 and confidence.probability(ignored) < 0.5


def test_a_restricting_word_is_used_only_next_to_an_entity_it_restricts(planner):
    for question in ("Indian movies, dramas only", "How many movies last at least 100 minutes?"):
        sure = plan(planner, question).confidence
        assert sure is not None and sure.features["unused_meaning"] == 0, question
    last = plan(planner, "the last movie from India").confidence  # "last" of a title: a ranking
    assert last is not None and last.features["unused_meaning"] == 1


def test_either_is_used_by_a_part_that_accepts_either_country(planner):
    sure = plan(planner, "movies from either India or Japan").confidence
    assert sure is not None and sure.features["unused_meaning"] == 0 and not sure.ask_back


def test_an_upper_date_bound_the_calls_name_is_not_dropped(planner):
    sure = plan(planner, "titles added until 2018").confidence
    assert sure is not None and sure.features["dropped"] == 0 and not sure.ask_back


def test_a_close_operation_decision_is_a_feature(planner):
    close = plan(planner, "show me the shortest TV dramas").confidence
    decided = plan(planner, "What share of titles are from India?").confidence
    assert close is not None and decided is not None
    assert 0.0 < close.features["close_call"] <= 1.0  # "top" only just ahead of "list"
    assert decided.features["close_call"] == 0.0  # a cue decided it by far


def test_a_genre_named_after_its_type_is_not_followed_by_the_type_again():
    shows = TitleSet(type="TV Show", genres=[["Korean TV Shows"]], countries=["Japan"])
    assert set_words(shows) == "Korean TV Shows from Japan"


@pytest.mark.parametrize(
    "question",
    [
        "actors who appeared with both Tom Hanks and Michael Peña",  # 'who' inside the question
        "people who directed and starred in the same movie",  # 'same': the relation's own title
        "filmmakers that acted in one film they directed",
    ],
)
def test_a_relation_uses_its_own_wording(planner, question):
    sure = plan(planner, question).confidence
    assert sure is not None and sure.features["cue_unused"] == 0, sure.features
    assert sure.features["unused_meaning"] == 0 and not sure.ask_back


def test_unused_words_catalog_titles_hold_together_are_a_missed_name():
    more = {"Crash Landing: Live": SHOWS["Crash Landing"], "Kingdom": SHOWS["Kingdom"]}
    lex = Lexicon(GENRES, COUNTRIES, RATINGS, people=PEOPLE, shows={**SHOWS, **more})
    words = ["crash", "landing", "movies", "versus", "shows"]
    assert signals.title_runs(words, {"crash", "landing"}, lex) == ["crash landing"]
    assert signals.title_runs(words, {"crash"}, lex) == []  # one word is not a whole title
    assert signals.title_runs(["kingdom", "films"], {"kingdom"}, lex) == ["kingdom"]
    assert signals.title_runs(["landing", "crash"], {"landing", "crash"}, lex) == []  # not in a row


def test_a_question_asking_more_than_the_reading_has_parts_says_so():
    two = "indian films: how many are there + which actor is in most of them"
    assert signals.unread_asks(two, 1) == 1 and signals.unread_asks(two, 2) == 0
    assert signals.unread_asks("who directed okja, and when was it added", 1) == 1
    assert signals.unread_asks("actors who worked with tom hanks", 1) == 0  # a relative "who"
    assert signals.unread_asks("which movie which was made in india is longest", 1) == 0


@pytest.mark.parametrize(
    "question",
    [
        "number of greek films and the actor with the most of them",
        "total of kdramas, plus the oldest one",
        "thai movies: the count and the director w/ the most",
        "the amount of docuseries and the longest running one",
    ],
)
def test_a_count_or_ranking_asked_as_a_noun_is_an_ask(question):
    """'number of X and the director with the most': two asks with no question word."""
    assert signals.unread_asks(question, 1) == 1 and signals.unread_asks(question, 2) == 0


def test_a_ranking_alone_is_one_ask():
    assert signals.unread_asks("the director with the most greek films", 1) == 0


def test_a_quantity_the_catalog_does_not_count_is_not_answered_surely(planner):
    sure = plan(planner, "how many episodes does kingdom have").confidence
    assert sure is not None and sure.probability <= confidence.MEANING_CAP
    assert any("episodes" in u for u in sure.unsure)


def test_a_ranking_of_groups_that_names_no_group_is_not_confident(planner):
    # a month is a group (the month added: tests/unit/test_months_added.py); a weekday is not
    sure = plan(planner, "which weekday in 2019 had the most additions").confidence
    assert sure is not None and sure.probability <= confidence.MEANING_CAP
    named = plan(planner, "which country has the most dramas").confidence
    assert named is not None and named.probability > confidence.MEANING_CAP


def test_a_reading_that_left_most_of_the_words_unused_is_never_confident(catalog_reader):
    q = "the chronicles of narnia films?"  # read as every movie: neither name word used
    feats, used = confidence.features(catalog_reader, q, catalog_reader.read(q), "")
    assert set(used.unused) >= {"chronicles", "narnia"} and feats["mostly_unused"] == 1.0
    assert confidence.probability(feats) <= confidence.MEANING_CAP
    q = "how many dramas are from india"
    feats, _ = confidence.features(catalog_reader, q, catalog_reader.read(q), "")
    assert feats["mostly_unused"] == 0.0
