"""How a spec is said in words: the resolved question and the answer's interpretation line."""

from __future__ import annotations

from agentic_rag.agent.rules import crossover
from agentic_rag.agent.rules.billing import asks_lead
from agentic_rag.agent.rules.costar_sql import at_least
from agentic_rag.agent.rules.directed_pair import directed_by_each
from agentic_rag.agent.rules.group_bounds import said_bound
from agentic_rag.agent.rules.phrase_names import GROUP_NAMES, MEASURE_NAMES, ORDER_NAMES, ROLE_WORDS
from agentic_rag.agent.rules.relations import RELATIONS, common
from agentic_rag.agent.rules.relations import reading as relation_reading
from agentic_rag.agent.rules.spans import date_span as _date
from agentic_rag.agent.rules.spans import value_range as _range
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet


def _unit(spec: QuerySpec) -> str:
    return "seasons" if spec.by == "seasons" else "running time"


def _who(role: str | None) -> str:
    return {"director": "a director", "cast": "a cast member"}.get(role or "", "a person")


def _beyond(inner: TitleSet, outer: TitleSet) -> TitleSet:
    """What an earlier set (`within`) adds to the set that narrows it: its other fields."""
    fields = type(inner).model_fields
    return inner.model_copy(
        update={
            k: f.get_default(call_default_factory=True)
            for k, f in fields.items()
            if getattr(inner, k) == getattr(outer, k)
        }
    )


def set_words(s: TitleSet, plural: bool = True) -> str:
    """'TV shows from South Korea released in 2019', 'titles' for an empty set."""
    noun = {"Movie": "movies", "TV Show": "TV shows"}.get(s.type or "", "titles")
    if not plural:
        noun = noun[:-1]
    genre = " and ".join(  # groups are all asked ("comedy and horror"), a group's names either
        g[0] if len(g) == 1 else "/".join(g) for g in dict.fromkeys(map(tuple, s.genres))
    )
    words = [
        f"{genre} {noun}"
        if genre and not genre.casefold().endswith(noun.casefold())
        else genre or noun
    ]
    if s.countries:
        words.append("from " + " or ".join(s.countries))
    roles: dict[str, list[str]] = {}
    for p in s.people:
        roles.setdefault(ROLE_WORDS.get(p.role or "", "with"), []).append(p.name)
    words += [f"{role} {' and '.join(names)}" for role, names in roles.items()]
    if s.year_from is not None or s.year_to is not None:
        words.append(
            "released "
            + ("in " if s.year_from == s.year_to or (s.year_from and s.year_to) else "")
            + _range(s.year_from, s.year_to)
        )
    if s.added_from or s.added_to:
        words.append("added to Netflix " + _date(s.added_from, s.added_to))
    if s.added_same_year:
        words.append("added to Netflix in the year they came out")
    if s.ratings:
        words.append("rated " + " or ".join(s.ratings))
    if s.minutes_min is not None or s.minutes_max is not None:
        words.append("running " + _range(s.minutes_min, s.minutes_max, " min"))
    if s.seasons_min is not None or s.seasons_max is not None:
        words.append("with " + _range(s.seasons_min, s.seasons_max, " seasons"))
    if s.keywords:
        words.append("whose description mentions " + " or ".join(f"'{k}'" for k in s.keywords))
    if s.missing:
        words.append("with no " + " or ".join(s.missing) + " listed")
    if s.titles:
        words.append("named " + ", ".join(s.titles))
    if s.title_has:
        words.append("with " + " or ".join(f"'{p}'" for p in s.title_has) + " in the title")
    if s.show_ids:
        words.append(f"(the {len(s.show_ids)} titles of the previous answer)")
    if s.same_people is not None:
        words.append(f"sharing {_who(s.same_people.role)} with the earlier part's title")
    if s.excluded:
        words.append(f"besides the earlier part's {len(s.excluded)} title(s)")
    if s.within is not None:
        words.append(f"among {set_words(_beyond(s.within, s))}")
    words += [f"({_left_out(w)})" for w in s.without]
    return " ".join(words)


