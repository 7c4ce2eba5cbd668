"""A title phrase with a possessive 's ("god's not dead movies", "chef's table") counts the
titles holding it: the SQL pattern drops the 's as the title's words do. The truths are
computed from the CSV with pandas."""

from __future__ import annotations

import re
import sqlite3

import pytest

from agentic_rag.agent.rules import compile_sql
from agentic_rag.agent.rules.spec import TitleSet
from agentic_rag.folding import fold


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", fold(text).replace("'s ", " ").replace("'", "")))


@pytest.fixture(scope="module")
def titles_db(catalog_df):
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE shows (show_id TEXT, title TEXT, title_folded TEXT, type TEXT)")
    conn.executemany(
        "INSERT INTO shows VALUES (?, ?, ?, ?)",
        [(r.show_id, r.title, fold(r.title), r.type) for r in catalog_df.itertuples()],
    )
    return conn


@pytest.mark.parametrize(
    ("phrase", "kind"),
    [
        ("god's not dead", "Movie"),
        ("chef's table", None),
        ("charlie's angels", None),
        ("God’s Not Dead", None),  # a typographic apostrophe
        ("queen's gambit", "TV Show"),
    ],
)
def test_a_possessive_phrase_counts_its_titles(catalog_df, titles_db, phrase, kind):
    k = f" {_words(phrase.replace('’', "'"))} "
    rows = catalog_df[[k in f" {_words(t)} " for t in catalog_df["title"]]]
    truth = len(rows[rows["type"] == kind] if kind else rows)
    (n,) = titles_db.execute(compile_sql.count(TitleSet(title_has=[phrase], type=kind))).fetchone()
    assert truth >= 1 and n == truth


def test_a_phrase_without_a_possessive_keeps_its_apostrophe(catalog_df, titles_db):
    (n,) = titles_db.execute(compile_sql.count(TitleSet(title_has=["don't"]))).fetchone()
    truth = sum(bool(re.search(r"\bdon'?t\b", fold(t))) for t in catalog_df["title"])
    assert n >= 1 and n <= truth
