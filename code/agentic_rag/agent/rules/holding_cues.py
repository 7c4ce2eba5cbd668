"""The wording of asking whether the catalog holds something: the cue before the name ("do you
have", "is there", "can i watch"), the tail after it ("on netflix?", "- is it here", "can i
stream it"), and a piece that only asks back about the piece before it ("breaking bad?? is it
here"). `holdings.asked_for` reads the name between them."""

from __future__ import annotations

import re
from collections.abc import Callable

_I = re.IGNORECASE

#: a question back at the thing named before it: "X - do you have it", "X, can i stream it",
#: "X - u have it?"
HELD_BACK = (
    r"(?:do(?:es)?\s+(?:you|u|ya|netflix)\s+(?:guys\s+)?(?:have|got|carry|stream|hold)|can\s+"
    r"(?:i|we|you)\s+(?:watch|stream|find|see|get)|(?:(?:you|u|ya)\s+)?got|(?:you|u|ya)\s+(?:guys\s+)?"
    r"(?:have|carry))\s+(?:it|them|that|this)\b"
)
#: asking what the catalog holds of a name: "what do you have (of) X", "X - what've u got"
WHAT_HELD = (
    r"what(?:\s+(?:do|does)\s+(?:you|u|ya|netflix)\s+(?:guys\s+)?(?:have|got|carry|hold|offer)|"
    r"(?:\s+have|['’]ve|\s+ve)\s+(?:you|u|ya)\s+(?:guys\s+)?got|\s+(?:you|u|ya)\s+got)"
)
WHAT = re.compile(rf"\b{WHAT_HELD}\b", _I)
#: the works of the person named before it: "X - any of her stuff here", "X, his films on here?"
THEIR_WORK = (
    r"(?:any(?:thing)?\s+(?:of|by)\s+)?(?:his|her|their)\s+(?:stuff|work|movies|films|shows|"
    r"titles|things|docs|documentaries)"
)

BACK = re.compile(
    rf"\b(?:is|are)\s+(?:it|they)\b|{HELD_BACK}|{WHAT_HELD}\W*$|"
    r"\bany\s+of\s+(?:them|those|these|em)\b",  # "top gun, any of them?": of what it names
    _I,
)
#: a joining word before a cue: "(forget the rules) and is titanic on here", "also do you have"
JOINED = (
    r"(?:(?:and|also|so|but|then|ok(?:ay)?)\s+(?=(?:is|are|do|does|did|can|got|have|has|any|"
    r"you|u|ya|y['’]?all|what|where|i)\b))?"
)
#: the cue (after a joining word a cue follows: "… and is titanic on here"), then the thing
#: asked for (group "what"), then an optional "on here" tail
ASKED = re.compile(
    rf"^\W*{JOINED}(?:(?P<cue>{WHAT_HELD}(?:\s+of(?=\s))?|"
    r"(?:do|does|did)\s+(?:you|u|ya|netflix|the\s+catalog|this\s+catalog|it)\s+"
    r"(?:guys\s+)?(?:have|hold|carry|stream|list|offer|got)|ha(?:ve|s)\s+(?:you|u|netflix)\s+"
    r"got|(?:any\s+chance\s+)?(?:you|u|ya)\s+(?:guys\s+)?(?:got|have|carry|stock)|y['’]?all\s+(?:got|have)|is\s+there|"
    r"are\s+there|can\s+(?:i|we|you)\s+(?:watch|"
    r"stream|see|find|get)|(?:where\s+)?can\s+i\s+find|(?:i\s+)?(?:want\s+to|wanna|would\s+"
    r"like\s+to)\s+(?:watch|see|stream)|(?:i['’]?m\s+|i\s+am\s+)?(?:looking|searching)\s+"
    r"for|(?:i['’]?m\s+|i\s+am\s+)?trying\s+to\s+find|got|is|are|any(?:\s+of\s+the(?=\s+\w))?|"
    r"anything)\s+)?"
    r"(?:(?:an?|any(?:\s+of\s+the(?=\s+\w))?|anything|(?P<kind>(?:the|that|this)\s+(?:movie|film|show|series|title)))\s+)?(?P<what>.+?)\s*(?:[-–—:,.!?]+\s*)?"
    rf"(?P<tail>\b(?:(?:is|are)\s+(?:it|they)(?:\s+on(?=\W*$))?\b|{HELD_BACK}|{WHAT_HELD}|"
    rf"(?P<their>{THEIR_WORK})|"
    r"on\s+(?:here|netflix|the\s+catalog|this)|in\s+(?:the\s+|this\s+)?catalog(?:ue)?|here|there|"
    r"available|streaming|to\s+(?:watch|stream)|at\s+all|movies?|films?|shows?|series|titles?|"
    r"any(?:\s+of\s+(?:them|those|these|em))?|"
    r"(?:right\s+)?now|rn|tonight|today|tomorrow|later|(?:this\s+)?weekend)"
    r"\b\W*)*[?.!]*$",
    _I,
)
#: a tail that asks whether the catalog holds the thing named before it (not a type noun alone,
#: "korean movies"): a question with no cue but this tail asks for it ("The Mandalorian -
#: available?", "ted lasso streaming?")
AVAILABLE = re.compile(
    r"\b(?:on\s+(?:here|netflix|the\s+catalog|this)|in\s+(?:the\s+|this\s+)?catalog(?:ue)?|"
    rf"here|available|streaming|to\s+(?:watch|stream))\b|{HELD_BACK}|{WHAT_HELD}|\b{THEIR_WORK}\b|"
    r"\b(?:is|are)\s+(?:it|they)\s+(?:there\b|on\W*$)|\bany(?:\s+of\s+(?:them|those|these|em))?\W*$",
    _I,
)
#: a whole piece that only asks back whether the catalog holds what the piece before it named:
#: "breaking bad?? is it here", "okja! can i watch it", "the crown? is it on netflix at all"
ONLY_BACK = re.compile(
    rf"^\W*(?:{BACK.pattern})(?:\s+(?:{AVAILABLE.pattern}|at\s+all|still|now|there))*\W*$|"
    #: "kung fu panda stuff - what is there (shows + movies)": what the catalog holds of it
    r"^\W*what(?:['’]s|\s+is|\s+are)\s+there(?:\s+of\s+(?:it|them))?\W*"
    r"(?:\(\s*(?:(?:tv\s+)?shows?|movies?|films?|series|both)(?:\s*(?:\+|and|&|,|/)\s*"
    r"(?:(?:tv\s+)?shows?|movies?|films?|series))?\s*\)\W*)?$",  # "… (shows + movies)"
    _I,
)


