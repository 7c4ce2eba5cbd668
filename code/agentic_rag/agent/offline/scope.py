"""What a question asks beyond plain catalog filters, read from its phrasing.

- `missing_fields`: "no director listed", "without any cast", "unknown country", "no rating"
  (fields the catalog leaves empty, as a filter).
- `head_end` / `filter_regions`: in a descriptive question, the part naming what is asked for
  ("Which German series", "horror movies from the 90s") and a closing filter clause ("... are
  from the UK"); the rest describes a plot, and its genre, country, type and year words must
  not become hard filters ("... children's games", "... into a mystery").
- `off_catalog`: facts the catalog does not hold (viewing figures, money, weather, stock
  prices, awards, personal facts), including "how many <people/viewers/dollars>" questions.
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

# -- missing fields ---------------------------------------------------------------------------
_FIELD = (r"(directors?|cast(?:\s+members?)?|actors?|actresses|countr(?:y|ies)(?:\s+of\s+origin)?"
          r"|(?:age\s+|maturity\s+)?ratings?)")  # fmt: skip
_NO = (r"(?:no|without|missing|lack(?:s|ing)?|(?:do|does|did)(?:\s+not|n['’]t)\s+(?:have|list|"
       r"name|credit|give)|unknown|unlisted|unnamed|blank|empty)"
       r"(?:\s+(?:a|an|any|the))?")  # fmt: skip
_STATE = r"(?:missing|unknown|empty|blank|null|not\s+(?:listed|given|known|credited|specified))"
MISSING = re.compile(
    rf"\b{_NO}\s+(?:listed\s+|credited\s+|known\s+|named\s+)?{_FIELD}\b(?!\s+for\b)"
    r"(?:\s+(?:listed|credited|given|named|specified|information|info|data))?"
    rf"|\b{_FIELD}\s+(?:(?:is|are|was|were)\s+)?{_STATE}\b",
    _I,
)


def _field_key(word: str) -> str:
    low = word.casefold()
    if low.startswith("direct"):
        return "director"
    if low.startswith(("cast", "act")):
        return "cast"
    return "country" if low.startswith("countr") else "rating"


def missing_fields(text: str) -> tuple[tuple[str, ...], list[tuple[int, int]]]:
    """(fields asked to be empty, spans of the phrases that say so)."""
    keys: list[str] = []
    spans: list[tuple[int, int]] = []
    for m in MISSING.finditer(text):
        keys.append(_field_key(m.group(1) or m.group(2)))
        spans.append(m.span())
    return tuple(dict.fromkeys(keys)), spans


# -- the head of a descriptive question --------------------------------------------------------
#: words that start the description of a plot (a relative clause, 'about', 'where', ...)
LEAD = re.compile(
    r"\b(?:about|where|in\s+which|involving|whose|that|who|when|while|featuring|following|"
    r"follows?|cent(?:er|re)d\s+(?:on|around)|based\s+on)\b",
    _I,
)
_OPENER = re.compile(r"^\W*(?:who|what|which|when|where|in\s+which|whose)\b", _I)
_KIND = (r"movies?|films?|features?|shows?|series|tv|sitcoms?|docuseries|docu-series|miniseries|"
         r"documentar(?:y|ies)|docs|titles?|ones?|thrillers?|comed(?:y|ies)|dramas?|k-?dramas?|"
         r"anime|cartoons?|musicals?|romances?|rom-?coms?|westerns?|whodunn?its?|myster(?:y|ies)|"
         r"specials?|horror|sci-?fi|something|anything")  # fmt: skip
KIND = re.compile(rf"(?<![\w-])(?:{_KIND})(?![\w-])", _I)
_NEXT_KIND = re.compile(rf"\s+(?:{_KIND})(?![\w-])", _I)
#: what may follow a noun compound ('documentary series from ...'), unlike a verb's object
_AFTER_NOUN = re.compile(
    r"\s*(?:$|[,;:?!.)]|(?:from|in|of|for|since|before|after|between|during|until|released|made|"
    r"produced|rated|with|about|where|that|which|who|whose|involving|featuring|starring|set|like|"
    r"are|were|is|was|to|on|by|and|or)\b)",
    _I,
)
_YEARISH = (r"(?:(?:early|late|mid)[-\s]?)?(?:(?:1[89]|20)\d\d|'?\d0)s?(?:\s*(?:-|–|to|and)\s*"
            r"(?:1[89]|20)\d\d)?|sixties|seventies|eighties|nineties")  # fmt: skip
_AUDIENCE = r"kids|children|families|the\s+(?:whole\s+)?family|teens|teenagers|adults|toddlers"
#: filter phrases right after the head noun: 'from Japan', 'released in 2019', 'rated R'
_TAIL = re.compile(
    r"\s*,?\s+(?i:(?:(?:that|which)\s+(?:are|were|is|was)\s+)?(?:(?:released|made|produced|"
    r"filmed|shot|added)\s+)?(?:from|in|of|since|before|after|between|during|until|for|rated)"
    rf"\s+(?:the\s+)?)(?:(?i:{_YEARISH}|{_AUDIENCE})|[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*){{0,2}})"
    r"(?![\w'’-])"
)


def first_lead(text: str) -> re.Match[str] | None:
    """The first description lead, skipping a question word that opens the question."""
    opener = _OPENER.match(text)
    return LEAD.search(text, opener.end() if opener else 0)


def head_end(text: str) -> int:
    """End of the words naming what is asked for; 0 when the question names no kind of title."""
    lead = first_lead(text)
    limit = lead.start() if lead else len(text)
    kind = KIND.search(text, 0, limit)
    if kind is None:
        return 0
    if kind.group().casefold() in ("something", "anything"):
        return limit  # 'something funny about ...': its adjectives follow it
    end = kind.end()
    while (nxt := _NEXT_KIND.match(text, end)) and _AFTER_NOUN.match(text, nxt.end()):
        end = nxt.end()  # 'documentary series', 'tv shows' (not 'documentary shows footage')
    while tail := _TAIL.match(text, end):
        end = tail.end()
    return min(end, max(limit, kind.end()))


#: a closing clause that states filters: '... about nature are from the UK?'
_CLOSING = re.compile(
    r"\s+(?:are|were|is|was)\s+(?:(?:all|only|also)\s+)?(?:(?:released|made|produced|filmed)\s+)?"
    r"(?:from|in|rated|before|after|since|between|during)\b[^,;:?!.]*[\s?.!]*$",
    _I,
)
_RELATIVE = re.compile(r"\b(?:who|that|which|whose)\s*$", _I)


def filter_regions(text: str) -> list[tuple[int, int]] | None:
    """Where a descriptive question states filters: its head and a closing clause ('... are
    from the UK'), not a relative clause ('a man who is from Spain'). None: no description."""
    head = head_end(text)
    if head >= len(text.rstrip(" ?.!")):
        return None
    regions = [(0, head)] if head else []
    m = _CLOSING.search(text, head)
    made = m and re.match(
        r"\s+\w+\s+(?:(?:all|only|also)\s+)?(?:released|made|produced|filmed|rated)\b",
        m.group(),
        _I,
    )
    if m and (made or not _RELATIVE.search(text, 0, m.start())):  # '... that were made in 2020
        regions.append((m.start(), len(text)))
    return regions


# -- facts the catalog does not hold ------------------------------------------------------------
_OFF = {
    "viewing figures": r"\bviewership\b|\bnielsen\b|\bmost[-\s](?:watched|viewed|streamed)\b|"
    r"\b(?:viewing|watch|streaming)\s+(?:figures|numbers|hours|time|statistics|stats|data)\b|"
    r"\bhours\s+(?:viewed|watched|streamed)\b|\baudience\s+(?:size|numbers?|figures)\b",
    "box office and budget figures": r"\bbox[-\s]office\b|\bgross(?:ed)?\b(?![-\s]out)|"
    r"\b(?:budget|revenue|earnings|profits?)\s+(?:of|for)\b|\bticket\s+sales\b",
    "stock prices": r"\b(?:stock|share)\s+(?:price|market|value|quote)s?\b|\bmarket\s+cap\w*\b",
    "subscription prices": r"\bsubscription\s+(?:price|cost|fee|plan)s?\b|\bsubscribers?\b|"
    r"\bhow\s+much\s+(?:does|is|do)\s+(?:a\s+)?netflix\b",
    "weather forecasts": r"\bweather\b|\bforecast\b|\btemperature\b|\bwill\s+it\s+(?:rain|snow)\b",
    "awards or nominations": r"\b(?:won|win|wins|winning)\s+(?:an?\s+|any\s+|the\s+)?(?:awards?|"
    r"oscars?|emmys?|golden\s+globes?|baftas?)\b|\bnominations?\b|\bawards?\s+(?:did|has|have)\b",
    "personal facts about people": r"\bnet\s+worth\b|\bsalar(?:y|ies)\b|\bhow\s+old\s+is\b|"
    r"\bhow\s+tall\b|\bbirthday\b|\bdate\s+of\s+birth\b|\bmarried\s+to\b",
}
OFF_CATALOG = {k: re.compile(v, _I) for k, v in _OFF.items()}
#: 'how many <noun>' where the noun is something the catalog does not count
_COUNTED = re.compile(
    r"\b(?:how\s+many|number\s+of|count\s+of|total\s+number\s+of)\s+(?:[\w'’-]+\s+){0,2}?"
    r"(people|persons|viewers|views|viewings|watchers|subscribers|users|accounts|households|"
    r"members|fans|followers|likes|votes|streams|downloads|tickets|copies|employees|dollars|"
    r"euros|pounds|money|awards|oscars|emmys|nominations)\b",
    _I,
)
_CREDITS = re.compile(
    r"\b(?:direct\w*|act(?:ed|s|ors?)?|star(?:s|red|ring)?|cast|appear\w*|credit\w*)\b", _I
)
_LABELS = {
    **dict.fromkeys(("awards", "oscars", "emmys", "nominations"), "awards or nominations"),
    **dict.fromkeys(("dollars", "euros", "pounds", "money"), "money figures"),
    **dict.fromkeys(("subscribers", "users", "accounts", "members"), "subscriber figures"),
    **dict.fromkeys(("tickets", "copies", "downloads"), "sales figures"),
    **dict.fromkeys(("fans", "followers", "likes", "votes"), "audience figures"),
    "employees": "company figures",
}


def off_catalog(text: str) -> str | None:
    """What the question asks that the catalog does not hold (a short label), else None.

    A match inside a plot description ('a film about a man who wins an Oscar') does not count.
    """
    lead = first_lead(text)
    limit = lead.start() if lead else len(text)
    m = _COUNTED.search(text)
    if m and m.start() < limit:
        noun, before = m.group(1).casefold(), text[: m.start(1)].split()[-1:]
        credits = noun in ("people", "persons", "members") and (
            _CREDITS.search(text, m.end()) or before == ["cast"]
        )
        if not credits:
            return _LABELS.get(noun, "viewing figures")
    for label, pattern in OFF_CATALOG.items():
        hit = pattern.search(text)
        if hit and hit.start() < limit:
            return label
    return None
