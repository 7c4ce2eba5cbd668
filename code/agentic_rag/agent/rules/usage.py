"""What a reading used of its question, strictly: a word is used only when the reading consumed it.

Consumed (`consumed.py`) means: inside a tagged entity or a name the reading found (or a word of its
catalog name), matched by the cue or wording that decided the chosen operation (`intent.CUES`,
`relation_words.WORDING`, the group words of a ranking, the order words of a `top`), named in a spec
field (the searched description, keywords, labels, the text of an `external` part, the name a
`describe` part looks up), a joining word of a split question, or a word of the lists in
`reading_words.yaml` (the frame of any catalog question, the words an operation's answer says,
"both" for a conjunction, role verbs). A bank example of the operation holding the word does not
make it used ("both" in a `list` reading of one person). A possessive is its word.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from agentic_rag.agent.rules import relation_words
from agentic_rag.agent.rules.consumed import consumed, searched
from agentic_rag.agent.rules.cues import CUES
from agentic_rag.agent.rules.dated_by import ADDED_VERB
from agentic_rag.agent.rules.example_gap import found_names
from agentic_rag.agent.rules.follow import FOLLOWED
from agentic_rag.agent.rules.intent import group_of, mask
from agentic_rag.agent.rules.mend import name_tokens, typo
from agentic_rag.agent.rules.named_words import named_words
from agentic_rag.agent.rules.periods import unread_parts
from agentic_rag.agent.rules.reader import Reader
from agentic_rag.agent.rules.signals import plain, tag_runs, title_runs
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.story_words import told_in_story
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.usage_words import meaning
from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.agent.rules.words import WORDS
from agentic_rag.folding import fold

#: the spec fields a part's calls are compiled from (its text and notes repeat the question)
COMPILED_FIELDS = frozenset({"op", "titles", "part", "by", "measure", "labels", "other", "absent"})
PLACEHOLDER = re.compile(r"\{\w+\}")
SMALL = WORDS.small_words | {"w"}  # "of", "in", "w/" (with): a cue's joining words ("star in")


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


def _restricts(word: str, kinds: list[str], masked: str) -> bool:
    """Whether `word` stands next to an entity of one of `kinds` (any kind when empty; past a
    verb and "for" too: "only lasted for 2 seasons"), or
    before the adding verb of a date it restricts ("only showed up on netflix in 2019", "only
    got added from 2020 on")."""
    others = "".join(rf"(?!\{{{k}\}})" for k in meaning().unrestricted)  # any kind but these
    entity = (
        "|".join(re.escape("{" + k + "}") for k in kinds) if kinds else others + PLACEHOLDER.pattern
    )
    #: "ok only the ones released after 2015", "and just those that are from 2019"
    that = r"(?:(?:that|which)\s+(?:are|were|is|was)\s+)?"
    ones = rf"(?:(?:the\s+)?(?:ones|those|them)\s+{that}(?:\w+\s+)?)?"
    after = rf"\b{word}\s+{ones}(?:\w+\s+)?(?:for\s+)?(?:{entity})"  # "only ran for a season"
    if not kinds:  # the date's placeholder says how it was read ("{date}", "{year}")
        verb = rf"(?:(?:got|get|gets|been|was|were|being)\s+)?{ADDED_VERB.pattern}"
        after += rf"|\b{word}\s+{verb}(?:\s+\w+){{0,3}}\s+{PLACEHOLDER.pattern}"
    return bool(re.search(rf"{after}|(?:{entity})\s+{word}\b", masked, re.I))


def _sets(specs: list[QuerySpec]) -> list[TitleSet]:
    """The parts' sets (a share's part and a comparison's second set too) and the sets they
    leave out ("not added the same year": one of them)."""
    sets = [t for s in specs for t in (s.titles, s.part) if t is not None]
    return [w for t in sets for w in (t, *t.without)]


def usage(
    reader: Reader, text: str, tagged: list[Tag], specs: list[QuerySpec], calls: str
) -> Usage:
    """`text`: the cleaned question, `tagged`: its tags; `calls`: the planned calls' arguments
    as text (an entity none of them names was dropped)."""
    tags = found_names(text, tagged, specs)
    masked = mask(text, tags)
    used = consumed(specs, masked)
    #: what the user says of a title named ("the 80s kids vs monsters show") is read as its
    #: gloss, checked against the title (`described.fits`), no filter and no cue
    used |= {w.casefold() for s in specs for d in s.described for w in WORD.findall(d)}
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
    found = [
        w
        for w in unused
        if w in m.words and w not in restricting and not told_in_story(w, masked, specs)
    ]
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
