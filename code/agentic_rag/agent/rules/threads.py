"""A question read with the thread before it: a follow-up of one part ("what about 2019?",
"ok how many came from there"), a follow-up in parts (`follow_parts`), or a first part that
refers to the last answer's set ("… who is in the longest one"). Each reads the previous turn
again from its own words and the turns before it, never from the generated text; the group a
ranking led with is the turn's typed `led` (`group_refs`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import follow_parts
from agentic_rag.agent.rules.compose import link
from agentic_rag.agent.rules.follow import carried, follow, is_follow_up
from agentic_rag.agent.rules.group_refs import (
    KEY_REF,
    bare_count,
    refers_to_group,
    unread_referent,
    with_group,
)
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.tags import Tag

Read = Callable[[str, Sequence[TurnSummary]], list[QuerySpec]]


def threaded(
    read: Read,
    tag: Callable[[str], list[Tag]],
    specs: list[QuerySpec],
    said: str,
    history: Sequence[TurnSummary],
) -> list[QuerySpec]:
    """`specs` (the question's parts read alone) read with the thread `history`."""
    if not history:
        return specs
    prev = history[-1]
    before = read(prev.question, history[:-1]) if _reads_back(specs, said) else []
    grouped = bool(before) and len(specs) == 1 and refers_to_group(before[-1], said)
    if len(specs) == 1 and (grouped or is_follow_up(said, specs[0])):
        old = before[-1]
        new = link(old, specs[0].model_copy(deep=True), said)
        # "what else did he direct?": the last turn's reading runs again as part 1 (its person)
        again = new.ref in ("person", "people_of") or (  # (an entry after an entry: its own)
            new.op == "describe" and new.ref == "first" and old.op != "describe"
        )
        out = follow(old, specs[0], said, prev.show_ids)
        if grouped:  # "ok how many came from there" after a ranking of countries
            out = with_group(old, out, said, prev.led, tag)
        else:  # "how many did that one make" after people: unsure which one
            out = unread_referent(old, out, said)
        out = bare_count(old, out, said)  # "and how many were there" after a ranking
        specs = carried(before, out)
        return [old.model_copy(update={"replayed": True}), new] if again else specs
    if follow_parts.in_parts(specs):  # "which of them are X, and how many"
        return follow_parts.followed(read(prev.question, history[:-1])[-1], specs, prev.show_ids)
    if len(specs) == 2 and specs[0].needs_results and specs[1].ref == "first":
        old = read(prev.question, history[:-1])[-1]  # "… who is in the longest
        specs[0] = follow(old, specs[0], said, prev.show_ids)  # one": of its set
    return specs


def _reads_back(specs: list[QuerySpec], said: str) -> bool:
    """Whether the previous turn must be read: a follow-up of one part, or one that may point
    at the group its answer led with ("from there")."""
    one = len(specs) == 1
    return one and (is_follow_up(said, specs[0]) or KEY_REF.search(said) is not None)
