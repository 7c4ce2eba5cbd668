"""The offline planner: deterministic rules that map a question to template tool calls.

`frame.analyse` / `followup.understand` turn the question (and, for a follow-up, the previous
turn) into a `Frame`; `rules.choose` maps the frame to steps. A step is a list of alternative
calls: the first is planned, the others are what `replan` tries when it failed or came back
empty. Names of those modules are re-exported here.
"""

from __future__ import annotations

import logging

from agentic_rag.agent.interfaces import PlanContext, Usage
from agentic_rag.agent.models import MAX_CALLS, ExecutionPlan
from agentic_rag.agent.offline import templates as t
from agentic_rag.agent.offline.followup import (
    CONJUNCTION,
    FOLLOW_ANY,
    FOLLOW_START,
    LEAD_IN,
    OVERRIDE,
    PREPOSITION,
    is_follow_up,
    understand,
)
from agentic_rag.agent.offline.frame import (
    CONTROL,
    CUES,
    INTENTS,
    MAX_ANALYSED,
    STOP,
    THE_SHOW,
    Frame,
    analyse,
    cue,
    has_intent,
    is_non_english,
)
from agentic_rag.agent.offline.lexicon import WORD, Lexicon
from agentic_rag.agent.offline.replan import ensure, replan
from agentic_rag.agent.offline.rules import (
    CAP_WORD,
    HYBRID_TAIL,
    SEM_LEAD,
    Steps,
    aggregate_rule,
    choose,
    cypher,
    external_steps,
    non_english_rule,
    person_rule,
    similar_rule,
    sql,
    title_rule,
)

__all__ = [
    "CAP_WORD", "CONJUNCTION", "CONTROL", "CUES", "FOLLOW_ANY", "FOLLOW_START", "HYBRID_TAIL",
    "INTENTS", "LEAD_IN", "MAX_ANALYSED", "OVERRIDE", "PREPOSITION", "SEM_LEAD", "STOP",
    "THE_SHOW", "Frame", "OfflinePlanner", "Steps", "aggregate_rule", "analyse", "choose", "cue",
    "cypher", "external_steps", "has_intent", "is_follow_up", "is_non_english",
    "non_english_rule", "person_rule", "similar_rule", "sql", "title_rule", "understand",
]  # fmt: skip

log = logging.getLogger(__name__)


class OfflinePlanner:
    """Plans with fixed templates; `lexicon` names what the catalog knows."""

    def __init__(self, lexicon: Lexicon):
        self.lexicon = lexicon

    async def plan(self, ctx: PlanContext) -> tuple[ExecutionPlan, Usage]:
        try:
            return self.plan_sync(ctx), Usage()
        except Exception as exc:  # a rule bug must not end the turn: plan a plain search
            log.warning("offline planner rule failed", exc_info=True)
            calls = ensure([], ctx, " ".join((ctx.question or "").split())[:500])
            plan = ExecutionPlan(
                reasoning=f"Offline fallback: the rules failed ({type(exc).__name__}).",
                resolved_question=" ".join((ctx.question or "").split()) or "(empty question)",
                calls=calls,
                source="offline",
            )
            return plan, Usage(note=f"offline planner fallback: {type(exc).__name__}")

    def plan_sync(self, ctx: PlanContext) -> ExecutionPlan:
        tools = set(ctx.tool_names)
        if not WORD.search(ctx.question or ""):
            rule, resolved = "empty question -> summarise the catalog (counts by type)", ""
            steps: Steps = [[sql("catalog summary: titles by type", t.sql_summary())]]
        else:
            frame, resolved, follow = understand(self.lexicon, ctx.question, ctx.history)
            if is_non_english(frame.text):
                rule, steps = non_english_rule(frame)
            else:
                rule, steps = choose(self.lexicon, frame, tools)
            if follow:
                rule = f"follow-up resolved against the previous turn; {rule}"
        steps = [alts for alts in ([c for c in a if c.tool in tools] for a in steps) if alts]
        if ctx.iteration <= 1 or not ctx.previous_plans:
            calls, reasoning = [alts[0] for alts in steps], f"Offline rule: {rule}."
        else:
            calls, reasoning = replan(ctx, steps, resolved, rule)
        return ExecutionPlan(
            reasoning=reasoning,
            resolved_question=resolved or "What does the catalog hold?",
            calls=ensure(calls, ctx, resolved)[:MAX_CALLS],
            source="offline",
        )
