"""A title named, then described: "happy valley, the yorkshire cop one, can i watch it", "gomorrah
the italian mafia show, is it there", "memories of murder (bong joon-ho, 2003) available?",
"yellowstone with kevin costner, is it on".

The name is the words before the description: a comma, a dash or a bracket opens it, or an
article does when the words after it end on a kind noun ("the ... one", "the ... show";
`words.yaml` described_kinds). The longest such leading part that is a catalog title is the
title asked for, and the description is checked against it: a year or a type it says that the
title does not have makes the reading a guess. Said of a title the catalog lacks, the leading
part is the name said absent, never the description with it; and an absent name whose leading
part is a catalog title is never a sure reading (`held_part`).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from agentic_rag.agent.rules.editions import EDITION, GLOSSED, RELEASED, short_years, unproven
from agentic_rag.agent.rules.holding_cues import GLOSS, TAIL_END, WHAT
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.qualifiers import countries
from agentic_rag.agent.rules.sequels import sequel_of
from agentic_rag.agent.rules.series_names import franchise_tag
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.title_tail import tail_words
from agentic_rag.agent.rules.vocab import ASK_HEADS, COMMON, WORD, alternation
from agentic_rag.agent.rules.words import WORDS
from agentic_rag.folding import fold

_I = re.IGNORECASE
_KINDS = {
    kind: re.compile(rf"\b(?:{alternation(nouns)})\b", _I)
    for kind, nouns in WORDS.described_kinds.items()
}
_ANY_KIND = alternation([n for nouns in WORDS.described_kinds.values() for n in nouns])
#: where a description opens: a comma, a bracket or a dash set off by spaces, or a word that
#: names who is in it ("yellowstone with kevin costner": a person, said of the title)
_CUT = re.compile(
    r"\s*(?:[,(\[–—]|\s-\s)|\s+(?=(?:with|w/|starring|featuring)\s)|"
    rf"\s+(?={RELEASED})",
    _I,
)
#: who the description says is in the title or made it ("with kevin costner", "by jeff nichols")
_CREDITED = re.compile(
    r"\b(?:with|w/|starring|featuring|by)\s+(?P<who>[\w'’.-]+(?:\s+[\w'’.-]+){0,3})", _I
)
#: the kinds of tag a name read bare before its description may not be: set words, no title
_SET_KINDS = frozenset({"type", "genre", "country", "rating", "release", "added"})
#: an article, up to five words, a kind noun, then the end or a cut: "the yorkshire cop one"
_APPOSITION = re.compile(
    rf"\s+(?:the|a|an|that|this)\s+(?:[\w'’&+-]+\s+){{0,4}}?(?:{_ANY_KIND})\s*(?=$|[,()\[\]–—]|\s-\s)",
    _I,
)
_KIND_NEXT = re.compile(rf"\s*(?:{_ANY_KIND})\b", _I)  # a kind noun the asking tail took
#: a kind noun ending a name no title is, before its description: the description's word (it
#: says what kind the title is), not the name's ("the night manager series, with …")
_KIND_END = re.compile(
    rf"\s+(?:{alternation([*WORDS.described_kinds['Movie'], *WORDS.described_kinds['TV Show']])})$",
    _I,
)
#: a question's head opening the words after the cut: "how many", "and which" …
_ASKS = re.compile(rf"(?:(?:and|also|so|but|plus|then)\s+)?(?:{ASK_HEADS})\b", _I)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_STRIP = " ,-–—([)]"
#: the kinds of tag a description may hold for its words to be read as one ("(bong joon-ho,
#: 2003)": a person and a year; "the italian mafia show": a country, a genre, a type)
_DESCRIBING = frozenset({"person", "release", "country", "genre", "type", "phrase", "title"})
GUESS_SCORE = 0.45  # a title whose description does not fit it: a guess (under tags' GUESS)
#: kinds said of a name in the plural: several titles ("bleach - the anime and movies")
_PLURAL = re.compile(r"\b(?:movies|films|shows|specials|ones|titles)\b", _I)  # not "series"
#: kind nouns closing the description, joined by "and" / "+" ("the films and shows")
_KIND_RUN = re.compile(
    r"\s*(?:(?:and|&|\+|/|,)\s*)?(?:tv\s+)?(?:movies?|films?|shows?|series|specials?)\b", _I
)
MIN_OPENING = 2  # a title opening absent words with no cut after it: this many words at least


class Described(NamedTuple):
    name: str  # the leading words that name the title
    start: int  # where the name starts in the question
    end: int  # where the name ends
    rest: str  # the words that describe it
    title: str | None  # the catalog title the name is, if any
    stop: int  # where the description ends


def _parts(raw: str) -> list[tuple[str, str]]:
    """Each cut of the words into a name and a description after it, the longest name first."""
    cuts = {m.start() for m in _CUT.finditer(raw)} | {m.start() for m in _APPOSITION.finditer(raw)}
    out = [(_untailed(raw[:c]), raw[c:].strip(_STRIP)) for c in sorted(cuts, reverse=True)]
    #: a question after the comma is no description ("nailed it, how many versions …")
    return [(n, rest) for n, rest in out if WORD.search(n) and not _ASKS.match(rest)]


#: words that end on a kind noun and say no more: the gloss after a title ("prison show")
_KIND_GLOSS = re.compile(rf"(?:[\w'’&+-]+\s+){{0,4}}?(?:{_ANY_KIND})\s*$", _I)


def _kinded(raw: str, lex: Lexicon) -> list[tuple[str, str]]:
    """The longest leading catalog title whose words are followed by a gloss that ends on a
    kind noun ("orange is the new black prison show": Orange Is the New Black, "prison show"),
    an article inside the title's own name being none of the gloss's; a kind noun alone says
    which of a name's titles, no gloss ("star trek series": the Star Trek shows)."""
    words = list(WORD.finditer(raw))
    for n in range(len(words) - 1, 0, -1):
        name, rest = raw[: words[n - 1].end()], raw[words[n - 1].end() :].strip(_STRIP)
        if len(WORD.findall(rest)) > 1 and _KIND_GLOSS.fullmatch(rest) and lex.title(name):
            return [(name, rest)]
    return []


