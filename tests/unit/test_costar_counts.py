"""How many people someone worked with ("how many diff directors has tom hanks worked with",
"how many actors has martin scorsese directed", "number of distinct directors X has been
directed by"): `costar_count` reads the counted noun's role and the person's own, and the
count is of distinct people. A count of "actresses" is not read so (the catalog has no gender).
Phrasings written for this test; truths with pandas on data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.costar_count import count_of
from agentic_rag.agent.rules.costar_sql import costars
from tests.unit.sql_rows import cell_names


def _truth(df, person: str, mine: tuple[str, ...], theirs: tuple[str, ...], years=None) -> int:
    rows = [
        r
        for _, r in df.iterrows()
        if any(person in cell_names(r[c]) for c in mine)
        and (years is None or years[0] <= int(r["release_year"]) <= years[1])
    ]
    return len({x for r in rows for c in theirs for x in cell_names(r[c])} - {person})


@pytest.mark.parametrize(
    ("question", "person", "mine", "theirs", "years"),
    [
        (
            "how many diff directors has tom hanks worked with",
            "Tom Hanks",
            ("cast", "director"),
            ("director",),
            None,
        ),
        (
            "number of distinct directors tom hanks has been directed by",
            "Tom Hanks",
            ("cast",),
            ("director",),
            None,
        ),
        (
            "how many actors has martin scorsese directed",
            "Martin Scorsese",
            ("director",),
            ("cast",),
            None,
        ),
        (
            "total number of directors shah rukh khan has worked with",
            "Shah Rukh Khan",
            ("cast", "director"),
            ("director",),
            None,
        ),
        (
            "how many co-stars has kevin hart had in the 2010s",
            "Kevin Hart",
            ("cast", "director"),
            ("cast",),
            (2010, 2019),
        ),
        (
            "how many different people has meryl streep worked with",
            "Meryl Streep",
            ("cast", "director"),
            ("cast", "director"),
            None,
        ),
    ],
)
def test_a_count_of_coworkers_counts_distinct_people(
    catalog_df, catalog_reader, csv_db, question, person, mine, theirs, years
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars" and spec.counted, question
    p = spec.titles.people[0]
    among = spec.titles.model_copy(update={"people": spec.titles.people[1:]})
    query = count_of(costars(p.name, spec.role, own=p.role, among=among))
    (found,) = csv_db.execute(query).fetchone()
    assert found == _truth(catalog_df, person, mine, theirs, years), question


def test_a_count_of_actresses_is_not_read_as_a_count_of_the_cast(catalog_reader):
    (spec,) = catalog_reader.read("how many actresses has adam sandler acted with")
    assert not spec.counted
