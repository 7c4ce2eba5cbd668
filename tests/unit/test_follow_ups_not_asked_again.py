"""A follow-up offered after an answer never asks of a result what the question itself just
asked: after "who directed it" no 'Who directed "X"?', after "what else did they make" no
'Which titles feature X?', after "similar to X" no 'Find titles similar to …', after "who has X
worked with most" no 'Who has Y worked with most often?'; the other kind is still offered."""

from __future__ import annotations

import pytest

from agentic_rag.agent.follow_ups import suggest_follow_ups
from agentic_rag.tools.base import ToolResult, ToolStatus


def _rows(tool: str, rows: list[dict]) -> ToolResult:
    return ToolResult(call_id="1.1", tool=tool, status=ToolStatus.OK, rows=rows)


@pytest.mark.parametrize(
    ("question", "left_out", "kept"),
    [
        ("who directed the newest thai movie", "Who directed", "Find titles similar to"),
        ("who directed okja and what else did they make", "Which titles feature", "Who has"),
        ("movies similar to okja", "Find titles similar to", "Who directed"),
        ("who has bong joon ho worked with most", "Who has", "Which titles feature"),
    ],
)
def test_the_kind_just_asked_is_not_offered(catalog_reader, question, left_out, kept):
    reading = catalog_reader.read(question)
    results = [
        _rows("sql", [{"title": "The Host", "release_year": 2006}]),
        _rows("cypher", [{"title": "Mother", "name": "Kim Hye-ja", "role": "ACTED_IN"}]),
    ]
    offered = suggest_follow_ups(question, results, reading)
    assert not any(q.startswith(left_out) for q in offered), offered
    assert any(q.startswith(kept) for q in offered), offered
