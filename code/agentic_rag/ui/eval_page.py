"""The Evaluation page: the latest evaluation run (`make eval` writes `build/eval/<run>.json`):
accuracy per category, latency per node, the model figures of an LLM-mode run, a calibration
slot shown only when the run holds calibration data; and a button that runs the golden set
live, with a progress bar and a table of every question, its answer and whether it was right.
"""

from __future__ import annotations

import asyncio
import json
import queue
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import streamlit as st

from agentic_rag.eval.golden import CATEGORIES, load_golden
from agentic_rag.eval.node_stats import HEADERS as NODE_HEADERS
from agentic_rag.eval.node_stats import node_table
from agentic_rag.eval.report import EvalRun, compare, find_previous, load_run, write_run
from agentic_rag.markup import escape_markdown
from agentic_rag.ui.style import CHART_CONFIG

if TYPE_CHECKING:
    from agentic_rag.eval.scoring import QuestionResult
    from agentic_rag.runtime import AppRuntime

ALL = "all categories"
LIVE_CONCURRENCY = 2


def eval_dir(runtime: AppRuntime) -> Path:
    return Path(runtime.settings.build_dir) / "eval"


def latest_run(out_dir: Path) -> tuple[EvalRun, dict[str, Any]] | None:
    """The newest readable run in `out_dir` and its raw JSON (for data this model lacks)."""
    for path in sorted(out_dir.glob("*.json"), reverse=True):
        run = load_run(path)
        if run is not None:
            return run, json.loads(path.read_text(encoding="utf-8"))
    return None


def accuracy_spec(run: EvalRun) -> dict[str, Any]:
    rows = [{"category": s.category, "accuracy %": round(s.accuracy * 100, 1)} for s in run.summary]
    return {
        "width": "container",
        "height": 24 * max(len(rows), 1),
        "autosize": {"type": "fit-x", "contains": "padding"},
        "data": {"values": rows},
        "mark": {"type": "bar", "color": "#1d4ed8"},
        "encoding": {
            "y": {"field": "category", "type": "nominal", "sort": None, "title": None},
            "x": {"field": "accuracy %", "type": "quantitative", "scale": {"domain": [0, 100]}},
            "tooltip": [{"field": "category"}, {"field": "accuracy %", "type": "quantitative"}],
        },
        "config": CHART_CONFIG,
    }


def summary_rows(run: EvalRun) -> list[dict[str, Any]]:
    return [
        {
            "category": s.category,
            "questions": s.questions,
            "correct": s.correct,
            "accuracy %": round(s.accuracy * 100, 1),
            "tool match %": round(s.tool_match * 100, 1),
            "mean latency s": round(s.mean_latency_s, 2),
            "tokens in": s.tokens_in,
            "tokens out": s.tokens_out,
            "cost $": round(s.cost_usd, 4),
            "errors": s.errors,
        }
        for s in run.summary
    ]


def question_rows(results: list[QuestionResult]) -> list[dict[str, Any]]:
    return [
        {
            "right": "✅ right" if r.passed else "❌ wrong",
            "id": r.id,
            "category": r.category,
            "question": r.question,
            "answer": r.answer or (r.error or ""),
            "why": r.detail,
            "latency s": round(r.latency_s, 2),
        }
        for r in results
    ]


