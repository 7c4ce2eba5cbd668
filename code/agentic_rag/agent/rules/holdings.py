"""Asking whether the catalog holds something: "do you have The Godfather?", "is Seinfeld on
here", "can I watch parasite", "any Godfather movies?", "anything with Penélope Cruz?".

The cue says the words after it name a title (or, after "with"/"starring"/"by", a person). What
the tagger already read as a catalog title, person, phrase or set filter is answered as usual;
the rest is looked up: a misspelt catalog title is read as that title, anything else is a title
the catalog does not hold. Its answer says so plainly, cites a count of 0, and offers a catalog
name only when it is really close ("The Office" -> "The Office (U.S.)"), never as the answer.
"""

from __future__ import annotations

import re

from agentic_rag.agent.rules import absent, surnames
from agentic_rag.agent.rules.cues import CUES
from agentic_rag.agent.rules.described import (
    audience_of,
    bare_described,
    described,
    several_tag,
    title_tag,
)
from agentic_rag.agent.rules.holding_cues import ASKED, AVAILABLE, BACK, WHAT
from agentic_rag.agent.rules.holding_cues import joined_back as joined_back  # the reader's
from agentic_rag.agent.rules.intent import mask
from agentic_rag.agent.rules.languages import is_language
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.mend import table_words
from agentic_rag.agent.rules.name_evidence import SURNAME_UNSURE
from agentic_rag.agent.rules.series_names import franchise_tag, run_together, series
from agentic_rag.agent.rules.tags import Tag, fuzzy_tag
from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.agent.rules.whole_title import whole_title

_I = re.IGNORECASE
MAX_WORDS = 6
MAX_SAME = 3  # a bare surname read as its most credited holder when this few people share it
_DESCRIBED = re.compile(
    r"\b(?:about|where|that|who|which|when|while|whose|involving|based|"
    r"set\s+in|like|similar|good|worth)\b",
    _I,
)
#: words of a reference to an earlier part's finding: "anything else by them" names nothing
_THAN = re.compile(r"\b(?:\w+er|more|less|fewer)\s+than\b", _I)  # a comparison
_REFERS = re.compile(r"\b(?:else|other|them|him|her|his|their|they|those|these)\b", _I)
_BARE = frozenset({"is", "are", "any", "anything", "got", "is there", "are there"})
_OF_THEM = re.compile(r"\b(?:any|all|which)\s+of\s+(?:them|those|these|em)\b", _I)
_TYPE = re.compile(r"\b(?:(movies?|films?)|shows?|series)\b", _I)
#: "… a movie or a (show)" after the name: the question asks which type the title is
_KIND_ASKED = re.compile(
    r"\s+(?:an?\s+)?(?:movie|film|(?:tv\s+)?show|series)(?:\s+or\b.*)?$|\s+(?:or\s+)?an?$", _I
)
_SEVERAL = re.compile(r"\bany(?:thing)?\b|\b(?:movies|films|shows|titles|seasons)\b", _I)
#: words shaped as a title, nouns joined by "of" or "and" ("pirates of the caribbean", "pride
#: and prejudice"): a name asked for even in lower case after a bare cue ("got ...")
_TITLE_SHAPED = re.compile(
    r"(?!(?:an?|the|any|some|movies|films|shows|titles|stuff)\b)[a-z][\w'’-]{2,}(?:\s+[\w'’-]+)?"
    r"\s+(?:of|and)\s+(?:the\s+)?(?!(?:it|them|those|these|that|this)\b)[a-z][\w'’-]{2,}",
    _I,
)
#: the thing named after these is a person, in this role
_PERSON = re.compile(r"^(?:(with|starring|featuring)|(by|directed\s+by|from))\s+", _I)
#: the tagged kinds that make the question an ordinary catalog question
_ANSWERED = frozenset(
    {
        "title",
        "person",
        "genre",
        "country",
        "rating",
        "release",
        "added",
        "minutes",
        "seasons",
        "missing",
        "unknown_title",
    }
)


#: a name no title is but this many titles hold is a franchise, asked for whole ("is barbie on
#: here"); fewer are offered as near titles of a title the catalog lacks ("money heist": two
#: documentaries about the show)
FRANCHISE = 3


