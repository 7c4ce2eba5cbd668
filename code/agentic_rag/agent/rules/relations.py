"""Graph relations between people, as operations of their own (compiled to Cypher first):

* `shared`: the people who worked with both A and B ("which actors have worked with both Ryan
  Reynolds and Sandra Bullock?"): a title with A and a title with B, possibly the same one;
* `auteur`: the people who directed and acted in the same title ("who directed and starred in
  the same movie?"), optionally within a set ("... in India", "... comedies");
* `chain`: the shortest chain of shared titles between two people ("how is A connected to B?");
* the people a person worked with most is `costars` (ranked by shared titles).

`relation` reads the operation from the question's wording and its people; the compilers and
the answer sentences for each are here too, so one module owns each relation end to end.
"""

from __future__ import annotations

import re
from typing import Any

from agentic_rag.agent.rules.compile_cypher import REL, filters, lit
from agentic_rag.agent.rules.compile_sql import conditions
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.sql_text import lit as sql_lit
from agentic_rag.agent.rules.tags import Tag

_I = re.IGNORECASE
CHAIN_TITLES = 4  # the longest chain looked for: four shared titles (five took 2-5 s alone)
FIXED_TITLES = 3  # chains up to this long are one fixed pattern each; longer ones level by level
_WORKS = "-[:DIRECTED|ACTED_IN]->"
_BY = "<-[:DIRECTED|ACTED_IN]-"
RELATIONS = frozenset({"shared", "auteur", "chain"})
#: relations whose search is bounded: finding nothing is not proof that there is nothing
BOUNDED = frozenset({"chain"})
_BOTH = re.compile(
    r"\b(?:shared|common|in\s+common)\s+(?:by|between|to)\s+\{person\}\s+(?:and|&)\s+\{person\}|"
    r"\bboth\b|\b(?:and|&)\s+\{person\}\s+(?:both|each)\b|\bin\s+common\b|"
    r"\bwith\s+\{person\}\s+(?:and|&)\s+(?:also\s+)?(?:with\s+)?\{person\}|"
    r"\b(?:with|alongside)\s+\{person\}\s+(?:and|&|as\s+well\s+as|plus)\s+(?:also\s+)?"
    r"(?:(?:(?:in|on)\s+)?(?:(?:one|another|other|an?|some|the)\s+(?:\{type\}\s+|\w+\s+)?|"
    r"\{type\}\s+)(?:with|alongside|starring|featuring)\s+|(?:with|alongside)\s+)?(?:also\s+)?\{person\}",
    _I,
)
_WHO = re.compile(
    r"^\W*(?:who|whom|which\s+(?:\w+\s+)?(?:actors?|people|persons?|directors?|stars?|cast)|"
    r"(?:any|some)(?:one|body))\b|\b(?:actors|people|any(?:one|body)|some(?:one|body)|whom|"
    r"who(?:['’]?s)?)\b",
    _I,
)
_WORKED = re.compile(
    r"\b(?:work\w*|act\w*|star\w*|appear\w*|collaborat\w*|co-?star\w*|direct\w*|"
    r"shar\w*(?:\s+(?:the\s+|a\s+)?(?:screen|stage|set|frame|credits?)(?:\s+space)?)?|"
    r"been\s+in|in\s+(?:an?\s+)?(?:titles?|movies?|films?|shows?)|(?:in\s+)?common\s+to|in\s+common)\b|"
    r"\bin\s+(?:an?\s+)?\{type\}",
    _I,
)
_AUTEUR = re.compile(
    r"\b(?:both\s+)?direct\w*\s+(?:and|&|as\s+well\s+as)\s+(?:also\s+)?(?:act|star|appear|play)\w*|"
    r"\b(?:both\s+)?(?:act|star|appear|play)\w*\s+(?:in\s+\w+\s+)?(?:and|&|as\s+well\s+as)\s+"
    r"(?:also\s+)?"
    r"direct\w*|\b(?:act|star|appear)\w*\s+in\s+(?:[\w{}]+\s+){0,3}(?:they|he|she|you)\s+(?:also\s+)?"
    r"direct\w*|\bdirect\w*\s+(?:an?\s+|the\s+)?(?:\{type\}|\w+)\s+(?:that\s+)?(?:they|he|she)\s+"
    r"(?:also\s+)?(?:act|star|appear|play)\w*|\bdirect\w*\s+themsel\w+|\b(?:actor|actress)\w*[\s-]+directors?\b|"
    r"\bdirectors?\s+(?:also\s+|too\s+)?(?:act|star|appear|play)\w*|"
    r"\bdirectors?\s+(?:who|that)\s+(?:also\s+|too\s+)?(?:act|star|appear|play|cast)\w*|"
    r"\b(?:act|star|appear|play|cast)\w*\s+(?:\w+\s+)?in\s+(?:their|his|her)\s+own\b|"
    r"\bdirect\w*\s+(?:[\w{}]+\s+){1,4}?(?:and|&)\s+(?:also\s+)?(?:act|star|appear|play)\w*\s+in\s+"
    r"(?:it|them|that|the\s+same)",
    _I,
)
_CHAIN = re.compile(
    r"\b(?:shortest\s+)?(?:chain|path|link|route|conn?ec?tion)s?\s+(?:of\s+(?:\S+\s+){1,3}?)?"
    r"(?:between|from)\b|"
    r"\b(?:connected|linked|related)\s+(?:to|with)\b|\bdegrees?\s+of\s+separation\b|"
    # "how many degrees apart", "how far apart are A and B", "A to B in as few films as possible"
    r"\b(?:degrees?|steps?|hops?|links?|titles?|movies?|films?|\{type\})\s+(?:apart|away)\b|"
    r"\bhow\s+far\s+(?:apart|away)\b|\bhow\s+close(?:ly)?\s+(?:are|is|were|was)\b|"
    r"\{person\}\s+to\s+\{person\}\s+(?:in|with|using)\s+(?:as\s+few|the\s+fewest|the\s+least)\b|"
    r"\bhow\s+(?:is|are|do|does)\s+\{person\}.*\b(?:connect|link)\w*|\bsix\s+degrees(?:\s+of\s+separation)?\b|"
    r"\b(?:links?|connects?)\s+\{person\}\s+(?:to|and|with)\s+\{person\}|"
    # "how do you get from A to B", "how many steps from A to B"
    r"\b(?:get|gets|go|goes|going|travel|move|hop|jump|reach|(?:how\s+many\s+)?(?:steps?|hops?))"
    r"\s+(?:is\s+it\s+)?from\s+"
    r"\{person\}\s+to\s+\{person\}",
    _I,
)
#: what a chain goes through ("... through people they've worked with", "via shared titles")
_VIA = re.compile(
    r"\b(?:through|via|by\s+way\s+of)\s+(?:the\s+)?(?:people|actors|co-?stars|collaborators|"
    r"(?:shared\s+|common\s+)?(?:titles|movies|films|shows))(?:\s+(?:they|who|that)(?:['’]ve)?"
    r"(?:\s+have)?\s+(?:both\s+)?(?:worked|acted|starred|appeared|shared|been\s+in)"
    r"(?:\s+with|\s+in)?)?",
    _I,
)

