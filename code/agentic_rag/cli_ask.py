"""`python -m agentic_rag ask "question"`: one turn in the terminal, live, or its trace as JSON."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.syntax import Syntax

from agentic_rag.config import Settings
from agentic_rag.runtime import AppRuntime

STATUS_STYLE = {
    "ok": "green",
    "empty": "yellow",
    "error": "red",
    "timeout": "red",
    "refused": "magenta",
}


class LivePrinter:
    """Prints plans, calls, decisions as events arrive; collects the answer tokens."""

    def __init__(self, console: Console):
        self.console = console
        self.answer_started = False

    def __call__(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        c = self.console
        if kind == "plan":
            plan = event["plan"]
            c.rule(f"[bold]Iteration {event['iteration']}: plan ({plan.get('source')})")
            c.print(f"[dim]{plan['reasoning']}[/]")
            if plan.get("fallback_reason"):
                c.print(f"[yellow]{plan['fallback_reason']}[/]")
            c.print(f"resolved question: [italic]{plan['resolved_question']}[/]")
            for i, call in enumerate(plan["calls"], start=1):
                c.print(f"  {event['iteration']}.{i} [bold]{call['tool']}[/] — {call['purpose']}")
                query = call["args"].get("query")
                if call["tool"] in ("sql", "cypher") and query:
                    lexer = "sql" if call["tool"] == "sql" else "cypher"
                    c.print(Syntax(query, lexer, word_wrap=True, background_color="default"))
                else:
                    c.print(f"    [dim]{json.dumps(call['args'], ensure_ascii=False)}[/]")
        elif kind in ("call_end", "call_reused"):
            r = event["result"]
            style = STATUS_STYLE.get(r["status"], "white")
            extra = f" (reused {event['from']})" if kind == "call_reused" else ""
            repairs = f", {len(r.get('attempts') or [])} repair(s)" if r.get("attempts") else ""
            c.print(
                f"  [{style}]{r['status']:>7}[/] {event['call_id']} {r['tool']}: "
                f"{len(r.get('rows') or [])} rows, {r['elapsed_ms']:.0f} ms{repairs}{extra} "
                f"[dim]{(r.get('error') or r.get('message') or '')[:160]}[/]"
            )
        elif kind == "decision":
            d = event["decision"]
            c.print(
                f"[bold]evaluator[/] ({d['source']}): [bold]{d['decision']}[/] "
                f"confidence {d['confidence']:.2f} — {d['reasoning']}"
            )
            if d["decision"] == "replan" and d.get("replan_instructions"):
                c.print(f"  [yellow]instructions:[/] {d['replan_instructions']}")


async def _ask(runtime: AppRuntime, question: str, thread: str, as_json: bool, console: Console):
    return await runtime.ask(question, thread, on_event=None if as_json else LivePrinter(console))


def ask_command(settings: Settings, question: str, thread: str | None, as_json: bool) -> int:
    console = Console()
    runtime = AppRuntime.open(settings)
    try:
        thread = thread or uuid.uuid4().hex[:8]
        if not as_json:
            from agentic_rag.config import mode_label

            console.print(f"[dim]{mode_label(settings)} · thread {thread}[/]")
        values = asyncio.run(_ask(runtime, question, thread, as_json, console))
    finally:
        runtime.close()
    trace = values["trace_export"]
    if as_json:
        print(json.dumps(trace, indent=2, ensure_ascii=False, default=str))
        return 0
    console.rule("[bold]Answer")
    console.print(Markdown(values.get("answer") or ""))
    for cite in values.get("citations") or []:
        refs = ", ".join(r.get("label") or r.get("ref") for r in cite["refs"][:6])
        console.print(f"[dim][{cite['number']}] {cite['tool']} {cite['call_id']}: {refs}[/]")
    if values.get("follow_ups"):
        console.print("[bold]Follow-ups:[/] " + " · ".join(values["follow_ups"]))
    totals = trace["totals"]
    console.print(
        f"[dim]{totals['elapsed_s']:.2f} s, tokens {totals['tokens_in']}/"
        f"{totals['tokens_out']}, ${totals['cost_usd']:.4f}, thread {thread}[/]"
    )
    return 0