def asked_for(text: str, tags: list[Tag], lex: Lexicon) -> Tag | None:
    """The title the question asks the catalog for, when the tagger found no entity in it (a
    phrase of several titles counts only when several are asked for): a fuzzy catalog title,
    else a title the catalog does not hold; None for other questions. The caller drops the
    tags inside the returned span."""
    if CUES["external"].search(mask(text, tags)):  # "is X any good according to imdb"
        return None  # outside facts, not whether the catalog holds it
    m = ASKED.match(text)
    if m and not m.group("cue") and not AVAILABLE.search(text, m.end("what")):
        m = None  # no cue: only a tail that asks whether it is held ("X - available?")
    if m is None and (bare := bare_described(text, tags, lex)):
        return title_tag(bare, lex)  # "midnight special with tom hanks": that title, if it fits
    said = described(text, m.span("what"), tags, lex) if m else None
    if m and said and said.title:  # "happy valley, the yorkshire cop one": Happy Valley
        return several_tag(said, text, lex) or title_tag(said, lex)
    if m and said:  # "memories of murder (bong joon-ho, 2003)": the name, then who and when
        tags = [t for t in tags if t.end <= said.end or t.start >= said.stop]
    tags = _credited(text, m, tags) if m else tags  # "directed by chloe zhao": no Chloe
    what = bool(WHAT.search(text))  # "what do you have of X": every title X names
    every = what or bool(_OF_THEM.search(text))  # "rocky, any of them?": all of it
    names = ("title", "unknown_title", "phrase") if what else ("title", "unknown_title")
    their = m.span("their") if m and m.group("their") else (0, 0)  # "any of her movies"
    set_words = [t for t in tags if t.kind not in names and not their[0] <= t.start < their[1]]
    #: a name described ("poker face the rian johnson show"; not "what's the oldest one"): the
    #: cues of its description are none of the question's
    titled = bool(said and said.rest and _odd(said.name, COMMON | table_words()))
    seen = text[: said.end] + " " * (said.stop - said.end) + text[said.stop :] if titled else text
    cued = m and any(c.search(seen) for c in CUES.values()) and not _named_back(text, m)
    if m and not m.group("cue") and (set_words or cued):
        within = all(m.start("what") <= t.start and t.end <= m.end("what") for t in tags)
        whole = whole_title(text, m, lex) if within and not _SEVERAL.search(text) else None
        if whole:  # "delhi crime on netflix?": the title, not crime shows named Delhi
            return whole
        m = None  # "how many titles are available", "shortest movie on netflix?": a question
    inside = [t for t in tags if m and t.start >= m.start("what") and t.end <= m.end("what")]
    alone = m and not what and len(inside) == len(tags) > 0 and not _SEVERAL.search(text)
    if m and alone and (whole := whole_title(text, m, lex)):
        return whole  # "is criminal spain on here": Criminal: Spain, not the titles from Spain
    if len(inside) == 1 and len(tags) == 1 and m and (one := _one(text, m, inside[0], every, lex)):
        return one  # "do you have Okja?": that title's entry; "what've u got from X": X's
    several = bool(_SEVERAL.search(text)) or what  # "any Barbie movies": every title with it
    if not m or any(t.kind in _ANSWERED or (t.kind == "phrase" and several) for t in tags):
        return None
    start, end = (said.start, said.end) if said else m.span("what")
    raw = text[start:end].strip(" '\"“”‘’,;:")
    who = _PERSON.match(raw)
    if who and who.group().casefold().startswith("from") and _titles_named(raw[who.end() :], lex):
        raw, who = raw[who.end() :], None  # "what do you have from star trek": its titles
    if m.group("their") and not who:  # "charlotte wells - any of her stuff here": a person
        return _person(raw, (text.index(raw, start), text.index(raw, start) + len(raw)), None, lex)
    if who:  # "anything by park chan-wook": a person, kept if absent
        name = raw[who.end() :]
        span = (text.index(name, start), text.index(name, start) + len(name))
        return _person(name, span, "cast" if who.group(1) else "director", lex)
    raw = re.sub(r"^(?:the\s+(?:movie|film|show|series)\s+)", "", raw, flags=_I)
    raw = _KIND_ASKED.sub("", raw)  # "is the witcher a movie or a show": its type is asked
    words = WORD.findall(raw)
    if not words or len(words) > MAX_WORDS or all(w.casefold() in COMMON for w in words):
        return None
    if len(words) == 1 and is_language(words[0], lex):
        return None  # "any arabic series": a language (capitalised in English), no title
    cue = (m.group("cue") or "").casefold()
    #: "got sharks", "what have you got on sharks": a name only with evidence that it is one
    bare = (cue in _BARE or WHAT.match(cue) is not None) and not m.group("tail")
    lower, capital = lex.cased(raw)  # "any matilda": the descriptions capitalise it
    named = raw[:1].isupper() or lex.title(raw) or capital > lower or lex.person_ending(raw)
    named = named or _TITLE_SHAPED.fullmatch(raw) is not None  # "got pirates of the caribbean"
    named = named or _unwritten(words, raw, lex)  # "got paw patrol", "got bluey"
    named = named or titled  # a name though its words are everyday English ("poker face")
    described_words = _DESCRIBED.search(raw) or _REFERS.search(raw)
    if (described_words and not lex.title(raw)) or (bare and not named):
        return None  # "is there a movie about ...": a description, not a name ("the good place")
    if _THAN.search(raw) and not lex.title(raw):
        return None  # "is okja older than parasite": two titles compared, not one asked for
    odd = [w for w in words if w.casefold() not in lex.everyday_words | COMMON]
    back = BACK.search(text, m.end("what"))  # "fight club - is it on here": it is named
    if not m.group("cue") and not (named or odd or back):
        return None  # no cue, everyday words only ("new stuff on netflix?"): not a name
    offset = text.index(raw, start)
    span = (offset, said.stop if said else offset + len(raw))  # the description with it
    if every and lex.title(raw) and lex.in_titles(raw) >= 2:  # "what've u got of star trek"
        return franchise_tag(raw, span, raw, lex)
    if title := lex.title(raw):  # "is dark on here": the title, even when a word is English
        sure = raw[:1].isupper() or lex.proper(raw)
        asked = _TYPE.search(m.group("tail") or "")
        info = lex.show(title)
        if asked and info and ("Movie" if asked.group(1) else "TV Show") != info.type:
            if not sure or lex.in_titles(raw) < 2:
                return None  # "is there a dark movie": Dark is a show; a mood, not a title
            note = f"read '{raw}' as every title with it in its name"  # "a kung fu panda show"
            return Tag(kind="phrase", start=span[0], end=span[1], text=raw, value=raw, note=note)
        note = "" if sure else f"read '{raw}' as the title {title}"
        score = 1.0 if sure else 0.9
        return Tag(
            kind="title", start=span[0], end=span[1], text=raw, value=title, score=score, note=note
        )
    #: "is oppenheimer on netflix": a surname, maybe; "is the movie oppenheimer …": a title
    named_kind = m.group("kind") is not None
    same = (
        lex.by_surname(raw)
        if len(words) <= 2 and lex.in_titles(raw) < FRANCHISE and not named_kind
        else []
    )
    if same and len(same) <= MAX_SAME:  # "is there any spielberg": the person, not a title
        who, also = same[0], ", ".join(same[1:])
        note = f"read '{raw}' as {who}" + (f" (also: {also})" if also else "")
        score = SURNAME_UNSURE if surnames.shared(raw, lex) else 1.0  # "oppenheimer available?"
        return Tag(
            kind="person", start=span[0], end=span[1], text=raw, value=who, note=note, score=score
        )
    if hit := lex.fuzzy_title(raw):
        return fuzzy_tag("title", span, raw, hit, None)
    held = lex.titles_with(raw)
    apart = None if held else run_together(raw, lex)  # "spiderman": the titles of spider-man
    held = lex.titles_with(apart) if apart else held
    if len(held) >= FRANCHISE and (named or series(raw, lex) or apart):  # "is barbie on here"
        return franchise_tag(apart or raw, span, raw, lex)
    if (title := audience_of(raw, lex)) and not said:  # "is ozark for adults": its entry
        note = f"read '{raw}' as asking who {title} is for: its entry, with its rating"
        whom = raw.split(maxsplit=1)[1]  # what is asked of it, its gloss ("for adults")
        tag = Tag(kind="title", start=span[0], end=span[1], text=raw, value=title, note=note)
        return tag.model_copy(update={"described": whom})
    gap = absent.absent_title(raw, span, lex)
    return gap.model_copy(update={"described": said.rest}) if said else gap


