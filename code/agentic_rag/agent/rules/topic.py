"""A set named first, then counted: "indonesian films: how many are there", "korean dramas -
how many do you have", "anime series & how many have 3 seasons". The first piece asks nothing
(no head of the `asks` of `words.yaml`): it only names the set the count is of. Once the count
has inherited the set's filters (`compose.link`) it stands for both, and the naming piece is no
part of its own (it would list the set unasked). Before any other question ("titles rated TV-MA
and which of those are rated R") the first piece is a listing asked for.

A person named first, then asked about by a pronoun: "akshay kumar - who shows up with him the
most", "tom hanks: what did he direct". The first piece is only the name (no other word); the
question is the next piece with the name in the pronoun's place, read as one part, so that
its wording ("shows up with {person} the most") makes its operation as if asked in one go.
Titles named first, then their works counted ("spy kids - how many movies") are counted as
asked in one go ("how many spy kids movies"): the works noun makes the name a phrase of many
titles, not the one title of that name."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.claims import claim_then, claimed
from agentic_rag.agent.rules.compose import PERSON_REF, WORKS
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.person_refs import THEY
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.tagger import Tagger
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.title_refs import place_then
from agentic_rag.agent.rules.vocab import ASK_HEADS
from agentic_rag.agent.rules.words import WORDS

_ASKING = re.compile(rf"\b(?:{ASK_HEADS})\b", re.IGNORECASE)


def named_only(prev: QuerySpec, spec: QuerySpec) -> bool:
    """Whether `prev`, the part before `spec`, only named the set of titles that `spec`, read
    with it, counts: a listing by filters alone (no description, no reference, no question
    head) whose every filter the count holds."""
    return (
        prev.op in ("list", "search")
        and (prev.op == "list" or not prev.about)  # a listing searches no words: "… that got …"
        and not prev.needs_results
        and not prev.titles.is_empty()
        and not _ASKING.search(prev.text)
        and spec.op in ("count", "auteur")  # "in dramas, who directed and acted in one film"
        #: "… and how many of those are rated R": a narrowing; not the earlier part's own
        #: `within` ("movies from both spain and mexico - how many": each country, `all_of`)
        and spec.titles.within in (None, prev.titles.within)
        and prev.titles.merged(held := _held(prev, spec)) == held
    )


_TIMES = ("year_from", "year_to", "added_from", "added_to")


def _held(prev: QuerySpec, spec: QuerySpec) -> TitleSet:
    """The count's set, with the time of a piece that named only a time ("spring 2021 - how
    many anime arrived", "2019: how many korean dramas"), unless the count has its own."""
    if spec.op == "auteur":  # "in dramas, who directed and acted in one film": within the set
        return prev.titles.merged(spec.titles)
    timeless = prev.titles.model_copy(update=dict.fromkeys(_TIMES))
    if timeless.is_empty() and all(getattr(spec.titles, f) is None for f in _TIMES):
        return prev.titles.merged(spec.titles)
    if filters_only(prev) and spec.op == "count":  # "not from the us: how many horror movies"
        return prev.titles.merged(spec.titles)
    return spec.titles


def filters_only(prev: QuerySpec) -> bool:
    """A piece that names no titles, only what they must be ("not from the us", "rated pg-13",
    "from japan"): no works noun, no type, no genre; the set is the next piece's, so filtered."""
    kinds = prev.titles.type is None and not prev.titles.genres and not prev.titles.titles
    return kinds and not WORKS.search(prev.text) and not prev.titles.people


def absorb(prev: QuerySpec, spec: QuerySpec) -> None:
    """The count stands for the piece that only named its set: that piece's notes and words
    are the count's ("the first half of 2018 - how many dramas came out": 'half' is a word of
    the question the reading must account for)."""
    spec.notes[:0] = prev.notes
    spec.text, spec.titles = f"{prev.text} - {spec.text}", _held(prev, spec)


