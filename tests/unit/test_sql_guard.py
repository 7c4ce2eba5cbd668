"""The static SQL guard: one read-only SELECT, a bounded LIMIT, known tables and columns."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentic_rag.errors import QueryRefusedError
from agentic_rag.tools.sql.guard import GuardedSql, check_sql

SCHEMA = {
    "shows": ["show_id", "type", "title", "director", "release_year", "description"],
    "people": ["person_id", "name"],
    "show_people": ["show_id", "person_id", "role", "position"],
    "shows_fts": ["show_id", "title", "description", "shows_fts", "rank"],
}


def refused(sql: str, **kwargs) -> str:
    with pytest.raises(QueryRefusedError) as info:
        check_sql(sql, **kwargs)
    message = str(info.value)
    assert message.strip()
    return message


# --- LIMIT -------------------------------------------------------------------


def test_limit_added_when_missing():
    guarded = check_sql("SELECT title FROM shows")
    assert guarded.sql == "SELECT title FROM shows LIMIT 50"
    assert (guarded.limit, guarded.limit_imposed) == (50, True)
    assert check_sql("SELECT title FROM shows", max_rows=7).sql.endswith("LIMIT 7")


def test_limit_within_cap_is_kept():
    guarded = check_sql("SELECT title FROM shows ORDER BY title LIMIT 120")
    assert guarded.sql.endswith("ORDER BY title LIMIT 120")
    assert (guarded.limit, guarded.limit_imposed) == (120, False)


@pytest.mark.parametrize("limit", ["1000", "201", "99999999999999999999"])
def test_limit_above_cap_is_lowered(limit):
    guarded = check_sql(f"SELECT title FROM shows LIMIT {limit}")
    assert guarded.sql.endswith("LIMIT 200")
    assert (guarded.limit, guarded.limit_imposed) == (200, True)
    assert check_sql(f"SELECT 1 LIMIT {limit}", hard_cap=30).limit == 30


@pytest.mark.parametrize("limit", ["-1", "?", "(SELECT 5)", "2 + 3", "'10'"])
def test_non_literal_limit_is_replaced(limit):
    guarded = check_sql(f"SELECT title FROM shows LIMIT {limit}", max_rows=12)
    assert guarded.sql == "SELECT title FROM shows LIMIT 12"
    assert guarded.limit == 12


def test_limit_offset_forms():
    assert check_sql("SELECT title FROM shows LIMIT 2, 5").sql.endswith("LIMIT 5 OFFSET 2")
    assert check_sql("SELECT title FROM shows LIMIT 5 OFFSET 900").sql.endswith(
        "LIMIT 5 OFFSET 900"
    )
    fetch = check_sql("SELECT title FROM shows FETCH FIRST 500 ROWS ONLY")
    assert fetch.sql == "SELECT title FROM shows LIMIT 200"


def test_max_rows_is_clamped_to_the_cap():
    assert check_sql("SELECT 1", max_rows=10_000).limit == 200
    assert check_sql("SELECT 1", max_rows=0).limit == 1


# --- allowed shapes ----------------------------------------------------------


@pytest.mark.parametrize(
    "sql",
    [
        "WITH m AS (SELECT title FROM shows WHERE type = 'Movie') SELECT title FROM m",
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5) "
        "SELECT x FROM c",
        "SELECT title FROM shows UNION SELECT name FROM people",
        "SELECT show_id FROM shows INTERSECT SELECT show_id FROM show_people",
        "SELECT show_id FROM shows EXCEPT SELECT show_id FROM show_people",
    ],
)
def test_with_and_set_operations_are_allowed(sql):
    guarded = check_sql(sql, schema=SCHEMA)
    assert guarded.sql.endswith("LIMIT 50")
    assert check_sql(guarded.sql, schema=SCHEMA).sql == guarded.sql  # idempotent


def test_union_limit_applies_to_the_whole_query():
    guarded = check_sql("SELECT title FROM shows UNION ALL SELECT name FROM people LIMIT 900")
    assert guarded.sql == "SELECT title FROM shows UNION ALL SELECT name FROM people LIMIT 200"


def test_trailing_semicolon_and_comments_are_fine_and_dropped():
    assert check_sql("SELECT 1;").sql == "SELECT 1 LIMIT 50"
    assert check_sql("SELECT 1; -- done").sql == "SELECT 1 LIMIT 50"
    # a line comment that tries to close a block comment must not leak into the output
    hidden = check_sql("SELECT title FROM shows -- */ DELETE FROM shows")
    assert hidden.sql == "SELECT title FROM shows LIMIT 50"


def test_common_sqlite_functions_survive_the_rewrite():
    sql = (
        "SELECT strftime('%Y', date_added) AS y, count(*) AS n, group_concat(title, ', ') "
        "FROM shows WHERE title LIKE '%love%' AND type = \"Movie\" GROUP BY y ORDER BY n DESC"
    )
    out = check_sql(sql).sql
    assert "STRFTIME('%Y', date_added)" in out
    assert "GROUP_CONCAT(title, ', ')" in out
    assert 'type = "Movie"' in out


# --- refusals ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("sql", "fragment"),
    [
        ("", "empty"),
        ("   \n\t ", "empty"),
        ("-- only a comment", "no statement"),
        ("SELECT 1; SELECT 2", "2 statements"),
        ("SELECT 1; /* */ DELETE FROM shows", "statements"),
        ("/* SELECT */ DELETE FROM shows", "DELETE"),
        ("WITH x AS (SELECT 1) DELETE FROM shows", "DELETE"),
        ("WITH d AS (DELETE FROM shows RETURNING *) SELECT * FROM d", "DELETE"),
        ("SELECT * INTO t FROM shows", "INTO"),
        ("INSERT INTO shows(show_id) VALUES ('x')", "INSERT"),
        ("UPDATE shows SET title = 'x'", "UPDATE"),
        ("DROP TABLE shows", "DROP"),
        ("CREATE TABLE t(x)", "CREATE"),
        ("REPLACE INTO genres VALUES (1, 'x')", "REPLACE"),
        ("ALTER TABLE shows ADD COLUMN x", "ALTER"),
        ("ATTACH DATABASE '/tmp/x.db' AS x", "ATTACH"),
        ("DETACH DATABASE x", "DETACH"),
        ("PRAGMA query_only = 0", "PRAGMA"),
        ("VACUUM INTO '/tmp/x.db'", "VACUUM"),
        ("BEGIN", "BEGIN"),
        ("COMMIT", "COMMIT"),
        ("EXPLAIN SELECT 1", "EXPLAIN"),
        ("REINDEX", "not a plain SELECT"),
        ("VALUES (1)", "not a plain SELECT"),
        ("SELECT load_extension('x')", "load_extension"),
        ("SELECT \"load_extension\"('x')", "load_extension"),
        ("SELECT readfile('/etc/passwd')", "readfile"),
        ("SELECT writefile('/tmp/x', 'y')", "writefile"),
        ("SELECT fts3_tokenizer('x')", "fts3_tokenizer"),
        ("SELECT zeroblob(2000000000)", "zeroblob() is not allowed"),
        ("SELECT printf('%.*c', 2000000000, 'x')", "100000 bytes"),
        ("SELECT title FROM shows WHERE title = ?", "parameters"),
        ("SELECT title FROM shows WHERE title = :t", "parameters"),
        ("SELECT FROM WHERE (", "parse"),
        ("SELECT 'unterminated", "parse"),
        ("(" * 3000 + "SELECT 1" + ")" * 3000, "nested"),
        ("SELECT 1 -- " + "x" * 20_001, "longer than"),
        ("SELECT '\x00'", "control characters (U+0000)"),
    ],
)
def test_refused_with_a_clear_message(sql, fragment):
    message = refused(sql)
    assert fragment.lower() in message.lower()


def test_parse_error_message_is_readable():
    message = refused("SELECT title FROM WHERE x = 1")
    assert "\x1b" not in message  # no terminal colour codes
    assert "<Token" not in message
    assert "near 'WHERE'" in message


# --- schema checks -----------------------------------------------------------


def test_unknown_table_lists_the_tables():
    message = refused("SELECT title FROM movies", schema=SCHEMA)
    assert "'movies'" in message
    assert "people, show_people, shows, shows_fts" in message


def test_unknown_qualified_column_lists_that_tables_columns():
    message = refused("SELECT s.titel FROM shows s JOIN people p ON 1 = 1", schema=SCHEMA)
    assert "'s.titel'" in message
    assert "show_id, type, title, director" in message
    assert "person_id" not in message
    nested = "SELECT title FROM shows s WHERE EXISTS (SELECT 1 FROM people p WHERE p.nme = s.title)"
    assert "'p.nme'" in refused(nested, schema=SCHEMA)


def test_unqualified_unknown_column_in_a_single_table_query():
    message = refused("SELECT titel FROM shows WHERE type = 'Movie'", schema=SCHEMA)
    assert "'titel'" in message and "release_year" in message


def test_unknown_database_is_refused():
    assert "'other'" in refused("SELECT title FROM other.shows", schema=SCHEMA)
    assert check_sql("SELECT title FROM main.shows", schema=SCHEMA).tables == ("shows",)


@pytest.mark.parametrize(
    "sql",
    [
        # CTE names, subquery aliases and select-list aliases are not tables or columns
        "WITH m AS (SELECT title AS t FROM shows) SELECT m.t, m.whatever FROM m",
        "SELECT x.a FROM (SELECT 1 AS a) x",
        "SELECT title AS t FROM shows ORDER BY t",
        "SELECT count(*) AS n FROM shows GROUP BY type HAVING n > 1",
        # unqualified names in multi-table queries are left to SQLite
        "SELECT title, nme FROM shows JOIN people ON 1 = 1",
        # double quotes may be a string literal to SQLite
        'SELECT title FROM shows WHERE type = "Movie"',
        # FTS5 hidden columns, rowid, table-valued functions and the schema table
        "SELECT show_id FROM shows_fts WHERE shows_fts MATCH 'dream' ORDER BY rank",
        "SELECT rowid, Title FROM SHOWS",
        "SELECT value FROM json_each('[1, 2]')",
        "SELECT name FROM sqlite_master",
        "SELECT s.title FROM shows s WHERE s.show_id IN (SELECT sp.show_id FROM show_people sp)",
    ],
)
def test_schema_check_does_not_flag_valid_names(sql):
    assert isinstance(check_sql(sql, schema=SCHEMA), GuardedSql)


def test_tables_and_free_text_flags():
    joined = check_sql(
        "SELECT s.show_id, p.name FROM shows s JOIN show_people sp USING (show_id) "
        "JOIN people p USING (person_id)",
        schema=SCHEMA,
    )
    assert joined.tables == ("shows", "show_people", "people")
    assert joined.reads_free_text is False
    assert check_sql("SELECT count(*) FROM shows", schema=SCHEMA).reads_free_text is False
    assert check_sql("SELECT description FROM shows", schema=SCHEMA).reads_free_text is True
    assert check_sql("SELECT * FROM shows", schema=SCHEMA).reads_free_text is True
    assert check_sql("SELECT s.* FROM shows s", schema=SCHEMA).reads_free_text is True


# --- fuzzing: only QueryRefusedError ever leaves -----------------------------

FRAGMENTS = [
    "SELECT", "FROM", "WHERE", "WITH", "RECURSIVE", "AS", "UNION", "ALL", "INTERSECT", "EXCEPT",
    "LIMIT", "OFFSET", "ORDER BY", "GROUP BY", "HAVING", "JOIN", "ON", "USING", "INTO", "VALUES",
    "INSERT", "UPDATE", "DELETE", "DROP", "CREATE", "ATTACH", "PRAGMA", "VACUUM", "BEGIN", "SET",
    "shows", "people", "s", "title", "s.title", "t.x", "*", "count(*)", "load_extension('x')",
    "zeroblob(99999999)", "(", ")", ",", ";", "'", '"', "`", "[", "]", "--", "/*", "*/", "?", ":a",
    "1", "-1", "1e999", "0x7fffffffffffffff", "'text'", "NULL", "=", "<>", "||", "CASE", "END",
]  # fmt: skip


@st.composite
def sqlish(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=6), max_size=25))
    return " ".join(parts)


def _holds_contract(sql: str) -> None:
    try:
        guarded = check_sql(sql, schema=SCHEMA)
    except QueryRefusedError as exc:
        assert str(exc).strip()
    else:
        assert isinstance(guarded.sql, str) and guarded.sql
        assert 0 <= guarded.limit <= 200


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_any_text_is_refused_or_guarded(sql):
    _holds_contract(sql)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sqlish())
def test_any_sqlish_text_is_refused_or_guarded(sql):
    _holds_contract(sql)
