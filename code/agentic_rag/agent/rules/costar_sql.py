"""The people a person worked with, over the SQL tables (`costars`), and the bound on how many
titles they share when the question asks for repeat partners: "who has X worked with more than
once", "actors X has been in at least 3 movies with", "people X teamed up with multiple times"
(`QuerySpec.group_min`: a HAVING on the shared titles, every one within the bound listed)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.compile_sql import conditions
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.sql_text import like, lit
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
#: the number words of `words.yaml` a bound on shared titles takes ("at least three films")
_WORDS = {w: n for w, n in WORDS.numbers.items() if 1 < n <= 10}
_N = r"(\d+|" + "|".join(_WORDS) + ")"
_TITLES = r"(?:titles?|movies?|films?|shows?|projects?|things|times|\{type\})"
#: the words of a bound on the shared titles; `n` (a number) and `more` (more than: n + 1)
REPEAT = re.compile(
    r"\b(?:more\s+than\s+(?:once|one\s+time)|(?:multiple|several|many)\s+times|repeatedly|"
    r"twice\s+or\s+more|at\s+least\s+twice|again\s+and\s+again|more\s+than\s+one\s+"
    rf"(?:titles?|movies?|films?|shows?|projects?|\{{type\}})|(?:in\s+)?(?:(?P<least>at\s+least|"
    rf"min(?:imum)?(?:\s+of)?)|(?P<more>more\s+than|over))\s+{_N}\s+{_TITLES}|{_N}\s*(?:\+|or\s+"
    rf"more)\s+{_TITLES})(?:\s+together)?",
    _I,
)


def repeat_bound(masked: str) -> int | None:
    """The fewest shared titles a repeat partner has (2 for "more than once"), or None."""
    m = REPEAT.search(masked)
    if not m:
        return None
    n = next((g for g in m.groups()[2:] if g), None)  # either place of the number
    if n is None:
        return 2
    k = int(n) if n.isdigit() else _WORDS[n.casefold()]
    return k + 1 if m.group("more") else k


def at_least(spec: QuerySpec) -> str:
    """What a costars part does, its bound said: 'people, in 2 or more titles together, …'."""
    who = "directors" if spec.role == "director" else "people"
    who = "actors" if spec.counted and spec.role == "cast" else who
    bound = f", in {spec.group_min} or more titles together" if spec.group_min else ""
    return f"how many {who}{bound}" if spec.counted else f"{who}{bound}, most shared titles first"


def costars(
    name: str,
    other: str | None = "cast",
    relaxed: bool = False,
    own: str | None = None,
    among: TitleSet | None = None,  # "X's co-stars in the 90s / in comedies": those titles only
    least: int | None = None,  # "worked with more than once": 2 shared titles or more
) -> str:
    who = f"lower(p.name) LIKE {like(name)}" if relaxed else f"p.name = {lit(name)}"
    who += "".join(f" AND {c}" for c in conditions(among)) if among else ""
    who += f" AND sp.role = {lit(own)}" if own else ""  # "who did X cast": X as the director
    role = f"sp2.role = {lit(other)} AND " if other else ""  # None: any role
    having = f" HAVING count(DISTINCT s.show_id) >= {int(least)}" if least else ""
    return (
        "SELECT p2.name, count(DISTINCT s.show_id) AS shared, group_concat(DISTINCT s.title) "
        "AS titles FROM people p JOIN show_people sp ON sp.person_id = p.person_id "
        "JOIN show_people sp2 ON sp2.show_id = sp.show_id "
        f"AND {role}sp2.person_id <> sp.person_id "
        "JOIN people p2 ON p2.person_id = sp2.person_id JOIN shows s "
        f"ON s.show_id = sp.show_id WHERE {who} GROUP BY p2.name{having} "
        f"ORDER BY shared DESC, p2.name LIMIT {50 if least else 30}"
    )
