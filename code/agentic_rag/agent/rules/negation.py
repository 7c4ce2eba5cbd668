"""Entities said as left out: "movies not from the us", "non-us shows", "indian movies that
aren't dramas", "tv shows other than tv-ma", "anything besides american ones", "indian titles
that are not tv shows" (a type left out is the other type: `sets.to_set`).

A cue of `negation.cues` in `words.yaml`, then only link words (`negation.links`: "from",
"rated", "the" ...), hyphens or spaces, then a country, genre or rating tag: that tag is
negated, its span widened to hold the cue (the cue is read, not an unused word), and its set
becomes one of the set's `without` sets. A negated entity joined to another of its kind ("not
from the us or uk") is left alone: which of them the cue covers is a guess, so the cue stays
unused and the reading is not confident; each said with its own cue ("not comedies and not
dramas") is left out each, and so are the two of "neither A nor B". A cue of `after_cues`
said right after an entity ("irish titles, tv shows excluded") leaves it out the same way.
"""

from __future__ import annotations

import re

from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import alternation
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
#: a type left out is the other one; "not added the same year they came out": the other years
NEGATED_KINDS = ("country", "genre", "rating", "type", "same_year")
#: bounds: a bound left out is its complement (a set left out, compiled as NOT its condition)
BOUND_KINDS = ("release", "minutes", "seasons")
_N = WORDS.negation


_CUE = re.compile(rf"\b(?:{alternation(_N.cues)})(?![\w'])", _I)
#: what may stand between a cue and its entity
_GAP = re.compile(rf"(?:[\s-]+|\b(?:{alternation(_N.links)})\b)*", _I)
_BOUND_CUE = re.compile(rf"\b(?:{alternation((*_N.cues, *_N.bound_cues))})(?![\w'])", _I)
_BOUND_GAP = re.compile(rf"(?:[\s,-]+|\b(?:{alternation((*_N.links, *_N.bound_links))})\b)*", _I)
#: a cue said after its entity: "irish titles, tv shows excluded", "tv shows aside"
_AFTER = re.compile(
    rf"[\s,]*(?:(?:are|is|being|to\s+be)\s+)?(?:{alternation(_N.after_cues)})(?![\w'])", _I
)
_JOINED = re.compile(r"\s*(?:,|\bor\b|\band\b|\bnor\b|\bn\b|&|\+|/)\s*(?:\w+\s+)?$", _I)


_NEITHER = re.compile(r"\bneither\b", _I)
_NOR = re.compile(rf"\s*,?\s*\bnor\b{_GAP.pattern}", _I)


def negate(text: str, tags: list[Tag]) -> list[Tag]:
    """`tags` with each entity a negation cue stands right before marked negated."""
    out = _either_left_out(text, tags, _restated(text, tags, _neither(text, tags)))
    for i, t in enumerate(tags):
        if t.kind not in NEGATED_KINDS + BOUND_KINDS or out[i].negated:
            continue
        bound = t.kind in BOUND_KINDS
        cues, gap = (_BOUND_CUE, _BOUND_GAP) if bound else (_CUE, _GAP)
        cue = next(
            (m for m in cues.finditer(text, 0, t.start) if _gap(text, m.end(), t.start, gap)),
            None,
        )
        if cue is None and not bound and (after := _AFTER.match(text, t.end)) is not None:
            ahead = any(_gap(text, after.end(), o.start) for o in tags if o.start > t.end)
            if not ahead and not _joined(text, tags, t):  # "tv shows excluded", not "… aside
                #: from dramas" (the cue of the entity after it)
                end = after.end()
                out[i] = t.model_copy(
                    update={"negated": True, "end": end, "text": text[t.start : end]}
                )
            continue
        if cue is None or _joined(text, tags, t):
            continue
        if any(o is not t and cue.start() < o.end and o.start < t.start for o in tags):
            continue  # another entity stands between the cue and this one
        span = text[cue.start() : t.end]
        out[i] = t.model_copy(update={"negated": True, "start": cue.start(), "text": span})
    return out


def _neither(text: str, tags: list[Tag]) -> list[Tag]:
    """`tags` with both entities of "neither A nor B" negated ("movies that are neither r nor
    pg-13 rated", "neither from india nor from pakistan"): the cue covers the two."""
    out = list(tags)
    for cue in _NEITHER.finditer(text):
        later = (i for i, t in enumerate(tags) if t.start >= cue.end())
        after = sorted(later, key=lambda i: tags[i].start)[:2]  # the two after the cue
        if len(after) < 2 or any(tags[i].kind not in NEGATED_KINDS for i in after):
            continue
        a, b = (tags[i] for i in after)
        if _gap(text, cue.end(), a.start) and _NOR.fullmatch(text, a.end, b.start):
            for i, start in ((after[0], cue.start()), (after[1], a.end)):
                t = out[i]
                out[i] = t.model_copy(
                    update={"negated": True, "start": start, "text": text[start : t.end]}
                )
    return out