def _untailed(name: str) -> str:
    """The name before a description, without an availability tail said before the description
    ("is atypical on here, the show about …": atypical)."""
    name = name.strip(_STRIP)
    tail = TAIL_END.search(name)
    return name[: tail.start()].strip(_STRIP) if tail and tail.start() else name


def described(text: str, span: tuple[int, int], tags: list[Tag], lex: Lexicon) -> Described | None:
    """The name and description the words at `span` are, when they are no catalog title whole:
    the longest leading part that is a catalog title; else, for a description set off by a
    bracket or a comma that holds only a person, a year or set words ("(bong joon-ho, 2003)"), or
    an apposition ("the yorkshire cop one"), the leading part as the name of an absent title."""
    if kind := _KIND_NEXT.match(text, span[1]):  # "gomorrah the italian mafia show, is it …"
        span = (span[0], kind.end())
    raw = text[span[0] : span[1]]
    if lex.title(raw):
        return None
    parts = _parts(raw) + _kinded(raw, lex)
    for name, rest in parts:
        if title := lex.title(name):
            start = text.index(name, span[0])
            return Described(name, start, start + len(name), rest, title, span[1])
    for name, rest in [*parts, (raw, "")]:  # "the original mad max from 79": its version said
        edition = EDITION.match(name)
        if edition and (title := lex.title(bare := name[edition.end() :])):
            start = text.index(bare, span[0])
            said = f"{edition.group().strip()} {rest}".strip()
            return Described(bare, start, start + len(bare), said, title, span[1])
    last = parts[-1:] or [(raw, "")]
    for name, rest in last:  # the shortest name: the description is all after it
        if (kind := _KIND_END.search(name)) and kind.start():  # "the night manager series w …"
            name, rest = name[: kind.start()], f"{kind.group().strip()} {rest}"
        if (edition := EDITION.match(name)) and edition.end() < len(name):  # "the og jumanji"
            name, rest = name[edition.end() :], f"{edition.group().strip()} {rest}".strip()
        start = text.index(name, span[0])
        end = start + len(name)
        words = WORD.findall(name)
        named = [t for t in tags if t.start < end and t.end > start]
        said = [t for t in tags if t.start >= end and t.end <= span[1]]
        #: "…, the yorkshire cop one", "…, the hbo one with the roy family": a name before
        opened = _APPOSITION.fullmatch(f" {rest}") or GLOSS.match(rest) or GLOSSED.match(rest)
        if named or (all(w.casefold() in COMMON for w in words) and not opened):
            return None  # "korean dramas (2019)": set words, no name
        if opened or (said and all(t.kind in _DESCRIBING for t in said)):
            return Described(name, start, end, rest, qualified(name, rest, lex), span[1])
    return None


def qualified(name: str, rest: str, lex: Lexicon) -> str | None:
    """The held title that is the name with a qualifier its description says ("the office, the
    us one": The Office (U.S.)): the title's words past the name, run together or each, among
    the description's words."""
    said = {w.casefold() for w in WORD.findall(rest)}
    own = {w.casefold() for w in WORD.findall(name)}
    for title in lex.near_title(name):
        extra = [
            w.casefold() for w in WORD.findall(title.replace(".", "")) if w.casefold() not in own
        ]
        if extra and ("".join(extra) in said or all(w in said for w in extra)):
            return title
        rest_of = title[len(name) :] if fold(title).startswith(fold(name)) else ""
        if rest_of and countries(rest_of, lex) & countries(rest, lex):
            return title  # "shameless, the american one": Shameless (U.S.)
    return None


def several_tag(d: Described, text: str, lex: Lexicon) -> Tag | None:
    """Every title with the name in it, when the description says several ("bleach - the anime
    and movies, what do u have") or the question asks what is held of it, and the name is in
    several titles; the kind nouns closing the description go with it (no filter by type)."""
    several = WHAT.search(text) or _PLURAL.search(d.rest)
    if not several or lex.in_titles(d.name) < 2:
        return None
    end = d.stop
    while run := _KIND_RUN.match(text, end):
        end = run.end()
    tag = franchise_tag(d.name, (d.start, end), text[d.start : end], lex)
    return tag.model_copy(update={"described": text[d.end : end].strip(_STRIP)})


