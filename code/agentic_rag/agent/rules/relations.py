"""Graph relations between people, as operations of their own (compiled to Cypher first):

* `shared`: the people who worked with both A and B ("which actors have worked with both Ryan
  Reynolds and Sandra Bullock?"): a title with A and a title with B, possibly the same one; in
  the role the words ask ("acted with", "actors": the cast), any role otherwise ("worked with");
* `auteur`: the people who directed and acted in the same title ("who directed and starred in
  the same movie?"), optionally within a set ("... in India", "... comedies");
* `chain`: the shortest chain of shared titles between two people ("how is A connected to B?");
* the people a person worked with most is `costars` (ranked by shared titles).

`relation_words.relation` reads the operation from the question's wording and its people; the
compilers and the answer sentences for each are here.
"""

from __future__ import annotations

import re
from typing import Any

from agentic_rag.agent.rules import crossover
from agentic_rag.agent.rules.compile_cypher import REL, filters, lit
from agentic_rag.agent.rules.compile_sql import conditions
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.sql_text import lit as sql_lit
from agentic_rag.markup import escape_markdown

CHAIN_TITLES = 5  # the longest chain looked for: five shared titles (met from both ends)
FIXED_TITLES = 3  # chains up to this long are one fixed pattern each; longer ones level by level
MET_TITLES = 5  # a chain this long is met from both ends: two titles from each, one between
_WORKS = "-[:DIRECTED|ACTED_IN]->"
_BY = "<-[:DIRECTED|ACTED_IN]-"
RELATIONS = frozenset({"shared", "auteur", "chain", "crossover"})
ROWS = 30  # the rows a relation query returns at most (`cypher`, `sql`, `common_sql`)
NAMED = 10  # the people the answer's lead names; it says how many more the rows hold
#: relations whose search is bounded: finding nothing is not proof that there is nothing
BOUNDED = frozenset({"chain"})


# -- compiling -------------------------------------------------------------------------------
def cypher(spec: QuerySpec, limit: int = ROWS) -> str:
    s, op = spec.titles, spec.op
    if op == "crossover":
        return crossover.cypher(spec, limit)
    if op == "auteur":
        matches, where = filters(s)
        cond = f" WHERE {' AND '.join(where)}" if where else ""
        #: "… in a movie with {person}": among the titles the person is credited on
        matches += [
            f"MATCH (s)<-[:{REL[w.role]}]-(:Person {{name: {lit(w.name)}}})" for w in s.people
        ]
        return (
            f"MATCH (p:Person)-[:DIRECTED]->(s:Show)<-[:ACTED_IN]-(p){cond}"
            f"{''.join(' ' + m for m in matches)} RETURN p.name AS name, count(DISTINCT s) "
            "AS shared, collect(DISTINCT s.title) AS titles ORDER BY shared DESC, name "
            f"LIMIT {int(limit)}"
        )
    a, b = (lit(p.name) for p in s.people[:2])
    ra, rb = (REL[p.role] for p in s.people[:2])  # "actors both A and B directed": directors
    rel = REL[spec.role]  # "acted with both": the cast; "worked with both": any role
    (m1, w1), (m2, w2) = filters(s, "s1"), filters(s, "s2")  # "in comedies with both A and B"
    cond = " AND ".join(["p <> a", "p <> b", *w1, *w2])
    return (
        f"MATCH (a:Person {{name: {a}}})-[:{ra}]->(s1:Show)<-[:{rel}]-(p:Person)"
        f"-[:{rel}]->(s2:Show)<-[:{rb}]-(b:Person {{name: {b}}}) WHERE {cond}"
        f"{''.join(' ' + m for m in (*m1, *m2))} RETURN p.name AS name, "
        "collect(DISTINCT s1.title) AS with_first, "
        "collect(DISTINCT s2.title) AS with_second ORDER BY name "
        f"LIMIT {int(limit)}"
    )


