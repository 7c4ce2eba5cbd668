"""A rating code typed alone in a follow-up to a question about a rating ("pg rated movies
count", then "and g?", "what about pg", "and r then?"): the question before set the dimension,
so the letters are that rating. Read alone they are not: "r" and "u" are texting for "are" and
"you", and a lower-case "pg" is a rating only next to "rated" or a works noun
(`rating_codes.py`), so the follow-up had been read as the question before, unchanged and sure."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentic_rag.agent.rules.follow import FOLLOWED
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.vocab import COMMON, WORD

#: words a follow-up says around the code ("ok and g then?"): nothing else may be said
_AROUND = COMMON | {"ok", "okay", "k", "pls", "please", "ones", "one", "rated", "rating"}


def code_alone(text: str, codes: Sequence[str]) -> str | None:
    """The one catalog rating code `text` says beside only a follow-up's small words, any case,
    hyphen or not ("tv 14", "pg13"); None when it says anything else or no code."""
    for code in sorted(codes, key=len, reverse=True):
        loose = r"[\s-]?".join(map(re.escape, code.split("-")))
        m = re.search(rf"(?<![\w-]){loose}(?![\w-])", text, re.IGNORECASE)
        if m is None:
            continue
        rest = text[: m.start()] + " " + text[m.end() :]
        return code if all(w.casefold() in _AROUND for w in WORD.findall(rest)) else None
    return None


def rerated(specs: list[QuerySpec], text: str, codes: Sequence[str]) -> list[QuerySpec]:
    """`specs` with a follow-up's rating replaced by the code `text` says alone, when the
    follow-up carried a rating from the question before; else `specs` as they are."""
    if len(specs) != 1 or FOLLOWED not in specs[0].notes or not specs[0].titles.ratings:
        return specs
    code = code_alone(text, codes)
    if code is None or specs[0].titles.ratings == [code]:
        return specs
    out = specs[0].model_copy(deep=True)
    out.titles.ratings = [code]
    return [out]
