"""An evaluation run as data: per-category summaries, the comparison with the previous run,
and how the run is written (JSON + markdown) and printed (rich tables)."""

from __future__ import annotations

from pathlib import Path
from statistics import fmean
from typing import Any

from pydantic import BaseModel, Field, ValidationError, computed_field
from rich import box
from rich.console import Console
from rich.table import Table

from agentic_rag.eval.calibration import reliability_rows
from agentic_rag.eval.golden import CATEGORIES
from agentic_rag.eval.node_stats import HEADERS as NODE_HEADERS
from agentic_rag.eval.node_stats import node_table
from agentic_rag.eval.scoring import QuestionResult

OVERALL = "overall"


class CategorySummary(BaseModel):
    category: str
    questions: int
    correct: int
    accuracy: float
    tool_match: float
    mean_latency_s: float
    tokens_in: int
    tokens_out: int
    cost_usd: float
    errors: int


class Comparison(BaseModel):
    previous: str | None = None  # file name of the run compared against
    compared: int = 0  # questions present in both runs
    regressions: list[str] = Field(default_factory=list)  # passed before, fail now
    fixes: list[str] = Field(default_factory=list)  # failed before, pass now


class EvalRun(BaseModel):
    run_id: str
    started_at: str
    mode: str
    mode_label: str
    models: dict[str, str] = Field(default_factory=dict)
    concurrency: int = 1
    elapsed_s: float = 0.0
    stores_unchanged: bool = True
    summary: list[CategorySummary] = Field(default_factory=list)
    results: list[QuestionResult] = Field(default_factory=list)
    comparison: Comparison | None = None

    @computed_field  # written into the run's JSON: the Evaluation page draws it
    @property
    def calibration(self) -> list[dict[str, Any]]:
        return reliability_rows(self.results)

    def by_id(self) -> dict[str, QuestionResult]:
        return {r.id: r for r in self.results}


def _summary(name: str, rows: list[QuestionResult]) -> CategorySummary:
    correct = sum(r.passed for r in rows)
    return CategorySummary(
        category=name,
        questions=len(rows),
        correct=correct,
        accuracy=round(correct / len(rows), 4) if rows else 0.0,
        tool_match=round(fmean(r.tool_match for r in rows), 4) if rows else 0.0,
        mean_latency_s=round(fmean(r.latency_s for r in rows), 3) if rows else 0.0,
        tokens_in=sum(r.tokens_in for r in rows),
        tokens_out=sum(r.tokens_out for r in rows),
        cost_usd=round(sum(r.cost_usd for r in rows), 6),
        errors=sum(bool(r.error) for r in rows),
    )


def summarize(results: list[QuestionResult]) -> list[CategorySummary]:
    """One summary per category present (in the golden order), then the overall one."""
    present = [c for c in CATEGORIES if any(r.category == c for r in results)]
    present += sorted({r.category for r in results} - set(present))
    rows = [_summary(c, [r for r in results if r.category == c]) for c in present]
    return [*rows, _summary(OVERALL, results)]


def compare(previous: EvalRun, current: EvalRun) -> Comparison:
    """Questions of both runs that flipped: regressions (pass -> fail) and fixes (fail -> pass)."""
    before, now = previous.by_id(), current.by_id()
    common = [i for i in now if i in before]
    return Comparison(
        previous=f"{previous.run_id}.json",
        compared=len(common),
        regressions=[i for i in common if before[i].passed and not now[i].passed],
        fixes=[i for i in common if not before[i].passed and now[i].passed],
    )


def load_run(path: Path) -> EvalRun | None:
    try:
        return EvalRun.model_validate_json(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValidationError):
        return None


def find_previous(out_dir: Path, current: EvalRun) -> EvalRun | None:
    """The latest earlier run in `out_dir` of the same mode (unreadable files are skipped)."""
    for path in sorted(Path(out_dir).glob("*.json"), reverse=True):
        if path.stem >= current.run_id:
            continue
        run = load_run(path)
        if run is not None and run.mode == current.mode:
            return run
    return None


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _summary_rows(run: EvalRun) -> list[list[str]]:
    return [
        [
            s.category,
            f"{s.correct}/{s.questions}",
            _pct(s.accuracy),
            _pct(s.tool_match),
            f"{s.mean_latency_s:.2f} s",
            f"{s.tokens_in}/{s.tokens_out}",
            f"${s.cost_usd:.4f}",
            str(s.errors),
        ]
        for s in run.summary
    ]


HEADERS = [
    "category",
    "correct",
    "accuracy",
    "tool match",
    "mean latency",
    "tokens in/out",
    "cost",
    "errors",
]
SHORT_HEADERS = ["category", "correct", "accuracy", "tools", "latency", "tokens", "cost", "err"]


def _md_table(headers: list[str], rows: list[list[str]]) -> list[str]:
    def esc(cell: str) -> str:
        return " ".join(str(cell).split()).replace("|", "\\|")

    return [
        "| " + " | ".join(headers) + " |",
        "|" + "---|" * len(headers),
        *("| " + " | ".join(esc(c) for c in row) + " |" for row in rows),
    ]


