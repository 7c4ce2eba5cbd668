"""Read model-written Cypher without a Cypher parser: pattern analysis over tokens.

The tokenizer of `tools/cypher/tokens.py` (string literals and comments skipped, backtick
names kept as names) feeds `analyze`, which indexes the query: bracket balance, write
clauses and procedure calls (`forbidden`), labels, relationship types, properties,
variable-length ranges, node/relationship pattern chains, top-level clauses and LIMITs.
Nothing here knows the graph schema; `tools/cypher/guard.py` judges the result.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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

_PAIRS = {"(": ")", "[": "]", "{": "}"}


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
