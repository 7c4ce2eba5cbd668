"""Pure helpers of the page: safe rendering, citation links, chart detection, follow-ups."""

from __future__ import annotations

from agentic_rag.agent.follow_ups import suggest_follow_ups
from agentic_rag.agent.graph.events import CallFinished, CallStarted, PlanMade, Planning
from agentic_rag.agent.memory.turn_model import TurnModel
from agentic_rag.markup import link_citations, safe_markdown
from agentic_rag.tools.base import ToolResult, ToolStatus
from agentic_rag.ui.results_view import chartable


def test_safe_markdown_drops_html_and_images():
    text = 'Hi <script>alert(1)</script> ![x](http://evil/img.png) <img src="http://e/p">'
    out = safe_markdown(text)
    live = out.replace("\\<", "")  # an escaped `<` renders as text
    assert "<script>" not in live and "<img" not in live
    assert "![" not in out and "image not loaded: x" in out


def test_citation_links_carry_hover_text():
    citations = [
        {
            "number": 1,
            "tool": "sql",
            "call_id": "1.1",
            "refs": [{"ref": "shows:s341", "label": "Inception"}],
        }
    ]
    out = link_citations("Nolan made it [1]; not [2].", citations, anchor="turn-3")
    assert '[[1]](#turn-3-source-1 "sql 1.1: Inception")' in out  # this answer's own source
    assert "[2]" in out and "#turn-3-source-2" not in out  # no source: no link
    assert "[2]" in out and "[[2]]" not in out


def test_chartable_aggregates():
    by_year = [{"value": 2020, "titles": 953}, {"value": 2019, "titles": 1030}]
    assert chartable(by_year) == ("value", "titles")
    by_country = [{"country": "India", "n": 972}, {"country": "Japan", "n": 245}]
    assert chartable(by_country) == ("country", "n")
    assert chartable([{"title": "A", "type": "Movie"}, {"title": "B", "type": "Movie"}]) is None
    assert chartable([{"country": "India", "n": 3}]) is None  # one bar is no chart


def _result(rows, tool="sql"):
    return ToolResult(tool=tool, call_id="1.1", status=ToolStatus.OK, rows=rows)


def test_follow_ups_fit_what_was_found():
    people = suggest_follow_ups(
        "Who worked with Kate Winslet?",
        [_result([{"name": "Leonardo DiCaprio", "shared": 1}], "cypher")],
    )
    assert "Which titles feature Leonardo DiCaprio?" in people
    assert all("India" not in f for f in people)
    titles = suggest_follow_ups(
        "Movies by Christopher Nolan", [_result([{"show_id": "s341", "title": "Inception"}])]
    )
    assert 'Who directed "Inception"?' in titles and len(titles) <= 3


def test_turn_model_follows_events():
    model = TurnModel()
    model.apply(Planning(iteration=1, t=1.0))
    assert model.planning == 1
    model.apply(PlanMade(iteration=1, plan={"calls": [], "reasoning": "r"}))
    model.apply(CallStarted(call_id="1.1", tool="sql", purpose="p", t=1.0))
    assert model.calls["1.1"].status == "running"
    result = {"tool": "sql", "call_id": "1.1", "status": "error", "error": "no such table"}
    model.apply(CallFinished.from_result({**result, "elapsed_ms": 3.0}, 1.0, 1.003))
    assert model.calls["1.1"].status == "error" and model.calls["1.1"].message == "no such table"
    assert model.calls["1.1"].purpose == "p" and model.planning is None


def test_at_least_two_follow_ups_even_for_aggregates():
    out = suggest_follow_ups(
        "How many titles were released per year since 2010?",
        [_result([{"release_year": 2020, "titles": 953}])],
    )
    assert 2 <= len(out) <= 3
    assert all("per year" not in f for f in out)
