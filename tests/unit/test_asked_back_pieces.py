"""A piece that only asks back whether the catalog holds what the piece before it named ("breaking
bad?? is it here", "okja! can i watch it") is one question with that piece, whichever mark ends
the name. Truth: the CSV's titles (pandas, accent- and case-blind)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.holding_cues import joined_back
from agentic_rag.folding import fold


@pytest.mark.parametrize(
    ("pieces", "joined"),
    [
        (["breaking bad??", "is it here"], ["breaking bad - is it here"]),
        (["okja!", "can i watch it"], ["okja - can i watch it"]),
        (
            ["the crown?", "do you guys have it on netflix"],
            ["the crown - do you guys have it on netflix"],
        ),
        (["korean movies?", "how many are there"], ["korean movies?", "how many are there"]),
        (["is it here"], ["is it here"]),  # nothing before it to join
    ],
)
def test_a_piece_asking_back_joins_the_name_before_it(pieces, joined):
    assert joined_back(pieces) == joined


@pytest.mark.parametrize(
    ("question", "title", "held"),
    [
        ("breaking bad?? is it here", "Breaking Bad", True),
        ("okja! can i watch it", "Okja", True),
        ("the godfather?? is it on netflix", "The Godfather", False),
        ("interstellar. do you have it", "Interstellar", False),
        ("the irishman!! can i stream it", "The Irishman", True),
    ],
)
def test_the_name_is_looked_up_once(catalog_df, catalog_reader, question, title, held):
    assert (fold(title) in {fold(t) for t in catalog_df["title"]}) == held
    specs = catalog_reader.read(question)
    assert len(specs) == 1
    (spec,) = specs
    if held:
        assert spec.titles.titles == [title] and not spec.absent
    else:
        assert [a.name for a in spec.absent] == [title]