#: what names the rest after a list left out: "not the tv-y or tv-y7 ones (so tv-g or tv-pg)"
_REST = re.compile(
    r"(?P<noun>(?:\s+(?:ones?|titles|shows|movies|films|series|rated|rating|ratings)){1,2})?"
    r"[\s,;:(\[-]*(?:so|i\.?\s*e\.?|ie|meaning|that\s+is|i\s+mean|=|->|just|only|so\s+only|"
    r"leaving|which\s+leaves|i\.?\s*e\.?\s+only)(?!\w)[\s,:]*(?:the\s+|just\s+|only\s+)*",
    _I,
)
_LINKED = re.compile(r"[\s,]*(?:or|and|and/or|/|,)?[\s,]*(?:the\s+)?", _I)


def _cue_before(text: str, t: Tag) -> re.Match[str] | None:
    """The negation cue right before the tag, nothing but a gap between them (`_gap`)."""
    return next((m for m in _CUE.finditer(text, 0, t.start) if _gap(text, m.end(), t.start)), None)


def _chain(text: str, tags: list[Tag], i: int, link: re.Pattern[str]) -> list[int]:
    """Tag `i` and the tags of its kind that follow it, each joined to the one before by
    `link` ("the tv-y or tv-y7", "the us, uk or canada")."""
    chain = [i]
    for j in sorted(range(len(tags)), key=lambda j: tags[j].start):
        last = tags[chain[-1]]
        if (
            tags[j].start >= last.end
            and tags[j].kind == tags[i].kind
            and link.fullmatch(text, last.end, tags[j].start)
        ):
            chain.append(j)
    return chain


def _restated(text: str, tags: list[Tag], out: list[Tag]) -> list[Tag]:
    """The whole list after a cue negated when what is left is named after it ("kids' tv but
    not the tv-y or tv-y7 ones (so tv-g or tv-pg)"): which of the list the cue covers is no
    guess then; the entities named as the rest stay the set's."""
    for i, t in enumerate(tags):
        if t.kind not in NEGATED_KINDS or out[i].negated:
            continue
        cue = _cue_before(text, t)
        if cue is None:
            continue
        chain = _chain(text, tags, i, _LINKED)
        rest = _REST.match(text, tags[chain[-1]].end)
        named = [o for o in tags if o.kind == t.kind and rest and o.start == rest.end()]
        if (
            len(chain) < 2
            or not named
            or any(o.value == tags[k].value for o in named for k in chain)
        ):
            continue
        for k in chain:  # the last one with its noun: "the tv-y or tv-y7 ones"
            start = cue.start() if k == i else tags[k].start
            end = rest.end("noun") if k == chain[-1] and rest.group("noun") else tags[k].end
            out[k] = tags[k].model_copy(
                update={"negated": True, "start": start, "end": end, "text": text[start:end]}
            )
    return out


#: the links of a list said with "or" ("pg-13 or tv-14", "the us, uk or canada", "r/nc-17")
_OR_LINK = re.compile(r"[\s,]*(?:or|/|,)[\s,]*(?:the\s+|from\s+(?:the\s+)?)?", _I)
_OR = re.compile(r"\bor\b|/", _I)
#: the links of a list after a cue of `list_cues`: "and", "&" and "n" join it too
_ANY_LINK = re.compile(
    r"[\s,]*(?:or|and|and/or|n|&|\+|/|,)[\s,]*(?:the\s+|from\s+(?:the\s+)?)?", _I
)
_LISTING = {" ".join(c.lower().split()) for c in _N.list_cues}


def _either_left_out(text: str, tags: list[Tag], out: list[Tag]) -> list[Tag]:
    """Each of a list joined by "or" after one cue negated ("anime that arent rated pg-13 or
    tv-14", "movies not from the us, uk or canada"): "not A or B" leaves out both, as "neither A
    nor B" does. A list joined by "and" ("not comedies and dramas") stays a guess, unless its
    cue is one of `list_cues` ("excluding dramas and comedies", "other than the us & uk")."""
    for i, t in enumerate(tags):
        if t.kind not in NEGATED_KINDS or out[i].negated:
            continue
        cue = _cue_before(text, t)
        if cue is None or any(
            o.start < t.start and cue.start() < o.end for o in tags if o is not t
        ):
            continue
        listing = " ".join(cue.group(0).lower().split()) in _LISTING
        chain = _chain(text, tags, i, _ANY_LINK if listing else _OR_LINK)
        if len(chain) < 2 or not (
            listing or _OR.search(text, tags[chain[-2]].end, tags[chain[-1]].start)
        ):
            continue
        for k in chain:
            start = cue.start() if k == i else tags[k].start
            out[k] = tags[k].model_copy(
                update={"negated": True, "start": start, "text": text[start : tags[k].end]}
            )
    return out


def _gap(text: str, start: int, end: int, gap: re.Pattern[str] = _GAP) -> bool:
    m = gap.fullmatch(text, start, end)
    return m is not None and end > start


def _joined(text: str, tags: list[Tag], t: Tag) -> bool:
    """Another entity of its kind joined to it by "or", "and", a comma or a slash."""
    for o in tags:
        if o is t or o.kind != t.kind:
            continue
        a, b = (t, o) if t.end <= o.start else (o, t)
        if _CUE.search(text, a.end, b.start):
            continue  # each with its own cue: "not comedies and not dramas"
        if a.end <= b.start and _JOINED.fullmatch(text[a.end : b.start] + " ") is not None:
            return True
    return False
