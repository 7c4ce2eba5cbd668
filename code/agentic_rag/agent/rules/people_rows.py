"""Rows that name people: a credit row names its person `name`, a ranking of people names them by
the role it ranks ("who directed the most documentaries": `director`, `actor`). A later part or
turn that refers to "they" / "he" takes the first of them (`compose.fill`)."""

from __future__ import annotations

from typing import Any

from agentic_rag.agent.rules.person_refs import PERSON_REF, THEY
from agentic_rag.agent.rules.spec import QuerySpec, SamePeople

#: the columns a row names its person in: a credit's, then a ranking's by role
PERSON_KEYS = ("name", "director", "actor", "cast")
#: the operations whose answer is people (their credits, a relation's people)
PEOPLE_OPS = frozenset({"people", "costars", "shared", "auteur", "crossover"})


def person_name(row: dict[str, Any]) -> str | None:
    return next((str(row[k]) for k in PERSON_KEYS if row.get(k)), None)


def ranks_people(spec: QuerySpec) -> bool:
    """A part whose answer is people: their credits, or a ranking of them ("who directed the
    most documentaries", then "how many did they direct")."""
    return spec.op in PEOPLE_OPS or (spec.op == "most" and spec.by in ("director", "cast"))


def crowd(spec: QuerySpec, credits: list[dict[str, Any]]) -> None:
    """When `spec` says "he" / "she" of credits that name several people ("who starred in the
    crown", then "what else has she been in"): read as the first, noted, and unsure which one
    was meant (`QuerySpec.crowded`); not after a ranking (its first is the one asked about) or
    one person."""
    names = {person_name(r) for r in credits if r.get("role")}  # a credit row has its role
    said = PERSON_REF.search(spec.text)
    if len(names) < 2 or said is None:
        return
    spec.crowded = True
    spec.notes.append(
        f"'{said.group()}' may be any of the {len(names)} people credited before: read as the "
        f"first, {person_name(credits[0])} (name one to ask about them alone)"
    )


#: the role a credit row names, as a spec's role
_ROLES = {"DIRECTED": "director", "ACTED_IN": "cast"}


def all_of_them(spec: QuerySpec, credits: list[dict[str, Any]], rows: list[dict[str, Any]]) -> bool:
    """'who directed shutter and what else did they make': "they" of credits naming several
    people in one role is every one of them: the titles sharing one of them in that role with
    the titles before (`SamePeople`), those titles left out. False (the first person is then
    taken) for "he" / "she", one person, or credits of several roles."""
    names = {person_name(r) for r in credits if r.get("role")}
    roles = {_ROLES.get(str(r.get("role"))) for r in credits if r.get("role")}
    ids = list(dict.fromkeys(str(r["show_id"]) for r in rows if r.get("show_id")))
    plural = THEY.search(spec.text) is not None and PERSON_REF.search(spec.text) is None
    if len(names) < 2 or len(roles) != 1 or None in roles or not ids or not plural:
        return False
    role = spec.role or roles.pop()
    spec.titles.same_people = SamePeople(show_ids=ids, role=role)  # type: ignore[arg-type]
    spec.titles.excluded = ids
    spec.notes.append(f"read 'they' as all {len(names)} people credited before")
    return True


def referred(spec: QuerySpec, credits: list[dict[str, Any]], rows: list[dict[str, Any]]) -> bool:
    """Whom a "they" / "she" of `spec` means among `credits`: all of them (`all_of_them`, True:
    filled), else the first, noted as crowded when several are credited (`crowd`)."""
    if all_of_them(spec, credits, rows):
        return True
    crowd(spec, credits)
    return False
