"""`make eval-llm`'s figures: fast-path share, junk the gate stops, model turns with no tokens."""

from __future__ import annotations

from pathlib import Path

from agentic_rag.eval.harness import EvalOutcome
from agentic_rag.eval.node_stats import NodeRun
from agentic_rag.eval.report import EvalRun, summarize
from agentic_rag.eval.scoring import QuestionResult
from agentic_rag.eval.side_by_side import figures, table


def result(
    qid: str, answer: str, nodes: list[NodeRun], passed: bool = True, **kw
) -> QuestionResult:
    return QuestionResult(id=qid, category="sql", question="How many movies?", passed=passed,
                          detail="", answer=answer, nodes=nodes, **kw)  # fmt: skip


def outcome(mode: str, results: list[QuestionResult]) -> EvalOutcome:
    run = EvalRun(run_id="r", started_at="t", mode=mode, mode_label=mode, models={},
                  concurrency=1, elapsed_s=1.0, stores_unchanged=True,
                  summary=summarize(results), results=results)  # fmt: skip
    return EvalOutcome(run, Path("x.json"), Path("x.md"))


def test_figures_count_the_fast_path_junk_and_missing_tokens() -> None:
    fast = NodeRun(node="planner", mode="rules", reason="fast path: the reader was confident")
    model = NodeRun(node="planner", mode="model", rung="tools", tokens_in=900, tokens_out=80)
    synth = NodeRun(node="synthesizer", mode="model")
    results = [
        result("a", "There are 5 [1].\n\n_Answered by the rules._", [fast], latency_s=0.1),
        result("b", "Sure [/INST] 5\n\n_Answered in LLM mode._", [model], latency_s=40.0,
               tokens_in=900, tokens_out=80),
        result("c", "Five.\n\n_Answered in LLM mode._", [synth], passed=False, latency_s=61.0),
    ]  # fmt: skip
    got = figures(outcome("llm", results))
    assert (got.passed, got.total, got.fast_path, got.over_60_s) == (2, 3, 1, 1)
    assert got.junk_answers == ["b: degenerate stream: a chat-template token"]
    assert got.no_tokens == ["c"]
    assert "rung tools" in got.nodes["planner"] and got.nodes["evaluator"] == "-"
    text = table(figures(outcome("offline", results[:1])), got)
    assert "| accuracy | 1/1 (100%) | 2/3 (67%) |" in text
    assert "| fast path (no model call) | - | 1/3 |" in text