#: the one title both roles are in ("directed and starred in the same movie"): its words are
#: the relation's own (usage), not a wording that makes the relation
_SAME_TITLE = re.compile(
    r"\bin\s+(?:the\s+same|one|a\s+single|their\s+own|his\s+own|her\s+own)"
    r"(?:\s+(?:title|movie|film|show|project)s?)?\b",
    _I,
)

#: the people a person worked with most: a work verb or noun with a person, and a superlative
_MOST_WITH = re.compile(r"\b(?:most|often|frequent\w*|usual\w*|regular\w*|favou?rite)\b", _I)
_WITH = re.compile(
    r"\b(?:work\w*|act\w*|star\w*|appear\w*|collaborat\w*|team\w*|paired|cast|"
    r"(?:show|turn|pop)(?:s|ed|ing)?\s+up|\{type\}\s+up)\s+(?:\w+\s+)?(?:with|alongside)\b|"
    r"\bin\s+(?:the\s+)?most\s+(?:\{type\}|titles|movies|films|shows|projects|things)\s+"
    r"(?:with|alongside)\b|\bco-?(?:stars?|actors?|workers?)\b|\bcollaborat(?:ors?|ions?)\b|"
    r"\bpartners?\b|"
    # "X's most frequent director", "who directed X most often" (no gender: not "leading lady")
    r"\b(?:frequent|usual|regular|favou?rite|main)\s+(?:directors?|actors?|actresses|stars?)\b|"
    r"\b(?:direct\w*|cast)\s+\{person\}\s+(?:the\s+)?most\b",
    _I,
)

#: the wordings that make each relation: the words they match are what the reading used
WORDING: dict[str, tuple[re.Pattern[str], ...]] = {
    "shared": (_BOTH, _WORKED, _WHO),
    "auteur": (_AUTEUR, _SAME_TITLE),
    "chain": (_CHAIN, _VIA),
    "costars": (_WITH, _MOST_WITH),
}

#: the wordings that name a relation (as a cue names an operation): left unused, a cue unused
CUE_LIKE: dict[str, re.Pattern[str]] = {"shared": _BOTH, "auteur": _AUTEUR, "chain": _CHAIN}