_POSSESSIVE = re.compile(r"\b(?:his|their|hers)\b", re.IGNORECASE)
#: "her" before what someone has ("her name in it", "her own movies"): hers, not "with her"
_HER_OWN = re.compile(
    rf"\s+(?:own\s+)?(?:names?|{'|'.join(map(re.escape, WORDS.works_nouns))})\b", re.IGNORECASE
)


def named_person(piece: str, tags: list[Tag]) -> bool:
    """Whether a piece is one person's name and nothing else ("akshay kumar", "Tom Hanks -")."""
    people = [t for t in tags if t.kind == "person"]
    if len(people) != 1 or len(tags) != 1:
        return False
    rest = piece[: people[0].start] + piece[people[0].end :]
    return not re.search(r"\w", rest)


def remark(piece: str, tags: list[Tag]) -> bool:
    """Whether a piece names one person, nothing else of the catalog, no works ("titles starring
    X" is a listing) and asks nothing: a remark before the question about them ("kevin smith
    keeps casting the same guy.. who shows up with him most")."""
    people = [t for t in tags if t.kind == "person"]
    if len(tags) != len(people) or len(people) != 1 or _ASKING.search(piece) or "?" in piece:
        return False
    works = {*WORDS.works_nouns, "stuff", "things", "work", "works", "credits", "roles"}
    return not any(w.casefold() in works for w in re.findall(r"\w+", piece))


def set_aside(piece: str, tagger: Tagger) -> list[str]:
    """The piece before the question asked of what it names, when it says more than the name:
    a claim about a title or a remark about a person, no part of the question."""
    tags = tagger.tag(piece)
    return claimed(piece) or (
        [piece] if remark(piece, tags) and not named_person(piece, tags) else []
    )


def about_person(name: str, piece: str, own: list[Tag]) -> str | None:
    """The piece asked of a person named before it, the name in its first pronoun's place
    ("who shows up with him the most" -> "who shows up with akshay kumar the most"); None when
    the piece names a person of its own or refers to no one."""
    if any(t.kind == "person" for t in own):
        return None
    m = PERSON_REF.search(piece) or THEY.search(piece)
    if m is None:
        return None
    owned = m.group().casefold() == "her" and _HER_OWN.match(piece, m.end())
    said = f"{name}'s" if _POSSESSIVE.fullmatch(m.group()) or owned else name
    return piece[: m.start()] + said + piece[m.end() :]


#: what may stand between the names of a piece that only names people: "a and b", "a & b, c"
_BETWEEN = re.compile(r"^[\s,;:&/+-]*(?:(?:and|plus|with|or)\b[\s,;:&/+-]*)?$", re.IGNORECASE)
#: the words that refer to the people named before as a group (`words.yaml`), longest first
_GROUP_REF = re.compile(
    r"\b(?:"
    + "|".join(
        r"\s+".join(map(re.escape, w.split())) for w in sorted(WORDS.group_refs, key=len)[::-1]
    )
    + r")\b",
    re.IGNORECASE,
)
_TWO = re.compile(r"\b(?:both|each|two|pair|duo)\b", re.IGNORECASE)  # "both A and B"


def named_people(piece: str, tags: list[Tag]) -> list[str]:
    """The names of a piece that is two or more people's names and nothing else ("cate
    blanchett and meryl streep", "naomi watts & nicole kidman -"); [] otherwise."""
    if len(tags) < 2 or any(t.kind != "person" for t in tags):
        return []
    edges = [0, *(x for t in tags for x in (t.start, t.end)), len(piece)]
    gaps = [piece[edges[i] : edges[i + 1]] for i in range(0, len(edges), 2)]
    inner, outer = gaps[1:-1], (gaps[0], gaps[-1])
    if any(re.search(r"\w", g) for g in outer) or not all(_BETWEEN.match(g) for g in inner):
        return []
    return [piece[t.start : t.end] for t in tags]


