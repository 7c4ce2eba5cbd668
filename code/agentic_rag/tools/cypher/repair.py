"""Repair a failed Cypher query: deterministically (offline) or with a chat model.

The deterministic repairer reuses the guard's analysis: it renames unknown
labels, relationship types and properties to their schema spelling (case,
synonyms, near misses), reverses arrows the schema only has the other way,
adds a missing RETURN of the pattern variables and a missing LIMIT. It does not
bound variable-length paths (the refusal tells the planner how) and returns
None when it cannot improve the query.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from agentic_rag import fuzzy
from agentic_rag.errors import QueryRefusedError
from agentic_rag.stores.schema import GraphSchema
from agentic_rag.tools.cypher.guard import (
    MAX_HOPS,
    Analysis,
    Problem,
    RelPat,
    analyze,
    apply_edits,
    find_problems,
    limit_edits,
)

log = logging.getLogger(__name__)

Edit = tuple[int, int, str]
SCHEMA_NAME_CUTOFF = 60.0  # rapidfuzz ratio (0-100) a misspelt label or property must reach

LABEL_SYNONYMS = {
    **dict.fromkeys(("movie", "movies", "film", "films", "title", "titles", "series"), "Show"),
    **dict.fromkeys(("tvshow", "tv_show", "tvseries", "program", "programme", "shows"), "Show"),
    **dict.fromkeys(("actor", "actress", "director", "people", "cast", "star"), "Person"),
    **dict.fromkeys(("persons", "member", "cast_member", "crew"), "Person"),
    **dict.fromkeys(("category", "categories", "listed_in", "genres"), "Genre"),
    **dict.fromkeys(("nation", "location", "countries", "place"), "Country"),
}
#: relationship synonym -> (schema type, True when the synonym points the other way)
TYPE_SYNONYMS: dict[str, tuple[str, bool]] = {
    **dict.fromkeys(
        ("acted", "starred_in", "acts_in", "appeared_in", "stars_in", "cast_in", "played_in"),
        ("ACTED_IN", False),
    ),
    **dict.fromkeys(
        ("starring", "has_actor", "has_cast", "features", "acted_by"), ("ACTED_IN", True)
    ),
    **dict.fromkeys(("directed_by", "has_director"), ("DIRECTED", True)),
    **dict.fromkeys(("directs", "director_of", "directed_in"), ("DIRECTED", False)),
    **dict.fromkeys(
        ("genre", "has_genre", "in_category", "is_genre", "of_genre"), ("IN_GENRE", False)
    ),
    **dict.fromkeys(
        ("from_country", "in_country", "made_in", "country", "has_country", "filmed_in"),
        ("PRODUCED_IN", False),
    ),
}
PROPERTY_SYNONYMS = {
    **dict.fromkeys(("year", "released", "release_date", "releaseyear", "date"), "release_year"),
    **dict.fromkeys(("runtime", "length", "minutes", "running_time"), "duration_minutes"),
    **dict.fromkeys(("id", "showid", "netflix_id"), "show_id"),
    **dict.fromkeys(("rated", "age_rating", "certification", "maturity_rating"), "rating"),
    **dict.fromkeys(("kind", "format", "category"), "type"),
    **dict.fromkeys(("num_seasons", "season_count", "number_of_seasons"), "seasons"),
}
#: (label, property) synonyms that depend on the node's label
LABELLED_PROPERTY_SYNONYMS = {
    ("Show", "name"): "title",
    ("Show", "show_name"): "title",
    **{(lbl, key): "name" for lbl in ("Person", "Genre", "Country") for key in ("title", "label")},
    **{("Person", key): "name" for key in ("full_name", "fullname", "actor", "director")},
    ("Genre", "genre"): "name",
    ("Country", "country"): "name",
}
_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_ROUNDS = 3


@runtime_checkable
class CypherRepairer(Protocol):
    async def repair(self, query: str, error: str, schema: GraphSchema) -> str | None: ...


def pick_name(name: str, valid: list[str], synonyms: dict[str, str]) -> str | None:
    """The schema spelling of `name`: same letters in another case, a synonym, or a near miss."""
    if not valid:
        return None
    lower = {v.lower(): v for v in valid}
    key = name.lower()
    if key in lower:
        return lower[key]
    if synonyms.get(key) in valid:
        return synonyms[key]
    close = fuzzy.closest(key, lower, SCHEMA_NAME_CUTOFF)
    return lower[close[0]] if close else None


def _name(text: str) -> str:
    return text if _IDENT.match(text) else "`" + text.replace("`", "``") + "`"


def _flip(a: Analysis, rel: RelPat) -> list[Edit]:
    """Reverse a directed relationship pattern: `-[..]->` <-> `<-[..]-`."""
    toks = a.tokens
    if rel.arrow_right is not None and rel.arrow_left is None:
        arrow, dash = toks[rel.arrow_right], toks[rel.dash_left]
        return [(arrow.start, arrow.end, ""), (dash.start, dash.start, "<")]
    if rel.arrow_left is not None and rel.arrow_right is None:
        arrow, dash = toks[rel.arrow_left], toks[rel.dash_right]
        return [(arrow.start, arrow.end, ""), (dash.end, dash.end, ">")]
    return []


def _rel_of(a: Analysis, type_index: int) -> RelPat | None:
    return next((r for c in a.chains for r in c.rels if type_index in r.types), None)


def _fix(a: Analysis, problem: Problem, schema: GraphSchema) -> list[Edit]:
    tok = a.tokens[problem.index] if problem.index >= 0 else None
    if problem.kind == "label" and tok is not None:
        new = pick_name(tok.text, list(schema.labels), LABEL_SYNONYMS)
        return [(tok.start, tok.end, _name(new))] if new else []
    if problem.kind == "type" and tok is not None:
        synonym = TYPE_SYNONYMS.get(tok.text.lower())
        if synonym and synonym[0] in schema.relationships:
            new, reverse = synonym
        else:
            new, reverse = pick_name(tok.text, list(schema.relationships), {}), False
        if not new:
            return []
        rel = _rel_of(a, problem.index)
        flips = _flip(a, rel) if reverse and rel is not None else []
        return [(tok.start, tok.end, _name(new)), *flips]
    if problem.kind == "property" and tok is not None:
        labels = [lbl for lbl in problem.labels if lbl in schema.labels]
        valid = sorted({p for lbl in labels for p in schema.labels[lbl]} or schema.all_properties)
        synonyms = dict(PROPERTY_SYNONYMS)
        by_label = LABELLED_PROPERTY_SYNONYMS.items()
        synonyms.update({k: v for (lbl, k), v in by_label if lbl in labels})
        new = pick_name(tok.text, valid, synonyms)
        return [(tok.start, tok.end, _name(new))] if new else []
    if problem.kind == "direction" and problem.flip and problem.rel is not None:
        return _flip(a, problem.rel)
    if problem.kind == "limit" and a.at(problem.index + 1).kind in ("param", "number", "string"):
        arg = a.tokens[problem.index + 1]
        return [(arg.start, arg.end, "50")]
    return []


def _add_return(a: Analysis) -> list[Edit]:
    if any(w == "UNION" for _, w in a.clauses) or not a.tokens:
        return []
    names = [n.var for c in a.chains for n in c.nodes if n.var]
    names = list(dict.fromkeys(names))
    if not names:
        return []
    end = a.tokens[-1].end
    return [(end, end, " RETURN " + ", ".join(names))]


def repair_query(query: str, schema: GraphSchema, max_rows: int = 50) -> str | None:
    """Fix what the schema can tell about `query`; None when nothing could be fixed."""
    text, changed = query, False
    for _ in range(_ROUNDS):
        try:
            a = analyze(text)
        except QueryRefusedError:
            return None
        if a.forbidden:
            return None
        problems = find_problems(a, schema)
        edits: list[Edit] = []
        for problem in problems:
            edits.extend(e for e in _fix(a, problem, schema) if e not in edits)
        if any(p.kind == "return" for p in problems) and not edits:
            edits = _add_return(a)
        if not edits:
            break
        text, changed = apply_edits(a.text, edits), True
    if not changed:
        return None
    try:
        a = analyze(text)
        text = apply_edits(a.text, limit_edits(a, max_rows, max(max_rows, 200)))
    except QueryRefusedError:
        pass
    return text.strip()


class DeterministicRepairer:
    """Offline repairer: schema-driven renames, arrow flips, RETURN and LIMIT."""

    async def repair(self, query: str, error: str, schema: GraphSchema) -> str | None:
        if "timed out" in error.lower():
            return None  # renaming cannot make a slow query fast
        new = repair_query(query, schema)
        return new if new and new != query.strip() else None


class RepairedCypher(BaseModel):
    """Structured output of the LLM repairer."""

    query: str = Field(description="the corrected, complete, read-only openCypher query")
    explanation: str = Field("", description="one sentence: what was wrong")


REPAIR_SYSTEM = (
    "You fix read-only openCypher queries for FalkorDB. Use only MATCH, OPTIONAL MATCH, WHERE, "
    "WITH, UNWIND, RETURN, ORDER BY, SKIP and LIMIT; never write (CREATE, MERGE, SET, DELETE, "
    "REMOVE, DROP), never LOAD CSV, never CALL a procedure. Use only the labels, relationship "
    "types, directions and properties in the schema; write values as literals (no $parameters); "
    f"bound variable-length paths to at most {MAX_HOPS} hops (e.g. *1..3); "
    "end with RETURN ... LIMIT."
)


def _strip_fences(text: str) -> str:
    text = text.strip()
    if text.startswith("```"):
        text = text.split("\n", 1)[1] if "\n" in text else ""
        text = text.rsplit("```", 1)[0]
    return text.strip()


class LlmCypherRepairer:
    """Ask a chat model (LangChain `BaseChatModel`) for a corrected query."""

    def __init__(self, chat_model: Any, timeout_s: float = 30.0):
        self.chat_model = chat_model
        self.timeout_s = timeout_s

    async def repair(self, query: str, error: str, schema: GraphSchema) -> str | None:
        from langchain_core.messages import HumanMessage, SystemMessage

        prompt = (
            f"{schema.render()}\n\nFailed query:\n{query}\n\nError:\n{error[:1000]}\n\n"
            "Return the corrected query and a one-sentence explanation."
        )
        try:
            runnable = self.chat_model.with_structured_output(RepairedCypher)
            messages = [SystemMessage(REPAIR_SYSTEM), HumanMessage(prompt)]
            out = await asyncio.wait_for(runnable.ainvoke(messages), timeout=self.timeout_s)
            fixed = out if isinstance(out, RepairedCypher) else RepairedCypher.model_validate(out)
        except Exception as exc:
            log.warning("LLM Cypher repair failed: %s", exc)
            return None
        new = _strip_fences(fixed.query)
        return new if new and new != query.strip() else None


class ChainedRepairer:
    """Try each repairer in turn (cheap schema fixes first, then the model); first answer wins."""

    def __init__(self, *repairers: CypherRepairer):
        self.repairers = repairers
        self.timeout_s = sum(float(getattr(r, "timeout_s", 1.0)) for r in repairers)

    async def repair(self, query: str, error: str, schema: GraphSchema) -> str | None:
        for repairer in self.repairers:
            fixed = await repairer.repair(query, error, schema)
            if fixed:
                return fixed
        return None
