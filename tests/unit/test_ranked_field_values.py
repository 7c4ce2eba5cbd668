"""The values of a field ranked by how many of a set's titles have them: "top three release
years for romantic tv shows", "the 3 years with the most documentaries", a later part "… plus
the country that made the most of them", "the most common rating among em". Truth: the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.sets import ranks_groups
from tests.unit.reading_sure import sure
from tests.unit.test_offline_planner import plan


def _of(df, column, value):
    return df[df[column].fillna("").str.split(", ").apply(lambda xs: value in xs)]


@pytest.mark.parametrize(
    ("question", "genre", "n"),
    [
        ("top three release years for anime series", "Anime Series", 3),
        ("top 5 years for stand-up comedy", "Stand-Up Comedy", 5),
        ("what are the 2 release years with the most documentaries", "Documentaries", 2),
    ],
)
def test_top_years_of_a_set_match_the_csv(catalog_df, catalog_reader, real_db, question, genre, n):
    [spec] = catalog_reader.read(question)
    assert (spec.op, spec.by, spec.limit) == ("most", "release_year", n)
    counts = _of(catalog_df, "listed_in", genre)["release_year"].value_counts()
    p = plan(catalog_reader.lex, question)
    got = [r[1] for r in real_db.execute(p.calls[0].args["query"]).fetchall()[:n]]
    assert got == list(counts.iloc[:n]) and sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    "masked",
    ["how many {genre} came out in {release}", "the years {genre} were made", "list {n} {type}"],
)
def test_years_not_ranked_are_no_ranking(masked):
    assert not ranks_groups(masked)


@pytest.mark.parametrize(
    ("question", "on", "value", "group"),
    [
        ("sports movies - total plus the country that made the most of them", "listed_in",
         "Sports Movies", "country"),
        ("number of anime features and the year with the most of them", "listed_in",
         "Anime Features", "release_year"),
        ("spanish films how many n whats the most common rating among em", "country", "Spain",
         "rating"),
        ("brazilian titles - count them plus the commonest genre of em", "country", "Brazil",
         "listed_in"),
        ("japanese shows: how many, and the most common rating among them", "country", "Japan",
         "rating"),
        # "the" or not, before another part or none
        ("reality tv how many + top country among those", "listed_in", "Reality TV", "country"),
        ("brazilian shows - number of them & top genre among those", "country", "Brazil",
         "listed_in"),
        # what is usual of the set: its most common value
        ("anime series: how many + whats the normal rating on those", "listed_in",
         "Anime Series", "rating"),
        ("indian tv shows how many n usual genre for those", "country", "India", "listed_in"),
    ],
)  # fmt: skip
def test_a_later_part_ranks_the_earlier_set(
    catalog_df, catalog_reader, real_db, question, on, value, group
):
    specs = catalog_reader.read(question)
    by = {"listed_in": "genre"}.get(group, group)
    assert [s.op for s in specs] == ["count", "most"] and specs[1].by == by
    rows = _of(catalog_df, on, value)
    if "films" in question or "shows" in question:  # "spanish films": the movies of Spain
        rows = rows[rows["type"] == ("Movie" if "films" in question else "TV Show")]
    top = rows[group].fillna("").astype(str).str.split(", ").explode().value_counts().index[0]
    p = plan(catalog_reader.lex, question)
    total, ranked = (real_db.execute(c.args["query"]).fetchall() for c in p.calls[:2])
    assert total[0][0] == len(rows) and str(ranked[0][0]) == top
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "on", "value", "group"),
    [
        ("whats the usual rating for kids tv", "listed_in", "Kids' TV", "rating"),
        # "thrillers": both genres of the name, movies' and shows'
        ("the typical country of thrillers", "listed_in", "Thrillers|TV Thrillers", "country"),
        ("typical genre of nigerian films?", "country", "Nigeria", "listed_in"),
        ("most frequent rating among stand-up comedy", "listed_in", "Stand-Up Comedy", "rating"),
    ],
)
def test_a_usual_value_is_the_most_common(
    catalog_df, catalog_reader, real_db, question, on, value, group
):
    [spec] = catalog_reader.read(question)
    assert (spec.op, spec.by) == ("most", {"listed_in": "genre"}.get(group, group))
    rows = catalog_df[
        catalog_df[on].str.split(", ").apply(lambda xs: bool(set(xs) & set(value.split("|"))))
    ]
    if "films" in question:
        rows = rows[rows["type"] == "Movie"]
    counts = rows[group].fillna("").astype(str).str.split(", ").explode().value_counts()
    p = plan(catalog_reader.lex, question)
    ranked = real_db.execute(p.calls[0].args["query"]).fetchall()
    assert str(ranked[0][0]) == counts.index[0] and ranked[0][1] == counts.iloc[0]
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    "question",
    ["what rating do korean shows usually get", "how many seasons do british shows typically run"],
)
def test_a_usual_value_the_reading_leaves_unread_is_unsure(catalog_reader, question):
    assert sure(catalog_reader, question) < 0.5


def test_a_typical_length_is_still_an_average(catalog_reader):
    [spec] = catalog_reader.read("what's the typical length of korean movies")
    assert spec.op == "average" and sure(catalog_reader, "typical runtime of anime features") >= 0.8