def render_run(run: EvalRun, raw: dict[str, Any]) -> None:
    st.markdown(
        f"**Run {escape_markdown(run.run_id)}** · {escape_markdown(run.mode_label)} · "
        f"started {escape_markdown(run.started_at)} · {len(run.results)} questions in "
        f"{run.elapsed_s:.1f} s · stores unchanged: {'yes' if run.stores_unchanged else 'NO'}"
    )
    st.subheader("Accuracy per category")
    st.vega_lite_chart(accuracy_spec(run), width="stretch", theme=None)
    st.dataframe(summary_rows(run), hide_index=True, width="stretch")
    st.subheader("Latency per node")
    nodes = node_table([n for r in run.results for n in r.nodes])
    if nodes:
        st.dataframe(
            [dict(zip(NODE_HEADERS, row, strict=True)) for row in nodes],
            hide_index=True,
            width="stretch",
        )
    else:
        st.caption("This run recorded no node runs.")
    if run.mode == "llm":
        st.subheader("Model figures")
        models = ", ".join(f"{k}: {v}" for k, v in run.models.items()) or "not recorded"
        overall = next((s for s in run.summary if s.category == "overall"), None)
        st.markdown(f"Models: {escape_markdown(models)}")
        if overall is not None:
            st.markdown(
                f"Tokens in {overall.tokens_in:,} · out {overall.tokens_out:,} · "
                f"cost ${overall.cost_usd:.4f}"
            )
    calibration = raw.get("calibration")
    if calibration:  # the slot for the calibration chart: only when the run holds its data
        st.subheader("Calibration")
        st.caption("Evaluator confidence against accuracy, from this run's calibration data.")
        if isinstance(calibration, list) and all(isinstance(x, dict) for x in calibration):
            st.dataframe(calibration, hide_index=True, width="stretch")
        else:
            st.json(calibration)
    with st.expander(f"Every question of this run ({len(run.results)})"):
        st.dataframe(question_rows(run.results), hide_index=True, width="stretch")


def _run_live(runtime: AppRuntime, groups: list, results: queue.Queue) -> None:
    """Worker thread: the golden questions on the app's runtime, each result into the queue,
    then the whole run (or the exception) last."""
    from agentic_rag.eval.harness import evaluate

    try:
        run = asyncio.run(
            evaluate(runtime, groups, concurrency=LIVE_CONCURRENCY, on_result=results.put)
        )
        results.put(run)
    except Exception as exc:  # shown on the page, never a traceback
        results.put(exc)


def live_section(runtime: AppRuntime) -> None:
    st.subheader("Run the golden set now")
    golden = load_golden()
    cols = st.columns(2)
    category = cols[0].selectbox("Category", [ALL, *CATEGORIES], key="eval-category")
    limit = cols[1].number_input(
        "At most this many questions (0: all)", min_value=0, value=0, step=1, key="eval-limit"
    )
    if not st.button("Run the golden set", key="eval-run", type="primary"):
        return
    groups = golden.groups(category=None if category == ALL else category, limit=int(limit) or None)
    total = sum(len(g) for g in groups)
    bar = st.progress(0.0, text=f"0 of {total} questions")
    table = st.empty()
    results: queue.Queue = queue.Queue()
    threading.Thread(target=_run_live, args=(runtime, groups, results), daemon=True).start()
    done: list[QuestionResult] = []
    while True:
        item = results.get()
        if isinstance(item, Exception):
            st.error(f"The run stopped: {escape_markdown(f'{type(item).__name__}: {item}')}")
            return
        if isinstance(item, EvalRun):
            break
        done.append(item)
        right = sum(r.passed for r in done)
        bar.progress(
            len(done) / max(total, 1), text=f"{len(done)} of {total} questions · {right} right"
        )
        table.table(question_rows(done))  # an HTML table: every answer readable, wrapped
    run = item
    out = eval_dir(runtime)
    previous = find_previous(out, run)
    if previous is not None:
        run.comparison = compare(previous, run)
    json_path, _ = write_run(run, out)
    right = sum(r.passed for r in run.results)
    st.success(f"{right} of {len(run.results)} right · written to {json_path.name}")


def render_eval_page(runtime: AppRuntime) -> None:
    latest = latest_run(eval_dir(runtime))
    if latest is None:
        st.info("No evaluation run yet: run `make eval`, or the golden set below.")
    else:
        st.caption(f"The latest run in {escape_markdown(eval_dir(runtime))}.")
        render_run(*latest)
    st.divider()
    live_section(runtime)
