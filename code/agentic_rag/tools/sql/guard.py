"""Static guard for model-written SQL: one read-only SELECT, a bounded LIMIT, known names.

The query is parsed with sqlglot (sqlite dialect), never keyword-matched. Every
problem is a `QueryRefusedError` whose message says what to change.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import sqlglot
from sqlglot import exp
from sqlglot.errors import ParseError, SqlglotError
from sqlglot.optimizer.scope import Scope, traverse_scope

from agentic_rag.errors import QueryRefusedError
from agentic_rag.textsafe import refuse_controls
from agentic_rag.wordlists import load_wordlist

_HERE = Path(__file__).parent
MAX_SQL_CHARS = 20_000
#: Same as the run-time SQLITE_LIMIT_LENGTH: the longest value (or row) a query may build.
#: It bounds the work of any single function call (`instr`, `replace`, `printf` run in
#: time that grows with their arguments' length, and SQLite cannot interrupt a call).
MAX_VALUE_BYTES = 100_000
#: The only SQL functions a catalog query may call (SQLite's own names). Enforced here for
#: a clear message and again, by exact name, by the sandbox's authorizer at run time.
ALLOWED_FUNCTIONS = frozenset(load_wordlist(_HERE / "allowed_functions.yaml").words)
SIZED_FUNCTIONS = frozenset({"printf", "format", "substr", "substring"})
ROWID_NAMES = frozenset({"rowid", "oid", "_rowid_"})
ONLY_SELECT = "Only one read-only SELECT (WITH and UNION allowed) can run against the catalog."

_WRITE_NODE_NAMES = load_wordlist(_HERE / "write_nodes.yaml").words
WRITE_NODES: tuple[type[exp.Expression], ...] = tuple(
    cls for name in _WRITE_NODE_NAMES if isinstance(cls := getattr(exp, name, None), type)
)
_SEMICOLON = getattr(exp, "Semicolon", ())
_TOKEN_REPR = re.compile(r"<Token token_type: [^,]*, text: (.*?), line: [^>]*>")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


@dataclass(frozen=True)
class GuardedSql:
    """A query that passed the guard, rewritten with its final LIMIT."""

    sql: str
    limit: int
    limit_imposed: bool = False  # the guard added or lowered the LIMIT
    tables: tuple[str, ...] = ()  # real catalog tables the query reads (schema spelling)
    reads_free_text: bool = False  # description text (or *) may reach the rows


def check_sql(
    sql: str,
    max_rows: int = 50,
    hard_cap: int = 200,
    schema: Mapping[str, Sequence[str]] | None = None,
) -> GuardedSql:
    """Return the guarded query or raise `QueryRefusedError`; nothing else ever escapes."""
    try:
        return _check(sql, max_rows, hard_cap, schema)
    except QueryRefusedError:
        raise
    except ParseError as exc:
        raise QueryRefusedError(_parse_message(exc)) from None
    except SqlglotError as exc:
        raise QueryRefusedError(
            f"Could not parse the SQL: {_clean(str(exc))[:300]}. Check quotes and brackets."
        ) from None
    except RecursionError:
        raise QueryRefusedError("The SQL is nested too deeply to check; simplify it.") from None
    except Exception as exc:  # the guard's contract: only QueryRefusedError leaves
        raise QueryRefusedError(
            f"Could not check the SQL ({type(exc).__name__}); rewrite it as a plain SELECT."
        ) from None


def _check(
    sql: str, max_rows: int, hard_cap: int, schema: Mapping[str, Sequence[str]] | None
) -> GuardedSql:
    if not isinstance(sql, str) or not sql.strip():
        raise QueryRefusedError(f"The SQL query is empty. {ONLY_SELECT}")
    if len(sql) > MAX_SQL_CHARS:
        raise QueryRefusedError(f"The SQL is longer than {MAX_SQL_CHARS} characters; shorten it.")
    refuse_controls(sql, "The SQL")
    statements = _statements(sql)
    if not statements:
        raise QueryRefusedError(f"The SQL holds no statement (only comments). {ONLY_SELECT}")
    if len(statements) > 1:
        raise QueryRefusedError(
            f"The SQL holds {len(statements)} statements; send exactly one SELECT, no ';'-chains."
        )
    root = statements[0]
    _refuse_writes(root)
    if not isinstance(root, exp.Select | exp.SetOperation):
        head = " ".join(sql.split())[:40]
        raise QueryRefusedError(f"'{head}' is not a plain SELECT. {ONLY_SELECT}")
    cap = max(1, min(int(hard_cap), 10_000))
    limit, imposed = _apply_limit(root, max(1, min(int(max_rows), cap)), cap)
    _refuse_functions(root)
    if root.find(exp.Placeholder, exp.Parameter) is not None:
        raise QueryRefusedError(
            "Query parameters (?, :name, $x) are not supported; write literals."
        )
    tables = _check_schema(root, schema) if schema is not None else ()
    final = root.sql(dialect="sqlite", comments=False)
    again = _statements(final)
    if len(again) != 1 or type(again[0]) is not type(root):
        raise QueryRefusedError(f"The SQL could not be rewritten safely. {ONLY_SELECT}")
    return GuardedSql(final, limit, imposed, tables, _reads_free_text(root))


def _statements(sql: str) -> list[exp.Expression]:
    """Parsed statements, without empty ones and comment-only `Semicolon` placeholders."""
    return [s for s in sqlglot.parse(sql, read="sqlite") if s and not isinstance(s, _SEMICOLON)]


def _refuse_writes(root: exp.Expression) -> None:
    for node in root.walk():
        if isinstance(node, exp.Into):
            raise QueryRefusedError(f"SELECT ... INTO would create a table. {ONLY_SELECT}")
        if isinstance(node, exp.Command):
            verb = str(node.this).split()[0].upper() if str(node.this).strip() else "This"
            raise QueryRefusedError(f"{verb} statements are not allowed. {ONLY_SELECT}")
        if isinstance(node, WRITE_NODES):
            verb = "BEGIN" if isinstance(node, exp.Transaction) else type(node).__name__.upper()
            raise QueryRefusedError(f"{verb} statements are not allowed. {ONLY_SELECT}")


def _apply_limit(root: exp.Query, max_rows: int, cap: int) -> tuple[int, bool]:
    node = root.args.get("limit")
    value = None
    if isinstance(node, exp.Limit):
        value = node.expression
    elif isinstance(node, exp.Fetch):
        value = node.args.get("count")
    if isinstance(value, exp.Literal) and not value.is_string and value.is_int:
        wanted = int(value.this)
        if 0 <= wanted <= cap:
            root.set("limit", exp.Limit(expression=exp.Literal.number(wanted)))
            return wanted, False
        max_rows = cap if wanted > cap else max_rows
    root.set("limit", exp.Limit(expression=exp.Literal.number(max_rows)))
    return max_rows, True


def _func_name(node: exp.Func) -> str:
    if isinstance(node, exp.Anonymous):
        return node.name.lower()
    return node.sql_name().lower()


def _refuse_functions(root: exp.Expression) -> None:
    for func in root.find_all(exp.Func):
        name = _func_name(func)
        if isinstance(func, exp.Anonymous) and name not in ALLOWED_FUNCTIONS:
            raise QueryRefusedError(
                f"The function {name}() is not allowed in catalog queries; use standard SQL "
                "functions (lower, substr, count, group_concat, strftime, ...)."
            )
        if name not in SIZED_FUNCTIONS:
            continue
        for arg in func.iter_expressions():
            if isinstance(arg, exp.Literal) and arg.is_number and _number(arg) > MAX_VALUE_BYTES:
                raise QueryRefusedError(
                    f"{name}({arg.this}) asks for a value over {MAX_VALUE_BYTES} bytes; "
                    f"values are limited to {MAX_VALUE_BYTES // 1000} KB."
                )


def _number(literal: exp.Literal) -> float:
    try:
        return abs(float(literal.this))
    except ValueError:  # e.g. a hex literal sqlglot kept verbatim
        return 0.0


def _reads_free_text(root: exp.Expression) -> bool:
    if any(c.name.lower() == "description" for c in root.find_all(exp.Column)):
        return True
    if any(isinstance(star.parent, exp.Select | exp.Column) for star in root.find_all(exp.Star)):
        return True
    return any(_func_name(f) in {"snippet", "highlight"} for f in root.find_all(exp.Func))


def _check_schema(root: exp.Query, schema: Mapping[str, Sequence[str]]) -> tuple[str, ...]:
    """Refuse unknown tables and unknown columns we can attribute to one real table."""
    spelled = {name.lower(): name for name in schema}
    columns = {name.lower(): [str(c) for c in cols] for name, cols in schema.items()}
    ctes = {cte.alias_or_name.lower() for cte in root.find_all(exp.CTE)}
    found: list[str] = []
    for table in root.find_all(exp.Table):
        if not isinstance(table.this, exp.Identifier):
            continue  # a table-valued function such as json_each(...)
        name, db = table.name.lower(), table.db.lower()
        if db and db not in ("main", "temp"):
            raise QueryRefusedError(
                f"Unknown database '{table.db}'; use the catalog tables directly."
            )
        if (name in ctes and not db) or name.startswith("sqlite_"):
            continue
        if name not in spelled:
            raise QueryRefusedError(
                f"Unknown table '{table.name}'. Tables: {', '.join(sorted(schema))}."
            )
        if spelled[name] not in found:
            found.append(spelled[name])
    try:
        scopes = traverse_scope(root)
    except (SqlglotError, RecursionError, ValueError, KeyError):
        return tuple(found)  # unusual shape: let SQLite report unknown columns
    allowed_extra = ROWID_NAMES | set(spelled)
    for scope in scopes:
        for col in scope.columns:
            if not col.table or isinstance(col.this, exp.Star):
                continue
            table_name = _resolve(scope, col.table.lower(), columns)
            known = {c.lower() for c in columns.get(table_name or "", ())} | allowed_extra
            if table_name and col.name.lower() not in known:
                raise QueryRefusedError(
                    f"Unknown column '{col.table}.{col.name}': {spelled[table_name]} has columns "
                    f"{', '.join(columns[table_name])}."
                )
    if len(scopes) == 1 and not ctes:
        _check_unqualified(scopes[0], columns, spelled, allowed_extra)
    return tuple(found)


def _resolve(scope: Scope | None, alias: str, columns: Mapping[str, list[str]]) -> str | None:
    """The real table an alias names in this scope or an outer one, else None."""
    while scope is not None:
        sources = {str(k).lower(): v for k, v in scope.sources.items()}
        if alias in sources:
            source = sources[alias]
            if isinstance(source, exp.Table) and isinstance(source.this, exp.Identifier):
                name = source.name.lower()
                return name if name in columns else None
            return None
        scope = scope.parent
    return None


def _check_unqualified(
    scope: Scope, columns: Mapping[str, list[str]], spelled: Mapping[str, str], extra: set[str]
) -> None:
    sources = list(scope.sources.values())
    if len(sources) != 1 or not isinstance(sources[0], exp.Table):
        return
    table = sources[0]
    name = table.name.lower()
    if not isinstance(table.this, exp.Identifier) or name not in columns:
        return
    select = scope.expression
    aliases = {e.alias.lower() for e in getattr(select, "expressions", []) if e.alias}
    known = {c.lower() for c in columns[name]} | extra | aliases
    for col in scope.columns:
        ident = col.this
        if col.table or not isinstance(ident, exp.Identifier) or ident.args.get("quoted"):
            continue  # "double quoted" may be a string literal to SQLite
        if col.name.lower() not in known:
            raise QueryRefusedError(
                f"Unknown column '{col.name}': {spelled[name]} has columns "
                f"{', '.join(columns[name])}."
            )


def _clean(text: str) -> str:
    return _ANSI.sub("", _TOKEN_REPR.sub(lambda m: repr(m.group(1)), text))


def _parse_message(exc: ParseError) -> str:
    errors = getattr(exc, "errors", None) or []
    if not errors:
        return f"Could not parse the SQL: {_clean(str(exc))[:300]}. Write one SQLite SELECT."
    first = errors[0]
    where = f" (line {first.get('line')}, col {first.get('col')})" if first.get("line") else ""
    near = f" near '{first['highlight']}'" if first.get("highlight") else ""
    text = _clean(str(first.get("description") or "syntax error"))[:300]
    return f"Could not parse the SQL{near}{where}: {text}. Write one SQLite SELECT."
