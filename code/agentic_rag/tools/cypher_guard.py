"""Static checks on model-written Cypher before it reaches FalkorDB.

There is no Cypher parser to lean on, so a small tokenizer (string literals and
comments skipped, backtick names kept as names) feeds a few passes: forbidden
clauses and procedures, bracket balance, node/relationship patterns, labels,
relationship types, properties and directions against the live `GraphSchema`,
bounded variable-length paths, RETURN and LIMIT. `analyze` + `find_problems`
are shared with the deterministic repairer; `check_cypher` is the guard.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agentic_rag.errors import QueryRefusedError
from agentic_rag.stores.schema import GraphSchema

ALLOWED_PROCEDURES = ("db.labels", "db.relationshipTypes", "db.propertyKeys")
WRITE_CLAUSES = frozenset(
    {"CREATE", "MERGE", "DELETE", "DETACH", "SET", "REMOVE", "DROP", "FOREACH"}
)
CLAUSES = frozenset({"MATCH", "OPTIONAL", "WITH", "UNWIND", "RETURN", "UNION", "CALL"})
_OTHER_WORDS = (
    "WHERE AND OR XOR NOT AS IN IS NULL CASE WHEN THEN ELSE END DISTINCT ORDER BY SKIP LIMIT ALL "
    "YIELD EXISTS ASC DESC STARTS ENDS CONTAINS TRUE FALSE ON LOAD CSV FROM"
)
KEYWORDS = CLAUSES | WRITE_CLAUSES | frozenset(_OTHER_WORDS.split(" "))
MAX_HOPS = 4
MAX_QUERY_CHARS = 5_000
INTERNAL_PREFIX = "The Cypher guard could not read this query"
READ_ONLY_HINT = " Only read-only MATCH ... RETURN queries are allowed."
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?\w*", re.ASCII)
_OPS2 = frozenset({"..", "<=", ">=", "<>", "!=", "=~", "+="})
_PAIRS = {"(": ")", "[": "]", "{": "}"}


class ForbiddenCypherError(QueryRefusedError):
    """Writes, LOAD CSV, procedure calls, several statements: refused, never repaired."""


@dataclass(frozen=True)
class Token:
    kind: str  # name | qname | string | number | param | op | eof
    text: str
    start: int
    end: int

    def op(self, *ops: str) -> bool:
        return self.kind == "op" and self.text in ops

    @property
    def is_name(self) -> bool:
        return self.kind in ("name", "qname")

    @property
    def word(self) -> str:
        """The upper-cased keyword this token could be ('' for quoted names and non-names)."""
        return self.text.upper() if self.kind == "name" else ""


EOF = Token("eof", "", -1, -1)


def tokenize(query: str) -> list[Token]:
    toks: list[Token] = []
    i, n = 0, len(query)
    while i < n:
        c = query[i]
        if c.isspace():
            i += 1
        elif query.startswith("//", i):
            j = query.find("\n", i)
            i = n if j < 0 else j + 1
        elif query.startswith("/*", i):
            j = query.find("*/", i + 2)
            if j < 0:
                raise QueryRefusedError("The query has an unterminated /* comment.")
            i = j + 2
        elif c in "'\"":
            j, buf = i + 1, []
            while j < n and query[j] != c:
                j += 1 if query[j] == "\\" else 0
                buf.append(query[j : j + 1])
                j += 1
            if j >= n:
                raise QueryRefusedError("The query has an unterminated string literal.")
            toks.append(Token("string", "".join(buf), i, j + 1))
            i = j + 1
        elif c == "`":
            j, buf = i + 1, []
            while True:
                k = query.find("`", j)
                if k < 0:
                    raise QueryRefusedError("The query has an unterminated `quoted` name.")
                buf.append(query[j:k])
                if not query.startswith("``", k):
                    break
                buf.append("`")
                j = k + 2
            toks.append(Token("qname", "".join(buf), i, k + 1))
            i = k + 1
        elif c in "0123456789" or c.isalpha() or c in "_$":
            m = _NUMBER.match(query, i) if c in "0123456789" else None
            j = m.end() if m else i + 1
            while m is None and j < n and (query[j].isalnum() or query[j] == "_"):
                j += 1
            kind = "number" if m else "param" if c == "$" else "name"
            toks.append(Token(kind, query[i:j], i, j))
            i = j
        else:
            width = 2 if query[i : i + 2] in _OPS2 else 1
            toks.append(Token("op", query[i : i + width], i, i + width))
            i += width
    return toks


def as_int(tok: Token) -> int | None:
    return int(tok.text) if tok.kind == "number" and tok.text.isdigit() else None


@dataclass
class NodePat:
    var: str | None
    labels: list[int]  # token indices
    start: int
    end: int  # index of ')'


@dataclass
class RelPat:
    var: str | None
    types: list[int]
    arrow_left: int | None  # index of '<'
    arrow_right: int | None  # index of '>'
    dash_left: int
    dash_right: int
    varlen: bool


@dataclass
class Chain:
    nodes: list[NodePat]
    rels: list[RelPat]


@dataclass
class PropRef:
    index: int
    var: str | None
    labels: set[str] = field(default_factory=set)
    on_rel: bool = False


@dataclass
class Analysis:
    text: str
    tokens: list[Token]
    forbidden: list[str] = field(default_factory=list)
    syntax: list[str] = field(default_factory=list)
    labels: list[tuple[int, str | None]] = field(default_factory=list)  # (token, variable)
    types: list[int] = field(default_factory=list)
    props: list[PropRef] = field(default_factory=list)
    ranges: list[tuple[int, int, int | None, int | None]] = field(default_factory=list)
    chains: list[Chain] = field(default_factory=list)
    node_vars: dict[str, set[str]] = field(default_factory=dict)
    rel_vars: set[str] = field(default_factory=set)
    clauses: list[tuple[int, str]] = field(default_factory=list)  # top-level clause keywords
    limits: list[int] = field(default_factory=list)
    call_ok: bool = False

    def at(self, i: int) -> Token:
        return self.tokens[i] if 0 <= i < len(self.tokens) else EOF

    def top(self, word: str) -> list[int]:
        return [i for i, w in self.clauses if w == word]


@dataclass
class Problem:
    kind: str  # syntax | label | type | property | direction | varlen | return | limit
    message: str
    index: int = -1
    labels: tuple[str, ...] = ()
    rel: RelPat | None = None
    flip: bool = False


def analyze(query: str) -> Analysis:
    """Tokenize and index `query`; raises `QueryRefusedError` only if it cannot be tokenized."""
    toks = tokenize(query)
    semi = next((i for i, t in enumerate(toks) if t.op(";")), None)
    a = Analysis(query, toks)
    if semi is not None:
        if semi + 1 < len(toks):
            a.forbidden.append("Only one statement per query: remove ';' and what follows it.")
        a.text, a.tokens = query[: toks[semi].start], toks[:semi]
    _scan(a)
    _patterns(a)
    return a


def _scan(a: Analysis) -> None:
    stack: list[tuple[str, int, bool, str | None]] = []  # (bracket, index, is_rel, map owner)
    label_owner: dict[int, str | None] = {}
    for i, t in enumerate(a.tokens):
        prev, nxt = a.at(i - 1), a.at(i + 1)
        top = stack[-1] if stack else ("", -1, False, None)
        if t.op("(", "[", "{"):
            owner = prev.text if t.text == "{" and prev.is_name else None
            stack.append((t.text, i, t.text == "[" and prev.op("-"), owner))
        elif t.op(")", "]", "}"):
            if stack and _PAIRS[top[0]] == t.text:
                stack.pop()
            else:
                a.syntax.append(f"Unbalanced '{t.text}' at character {t.start}.")
        elif t.op(":") and top[0] != "{" and nxt.is_name:
            if top[2]:
                a.types.append(i + 1)
            else:
                owner = label_owner.get(i - 1, prev.text) if prev.is_name else None
                label_owner[i + 1] = owner
                a.labels.append((i + 1, owner))
                if owner and prev.word not in KEYWORDS and (i - 1) not in label_owner:
                    a.node_vars.setdefault(owner, set())
        elif t.op("|") and top[2] and nxt.is_name:
            a.types.append(i + 1)
        elif t.op("*") and top[2]:
            a.ranges.append(_range(a, i))
        elif t.op(".") and top[0] == "{" and top[3] and (prev.op(",") or i - 1 == top[1]):
            if nxt.is_name:
                a.props.append(PropRef(i + 1, top[3]))
        elif t.is_name and not prev.op(".", ":"):
            if nxt.op(".") and a.at(i + 2).is_name and not a.at(i + 3).op("("):
                a.props.append(PropRef(i + 2, t.text))
            if nxt.op(":") and top[0] == "{":
                continue  # a map key
            _keyword(a, i, t.word, not stack)
    if stack:
        a.syntax.append(f"Unclosed '{stack[-1][0]}' at character {a.tokens[stack[-1][1]].start}.")


def _keyword(a: Analysis, i: int, word: str, top_level: bool) -> None:
    if word in WRITE_CLAUSES:
        a.forbidden.append(f"{word} is a write clause and is not allowed.")
    elif word == "LOAD":
        a.forbidden.append("LOAD CSV is not allowed: the graph is the only data source.")
    elif word == "CALL" and not a.at(i + 1).op("{"):
        j, parts = i + 1, []
        while a.at(j).is_name:
            parts.append(a.at(j).text)
            j += 2 if a.at(j + 1).op(".") else 1
            if not a.at(j - 1).op("."):
                break
        name = ".".join(parts)
        if name.lower() not in {p.lower() for p in ALLOWED_PROCEDURES}:
            allowed = ", ".join(f"{p}()" for p in ALLOWED_PROCEDURES)
            a.forbidden.append(f"CALL {name or '...'} is not allowed (only {allowed}).")
        elif i == 0:
            a.call_ok = True
    if top_level and word in CLAUSES:
        a.clauses.append((i, word))
    elif top_level and word == "LIMIT":
        a.limits.append(i)


def _range(a: Analysis, star: int) -> tuple[int, int, int | None, int | None]:
    """(star, end, low, high) of `*`, `*2`, `*1..3`, `*..3`, `*1..`; high None = unbounded."""
    j = star + 1
    low = as_int(a.at(j))
    j += 1 if a.at(j).kind == "number" else 0
    if a.at(j).op(".."):
        j += 1
        high = as_int(a.at(j))
        j += 1 if a.at(j).kind == "number" else 0
        return star, j, low, high
    return star, j, low, low


def _skip_map(a: Analysis, j: int, on_rel: bool, owner: NodePat | None) -> int | None:
    """Record the keys of the `{...}` map at `j`; return the index after its `}`."""
    depth = 0
    for k in range(j, len(a.tokens)):
        t = a.tokens[k]
        depth += 1 if t.op("(", "[", "{") else -1 if t.op(")", "]", "}") else 0
        if depth == 1 and t.is_name and a.at(k + 1).op(":") and a.at(k - 1).op("{", ","):
            labels = {a.tokens[x].text for x in owner.labels} if owner else set()
            a.props.append(PropRef(k, owner.var if owner else None, labels, on_rel))
        if depth == 0:
            return k + 1
    return None


def _node(a: Analysis, i: int) -> tuple[NodePat, int] | None:
    if not a.at(i).op("(") or (a.at(i - 1).is_name and a.at(i - 1).word not in KEYWORDS):
        return None  # a function call, not a pattern
    j, var = i + 1, None
    if a.at(j).is_name and a.at(j).word not in KEYWORDS:
        var, j = a.at(j).text, j + 1
    node = NodePat(var, [], i, -1)
    while a.at(j).op(":") and a.at(j + 1).is_name:
        node.labels.append(j + 1)
        j += 2
    if a.at(j).op("{"):
        after = _skip_map(a, j, False, node)
        if after is None:
            return None
        j = after
    if not a.at(j).op(")"):
        return None
    node.end = j
    return node, j + 1


def _rel(a: Analysis, k: int) -> tuple[RelPat, int] | None:
    arrow_left = k if a.at(k).op("<") else None
    k += 1 if arrow_left is not None else 0
    if not a.at(k).op("-"):
        return None
    rel = RelPat(None, [], arrow_left, None, k, -1, False)
    k += 1
    if a.at(k).op("["):
        depth, end = 0, None
        for x in range(k, len(a.tokens)):
            t = a.tokens[x]
            depth += 1 if t.op("(", "[", "{") else -1 if t.op(")", "]", "}") else 0
            if depth == 1 and t.op("*"):
                rel.varlen = True
            if depth == 1 and t.op("{"):
                _skip_map(a, x, True, None)
            if depth == 0:
                end = x
                break
        if end is None:
            return None
        if a.at(k + 1).is_name and a.at(k + 1).word not in KEYWORDS:
            rel.var = a.at(k + 1).text
        rel.types = [x for x in a.types if k < x < end]
        k = end + 1
    if not a.at(k).op("-"):
        return None
    rel.dash_right = k
    rel.arrow_right = k + 1 if a.at(k + 1).op(">") else None
    return rel, k + (2 if rel.arrow_right is not None else 1)


def _patterns(a: Analysis) -> None:
    i = 0
    while i < len(a.tokens):
        first = _node(a, i)
        if first is None:
            i += 1
            continue
        chain, k = Chain([first[0]], []), first[1]
        while (rel := _rel(a, k)) and (node := _node(a, rel[1])):
            chain.rels.append(rel[0])
            chain.nodes.append(node[0])
            k = node[1]
        a.chains.append(chain)
        for n in chain.nodes:
            if n.var:
                a.node_vars.setdefault(n.var, set()).update(a.tokens[x].text for x in n.labels)
        a.rel_vars.update(r.var for r in chain.rels if r.var)
        i = k
    for idx, owner in a.labels:
        if owner in a.node_vars:
            a.node_vars[owner].add(a.tokens[idx].text)
    for i, t in enumerate(a.tokens):  # `x AS y` keeps what is known about x
        src, dst = a.at(i - 1), a.at(i + 1)
        if t.word == "AS" and src.is_name and dst.is_name and not a.at(i - 2).op("."):
            if src.text in a.node_vars:
                a.node_vars.setdefault(dst.text, set()).update(a.node_vars[src.text])
            elif src.text in a.rel_vars:
                a.rel_vars.add(dst.text)


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
        msg = f"Unknown property {name} on relationship {var}: relationships have no properties."
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
    a = analyze(query)
    if a.forbidden:
        raise ForbiddenCypherError(" ".join(dict.fromkeys(a.forbidden)) + READ_ONLY_HINT)
    problems = find_problems(a, schema)
    if problems:
        raise QueryRefusedError(" ".join(dict.fromkeys(p.message for p in problems)))
    return apply_edits(a.text, limit_edits(a, min(max_rows, hard_cap), hard_cap)).strip()
