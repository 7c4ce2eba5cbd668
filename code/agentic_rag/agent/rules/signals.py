"""Signals of a wrong reading that uses every word: names the tagger missed, titles matched
loosely or only in part, an example bank that prefers another operation.

Each is a number `confidence.features` feeds to the calibrated model:
- `name_words`: untagged words that are no everyday English but a word of a catalog person's
  name or title ("kajol", "niro"): a name read as plain text, searched or dropped;
- `rare_words`: untagged words that are neither everyday English nor in any catalog name (an
  unknown name);
- `typos`: untagged words one edit from an everyday question word ("movis", "manny"): a
  misspelling the reader may not have mended (never counted as a name);
- `title_gap`: how much of a tagged title the question's words do not cover, or the other way
  round (a near-miss title matched to another one);
- `title_many`: a title read as one title while its words are part of several catalog titles
  (a franchise read as its first entry); `title_many_typed`: the same in a part that names a
  type of title, as a franchise is asked for ("star trek series");
- `absent_near`: a name read as absent while the catalog holds a close one (a title misread
  around a number, a misspelt name under the fuzzy cut-off);
- `unread_asks`: how many more questions the text asks (heads like "how many", "which", "who"
  opening a clause, `words.yaml` `asks`) than the reading has parts: a question folded into
  another or lost;
- `people_unasked`: a part that asks for people ("who ...", "which actors ...", "the directors
  that ...") read as an operation that answers with titles or numbers of titles.
And two kinds of a name the reading missed, for `usage.py`: unused words in a row that titles
hold together (`title_runs`), and an unused word beside a tagged one that titles hold together
with it (`tag_runs`).
"""

from __future__ import annotations

import re
from itertools import pairwise

from agentic_rag.agent.rules.lexicon import Lexicon, key
from agentic_rag.agent.rules.mend import name_tokens, typo
from agentic_rag.agent.rules.people_rows import PEOPLE_OPS
from agentic_rag.agent.rules.shape import SUPERLATIVE
from agentic_rag.agent.rules.shares import share_unread
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.tags import Tag, free
from agentic_rag.agent.rules.vocab import ASK_HEADS, COUNTED_PEOPLE, JOINS, WORD
from agentic_rag.agent.rules.words import WORDS

#: tags that say which set of titles is asked for: a word before one qualifies the set
_SET_KINDS = frozenset({"genre", "country", "type"})
_HEAD_WORDS = frozenset(w for a in WORDS.asks for w in a.split())  # "many" of "hoew many"

_POSSESSIVE = re.compile(r"['’]s$")
#: a part that asks for people: "who", or a people noun at its head ("which actors", "name the
#: directors who", "how many actors did A direct"), after a joining word or a request
_PEOPLE_NOUNS = rf"{COUNTED_PEOPLE}(?:{'|'.join(sorted(WORDS.people_asked))})"
_ASKS_PEOPLE = re.compile(
    rf"^\W*(?:(?:{JOINS})\s+)?(?:who(?:['’]?s|m|se)?\b|(?:(?:which|what|name|list|how\s+many|"
    rf"give\s+me|show\s+me|tell\s+me)\s+)?(?:(?:all\s+)?the\s+)?(?:{_PEOPLE_NOUNS})\b)",
    re.IGNORECASE,
)
#: operations that answer with people (an entry and an outside answer say who as well)
_GIVES_PEOPLE = PEOPLE_OPS | {"chain", "describe", "external"}
#: a question's head where a clause opens (the start, a separator, a joining word), or a count
#: or ranking asked as a noun ("number of X and the director w/ the most of them")
_ASK = re.compile(
    rf"(?:^|[,;:+&?!]|\s[-–—]+|\b(?:{JOINS})\b)\W*(?:and\s+)?(?:(?:{ASK_HEADS})\b|(?:the\s+)?"
    r"(?:total|number|amount)\s+of\b|the\s+(?:count|total|number)\b|"
    rf"the\s+(?:[\w/'’-]+\s+){{0,3}}?(?:{SUPERLATIVE}|most|fewest)\b)",
    re.IGNORECASE,
)


def plain(word: str) -> str:
    """A word without its possessive ending ("genre's" is the word "genre")."""
    return _POSSESSIVE.sub("", word.casefold())


def untagged_words(
    text: str, tags: list[Tag], lex: Lexicon, named: set[str]
) -> tuple[list[str], list[str], list[str]]:
    """(catalog-name words, unknown words, misspelt everyday words) among the untagged words
    that are not everyday English; `named`: the words the reading used as names or as its
    frame (cue words, role verbs)."""
    known = name_tokens(lex).tokens
    names, rare, typos = [], [], []
    for m in WORD.finditer(text):
        w = plain(key(m.group()))
        if len(w) < 3 or w.isdigit() or " " in w or w in named or not free(tags, *m.span()):
            continue
        if w in lex.everyday_words or w.rstrip("s") in lex.everyday_words:
            continue
        (typos if typo(w) else names if w in known else rare).append(w)
    return names, rare, typos


