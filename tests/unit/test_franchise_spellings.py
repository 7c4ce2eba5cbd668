"""Titles write 'and' as '&' ("Fast & Furious Spy Racers", "Thomas & Friends: ..." beside
"Thomas and Friends"): a phrase typed with either spelling means the titles with either, in
the reader's lexicon and in the SQL phrase match alike. A phrase of titles of one type asked
for as the other ("bakugan films") says 0 and how many of the other type there are; "every"
before a phrase lists its titles like "all". Truths computed with pandas."""

from __future__ import annotations

import re
import sqlite3

import pytest

from agentic_rag.agent.rules import compile_sql
from agentic_rag.agent.rules.spec import TitleSet
from agentic_rag.folding import fold


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", fold(text).replace("&", " and ")))


def _with(df, phrase: str, kind: str | None = None) -> set[str]:
    k = f" {_words(phrase)} "
    rows = df[[k in f" {_words(t)} " for t in df["title"]]]
    return set(rows[rows["type"] == kind]["title"] if kind else rows["title"])


def _count(df, title_set: TitleSet) -> int:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE shows (show_id TEXT, title TEXT, title_folded TEXT, type TEXT)")
    conn.executemany(
        "INSERT INTO shows VALUES (?, ?, ?, ?)",
        [(r.show_id, r.title, fold(r.title), r.type) for r in df.itertuples()],
    )
    return conn.execute(compile_sql.count(title_set)).fetchone()[0]


@pytest.mark.parametrize(
    ("typed", "other"),
    [("ginny & georgia", "ginny and georgia"), ("thomas and friends", "thomas & friends")],
)
def test_either_spelling_of_and_finds_the_same_titles(catalog_df, typed, other):
    expected = _with(catalog_df, typed)
    assert any("&" in t for t in expected) and len(expected) >= 2
    assert _count(catalog_df, TitleSet(title_has=[typed])) == len(expected)
    assert _count(catalog_df, TitleSet(title_has=[other])) == len(expected)


@pytest.mark.parametrize(
    ("question", "phrase", "kind"),
    [
        ("any ginny and georgia stuff?", "ginny and georgia", None),
        ("how many thomas & friends movies", "thomas & friends", "Movie"),
        ("every fast & furious cartoons u have", "fast & furious", None),
        ("got fast and furious shows", "fast and furious", "TV Show"),
    ],
)
def test_a_phrase_typed_with_and_or_ampersand_means_its_titles(
    catalog_df, catalog_reader, question, phrase, kind
):
    expected = _with(catalog_df, phrase, kind)
    assert expected
    (spec,) = catalog_reader.read(question)
    assert spec.titles.title_has == [phrase] and spec.titles.type == kind and not spec.absent
    found = catalog_reader.lex.titles_with(phrase)
    assert len(found) == len(set(found))  # each title once, whichever spelling matched
    assert {t for t in found if kind in (None, catalog_reader.lex.show(t).type)} == expected


def test_words_joined_by_and_inside_a_title_are_no_name(catalog_df, catalog_reader):
    inside = _with(catalog_df, "rock and roll")
    assert inside and not any(_words(t).startswith("rock and roll") for t in inside)
    (spec,) = catalog_reader.read("rock and roll movies")
    assert spec.titles.title_has == []


@pytest.mark.parametrize(
    ("question", "phrase", "kind", "other"),
    [
        ("bakugan films?", "bakugan", "Movie", "TV Show"),
        ("r there transformers movies", "transformers", "Movie", "TV Show"),
    ],
)
def test_no_titles_of_the_type_asked_names_the_phrases_other_type(
    catalog_df, catalog_reader, question, phrase, kind, other
):
    from agentic_rag.agent.rules.compiler import Compiler
    from agentic_rag.agent.rules.sentences import Part, listed
    from agentic_rag.tools.base import ToolResult, ToolStatus

    theirs = len(_with(catalog_df, phrase, other))
    assert not _with(catalog_df, phrase, kind) and theirs >= 2
    (spec,) = catalog_reader.read(question)
    assert spec.titles.title_has == [phrase] and spec.titles.type == kind
    steps = Compiler(catalog_reader.lex).steps(spec, [], {"sql"})
    (total,) = [c for alts in steps for c in alts if c.role == "total"]
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE shows (show_id TEXT, title TEXT, title_folded TEXT, type TEXT)")
    conn.executemany(
        "INSERT INTO shows VALUES (?, ?, ?, ?)",
        [(r.show_id, r.title, fold(r.title), r.type) for r in catalog_df.itertuples()],
    )
    cur = conn.execute(total.args["query"])
    row = dict(zip([d[0] for d in cur.description], cur.fetchone(), strict=True))
    counted = ToolResult(call_id="1.2", tool="sql", status=ToolStatus.OK, rows=[row])
    said = listed(Part(number=1, spec=spec), None, (1, counted))
    noun = "movies" if kind == "Movie" else "TV shows"
    assert said.startswith(f"There are **0** {noun}") and f"{theirs} TV shows" in said


@pytest.mark.parametrize(
    ("question", "phrase", "kind"),
    [
        ("every barbie film", "barbie", "Movie"),
        ("show me every power rangers series", "power rangers", "TV Show"),
    ],
)
def test_every_before_a_phrase_lists_its_titles(catalog_df, catalog_reader, question, phrase, kind):
    assert len(_with(catalog_df, phrase, kind)) >= 2
    (spec,) = catalog_reader.read(question)
    assert spec.op == "list" and spec.titles.title_has == [phrase] and spec.titles.type == kind
    assert not spec.about


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("how long is star wars episode viii", "Star Wars: Episode VIII: The Last Jedi"),
        ("who was in star wars: episode viii", None),
    ],
)
def test_a_title_typed_without_its_last_subtitle_is_that_title(
    catalog_df, catalog_reader, question, title
):
    typed = re.sub(r"^(?:how long is|who was in) ", "", question)
    opening = [t for t in catalog_df["title"] if f"{_words(t)} ".startswith(f"{_words(typed)} ")]
    (one,) = opening  # the only title that opens with the typed words, past a colon of it
    assert one.count(":") >= 2 and _words(one) != _words(typed)
    (spec,) = catalog_reader.read(question)
    assert spec.titles.titles == [title or one] and not spec.absent


@pytest.mark.parametrize("typed", ["lego marvel super heroes", "money heist"])
def test_words_several_titles_open_with_or_a_first_part_alone_are_no_one_title(
    catalog_df, catalog_reader, typed
):
    opening = [t for t in catalog_df["title"] if f"{_words(t)} ".startswith(f"{_words(typed)} ")]
    assert len(opening) >= 2 or all(t.count(":") < 2 for t in opening)
    assert catalog_reader.lex.title(typed) is None
