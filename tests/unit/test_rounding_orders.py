"""How to write the number ("DO NOT round to 100", "round to 2 decimals") is an order to the
assistant, set aside (`asides.yaml` `assistant_orders`): its number names no title ("The 100")
and the share before it is read alone. Phrasings written for this rule; truths from the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql


def _listed(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


@pytest.mark.parametrize(
    ("question", "genre", "country"),
    [
        (
            "what % of documentaries list the united states as a country? DO NOT round to 100",
            "Documentaries",
            "United States",
        ),
        (
            "what share of horror movies are from japan? round to 2 decimals",
            "Horror Movies",
            "Japan",
        ),
        ("what percentage of dramas are from india. dont round it", "Dramas", "India"),
    ],
)
def test_a_rounding_order_is_set_aside(
    catalog_reader, catalog_df, csv_db, question, genre, country
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.part is not None and not spec.titles.titles
    assert spec.part.countries == [country] and not spec.part.titles
    assert spec.ignored
    (percent, matching, total) = csv_db.execute(
        compile_sql.share(spec.titles, spec.part)
    ).fetchone()
    if genre != "Dramas":  # "dramas" is both genres: Dramas and TV Dramas
        base = catalog_df[_listed(catalog_df["listed_in"], genre)]
        assert total == len(base)
        assert percent == round(100 * _listed(base["country"], country).mean(), 1)
    assert 0 < matching < total


def test_round_up_as_a_verb_of_the_question_is_no_order(catalog_reader):
    spec = catalog_reader.read("round up the horror movies from 2019")[0]
    assert not spec.ignored
