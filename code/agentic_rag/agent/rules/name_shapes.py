"""Whether words shaped as a name may be read as one: a person's name (one lower-case word only
when a rare name token) or a title's (a cue names it, capitals type it, or one lower-case word
is one the descriptions only ever capitalise)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.lead import describes
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.vocab import COMMON

#: a title's own attribute after words that spell a title name the title ("X season count")
_ATTRIBUTE = re.compile(
    r"(?:'s)?\s+(?:seasons?|runtime|run\s*time|running\s+time|episodes|age\s+rating)\b", re.I
)
#: words that name what follows as a title even when it is an everyday word in lower case ("a
#: show called her", "the movie her"); a works noun alone does not ("horror movie you have")
_CALLED = re.compile(
    r"\b(?:called|named|titled|the\s+(?:movie|film|show|series|documentary|title))\s*$", re.I
)


def person_ok(words: list[str], lex: Lexicon) -> bool:
    if len(words) == 1:  # lower case only a rare name token ("kajol", not "edward")
        w = words[0]
        return (
            len(w) >= 3
            and (w[0].isupper() or lex.rare_name(w))
            and w.casefold() not in lex.everyday_words
            and w.casefold() not in lex.country_keys
        )
    low = [w.casefold() for w in words]  # lower-case names only when no word is English
    return not all(w in COMMON for w in low) and (
        any(w[:1].isupper() for w in words) or any(w not in lex.everyday_words for w in low)
    )


def _capitalised(word: str, lex: Lexicon) -> bool:
    lower, capital = lex.cased(word)
    return lower == 0 and capital > 0 and word.casefold() not in lex.everyday_words


def title_ok(text: str, start: int, words: list[str], lex: Lexicon) -> bool:
    #: a cue names the title after it, a role cue each title it lists ("starred in x and y")
    named = re.search(
        r"\b(?:(?:the\s+)?(?:movie|film|show|series|documentary|title|called|named|titled)|"
        r"directed|direct|starred\s+in|stars?\s+in|similar\s+to|like|about|(?:seasons|"
        r"episodes)\s+(?:does|did|has|of|in)|(?:runtime|length|rating|cast|directors?|"
        r"stars?|leads?|creators?|actors?|actress)\s+(?:of|from)(?:\s+the\s+(?:movie|film|show|series))?|"
        r"(?:actors?|actress(?:es)?|cast|people|stars?)\s+(?:in|on)(?:\s+the\s+(?:movie|film|show|series))?|"
        r"(?:(?:(?:starred|acted|appeared)\s+in|directed)(?:\s+(?:both|either))?|\bin\s+both)"
        r"(?:(?:\s+\S+){1,5}\s+(?:and|&|or))?)\s*$",
        text[:start],
        re.I,
    ) or _ATTRIBUTE.match(text, start + len(" ".join(words)))  # "twin peaks season count"
    typed = words[0][:1].isupper() or words[0][:1].isdigit()
    if not typed and describes(words, text[start + len(" ".join(words)) :], text[:start]):
        return False  # "a film about a boy who befriends a pig": not the title About a Boy
    if not named and not typed and not (len(words) == 1 and _capitalised(words[0], lex)):
        return False  # lower case: a word the descriptions only ever capitalise ("roma")
    if len(words) == 1:
        w = words[0]
        if not typed and w.casefold() in COMMON and not _CALLED.search(text[:start]):
            return False  # "shortest horror movie you have": no title "You" named
        before, after = text[:start].rstrip(), text[start + len(w) :].split()[:1]
        mid = bool(before) and before[-1] not in ".?!" and not before.split()[-1][:1].isupper()
        mid = mid and not (after and after[0][:1].isupper())  # a whole capitalised phrase
        return len(w) >= 3 and (
            bool(named)
            or w.casefold() not in lex.everyday_words
            or (mid and w[:1].isupper() and w.casefold() not in COMMON)
        )
    return any(w.casefold() not in COMMON for w in words) and (
        bool(named)
        or sum(w[:1].isupper() or w[:1].isdigit() for w in words if len(w) > 3)
        >= max(1, len([w for w in words if len(w) > 3]) - 1)
    )
