"""The wordings of the auteur relation (see `relations`): a person who directed a title and
acted in that same title ("directed and starred in", "directors who act in their own films",
"the director is also in the cast")."""

from __future__ import annotations

import re

_I = re.IGNORECASE
#: the verbs of being in a cast: "acted", "stars", "performs", "shows up", "turned up"
_ON = r"(?:(?:act|star|appear|play|perform)\w*|(?:show|turn)\w*\s+up)"
AUTEUR = re.compile(
    r"\b(?:both\s+)?direct\w*\s+(?:and|&|as\s+well\s+as)\s+(?:also\s+)?" + _ON + r"|"
    r"\b(?:both\s+)?" + _ON + r"\s+(?:in\s+\w+\s+)?(?:and|&|as\s+well\s+as)\s+"
    r"(?:also\s+)?"
    r"direct\w*|\b(?:act|star|appear|perform)\w*\s+in\s+(?:[\w{}]+\s+){0,3}(?:they|he|she|you)\s+(?:also\s+)?"
    r"direct\w*|\bdirect\w*\s+(?:an?\s+|the\s+)?(?:\{type\}|\w+)\s+(?:that\s+)?(?:they|he|she)\s+"
    r"(?:also\s+)?" + _ON + r"|\bdirect\w*\s+themsel\w+|\b(?:actor|actress)\w*[\s-]+directors?\b|"
    # "where the director directs himself" (not "which did he direct himself": he made them)
    r"\bdirectors?\s+(?:(?:who|that)\s+)?(?:also\s+)?direct\w*\s+(?:him|her)sel(?:f|ves)\b|"
    # "where the director put himself in the cast", "filmmakers who cast themselves"
    r"\b(?:directors?|filmmakers?)\s+(?:(?:who|that)\s+)?(?:also\s+)?(?:put|puts|putting|"
    r"cast|casts|casting|gave|gives|giving|placed|places|wrote|writes)\s+(?:him|her|them)sel(?:f|ves)\b|"
    r"\b(?:directors?|filmmakers?)\s+(?:also\s+)?(?:has|had|have|plays?|played|takes?|took)\s+"
    r"(?:a|an|their\s+own|his\s+own|her\s+own)\s+(?:\w+\s+)?(?:role|part)\b|"
    # (not a ranking of directors: "which directors show up the most", "… appear most often")
    r"\b(?:directors?|filmmakers?)\s+(?:also\s+|too\s+)?" + _ON + r"\b(?!\s+(?:the\s+)?(?:most|"
    r"often|frequently)\b)|"
    r"\bdirectors?\s+(?:who|that)\s+(?:also\s+|too\s+)?(?:" + _ON + r"|cast\w*)|"
    # "the director is also in the cast", "director was one of the actors", "... among the cast";
    # the director said as the one directing it ("the person directing it is also in the cast";
    # "the one" masked as a number)
    r"(?:\b(?:directors?|(?:person|people|one|guy|gal|man|woman|lady)\s+(?:(?:who|that)\s+)?"
    r"direct(?:s|ed|ing)(?:\s+(?:it|them|the\s+\w+))?)|\{n\}\s+(?:who|that)\s+direct(?:s|ed|ing)"
    r"(?:\s+(?:it|them|\{title\}))?)\s+(?:(?:who|that)\s+)?"
    r"(?:is|was|are|were|also|appears?|appeared)\s+"
    r"(?:also\s+|too\s+)?"
    r"(?:(?:in|part\s+of|among|listed\s+in|credited\s+in)\s+(?:the\s+)?cast|"
    r"(?:one\s+of\s+the\s+|an?\s+)?(?:actors?|actress\w*|cast\s+members?))\b|"
    # "directed by someone who also acted in it", "made by a person who also starred in it"
    r"\b(?:direct|ma[dk])\w*\s+by\s+(?:some(?:one|body)|a\s+person|people|the\s+same\s+"
    r"person|an?\s+\w+)\s+(?:who|that)\s+(?:also\s+|too\s+)?" + _ON + r"|"
    r"\b(?:" + _ON + r"|cast\w*)\s+(?:\w+\s+)?in\s+(?:(?:any|all|some|one|each|many|most)\s+"
    r"of\s+)?(?:their|his|her)\s+(?:own\b|\{type\}|(?:movies?|films?|flicks?|shows?|titles?|work)\b)|"
    # "where the guy who directed also acted in it", "whoever directed it was also in the cast"
    r"(?:\b(?:guy|gal|man|woman|lady|person|people|one|some(?:one|body))\s+(?:(?:who|that)\s+)?|"
    r"\{n\}\s+(?:who|that)\s+|\b(?:who(?:ever)?|that)\s+)direct\w*\s+(?:(?:it|them|\{title\})\s+)?(?:(?:is|was|are|were)\s+)?(?:also|too|as\s+well)\s+"
    r"(?:" + _ON + r"|in\s+(?:it|them|the\s+cast))|"
    r"\bcast\s+(?:list\s+)?of\s+(?:their|his|her)\s+own\b|"
    # "both directed a title and acted in that same title", "… and was in its cast too"
    r"\b(?:both\s+)?direct\w*\s+(?:[\w{}]+\s+){1,4}?(?:and|&)\s+(?:(?:is|was|are|were)\s+)?"
    r"(?:also\s+)?(?:(?:" + _ON + r"\s+)?in|part\s+of|among)\s+(?:"
    r"(?:it|them|that|the\s+same)\b|(?:its|their|the)\s+(?:own\s+)?cast\b(?:\s+of\s+(?:it|them|that)\b)?)",
    _I,
)
