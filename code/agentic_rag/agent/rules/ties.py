"""A reference to one title after a ranking with a crowd tied first: "the newest indian movie
and who directed it" when dozens of Indian movies came out in the newest year. The ranking's
query returns at most `TIED_ROWS` of the titles tied first; when it returns that many, "it" is
no one title the reader can pick, so the later part is read over the first `FEW` of them (the
answer says so and names them), and the reading is at most `CROWDED_SURE` likely right: the
question means one title and the reading cannot tell which."""

from __future__ import annotations

from typing import Any

from agentic_rag.agent.models import ReadingConfidence
from agentic_rag.agent.rules.compose import ranked_one
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.title_refs import place

TIED_ROWS = 10  # the most titles tied first a ranking's query returns (`compile_sql.top`)
FEW = 3  # the tied titles a later "it" is read over when the tie is a crowd
CROWDED_SURE = 0.45  # how likely right a reading of "it" over a crowd of tied titles is at most


def listed(spec: QuerySpec) -> bool:
    """A listing of several titles ("list the danish shows"): a later "it" is none in particular."""
    return spec.op == "list" and spec.limit != 1


def crowded(ranking: QuerySpec, spec: QuerySpec, rows: list[dict[str, Any]]) -> bool:
    """True when `spec` refers to the one top title of `ranking` and `rows` (the ranking's
    results) are a tie as large as the query returns (there may be more tied than shown), or
    to one title of a listing of several ("list the danish shows", then "genre?"); never when
    `spec` names its place in the list ("what year is the 2nd one": that title alone)."""
    if place(spec.text) is not None:
        return False
    titled = [r for r in rows if r.get("show_id")]
    many = (ranked_one(ranking) and len(titled) >= TIED_ROWS) or (
        listed(ranking) and len(titled) > 1
    )
    return spec.ref == "first" and many


def few(spec: QuerySpec, rows: list[dict[str, Any]], listing: bool = False) -> list[dict[str, Any]]:
    """The first `FEW` tied (or, with `listing`, listed) titles, with a note on the spec."""
    titled = [r for r in rows if r.get("show_id")]
    spec.crowded = True
    said = (
        f"'it' may be any of the {len(titled)} titles listed before"
        if listing
        else f"at least {len(titled)} titles tie for first, so 'it' is none of them in particular"
    )
    spec.notes.append(f"{said}: read as the first {FEW} of them (name one to ask about it alone)")
    return titled[:FEW]


def few_ids(ranking: QuerySpec, spec: QuerySpec, ids: list[str], one: bool) -> list[str]:
    """A follow-up's "it" over the previous turn's answer ("the newest indian movie" then "who
    directed it?"): the first `FEW` of a crowded tie, said on the spec; all of several titles
    listed, said on the spec too (the reading is no surer of one than of another); else all
    `ids`."""
    if one and len(ids) > 1 and ranking.op in ("list", "search") and ranking.limit != 1:
        #: "give me a horror movie from spain" answered with ten, then "who is in it"
        spec.crowded = True
        spec.notes.append(
            f"'it' may be any of the {len(ids)} titles listed before: read as all of them (name "
            "one to ask about it alone)"
        )
        return ids
    if not (one and ranked_one(ranking) and len(ids) >= TIED_ROWS):
        return ids
    few(spec, [{"show_id": i} for i in ids])
    return ids[:FEW]


def crowded_parts(specs: list[QuerySpec]) -> int:
    """The parts read over a few titles of a crowded tie, over all the titles listed before for
    one "it", or over the first of several people for one "she" (`QuerySpec.crowded`)."""
    return sum(s.crowded for s in specs)


def capped(sure: ReadingConfidence, n: int) -> ReadingConfidence:
    """The reading's confidence when `n` parts referred to one title of a crowded tie."""
    if not n:
        return sure
    why = "which of the titles tied first or listed before 'it' (or people 'he' / 'she') means"
    return sure.capped(CROWDED_SURE, why)
