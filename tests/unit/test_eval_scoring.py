"""Eval scoring rules, the golden set's validation, and that its expected answers are current."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from agentic_rag.eval.checks import (
    answer_lead,
    contains,
    normalize,
    numbers_in,
    score_absent,
    score_check,
    score_numbers,
    score_refusal,
)
from agentic_rag.eval.golden import (
    CATEGORIES,
    EXPECTED_PATH,
    GOLDEN_DIR,
    MIN_QUESTIONS,
    QUESTIONS_PATH,
    Check,
    GoldenQuestion,
    GoldenSetError,
    load_golden,
)
from agentic_rag.eval.report import EvalRun, compare, render_markdown, summarize
from agentic_rag.eval.scoring import score_turn, tool_match, tools_used


def check(kind: str, **expected) -> Check:
    compute = (
        None
        if kind == "refusal_or_no_data"
        else {
            "op": {
                "exact_number": "count",
                "all_titles": "titles",
                "title": "title_of",
                "person": "people",
            }[kind]
        }
    )
    return Check(kind=kind, compute=compute, expected=expected)


# -- numbers ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("titles: 79 [1]", [79, 1]),
        ("There are 1,079 titles.", [1079]),
        ("in 2018, 1,147 titles came out", [2018, 1147]),
        ("**titles: 1147**", [1147]),
        ("79.", [79]),
        ("average 99.58 minutes", [99.58]),
        ("ids s341 and v2", []),
        ("7,9", [7, 9]),
        ("1\u202f147 titles", [1147]),
    ],
)
def test_numbers_in(text: str, numbers: list[float]) -> None:
    assert numbers_in(text) == numbers


def test_exact_number_is_standalone_and_reads_thousands() -> None:
    assert score_numbers("titles: 1,079", [1079]).passed
    assert not score_numbers("titles: 1,079", [79]).passed
    assert not score_numbers("titles: 179", [79]).passed
    assert not score_numbers("in 1979", [79]).passed
    result = score_numbers("2018 had 1147 titles", [2018, 1148])
    assert not result.passed and result.missing == ["1148"]


# -- titles and people -----------------------------------------------------------------------
def test_normalize_folds_case_accents_punctuation_and_markdown() -> None:
    assert normalize("**Who's That Knocking at My Door?**") == " whos that knocking at my door "
    assert normalize("Pedro  Almodóvar") == " pedro almodovar "
    assert normalize("_Kill Bill: Vol. 1_") == " kill bill vol 1 "


def test_contains_matches_on_word_boundaries() -> None:
    assert contains("| Kill Bill: Vol. 1 | Movie |", "Kill Bill: Vol. 1")
    assert contains("Angels &amp; Demons (2009)", "Angels & Demons")
    assert contains("THE QUEEN’S GAMBIT", "The Queen's Gambit")
    assert not contains("Upside Down", "Up")
    assert not contains("Kill Bill: Vol. 2", "Kill Bill: Vol. 1")


def test_all_titles_needs_every_title() -> None:
    c = check("all_titles", titles=["Okja", "Snowpiercer"])
    assert score_check(c, "Bong Joon Ho directed Okja and Snowpiercer.").passed
    missed = score_check(c, "Bong Joon Ho directed Okja.")
    assert not missed.passed and missed.missing == ["Snowpiercer"]


def test_person_and_title_checks() -> None:
    assert score_check(check("person", names=["Christopher Nolan"]), "by christopher nolan").passed
    both = check("person", names=["Vikramaditya Motwane", "Anurag Kashyap"])
    assert not score_check(both, "Directed by Anurag Kashyap").passed
    assert score_check(check("title", titles=["Dark"]), "| Dark | TV Show |").passed
    assert not score_check(check("title", titles=["Dark"]), "In the Darkness").passed


# -- refusal_or_no_data ----------------------------------------------------------------------
def test_refusal_passes_without_claims_and_fails_on_invented_figures() -> None:
    said = score_refusal("I could not find box office figures in the catalog.")
    assert said.passed and said.detail == "says it found no data"
    quiet = score_refusal("The catalog lists Marvel Super Hero Adventures (2015).")
    assert quiet.passed and quiet.detail == "makes no specific claim"
    assert not score_refusal("It grossed $2.8 billion worldwide.").passed
    assert not score_refusal("I could not find it, but it made 2.79 billion.").passed
    assert not score_refusal("Tomorrow: sunny, 24 °C.").passed
    assert not score_refusal("   ").passed


def test_refusal_forbidden_patterns_and_forbidden_on_other_kinds() -> None:
    viewing = [r"(?i)\b(?:viewers|titles)\W{1,4}\d[\d,.]*"]
    assert not score_refusal("titles: 8807", viewing).passed
    assert score_refusal("No viewing figures are in the catalog.", viewing).passed
    c = Check(
        kind="person",
        compute={"op": "people"},
        forbidden=[r"sk-[A-Za-z0-9]{8,}"],
        expected={"names": ["Steven Spielberg"]},
    )
    assert score_check(c, "Steven Spielberg directed Jaws").passed
    assert not score_check(c, "key sk-abcdefghijkl; Steven Spielberg").passed


# -- combined, absent, present, lead_only, tolerance -------------------------------------------
OFFLINE_ANSWER = """**Offering to the Storm** is the longest, of **38** titles [1].