def fits(title: str | None, rest: str, lex: Lexicon) -> bool:
    """Whether what the description says of the title (a year, a type) is true of it."""
    info = lex.show(title) if title else None
    if info is None:
        return True
    years = [int(y) for y in _YEAR.findall(rest)] + short_years(rest)
    last = info.release_year or 0  # a show's is its latest season's: it began then or before
    first = last - 1 if info.type == "Movie" else 0
    if years and last and not any(first <= y <= last + 1 for y in years):
        return False
    said = {kind for kind, cue in _KINDS.items() if kind != "any" and cue.search(rest)}
    if said and info.type not in said:
        return False
    said = countries(rest, lex)  # "house of cards, the british one": the U.S. show is not
    if said and info.countries and not said & info.countries:
        return False
    return all(p in info.people for p in credited(rest, lex, title))


def credited(rest: str, lex: Lexicon, title: str | None = None) -> list[str]:
    """The catalog people a description says are in the title or made it: the longest run of
    words after "with" / "starring" / "by" that is a catalog name ("with tom hanks, is it on"),
    or a surname the title credits one holder of ("the irishman with de niro")."""
    info = lex.show(title) if title else None
    out = []
    for m in _CREDITED.finditer(rest):
        words = m.group("who").split()
        for n in range(len(words), 0, -1):
            said = " ".join(words[:n])
            held = [p for p in lex.by_surname(said) if info and p in info.people]
            if who := lex.person(said) or (held[0] if len(held) == 1 else None):
                out.append(who)
                break
    return out


def bare_described(text: str, tags: list[Tag], lex: Lexicon) -> Described | None:
    """A whole question that is a catalog title, then who is in it, with no cue asking whether
    it is held ("midnight special with tom hanks", "the founder w/ michael keaton"): the title,
    described by its people (`fits` checks them); None when the leading words are set words."""
    span = (0, len(text.rstrip(" ?.!")))
    said = described(text, span, tags, lex)
    if not said or not said.title or not credited(said.rest, lex, said.title):
        return None
    named = [t for t in tags if t.start < said.end and t.end > said.start]
    if named and all(t.kind in _SET_KINDS for t in named):
        return None  # "dramas with …": a genre, whatever title shares the word
    return said


def title_tag(d: Described, lex: Lexicon) -> Tag:
    """The title tag over the name and its description (whose tags are dropped with it)."""
    ok = fits(d.title, d.rest, lex) and not unproven(d.rest)
    note = f"read '{d.name}' as the title {d.title}, the words with it describing it"
    return Tag(
        kind="title",
        start=d.start,
        end=d.stop,
        text=d.name,
        value=d.title,
        score=1.0 if ok else GUESS_SCORE,
        described=d.rest,
        note=note if ok else f"{note} (they do not fit it: '{d.rest}')",
    )


def misfit(specs: list[QuerySpec], lex: Lexicon) -> bool:
    """Whether a title read from its name was described as it is not ("dark, the spanish movie":
    Dark is a show): the reading is a guess."""
    return any(not fits(t, d, lex) for s in specs for t in s.titles.titles for d in s.described)


def audience_of(name: str, lex: Lexicon) -> str | None:
    """The one-word catalog title a name opens with before "for", or a word of suiting and then
    "for" ("ozark for adults", "ozark fine for teenagers"): who the title is for is asked, not a
    longer name; other words after it ("drive my car") name a longer title."""
    words = [w.casefold() for w in WORD.findall(name)]
    tails = tail_words()
    after = words[2:] if words[1:2] and words[1] in tails.suitable else words[1:]
    return lex.title(words[0]) if after and after[0] in tails.audience else None


def absent_held(specs: list[QuerySpec], lex: Lexicon) -> bool:
    """Whether a title said absent opens with a held title (`held_part`): never sure."""
    return any(a.kind == "title" and held_part(a.name, lex) for s in specs for a in s.absent)


def held_part(name: str, lex: Lexicon) -> str | None:
    """A catalog title the absent name opens with: before a cut or an apposition, its first
    `MIN_OPENING` words or more ("Happy Valley the Yorkshire Cop One": Happy Valley), or one
    word before "for" or an asking word ("Ozark for Adults", "Ozark Fine for Teenagers": "is
    ozark for adults" asks who it is for; not "Game of Thrones": a longer name); none for a
    sequel the catalog lacks ("The Lobster 2": no apposition, that sequel)."""
    if sequel_of(name, lex):
        return None
    for lead, _ in _parts(name):
        if title := lex.title(lead):
            return title
    if title := audience_of(name, lex):
        return title
    words = list(WORD.finditer(name))
    for n in range(len(words) - 1, MIN_OPENING - 1, -1):
        if title := lex.title(name[: words[n - 1].end()]):
            return title
    return None