def relation(masked: str, tags: list[Tag]) -> str | None:
    """The relation a question asks for, from its wording (read on the masked question)."""
    people = [t for t in tags if t.kind == "person"]
    if len(people) == 2 and _CHAIN.search(masked):
        return "chain"
    if len(people) == 2 and _BOTH.search(masked) and _WORKED.search(masked) and _WHO.search(masked):
        return "shared"
    if not people and _AUTEUR.search(masked):
        return "auteur"
    if len(people) == 1 and _WITH.search(masked) and _MOST_WITH.search(masked):
        return "costars"  # "who does {person} work with the most", "{person}'s usual co-star"
    return None


def one_asked(masked: str) -> bool:
    """A ranking of people asked in the singular: "who does X work with the most" (one, and
    those tied with them); "who has X worked with" is the list."""
    return bool(_MOST_WITH.search(masked)) and not re.search(
        r"\b(?:people|actors|actresses|directors|co-?stars|collaborators|partners)\b", masked, _I
    )


# -- compiling -------------------------------------------------------------------------------
def cypher(spec: QuerySpec, limit: int = 30) -> str:
    s, op = spec.titles, spec.op
    if op == "auteur":
        matches, where = filters(s)
        cond = f" WHERE {' AND '.join(where)}" if where else ""
        return (
            f"MATCH (p:Person)-[:DIRECTED]->(s:Show)<-[:ACTED_IN]-(p){cond}"
            f"{''.join(' ' + m for m in matches)} RETURN p.name AS name, count(DISTINCT s) "
            "AS shared, collect(DISTINCT s.title) AS titles ORDER BY shared DESC, name "
            f"LIMIT {int(limit)}"
        )
    a, b = (lit(p.name) for p in s.people[:2])
    rel = REL[spec.role if spec.role == "director" else "cast"]
    return (
        f"MATCH (a:Person {{name: {a}}})-[:DIRECTED|ACTED_IN]->(s1:Show)<-[:{rel}]-(p:Person)"
        f"-[:{rel}]->(s2:Show)<-[:DIRECTED|ACTED_IN]-(b:Person {{name: {b}}}) WHERE p <> a "
        "AND p <> b RETURN p.name AS name, collect(DISTINCT s1.title) AS with_first, "
        "collect(DISTINCT s2.title) AS with_second ORDER BY name "
        f"LIMIT {int(limit)}"
    )


def sql(spec: QuerySpec, limit: int = 30) -> str | None:
    """The same relation over the SQL tables (the alternative when the graph fails)."""
    s, op = spec.titles, spec.op
    if op == "auteur":
        base = s.model_copy(update={"people": []})
        cond = " AND ".join(["d.role = 'director'", "c.role = 'cast'", *conditions(base)])
        return (
            "SELECT p.name, count(DISTINCT s.show_id) AS shared, group_concat(DISTINCT "
            "s.title) AS titles FROM show_people d JOIN show_people c ON c.show_id = "
            "d.show_id AND c.person_id = d.person_id JOIN shows s ON s.show_id = d.show_id "
            f"JOIN people p ON p.person_id = d.person_id WHERE {cond} GROUP BY p.name "
            f"ORDER BY shared DESC, p.name LIMIT {int(limit)}"
        )
    if op != "shared":
        return None
    role = "director" if spec.role == "director" else "cast"

    def side(name: str, alias: str) -> str:
        return (
            f"SELECT o.person_id, group_concat(DISTINCT s.title) AS titles FROM people x "
            f"JOIN show_people xs ON xs.person_id = x.person_id JOIN show_people o ON "
            f"o.show_id = xs.show_id AND o.role = '{role}' AND o.person_id <> x.person_id "
            f"JOIN shows s ON s.show_id = xs.show_id WHERE x.name = {sql_lit(name)} "
            f"GROUP BY o.person_id) {alias}"
        )

    a, b = (p.name for p in s.people[:2])
    both = f"({side(a, 'one')} JOIN ({side(b, 'two')} ON two.person_id = one.person_id"
    return (
        f"SELECT p.name, one.titles AS with_first, two.titles AS with_second FROM {both} "
        f"JOIN people p ON p.person_id = one.person_id WHERE p.name NOT IN ({sql_lit(a)}, "
        f"{sql_lit(b)}) ORDER BY p.name LIMIT {int(limit)}"
    )


