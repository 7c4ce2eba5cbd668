"""Two or three follow-up questions built from what the results actually contain."""

from __future__ import annotations

from agentic_rag.tools.base import ToolResult, ToolStatus

GENERIC = (
    (("movie", "tv show", "type"), "How does this split between movies and TV shows?"),
    (("countr",), "Which countries produce the most titles?"),
    (("genre",), "Which genres are the most common?"),
)


def _first(results: list[ToolResult], key: str) -> str | None:
    for r in results:
        if r.status != ToolStatus.OK:
            continue
        for row in r.rows:
            value = row.get(key)
            if isinstance(value, str) and value.strip():
                return value.strip()
    return None


def suggest_follow_ups(question: str, results: list[ToolResult]) -> list[str]:
    q = question.casefold()
    title = _first(results, "title") or _first(results, "related_title")
    person = (
        _first(results, "name")
        if any(r.tool in ("cypher", "graph_expand") for r in results)
        else None
    )
    out: list[str] = []
    if title:
        if "direct" not in q:
            out.append(f'Who directed "{title}"?')
        if "similar" not in q and "like" not in q:
            out.append(f'Find titles similar to "{title}".')
    has_titles = any(
        "show_id" in row or "title" in row
        for r in results
        if r.status == ToolStatus.OK
        for row in r.rows
    )
    if person and person != title:
        if "worked with" not in q:
            out.append(f"Who has {person} worked with most often?")
        out.append(f"Which titles feature {person}?")
    if has_titles and "india" not in q:
        out.append("And which of those are from India?")
    if "per year" not in q and "by year" not in q:
        out.append("How many titles like these were released per year?")
    for generic in GENERIC:  # always offer at least two
        if len(out) >= 2:
            break
        if not any(word in q for word in generic[0]):
            out.append(generic[1])
    seen: list[str] = []
    for item in out:
        if item not in seen:
            seen.append(item)
    return seen[:3]
