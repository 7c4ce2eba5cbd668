"""Bounds on the work one Cypher expression may do, checked before the query is sent.

FalkorDB checks its query timeout and memory cap between records, not inside one
expression: `reduce` over a long `range`, string building in a list comprehension or a
comprehension nested in another all run in one evaluation, past both limits. So the
guard bounds the expression itself:

- only the functions in `ALLOWED_FUNCTIONS` may be called (`reduce` is not: its
  accumulator can double a value at every step);
- `range()` takes integer literals and yields at most `MAX_RANGE` values, at most
  `MAX_RANGES` times per query;
- list comprehensions may not nest (the work multiplies);
- functions that make strings longer (`replace`, padding) at most `MAX_GROWTH_CALLS` times;
- no regular expressions (`=~`, regex functions): they can backtrack exponentially;
- only the operators in `ALLOWED_OPERATORS`;
- every construct that builds a list (`range`, `collect`, `split`, comprehensions,
  quantifiers `all/any/none/single`, `UNWIND`, list literals) counts against
  `MAX_LIST_CONSTRUCTS`, and none may sit inside a comprehension or quantifier;
- at most `MAX_PLUS` `+` operators (a chain of `WITH a + a AS b` doubles a string or a
  list at every step);
- at most one `UNWIND` over a computed list (two unwind a collected list into its square);
- rows may not multiply (`tools/cypher/product.py`).
"""

from __future__ import annotations

from pathlib import Path

from agentic_rag.errors import QueryRefusedError
from agentic_rag.tools.cypher.parse import Analysis
from agentic_rag.tools.cypher.product import check_row_sources, iterates
from agentic_rag.tools.cypher.tokens import KEYWORDS, Token
from agentic_rag.wordlists import load_wordlist

MAX_RANGE = 1_000
MAX_RANGES = 2
MAX_GROWTH_CALLS = 3
MAX_LIST_CONSTRUCTS = 4
MAX_PLUS = 6
MAX_COMPUTED_UNWINDS = 1
ALLOWED_OPERATORS = frozenset(
    load_wordlist(Path(__file__).with_name("allowed_operators.yaml")).words
)
LIST_FUNCTIONS = frozenset({"range", "collect", "split", "keys", "nodes", "relationships"})
QUANTIFIERS = frozenset({"all", "any", "none", "single"})
#: Function names (lower case) a read-only catalog query may call.
ALLOWED_FUNCTIONS = frozenset(
    load_wordlist(Path(__file__).with_name("allowed_functions.yaml")).words
)
GROWTH_FUNCTIONS = frozenset({"replace", "string.join"})
REGEX = "Regular expressions (=~) are not allowed; use CONTAINS, STARTS WITH or ENDS WITH."


def function_calls(tokens: list[Token]) -> list[tuple[str, int]]:
    """(lower-case name, index of its '(') for every function call in the query."""
    calls = []
    for i, tok in enumerate(tokens[:-1]):
        if not tokens[i + 1].op("(") or tok.kind != "name":
            continue
        j, name = i, tok.text
        while j >= 2 and tokens[j - 1].op(".") and tokens[j - 2].kind == "name":
            j -= 2
            name = f"{tokens[j].text}.{name}"
        before = tokens[j - 1] if j > 0 else None
        if before is not None and (before.word == "CALL" or before.op(":")):
            continue  # a procedure (judged elsewhere) or a label
        if "." not in name and tok.word in KEYWORDS and tok.word not in ("EXISTS", "ALL"):
            continue  # MATCH (, WHERE (, AND ( ...
        calls.append((name.lower(), i + 1))
    return calls


def check_bounds(a: Analysis) -> None:
    """Raise `QueryRefusedError` when the query's work is not bounded."""
    tokens = a.tokens
    if any(t.op("=~") for t in tokens):
        raise QueryRefusedError(REGEX)
    odd = sorted({t.text for t in tokens if t.kind == "op" and t.text not in ALLOWED_OPERATORS})
    if odd:
        raise QueryRefusedError(
            f"The operator {' '.join(odd)} is not allowed in catalog queries; use comparisons, "
            "arithmetic, AND/OR/NOT, IN, CONTAINS, STARTS WITH and ENDS WITH."
        )
    calls = function_calls(tokens)
    for name, _ in calls:
        if name not in ALLOWED_FUNCTIONS:
            hint = " (its accumulator can grow without bound)" if name == "reduce" else ""
            raise QueryRefusedError(
                f"The function {name}() is not allowed in catalog queries{hint}; use "
                "count, collect, size, toLower, CONTAINS and the other standard functions."
            )
    ranges = [at for name, at in calls if name == "range"]
    if len(ranges) > MAX_RANGES:
        raise QueryRefusedError(f"At most {MAX_RANGES} range() calls are allowed per query.")
    for at in ranges:
        _check_range(tokens, at)
    if sum(name in GROWTH_FUNCTIONS for name, _ in calls) > MAX_GROWTH_CALLS:
        raise QueryRefusedError(
            f"At most {MAX_GROWTH_CALLS} replace()/string.join() calls are allowed per query."
        )
    _check_comprehensions(tokens)
    _check_lists(tokens, calls)
    check_row_sources(a, calls)


