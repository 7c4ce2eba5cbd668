"""The same questions offline and in LLM mode, side by side (`make eval-llm`).

Runs a question set through the real graph twice (offline rules; the configured model server)
and writes one markdown table: accuracy, the share of turns on the fast path, per node the rung
and how often the model did the work, tokens and latency per node, turn latency (median, max),
answers holding junk the output gate stops, and model-written turns that counted no tokens.
"""

from __future__ import annotations

import statistics
from collections import Counter
from pathlib import Path

from pydantic import BaseModel

from agentic_rag.agent.llm.stream_guard import DegenerateStream, OutputGate
from agentic_rag.agent.node_mode import FAST_PATH
from agentic_rag.config import Settings
from agentic_rag.eval.golden import GoldenSet
from agentic_rag.eval.harness import EvalOutcome, eval_settings, run_eval
from agentic_rag.eval.node_stats import NODES
from agentic_rag.eval.scoring import QuestionResult


class ModeFigures(BaseModel):
    mode: str
    passed: int
    total: int
    fast_path: int
    latency_median_s: float
    latency_max_s: float
    over_60_s: int
    junk_answers: list[str]
    no_tokens: list[str]  # turns where a model wrote but no tokens were counted
    nodes: dict[str, str]  # node -> "model m/n, rung r, tokens in/out, median ms"


def junk_of(result: QuestionResult) -> str | None:
    """What the output gate would stop in this answer (its last line, the footer, excluded)."""
    body = result.answer.strip().rsplit("\n\n", 1)[0]
    try:
        OutputGate(result.question).check(body + "\n")
    except DegenerateStream as exc:
        return exc.reason
    return None


def _node_line(results: list[QuestionResult], node: str) -> str:
    runs = [n for r in results for n in r.nodes if n.node == node]
    if not runs:
        return "-"
    by_model = [n for n in runs if n.mode != "rules"]
    rungs = Counter(n.rung for n in by_model if n.rung).most_common(1)
    reasons = Counter(n.reason for n in runs if n.mode == "rules").most_common(2)
    tokens_in = sum(n.tokens_in for n in runs)
    tokens_out = sum(n.tokens_out for n in runs)
    return (
        f"model {len(by_model)}/{len(runs)}"
        + (f", rung {rungs[0][0]}" if rungs else "")
        + f", tokens {tokens_in:,}/{tokens_out:,}"
        + f", median {statistics.median(n.ms for n in runs) / 1000:.1f} s"
        + (f"; rules: {', '.join(f'{r} ({k})' for r, k in reasons)}" if reasons else "")
    )


def figures(outcome: EvalOutcome) -> ModeFigures:
    results = outcome.run.results
    latencies = [r.latency_s for r in results] or [0.0]
    fast = sum(any(n.node == "planner" and n.reason == FAST_PATH for n in r.nodes) for r in results)
    no_tokens = [
        r.id
        for r in results
        if any(n.mode != "rules" for n in r.nodes) and r.tokens_in + r.tokens_out == 0
    ]
    return ModeFigures(
        mode=outcome.run.mode,
        passed=sum(r.passed for r in results),
        total=len(results),
        fast_path=fast,
        latency_median_s=round(statistics.median(latencies), 1),
        latency_max_s=round(max(latencies), 1),
        over_60_s=sum(x >= 60 for x in latencies),
        junk_answers=[f"{r.id}: {j}" for r in results if (j := junk_of(r))],
        no_tokens=no_tokens,
        nodes={node: _node_line(results, node) for node in NODES},
    )


def table(offline: ModeFigures, llm: ModeFigures) -> str:
    def pct(f: ModeFigures) -> str:
        return f"{f.passed}/{f.total} ({100 * f.passed / max(f.total, 1):.0f}%)"

    rows = [
        ("accuracy", pct(offline), pct(llm)),
        ("fast path (no model call)", "-", f"{llm.fast_path}/{llm.total}"),
        (
            "turn latency median / max",
            f"{offline.latency_median_s} / {offline.latency_max_s} s",
            f"{llm.latency_median_s} / {llm.latency_max_s} s",
        ),
        ("turns of 60 s or more", str(offline.over_60_s), str(llm.over_60_s)),
        ("answers with junk (gate)", str(len(offline.junk_answers)), str(len(llm.junk_answers))),
        ("model turns with 0 tokens", "-", str(len(llm.no_tokens))),
        *[(node, "rules", llm.nodes[node]) for node in NODES],
    ]
    lines = ["| | offline | LLM |", "|---|---|---|"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    return "\n".join(lines)


def run_side_by_side(
    golden: GoldenSet,
    *,
    limit: int | None,
    out_dir: Path | None = None,
    llm: Settings | None = None,
) -> str:
    """Both runs on the same questions; returns the markdown table (also written to out_dir)."""
    llm = llm or eval_settings("llm")
    out_dir = out_dir or Path(llm.build_dir) / "eval" / "side_by_side"
    offline = run_eval(
        eval_settings("offline"),
        golden=golden,
        limit=limit,
        concurrency=1,
        out_dir=out_dir / "offline",
        quiet=True,
    )
    model = run_eval(
        llm, golden=golden, limit=limit, concurrency=1, out_dir=out_dir / "llm", quiet=True
    )
    a, b = figures(offline), figures(model)
    where = llm.openai_base_url or "OpenAI"
    text = (
        f"Same {a.total} questions, offline and in LLM mode ({llm.planner_model} via {where}); "
        f"runs {offline.run.run_id} and {model.run.run_id}.\n\n{table(a, b)}\n"
    )
    for label, f in (("offline", a), ("LLM", b)):
        if f.junk_answers:
            text += f"\nJunk in {label} answers: " + "; ".join(f.junk_answers) + "\n"
    if b.no_tokens:
        text += "\nModel turns with no tokens counted: " + ", ".join(b.no_tokens) + "\n"
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "side_by_side.md").write_text(text, encoding="utf-8")
    return text