def title_gap(tags: list[Tag]) -> float:
    """1 - the least word overlap (Jaccard) between a tagged title and the words naming it."""
    gaps = []
    for t in tags:
        if t.kind != "title" or not t.value:
            continue
        said, named = set(key(t.text).split()), set(key(t.value).split())
        gaps.append(1.0 - len(said & named) / max(1, len(said | named)))
    return max(gaps, default=0.0)


def title_many(specs: list[QuerySpec], lex: Lexicon, typed: bool = False) -> float:
    """For a title read as one title: how many other catalog titles have its words in their
    names (0, 1/3, 2/3, 1 for three or more): a franchise read as one entry. `typed`: only in
    a part that also names a type ("star trek series", "star wars movies": asked as a kind).
    A title named beside another entry of its own series ("both kung fu panda and kung fu panda
    2") is that entry, told apart from the rest by the asker: no franchise read as one title."""
    others = [
        max(0, len(held) - 1)
        for s in specs
        if s.titles.type or not typed
        for t in s.titles.titles
        if not set(s.titles.titles) & (set(held := lex.titles_with(t)) - {t})
    ]
    return round(min(max(others, default=0), 3) / 3, 4)


def absent_near(specs: list[QuerySpec], lex: Lexicon) -> float:
    """1 when a name read as absent from the catalog is close to one it holds: a near name, or
    a title whose name contains its words ("two popes" read as 'Popes', not The Two Popes)."""
    return float(
        any(
            a.near or (a.kind == "title" and lex.titles_with(a.name))
            for s in specs
            for a in s.absent
        )
    )


def unread_asks(text: str, parts: int) -> float:
    """How many more questions `text` asks than the reading's `parts` (0, 1 or 2 and more)."""
    return float(min(2, max(0, len(_ASK.findall(text)) - parts)))


def people_unasked(specs: list[QuerySpec]) -> float:
    """1 when a part asks for people but its operation answers with titles: "actors that were in
    something with A and also with B" read as the titles with both (0 titles, not the actors)."""
    for s in specs:
        if s.replayed or not _ASKS_PEOPLE.search(s.text):
            continue
        if s.op in _GIVES_PEOPLE or (s.op == "most" and s.by in ("director", "cast")):
            continue
        return 1.0
    return 0.0


def unused_kind(
    text: str, unused: set[str], specs: list[QuerySpec], tags: list[Tag], rare: set[str]
) -> float:
    """1 when a word the reading left unused stands before a kind of title's noun, at most one
    untagged word (no question head) between ("zombie films", "toy story movies"), or before
    titles' words read ("hot wheels shows"), or a `rare` one right before the set's genre,
    country or type ("scandinavian crime shows"); not for a story searched. So is a share's
    part none of whose words was read ("kids shows from canada, what percent are animated?")."""
    if any(s.about for s in specs):
        return 0.0
    if any(s.op == "share" for s in specs) and {key(w) for w in share_unread(text, tags)} & unused:
        return 1.0
    kinds = {
        m.start()
        for t in tags
        if t.kind in _SET_KINDS
        for m in [next(WORD.finditer(text, t.start, t.end), None)]
        if m is not None
    }
    words = list(WORD.finditer(text))
    nouns = [key(w.group()) in WORDS.works_nouns for w in words] + [False]
    loose = [free(tags, *w.span()) and key(w.group()) not in _HEAD_WORDS for w in words]
    phrases = {t.start for t in tags if t.kind == "phrase"}
    return float(
        any(
            key(w.group()) in unused
            and (
                nouns[i + 1]
                or (loose[i + 1] and nouns[i + 2])
                or nxt.start() in phrases
                or (nxt.start() in kinds and key(w.group()) in rare)
            )
            for i, (w, nxt) in enumerate(pairwise(words))
        )
    )


def title_runs(words: list[str], unused: set[str], lex: Lexicon) -> list[str]:
    """Runs of unused content words in a row that catalog titles hold together (two or more
    words: "power rangers" left out of a comparison of movies and shows) or that are a whole
    title (one word: "underworld films"): a name the reading missed, even when each word alone
    is everyday English."""
    runs, run = [], []
    for w in [*words, ""]:
        if w in unused:
            run.append(w)
            continue
        said = " ".join(run)
        if (len(run) >= 2 and lex.titles_with(said)) or (len(run) == 1 and said in lex.title_keys):
            runs.append(said)
        run = []
    return runs


def tag_runs(text: str, tags: list[Tag], unused: set[str], lex: Lexicon) -> list[str]:
    """An unused word beside a word a tag took, the two held together by several catalog
    titles: a name the tag broke up ("spy" left over when "kids" was read as a genre, in "all
    the spy kids movies": four titles say "spy kids")."""
    tagged = {w.casefold() for t in tags if t.kind != "title" for w in WORD.findall(t.text)}
    seq = [plain(w) for w in WORD.findall(text.casefold())]
    out = []
    for i, w in enumerate(seq):
        if w not in unused:
            continue
        for pair in (seq[i - 1 : i + 1] if i else [], seq[i : i + 2]):
            other = [x for x in pair if x != w]
            said = " ".join(pair)
            if len(pair) == 2 and other and other[0] in tagged and len(lex.titles_with(said)) > 1:
                out.append(said)
    return list(dict.fromkeys(out))
