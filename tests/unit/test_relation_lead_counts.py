"""A relation's lead names ten people and says how many more its rows hold ("and 2 more"), and
when the rows filled the query's limit it says there may be more still ("at least"), instead of
reading as the whole list: "people who directed and starred in a comedy in 2019" has 12 (its
lead used to stop at ten without a word). Phrasings written for this test; the counts are
computed with pandas on data/netflix_titles.csv and the SQL runs over a store built from it."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import relations


def _people(v: str) -> set[str]:
    return {x.strip() for x in v.split(",") if x.strip()}


def _auteurs(df, genre: str, year: str) -> set[str]:
    """The people who directed and acted in one title of the genre released that year."""
    rows = df[df["listed_in"].str.contains(genre) & (df["release_year"] == year)]
    return {
        p
        for d, c in zip(rows["director"], rows["cast"], strict=True)
        for p in _people(d) & _people(c)
    }


def _both(df, a: str, b: str) -> set[str]:
    """The people credited (any role) on a title with `a` and on a title with `b`."""

    def near(name: str) -> set[str]:
        crew = [_people(f"{d},{c}") for d, c in zip(df["director"], df["cast"], strict=True)]
        return {p for ppl in crew if name in ppl for p in ppl} - {name}

    return (near(a) & near(b)) - {a, b}


def _lead(reader, db, question: str) -> tuple[str, int]:
    spec = reader.read(question)[0]
    cur = db.execute(relations.sql(spec))
    keys = [c[0] for c in cur.description]
    rows = [dict(zip(keys, r, strict=True)) for r in cur.fetchall()]
    line = relations.sentence(spec.op, "Lead", rows, 1, lambda x: f"**{x}**")
    return line, len(rows)


@pytest.mark.parametrize(
    ("question", "genre", "year"),
    [
        ("people who directed and starred in a comedy in 2019", "Comedies", "2019"),
        ("who directed n acted in the same drama from 2018", "Dramas", "2018"),
        ("which directors also acted in their own horror movie in 2017", "Horror", "2017"),
    ],
)
def test_auteur_lead_says_how_many_it_did_not_name(
    catalog_df, catalog_reader, csv_db, question, genre, year
):
    truth = _auteurs(catalog_df, genre, year)
    line, got = _lead(catalog_reader, csv_db, question)
    assert got == min(len(truth), relations.ROWS), question
    named = line.count("**")
    assert named // 2 == min(len(truth), relations.NAMED), line
    if len(truth) > relations.ROWS:
        assert f"at least {relations.ROWS - relations.NAMED} more" in line, line
    elif len(truth) > relations.NAMED:
        assert f" and {len(truth) - relations.NAMED} more: " in line, line


@pytest.mark.parametrize(
    ("question", "a", "b"),
    [
        ("who worked with both anurag kashyap and karan johar", "Anurag Kashyap", "Karan Johar"),
        ("people who worked with shah rukh khan and with kajol", "Shah Rukh Khan", "Kajol"),
        ("anyone who worked w both yilmaz erdogan and cem yilmaz", "Yılmaz Erdoğan", "Cem Yılmaz"),
    ],
)
def test_shared_lead_never_reads_a_full_page_as_the_whole_list(
    catalog_df, catalog_reader, csv_db, question, a, b
):
    truth = _both(catalog_df, a, b)
    line, got = _lead(catalog_reader, csv_db, question)
    assert got == min(len(truth), relations.ROWS), question
    if got >= relations.ROWS:
        assert f"at least {got - relations.NAMED} more" in line, line
    elif got > relations.NAMED:
        assert f" and {got - relations.NAMED} more: " in line, line


def test_more_words():
    assert relations.more(relations.NAMED) == ""
    assert relations.more(12) == " and 2 more"
    assert (
        relations.more(12, ["Tig Notaro", "Wyatt Cenac"]) == " and 2 more: Tig Notaro, Wyatt Cenac"
    )
    assert "at least 20 more" in relations.more(relations.ROWS)
