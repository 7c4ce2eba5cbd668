"""A noun of what is asked that the reading neither reads nor shows ("the oldest korean movie
plot": a ranking's table holds no description; "… genre", "… country" neither) leaves the reading
unsure; a part that shows it (a title's entry) or reads it (a genre or country grouping or
filter) stays sure, and its answer is the CSV's. Wordings written for this test."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.unshown import unshown
from tests.unit.test_offline_planner import plan, rows


@pytest.mark.parametrize(
    ("question", "noun"),
    [
        ("the oldest korean movie plot", "plot"),
        ("oldest anime series description", "description"),
        ("the oldest british film genre", "genre"),
        ("newest mexican show synopsis", "synopsis"),
    ],
)
def test_an_attribute_a_ranking_does_not_show_is_unsure(catalog_reader, question, noun):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["top"]
    assert unshown(question, specs) == [noun]
    _, u = confidence.features(catalog_reader, question, specs, "")
    assert noun in u.meaning
    p = plan(catalog_reader.lex, question)
    assert p.confidence is not None and p.confidence.probability < 0.5


def _top_group(df, column: str, kind: str | None = None) -> tuple[str, int]:
    rows_ = df if kind is None else df[df["type"] == kind]
    held = rows_[column].dropna().str.split(",").explode().str.strip()
    counts = held[held != ""].value_counts()
    return str(counts.index[0]), int(counts.iloc[0])


@pytest.mark.parametrize(
    ("question", "column", "kind"),
    [
        ("which genre has the most titles", "listed_in", None),
        ("which country has the most movies", "country", "Movie"),
        ("what country produced the most tv shows", "country", "TV Show"),
    ],
)
def test_an_attribute_a_grouping_reads_stays_sure(
    catalog_df, catalog_reader, real_db, question, column, kind
):
    specs = catalog_reader.read(question)
    assert not unshown(question, specs)
    p = plan(catalog_reader.lex, question)
    assert tuple(rows(real_db, p)[0][:2]) == _top_group(catalog_df, column, kind)
    assert p.confidence is not None and p.confidence.probability >= 0.8


@pytest.mark.parametrize(
    ("question", "title", "column"),
    [
        ("what genre is okja", "Okja", "listed_in"),
        ("what country is roma from", "ROMA", "country"),
        ("the irishman - plot?", "The Irishman", "description"),
    ],
)
def test_an_entry_shows_the_attribute(catalog_df, catalog_reader, real_db, question, title, column):
    specs = catalog_reader.read(question)
    assert not unshown(question, specs)
    assert specs[-1].op == "describe" and specs[-1].titles.titles == [title]
    p = plan(catalog_reader.lex, question)
    query = next(c.args["query"] for c in p.calls if c.tool == "sql")
    cur = real_db.execute(query)
    cols = [c[0] for c in cur.description]
    entry = dict(zip(cols, cur.fetchone(), strict=True))
    truth = catalog_df[catalog_df["title"] == title].iloc[0][column]
    shown = {"listed_in": "genres", "country": "countries", "description": "description"}[column]
    assert entry.get(shown, entry.get(column)) is not None
    assert str(truth).split(",")[0].strip() in str(entry.get(shown, entry.get(column)))


@pytest.mark.parametrize(
    ("question", "word"),
    [
        (
            "movie where an old man with dementia follows a letter across the country to hunt "
            "down a nazi guard",
            "dementia",
        ),
        ("a documentary about a country singer's last tour", "country"),
        ("show where a teen writes a plot to ruin her school's prom", "prom"),
    ],
)
def test_a_noun_inside_a_story_searched_is_the_story(catalog_df, catalog_reader, question, word):
    specs = catalog_reader.read(question)
    assert specs[0].op == "search"
    assert not unshown(question, specs)
    assert catalog_df["description"].str.contains(word, case=False).any()
