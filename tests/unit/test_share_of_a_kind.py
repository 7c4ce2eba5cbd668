"""A share's base: a kind of title said right after "of" with no verb before the part
("percentage of films longer than 2 hrs": of the films, those over two hours, not a share of
the whole catalog), and a relative clause before the part's own verb ("titles that list taiwan
as a country are tv shows": of Taiwan's titles, the TV shows). Truth: the CSV (pandas)."""

from __future__ import annotations

import pytest

from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("question", "kind", "unit", "lo"),
    [
        ("percentage of films longer than 2 hrs", "Movie", "min", 121),
        ("share of movies over the 150 minute mark", "Movie", "min", 151),
        ("what percent of tv shows with more than 3 seasons", "TV Show", "Season", 4),
    ],
)
def test_the_kind_after_of_is_the_base(
    catalog_df, catalog_reader, real_db, question, kind, unit, lo
):
    [spec] = catalog_reader.read(question)
    assert spec.op == "share" and spec.titles.type == kind
    of = catalog_df[catalog_df["type"] == kind]
    amounts = of["duration"].str.extract(rf"(\d+) {unit}")[0].astype(float)
    truth = round(100 * (amounts >= lo).sum() / len(of), 1)
    p = plan(catalog_reader.lex, question)
    got = next(real_db.execute(c.args["query"]).fetchall()[0] for c in p.calls if c.tool == "sql")
    assert got[0] == truth and got[2] == len(of)


def test_a_share_with_no_kind_first_is_of_the_catalog(catalog_reader):
    [spec] = catalog_reader.read("what % are romantic tv shows")
    assert spec.op == "share" and spec.titles.type is None


@pytest.mark.parametrize(
    ("question", "country", "kind"),
    [
        ("what percent of titles that list taiwan as a country are tv shows", "Taiwan", "TV Show"),
        ("what share of titles which credit japan as a country are movies", "Japan", "Movie"),
        ("what % of titles that list spain as a country are tv shows", "Spain", "TV Show"),
    ],
)
def test_a_relative_clause_belongs_to_the_base(
    catalog_df, catalog_reader, real_db, question, country, kind
):
    of = catalog_df[catalog_df["country"].fillna("").str.split(", ").apply(lambda c: country in c)]
    truth = round(100 * (of["type"] == kind).sum() / len(of), 1)
    p = plan(catalog_reader.lex, question)
    got = next(real_db.execute(c.args["query"]).fetchall()[0] for c in p.calls if c.tool == "sql")
    assert got[0] == truth and got[2] == len(of)
