"""Words wrapped in emoji at the start or end of a question, asking nothing, set aside before
reading: a caption said for mood ("🎃🎃 spooky szn 🎃🎃 how many tv horror shows r there 👻",
"how many anime series are there ✨ asking for a friend ✨"). They are set aside only when they
hold no question head and name no catalog filter ("🎃 horror 🎃 how many from 2019": the genre
is the question's); a caption of words neither everyday nor of tone ("oscar winners") may still
have meant a constraint, so that reading is answered but never sure."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.aside_reads import FILTERS, Aside
from agentic_rag.agent.rules.code_text import aside_words
from agentic_rag.agent.rules.tagger import Tagger
from agentic_rag.agent.rules.vocab import COMMON, WORD, alternation
from agentic_rag.agent.rules.words import WORDS

#: pictographs, dingbats and their joiners and variation selectors
_EMOJI = r"[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]"
_WRAPPED = (
    re.compile(rf"^\s*{_EMOJI}+(?P<words>[^\U0001F000-\U0001FAFF\u2600-\u27BF]+?){_EMOJI}+"),
    re.compile(rf"{_EMOJI}+(?P<words>[^\U0001F000-\U0001FAFF\u2600-\u27BF]+?){_EMOJI}+\s*$"),
)
_HEAD = re.compile(rf"\b(?:{alternation(WORDS.asks)}|{alternation(WORDS.order_asks)})\b", re.I)
_MAX_WORDS = 6  # a caption, not a question


def emoji_aside(aside: Aside, tagger: Tagger) -> Aside:
    """The aside with a caption wrapped in emoji at the kept text's start or end set aside."""
    kept, said = aside.kept, []
    for pattern in _WRAPPED:
        m = pattern.search(kept)
        if m is None or not _caption(m.group("words"), tagger):
            continue
        rest = (kept[: m.start()] + " " + kept[m.end() :]).strip()
        if not WORD.search(rest):  # the caption is all there is: it is the question
            continue
        said.append(m.group("words").strip(" ,.!:;-"))
        kept = rest
    if not said:
        return aside
    return aside.model_copy(
        update={
            "kept": kept,
            "doubtful": aside.doubtful or any(map(_says_something, said)),
            "ignored": [*aside.ignored, *said],
            "notes": [
                *aside.notes,
                "set aside words between emoji that ask nothing: "
                + ", ".join(f"'{s}'" for s in said),
            ],
        }
    )


def _says_something(caption: str) -> bool:
    """Whether a caption holds a word that is neither everyday nor said for tone ("spooky szn",
    "oscar winners"): it may have meant a constraint, so the reading is answered, never sure
    (`QuerySpec.from_aside`); "asking for a friend", "lol" say nothing."""
    tone = {w.casefold() for w in aside_words().interjections}
    said = (w.casefold() for w in WORD.findall(caption))
    return any(w not in COMMON and w not in tone for w in said)


def _caption(words: str, tagger: Tagger) -> bool:
    """Whether `words` ask nothing: no question head, and no filter read of them alone or as
    a kind of titles ("🎄 christmas 🎄": as "christmas movies", a phrase of titles' names)."""
    found = WORD.findall(words)
    if not found or len(found) > _MAX_WORDS or _HEAD.search(words):
        return False
    alone = tagger.tag(words)
    as_kind = tagger.tag(f"{words.strip()} movies")
    return not any(t.kind in _NAMING or t.kind == "type" for t in alone) and not any(
        t.kind in _NAMING for t in as_kind
    )


#: what a caption must not name: a filter, or a phrase of titles' names
_NAMING = FILTERS | {"phrase"}