def reading(spec: QuerySpec) -> str:
    """One short line saying how the question part was read."""
    s = set_words(spec.titles)
    op = spec.op
    if op == "count":
        return f"Counting {s}"
    if op == "list":
        return f"Listing {s}"
    if op == "most":
        group, way = GROUP_NAMES.get(spec.by or "", spec.by), "fewest" if spec.ascending else "most"
        return f"Ranking each {group} by {s}{said_bound(spec)} ({way} first)"
    if op == "top":
        word = ORDER_NAMES.get(spec.by or "", ("", ""))[1 if spec.ascending else 0]
        titles = set_words(spec.titles, plural=spec.limit != 1)
        if spec.by == "seasons":  # "The Anime Series title with the most seasons"
            return f"The {titles} with the {word}"
        return f"The {word} {titles}"
    if op == "share" and spec.part is not None:
        return f"Share of {s} that are {set_words(spec.part).replace('titles ', '', 1)}"
    if op == "compare" and spec.part is not None:  # their counts, or their means (`by`)
        mean = f"the average {_unit(spec)} of " if spec.by else ""
        return f"Comparing {mean}{s} with {set_words(spec.part)}"
    if op == "label":
        labels = "; ".join(f"{k}: {' or '.join(v)}" for k, v in spec.labels.items())
        return f"Labelling {s} by description keywords ({labels}) and counting each label"
    if op == "average":
        return f"{MEASURE_NAMES[spec.measure].capitalize()} {_unit(spec)} of {s}"
    if op == "people":
        who = {"director": "Directors", "cast": "Cast"}.get(spec.role or "", "People")
        target = (
            s
            if not spec.titles.is_empty()
            else ("the earlier part's title" if spec.ref else f"the best match for '{spec.about}'")
        )
        return f"{who}{' in every one' if common(spec) else ''} of {target}"
    if op in RELATIONS:  # (a crossover names its titles itself: the set is the second role's)
        drop = {"people": [], **({"titles": []} if op == "crossover" else {})}
        return relation_reading(spec, set_words(spec.titles.model_copy(update=drop)))
    if op == "costars":
        name = spec.titles.people[0].name if spec.titles.people else "them"
        return f"{'Directors' if spec.role == 'director' else 'People'} who worked with {name}"
    if op == "describe":
        return f"The catalog entry of {', '.join(spec.titles.titles) or spec.text}"
    if op == "similar":
        return f"Titles similar to {', '.join(spec.titles.titles) or spec.about}"
    if op == "external":
        return f"Facts from outside the catalog about: {spec.text}"
    return f"Titles whose description matches '{spec.about or spec.text}'" + (
        f" among {s}" if not spec.titles.is_empty() else ""
    )


def question_for(spec: QuerySpec) -> str:
    """The part as a stand-alone question (a follow-up's resolved question; re-readable)."""
    s = set_words(spec.titles)
    if spec.op == "count":
        return f"How many {s} are there?"
    if spec.op == "list":
        return f"Which {s} are there?"
    if spec.op == "people" and spec.titles.titles:
        verb = {"director": "directed", "cast": "starred in"}.get(spec.role or "", "worked on")
        return f"Who {verb} {', '.join(spec.titles.titles)}?"
    if spec.op in ("most", "top", "average", "share", "compare"):
        return reading(spec) + "?"
    if spec.op == "costars" and spec.titles.people:
        name = spec.titles.people[0].name
        return (
            f"Which directors has {name} worked with?"
            if spec.role == "director"
            else f"Who has worked with {name}?"
        )
    if spec.op == "describe" and spec.titles.titles:
        return f"Tell me about {spec.titles.titles[0]}."
    if spec.op == "similar" and spec.titles.titles:
        return f"Which titles are similar to {spec.titles.titles[0]}?"
    return spec.text


# -- the answer's reading line: "Read as: movies · country Spain · genre Thrillers · longest first"
def facets(s: TitleSet) -> list[str]:
    """The set's constraints, one short facet each (the type first; 'titles' for no type)."""
    out = [{"Movie": "movies", "TV Show": "TV shows"}.get(s.type or "", "titles")]
    if s.countries:
        out.append("country " + " or ".join(s.countries))
    out += ["genre " + " or ".join(g) for g in dict.fromkeys(map(tuple, s.genres))]  # each once
    out += [ROLE_WORDS.get(p.role or "", "with") + " " + p.name for p in s.people]
    if s.year_from is not None or s.year_to is not None:
        out.append("released " + _range(s.year_from, s.year_to))
    if s.added_from or s.added_to:
        out.append("added " + _date(s.added_from, s.added_to))
    if s.ratings:
        out.append("rated " + " or ".join(s.ratings))
    if s.added_same_year:
        out.append("added the year it came out")
    if s.minutes_min is not None or s.minutes_max is not None:
        out.append("running " + _range(s.minutes_min, s.minutes_max, " min"))
    if s.seasons_min is not None or s.seasons_max is not None:
        out.append(_range(s.seasons_min, s.seasons_max, " seasons"))
    if s.keywords:
        out.append("description mentions " + " or ".join(f"'{k}'" for k in s.keywords))
    out += [f"no {m} listed" for m in s.missing]
    if s.show_ids and len(s.show_ids) > 1:  # an earlier answer's titles: counted, not listed
        out.append(f"the {len(s.show_ids)} titles found earlier")
    else:
        out += [f"title {t}" for t in s.titles]
    if s.same_people is not None:
        out.append(f"sharing {_who(s.same_people.role)} with the earlier title")
    if s.excluded:
        out.append(f"besides the earlier part's {len(s.excluded)} title(s)")
    if s.within is not None:
        among = facets(_beyond(s.within, s))
        out.append("among " + ", ".join(among[1:] if among[0] == "titles" else among))
    out += [_left_out(w) for w in s.without]
    return out