def kind_named(text: str) -> bool:
    """Whether the thing asked for is said to be a title by a kind noun before it ("is the movie
    oppenheimer on here"): a title's name, never a surname."""
    m = ASKED.match(text)
    return bool(m and m.group("kind"))


#: a name's availability tail at the end of the words before a description: "is atypical on
#: here, the show about …" names Atypical, not "Atypical on Here"
TAIL_END = re.compile(rf"(?:\s+|\W+)(?:{AVAILABLE.pattern})[\s?!.]*$", _I)
#: a piece that only says what the title asked for before it is: an article, up to four words
#: and a kind noun, then the end or what the description says of it ("the hbo one with the roy
#: family", "the show about the autistic teen"); not a rank said of a set ("the newest one")
GLOSS = re.compile(
    r"^\W*(?:the|that|this|a|an)\s+(?!(?:[\w'’-]+\s+){0,3}?(?:\w+est|first|last|new|top|next|"
    r"same|other|rest|only)\b)(?:[\w'’&+-]+\s+){0,4}?(?:one|thing|movie|film|flick|show|series|"
    r"sitcom|docuseries|miniseries|documentary|doc|cartoon|anime)"
    r"(?:\s+(?:with|w/|about|where|starring|featuring|by|from|that|who|set|based)\b.*)?\W*$",
    _I,
)


def joined_back(pieces: list[str], names: Callable[[str], bool] = lambda _: True) -> list[str]:
    """The question's pieces, a piece that only asks back whether the catalog holds what the
    piece before it named ("breaking bad?? is it here", "the godfather! is it on netflix", "okja.
    can i stream it") joined to that piece as one question ("breaking bad - is it here"); a
    piece that only describes the title a piece asking whether it is held named ("succession on
    here? the hbo one with the roy family") joined as that name's description, before the
    tail ("succession, the hbo one with the roy family - on here"), when the joined question
    still asks for a name (`names`: "got the office? the british one" asks for none)."""
    out: list[str] = []
    for piece in pieces:
        if out and ONLY_BACK.match(piece):
            out[-1] = f"{out[-1].rstrip(' ?!.,;:')} - {piece.strip()}"
        elif out and GLOSS.match(piece) and (joined := _glossed(out[-1], piece)) and names(joined):
            out[-1] = joined
        else:
            out.append(piece)
    return out


def _glossed(asked: str, gloss: str) -> str | None:
    """The question asking for a name with the gloss said after it put after the name: before
    its availability tail, or after it when only a cue asks ("u got X? the …")."""
    said = gloss.strip(" ?!.,;:")
    if tail := TAIL_END.search(asked):
        return f"{asked[: tail.start()]}, {said} - {asked[tail.start() :].strip(' ,-')}"
    if (m := ASKED.match(asked)) and m.group("cue"):
        return f"{asked.rstrip(' ?!.,;:')}, {said}"
    return None