def chains(spec: QuerySpec) -> list[str]:
    """One query per chain length (1 to CHAIN_TITLES shared titles): the shortest found wins.
    FalkorDB has no undirected shortestPath and the guard bounds variable-length patterns, so
    short chains are fixed patterns and longer ones a search level by level (`_levels`)."""
    a, b = (lit(p.name) for p in spec.titles.people[:2])
    out = []
    for k in range(1, CHAIN_TITLES + 1):
        if k > FIXED_TITLES:
            out.append(_levels(a, b, k))
            continue
        hops = "".join(f"(s{i}:Show){_BY}(p{i}:Person){_WORKS}" for i in range(1, k))
        nodes = ", ".join(f"s{i}.title, p{i}.name" for i in range(1, k))
        distinct = " AND ".join(f"p{i} <> a AND p{i} <> b" for i in range(1, k))
        out.append(
            f"MATCH (a:Person {{name: {a}}}){_WORKS}{hops}(s{k}:Show){_BY}"
            f"(b:Person {{name: {b}}}){' WHERE ' + distinct if distinct else ''} RETURN "
            f"[a.name, {nodes + ', ' if nodes else ''}s{k}.title, b.name] AS chain, {k} AS "
            "titles LIMIT 1"
        )
    return out


def _levels(a: str, b: str, k: int) -> str:
    """A chain of exactly k titles in two passes: the people k-2 titles from A, one level at a
    time (each person once per level, so the work grows with the people reached, not the paths:
    a fixed 4-title pattern times out when there is none), kept when two titles from B; then
    fixed patterns through that middle person give the chain's names."""
    h = k - 2
    steps = [f"MATCH (a:Person {{name: {a}}}){_WORKS}(:Show){_BY}(m1:Person) WITH DISTINCT a, m1"]
    steps += [
        f"MATCH (m{i - 1}){_WORKS}(:Show){_BY}(m{i}:Person) WITH DISTINCT a, m{i}"
        for i in range(2, h + 1)
    ]
    steps.append(
        f"MATCH (m{h}){_WORKS}(:Show){_BY}(:Person){_WORKS}(:Show){_BY}(b:Person {{name: {b}}}) "
        f"WITH a, m{h} AS m, b LIMIT 1"
    )
    hops = "".join(f"(s{i}:Show){_BY}(p{i}:Person){_WORKS}" for i in range(1, h))
    names = "".join(f"s{i}.title, p{i}.name, " for i in range(1, h))
    steps.append(
        f"MATCH (a){_WORKS}{hops}(s{h}:Show){_BY}(m){_WORKS}(t1:Show){_BY}(q:Person){_WORKS}"
        f"(t2:Show){_BY}(b) RETURN [a.name, {names}s{h}.title, m.name, t1.title, q.name, "
        f"t2.title, b.name] AS chain, {k} AS titles LIMIT 1"
    )
    return " ".join(steps)


# -- saying it -------------------------------------------------------------------------------
def reading(spec: QuerySpec, set_words: str) -> str:
    names = [p.name for p in spec.titles.people[:2]]
    if spec.op == "shared":
        who = "Directors" if spec.role == "director" else "People"
        return f"{who} who worked with both {names[0]} and {names[1]}"
    if spec.op == "chain":
        upto = f"(up to {CHAIN_TITLES} titles)"
        return f"The shortest chain of shared titles between {names[0]} and {names[1]} {upto}"
    return f"People who directed and acted in the same title, among {set_words}"


def not_found(spec: QuerySpec, failed: int, bold: Any) -> str:
    """A chain search that found nothing: not a "no" (`failed`: searches that did not finish)."""
    a, b = (bold(p.name) for p in spec.titles.people[:2])
    why, n = (f"; {failed} of the searches did not finish" if failed else ""), CHAIN_TITLES
    return (
        f"I found no chain of up to {n} shared titles between {a} and {b}, which does not mean "
        f"there is none: a longer chain may link them (the search stops at {n} titles{why})."
    )


def _names(value: Any) -> str:
    items = value if isinstance(value, list) else str(value or "").split(",")
    return ", ".join(dict.fromkeys(str(x).strip() for x in items if str(x).strip()))


def sentence(op: str, reading_line: str, rows: list[dict[str, Any]], n: int, bold: Any) -> str:
    """The answer's lead for a relation, from its rows (`bold` escapes and emboldens)."""
    first = rows[0]
    if op == "chain" and first.get("chain"):
        links = " → ".join(bold(str(x)) for x in first["chain"])
        return f"{links}: {first.get('titles')} shared title(s) apart [{n}]."
    if op == "shared" and "with_first" in first:
        who = "; ".join(
            f"{bold(str(r['name']))} (with the first on {_names(r['with_first'])}; with the "
            f"second on {_names(r['with_second'])})"
            for r in rows[:10]
        )
        more = f" and {len(rows) - 10} more" if len(rows) > 10 else ""
        return f"{reading_line}: {who}{more} [{n}]."
    if op == "auteur" and "name" in first:
        who = "; ".join(f"{bold(str(r['name']))} ({_names(r.get('titles'))})" for r in rows[:10])
        return f"{reading_line}: {who} [{n}]."
    return ""