def _left_out(w: TitleSet) -> str:
    """A left-out set's words: "not" its titles by name ("Rocky Handsome or The Ant's Scream") or
    its facets; a field left out missing is held ("with a director listed")."""
    if w.missing and w == TitleSet(missing=w.missing):
        return "with a " + " and a ".join(w.missing) + " listed"
    return "not " + (
        " or ".join(w.titles) if w == TitleSet(titles=w.titles) else ", ".join(facets(w)[1:])
    )


def _doing(spec: QuerySpec) -> str:
    """What is done with the set, as the line's last facet."""
    op, who = spec.op, {"director": "directors", "cast": "cast"}.get(spec.role or "", "people")
    who = "lead (first billed)" if asks_lead(spec) else who
    if op in ("count", "list"):
        return "how many" if op == "count" else "list" + (f" {spec.limit}" if spec.limit else "")
    if op == "top":
        word = ORDER_NAMES.get(spec.by or "", ("", ""))[1 if spec.ascending else 0]
        return (word or "in order") + " first" + (f", {spec.limit}" if spec.limit else "")
    if op == "most":
        return (
            f"{'fewest' if spec.ascending else 'most'} titles per "
            f"{GROUP_NAMES.get(spec.by or '', spec.by or 'group')}{said_bound(spec)}"
            + (f", top {spec.limit}" if spec.limit and spec.limit > 1 else "")
        )
    if op == "share" and spec.part is not None:
        return "share that are " + ", ".join(facets(spec.part)[1:] or facets(spec.part))
    if op == "compare" and spec.part is not None:
        mean = f", average {_unit(spec)}" if spec.by else ""
        return "compared with " + ", ".join(facets(spec.part)) + mean
    if op == "label":
        return "counted per label " + "; ".join(
            f"{k}: {' or '.join(v)}" for k, v in spec.labels.items()
        )
    if op == "average":
        return f"{MEASURE_NAMES[spec.measure]} {_unit(spec)}"
    if op == "people":
        mine = f"their {who}" + (" in common" if common(spec) else "")
        return mine if not spec.titles.is_empty() else f"{who} of the best match"
    if op == "costars":
        return at_least(spec)  # "people, in 2 or more titles together, most shared first"
    if op == "crossover":
        return crossover.doing(spec)
    if op == "shared" and directed_by_each(spec):
        return "actors each of them directed"  # "actors both X and Y directed"
    done = {
        "shared": "worked with both",
        "auteur": "directed and acted in one title",
        "chain": "shortest chain of shared titles",
        "describe": "catalog entry",
        "similar": "similar titles",
        "external": "facts from outside the catalog",
    }
    return done.get(op, "description matches")


def read_as(spec: QuerySpec) -> str:
    """One part's reading in facets: 'movies · country Spain · genre Thrillers · longest first'."""
    s = spec.titles
    if spec.op in ("describe", "similar") and not s.titles:  # or the one found before
        bits = ["the title found earlier"] if len(s.show_ids) == 1 else [f"'{spec.text}'"]
    elif spec.op == "costars":  # the first person named is the one asked about
        verb = "cast by" if s.people[:1] and s.people[0].role == "director" else "worked with"
        bits = [f"{verb} {p.name}" for p in s.people[:1]] or [f"{verb} them"]
        among = s.model_copy(update={"people": s.people[1:]})  # "… in the 90s"
        bits += [] if among.is_empty() else facets(among)
    elif spec.op in ("shared", "chain"):  # the two people, in any role
        bits = [" and ".join(p.name for p in s.people[:2])]
    else:
        bits = facets(s)
    if spec.op == "search" or (spec.op == "people" and s.is_empty()):
        bits.append(f"about '{spec.about or spec.text}'")
    if spec.op == "external" and not s.titles:
        bits = [f"'{spec.text}'"]
    if spec.ref == "people_of" and s.same_people is None:  # filled once the earlier part ran
        bits.append(f"sharing {_who(spec.role)} with the earlier title")
    bits += [f"{a.name} not in the catalog" for a in spec.absent]
    return " · ".join([*bits, _doing(spec)])


def reading_line(specs: list[QuerySpec]) -> str:
    """The answer's one line: every part's facets, then how ambiguous words were read."""
    if not specs:
        return ""
    notes = list(dict.fromkeys(n for s in specs for n in s.notes))
    line = "Read as: " + " | ".join(read_as(s) for s in specs)
    return line + (f" ({'; '.join(notes)})" if notes else "")
