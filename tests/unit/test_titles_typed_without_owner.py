"""A title typed without the owner it opens with (`spellings.owned`): "luke cage" is Marvel's
Luke Cage, "the lorax" Dr. Seuss' The Lorax, "the butler" Lee Daniels' The Butler, and the
owner said without its possessive names it too ("god not dead"); an everyday word left alone
("table" of Chef's Table) or an "is" contracted ("Let's Dance") names nothing. Phrasings
written for this rule; the titles found with pandas on the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.spellings import owned


def _ending(df, rest: str) -> list[str]:
    """The catalog titles that open with a name and a possessive and end with `rest`."""
    pattern = rf"^[A-Z][\w.]*(?: [A-Z][\w.]*)?['’]s? {rest}$"
    return df.loc[df["title"].str.contains(pattern, case=False, regex=True), "title"].tolist()


@pytest.mark.parametrize(
    ("question", "rest"),
    [
        ("how many seasons does luke cage have", "luke cage"),
        ("jessica jones rating?", "jessica jones"),
        ("who directed the lorax", "the lorax"),
        ("the butler cast", "the butler"),
        ("when did the defenders come out", "the defenders"),
    ],
)
def test_the_title_without_its_owner(catalog_reader, catalog_df, question, rest):
    truth = _ending(catalog_df, rest)
    assert len(truth) == 1, rest
    specs = catalog_reader.read(question)
    assert [t for s in specs for t in s.titles.titles] == truth, question


def test_the_owner_without_its_possessive(catalog_reader, catalog_df):
    truth = _ending(catalog_df, "not dead")
    specs = catalog_reader.read("is god not dead on netflix")
    assert [t for s in specs for t in s.titles.titles] == truth


def test_everyday_words_and_contractions_are_no_title():
    titles = ["Chef's Table", "Chef's Table: BBQ", "Chef's Table: France", "Let's Dance"]
    keys = owned([*titles, "Let's Eat", "Let's Fight Ghost", "Marvel's Luke Cage"], ["Marvel"])
    assert "table" not in keys and "dance" not in keys and "fight ghost" not in keys
    assert keys["luke cage"] == "Marvel's Luke Cage" and keys["table bbq"] == "Chef's Table: BBQ"
