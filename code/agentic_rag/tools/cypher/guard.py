"""Static checks on model-written Cypher before it reaches FalkorDB.

`cypher_parse` tokenizes and indexes the query; the checks here refuse forbidden
clauses and procedures and judge node/relationship patterns, labels,
relationship types, properties and directions against the live `GraphSchema`,
bounded variable-length paths, RETURN and LIMIT. `analyze` + `find_problems`
are shared with the deterministic repairer; `check_cypher` is the guard.
"""

from __future__ import annotations

from dataclasses import dataclass

from agentic_rag.errors import QueryRefusedError
from agentic_rag.stores.schema import GraphSchema
from agentic_rag.textsafe import refuse_controls
from agentic_rag.tools.cypher.bounds import check_bounds
from agentic_rag.tools.cypher.parse import Analysis, Chain, NodePat, PropRef, RelPat, analyze
from agentic_rag.tools.cypher.tokens import (
    ALLOWED_PROCEDURES,
    CLAUSES,
    EOF,
    KEYWORDS,
    WRITE_CLAUSES,
    Token,
    as_int,
    tokenize,
)

__all__ = [
    "ALLOWED_PROCEDURES",
    "CLAUSES",
    "EOF",
    "INTERNAL_PREFIX",
    "KEYWORDS",
    "MAX_HOPS",
    "MAX_QUERY_CHARS",
    "READ_ONLY_HINT",
    "WRITE_CLAUSES",
    "Analysis",
    "Chain",
    "ForbiddenCypherError",
    "NodePat",
    "Problem",
    "PropRef",
    "RelPat",
    "Token",
    "analyze",
    "apply_edits",
    "as_int",
    "check_cypher",
    "find_problems",
    "limit_edits",
    "tokenize",
]


MAX_HOPS = 4
MAX_QUERY_CHARS = 5_000
INTERNAL_PREFIX = "The Cypher guard could not read this query"
READ_ONLY_HINT = " Only read-only MATCH ... RETURN queries are allowed."


class ForbiddenCypherError(QueryRefusedError):
    """Writes, LOAD CSV, procedure calls, several statements: refused, never repaired."""


@dataclass
class Problem:
    kind: str  # syntax | label | type | property | direction | varlen | return | limit
    message: str
    index: int = -1
    labels: tuple[str, ...] = ()
    rel: RelPat | None = None
    flip: bool = False


def _fits(pairs: list[tuple[str, str]], src: str | None, dst: str | None) -> bool:
    return any((src is None or s == src) and (dst is None or d == dst) for s, d in pairs)


def _single_label(a: Analysis, node: NodePat, schema: GraphSchema) -> str | None:
    names = {a.tokens[x].text for x in node.labels} | a.node_vars.get(node.var or "", set())
    known = names & set(schema.labels)
    return known.pop() if len(known) == 1 else None


def find_problems(a: Analysis, schema: GraphSchema) -> list[Problem]:
    """Everything in the query that does not fit the schema or the read-only query shape."""
    found = [Problem("syntax", m) for m in a.syntax]
    labels, types = ", ".join(schema.labels), ", ".join(schema.relationships)
    for idx, _ in a.labels:
        if a.tokens[idx].text not in schema.labels:
            msg = f"Unknown label :{a.tokens[idx].text}. Valid labels: {labels}."
            found.append(Problem("label", msg, idx))
    for idx in a.types:
        if a.tokens[idx].text not in schema.relationships:
            msg = f"Unknown relationship type :{a.tokens[idx].text}. Valid types: {types}."
            found.append(Problem("type", msg, idx))
    for ref in a.props:
        found.extend(_property_problem(a, schema, ref))
    for star, end, _low, high in a.ranges:
        if high is None or high > MAX_HOPS:
            shown = a.text[a.tokens[star].start : a.at(end - 1).end]
            msg = (
                f"Variable-length relationship {shown} is unbounded or longer than "
                f"{MAX_HOPS} hops; bound it, e.g. [:ACTED_IN*1..3]."
            )
            found.append(Problem("varlen", msg, star))
    found.extend(_direction_problems(a, schema))
    parts = [i for i, w in a.clauses if w == "UNION"] + [len(a.tokens)]
    start = 0
    for end in parts:
        if not a.call_ok and not [r for r in a.top("RETURN") if start <= r < end]:
            msg = "The query has no RETURN clause; end it with RETURN and the values you need."
            found.append(Problem("return", msg))
        start = end + 1
    for lim in a.limits:
        if as_int(a.at(lim + 1)) is None:
            found.append(Problem("limit", "LIMIT must be a plain integer such as LIMIT 25.", lim))
    return found


