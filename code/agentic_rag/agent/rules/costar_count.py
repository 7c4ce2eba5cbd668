"""A co-worker part's shape (`costar_reading`), and how many people someone worked with, not
who: "how many diff directors has tom hanks worked with", "number of distinct actors meryl
streep has acted alongside", "how many directors has X been directed by", "how many actors has
X directed" (`QuerySpec.counted`: the co-workers of `costars` in the role the counted noun
names, each once; a bound or a set narrows them as in the listing)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules import relation_words
from agentic_rag.agent.rules.any_role import any_role
from agentic_rag.agent.rules.costar_sql import repeat_bound
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.words import WORDS

#: (not "actresses": the catalog does not say who is one, so such a count is not read here)
_NOUNS = sorted(
    {*WORDS.people_asked, *WORDS.coworkers} - {"actress", "actresses"}, key=len, reverse=True
)
#: a count whose noun is people: "how many (different) directors", "number of distinct actors",
#: "count of people", "total co-stars"
PEOPLE_COUNT = re.compile(
    r"\b(?:how\s+many|(?:the\s+)?(?:total\s+)?(?:number|count|total|no\.?)\s+of|total)\s+(?:(?:diff(?:erent)?|"
    r"distinct|unique|separate|individual|other)\s+)?(?P<noun>"
    + "|".join(map(re.escape, _NOUNS))
    + r")\b",
    re.IGNORECASE,
)
#: the role the counted noun names (people, collaborators: any role)
_NOUN_ROLE = {"actor": "cast", "cast": "cast", "co-star": "cast"}
_NOUN_ROLE |= {"costar": "cast", "director": "director", "filmmaker": "director"}
#: the person's own role on those titles: "how many actors has {person} directed"
_OWN_DIRECTED = re.compile(
    r"\{person\}\s+(?:(?:has|have|had|ever)\s+)*(?:direct(?:ed)?|helm(?:ed)?)\b", re.IGNORECASE
)
#: the partners asked for by a noun apart from the name: "which actor worked with {person}"
_ASKED_NOUN = re.compile(
    r"\b(?:which|what|the)\s+(?:actor|actress|director|co-?star)(?:s|es)?\b(?!\s+\{person\})",
    re.IGNORECASE,
)


def people_counted(masked: str, tags: list[Tag]) -> bool:
    """Whether a question about one person counts the people they worked with."""
    return sum(t.kind == "person" for t in tags) == 1 and bool(PEOPLE_COUNT.search(masked))


def count_roles(spec: QuerySpec, masked: str) -> None:
    """A counted part: the role of the people counted (from the noun), the person's own when
    said ("… has X directed"); a role the noun gave the name beside it is not theirs."""
    m = PEOPLE_COUNT.search(masked)
    noun = m.group("noun").casefold().removesuffix("s") if m else ""
    spec.counted, spec.role = True, _NOUN_ROLE.get(noun)  # type: ignore[assignment]
    own = "director" if _OWN_DIRECTED.search(masked) else None
    for p in spec.titles.people[:1]:
        p.role = own or (None if p.role == spec.role else p.role)  # type: ignore[assignment]


def costar_reading(spec: QuerySpec, masked: str, counted: bool) -> None:
    """The shape of a `costars` part: repeat partners ("worked with more than once": 2 or more
    shared titles), the roles a count's noun gives ("how many actors has X directed"), one
    partner (and those tied) for "who does X work with the most", and "who did X cast most"
    (X the director, the people asked for the cast)."""
    spec.group_min = repeat_bound(masked)
    if counted:
        count_roles(spec, masked)
    if spec.limit is None and not spec.group_min and relation_words.one_asked(masked):
        spec.limit = 1
    if not counted and _ASKED_NOUN.search(masked):  # the noun's role is theirs, not X's
        for p in spec.titles.people[:1]:
            p.role = None if p.role == spec.role else p.role  # type: ignore[assignment]
    if relation_words.casting(masked) and spec.titles.people:
        spec.role, spec.titles.people[0].role = "cast", "director"
    any_role(spec, masked)  # "X's most common co-star or director", "… in credits"


def count_of(query: str) -> str:
    """A co-worker listing (`costar_sql.costars`) counted: each person once."""
    listing = query.rsplit(" ORDER BY ", 1)[0]
    return f"SELECT count(*) AS people FROM ({listing})"
