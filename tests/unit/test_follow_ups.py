"""Follow-up suggestions come from the entities of the results, never from a fixed list."""

from __future__ import annotations

from agentic_rag.agent.follow_ups import suggest_follow_ups
from agentic_rag.tools.base import ToolResult, ToolStatus


def result(rows, tool="sql", status=ToolStatus.OK):
    return ToolResult(tool=tool, call_id="1.1", status=status, rows=rows)


def test_every_suggestion_names_something_found() -> None:
    rows = [
        {"title": "Kurt Seyit & Sura", "country": "Turkey", "listed_in": "International TV Shows"},
        {"title": "Money Trap", "country": "Turkey", "listed_in": "TV Dramas, TV Thrillers"},
    ]
    out = suggest_follow_ups("What shows does kivanc tatlitug star in?", [result(rows)])
    assert 2 <= len(out) <= 3
    named = ("Kurt Seyit & Sura", "Turkey", "International TV Shows", "TV Dramas")
    assert all(any(n in s for n in named) for s in out), out


def test_country_of_the_results_not_a_fixed_one() -> None:
    rows = [{"country": "Japan", "titles": 40}, {"country": "South Korea", "titles": 30}]
    out = suggest_follow_ups("Which Asian countries have the most anime?", [result(rows)])
    assert any("Japan" in s for s in out)
    assert not any("India" in s for s in out)


def test_what_the_question_names_is_not_suggested_again() -> None:
    rows = [{"title": "Inception", "director": "Christopher Nolan", "release_year": 2010}]
    out = suggest_follow_ups("What did Christopher Nolan direct in 2010?", [result(rows)])
    assert out and all("Christopher Nolan" not in s and "2010" not in s for s in out)
    assert 'Who directed "Inception"?' in out


def test_graph_rows_name_people_genres_and_countries_by_relation() -> None:
    rows = [
        {"show_id": "s1", "title": "Roma", "relation": "directed_by", "name": "Alfonso Cuarón"},
        {"show_id": "s1", "title": "Roma", "relation": "genre", "name": "Dramas"},
    ]
    out = suggest_follow_ups('Tell me about "Roma"', [result(rows, "graph_expand")])
    assert "Which titles feature Alfonso Cuarón?" in out
    assert not any("feature Dramas" in s for s in out)


def test_failed_results_and_nothing_found_give_no_suggestions() -> None:
    failed = result([{"title": "X"}], status=ToolStatus.ERROR)
    assert suggest_follow_ups("anything", [failed]) == []
    assert suggest_follow_ups("How many titles?", [result([{"n": 8807}])]) == []
