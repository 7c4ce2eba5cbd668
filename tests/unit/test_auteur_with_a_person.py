"""Who directed and acted in one title, among a named person's titles ("… in a movie with
{person}", "has {person} both directed and acted"): the person scopes the titles. The relation
had been read only with no person named, so "who has both directed and acted in a movie with
Ben Stiller" was read as the directors of one Ben Stiller title at 0.95, a wrong answer. The
graph query and its SQL alternative both keep the person; truths from the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.tools.sql.guard import check_sql
from tests.unit.test_offline_planner import SQL_SCHEMA, plan


def _auteurs(catalog_df, name: str, kind: str | None) -> dict[str, int]:
    def names(v: str) -> set[str]:
        return {x.strip() for x in v.split(",") if x.strip()}

    out: dict[str, int] = {}
    for r in catalog_df.itertuples():
        if (kind and r.type != kind) or name not in names(r.cast) | names(r.director):
            continue
        for p in names(r.director) & names(r.cast):
            out[p] = out.get(p, 0) + 1
    return out


@pytest.mark.parametrize(
    ("question", "name", "kind"),
    [
        ("which people directed a film and also acted in it, in movies with ben stiller",
         "Ben Stiller", "Movie"),
        ("did clint eastwood direct and star in the same title?", "Clint Eastwood", None),
        ("anyone who both directed and acted in a film with tyler perry", "Tyler Perry",
         "Movie"),
    ],
)  # fmt: skip
def test_the_person_scopes_the_titles(catalog_df, catalog_reader, real_db, question, name, kind):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "auteur"
    assert [p.name for p in spec.titles.people] == [name]
    p = plan(catalog_reader.lex, question)
    cypher = next(c.args["query"] for c in p.calls if c.tool == "cypher")
    assert name in cypher
    p2 = plan(catalog_reader.lex, question, iteration=2, previous_plans=[p], results=[])
    sql = next(c.args["query"] for c in p2.calls if c.tool == "sql")
    got = real_db.execute(check_sql(sql, schema=SQL_SCHEMA).sql).fetchall()
    assert {r[0]: r[1] for r in got} == _auteurs(catalog_df, name, kind) != {}


def test_no_person_is_every_title(catalog_reader):
    (spec,) = catalog_reader.read("who has directed and acted in the same movie")
    assert spec.op == "auteur" and not spec.titles.people