def sql(spec: QuerySpec, limit: int = ROWS) -> str | None:
    """The same relation over the SQL tables (the alternative when the graph fails)."""
    s, op = spec.titles, spec.op
    if op == "crossover":
        return crossover.sql(spec, limit)
    if op == "auteur":
        cond = " AND ".join(["d.role = 'director'", "c.role = 'cast'", *conditions(s)])
        return (
            "SELECT p.name, count(DISTINCT s.show_id) AS shared, group_concat(DISTINCT "
            "s.title) AS titles FROM show_people d JOIN show_people c ON c.show_id = "
            "d.show_id AND c.person_id = d.person_id JOIN shows s ON s.show_id = d.show_id "
            f"JOIN people p ON p.person_id = d.person_id WHERE {cond} GROUP BY p.name "
            f"ORDER BY shared DESC, p.name LIMIT {int(limit)}"
        )
    if op != "shared":
        return None
    role = f" AND o.role = '{spec.role}'" if spec.role in ("director", "cast") else ""
    own = conditions(s.model_copy(update={"people": []}))  # "in comedies with both A and B"

    def side(name: str, alias: str, credit: str | None) -> str:
        mine = f" AND xs.role = '{credit}'" if credit in ("director", "cast") else ""
        return (
            f"SELECT o.person_id, group_concat(DISTINCT s.title) AS titles FROM people x "
            f"JOIN show_people xs ON xs.person_id = x.person_id{mine} JOIN show_people o ON "
            f"o.show_id = xs.show_id{role} AND o.person_id <> x.person_id "
            f"JOIN shows s ON s.show_id = xs.show_id WHERE "
            f"{' AND '.join([f'x.name = {sql_lit(name)}', *own])} "
            f"GROUP BY o.person_id) {alias}"
        )

    (a, ra), (b, rb) = ((p.name, p.role) for p in s.people[:2])
    both = f"({side(a, 'one', ra)} JOIN ({side(b, 'two', rb)} ON two.person_id = one.person_id"
    return (
        f"SELECT p.name, one.titles AS with_first, two.titles AS with_second FROM {both} "
        f"JOIN people p ON p.person_id = one.person_id WHERE p.name NOT IN ({sql_lit(a)}, "
        f"{sql_lit(b)}) ORDER BY p.name LIMIT {int(limit)}"
    )


def common(spec: QuerySpec) -> bool:
    """Whether a people part asks for those in every title of a set of several ("who acted in
    both of them"; `QuerySpec.every`): a set of named titles, of an earlier part's titles, or
    of the titles a phrase names ("who is in both lord of the rings films")."""
    s = spec.titles
    several = len(s.titles) >= 2 or len(s.show_ids) >= 2 or bool(s.title_has)
    return spec.every and (several or spec.ref == "all")


def common_sql(spec: QuerySpec, limit: int = ROWS) -> str:
    """The people (in the role asked) credited on every title of the set: those whose titles
    in the set are as many as the set's titles."""
    conds = conditions(spec.titles)
    role = [f"sp.role = {sql_lit(spec.role)}"] if spec.role else []
    where = " AND ".join([*conds, *role]) or "1 = 1"
    among = f" WHERE {' AND '.join(conds)}" if conds else ""
    return (
        "SELECT p.name, count(DISTINCT s.show_id) AS shared, group_concat(DISTINCT s.title) AS "
        "titles FROM shows s JOIN show_people sp ON sp.show_id = s.show_id JOIN people p ON "
        f"p.person_id = sp.person_id WHERE {where} GROUP BY p.name HAVING count(DISTINCT "
        f"s.show_id) = (SELECT count(*) FROM shows s{among}) ORDER BY p.name LIMIT {int(limit)}"
    )


