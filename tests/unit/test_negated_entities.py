"""Entities said as left out (`agent/rules/negation.py`): "movies not from the us", "titles
other than tv-ma", "korean titles that aren't dramas" — a negated tag whose set goes to
`TitleSet.without`, compiled to `NOT (...)` in SQL (no Cypher), said as "not ..." in the
reading; a cue whose scope is a guess ("not from india and japan") stays unread."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.confidence import MEANING_CAP
from agentic_rag.agent.rules.phrasing import reading_line
from agentic_rag.agent.rules.spec import TitleSet
from tests.unit.test_offline_planner import ROWS, plan, rows

# show_id, title, type, year, date_added, rating, minutes, seasons, description, country, genre
_TV_GENRES = {"Dramas": ("Dramas", "TV Dramas"), "Comedies": ("Comedies", "TV Comedies")}


def _count(keep) -> int:
    return sum(1 for r in ROWS if keep(r))


@pytest.mark.parametrize(
    ("question", "want"),
    [
        ("how many movies are not from the united states",
         _count(lambda r: r[2] == "Movie" and r[9] != "United States")),
        ("how many titles other than tv-ma are there", _count(lambda r: r[5] != "TV-MA")),
        ("how many titles from south korea that aren't dramas",
         _count(lambda r: r[9] == "South Korea" and r[10] not in _TV_GENRES["Dramas"])),
        ("how many movies excluding comedies",
         _count(lambda r: r[2] == "Movie" and r[10] not in _TV_GENRES["Comedies"])),
        ("how many non indian movies", _count(lambda r: r[2] == "Movie" and r[9] != "India")),
        ("how many titles excluding the ones from india", _count(lambda r: r[9] != "India")),
        ("count the movies besides american ones",
         _count(lambda r: r[2] == "Movie" and r[9] != "United States")),
    ],
)  # fmt: skip
def test_a_negated_entity_leaves_its_titles_out(lexicon, db, question, want):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert spec.titles.without and not any(c.tool == "cypher" for c in p.calls)
    assert rows(db, p)[0][0] == want
    sure = p.confidence  # the cue was read: no unused meaning word caps the confidence
    assert sure is not None and sure.probability > MEANING_CAP and not sure.unsure


def test_the_left_out_set_is_its_own_and_the_kept_filters_stay(reader):
    (spec,) = reader.read("how many movies from south korea that are not rated tv-ma")
    assert spec.titles.type == "Movie" and spec.titles.countries == ["South Korea"]
    assert spec.titles.without == [TitleSet(ratings=["TV-MA"])]
    assert "not rated TV-MA" in reading_line([spec])


def test_two_left_out_entities_are_two_sets(reader):
    (spec,) = reader.read("how many titles not from india and not rated r")
    assert spec.titles.without == [TitleSet(countries=["India"]), TitleSet(ratings=["R"])]
    assert not spec.titles.countries and not spec.titles.ratings


@pytest.mark.parametrize(
    ("question", "left_out"),
    [
        ("how many movies not from india and not from egypt", [["India"], ["Egypt"]]),
        ("titles that are not comedies and not dramas, count", None),
    ],
)
def test_two_entities_of_a_kind_each_with_its_own_cue_are_each_left_out(reader, question, left_out):
    (spec,) = reader.read(question)
    assert len(spec.titles.without) == 2 and not spec.titles.countries and not spec.titles.genres
    if left_out:
        assert [w.countries for w in spec.titles.without] == left_out


@pytest.mark.parametrize(
    "question", ["which movies are not from india and japan", "how many titles that are not r"]
)
def test_a_cue_whose_scope_is_a_guess_stays_unread(lexicon, reader, question):
    tags = reader.tagger.tag(question)
    assert not any(t.negated for t in tags)
    sure = plan(lexicon, question).confidence
    assert sure is not None and sure.probability <= MEANING_CAP
    assert any("'not'" in u for u in sure.unsure)


def test_a_negation_word_negates_only_the_entity_or_bound_after_it(reader):
    tags = reader.tagger.tag("movies from india not released in 2019")
    assert [t.value for t in tags if t.kind == "country"] == ["India"]
    #: the year after the cue is the bound left out (`negation.BOUND_KINDS`), not the country
    assert [t.kind for t in tags if t.negated] == ["release"]


def test_a_ranking_of_groups_leaves_the_named_group_out_not_its_titles(lexicon, db):
    p = plan(lexicon, "apart from the united states which country has the most titles")
    (spec,) = p.reading
    assert spec.op == "most" and spec.by == "country"
    query = next(c.args["query"] for c in p.calls if c.tool == "sql")
    assert "c.name NOT IN ('United States')" in query and "NOT COALESCE" not in query
    got = rows(db, p)
    assert got[0][0] == "South Korea" and "United States" not in {r[0] for r in got}
