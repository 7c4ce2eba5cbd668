"""A person typed without their middle initial is that person ("wenn deramas movies": Wenn V.
Deramas; "michael b jordan" stays whole), unless the short name is another person's whole name
or two people share it. Truths from data/netflix_titles.csv with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.short_names import short_names


def _people(df) -> set[str]:
    return {x.strip() for c in ("cast", "director") for v in df[c] for x in v.split(",") if x}


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("wenn deramas movies list", "Wenn V. Deramas"),
        ("what has ruby fee been in", "Ruby O. Fee"),
        ("films directed by pratim gupta", "Pratim D. Gupta"),
    ],
)
def test_a_name_without_its_middle_initial_is_that_person(
    catalog_df, catalog_reader, question, name
):
    people = _people(catalog_df.fillna(""))
    assert name in people and name.replace(name.split()[1] + " ", "") not in people
    (spec,) = catalog_reader.read(question)
    assert [p.name for p in spec.titles.people] == [name] and not spec.absent


def test_a_short_name_two_people_share_or_another_holds_whole_is_no_one():
    keys = {
        "richard c jones": "Richard C. Jones",
        "richard t jones": "Richard T. Jones",
        "michael jordan": "Michael Jordan",
        "michael b jordan": "Michael B. Jordan",
        "wenn v deramas": "Wenn V. Deramas",
    }
    assert short_names(keys) == {
        "wenn deramas": ["Wenn V. Deramas"],
        "richard jones": ["Richard C. Jones", "Richard T. Jones"],
    }


def test_a_short_name_two_people_share_offers_both(catalog_df, catalog_reader):
    people = _people(catalog_df)
    assert {"Richard C. Jones", "Richard T. Jones"} <= people and "Richard Jones" not in people
    specs = catalog_reader.read("richard jones movies")
    assert specs and specs[0].absent
    assert set(specs[0].absent[0].near) == {"Richard C. Jones", "Richard T. Jones"}
