"""A title typed without the marks inside its numbers or between its initials (`spellings.glued`):
"719" is 7:19, "2215" is 2,215, "10000 bc" is 10,000 B.C., "swat" is S.W.A.T.; a short word
of letters alone ("we" for W.E.) stays a word. Phrasings written for this rule; the titles
found with pandas on the CSV (digits and initials stripped of their marks)."""

from __future__ import annotations

import re

import pytest

from agentic_rag.agent.rules.spellings import glued


def _stripped(title: str) -> str:
    return re.sub(r"[^a-z0-9 ]", "", title.lower())


@pytest.mark.parametrize(
    ("question", "typed"),
    [
        ("who directed 719", "719"),
        ("2215 who made it", "2215"),
        ("how long is 2359", "2359"),
        ("5050 cast pls", "5050"),
        ("10000 bc what's it rated", "10000 bc"),
        ("when did the last og come out", "the last og"),
    ],
)
def test_a_glued_title_is_read_as_the_catalog_title(catalog_reader, catalog_df, question, typed):
    truth = [t for t in catalog_df["title"] if _stripped(t) == typed]
    assert len(truth) == 1, typed
    specs = catalog_reader.read(question)
    assert [t for s in specs for t in s.titles.titles] == truth, question


def test_short_letter_keys_and_plain_titles_are_left_alone():
    keys = glued(["W.E.", "D.P.", "S.W.A.T.", "7:19", "Roma", "The Naked Gun"])
    assert keys == {"swat": "S.W.A.T.", "719": "7:19"}