def _property_problem(a: Analysis, schema: GraphSchema, ref: PropRef) -> list[Problem]:
    name, var = a.tokens[ref.index].text, ref.var or ""
    if ref.on_rel or var in a.rel_vars:
        valid = {p for props in schema.rel_properties.values() for p in props}
        if name in valid:
            return []
        has = f"valid properties: {', '.join(sorted(valid))}" if valid else "they have none"
        msg = f"Unknown property {name} on relationship {var}; {has}."
        return [Problem("property", msg, ref.index)]
    if ref.var is not None and ref.var not in a.node_vars:
        return []  # not a node variable (a map, a list, a WITH alias of a value)
    known = sorted((ref.labels | a.node_vars.get(var, set())) & set(schema.labels))
    valid = {p for lbl in known for p in schema.labels[lbl]} if known else schema.all_properties
    if name in valid:
        return []
    shown = f"(:{'/'.join(known)})" if known else "(node)"
    where = f"{var} {shown}" if var else shown
    msg = f"Unknown property {name} on {where}; valid properties: {', '.join(sorted(valid))}."
    return [Problem("property", msg, ref.index, tuple(known))]


def _direction_problems(a: Analysis, schema: GraphSchema) -> list[Problem]:
    found = []
    for chain in a.chains:
        for k, rel in enumerate(chain.rels):
            rtype = a.tokens[rel.types[0]].text if len(rel.types) == 1 else ""
            pairs = schema.relationships.get(rtype)
            left, right = (
                _single_label(a, chain.nodes[k], schema),
                _single_label(a, chain.nodes[k + 1], schema),
            )
            if rel.varlen or not pairs or (left is None and right is None):
                continue
            if (rel.arrow_left is None) == (rel.arrow_right is None):  # undirected
                if _fits(pairs, left, right) or _fits(pairs, right, left):
                    continue
                src, dst, flip = left, right, False
            else:
                src, dst = (left, right) if rel.arrow_right is not None else (right, left)
                if _fits(pairs, src, dst):
                    continue
                flip = _fits(pairs, dst, src)
            has = " or ".join(f"(:{s})-[:{rtype}]->(:{d})" for s, d in pairs)
            shown = f"({':' + src if src else ''})-[:{rtype}]->({':' + dst if dst else ''})"
            tail = " Reverse the arrow." if flip else ""
            msg = f"{shown} does not exist; the schema has {has}.{tail}"
            found.append(Problem("direction", msg, rel.dash_left, rel=rel, flip=flip))
    return found


def apply_edits(text: str, edits: list[tuple[int, int, str]]) -> str:
    for start, end, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        text = text[:start] + new + text[end:]
    return text


def limit_edits(a: Analysis, max_rows: int, hard_cap: int) -> list[tuple[int, int, str]]:
    """Add `LIMIT max_rows` to each final RETURN without one; lower a LIMIT above `hard_cap`."""
    edits: list[tuple[int, int, str]] = []
    if a.call_ok and not a.top("RETURN"):
        return edits
    start = 0
    for end in [i for i, w in a.clauses if w == "UNION"] + [len(a.tokens)]:
        returns = [r for r in a.top("RETURN") if start <= r < end]
        limits = [x for x in a.limits if returns and returns[-1] < x < end]
        if returns and not limits:
            pos = a.tokens[end - 1].end
            edits.append((pos, pos, f" LIMIT {max_rows}"))
        for lim in limits:
            value = as_int(a.at(lim + 1))
            if value is not None and value > hard_cap:
                arg = a.tokens[lim + 1]
                edits.append((arg.start, arg.end, str(hard_cap)))
        start = end + 1
    return edits


def check_cypher(query: str, schema: GraphSchema, max_rows: int = 50, hard_cap: int = 200) -> str:
    """Return the query to run (LIMIT added or lowered) or raise `QueryRefusedError` saying why."""
    try:
        return _check(query, schema, max_rows, hard_cap)
    except QueryRefusedError:
        raise
    except Exception as exc:  # the guard's own contract: nothing else escapes
        raise QueryRefusedError(
            f"{INTERNAL_PREFIX} ({type(exc).__name__}); rewrite it as plain MATCH ... RETURN."
        ) from exc


def _check(query: str, schema: GraphSchema, max_rows: int, hard_cap: int) -> str:
    if not isinstance(query, str) or not query.strip():
        raise QueryRefusedError("The query is empty; write one read-only MATCH ... RETURN query.")
    if len(query) > MAX_QUERY_CHARS:
        raise QueryRefusedError(f"The query is over {MAX_QUERY_CHARS} characters; simplify it.")
    refuse_controls(query)
    a = analyze(query)
    if a.forbidden:
        raise ForbiddenCypherError(" ".join(dict.fromkeys(a.forbidden)) + READ_ONLY_HINT)
    check_bounds(a)
    problems = find_problems(a, schema)
    if problems:
        raise QueryRefusedError(" ".join(dict.fromkeys(p.message for p in problems)))
    return apply_edits(a.text, limit_edits(a, min(max_rows, hard_cap), hard_cap)).strip()
