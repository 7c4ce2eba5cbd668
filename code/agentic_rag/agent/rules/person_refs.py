"""Words that name a person by reference, not by name: "he", "her", "that director" after a part
that found people (`compose.link`), "the director of X" / "the guy who directed X" (a person
named by their part in a title: `role_of_title.person_of_title`), and "who is the comedian" after a
part that found a title (that title's people). Read by `compose`, `usage`, `signals`, `slots`,
`dangling` and `follow`."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.vocab import alternation
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
#: "he", "her", "that director" / "that actor" (in that role: group 1 director, 2 cast)
#: people said in the plural: "what else did they make", "anything else by them"
THEY = re.compile(r"\b(?:they|them|their|theirs|themselves)\b", re.IGNORECASE)
PERSON_REF = re.compile(
    r"\b(?:he|she|him|her|his|hers|himself|herself|(?:that|this)\s+(?:(director|filmmaker)|"
    r"(actor|actress|star)|creator|maker|guy|man|woman|person|comedian))\b",
    _I,
)
#: a person's own titles, said after the part that found them in a role ("who directed X …
#: how many of his films"): the titles in that role
HIS_WORKS = re.compile(
    r"\b(?:his|her|their)\s+(?:own\s+|other\s+)?(?:films?|movies?|titles?|shows?|series|works?|"
    r"projects?|stuff)\b",
    _I,
)
#: "… and who is the comedian": the people of the earlier part's title, in the role the noun names
_ROLES = alternation(WORDS.people_attributes)
THE_ROLE = re.compile(rf"^\W*who(?:s|'s|’s|\s+is|\s+was|\s+are|\s+were)\s+the\s+({_ROLES})\W*$", _I)
#: "the director of X", "the guy who directed X", "the woman who starred in X": a person
#: named by their part in a title
OF_TITLE = re.compile(
    r"\bthe\s+(?:(?:director|directors|star|stars|lead|leads|creator|actors?|actress)\s+of|"
    r"(?:guy|man|woman|lady|person|dude|girl|fellow|one|people|folks)\s+(?:who|that)\s+"
    r"(?:directed|made|created|starred\s+in|stars\s+in|was\s+in|is\s+in|acted\s+in|"
    r"played\s+in|appeared\s+in))\b",
    _I,
)
#: a piece that is only "who" (and what it is of: "who?", "who are they", "and who is it",
#: "who are those guys"): the people of the part before it
BARE_WHO = re.compile(
    r"\W*(?:and\s+)?(?:who|whom|whos|who's|who’s)(?:\s+(?:is|are|was|were))?"
    rf"(?:\s+(?:it|they|them|those|that|these|he|she)(?:\s+(?:{alternation(WORDS.people_plain)}))?)?\W*",
    _I,
)