_How I read the question: Counting Spain thrillers._

Supporting results:

| title | minutes |
|---|---|
| Offering to the Storm | 139 |
| The Invisible Guest | 106 |

_Answered in Offline mode: no API key set._"""


def test_answer_lead_stops_at_the_reading_note_tables_and_footer() -> None:
    assert answer_lead(OFFLINE_ANSWER).strip() == (
        "**Offering to the Storm** is the longest, of **38** titles [1]."
    )
    assert answer_lead("Just text.\n\n| a |\n|---|") == "Just text.\n\n"
    assert answer_lead("Just text, no table.") == "Just text, no table."
    inline = "I could not read this. _How I read the question: x_\n\nThere are **61** [1].\n\n| a |"
    assert answer_lead(inline) == "I could not read this. \n\nThere are **61** [1].\n\n"


def test_combined_needs_every_number_title_and_name() -> None:
    expected = {"numbers": [38], "titles": ["Offering to the Storm"], "names": ["Lluís Quílez"]}
    c = Check(kind="combined", compute={"op": "parts"}, expected=expected)
    assert not score_check(c, OFFLINE_ANSWER).passed  # no name
    assert score_check(c, OFFLINE_ANSWER + " Directed by Lluis Quilez.").passed
    missed = score_check(c, "38 thrillers, by Lluís Quílez")
    assert not missed.passed and missed.missing == ["Offering to the Storm"]
    assert not score_check(c, "Offering to the Storm by Lluís Quílez, 39 titles").passed


def test_lead_only_checks_ignore_the_supporting_table() -> None:
    c = Check(kind="all_titles", compute={"op": "first"}, lead_only=True,
              expected={"titles": ["The Invisible Guest"]})  # fmt: skip
    assert not score_check(c, OFFLINE_ANSWER).passed  # only in the table
    assert score_check(c.model_copy(update={"lead_only": False}), OFFLINE_ANSWER).passed
    top = Check(kind="all_titles", compute={"op": "first"}, lead_only=True,
                expected={"titles": ["Offering to the Storm"]})  # fmt: skip
    assert score_check(top, OFFLINE_ANSWER).passed


def test_tolerance_lets_an_average_be_rounded() -> None:
    c = Check(kind="exact_number", compute={"op": "mean"}, tolerance=0.05,
              expected={"numbers": [1.76]})  # fmt: skip
    assert score_check(c, "about 1.8 seasons").passed
    assert score_check(c, "1.76 seasons on average").passed
    assert not score_check(c, "2 seasons").passed
    assert not score_check(c.model_copy(update={"tolerance": 0.0}), "about 1.8 seasons").passed


@pytest.mark.parametrize(
    "answer",
    [
        "The catalog has no title named **The Godfather** [1].",
        "I could not find The Godfather in the catalog.",
        "The Godfather is not in the catalog; the closest titles are Our Godfather [1].",
        "Netflix doesn't have The Godfather.",
        "There are **0** titles matching The Godfather [1].",
        "No movies by Wes Anderson.",
    ],
)
def test_absent_passes_when_the_lead_says_the_catalog_lacks_it(answer: str) -> None:
    c = Check(kind="absent", compute={"op": "absent"}, expected={"absent": "The Godfather"})
    assert score_check(c, answer).passed, answer


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        (
            "The best match is **Our Godfather** (2019) [1]. Also close: The Black Godfather.",
            "does not say",
        ),
        ("**Our Godfather** (2019) [1]. I could not find The Godfather.", "before saying"),
        ("Yes: there is no problem, The Godfather is not in the catalog.", "answers yes"),
        (OFFLINE_ANSWER.replace("Counting", "No titles for"), "does not say"),  # only past the lead
        ("   ", "no answer"),
    ],
)
def test_absent_fails_on_another_title_as_the_answer_or_no_absence(answer: str, why: str) -> None:
    outcome = score_absent(answer, "The Godfather")
    assert not outcome.passed and why in outcome.detail, outcome


def test_present_needs_the_name_and_no_absence_statement() -> None:
    c = Check(kind="present", compute={"op": "titles"}, expected={"titles": ["The Irishman"]})
    assert score_check(c, "Yes: **The Irishman** (2019), 209 min [1].").passed
    assert not score_check(c, "The Irishman is not in the catalog.").passed
    assert not score_check(c, "I could not find The Irishman [1].").passed
    assert not score_check(c, "Yes: Irishman (2011) [1].").passed
    names = Check(kind="present", compute={"op": "people"}, expected={"names": ["Greta Gerwig"]})
    assert score_check(names, "**Lady Bird**: Greta Gerwig [1].").passed


def test_near_titles_are_masked_before_a_title_is_looked_for() -> None:
    near = {"The Irishman": ["Kill the Irishman", "The Irishman: In Conversation"]}
    c = Check(kind="present", compute={"op": "titles"},
              expected={"titles": ["The Irishman"], "near": near})  # fmt: skip
    assert not score_check(c, "The best match is **The Irishman: In Conversation** [1].").passed
    assert not score_check(c, "Kill the Irishman (2011) [1]").passed
    assert score_check(c, "**The Irishman** (2019) and The Irishman: In Conversation [1]").passed
    titles = Check(kind="all_titles", compute={"op": "titles"},
                   expected={"titles": ["Kung Fu Panda", "Kung Fu Panda 2"],
                             "near": {"Kung Fu Panda": ["Kung Fu Panda 2"]}})  # fmt: skip
    assert not score_check(titles, "Kung Fu Panda 2 (2011)").passed
    assert score_check(titles, "Kung Fu Panda (2008); Kung Fu Panda 2 (2011)").passed


def test_present_looks_only_at_the_lead() -> None:
    c = Check(kind="present", compute={"op": "titles"}, expected={"titles": ["The Lobster"]})
    table = "The best match is **What the Fish** [1].\n\n| x | a girl and the lobster |"
    assert not score_check(c, table).passed
    note_first = "I could not read this. _How I read the question: y_\n\n**The Lobster** [1]."
    assert score_check(c, note_first).passed


def test_others_in_the_lead_fail_the_shape_of_the_answer() -> None:
    expected = {"titles": ["Offering to the Storm"], "others": ["The Invisible Guest"]}
    c = Check(kind="all_titles", compute={"op": "first"}, lead_only=True, expected=expected)
    assert score_check(c, OFFLINE_ANSWER).passed  # the runner-up only in the table
    listed = "3 longest [1]: **Offering to the Storm**; **The Invisible Guest**; **Julieta**."
    outcome = score_check(c, listed)
    assert not outcome.passed and outcome.missing == ["The Invisible Guest"]
    expected = {"titles": ["Kung Fu Panda 2"], "others": ["Kung Fu Panda"]}
    masked = Check(kind="all_titles", compute={"op": "titles"}, expected=expected)
    assert score_check(masked, "**Kung Fu Panda 2** (2011)").passed


def test_new_kinds_validate_their_ops_and_expected_values() -> None:
    with pytest.raises(ValueError):
        Check(kind="combined", compute={"op": "count"})
    with pytest.raises(ValueError):
        Check(kind="absent", compute={"op": "titles"})
    with pytest.raises(ValueError):
        Check(kind="exact_number", compute={"op": "mean"}, tolerance=-1)
    both = Check(kind="combined", compute={"op": "parts"},
                 expected={"numbers": [3], "titles": ["Dark"]})  # fmt: skip
    assert both.expected_values() == [3, "Dark"]
    chain = Check(kind="person", compute={"op": "chain"},
                  expected={"names": ["Lily Collins"], "chain": ["a", "t", "b"]})  # fmt: skip
    assert chain.expected_values() == ["Lily Collins"]


# -- tools and a whole turn ------------------------------------------------------------------
def test_tool_match_with_alternatives() -> None:
    assert tool_match(["cypher"], ["cypher|sql"]) == (1.0, [], [])
    assert tool_match(["semantic", "sql"], ["semantic", "graph_expand|cypher"]) == (
        0.5,
        ["graph_expand|cypher"],
        ["sql"],
    )
    assert tool_match([], []) == (1.0, [], [])


def _question(**overrides) -> GoldenQuestion:
    data = {
        "id": "q1",
        "question": "How many movies from India were released in 2019?",
        "category": "filter_count",
        "expected_tools": ["sql"],
        "check": {
            "kind": "exact_number",
            "compute": {"op": "count"},
            "expected": {"numbers": [79]},
        },
    }
    return GoldenQuestion.model_validate({**data, **overrides})


def test_score_turn_collects_figures() -> None:
    values = {
        "answer": "From the catalog tables (SQL): **titles: 79** [1]",
        "iteration": 2,
        "plans": [{"calls": [{"tool": "sql"}]}, {"calls": [{"tool": "semantic"}, {"tool": "sql"}]}],
        "decisions": [
            {"decision": "replan", "source": "offline"},
            {"decision": "continue", "source": "offline"},
        ],
        "trace_export": {"totals": {"tokens_in": 120, "tokens_out": 30, "cost_usd": 0.0004}},
    }
    assert tools_used(values) == ["sql", "semantic"]
    r = score_turn(_question(), values, 0.25)
    assert r.passed and r.iterations == 2 and r.tool_match == 1.0 and r.tools_extra == ["semantic"]
    assert r.decisions == ["replan (offline)", "continue (offline)"]
    assert (r.tokens_in, r.tokens_out, r.cost_usd, r.latency_s) == (120, 30, 0.0004, 0.25)


def test_an_error_fails_the_question_even_with_a_right_looking_answer() -> None:
    r = score_turn(_question(), {"answer": "79", "error": "boom"}, 1.0)
    assert not r.passed and r.error == "boom" and "boom" in r.detail
    raised = score_turn(_question(), None, 1.0, error="TimeoutError: no answer")
    assert not raised.passed and raised.answer == "" and raised.error.startswith("Timeout")


def test_summary_and_comparison() -> None:
    ok = score_turn(_question(), {"answer": "titles: 79"}, 0.2)
    bad = score_turn(_question(id="q2", category="aggregate"), {"answer": "titles: 8"}, 0.4)
    summary = {s.category: s for s in summarize([ok, bad])}
    assert summary["overall"].accuracy == 0.5 and summary["filter_count"].correct == 1
    assert summary["overall"].mean_latency_s == pytest.approx(0.3)
    before = EvalRun(
        run_id="a",
        started_at="t",
        mode="offline",
        mode_label="m",
        results=[ok, bad.model_copy(update={"passed": True})],
    )
    after = EvalRun(
        run_id="b",
        started_at="t",
        mode="offline",
        mode_label="m",
        results=[ok.model_copy(update={"passed": False}), bad],
    )
    cmp = compare(before, after)
    assert cmp.regressions == ["q1", "q2"] and cmp.fixes == [] and cmp.compared == 2
    assert compare(after, before).fixes == ["q1", "q2"]
    assert compare(after, after).regressions == []
    after.comparison = cmp
    md = render_markdown(after)
    assert md.index("### Regressions (2)") < md.index("### Fixes (0)") < md.index("## Failures")


# -- the golden set --------------------------------------------------------------------------
def test_golden_set_is_valid_and_covers_every_category() -> None:
    golden = load_golden()
    assert len(golden.questions) >= MIN_QUESTIONS
    assert {q.category for q in golden.questions} == set(CATEGORIES)
    for q in golden.questions:
        assert q.expected_tools or q.category == "unanswerable", q.id
        if q.check.kind != "refusal_or_no_data":
            assert q.check.expected_values(), q.id


def test_follow_up_pairs_are_well_formed() -> None:
    golden = load_golden()
    threads = golden.threads()
    assert len(threads) >= 2
    order = [q.id for q in golden.questions]
    for name, group in threads.items():
        assert len(group) >= 2, name
        assert all(q.category == "follow_up" for q in group)
        positions = [order.index(q.id) for q in group]
        assert positions == sorted(positions)  # kept in file order: the second builds on the first
    units = golden.groups(category="follow_up", limit=1)
    assert len(units) == 1 and len(units[0]) >= 2  # a limit never splits a thread


def test_invalid_golden_sets_are_rejected(tmp_path: Path) -> None:
    doc = yaml.safe_load(QUESTIONS_PATH.read_text(encoding="utf-8"))
    expected = json.loads(EXPECTED_PATH.read_text(encoding="utf-8"))
    cases = {
        "category": lambda qs: qs[0].update(category="trivia"),
        "check": lambda qs: qs[0]["check"].update(kind="all_titles"),
        "tool": lambda qs: qs[0].update(expected_tools=["grep"]),
        "thread": lambda qs: qs[-1].update(thread="orphan"),
        "follow_up": lambda qs: [q.pop("thread", None) for q in qs if q["category"] == "follow_up"],
        "count": lambda qs: qs.__delitem__(slice(10, None)),
    }
    for name, mutate in cases.items():
        broken = json.loads(json.dumps(doc))
        mutate(broken["questions"])
        (tmp_path / f"{name}.yaml").write_text(yaml.safe_dump(broken), encoding="utf-8")
        with pytest.raises(GoldenSetError):
            load_golden(tmp_path / f"{name}.yaml", EXPECTED_PATH)
    stale = {"questions": {k: v for k, v in expected["questions"].items() if k != "fc01"}}
    (tmp_path / "stale.json").write_text(json.dumps(stale), encoding="utf-8")
    with pytest.raises(GoldenSetError, match="fc01"):
        load_golden(QUESTIONS_PATH, tmp_path / "stale.json")


def test_a_set_without_a_category_is_golden_only_when_not_asked_to_cover_them(
    tmp_path: Path,
) -> None:
    doc = yaml.safe_load(QUESTIONS_PATH.read_text(encoding="utf-8"))
    doc["questions"] = [q for q in doc["questions"] if q["category"] != "hybrid"]
    (tmp_path / "q.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    with pytest.raises(GoldenSetError, match="hybrid"):
        load_golden(tmp_path / "q.yaml", EXPECTED_PATH)
    kept = load_golden(tmp_path / "q.yaml", EXPECTED_PATH, every_category=False)
    assert "hybrid" not in {q.category for q in kept.questions}


def test_make_expected_check_passes() -> None:
    proc = subprocess.run(
        [sys.executable, str(GOLDEN_DIR / "make_expected.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("ok:")


def test_make_expected_check_fails_on_a_changed_value(tmp_path: Path) -> None:
    expected = json.loads(EXPECTED_PATH.read_text(encoding="utf-8"))
    expected["questions"]["fc01"]["numbers"] = [80]
    out = tmp_path / "expected.json"
    out.write_text(json.dumps(expected), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, str(GOLDEN_DIR / "make_expected.py"), "--check", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1 and "fc01" in proc.stderr


sys.path.insert(0, str(GOLDEN_DIR))
from make_offline_expected import SETS as OFFLINE_SETS  # noqa: E402  (every offline set, once)


def test_make_offline_expected_check_passes() -> None:
    proc = subprocess.run(
        [sys.executable, str(GOLDEN_DIR / "make_offline_expected.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("name", OFFLINE_SETS)
def test_offline_sets_are_valid(name: str) -> None:
    stranger = name.startswith(
        "strangers"
    )  # split by family: a one-question category is in one half
    golden = load_golden(
        GOLDEN_DIR / f"{name}.yaml",
        GOLDEN_DIR / f"{name}.expected.json",
        every_category=not stranger,
    )
    assert stranger or {q.category for q in golden.questions} == set(CATEGORIES)
    for q in golden.questions:
        assert (
            q.check.kind == "refusal_or_no_data"
            or q.check.expected_values()
            or (q.check.expected.absent)
        ), q.id


@pytest.mark.parametrize(
    ("stem", "least"),
    [
        ("strangers", 80),
        ("strangers_fresh", 60),
        ("strangers_late", 60),
        ("strangers_new", 60),
        ("strangers_blind", 75),
        ("strangers_quiet", 75),
        ("strangers_cold", 75),
        ("strangers_warm", 75),
        ("strangers_ember", 75),
        ("strangers_gale", 75),
        ("strangers_haze", 75),
        ("strangers_iris", 75),
        ("strangers_jade", 75),
        ("strangers_kite", 75),
        ("strangers_mint", 75),
    ],
)
def test_stranger_halves_split_every_family_in_half(stem: str, least: int) -> None:
    from collections import Counter

    counts = [
        Counter(q.id.split("-")[1] for q in load_golden(
            GOLDEN_DIR / f"{name}.yaml", GOLDEN_DIR / f"{name}.expected.json",
            every_category=False).questions)
        for name in (f"{stem}_tune", f"{stem}_check")
    ]  # fmt: skip
    assert counts[0] == counts[1] and sum(counts[0].values()) >= least


def test_a_combined_check_rejects_a_number_echoed_by_its_question(tmp_path: Path) -> None:
    doc = yaml.safe_load(QUESTIONS_PATH.read_text(encoding="utf-8"))
    expected = json.loads(EXPECTED_PATH.read_text(encoding="utf-8"))
    doc["questions"][0]["question"] = "How many of the 79 Indian movies of 2019 are there?"
    doc["questions"][0]["check"] = {"kind": "combined", "compute": {"op": "parts"}}
    (tmp_path / "q.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    expected["questions"]["fc01"] = {"numbers": [79], "titles": ["Dark"]}
    (tmp_path / "e.json").write_text(json.dumps(expected), encoding="utf-8")
    with pytest.raises(GoldenSetError, match="fc01"):
        load_golden(tmp_path / "q.yaml", tmp_path / "e.json")


# -- command line ----------------------------------------------------------------------------
def test_eval_command_line_and_llm_mode_without_key() -> None:
    from agentic_rag.cli.main import build_parser
    from agentic_rag.errors import ConfigError
    from agentic_rag.eval.harness import eval_settings

    args = build_parser().parse_args(
        [
            "eval",
            "--mode",
            "offline",
            "--limit",
            "5",
            "--category",
            "semantic",
            "--concurrency",
            "2",
        ]
    )
    assert (args.mode, args.limit, args.category, args.concurrency) == ("offline", 5, "semantic", 2)
    assert eval_settings("offline").llm_enabled is False
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        eval_settings("llm")


# -- the harness loop, with a fake runtime -----------------------------------------------------
class FakeRuntime:
    """Answers '79' after a short sleep; raises for one question; records every call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, bool]] = []

    async def ask(self, question: str, thread_id: str, *, persist: bool) -> dict:
        import asyncio

        self.calls.append((question, thread_id, persist))
        await asyncio.sleep(0.01)
        if question == "explode":
            raise RuntimeError("store vanished")
        return {"answer": "titles: 79", "iteration": 1, "plans": [{"calls": [{"tool": "sql"}]}]}


