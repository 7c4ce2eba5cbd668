"""'By the same guy' after a title: who made it; 'with the same guy': who is in it. "whats the
lobster about" then "any other movies by the same guy" lists the other titles its director made
(The Killing of a Sacred Deer), "is the irishman on here" then "anything else by the same man"
Scorsese's others, "whos in porto" then "other stuff with the same guy" those sharing its cast.
Truths from the CSV with pandas (exact names on the comma-split lists)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules.compose import SAME


def _after(question: str) -> list[TurnSummary]:
    return [TurnSummary(question, question, "...")]


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("any other movies by the same guy", "director"),
        ("anything else by the same woman", "director"),
        ("other stuff with the same guy", "cast"),
        ("shows with the same lady", "cast"),
        ("what else has the same director made", "director"),
    ],
)
def test_the_same_guy_is_the_role_its_preposition_says(text, role):
    m = SAME.search(text)
    assert m is not None, text
    assert (m.group(1) is not None) == (role == "director"), text
    assert (m.group(2) is not None) == (role == "cast"), text


@pytest.mark.parametrize(
    ("before", "then", "title", "role"),
    [
        ("whats the lobster about", "any other movies by the same guy", "The Lobster", "director"),
        ("is the irishman on here", "anything else by the same man", "The Irishman", "director"),
        ("whos in porto", "other stuff with the same guy", "Porto", "cast"),
    ],
)
def test_a_same_guy_follow_up_shares_that_role_with_the_title(
    catalog_df, catalog_reader, before, then, title, role
):
    row = catalog_df[catalog_df["title"] == title].iloc[0]
    people = [x.strip() for x in str(row[role]).split(",")]
    others = catalog_df[
        (catalog_df["title"] != title)
        & catalog_df[role].map(lambda s: bool(set(people) & {x.strip() for x in str(s).split(",")}))
    ]
    assert len(others) >= 1
    specs = catalog_reader.read(then, _after(before))
    assert specs[0].titles.titles == [title], then
    assert specs[-1].op == "list" and specs[-1].role == role, then
    assert not any(s.unresolved for s in specs), then
