"""The wordings of a chain of shared titles between two people (see `relations`): "shortest
path between A and B", "how is A connected to B", "A -> B", "degrees of separation", "how many
steps from A to B", and what the chain goes through ("via shared titles", "through people they
worked with")."""

from __future__ import annotations

import re

_I = re.IGNORECASE
#: the wordings that ask for a chain between the two people named
CHAIN = re.compile(
    r"\b(?:shortest\s+)?(?:chain|path|link|route|conn?ec?tion)s?\s+(?:of\s+(?:\S+\s+){1,3}?)?"
    r"(?:between|from)\b|"
    r"\b(?:connected|linked|related|tied)\s+(?:to|with)\b|\bdegrees?\s+of\s+separation\b|"
    # "how many degrees apart", "how far apart are A and B", "A to B in as few films as possible"
    r"\b(?:degrees?|steps?|hops?|links?|titles?|movies?|films?|\{type\})\s+(?:apart|away)\b|"
    r"\bhow\s+far\s+(?:apart|away)\b|\bhow\s+close(?:ly)?\s+(?:are|is|were|was)\b|"
    r"\{person\}\s+to\s+\{person\}\s+(?:in|with|using)\s+(?:as\s+few|the\s+fewest|the\s+least)\b|"
    r"\bhow\s+(?:is|are|was|were|do|does)\s+(?:both\s+)?\{person\}.*\b(?:connect|link|relat|tie)\w*|"
    # "A, B - how are they connected", "how are the two of them linked"
    r"\bhow\s+(?:is|are|were|was)\s+(?:they|them|those|these|the\s+two|(?:the\s+)?two\s+of\s+them|"
    r"both)\s+(?:\w+\s+)?(?:connected|linked|related|tied)\b|\bsix\s+degrees(?:\s+of\s+separation)?\b|"
    r"\b(?:link|connect)(?:s|ing|ed)?\s+\{person\}\s+(?:to|and|with)\s+\{person\}|"
    # "whats the shortest chain of people", "in the fewest steps", "least number of hops"
    r"\b(?:shortest|quickest|closest)\s+(?:[\w-]+\s+)?(?:chain|path|route|link|connection)s?\b|"
    # "A -> B", "A → B", "A => B"; "A to B how many steps", "degrees between A and B"
    r"\{person\}\s*(?:-+>|→|=+>|⟶|➡️?|\s(?:to|and|&)\s)\s*\{person\}\W+(?:\w+\s+){0,3}?how\s+"
    r"many\s+(?:steps|hops|degrees|jumps)\b|\{person\}\s*(?:-+>|→|=+>|⟶|➡️?)\s*\{person\}|"
    r"\b(?:fewest|least|min(?:imum|imal)?)\s+(?:number\s+of\s+)?(?:steps|hops|links|jumps|"
    r"degrees)\b|\b(?:steps|hops|degrees|jumps)\s+(?:between|from)\s+\{person\}|"
    # "how do you get from A to B", "how many steps from A to B"
    r"\b(?:get|gets|go|goes|going|travel|move|hop|jump|reach|(?:how\s+many\s+)?(?:steps?|hops?))"
    r"\s+(?:is\s+it\s+)?from\s+"
    r"\{person\}\s+to\s+\{person\}",
    _I,
)
#: what a chain goes through ("... through people they've worked with", "via shared titles",
#: "a chain of shared titles")
VIA = re.compile(
    # "the shortest chain of shared titles", "a path of common movies"
    r"\bof\s+(?:shared|common|joint)\s+(?:titles|movies|films|shows|projects|credits|\{type\})\b|"
    r"\bof\s+(?:people|actors|co-?stars|collaborators)\s+(?:who|that)\s+(?:have\s+)?"
    r"(?:worked|acted|starred|appeared)\s+together\b|"
    r"\b(?:through|thru|via|by\s+way\s+of)\s+(?:the\s+)?(?:people|actors|co-?stars|collaborators|"
    r"(?:shared\s+|common\s+)?(?:titles|movies|films|shows))(?:\s+(?:they|who|that)(?:['’]ve)?"
    r"(?:\s+have)?\s+(?:both\s+)?(?:worked|acted|starred|appeared|shared|been\s+in)"
    r"(?:\s+with|\s+in)?)?",
    _I,
)
