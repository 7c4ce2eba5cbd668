"""A bound on a group's count of titles: "which directors have more than 5 korean titles",
"countries with at least 100 comedies", "actors in over 10 indian movies", "genres with fewer
than 20 shows". The groups (people in a role, countries, genres, ratings) ranked by their titles
of the set, only those whose count is within the bound, each with its count
(`QuerySpec.group_min` / `group_max`: a HAVING of the grouped query). The bound words are
`bounds` of `words.yaml`, the group nouns the `groups` of `cues.yaml`."""

from __future__ import annotations

from agentic_rag.agent.rules.amounts import GROUP_BOUND, GROUP_NOUNS, num, said_bounds
from agentic_rag.agent.rules.compile_sql import ALIASES, GROUPS, conditions
from agentic_rag.agent.rules.spec import QuerySpec


def group_bound(masked: str) -> tuple[str, int | None, int | None] | None:
    """The group ranked and the inclusive bounds of its count, or None when none is said."""
    m = GROUP_BOUND.search(masked)
    if not m:
        return None
    lo, hi = said_bounds(round(num(m.group("n"))), m.group("how"), "")
    return GROUP_NOUNS[" ".join(m.group("noun").casefold().split())], lo, hi


def bound_groups(spec: QuerySpec, masked: str) -> None:
    """A part whose groups are bounded by their counts: the groups' ranking, every one within
    the bound (a breakdown), decided by the wording; not a count of them ("how many directors
    have more than 5 …" asks a number this reading does not give)."""
    if spec.op == "count" or (said := group_bound(masked)) is None:
        return
    spec.op, (spec.by, spec.group_min, spec.group_max) = "most", said
    spec.breakdown, spec.ascending, spec.limit, spec.about = True, False, None, ""
    spec.runner_up, spec.margin = "", None


def bounded_sql(spec: QuerySpec) -> str:
    """The groups of the set whose count of titles is within the bound, most first."""
    expr, joins = GROUPS[spec.by or "country"]
    alias = ALIASES.get(spec.by or "country", spec.by or "country")
    having = [f"titles >= {int(spec.group_min)}" if spec.group_min is not None else ""]
    having += [f"titles <= {int(spec.group_max)}" if spec.group_max is not None else ""]
    conds = " AND ".join([*conditions(spec.titles), f"{expr} IS NOT NULL"])
    return (
        f"SELECT {expr} AS {alias}, count(DISTINCT s.show_id) AS titles FROM shows s{joins} "
        f"WHERE {conds} GROUP BY {expr} HAVING {' AND '.join(h for h in having if h)} "
        f"ORDER BY titles DESC, {alias} LIMIT 200"
    )


def said_bound(spec: QuerySpec) -> str:
    """The bound on a group's count of titles, as said ("directors with more than 5 …")."""
    lo, hi = spec.group_min, spec.group_max
    if lo is not None and hi is not None:
        return f", only those with {lo}" + (f" to {hi} titles" if hi != lo else " titles")
    if lo is not None or hi is not None:
        more = "more" if hi is None else "fewer"
        return f", only those with {lo if lo is not None else hi} titles or {more}"
    return ""
