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
- no regular expressions (`=~`, regex functions): they can backtrack exponentially.
"""

from __future__ import annotations

from pathlib import Path

from agentic_rag.errors import QueryRefusedError
from agentic_rag.tools.cypher.tokens import KEYWORDS, Token
from agentic_rag.wordlists import load_wordlist

MAX_RANGE = 1_000
MAX_RANGES = 2
MAX_GROWTH_CALLS = 3
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


def check_bounds(tokens: list[Token]) -> None:
    """Raise `QueryRefusedError` when an expression's work is not bounded."""
    if any(t.op("=~") for t in tokens):
        raise QueryRefusedError(REGEX)
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
    """Refuse `[x IN ... | ...]` (or `WHERE`) nested inside another comprehension."""
    stack: list[bool] = []  # per open '[': is it a comprehension?
    for i, tok in enumerate(tokens):
        if tok.op("["):
            is_comp = (
                i + 2 < len(tokens) and tokens[i + 1].kind == "name" and tokens[i + 2].word == "IN"
            )
            if is_comp and any(stack):
                raise QueryRefusedError(
                    "List comprehensions may not be nested: the work multiplies. Use UNWIND "
                    "and aggregate instead."
                )
            stack.append(is_comp)
        elif tok.op("]") and stack:
            stack.pop()
