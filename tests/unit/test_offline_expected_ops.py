"""The truth script's stranger-set ops (tests/golden/make_offline_expected.py) on a tiny catalog."""

from __future__ import annotations

import csv
import sys

import pytest

from agentic_rag.eval.golden import GOLDEN_DIR

sys.path.insert(0, str(GOLDEN_DIR))
import make_offline_expected as moe

COLUMNS = ["show_id", "type", "title", "director", "cast", "country", "date_added",
           "release_year", "rating", "duration", "listed_in", "description"]  # fmt: skip
ROWS = [
    ("s1", "Movie", "Alpha", "Ann", "Bob, Cat", "Spain", "March 1, 2020", "2020", "R", "120 min",
     "Thrillers", "a heist"),
    ("s2", "Movie", "Beta", "Dan", "Cat, Eve", "Spain", "May 5, 2019", "2018", "R", "120 min",
     "Thrillers", "a robbery"),
    ("s3", "TV Show", "Gamma", "", "Eve, Fay", "Japan", "June 1, 2021", "2021", "TV-14",
     "3 Seasons", "Anime Series", "a quest"),
    ("s4", "Movie", "Barbie Dreams", "Gus", "Gus, Hal", "Spain", "July 1, 2021", "2021", "G",
     "80 min", "Children & Family Movies", "dolls"),
    ("s5", "TV Show", "Barbie Life", "", "Hal", "United States", "July 2, 2021", "2021", "TV-Y",
     "1 Season", "Kids' TV", "dolls"),
    ("s6", "Movie", "Pokémon Go", "Ivy", "Bob, Fay", "Japan", "", "2001", "PG", "90 min",
     "Anime Features", "monsters"),
]  # fmt: skip


@pytest.fixture(scope="module")
def df(tmp_path_factory: pytest.TempPathFactory):
    path = tmp_path_factory.mktemp("csv") / "tiny.csv"
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(COLUMNS)
        writer.writerows(ROWS)
    return moe.frame(path)


def run(df, **spec):
    return moe.NEW_OPS[spec["op"]](df, spec)


def test_first_names_ties_or_refuses_them(df) -> None:
    where = {"country": "Spain", "genre": "Thrillers"}
    with pytest.raises(moe.GoldenError, match="tie"):
        run(df, op="first", by="minutes", where=where)
    assert run(df, op="first", by="minutes", where=where, ties=True) == {
        "titles": ["Alpha", "Beta"]
    }
    assert run(df, op="first", by="release_year", ascending=True, n=2) == {
        "titles": ["Pokémon Go", "Beta"]
    }


def test_title_phrases_fold_accents_and_match_whole_words(df) -> None:
    assert run(df, op="count", where={"title_has": "pokemon"}) == {"numbers": [1]}
    assert run(df, op="counts", where={"title_has": "Barbie"},
               sets=[{"type": "Movie"}, {"type": "TV Show"}]) == {"numbers": [1, 1]}  # fmt: skip
    assert run(df, op="count", where={"title_has": "Barb"}) == {"numbers": [0]}
    assert run(df, op="count", where={"added_same_year": True}) == {"numbers": [4]}


def test_graph_ops(df) -> None:
    assert run(df, op="common", people=["Bob", "Eve"]) == {"names": ["Cat", "Fay"]}
    assert run(df, op="common", titles=["Alpha", "Beta"]) == {"names": ["Cat"]}
    assert run(df, op="director_actor") == {"names": ["Gus"]}
    with pytest.raises(moe.GoldenError, match="tie"):
        run(df, op="coworker_top", person="Cat")
    chain = run(df, op="chain", people=["Ann", "Dan"])
    assert chain["names"] == ["Cat"] and chain["numbers"] == [2]
    assert chain["chain"] == ["Ann", "Alpha", "Cat", "Beta", "Dan"]
    with pytest.raises(moe.GoldenError, match="every shortest chain"):
        run(df, op="chain", people=["Bob", "Eve"])  # via Cat (Alpha) or via Fay (Pokémon Go)


def test_parts_resolve_a_reference_to_the_title_before(df) -> None:
    spec = {"op": "parts", "parts": [
        {"op": "first", "by": "release_year", "ascending": True},
        {"op": "people", "role": "director", "title": "$prev"},
        {"op": "count", "where": {"country": "Japan"}},
    ]}  # fmt: skip
    assert moe.op_parts(df, spec) == {"titles": ["Pokémon Go"], "names": ["Ivy"], "numbers": [2]}
    assert run(df, op="mean", of="seasons", where={"type": "TV Show"}) == {"numbers": [2.0]}


def test_absent_refuses_things_the_catalog_holds(df) -> None:
    assert run(df, op="absent", title="Delta") == {"absent": "Delta"}
    assert run(df, op="absent", person="Zoe Quinn") == {"absent": "Zoe Quinn"}
    for spec in ({"title": "alpha"}, {"person": "eve"}, {"phrase": "Pokemon"}):
        with pytest.raises(moe.GoldenError, match="in the catalog"):
            run(df, op="absent", **spec)


def test_the_split_deals_every_family_half_and_half() -> None:
    import split_strangers

    pool = [{"id": f"fam-{i:02d}", "category": "aggregate" if i % 3 else "hybrid",
             "question": str(i)} for i in range(1, 9)]  # fmt: skip
    pool += [{"id": f"fu-{i:02d}{x}", "thread": f"t{i}", "category": "follow_up",
              "question": x} for i in range(1, 5) for x in "ab"]  # fmt: skip
    tune, check = split_strangers.split(pool)
    assert len(tune) == len(check) == 8
    assert sum(q["category"] == "hybrid" for q in tune) == 1  # 2 hybrids: one each
    threads = {q["thread"] for q in tune if "thread" in q}
    assert len(threads) == 2 and all(t.startswith("st-fu-") for t in threads)
    assert split_strangers.split(pool) == (tune, check)  # the seed fixes it
