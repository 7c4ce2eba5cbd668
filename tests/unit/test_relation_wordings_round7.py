"""Graph relations in wordings written for this test (none taken from a question set): "w" and
"w/" for "with", "overlap with the two of them" (no limit of two), the people named in a piece
of their own then "who ... with both", a remark about a person before the question of them, the
shortest chain said as "shortest chain" / "fewest steps" / "thru shared titles", "the one who
directed also acted in it", a co-star ranking "by number of shared titles", the common cast of
the titles a phrase names, and lower-case catalog titles in a list. Truth from the CSV with
pandas; the planned SQL runs on a database built from it."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence, relations


def _names(value: str) -> list[str]:
    return [x.strip() for x in str(value or "").split(",") if x.strip()]


def _unused(reader, question, specs) -> list[str]:
    _, u = confidence.features(reader, question, specs, "")
    return list(u.unused)


@pytest.mark.parametrize(
    ("question", "people"),
    [
        ("any actress who did a film w tom hanks and another one w meg ryan",
         ["Tom Hanks", "Meg Ryan"]),
        ("who was in something w/ robert de niro and something w/ al pacino",
         ["Robert De Niro", "Al Pacino"]),
        ("naomi watts + nicole kidman: which actors overlap with the two of them",
         ["Naomi Watts", "Nicole Kidman"]),
        ("tom hanks and meg ryan, anyone who has been in stuff with both",
         ["Tom Hanks", "Meg Ryan"]),
    ],
)  # fmt: skip
def test_shared_in_shorthand_and_group_wordings(catalog_reader, question, people):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["shared"]
    assert [p.name for p in specs[0].titles.people] == people
    assert specs[0].limit is None  # "the two of them" is the pair, not a limit of two


def test_a_number_of_them_is_still_a_limit(catalog_reader):
    (spec,) = catalog_reader.read("tom hanks movies, name two of them")
    assert spec.limit == 2


def _coworkers(df, person: str, cast_only: bool) -> set[str]:
    out: set[str] = set()
    for d, c in zip(df["director"], df["cast"], strict=True):
        if person in _names(d) + _names(c):
            out |= set(_names(c) if cast_only else _names(d) + _names(c))
    return out


@pytest.mark.parametrize(
    ("question", "cast_only"),
    [
        ("who worked with both shah rukh khan and kajol", False),
        ("anyone who has collaborated with both shah rukh khan and kajol", False),
        ("which actors have acted with both shah rukh khan and kajol", True),
        ("who starred alongside both shah rukh khan and kajol", True),
    ],
)
def test_worked_with_is_any_role_acted_with_the_cast(
    catalog_df, catalog_reader, csv_db, question, cast_only
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "shared"
    a, b = "Shah Rukh Khan", "Kajol"
    truth = (_coworkers(catalog_df, a, cast_only) & _coworkers(catalog_df, b, cast_only)) - {a, b}
    rows = csv_db.execute(relations.sql(spec, limit=100) or "").fetchall()
    assert {r[0] for r in rows} == truth
    assert "DIRECTED|ACTED_IN]->(s2" not in relations.cypher(spec) or not cast_only
    if not cast_only:  # the two directors who worked with both are among them
        assert len(truth) > len(
            (_coworkers(catalog_df, a, True) & _coworkers(catalog_df, b, True)) - {a, b}
        )


@pytest.mark.parametrize(
    "question",
    [
        "amitabh bachchan to tom cruise: shortest chain of people who worked together",
        "connect tom hanks and shah rukh khan in the fewest steps",
        "link kajol with tom hanks thru shared titles",
        "shah rukh khan and tom cruise: quickest path?",
    ],
)
def test_chain_wordings(catalog_reader, question):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["chain"]
    assert len(specs[0].titles.people) == 2


@pytest.mark.parametrize(
    "question",
    [
        "80s dramas where the person who directed also starred in it",
        "indian films where whoever directed it was also in the cast",
        "comedies where the one that directed it also acted — who?",
    ],
)
def test_the_one_who_directed_also_acted_is_the_auteur_relation(catalog_reader, question):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["auteur"]
    assert not specs[0].titles.people


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("shah rukh khan's go-to co-star by number of shared titles", "Shah Rukh Khan"),
        ("kajol's usual costar, ranked by count of shared movies", "Kajol"),
    ],
)
def test_costars_by_shared_titles_use_every_word(catalog_reader, question, person):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["costars"]
    assert [p.name for p in specs[0].titles.people] == [person]
    assert not {"shared", "number", "count"} & set(_unused(catalog_reader, question, specs))


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("kajol keeps showing up with the same actor.. who appears with her most", "Kajol"),
        ("tom hanks is great. who has he worked with the most", "Tom Hanks"),
    ],
)
def test_a_remark_about_a_person_then_the_question_of_them(catalog_reader, question, person):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["costars"]
    assert [p.name for p in specs[0].titles.people] == [person]
    assert specs[0].ignored  # the remark is set aside, and said to be


def test_a_listing_before_a_pronoun_is_no_remark(catalog_reader):
    specs = catalog_reader.read("titles starring tom hanks. which ones did he direct")
    assert len(specs) == 2


@pytest.mark.parametrize(
    ("question", "phrase", "role"),
    [
        ("which people are in both lord of the rings movies", "lord of the rings", None),
        ("cast shared by the lord of the rings films", "lord of the rings", "cast"),
        ("who's in every one of the twilight saga movies", "twilight saga", None),
    ],
)
def test_the_common_people_of_a_phrases_titles(
    catalog_df, catalog_reader, csv_db, question, phrase, role
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "people" and relations.common(spec)
    rows = catalog_df[catalog_df["title"].str.lower().str.contains(phrase)]
    rows = rows[rows["type"] == "Movie"]
    assert len(rows) >= 2
    sets = [
        set(_names(c) + ([] if role == "cast" else _names(d)))
        for d, c in zip(rows["director"], rows["cast"], strict=True)
    ]
    got = {r[0] for r in csv_db.execute(relations.common_sql(spec, limit=200)).fetchall()}
    assert got == set.intersection(*sets)


@pytest.mark.parametrize(
    ("question", "titles"),
    [
        ("who acted in both fruitvale station and black panther",
         ["Fruitvale Station", "Black Panther"]),
        ("cast common to black panther & fruitvale station",
         ["Black Panther", "Fruitvale Station"]),
    ],
)  # fmt: skip
def test_lower_case_titles_in_a_list(catalog_reader, question, titles):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "people" and relations.common(spec)
    assert spec.titles.titles == titles


def _chain_turn(reader, statuses: dict[int, str], found: int):
    from agentic_rag.agent.models import ExecutionPlan, PlannedCall
    from agentic_rag.tools.base import ToolResult, ToolStatus

    (spec,) = reader.read("how is tom hanks connected to kajol")
    queries = relations.chains(spec)
    calls = [
        PlannedCall(tool="cypher", purpose="chain", args={"query": q}, part=1) for q in queries
    ]
    plan = ExecutionPlan(reasoning="", resolved_question="", calls=calls, reading=[spec])
    results = [
        ToolResult(
            tool="cypher",
            call_id=f"1.{k}",
            status=ToolStatus(statuses.get(k, "ok" if k == found else "empty")),
            rows=[{"chain": ["Tom Hanks", "…", "Kajol"], "titles": k}] if k == found else [],
        )
        for k in range(1, len(queries) + 1)
    ]
    return [plan], results


@pytest.mark.parametrize(
    ("statuses", "found", "unsure"),
    [
        ({3: "timeout"}, 4, True),  # the 3-title search did not finish: 4 may not be shortest
        ({2: "error"}, 3, True),
        ({5: "timeout"}, 4, False),  # only a longer one did not finish
        ({}, 4, False),
        ({}, 0, True),  # nothing found within the bound
    ],
)
def test_a_chain_is_unproven_when_a_shorter_search_did_not_finish(
    catalog_reader, statuses, found, unsure
):
    from agentic_rag.agent.rules import evaluator

    plans, results = _chain_turn(catalog_reader, statuses, found)
    assert evaluator.unproven(plans, results) is unsure


def test_five_titles_are_met_from_both_ends(catalog_reader):
    (spec,) = catalog_reader.read("link tom hanks with kajol thru shared titles")
    queries = relations.chains(spec)
    assert len(queries) == relations.CHAIN_TITLES == relations.MET_TITLES
    assert [relations.chain_length({"query": q}) for q in queries] == [1, 2, 3, 4, 5]
    assert "UNWIND" in queries[-1] and "'Kajol'" in queries[-1]


@pytest.mark.parametrize(
    "question",
    ["akshay kumar's most frequent co-star by shared movies", "kajol's usual costar: shared films"],
)
def test_shared_works_said_last_are_used(catalog_reader, question):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["costars"]
    assert "shared" not in _unused(catalog_reader, question, specs)
