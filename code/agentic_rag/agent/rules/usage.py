"""What a reading used of its question, strictly: a word is used only when the reading consumed it.

Consumed means: inside a tagged entity or a name the reading found (or a word of its catalog
name), matched by the cue or wording that decided the chosen operation (`intent.CUES`,
`relation_words.WORDING`, the group words of a ranking, the order words of a `top`), named in a spec
field (the searched description, keywords, labels, the text of an `external` part, the name a
`describe` part looks up), a joining word of a split question, or a word of the lists in
`reading_words.yaml` (the frame of any catalog question, the words an operation's answer says,
"both" for a conjunction, role verbs). A bank example of the operation holding the word does
not make it used ("both" in a `list` reading of one person). A possessive is its word.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from agentic_rag.agent.rules import billing, relation_words
from agentic_rag.agent.rules.amounts import (
    AMOUNT_ASKED,
    BARE_AMOUNT,
    GROUP_BOUND,
    IN_ITS_UNIT,
    LASTING,
)
from agentic_rag.agent.rules.compose import OTHER, SAME, SINGULAR, THEY
from agentic_rag.agent.rules.cues import CUES, GROUP_WORDS
from agentic_rag.agent.rules.dated_by import ADDED_VERB
from agentic_rag.agent.rules.follow import FOLLOW_LEAD, FOLLOWED, SAME_TIME
from agentic_rag.agent.rules.intent import group_of, mask
from agentic_rag.agent.rules.measure_words import measure_used
from agentic_rag.agent.rules.mend import name_tokens, typo
from agentic_rag.agent.rules.named_words import named_words
from agentic_rag.agent.rules.pairs import each_said
from agentic_rag.agent.rules.people_rows import PEOPLE_OPS, ranks_people
from agentic_rag.agent.rules.periods import unread_parts
from agentic_rag.agent.rules.person_refs import OF_TITLE, PERSON_REF
from agentic_rag.agent.rules.reader import Reader
from agentic_rag.agent.rules.shape import CAME_FIRST, IN_HOURS
from agentic_rag.agent.rules.shift import SHIFT
from agentic_rag.agent.rules.signals import found_names, plain, tag_runs, title_runs
from agentic_rag.agent.rules.spec import ADDED_GROUPS, QuerySpec, TitleSet
from agentic_rag.agent.rules.split import both_asked
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.title_refs import place_words
from agentic_rag.agent.rules.usage_words import meaning, reading_words
from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.agent.rules.words import WORDS
from agentic_rag.folding import fold

#: the spec fields a part's calls are compiled from (its text and notes repeat the question)
COMPILED_FIELDS = frozenset({"op", "titles", "part", "by", "measure", "labels", "other", "absent"})
DESCRIBED = frozenset({"search", "people", "similar"})  # operations that use the described words
PLACEHOLDER = re.compile(r"\{\w+\}")
SMALL = WORDS.small_words  # "of", "in": a cue's joining words ("number of", "star in")
_PEOPLE_OPS = PEOPLE_OPS | {"chain"}  # a chain of shared titles runs through people too
_RELEASE = re.compile(r"\breleas(?:e|es|ed)\b")  # a title as released: "the newest release"
_TIMED = frozenset({"average", "top", "describe", "list"})  # answers that say running times
#: each operation's own deciding wordings besides its cue (read on the masked question)
_OWN: dict[str, tuple[re.Pattern[str], ...]] = {
    "most": (CUES["most"], GROUP_BOUND),  # "per year", "by number"; "with over 5 {type}"
    "top": (CUES["top"], CUES["most"], AMOUNT_ASKED, LASTING),  # "… has how many seasons"
    "count": (CUES["count"],),
    "describe": (CUES["describe"],),
    "external": (CUES["external"],),
    "compare": (CUES["compare"],),
    "average": (CUES["average"], AMOUNT_ASKED, LASTING),  # "… last how many seasons"
    "costars": (CUES["costars"], CUES["most"]),  # a ranking: "who has directed X the most"
}


class Usage(BaseModel):
    """What the reading did and did not use of the question."""

    unused: list[str]  # content words no part of the reading consumed
    unexplained: float  # share of content words the nearest phrasing examples do not have
    meaning: list[str]  # meaning-changing words or phrases among them
    dropped: list[str]  # entities the tagger found that no part uses
    content: int  # content words of the question (outside tagged entities)
    cues: list[str] = []  # operations whose cue matched words the reading left unused
    #: unused words that are words of catalog names, or runs of them catalog titles hold
    names: list[str] = []
    unresolved: list[str] = []  # references with nothing before them (also among `meaning`)


def _squash(text: str) -> str:
    return re.sub(r"\W+", "", fold(text))


def _needles(t: Tag) -> list[str]:
    """What a call names when it uses the tag: its value, another reading of it, or its words."""
    if t.kind == "added" and not (t.value or t.value2) and t.lo:  # a month of no year
        return [f"-{t.lo:02d}-01"]
    if t.kind == "release":  # a time in a searched description is its words ("the 90s")
        return [str(t.lo if t.lo is not None else t.hi), t.text]
    if t.kind in ("minutes", "seasons"):
        return [str(t.lo if t.lo is not None else t.hi)]
    return [x for x in (t.value, t.value2, *t.alts, t.text) if x]


def _matched(patterns: tuple[re.Pattern[str], ...], masked: str) -> set[str]:
    return {
        w.casefold() for p in patterns for m in p.finditer(masked) for w in WORD.findall(m.group())
    }


def _restricts(word: str, kinds: list[str], masked: str) -> bool:
    """Whether `word` stands next to an entity of one of `kinds` (any kind when empty; past a
    verb and "for" too: "only lasted for 2 seasons"), or
    before the adding verb of a date it restricts ("only showed up on netflix in 2019", "only
    got added from 2020 on")."""
    entity = "|".join(re.escape("{" + k + "}") for k in kinds) if kinds else PLACEHOLDER.pattern
    after = rf"\b{word}\s+(?:\w+\s+)?(?:for\s+)?(?:{entity})"  # "only ran for a single season"
    if not kinds:  # the date's placeholder says how it was read ("{date}", "{year}")
        verb = rf"(?:(?:got|get|gets|been|was|were|being)\s+)?{ADDED_VERB.pattern}"
        after += rf"|\b{word}\s+{verb}(?:\s+\w+){{0,3}}\s+{PLACEHOLDER.pattern}"
    return bool(re.search(rf"{after}|(?:{entity})\s+{word}\b", masked, re.I))


def _sets(specs: list[QuerySpec]) -> list[TitleSet]:
    """The parts' sets and the sets they leave out ("not added the same year": one of them)."""
    return [w for s in specs for w in (s.titles, *s.titles.without)]


def searched(spec: QuerySpec) -> bool:
    """Whether the part searches its description words (a `people` or `similar` part with a
    named title reads that title's credits, not the words after "who")."""
    return spec.op == "search" or (spec.op in DESCRIBED and not spec.titles.titles)


def consumed(specs: list[QuerySpec], masked: str, fields: bool = True) -> set[str]:
    """The words of the (masked) question that the reading's operations and, with `fields`, its
    spec fields (the searched description, keywords, labels, a part's text) consumed."""
    rw = reading_words()
    used = {w.casefold() for w in rw.structural}
    for s in specs:
        own = (*_OWN.get(s.op, ()), *relation_words.WORDING.get(s.op, ()))
        if s.op in CUES and s.op not in _OWN:
            own = (CUES[s.op], *own)
        used |= _matched(own, masked) | set(rw.by_op.get(s.op, ()))
        if s.ref == "first" or s.titles.show_ids:  # "who is in the 2nd one": that title
            used |= place_words(s.text)
        if s.op == "describe":  # "how many seasons does it have": "it" is the title looked up
            used |= _matched(own, SINGULAR.sub("{title}", masked)) - {"title"}
        if len(s.titles.people) >= 2 or len(s.titles.genres) >= 2:  # all of them, together
            used |= set(rw.conjunction)
        if s.every:  # the people in all of its titles: "both", "in common", "share"
            used |= _matched((relation_words.EVERY,), masked) | set(rw.conjunction)
        if len(s.titles.countries) >= 2 or len(s.titles.ratings) >= 2:  # any of them
            used |= set(rw.disjunction)
        used |= set(rw.keywords) if s.titles.keywords or s.labels else set()
        used |= set(rw.franchise) if s.titles.title_has else set()  # "the naruto franchise"
        #: a role serves a part about people or whose answer names them (a title's entry); not a
        #: ranking or count of titles ("the oldest musical film director" as Gigi shows no one)
        about_people = s.titles.people or s.ref or s.op in _PEOPLE_OPS or s.titles.missing
        if about_people or (s.role and (ranks_people(s) or s.op == "describe")):
            used |= set(rw.people)
        if s.titles.added_from or s.titles.added_to or s.by in ADDED_GROUPS:
            used |= _matched((ADDED_VERB,), masked)
        if s.shifted:  # "the year after that": the previous time, moved
            used |= _matched((SHIFT,), masked)
        if s.op == "top":  # "… and which one came out first": the order's words
            used |= _matched((CAME_FIRST,), masked)
        if s.by == "release_year":  # "her earliest release": the year it orders by
            used |= _matched((_RELEASE,), masked)
        if s.op == "people" and s.limit == 1:  # "who's the lead in X": its first billed
            used |= _matched((billing.LEAD,), masked)
        if FOLLOWED in s.notes:  # "same for the following year": the lead of a follow-up
            used |= _matched((FOLLOW_LEAD,), masked)
            t = s.titles  # "and tv shows that same day?": the time carried over
            if t.added_from or t.added_to or t.year_from or t.year_to or t.added_month:
                used |= _matched((SAME_TIME,), masked)
        used |= _matched((BARE_AMOUNT,), s.text.casefold()) if IN_ITS_UNIT in s.notes else set()
        used |= measure_used(s, masked)  # "total", "median"; two means "longer … than"
        if s.in_hours and (s.op in _TIMED or (s.op == "compare" and s.by)):  # said in hours
            used |= _matched((IN_HOURS,), masked)
        if s.by and s.by in GROUP_WORDS:
            used |= _matched((GROUP_WORDS[s.by],), masked)
        if s.ref == "people_of":  # "the same director": the wording the part was read from
            used |= _matched((SAME,), masked)
        if s.ref == "person":  # "the guy who directed X … his": the person the part refers to
            who = _matched((OF_TITLE, PERSON_REF, THEY), masked)  # "what else of theirs"
            #: one of a cast is its first billed: "the woman who starred in X" asks more
            used |= who - set(meaning().words) if s.role == "cast" else who
            used |= _matched((OTHER,), masked)  # "… besides that": their titles but the earlier
        said = " ".join(
            [
                s.about if searched(s) else "",
                *s.titles.keywords,
                *(w for v in s.labels.values() for w in v),
                *s.labels,
                s.text
                if s.op == "external"
                or (s.op == "describe" and (not s.titles.titles or s.ref == "first"))
                else "",
            ]
        )
        used |= {w.casefold() for w in WORD.findall(said)} if fields else set()
    if all(s.op == "compare" for s in specs):  # "… which has more? both counts": its two
        used |= each_said(masked)
    if len(specs) > 1:  # the split into parts used its joining word and each part's opener
        #: (an everyday word: "westerns from the forties - how many" opens with the set's noun)
        openers = {w.casefold() for s in specs for w in WORD.findall(s.text)[:1]} & COMMON
        #: not a word that changes the meaning ("best rated kids show and how long is it")
        used |= set(WORDS.joining_words) | (openers - set(meaning().words))  # "and", "n", "plus"
        if all(s.op == "count" for s in specs):  # "… give me both numbers": a count each
            used |= each_said(masked)
        if all(s.op == "top" for s in specs):  # "the longest and shortest one, both at once"
            used |= both_asked(masked)
    return used


def usage(
    reader: Reader, text: str, tagged: list[Tag], specs: list[QuerySpec], calls: str
) -> Usage:
    """`text`: the cleaned question, `tagged`: its tags; `calls`: the planned calls' arguments
    as text (an entity none of them names was dropped)."""
    tags = found_names(text, tagged, specs)
    masked = mask(text, tags)
    used = consumed(specs, masked)
    used |= {plain(w) for w in used}
    words = [plain(w) for w in WORD.findall(PLACEHOLDER.sub(" ", masked))]
    #: a tag's words are used only as far as its value carries them: the months of a release
    #: year read from "between june and august 2021" are words the reading left unused, and
    #: as a constraint it dropped they change the meaning
    unread = [plain(w) for t in tags for w in unread_parts(t)]
    words += unread
    parts = {plain(w) for s in specs for w in WORD.findall(s.text)}
    #: words the reader set aside (an instruction it ignored, keyboard noise) and no part
    #: holds are not the question's; a set named before its question ("classic movies from
    #: the fifties - how many") is in no part's text but is the question's
    aside = {plain(w) for s in specs for p in s.ignored for w in WORD.findall(p.casefold())}
    words = [w for w in words if w in parts or w not in aside]
    #: the words of an entity's catalog name belong to it ("south" of 'korea' as South Korea)
    of_names = {w.casefold() for t in tags for x in (t.value, *t.alts) for w in WORD.findall(x)}
    of_names |= named_words(specs)
    words = [w for w in words if w not in of_names]
    unused = [w for w in words if w not in used]
    content = [w for w in words if w not in COMMON and len(w) > 2 and not w.isdigit()]
    m = meaning()
    restricting = {w for w, kinds in m.restrictors.items() if _restricts(w, kinds, masked)}
    found = [w for w in unused if w in m.words and w not in restricting]
    found += [w for w in unused if w in unread]  # a constraint the tag's value dropped
    found += [w for w in unused if w.isdigit()]  # a number no tag or field took: "list 10 …"
    found += [w for s in specs for w in relation_words.coworkers_unread(s)]  # a relation missed
    if group_of(masked) is None and any(s.op == "most" and not s.replayed for s in specs):
        found += [] if all(FOLLOWED in s.notes for s in specs) else ["most"]  # a group guessed
    unresolved = [w for s in specs for w in s.unresolved]  # "who is in it" as a question
    found += unresolved
    joined = " " + " ".join(words) + " "
    for phrase in m.phrases:
        asks = phrase.split()[1:] if phrase.startswith("and ") else phrase.split()
        if f" {phrase} " in joined and not all(w in used for w in asks):
            found.append(phrase)
    cues = [
        op
        for op, cue in (*CUES.items(), *relation_words.CUE_LIKE.items())
        for m in cue.finditer(masked)
        if any(
            w.casefold() not in used
            and w.casefold() not in SMALL
            and (plain(w) in parts or plain(w) not in aside)  # not in an instruction set aside
            for w in WORD.findall(PLACEHOLDER.sub(" ", m.group()))
        )
    ]
    named = _squash(calls)
    ignored = [p.casefold() for s in specs for p in (*s.ignored, *s.described)]  # not asked for
    dropped = [
        t.text
        for t in tags
        if t.kind not in ("limit", "type", "unknown_title")
        and not t.absent
        and not any(t.text.casefold() in p for p in ignored)
        and not any(_squash(x) in named for x in _needles(t))
        and not (t.kind == "same_year" and any(w.added_same_year for w in _sets(specs)))
    ]
    masks = {q: m for m, _, q in reader.intents.examples}
    near = {
        w.casefold()
        for _, _, q in reader.intents.nearest(masked, 3)
        for w in WORD.findall(masks.get(q, ""))
    }
    said = {w for s in specs if searched(s) for w in WORD.findall(s.about.casefold())}
    alone = [w for w in content if w not in near and w not in said]
    return Usage(
        unexplained=len(alone) / max(1, len(content)),
        unused=[w for w in unused if w in content],
        meaning=list(dict.fromkeys(found)),
        dropped=dropped,
        content=len(content),
        cues=list(dict.fromkeys(cues)),
        unresolved=unresolved,
        names=[
            w
            for w in unused
            if (w in name_tokens(reader.lex).tokens or w in reader.lex.country_keys)
            and not typo(w)
            and w not in unread
        ]
        + title_runs(words, set(unused) & set(content) - set(unread), reader.lex)
        + tag_runs(text, tags, set(unused) & set(content) - set(unread), reader.lex),
    )