def _flip_lines(run: EvalRun, ids: list[str]) -> list[str]:
    results = run.by_id()
    return [
        f"- `{i}` ({results[i].category}) {results[i].question} — {results[i].detail}" for i in ids
    ]


def render_markdown(run: EvalRun) -> str:
    """The run as a markdown summary: figures, regressions, fixes, failures, every question."""
    lines = [
        f"# Evaluation run {run.run_id}",
        "",
        f"- mode: {run.mode_label}",
        f"- started: {run.started_at} UTC",
        f"- questions: {len(run.results)}, concurrency {run.concurrency}, "
        f"wall time {run.elapsed_s:.1f} s",
        f"- stores unchanged after the run: {'yes' if run.stores_unchanged else 'NO'}",
        "",
        "## Accuracy",
        "",
        *_md_table(HEADERS, _summary_rows(run)),
        "",
    ]
    nodes = node_table([n for r in run.results for n in r.nodes])
    if nodes:
        lines += ["## Model nodes", "", *_md_table(NODE_HEADERS, nodes), ""]
    cmp = run.comparison
    lines += ["## Compared with the previous run", ""]
    if cmp is None or cmp.previous is None:
        lines += ["No earlier run of this mode to compare with.", ""]
    else:
        lines += [
            f"Against `{cmp.previous}` ({cmp.compared} questions in both runs).",
            "",
            f"### Regressions ({len(cmp.regressions)})",
            "",
            *(_flip_lines(run, cmp.regressions) or ["None."]),
            "",
            f"### Fixes ({len(cmp.fixes)})",
            "",
            *(_flip_lines(run, cmp.fixes) or ["None."]),
            "",
        ]
    failed = [r for r in run.results if not r.passed]
    lines += [f"## Failures ({len(failed)})", ""]
    for r in failed:
        lines += [
            f"### `{r.id}` ({r.category}): {r.question}",
            "",
            f"- why: {r.detail}",
            f"- tools: {', '.join(r.tools_used) or 'none'} "
            f"(expected {', '.join(r.expected_tools) or 'none'})",
            f"- decisions: {', '.join(r.decisions) or 'none'}",
            "",
            "```text",
            r.answer[:1500].replace("```", "'''"),
            "```",
            "",
        ]
    rows = [
        [
            r.id,
            r.category,
            "pass" if r.passed else "FAIL",
            _pct(r.tool_match),
            ", ".join(r.tools_used),
            str(r.iterations),
            f"{r.latency_s:.2f}",
        ]
        for r in run.results
    ]
    lines += [
        "## Every question",
        "",
        *_md_table(
            ["id", "category", "result", "tool match", "tools", "iterations", "latency s"], rows
        ),
        "",
    ]
    return "\n".join(lines)


def write_run(run: EvalRun, out_dir: Path) -> tuple[Path, Path]:
    """Write <run_id>.json and <run_id>.md into `out_dir`; return both paths."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    json_path, md_path = out_dir / f"{run.run_id}.json", out_dir / f"{run.run_id}.md"
    json_path.write_text(run.model_dump_json(indent=2), encoding="utf-8")
    md_path.write_text(render_markdown(run), encoding="utf-8")
    return json_path, md_path


def print_report(run: EvalRun, console: Console) -> None:
    """The per-category table, then regressions, fixes and the failed questions."""
    table = Table(
        title=f"Evaluation {run.run_id} — {run.mode_label}", box=box.SIMPLE_HEAD, pad_edge=False
    )
    for h in SHORT_HEADERS:
        table.add_column(h, justify="left" if h == "category" else "right", no_wrap=True)
    for row in _summary_rows(run):
        table.add_row(*row, style="bold" if row[0] == OVERALL else None)
    console.print(table)
    nodes = node_table([n for r in run.results for n in r.nodes])
    if nodes and run.mode == "llm":
        node_view = Table(title="Model nodes", box=box.SIMPLE_HEAD, pad_edge=False)
        for h in NODE_HEADERS:
            node_view.add_column(h)
        for row in nodes:
            node_view.add_row(*row)
        console.print(node_view)
    cmp = run.comparison
    if cmp is not None and cmp.previous:
        console.print(
            f"compared with {cmp.previous}: {len(cmp.regressions)} regression(s), "
            f"{len(cmp.fixes)} fix(es) over {cmp.compared} questions"
        )
        for line in _flip_lines(run, cmp.regressions):
            console.print(f"[red]regression[/] {line[2:]}", highlight=False)
        for line in _flip_lines(run, cmp.fixes):
            console.print(f"[green]fix[/] {line[2:]}", highlight=False)
    for r in run.results:
        if not r.passed:
            console.print(f"[yellow]FAIL[/] {r.id} ({r.category}): {r.detail}", highlight=False)
    if not run.stores_unchanged:
        console.print("[bold red]The stores changed during the run![/]")