def chains(spec: QuerySpec) -> list[str]:
    """One query per chain length (1 to CHAIN_TITLES shared titles): the shortest found wins.
    FalkorDB has no undirected shortestPath and the guard bounds variable-length patterns, so
    short chains are fixed patterns and longer ones a search level by level (`_levels`)."""
    a, b = (lit(p.name) for p in spec.titles.people[:2])
    out = []
    for k in range(1, CHAIN_TITLES + 1):
        if k > FIXED_TITLES:
            out.append(_levels(a, b, k) if k < MET_TITLES else _met(a, b))
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


def chain_length(args: dict[str, Any]) -> int:
    """The number of titles a chain query (`chains`) looks for, from its call's arguments."""
    m = re.search(r"\b(\d+) AS titles\b", str(args.get("query") or ""))
    return int(m.group(1)) if m else CHAIN_TITLES + 1


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


def _met(a: str, b: str) -> str:
    """A chain of five titles met from both ends: the people up to two titles from A and those
    up to two from B (each a level at a time, as `_levels`), one title between two of them;
    then fixed two-title patterns from A to the first and from the second to B give the names
    (a level by level search of people three titles from A timed out)."""

    def near(x: str, end: str, out: str, keep: str) -> str:
        return (
            f"MATCH ({end}:Person {{name: {x}}}){_WORKS}(:Show){_BY}({out}1:Person) WITH DISTINCT "
            f"{keep}{end}, {out}1 MATCH ({out}1){_WORKS}(:Show){_BY}({out}2:Person) WITH {keep}"
            f"{end}, collect(DISTINCT {out}2) AS {out}s"
        )

    return (
        f"{near(a, 'a', 'm', '')} {near(b, 'b', 'n', 'a, ms, ')} UNWIND ms AS x MATCH (x){_WORKS}"
        f"(s:Show){_BY}(y:Person) WHERE y IN ns WITH a, b, x, s, y LIMIT 1 MATCH (a){_WORKS}"
        f"(s1:Show){_BY}(p:Person){_WORKS}(s2:Show){_BY}(x) WITH a, b, x, s, y, s1, p, s2 LIMIT 1 "
        f"MATCH (y){_WORKS}(t1:Show){_BY}(q:Person){_WORKS}(t2:Show){_BY}(b) RETURN [a.name, "
        f"s1.title, p.name, s2.title, x.name, s.title, y.name, t1.title, q.name, t2.title, "
        f"b.name] AS chain, {MET_TITLES} AS titles LIMIT 1"
    )


# -- saying it -------------------------------------------------------------------------------
def reading(spec: QuerySpec, set_words: str) -> str:
    names = [p.name for p in spec.titles.people[:2]]
    if spec.op == "shared":
        who = "Directors" if spec.role == "director" else "People"
        among = (
            "" if spec.titles.model_copy(update={"people": []}).is_empty() else f", on {set_words}"
        )
        return f"{who} who worked with both {names[0]} and {names[1]}{among}"
    if spec.op == "crossover":
        return crossover.reading(spec, set_words)
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


def more(count: int, rest: list[str] | None = None) -> str:
    """What the lead adds after the people it names: how many more the rows hold (their names,
    `rest`, when the rows are the whole list), and when the rows filled the query's limit,
    that there may be more still (not a complete list)."""
    if count <= NAMED:
        return ""
    if count >= ROWS:
        return f" and at least {count - NAMED} more (the list stops at {ROWS} people)"
    return f" and {count - NAMED} more" + (f": {', '.join(rest)}" if rest else "")


def _rest(rows: list[dict[str, Any]]) -> list[str]:
    """The names of the people after the ones the lead names with their titles."""
    return [escape_markdown(r["name"], one_line=True) for r in rows[NAMED:] if r.get("name")]


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
            for r in rows[:NAMED]
        )
        return f"{reading_line}: {who}{more(len(rows), _rest(rows))} [{n}]."
    if op in ("auteur", "crossover", "people") and "name" in first:  # people: `common`
        who = "; ".join(f"{bold(str(r['name']))} ({_names(r.get('titles'))})" for r in rows[:NAMED])
        return f"{reading_line}: {who}{more(len(rows), _rest(rows))} [{n}]."
    return ""
