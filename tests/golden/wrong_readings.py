"""Labelled wrong readings made from right ones: negatives for fitting the confidence model.

The labelled sets hold few wrong readings (the reader was tuned on them), so a model fitted on
them alone learns "every reading is right". For a question the reader reads right, these are
readings a reader could have made instead, each certainly wrong:
- the runner-up operation: the part read as the operation of the nearest bank example of
  another operation ("how many ..." read as a list);
- a name said another way: a person's or title's name in the question replaced by part of
  it in lower case ("scorsese", "irishman") or misspelt by one doubled letter; when the
  reader's reading of that question names neither the person nor the title, it is wrong (the
  question still means them), and when it names them with the same operations it is right;
- a title the catalog lacks: the title followed by " 2" (a sequel it does not hold); a reading
  that names the original title (a near-miss fuzzy match) is wrong;
- a phrase of many titles read as one title ("jaws movies" as the title Jaws);
- an entity dropped: one person, country, genre, year range or rating left out of a part (the
  calls then do not name it; a dropped type is not made: the features cannot see it, since a
  person's "shows" are all their titles).
Their features are computed as the planner computes a reading's features, with the fields of
the reading's specs that calls are compiled from standing for the planned calls.
"""

from __future__ import annotations

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.intent import mask
from agentic_rag.agent.rules.reader import Reader
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.usage import COMPILED_FIELDS
from agentic_rag.agent.rules.vocab import COMMON, WORD

#: operations a part can be read as whatever its words (a relation or share needs its own shape)
PLAIN_OPS = ("list", "count", "top", "most", "search", "describe", "people", "average")
NEAREST = 8


def _runner_up(reader: Reader, spec: QuerySpec) -> QuerySpec | None:
    hits = reader.intents.nearest(mask(spec.text, reader.tagger.tag(spec.text)), NEAREST)
    other = next((op for op, _, _ in hits if op != spec.op and op in PLAIN_OPS), None)
    if other is None:
        return None
    about = spec.about or (spec.text if other == "search" else "")
    return spec.model_copy(update={"op": other, "about": about, "confidence": spec.confidence})


def _one_title(spec: QuerySpec, reader: Reader) -> QuerySpec | None:
    """A phrase of many titles ("jaws movies") read as the one title of that name, or else the
    shortest title that has it."""
    t = spec.titles
    if not t.title_has:
        return None
    phrase = t.title_has[0]
    hits = sorted(reader.lex.titles_with(phrase), key=len)
    one = reader.lex.title(phrase) or (hits[0] if hits else None)
    if one is None:
        return None
    titles = t.model_copy(update={"titles": [one], "title_has": t.title_has[1:]})
    return spec.model_copy(update={"titles": titles})


def _dropped(spec: QuerySpec) -> list[QuerySpec]:
    t, out = spec.titles, []
    for field in ("people", "countries", "genres", "ratings"):
        for i in range(len(getattr(t, field))):
            kept = [v for j, v in enumerate(getattr(t, field)) if j != i]
            out.append(t.model_copy(update={field: kept}))
    if t.year_from is not None or t.year_to is not None:
        out.append(t.model_copy(update={"year_from": None, "year_to": None}))
    return [spec.model_copy(update={"titles": s}) for s in out if s != TitleSet() or t.is_empty()]


def _said_otherwise(tag: Tag) -> list[str]:
    """Other ways a question might name the tag's person or title: part of it, in lower case."""
    words = tag.text.split()
    if len(words) < 2:
        said = [tag.text.casefold()] if tag.text != tag.text.casefold() else []
    else:
        said = [words[-1], " ".join(words[:-1]), " ".join(words[1:])]
    said = [s.casefold() for s in dict.fromkeys(said)]
    return [s for s in said if any(w not in COMMON for w in WORD.findall(s))]


def _misspelt(text: str) -> str:
    """The name with a letter of its longest word doubled ("Irishman" -> "Irishmman")."""
    word = max(text.split(), key=len)
    i = len(word) // 2
    return text.replace(word, word[:i] + word[i] + word[i:], 1)


def _names(specs: list[QuerySpec]) -> set[str]:
    return {n for s in specs for n in (*s.titles.titles, *(p.name for p in s.titles.people))}


def renamed(reader: Reader, question: str) -> list[tuple[dict[str, float], bool]]:
    """(features, right) of the readings of the question with a name said another way."""
    specs = reader.read(question)
    ops = [s.op for s in specs]
    out = []
    for tag in reader.tagger.tag(question):
        if tag.kind not in ("person", "title") or tag.value not in _names(specs):
            continue
        #: (how the question names it, whether reading it as the tagged name is right)
        said = [(other, True) for other in _said_otherwise(tag)] + [(_misspelt(tag.text), True)]
        if tag.kind == "title" and not reader.lex.title(f"{tag.text} 2"):
            said.append((f"{tag.text} 2", False))  # a sequel the catalog lacks: not that title
        for other, same in said:
            asked = question[: tag.start] + other + question[tag.end :]
            back = reader.read(asked)
            found = tag.value in _names(back)
            if found and [s.op for s in back] != ops:
                continue  # the name was found but something else changed: no label
            if not same and not found:
                continue  # the sequel read some other way: no label
            calls = " ".join(s.model_dump_json(include=set(COMPILED_FIELDS)) for s in back)
            out.append((confidence.features(reader, asked, back, calls)[0], found == same))
    return out


def wrong_readings(reader: Reader, question: str) -> list[dict[str, float]]:
    """Features of readings of `question` that differ from the reader's own in one mistake."""
    specs = reader.read(question)
    out = []
    for i, spec in enumerate(specs):
        made = (_runner_up(reader, spec), _one_title(spec, reader), *_dropped(spec))
        alts = [a for a in made if a is not None]
        for alt in alts:
            parts = [*specs[:i], alt, *specs[i + 1 :]]
            calls = " ".join(s.model_dump_json(include=set(COMPILED_FIELDS)) for s in parts)
            feats, _ = confidence.features(reader, question, parts, calls)
            out.append(feats)
    return out