#: what may stand around a name asked for: "anything by X", "stuff from X as director"
_AROUND = re.compile(
    r"^\W*(?:(?:anything|something|stuff|titles?|movies?|films?|shows?|series)\s+)?"
    r"(?:(?:by|from|with|starring|featuring|directed\s+by|of)\s+)?(?:the\s+)?\W*$|"
    r"^\s*(?:as\s+(?:an?\s+|the\s+)?(?:director|filmmaker|actor|actress|star|cast\s+member))?\W*$",
    _I,
)


def _odd(name: str, plain: frozenset[str] | set[str]) -> bool:
    """Whether the words hold one neither everyday nor the reader's own."""
    return any(re.sub(r"['’]s$", "", w.casefold()) not in plain for w in WORD.findall(name))


def _named_back(text: str, m: re.Match[str]) -> bool:
    """Whether a question back at the words before it ("top gun, any of them?", "X - is it on
    here") follows words that hold one neither everyday nor the reader's own: a name, though a
    cue word opens it ("top"), not a question ("what's the newest, is it on here")."""
    plain = COMMON | table_words()
    return _odd(m.group("what"), plain) and BACK.search(text, m.end("what")) is not None


def _credited(text: str, m: re.Match[str], tags: list[Tag]) -> list[Tag]:
    """The tags, less titles read inside a name of several words after a person cue, that they
    do not cover whole ("anything directed by chloe zhao": Chloe is a word of her name)."""
    start, end = m.span("what")
    who = _PERSON.match(text[start:end])
    if who is None or len(WORD.findall(text[start + who.end() : end])) < 2:
        return tags
    name = (start + who.end(), end)
    inside = [t for t in tags if t.start >= name[0] and t.end <= name[1]]
    if not inside or any(t.kind not in ("title", "phrase") for t in inside):
        return tags
    if any(t.start == name[0] and t.end >= name[1] - 1 for t in inside):
        return tags  # "anything with the crown": the title is the whole name
    return [t for t in tags if t not in inside]