def about_people(names: list[str], piece: str, own: list[Tag]) -> str | None:
    """The piece asked of the people named before it, their names in the place of the words
    that refer to them as a group ("who has acted with both of them" -> "who has acted with
    both a and b"); None when the piece names a person of its own or refers to no group."""
    if any(t.kind == "person" for t in own) or not (m := _GROUP_REF.search(piece)):
        return None
    both = "both " if _TWO.search(m.group()) and len(names) == 2 else ""
    said = f"{both}{', '.join(names[:-1])} and {names[-1]}"
    if m.group().casefold() == "their":
        said += "'s"
    return piece[: m.start()] + said + piece[m.end() :]


def person_then(piece: str, nxt: str, tagger: Tagger) -> str | None:
    """The next piece asked of the person the piece only names ("akshay kumar - who shows up
    with him the most"), the name in its pronoun's place, or of the people it only names
    ("cate blanchett and meryl streep - who has acted with both of them"), or of the titles it
    only names (`works_then`), or of the title a claim before it names (`claims.claim_then`);
    None otherwise."""
    if (place := place_then(piece, nxt)) is not None:  # "the 2nd one, who's in it"
        return place
    tags = tagger.tag(piece)
    if names := named_people(piece, tags):
        return about_people(names, nxt, tagger.tag(nxt))
    if not named_person(piece, tags) and not remark(piece, tags):
        return works_then(piece, nxt, tags, tagger.lex) or claim_then(piece, nxt, tagger.lex)
    return about_person(piece[tags[0].start : tags[0].end], nxt, tagger.tag(nxt))


#: a count of works, the noun right after "how many" ("how many movies", "count of series"),
#: or of no noun ("how many are there", "how many?") or of the name's titles said back ("how
#: many of those", "how many of them do u have"): not of a title's parts ("how many seasons")
_THOSE = r"(?:those|these|them|['’]?em)\b"
_WORKS_COUNTED = re.compile(
    r"^(?P<head>\W*(?:how\s+many|(?:the\s+)?(?:count|number|total)\s+of))"
    rf"(?:(?<=many)\s+of(?=\s+{_THOSE}))?(?:\s+{_THOSE})?(?=\s+(?:movies|films|shows|series|titles|versions|entries|installments|"
    r"sequels)\b|\s+(?:are\s+there|exist|is\s+there|do\s+(?:you|u|they)|(?:you|u)\s+(?:got|have)|"
    r"(?:are|r)\s+(?:there|here|on\s+(?:here|netflix))|in\s+total|total|altogether)\b|\W*$)",
    re.I,
)
_NAME_ONLY = re.compile(r"^\W*(?:(?:all|every|any)\s+)?(?:the\s+)?", re.I)


def works_then(piece: str, nxt: str, tags: list[Tag], lex: Lexicon) -> str | None:
    """A name of titles said first, then its works counted: "spy kids - how many movies",
    "kung fu panda: how many films", "nailed it: how many are there" count the titles with the
    name ("how many spy kids movies"), not the one title so named; None when the piece says
    more than the name or the next piece counts no works."""
    count = _WORKS_COUNTED.match(nxt)
    if not count or any(t.kind not in ("title", "phrase") for t in tags):
        return None
    lead = _NAME_ONLY.match(piece)
    start = lead.end() if lead else 0
    name = piece[start:].rstrip(" -–—:;,.!?")
    end = start + len(name)
    if not name or any(t.start < start or t.end > end for t in tags):
        return None
    if not tags and lex.in_titles(name) < 2:
        return None  # a lower-case name the tagger leaves to the reader: a phrase of titles
    if tags and lex.in_titles(name) < 2 and (tags[0].start, tags[0].end) != (start, end):
        return None  # the piece says more than the name
    rest = nxt[count.end() :].lstrip()  # "how many of those": the name in the reference's place
    return f"{count.group('head')} {name}{' ' if rest[:1].isalnum() else ''}{rest}"
