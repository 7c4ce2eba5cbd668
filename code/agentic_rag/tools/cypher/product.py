"""Rows that multiply: the one Cypher shape whose memory FalkorDB does not bound.

`QUERY_MEM_CAPACITY` is set and read back, but the server does not hold an aggregation to
it: `UNWIND range(1, 1000) AS x MATCH (s:Show) RETURN collect(...)` grew the embedded
server by ~175 MB in its 5 s with the cap at 16 MB. So the guard refuses queries whose
rows multiply: at most one row source at a time, where a source is an UNWIND over a
computed or long list, or a pattern component (chains joined by shared variables) that
shares no variable with what is already bound and is not anchored by a property map or a
`var.prop =` equality. An aggregating WITH ends the multiplication (its rows are groups).
"""

from __future__ import annotations

from pathlib import Path

from agentic_rag.errors import QueryRefusedError
from agentic_rag.tools.cypher.parse import Analysis, Chain
from agentic_rag.tools.cypher.tokens import Token
from agentic_rag.wordlists import load_wordlist

#: the aggregating functions: the "aggregation" group of the function allow-list
AGGREGATES = frozenset(
    load_wordlist(Path(__file__).with_name("allowed_functions.yaml")).groups["aggregation"]
)
MAX_SMALL_LIST = 50  # an UNWIND over a literal list this short does not count as a source


def iterates(tokens: list[Token], i: int) -> bool:
    """`[x IN` or `all(x IN` at bracket `i`: a comprehension or a quantifier."""
    return i + 2 < len(tokens) and tokens[i + 1].kind == "name" and tokens[i + 2].word == "IN"


def _anchored(a: Analysis, chain: Chain) -> bool:
    tokens = a.tokens
    for node in chain.nodes:
        if any(t.op("{") for t in tokens[node.start : node.end]):
            return True
        if node.var and any(
            t.text == node.var and tokens[i + 1].op(".") and tokens[i + 3].op("=")
            for i, t in enumerate(tokens[:-3])
        ):
            return True
    return False


def _small_list(tokens: list[Token], i: int) -> bool:
    """A literal list or a literal `range()` of at most `MAX_SMALL_LIST` items at `i`."""
    tok = tokens[i] if i < len(tokens) else None
    if tok is None:
        return False
    if tok.op("[") and not iterates(tokens, i):
        depth, items = 0, 1
        for t in tokens[i:]:
            depth += t.op("[", "(", "{") - t.op("]", ")", "}")
            items += depth == 1 and t.op(",")
            if depth == 0:
                return items <= MAX_SMALL_LIST
        return False
    nums = [t for t in tokens[i + 2 : i + 5] if t.kind == "number" and t.text.isdigit()]
    return (
        tok.text.lower() == "range"
        and len(nums) >= 2
        and (int(nums[1].text) - int(nums[0].text) < MAX_SMALL_LIST)
    )


def _unwind_var(tokens: list[Token], i: int, end: int) -> str | None:
    depth = 0
    for j in range(i + 1, min(end, len(tokens) - 1)):
        depth += tokens[j].op("[", "(", "{") - tokens[j].op("]", ")", "}")
        if depth == 0 and tokens[j].word == "AS" and tokens[j + 1].is_name:
            return tokens[j + 1].text
    return None


def _names(chain: Chain) -> set[str]:
    return {n.var for n in chain.nodes if n.var} | {r.var for r in chain.rels if r.var}


def _components(a: Analysis) -> dict[int, tuple[set[str], bool, int]]:
    """Per chain (by its first token): the variables of its component (chains of one UNION
    part joined by shared variables), whether any chain of it is anchored, and its id."""
    unions = a.top("UNION")
    groups: list[tuple[set[str], bool, list[int], int]] = []  # names, anchored, starts, part
    for chain in (c for c in a.chains if c.nodes):
        start = chain.nodes[0].start
        part = sum(u < start for u in unions)
        names, anchored, starts = _names(chain), _anchored(a, chain), [start]
        for group in [g for g in groups if g[3] == part and g[0] & names]:
            groups.remove(group)
            names, anchored, starts = names | group[0], anchored or group[1], starts + group[2]
        groups.append((names, anchored, starts, part))
    return {
        s: (names, anchored, n)
        for n, (names, anchored, starts, _) in enumerate(groups)
        for s in starts
    }


def check_row_sources(a: Analysis, calls: list[tuple[str, int]]) -> None:
    """Refuse a query whose rows multiply: more than one row source in a row, where a
    source is an UNWIND over a computed or long list, or a MATCH part that shares no
    variable with what is already bound and is not anchored by a property. An aggregating
    WITH ends the multiplication (its rows are groups)."""
    tokens = a.tokens
    clauses = sorted(a.clauses)
    ends = [i for i, _ in clauses[1:]] + ([len(tokens)] if clauses else [])
    events = [(i, word, end) for (i, word), end in zip(clauses, ends, strict=True)]
    events += [(c.nodes[0].start, "chain", -1) for c in a.chains if c.nodes]
    by_start = {c.nodes[0].start: c for c in a.chains if c.nodes}
    component = _components(a)
    counted: set[int] = set()
    sources, bound = 0, set()
    for i, kind, end in sorted(events):
        if kind == "UNION":
            sources, bound = 0, set()
        elif kind == "UNWIND":
            var = _unwind_var(tokens, i, end)
            bound |= {var} if var else set()
            sources += not _small_list(tokens, i + 1)
        elif kind == "WITH" and any(i < at < end and n in AGGREGATES for n, at in calls):
            sources = 0
        elif kind == "chain":
            names, anchored, group = component[i]
            if not (names & bound) and not anchored and group not in counted:
                sources += 1
            counted.add(group)
            bound |= _names(by_start[i])
        if sources > 1:
            raise QueryRefusedError(
                "The query multiplies rows: pattern parts that share no variable, or an "
                "UNWIND over a computed or long list next to another row source, build a "
                "cartesian product. Connect the parts with a relationship, reuse a variable, "
                "anchor each part with a property (e.g. {title: '...'}), or aggregate with "
                "WITH between them."
            )
