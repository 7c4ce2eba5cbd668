"""A person named by their part in a title, as the subject of the question: "what else did the
director of Okja make", "the longest movie by the director of okja", "how many titles does the
star of the crown have", "what else has the lead of narcos been in". The title's people in that
role become a part of their own, and the question's part refers to its first person
(`ref="person"`): the titles of that person, never the title itself ("the longest movie named
Okja")."""

from __future__ import annotations

from agentic_rag.agent.rules.billing import lead_asked
from agentic_rag.agent.rules.compose import OTHER, WORKS
from agentic_rag.agent.rules.person_refs import OF_TITLE
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet

#: operations over titles a person's works can be the set of
_SET_OPS = frozenset({"count", "list", "top"})


def person_of_title(spec: QuerySpec, piece: str) -> QuerySpec | None:
    """The people of the title as a part of its own, which the question's part then refers to;
    None for other questions. A set operation refers to them when a titles noun comes before
    the role ("the longest movie by the director of X"), not when the people themselves are
    counted ("count the stars of X")."""
    named = OF_TITLE.search(piece)
    if not (spec.titles.titles and named):
        return None
    #: "which movies did the director of X make" (read as people): the titles asked for
    works = spec.op in (*_SET_OPS, "people") and WORKS.search(piece[: named.start()])
    if not (OTHER.search(piece) or works):
        return None
    lead = lead_asked(named.group()) or lead_asked(piece)  # "the lead of narcos": first billed
    role = "cast" if lead else spec.role or "director"
    people = QuerySpec(
        op="people",
        titles=TitleSet(titles=spec.titles.titles),
        role=role,  # type: ignore[arg-type]
        limit=1 if lead else None,
        text=piece,
        confidence=spec.confidence,
        absent=spec.absent,  # "the director of parasite": the title the catalog lacks is here
        notes=spec.notes,  # type: ignore[arg-type]
    )
    op = spec.op if works and spec.op in _SET_OPS else "list"
    spec.op, spec.ref, spec.needs_results, spec.role = op, "person", True, role  # type: ignore[assignment]
    spec.limit = None if spec.op == "list" else spec.limit
    spec.absent, spec.notes = [], []
    spec.titles = spec.titles.model_copy(update={"titles": []})
    return people