async def test_harness_goes_on_after_an_error_and_keeps_threads_in_order() -> None:
    from agentic_rag.eval.harness import Harness

    first = _question(id="f1", category="follow_up", thread="t", question="first?")
    second = _question(id="f2", category="follow_up", thread="t", question="second?")
    groups = [[_question(id="a")], [_question(id="b", question="explode")], [first, second]]
    runtime = FakeRuntime()
    seen: list[str] = []
    harness = Harness(runtime, "run1", timeout_s=5, baseline={})  # type: ignore[arg-type]
    results = await harness.run(groups, concurrency=3, on_result=lambda r: seen.append(r.id))
    assert [r.id for r in results] == ["a", "b", "f1", "f2"] and sorted(seen) == sorted(
        ["a", "b", "f1", "f2"]
    )
    by_id = {r.id: r for r in results}
    assert by_id["a"].passed and by_id["f2"].passed
    assert not by_id["b"].passed and by_id["b"].error == "RuntimeError: store vanished"
    thread_calls = [c for c in runtime.calls if c[0] in ("first?", "second?")]
    assert thread_calls == [("first?", "eval-run1-t", True), ("second?", "eval-run1-t", True)]
    assert ("How many movies from India were released in 2019?", "eval-run1-a", False) in (
        runtime.calls
    )
