"""Rewrite a Cypher query's name and title comparisons to their folded, accent-blind form.

`MATCH (p:Person {name: 'Michael Pena'})` finds nothing: the graph says "Michael Peña". Every
named node also carries `name_folded` / `title_folded` (`agentic_rag.folding.fold` of the
name), so the same query against those properties, with its string literals folded the same
way, finds the person. The Cypher tool tries this rewrite once when a query runs but matches
nothing (it counts as one of the repair attempts and is shown in the trace).

Handled shapes: map properties (`{name: '…'}`), comparisons either way round
(`p.name = '…'`, `'…' = p.name`), `CONTAINS` / `STARTS WITH` / `ENDS WITH` / `<>`, `IN [...]`,
and case functions around either side (`toLower(p.name) CONTAINS toLower('…')`).
"""

from __future__ import annotations

from agentic_rag.errors import QueryRefusedError
from agentic_rag.folding import fold
from agentic_rag.stores.schema import GraphSchema
from agentic_rag.tools.cypher.tokens import EOF, Token, tokenize

#: property -> its folded shadow on the same node
FOLDED = {"name": "name_folded", "title": "title_folded"}
_COMPARE_WORDS = frozenset({"CONTAINS", "STARTS", "ENDS", "WITH", "IN"})
_COMPARE_OPS = ("=", "<>", "!=")
_CASE_FUNCTIONS = frozenset({"TOLOWER", "TOUPPER", "LOWER", "UPPER", "TRIM"})

Edit = tuple[int, int, str]


def _at(toks: list[Token], i: int) -> Token:
    return toks[i] if 0 <= i < len(toks) else EOF


def _quote(text: str) -> str:
    if "'" not in text:
        return f"'{text}'"
    if '"' not in text:
        return f'"{text}"'
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _skip_case_call(toks: list[Token], i: int) -> int:
    """Index after `toLower(` (or another case function) at `i`, else `i`."""
    if _at(toks, i).word in _CASE_FUNCTIONS and _at(toks, i + 1).op("("):
        return i + 2
    return i


def _literals_after(toks: list[Token], i: int) -> list[Token]:
    """String literals compared with the value that ends at token `i - 1`."""
    while _at(toks, i).op(")"):
        i += 1
    op = _at(toks, i)
    if not (op.op(*_COMPARE_OPS) or op.word in _COMPARE_WORDS):
        return []
    while _at(toks, i).op(*_COMPARE_OPS) or _at(toks, i).word in _COMPARE_WORDS:
        i += 1
    i = _skip_case_call(toks, i)
    if _at(toks, i).kind == "string":
        return [toks[i]]
    if not _at(toks, i).op("["):
        return []
    found: list[Token] = []
    i += 1
    while _at(toks, i).kind == "string" or _at(toks, i).op(","):
        if toks[i].kind == "string":
            found.append(toks[i])
        i += 1
    return found if _at(toks, i).op("]") else []


def _literals_before(toks: list[Token], var_index: int) -> list[Token]:
    """`'…' = p.name`: the literal just before the comparison operator."""
    i = var_index - 1
    if _at(toks, i).op("(") and _at(toks, i - 1).word in _CASE_FUNCTIONS:
        i -= 2
    if not _at(toks, i).op(*_COMPARE_OPS):
        return []
    i -= 1
    while _at(toks, i).op(")"):
        i -= 1
    return [toks[i]] if _at(toks, i).kind == "string" else []


def _edits_for(toks: list[Token], i: int) -> list[Token]:
    """Literals compared with the name/title property token at `i`, or []."""
    prev, nxt = _at(toks, i - 1), _at(toks, i + 1)
    if nxt.op(":") and prev.op("{", ","):  # {name: '…'}
        value = _at(toks, i + 2)
        return [value] if value.kind == "string" else []
    if prev.op(".") and _at(toks, i - 2).is_name:  # p.name …
        return _literals_after(toks, i + 1) or _literals_before(toks, i - 2)
    return []


def fold_literals(query: str, schema: GraphSchema) -> str | None:
    """`query` comparing folded names and folded literals instead, or None when nothing to do."""
    available = schema.all_properties
    try:
        toks = tokenize(query)
    except QueryRefusedError:
        return None
    edits: list[Edit] = []
    for i, tok in enumerate(toks):
        if tok.kind != "name" or FOLDED.get(tok.text) not in available:
            continue
        literals = _edits_for(toks, i)
        if not literals:
            continue
        edits.append((tok.start, tok.end, FOLDED[tok.text]))
        edits.extend((lit.start, lit.end, _quote(fold(lit.text))) for lit in literals)
    if not edits:
        return None
    text = query
    for start, end, new in sorted(set(edits), reverse=True):
        text = text[:start] + new + text[end:]
    return text if text != query else None
