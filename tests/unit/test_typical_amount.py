"""The typical or usual amount of a set ("the typical number of seasons for a reality show",
"usual runtime of a bollywood movie"): its mean (`cues.yaml` average). Truth: the CSV (pandas)."""

from __future__ import annotations

import pytest

from tests.unit.reading_sure import sure
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("question", "field", "value", "kind"),
    [
        ("whats the typical number of seasons for a reality show", "listed_in", "Reality TV",
         "TV Show"),
        ("typical season count for teen tv shows", "listed_in", "Teen TV Shows", "TV Show"),
        ("usual runtime of a bollywood movie?", "country", "India", "Movie"),
        ("usual length of a turkish film", "country", "Turkey", "Movie"),
    ],
)  # fmt: skip
def test_a_typical_amount_is_the_mean(
    catalog_df, catalog_reader, real_db, question, field, value, kind
):
    of = catalog_df[catalog_df[field].apply(lambda v: value in {x.strip() for x in v.split(",")})]
    of = of[of["type"] == kind]
    truth = of["duration"].str.extract(r"(\d+)")[0].astype(float).mean()
    [spec] = catalog_reader.read(question)
    assert spec.op == "average"
    p = plan(catalog_reader.lex, question)
    got = next(real_db.execute(c.args["query"]).fetchall()[0][0] for c in p.calls)
    assert got == pytest.approx(truth, abs=0.01)
    assert sure(catalog_reader, question) >= 0.8
