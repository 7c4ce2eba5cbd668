"""A follow-up that points at the group the answer before led with: "most common country for
X" then "how many came from there"; "top rating of Y" then "count of those with that one";
"which year had the most Z" then "how many came out that year". The turn before is made as the
agent makes it (its SQL on the CSV's catalog; the group its rows led with kept as data,
`TurnSummary.led`); rows naming no single leader (a tie) leave the referent unknown and the
reading unsure. Phrasings written for this
rule; truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import compile_sql
from agentic_rag.agent.rules.group_refs import BARE, UNKNOWN_SURE, UNREAD, led_by


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


def _turn(reader, db, question: str) -> TurnSummary:
    """The turn as the agent answers it: its ranking's SQL run, the group its rows led with."""
    (spec,) = reader.read(question)
    assert spec.op == "most"
    cur = db.execute(compile_sql.group(spec))
    keys = [d[0] for d in cur.description]
    rows = [dict(zip(keys, r, strict=True)) for r in cur.fetchall()]
    return TurnSummary(question, question, "(the answer's text is not read)", led=led_by(rows))


def _truth(df, case: str) -> int:
    g, c, movie = df["listed_in"], df["country"], df["type"] == "Movie"
    return int(
        {
            "cult": _has(g, "Cult Movies") & _has(c, "United States"),
            "spanish": _has(g, "Spanish-Language TV Shows") & (df["rating"] == "TV-MA"),
            "british": (df["type"] == "TV Show") & _has(c, "United Kingdom")
            & (df["rating"] == "TV-MA"),
            "standup": (_has(g, "Stand-Up Comedy") | _has(g, "Stand-Up Comedy & Talk Shows"))
            & _has(c, "United States"),  # "stand-up titles": the films' genre and the shows'

            "horror": movie & _has(g, "Horror Movies") & _has(c, "United States")
            & (df["release_year"].astype(int) > 2015),
        }[case].sum()
    )  # fmt: skip


@pytest.mark.parametrize(
    ("first", "then", "case"),
    [
        ("most common country for cult movies", "ok how many cult movies came from there", "cult"),
        ("whats the most common rating for spanish-language tv shows",
         "count of shows with that one", "spanish"),
        ("which rating do most british tv shows have", "how many british shows have that rating",
         "british"),
        ("top country for stand-up comedy", "and how many stand-up titles are from that country",
         "standup"),
        ("which country made the most horror movies",
         "how many horror movies came from there after 2015", "horror"),
    ],
)  # fmt: skip
def test_the_group_the_answer_led_with(catalog_reader, csv_db, catalog_df, first, then, case):
    (spec,) = catalog_reader.read(then, [_turn(catalog_reader, csv_db, first)])
    assert spec.op == "count"
    (n,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert n == _truth(catalog_df, case)


def test_a_year_led_with(catalog_reader, csv_db, catalog_df):
    """ "which year had the most anime releases", then "how many anime came out that year"."""
    turn = _turn(catalog_reader, csv_db, "which release year had the most anime features")
    (spec,) = catalog_reader.read("how many anime features came out that year", [turn])
    anime = catalog_df[_has(catalog_df["listed_in"], "Anime Features")]
    year = int(anime["release_year"].astype(int).value_counts().idxmax())
    assert (spec.titles.year_from, spec.titles.year_to) == (year, year)
    (n,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert n == int((anime["release_year"].astype(int) == year).sum())


def test_a_tie_leaves_the_referent_unknown(catalog_reader):
    """Rows tied for first name no one group: 'there' cannot be read, and is unsure."""
    rows = [{"country": "Chile", "titles": 3}, {"country": "Peru", "titles": 3}]
    assert led_by(rows) is None and led_by([rows[0], {"country": "Peru", "titles": 2}]) == "Chile"
    answer = "**Chile**, with **3** titles [1]."  # text a turn's answer might hold: never read
    turn = TurnSummary("which country has the most cult movies", "", answer, led=led_by(rows))
    (spec,) = catalog_reader.read("ok how many came from there", [turn])
    assert spec.confidence <= UNKNOWN_SURE and not spec.titles.countries


def test_there_of_a_count_is_no_referent(catalog_reader, csv_db):
    """'how many are there' after a ranking points at no group (and is unsure: `BARE`)."""
    turn = _turn(catalog_reader, csv_db, "which country made the most horror movies")
    (spec,) = catalog_reader.read("how many are there", [turn])
    assert not spec.titles.countries


def test_a_bare_count_after_a_ranking_is_unsure(catalog_reader, csv_db):
    """ "which year had the most korean releases", then "and how many were there": of that year
    (the answer said it) or of every year? Read as the whole set's count, noted unsure."""
    turn = _turn(catalog_reader, csv_db, "which year had the most korean releases")
    (spec,) = catalog_reader.read("and how many were there", [turn])
    assert BARE in spec.notes and spec.titles.year_from is None


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("who are the directors of stand-up specials", "how many specials did that one make"),
        ("who acted in okja", "what else was that one in"),
        ("which directors made the most anime", "how many did that one make after 2015"),
    ],
)
def test_that_one_of_people_not_read_is_unsure(catalog_reader, first, then):
    """ "that one" after an answer of people (or groups) that the reading took nothing of: no
    title, person or group of that answer in it, so unsure which one was meant."""
    turn = TurnSummary(first, first, "**A**, **B** [1].")
    (spec,) = catalog_reader.read(then, [turn])
    took = spec.titles.show_ids or spec.titles.people or spec.ref
    assert took or UNREAD in spec.notes
