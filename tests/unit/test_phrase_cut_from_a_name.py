"""A phrase of titles' names read from a longer name the catalog lacks ("any pirates of the
caribbean movies" read as the titles with 'caribbean' in them) answers another question: the
unread word joined to the phrase by a name's small words ("of the", "and the") narrowed the set
too, so the reading is unsure (`whole_set.cut_phrase`); a franchise said whole, or some of its
titles named ("versions of baahubali"), stays sure.
Phrasings written for this test; truths with pandas on data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.whole_set import cut_phrase
from tests.unit.test_offline_planner import plan


def _titled(catalog_df, phrase: str) -> set[str]:
    return set(catalog_df[catalog_df["title"].str.contains(phrase, case=False)]["title"])


@pytest.mark.parametrize(
    ("question", "whole", "part"),
    [
        ("any pirates of the caribbean movies", "pirates of the caribbean", "caribbean"),
        ("all the pirates of the caribbean films pls", "pirates of the caribbean", "caribbean"),
        (
            "how many pirates of the caribbean films r there",
            "pirates of the caribbean",
            "caribbean",
        ),
    ],
)
def test_a_phrase_cut_from_a_missing_name_is_unsure(
    catalog_df, catalog_reader, question, whole, part
):
    assert not _titled(catalog_df, whole) and _titled(catalog_df, part)  # the CSV
    specs = catalog_reader.read(question)
    _, u = confidence.features(catalog_reader, question, specs, "")
    assert cut_phrase(question, specs, u.unused), (question, u.unused)
    p = plan(catalog_reader.lex, question)
    assert p.confidence is not None and p.confidence.probability < 0.5


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("all the lord of the rings movies", "lord of the rings"),
        ("how many star wars films", "star wars"),
        ("madagascar films n shows", "madagascar"),
        ("how many versions of baahubali r there", "baahubali"),
        ("list all the versions of baahubali", "baahubali"),
    ],
)
def test_a_franchise_said_whole_stays_sure(catalog_df, catalog_reader, question, phrase):
    assert _titled(catalog_df, phrase)
    specs = catalog_reader.read(question)
    _, u = confidence.features(catalog_reader, question, specs, "")
    assert not cut_phrase(question, specs, u.unused)
    p = plan(catalog_reader.lex, question)
    assert p.confidence is not None and p.confidence.probability >= 0.8