def _check_range(tokens: list[Token], at: int) -> None:
    args: list[int] = []
    i, sign = at + 1, 1
    while i < len(tokens) and not tokens[i].op(")"):
        tok = tokens[i]
        if tok.op("-"):
            sign = -sign
        elif tok.kind == "number" and tok.text.isdigit():
            args.append(sign * int(tok.text))
            sign = 1
        elif not tok.op(","):
            args = []
            break
        i += 1
    if len(args) not in (2, 3) or (len(args) == 3 and args[2] == 0):
        raise QueryRefusedError(
            "range() takes integer literals only, e.g. range(1, 10); "
            f"it may yield at most {MAX_RANGE} values."
        )
    step = args[2] if len(args) == 3 else 1
    count = max(0, (args[1] - args[0]) // step + 1)
    if count > MAX_RANGE:
        raise QueryRefusedError(
            f"range({args[0]}, {args[1]}) yields {count:,} values; at most {MAX_RANGE} "
            "are allowed per range."
        )


def _check_comprehensions(tokens: list[Token]) -> None:
    """Refuse a comprehension or quantifier nested inside another one, and any list
    construct inside one: the work multiplies."""
    stack: list[list[bool]] = []  # per open bracket: [iterates, inside its body]
    for i, tok in enumerate(tokens):
        if (tok.op("|") or tok.word == "WHERE") and stack and stack[-1][0]:
            stack[-1][1] = True  # past `[x IN list` or `all(x IN list`: the per-item body
        elif tok.op("[", "("):
            is_quantifier = tok.op("(") and i > 0 and tokens[i - 1].text.lower() in QUANTIFIERS
            loops = (tok.op("[") or is_quantifier) and iterates(tokens, i)
            builds = tok.op("(") and i > 0 and tokens[i - 1].text.lower() in LIST_FUNCTIONS
            if (loops or builds) and any(body for _, body in stack):
                raise QueryRefusedError(
                    "List comprehensions, quantifiers (all/any/none/single) and list functions "
                    "may not be nested in a comprehension or quantifier: the work multiplies. "
                    "Use UNWIND and aggregate instead."
                )
            stack.append([loops, False])
        elif tok.op("]", ")") and stack:
            stack.pop()


def _check_lists(tokens: list[Token], calls: list[tuple[str, int]]) -> None:
    builders = sum(name in LIST_FUNCTIONS or name in QUANTIFIERS for name, _ in calls)
    builders += sum(t.op("[") and iterates(tokens, i) for i, t in enumerate(tokens))
    unwinds = [i for i, t in enumerate(tokens) if t.word == "UNWIND"]
    literals = sum(
        t.op("[")
        and (
            i == 0
            or tokens[i - 1].word in KEYWORDS
            or not (tokens[i - 1].is_name or tokens[i - 1].op(")", "]", "-"))
        )
        and not iterates(tokens, i)
        for i, t in enumerate(tokens)
    )  # `[1, 2]`, not `list[0]`, `f(x)[0]` or a relationship pattern `-[:ACTED_IN]->`
    if builders + len(unwinds) + literals > MAX_LIST_CONSTRUCTS:
        raise QueryRefusedError(
            f"At most {MAX_LIST_CONSTRUCTS} list constructs (range, collect, split, list "
            "literals, comprehensions, all/any/none/single, UNWIND) are allowed per query."
        )
    computed = [i for i in unwinds if not _literal_list(tokens, i + 1)]
    if len(computed) > MAX_COMPUTED_UNWINDS:
        raise QueryRefusedError(
            "At most one UNWIND over a computed list is allowed per query: unwinding a "
            "collected list twice builds its square. Aggregate or MATCH instead."
        )
    if sum(t.op("+") for t in tokens) > MAX_PLUS:
        raise QueryRefusedError(
            f"At most {MAX_PLUS} '+' operators are allowed per query: chains of '+' can "
            "double a string or a list at every step."
        )


def _literal_list(tokens: list[Token], i: int) -> bool:
    tok = tokens[i] if i < len(tokens) else None
    if tok is None:
        return False
    if tok.op("["):
        return not iterates(tokens, i)
    return tok.text.lower() == "range"
