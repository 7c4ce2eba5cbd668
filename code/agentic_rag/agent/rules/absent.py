"""Named but absent: a person or title the question names by its cue that the catalog lacks.

"directed by pedro almodovar", "movies of X", "X's films", "when was The Godfather added": the
cue says what the words are, so the reader keeps them as an entity even when no catalog name
matches (folded, then fuzzily). The plan runs the query the question asks, which comes back
empty, plus a count of the entity's titles that grounds the answer "the catalog has no title
directed by X [n]"; catalog names just under the fuzzy cut-off are offered as "did you mean".
The plan's typed reading carries them (`QuerySpec.absent`); the reasoning names them for people.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from agentic_rag.agent.rules.languages import is_language
from agentic_rag.agent.rules.lexicon import MAX_NEAR, Lexicon
from agentic_rag.agent.rules.mend import table_words, typo
from agentic_rag.agent.rules.misspelt import misspelt, refuted
from agentic_rag.agent.rules.name_evidence import key
from agentic_rag.agent.rules.sequels import sequel_of
from agentic_rag.agent.rules.spec import Absent, PersonRef, Role, TitleSet
from agentic_rag.agent.rules.tags import Tag, free
from agentic_rag.agent.rules.vocab import (
    COMMON,
    LOOSE_VERB,
    ROLE_AFTER,
    WORD,
    WORKS_AFTER,
    WORKS_BEFORE,
    role_at,
)
from agentic_rag.agent.rules.words import WORDS

MAX_NAME_WORDS = 4
#: words a typed name or title keeps in lower case ("Game of Thrones", "Vincent van Gogh")
SMALL_WORDS = WORDS.small_words
POSSESSIVE = re.compile(r"['’]s$", re.I)
NAME_JOIN = re.compile(r"\s+|\s*-\s*|\.\s+")  # between the words of one name
#: cues only a person's name follows ("directed by ...", "starring ...")
STRONG_CUE = re.compile(
    r"\b(?:directed\s+by|helmed\s+by|starring|featuring|played\s+by|co-?starring)\s+$", re.I
)
#: a works noun right after a name: a weak cue ("scorsese movies", "kajol films")
_WORKS_NEXT = re.compile(r"\s+(?:movies|films|shows|series|titles|filmography)\b", re.I)
#: one work after an article before the name: "a spielberg film", "any tarantino movie"
_ONE_WORK = re.compile(r"\s+(?:movie|film|flick|show|series|doc|documentary)\b", re.I)
_ONE_BEFORE = re.compile(r"\b(?:a|an|any|one|some|another)\s+$", re.I)
#: a question of what someone made, the loose verb after the name: "what did scorsese make
#: with de niro", "what has nolan made"
_MADE_BY = re.compile(r"\bwhat\s+(?:did|has|have|does|do|else\s+(?:did|has))\s+$", re.I)


def _made_cue(text: str, start: int, end: int, lex: Lexicon) -> bool:
    """A work cue around a name with no plural works noun: "a spielberg film" (one work after
    an article), "what did scorsese make" (a question of what they made); not words several
    titles hold ("a marvel movie", "a christmas movie": those titles' word, no one's name)."""
    one = _ONE_BEFORE.search(text[:start]) and _ONE_WORK.match(text, end)
    made = _MADE_BY.search(text[:start]) and LOOSE_VERB.match(text, end + 1)
    return bool(one or made) and lex.in_titles(text[start:end]) < 2


#: small words that join the words of one name ("chronicles of narnia", "vincent van gogh")
_JOINS_NAMES = frozenset(SMALL_WORDS) - {
    "a",
    "an",
    "the",
    "any",
    "for",
    "with",
    "by",
    "at",
    "in",
    "to",
}
CHECK_PURPOSE = "in the catalog? "  # the purpose prefix of the grounding count


class Cued(NamedTuple):
    start: int
    end: int
    role: Role | None
    weak: bool  # only a works noun after the words ("scorsese movies"): a catalog name only


def title_case(raw: str) -> str:
    """The name as typed, each all-lower-case word capitalised (small words inside kept)."""
    words = raw.split()
    return " ".join(
        w[:1].upper() + w[1:] if w.islower() and (i == 0 or w not in SMALL_WORDS) else w
        for i, w in enumerate(words)
    )


def _name_word(word: str, lex: Lexicon) -> bool:
    low = POSSESSIVE.sub("", word).casefold()
    if low in COMMON or low.isdigit() or len(low) < 2:
        return False
    return word[:1].isupper() or low not in lex.everyday_words


#: people whose names hold an everyday word before it is read as a family name before a
#: hyphenated given name ("park chan-wook", "song kang-ho")
FAMILY_NAMES = 3
_HYPHENED = re.compile(r"\s+\w+-\w+", re.I)


def _family(text: str, m: re.Match[str], tags: list[Tag], lex: Lexicon) -> bool:
    """An everyday word that opens a name before a hyphenated given name, as Korean names do
    ("movies by park chan-wook"): several catalog people have it in their names."""
    low = m.group().casefold()
    return (
        free(tags, *m.span())
        and low not in COMMON
        and _HYPHENED.match(text, m.end()) is not None
        and lex.in_names(low) >= FAMILY_NAMES
    )


def _runs(text: str, tags: list[Tag], lex: Lexicon) -> list[list[re.Match[str]]]:
    """Maximal runs of untagged name-like words (capitalised, or not everyday English; an
    everyday family name before a hyphenated given name too)."""
    runs: list[list[re.Match[str]]] = []
    prev: re.Match[str] | None = None
    for m in WORD.finditer(text):
        ok = free(tags, *m.span()) and (_name_word(m.group(), lex) or _family(text, m, tags, lex))
        joined = (
            prev is not None
            and NAME_JOIN.fullmatch(text[prev.end() : m.start()]) is not None
            and not POSSESSIVE.search(prev.group())
        )
        if ok and runs and joined:
            runs[-1].append(m)
        elif ok:
            runs.append([m])
        prev = m if ok else None
    return runs


def cued_names(text: str, tags: list[Tag], lex: Lexicon) -> list[Cued]:
    """Spans of 1-4 name-like words with a person cue right before or after them. A single
    lower-case word must be one the catalog knows as a name (`Lexicon.name_word`), or follow
    a cue that only a name follows ("directed by almodovar") and be no English the
    descriptions use."""
    out = []
    for run in _runs(text, tags, lex):
        verb = [j for j, m in enumerate(run) if j and _role_verb(text[m.start() :])]
        run = run[: verb[0]] if verb else run  # "scorsese direct": the verb is the cue
        if len(run) > MAX_NAME_WORDS or re.match(r"-\w", text[run[-1].end() :]):
            continue  # too long, or the first half of a word ("usual co-star")
        last = run[-1].group()
        start, end = run[0].start(), run[-1].end() - (2 if POSSESSIVE.search(last) else 0)
        one = text[start:end]
        strong = STRONG_CUE.search(text[:start]) and lex.proper(one) and not lex.cased(one)[0]
        #: only as the whole name before the noun: not the end of a longer one ("the chronicles
        #: of narnia films": a title's words, not a person)
        before = WORD.findall(text[:start].casefold())[-1:]
        whole = not before or (before[0] in COMMON and before[0] not in _JOINS_NAMES)
        works = whole and (_WORKS_NEXT.match(text[end : end + 30]) is not None)
        works = works or _made_cue(text, start, end, lex)  # "a spielberg film", "what did X make"
        if len(run) == 1 and not (
            end - start >= 3
            and (one[:1].isupper() or lex.name_word(one) or strong or (works and unheard(one, lex)))
        ):
            continue
        prev = re.search(r"(\w+)\s+$", text[:start])
        if prev and lex.title(text[prev.start(1) : end]):
            continue  # "big mouth shows": the words end a catalog title (Big Mouth), no one
        role = role_at(text, start, end)
        before, after = text[max(0, start - 30) : start], text[end : end + 30]
        if role or WORKS_BEFORE.search(before) or WORKS_AFTER.search(after):
            out.append(Cued(start, end, role, weak=False))  # type: ignore[arg-type]
        elif _WORKS_NEXT.match(after) or _made_cue(text, start, end, lex):
            out.append(Cued(start, end, None, weak=True))
    return out


def work_named(text: str, start: int, end: int) -> bool:
    """Whether the words at text[start:end] sit after "the" and right before a works noun:
    the name of a work ("the purge films", "all the jumanji movies"), not of a person."""
    before = WORD.findall(text[:start].casefold())[-1:]
    return before == ["the"] and _WORKS_NEXT.match(text[end : end + 30]) is not None


def unheard(word: str, lex: Lexicon) -> bool:
    """A word of no English the catalog writes and no question word's typo, five letters or more
    ("almodovar", "miyazaki"): before a works noun ("almodovar films, do you have any") it is a
    name the catalog lacks, not a kind of film ("heist movies", "zombie films": words its
    descriptions use)."""
    low = word.casefold()
    return (
        len(low) >= 5
        and low.isalpha()
        and low not in COMMON
        and low not in lex.everyday_words
        and low not in table_words()  # the reader's own words ("fewest", "docuseries")
        and not is_language(low, lex)  # a language ("arabic series"), no one's name
        and not typo(low)
    )


def _role_verb(rest: str) -> bool:
    return any(p.match(rest) for p in ROLE_AFTER.values())


def absent_title(raw: str, span: tuple[int, int], lex: Lexicon) -> Tag:
    """A title the question names (quoted, or capitalised in a title's place) that the catalog
    does not hold."""
    name = title_case(raw)
    return Tag(
        kind="unknown_title",
        start=span[0],
        end=span[1],
        text=raw,
        value=name,
        score=0.5,
        absent=True,
        near=lex.near_title(raw)
        or [m for m in [sequel_of(raw, lex)] if m]  # "the lobster 2": The Lobster
        or lex.short_keys.get(key(raw), [])[:MAX_NEAR],  # "richard jones": Richard C. Jones
        note=f"no title named {name} in the catalog",
    )


def absent_person(raw: str, span: tuple[int, int], lex: Lexicon, role: str | None) -> Tag:
    """A person the question names (by a role or works cue, or asked for) whom the catalog
    does not credit."""
    name = title_case(raw)
    return Tag(
        kind="person",
        start=span[0],
        end=span[1],
        text=raw,
        value=name,
        role=role,  # type: ignore[arg-type]
        score=0.3,
        absent=True,
        near=lex.near_person(raw),
        note=f"no one named {name} in the catalog",
    )


def absences(tags: list[Tag], lex: Lexicon, people: Sequence[str] = ()) -> list[Absent]:
    """The names the catalog lacks, each with the held names close to it: a held name it is a
    typo of (`misspelt`: "stanley kubrikc") is offered too, and marks it `mistyped`; a held
    title offered is dropped when a person named beside the name (in `tags`, or `people`: the
    question's, a described name's too) is credited in none of its titles (`refuted`: "is the
    wire with idris elba here" offers no The Mire)."""
    out = []
    people = [*people, *(t.value for t in tags if t.kind == "person" and not t.absent)]
    for t in tags:
        if t.absent:
            typo_of = misspelt(t.value, lex)
            near = typo_of or t.near
            if t.kind == "unknown_title":  # "hacks, the comedy with jean smart": no Hack
                near = [n for n in near if not refuted([n], people, lex)]  # credits her
                typo_of = [n for n in typo_of if n in near]
            kind = "title" if t.kind == "unknown_title" else "person"
            out.append(
                Absent(kind=kind, name=t.value, role=t.role, near=near, mistyped=bool(typo_of))
            )
    return out


# -- the plan's record of them, and the answer's sentence --------------------------------------
def check_set(a: Absent) -> TitleSet:
    """The titles that would exist if the entity were in the catalog (counted: 0)."""
    if a.kind == "title":
        return TitleSet(titles=[a.name])
    return TitleSet(people=[PersonRef(name=a.name, role=a.role)])


def line(part: int, a: Absent) -> str:
    return f"Absent (part {part}): {a.model_dump_json()}"


def sentence(a: Absent, n: int, bold: Callable[[str], str]) -> str:
    """'The catalog has no title directed by **X** [n]. Did you mean **Y**?'"""
    name = bold(a.name)
    if a.kind == "title":
        said = f"The catalog has no title named {name} [{n}]."
    else:
        how = {"director": "directed by", "cast": "featuring"}.get(a.role or "", "with")
        said = (
            f"The catalog has no title {how} {name} [{n}]"
            + ("" if a.role else " (as director or cast)")
            + "."
        )
    if a.near:
        said += f" Did you mean {' or '.join(bold(x) for x in a.near)}?"
    return said
