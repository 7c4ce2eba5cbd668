"""Command line: `python -m agentic_rag build-data | schema | ...`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from agentic_rag.config import load_settings
from agentic_rag.errors import AgenticRagError
from agentic_rag.textsafe import control_chars, decode_lenient


def _console():
    from rich.console import Console

    return Console()


def _cmd_build_data(args: argparse.Namespace) -> int:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )
    from rich.table import Table

    from agentic_rag.stores.build import STAGES, build_all

    console = _console()

    settings = load_settings()
    stages = tuple(args.stage) if args.stage else STAGES
    with Progress(
        TextColumn("[bold]{task.description:<18}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        disable=args.quiet,
    ) as bar:

        def progress(label: str, total: int):
            task = bar.add_task(label, total=total)
            return lambda n: bar.advance(task, n)

        reports = build_all(settings, force=args.force, stages=stages, progress=progress)
    table = Table(title=f"Data build ({settings.build_dir})")
    for col in ("stage", "status", "seconds", "counts"):
        table.add_column(col)
    for r in reports:
        counts = ", ".join(f"{k}={v:,}" for k, v in r.counts.items()) or "current, not rebuilt"
        table.add_row(r.stage, r.status, f"{r.seconds:.1f}", counts)
    console.print(table)
    console.print(f"total build time: {sum(r.seconds for r in reports):.1f} s")
    return 0


def _cmd_schema(args: argparse.Namespace) -> int:
    from agentic_rag.stores.handles import open_stores
    from agentic_rag.stores.schema import describe_stores

    stores = open_stores(load_settings())
    try:
        print(describe_stores(stores).render())
    finally:
        stores.close()
    return 0


def _cmd_ask(args: argparse.Namespace) -> int:
    from agentic_rag.cli.ask import ask_command

    overrides = {"offline_mode": True} if args.offline else {}
    return ask_command(load_settings(**overrides), args.question, args.thread, args.json)


def _cmd_chat(args: argparse.Namespace) -> int:
    from agentic_rag.cli.chat import chat_command

    overrides = {"offline_mode": True} if args.offline else {}
    return chat_command(load_settings(**overrides), args.thread)


def _cmd_diagram(args: argparse.Namespace) -> int:
    from agentic_rag.agent.graph.diagram import DOC, write_doc

    changed = write_doc()
    print(f"{'wrote' if changed else 'unchanged:'} {DOC}")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from agentic_rag.bench.runner import main as bench_main

    return bench_main(args.suite)


def _cmd_eval(args: argparse.Namespace) -> int:
    from agentic_rag.eval.golden import CATEGORIES, load_set
    from agentic_rag.eval.harness import eval_settings, run_eval

    if args.category and args.category not in CATEGORIES:  # checked here: `ask` stays light
        raise SystemExit(f"eval: --category must be one of {', '.join(CATEGORIES)}")
    console = _console()
    golden = load_set(args.set) if args.set else None
    if args.mode == "both":
        from agentic_rag.eval.side_by_side import run_side_by_side

        text = run_side_by_side(golden or load_set("questions"), limit=args.limit)
        console.print(text, highlight=False, markup=False)
        return 0
    run_eval(
        eval_settings(args.mode),
        golden=golden,
        limit=args.limit,
        category=args.category,
        concurrency=args.concurrency,
        console=console,
    )
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="agentic_rag", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("build-data", help="build SQLite, Chroma and FalkorDB from the CSV")
    p.add_argument("--force", action="store_true", help="rebuild even if current")
    p.add_argument("--stage", action="append", choices=["sqlite", "chroma", "graph"])
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    p.set_defaults(func=_cmd_build_data)
    p = sub.add_parser("ask", help="answer one question in the terminal")
    p.add_argument("question")
    p.add_argument("--offline", action="store_true", help="deterministic mode, no LLM")
    p.add_argument("--thread", help="continue this conversation thread")
    p.add_argument("--json", action="store_true", help="print the turn's trace as JSON")
    p.set_defaults(func=_cmd_ask)
    p = sub.add_parser("chat", help="a conversation in the terminal (/trace, /new, /quit)")
    p.add_argument("--offline", action="store_true", help="deterministic mode, no LLM")
    p.add_argument("--thread", help="continue this conversation thread")
    p.set_defaults(func=_cmd_chat)
    p = sub.add_parser("bench", help="run benchmarks and print their figures")
    p.add_argument("suite", nargs="*", help="suites to run (default: all)")
    p.set_defaults(func=_cmd_bench)
    p = sub.add_parser("eval", help="score the agent on the golden questions")
    p.add_argument(
        "--mode",
        choices=["offline", "llm", "both"],
        default="offline",
        help="offline (deterministic, default), llm (the configured model), or both side by "
        "side on the same questions",
    )
    p.add_argument(
        "--set",
        choices=["questions", "offline_check", "offline_tune"],
        help="question set in tests/golden (default: questions, the golden set)",
    )
    p.add_argument("--limit", type=int, help="run only the first N questions")
    p.add_argument("--category", help="run only this category (sql, semantic, graph, ...)")
    p.add_argument("--concurrency", type=int, default=4, help="questions in flight (default 4)")
    p.set_defaults(func=_cmd_eval)
    p = sub.add_parser("diagram", help="write docs/agent_graph.md from the compiled graph")
    p.set_defaults(func=_cmd_diagram)
    p = sub.add_parser("schema", help="print the schema description the planner sees")
    p.set_defaults(func=_cmd_schema)
    return parser


#: Commands whose process ends right after its work: the interpreter's teardown (freeing every
#: module and object, ~1 s on a loaded 2-core machine) is skipped for them.
FAST_EXIT_COMMANDS = ("ask", "chat", "schema", "diagram")


def skip_teardown(code: int) -> NoReturn:
    """Run the exit handlers, flush the streams and leave without the interpreter's teardown.
    Only for a whole process whose stores are already closed (see `__main__`)."""
    import atexit
    import os

    atexit._run_exitfuncs()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


MAX_THREAD_CHARS = 80


class ArgumentProblem(ValueError):
    """A command-line argument that cannot be used as given (one line, says how to fix)."""


def thread_id(raw: str) -> str:
    """`--thread` as a usable id: decodable, printable, at most `MAX_THREAD_CHARS` long."""
    if any("\ud800" <= ch <= "\udfff" for ch in raw):
        shown = decode_lenient(raw)
        raise ArgumentProblem(
            f"--thread {shown!r} holds bytes that are not UTF-8; use a thread id printed by "
            "an earlier `ask` (letters, digits, '-' and '_')."
        )
    if not raw.strip() or len(raw) > MAX_THREAD_CHARS or control_chars(raw):
        raise ArgumentProblem(
            f"--thread must be 1 to {MAX_THREAD_CHARS} printable characters with no control "
            "characters; use a thread id printed by an earlier `ask`."
        )
    return raw


def decode_arguments(args: argparse.Namespace) -> None:
    """Every string argument decoded at the boundary: `--thread` checked (an id names files
    and database rows), any other text with undecodable bytes replaced by U+FFFD."""
    for name, value in vars(args).items():
        if not isinstance(value, str):
            continue
        setattr(args, name, thread_id(value) if name == "thread" else decode_lenient(value))


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        decode_arguments(args)
    except ArgumentProblem as exc:
        print(f"error: {decode_lenient(str(exc))}", file=sys.stderr)
        return 2
    try:
        return args.func(args)
    except AgenticRagError as exc:
        _console().print(f"[bold red]error:[/] {exc}", highlight=False, soft_wrap=True)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