def _unwritten(words: list[str], raw: str, lex: Lexicon) -> bool:
    """Words that name something though typed in lower case: one word of no English the
    catalog writes ("bluey"; not a typo or a language), or several the descriptions never
    write together, one of them no everyday English ("paw patrol", "peppa pig"; not "dog
    stuff", "time travel")."""
    if len(words) == 1:
        return absent.unheard(words[0], lex)
    return lex.cased(raw) == (0, 0) and lex.proper(raw)


def _one(text: str, m: re.Match[str], tag: Tag, what: bool, lex: Lexicon) -> Tag | None:
    """The one name the tagger found in what is asked for, when nothing else is asked: a
    title (its entry; asked "what … have" of a name several titles hold, those titles: "what
    do you have of narcos"), or a person asked with a cue and only role words around ("what
    do you have from werner herzog as director": their titles)."""
    start, end = m.span("what")
    if tag.kind == "phrase" and what:  # "barbie - what do you have"
        return tag
    if tag.kind == "title":
        if what and lex.in_titles(tag.text) >= 2:
            return franchise_tag(tag.text, (tag.start, tag.end), tag.text, lex)
        return tag
    around = (text[start : tag.start], text[tag.end : end])
    if tag.kind == "person" and m.group("cue") and all(_AROUND.match(a) for a in around):
        return tag
    return None


def _titles_named(name: str, lex: Lexicon) -> bool:
    """Whether the words name catalog titles (one, or a phrase several hold) and no person."""
    return not lex.person(name) and bool(lex.title(name) or lex.in_titles(name) >= 2)


def _person(name: str, span: tuple[int, int], role: str | None, lex: Lexicon) -> Tag | None:
    words = WORD.findall(name)
    if not words or len(words) > absent.MAX_NAME_WORDS or _DESCRIBED.search(name):
        return None
    if person := lex.person(name):
        return Tag(kind="person", start=span[0], end=span[1], text=name, value=person, role=role)  # type: ignore[arg-type]
    if hit := lex.fuzzy_person(name):
        return fuzzy_tag("person", span, name, hit, role)
    return absent.absent_person(name, span, lex, role)
