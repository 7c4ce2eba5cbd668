"""`python -m agentic_rag ask "question"`: one turn in the terminal, live, or its trace as JSON.

The answer is printed the moment the turn ends; closing the stores comes after it and takes
milliseconds (the embedded graph server is killed, never asked to save).
"""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.syntax import Syntax

from agentic_rag.agent.graph.events import CallFinished, Decision, PlanMade, TurnEvent
from agentic_rag.config import Settings, mode_label
from agentic_rag.runtime import AppRuntime

STATUS_STYLE = {
    "ok": "green",
    "empty": "yellow",
    "error": "red",
    "timeout": "red",
    "refused": "magenta",
}


class LivePrinter:
    """Prints plans, calls and decisions as their events arrive."""

    def __init__(self, console: Console):
        self.console = console

    def __call__(self, event: TurnEvent) -> None:
        c = self.console
        if isinstance(event, PlanMade):
            plan = event.plan
            c.rule(f"[bold]Iteration {event.iteration}: plan ({plan.get('source')})")
            c.print(f"[dim]{plan['reasoning']}[/]")
            if plan.get("fallback_reason"):
                c.print(f"[yellow]{plan['fallback_reason']}[/]")
            c.print(f"resolved question: [italic]{plan['resolved_question']}[/]")
            for i, call in enumerate(plan["calls"], start=1):
                c.print(f"  {event.iteration}.{i} [bold]{call['tool']}[/] — {call['purpose']}")
                query = call["args"].get("query")
                if call["tool"] in ("sql", "cypher") and query:
                    lexer = "sql" if call["tool"] == "sql" else "cypher"
                    c.print(Syntax(query, lexer, word_wrap=True, background_color="default"))
                else:
                    c.print(f"    [dim]{json.dumps(call['args'], ensure_ascii=False)}[/]")
        elif isinstance(event, CallFinished):
            style = STATUS_STYLE.get(event.status, "white")
            extra = f" (reused {event.reused_from})" if event.reused_from else ""
            extra += " (cached)" if event.cached else ""
            repairs = f", {len(event.attempts)} repair(s)" if event.attempts else ""
            c.print(
                f"  [{style}]{event.status:>7}[/] {event.call_id} {event.tool}: "
                f"{event.rows} rows, {event.elapsed_ms:.0f} ms{repairs}{extra} "
                f"[dim]{(event.error or event.message or '')[:160]}[/]"
            )
        elif isinstance(event, Decision):
            d = event.decision
            c.print(
                f"[bold]evaluator[/] ({d['source']}): [bold]{d['decision']}[/] "
                f"confidence {d['confidence']:.2f} — {d['reasoning']}"
            )
            if d["decision"] == "replan" and d.get("replan_instructions"):
                c.print(f"  [yellow]instructions:[/] {d['replan_instructions']}")


def print_answer(console: Console, values: dict[str, Any], thread: str) -> None:
    console.rule("[bold]Answer")
    if values.get("reading"):
        sure = values.get("confidence")
        likely = f" [likely right: {sure:.0%}]" if sure is not None else ""
        console.print(f"[dim]{escape(values['reading'] + likely)}[/]", highlight=False)
    console.print(Markdown(values.get("answer") or ""))
    for cite in values.get("citations") or []:
        refs = ", ".join(r.get("label") or r.get("ref") for r in cite["refs"][:6])
        console.print(f"[dim][{cite['number']}] {cite['tool']} {cite['call_id']}: {refs}[/]")
    if values.get("clarify"):
        console.print("[bold]Type a number to ask that question.[/]")
    if values.get("follow_ups"):
        console.print("[bold]Follow-ups:[/] " + " · ".join(values["follow_ups"]))
    totals = values["trace_export"]["totals"]
    console.print(
        f"[dim]{totals['elapsed_s']:.2f} s, tokens {totals['tokens_in']}/"
        f"{totals['tokens_out']}, ${totals['cost_usd']:.4f}, thread {thread}[/]"
    )


def ask_command(settings: Settings, question: str, thread: str | None, as_json: bool) -> int:
    console = Console()
    thread = thread or uuid.uuid4().hex[:8]
    runtime = AppRuntime.open(settings, eager=False)
    try:
        if not as_json:
            console.print(f"[dim]{mode_label(settings)} · thread {thread}[/]")
        printer = None if as_json else LivePrinter(console)
        values = asyncio.run(runtime.ask(question, thread, on_event=printer))
        if as_json:  # the trace, whose top level has answer, reading, confidence and clarify
            print(json.dumps(values["trace_export"], indent=2, ensure_ascii=False, default=str))
        else:
            print_answer(console, values, thread)
        console.file.flush()
    finally:
        runtime.close()
    return 0
