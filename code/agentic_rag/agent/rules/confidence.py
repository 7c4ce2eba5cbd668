"""How likely a reading is right: features of the reading process and a fitted logistic model.

The features say how well the reading covered the question: how near its intent example was,
which content words of the question it left unused (not inside a tagged entity, not part of the
operation's own phrasing, not the searched description), whether it left unused a word that
changes meaning (`meaning_words.yaml`), whether it dropped an entity the tagger found. The
weights live in `confidence_model.json`, written by `tests/golden/fit_confidence.py` from the
labelled tune halves; a reading that left a meaning word unused is capped below confident.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel

from agentic_rag.agent.rules import relations
from agentic_rag.agent.rules.compose import SAME
from agentic_rag.agent.rules.intent import CUES, GROUP_WORDS, mask
from agentic_rag.agent.rules.reader import Reader
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.tagger import clean
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.folding import fold

MEANING_PATH = Path(__file__).with_name("meaning_words.yaml")
MODEL_PATH = Path(__file__).with_name("confidence_model.json")
#: a reading that left a meaning-changing word unused, or an entity the question names, is at
#: most this likely right
MEANING_CAP = 0.4
FEATURES = (
    "intent",
    "unused_share",
    "unused_words",
    "unexplained",
    "unused_meaning",
    "dropped",
    "search",
    "parts",
    "bare",
    "absent",
    "fuzzy",
    "notes",
)
NEAREST = 3  # phrasing examples that explain a question's words
#: operations on a set of titles: one with no constraint in a question of several parts has
#: lost what its words referred to ("... and which one is the longest")
SET_OPS = frozenset({"count", "list", "top", "most", "average"})
DESCRIBED = frozenset({"search", "people", "similar"})  # operations that use the described words
_PLACEHOLDER = re.compile(r"\{\w+\}")


class Meaning(BaseModel):
    words: list[str]
    phrases: list[str]
    restrictors: list[str] = []  # used when a tagged entity follows them


class Calibration(BaseModel):
    """A logistic model over `FEATURES` (written by the fit script)."""

    features: list[str]
    weights: list[float]
    bias: float
    fitted_on: list[str] = []
    n: int = 0


class Usage(BaseModel):
    """What the reading did and did not use of the question."""

    unused: list[str]  # content words no part of the reading consumed
    unexplained: float  # share of content words the nearest phrasing examples do not have
    meaning: list[str]  # meaning-changing words or phrases among them
    dropped: list[str]  # entities the tagger found that no part uses
    content: int  # content words of the question (outside tagged entities)


@lru_cache(maxsize=1)
def meaning() -> Meaning:
    return Meaning.model_validate(yaml.safe_load(MEANING_PATH.read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def calibration() -> Calibration:
    return Calibration.model_validate_json(MODEL_PATH.read_text(encoding="utf-8"))


_VOCAB: dict[int, tuple[Reader, dict[str, frozenset[str]]]] = {}


def op_vocabulary(reader: Reader) -> dict[str, frozenset[str]]:
    """Per operation, the words of its masked examples in the bank: how that operation is asked."""
    kept = _VOCAB.get(id(reader))
    if kept and kept[0] is reader:
        return kept[1]
    words: dict[str, set[str]] = {}
    for masked, op, _ in reader.intents.examples:
        words.setdefault(op, set()).update(
            w.casefold() for w in WORD.findall(_PLACEHOLDER.sub(" ", masked))
        )
    vocab = {op: frozenset(w) for op, w in words.items()}
    _VOCAB[id(reader)] = (reader, vocab)
    return vocab


def _squash(text: str) -> str:
    return re.sub(r"\W+", "", fold(text))


def _needles(t: Tag) -> list[str]:
    """What a call names when it uses the tag: its value, another reading of it, or its words."""
    if t.kind in ("release", "minutes", "seasons"):
        return [str(t.lo if t.lo is not None else t.hi)]
    return [x for x in (t.value, t.value2, *t.alts, t.text) if x]  # value2: "before March"


def usage(reader: Reader, question: str, specs: list[QuerySpec], calls: str) -> Usage:
    """`calls`: the planned calls' arguments as text (an entity none of them names was dropped)."""
    text = clean(question)
    tags = reader.tagger.tag(text)
    masked = mask(text, tags)
    vocab = op_vocabulary(reader)
    ops = {s.op for s in specs}
    #: the words of an entity's catalog name ("south" of 'korea' read as South Korea)
    used: set[str] = {
        w.casefold() for t in tags for x in (t.value, *t.alts) for w in WORD.findall(x)
    }
    for op in ops:
        used |= vocab.get(op, frozenset())
        wordings = (*([CUES[op]] if op in CUES else []), *relations.WORDING.get(op, ()))
        used |= {
            w.casefold()
            for cue in wordings
            for m in cue.finditer(masked)
            for w in WORD.findall(m.group())
        }
    for s in specs:
        if s.ref == "people_of":  # "the same director": the wording the part was read from
            used |= {w.casefold() for m in SAME.finditer(masked) for w in WORD.findall(m.group())}
        said = " ".join(
            [
                s.about if s.op in DESCRIBED else "",
                *s.titles.keywords,
                *(w for v in s.labels.values() for w in v),
                *s.labels,
                s.text if s.op in ("describe", "external") else "",
            ]
        )
        used |= {w.casefold() for w in WORD.findall(said)}
        if s.by and s.by in GROUP_WORDS:
            used |= {
                w.casefold()
                for m in GROUP_WORDS[s.by].finditer(masked)
                for w in WORD.findall(m.group())
            }
    if len(specs) > 1:  # the split into parts used its joining word and each part's opener
        used |= {"and", "then", "also", "but"} | {
            w.casefold() for s in specs for w in WORD.findall(s.text)[:1]
        }
    words = [w.casefold() for w in WORD.findall(_PLACEHOLDER.sub(" ", masked))]
    parts = {w.casefold() for s in specs for w in WORD.findall(s.text)}
    if parts:  # words in no part were set aside by the reader (an instruction it ignored)
        words = [w for w in words if w in parts]
    #: the words of an entity's catalog name belong to it ("south" of 'korea' as South Korea)
    of_names = {w.casefold() for t in tags for x in (t.value, *t.alts) for w in WORD.findall(x)}
    words = [w for w in words if w not in of_names]
    unused = [w for w in words if w not in used]
    content = [w for w in words if w not in COMMON and len(w) > 2 and not w.isdigit()]
    m = meaning()
    restricting = {
        w for w in m.restrictors if re.search(rf"\b{w}\s+{_PLACEHOLDER.pattern}", masked, re.I)
    }
    found = [w for w in unused if w in m.words and w not in restricting]
    joined = " " + " ".join(words) + " "
    for phrase in m.phrases:
        asks = phrase.split()[1:] if phrase.startswith("and ") else phrase.split()
        if f" {phrase} " in joined and not all(w in used for w in asks):
            found.append(phrase)
    named = _squash(calls)
    dropped = [
        t.text
        for t in tags
        if t.kind not in ("limit", "type", "unknown_title")
        and not t.absent
        and not any(_squash(x) in named for x in _needles(t))
    ]
    masks = {q: m for m, _, q in reader.intents.examples}
    near = {
        w.casefold()
        for _, _, q in reader.intents.nearest(masked, NEAREST)
        for w in WORD.findall(masks.get(q, ""))
    }
    said = {w for s in specs if s.op in DESCRIBED for w in WORD.findall(s.about.casefold())}
    alone = [w for w in content if w not in near and w not in said]
    return Usage(
        unexplained=len(alone) / max(1, len(content)),
        unused=[w for w in unused if w in content],
        meaning=list(dict.fromkeys(found)),
        dropped=dropped,
        content=len(content),
    )


def features(
    reader: Reader, question: str, specs: list[QuerySpec], calls: str
) -> tuple[dict[str, float], Usage]:
    u = usage(reader, question, specs, calls)
    tags = reader.tagger.tag(clean(question))
    asking = [s for s in specs if WORD.search(s.text) or s.op != "search"] or specs
    specs = asking  # a part with no words ("--" after an instruction) asks nothing
    feats = {
        "intent": min((s.confidence for s in specs), default=0.0),
        "unused_share": len(u.unused) / max(1, u.content),
        "unused_words": float(min(len(u.unused), 4)),
        "unexplained": u.unexplained,
        "unused_meaning": float(min(len(u.meaning), 2)),
        "dropped": float(min(len(u.dropped), 2)),
        "search": float(any(_guessed_search(s) for s in specs)),
        "parts": float(len(specs) - 1),
        "bare": float(
            len(specs) > 1 and any(s.op in SET_OPS and s.titles.is_empty() for s in specs)
        ),
        "absent": float(any(s.absent for s in specs)),
        "fuzzy": 1.0 - min((t.score for t in tags), default=1.0),
        "notes": float(any(s.notes for s in specs)),
    }
    return {k: round(v, 4) for k, v in feats.items()}, u


def _guessed_search(spec: QuerySpec) -> bool:
    """A search by description that no description lead ("where", "about", ...) introduced:
    the reader fell back to the question's own words (a description it names is a search)."""
    if spec.op not in DESCRIBED or (spec.op != "search" and not spec.titles.is_empty()):
        return False
    about, text = spec.about.casefold().strip(), spec.text.casefold().strip(" ?.!")
    return not about or about == text or not text.endswith(about)


def probability(feats: dict[str, float], model: Calibration | None = None) -> float:
    model = model or calibration()
    z = model.bias + sum(
        w * feats.get(f, 0.0) for f, w in zip(model.features, model.weights, strict=True)
    )
    p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    if feats.get("unused_meaning", 0.0) > 0 or feats.get("dropped", 0.0) > 0:
        p = min(p, MEANING_CAP)
    return round(p, 3)


def unsure_of(u: Usage) -> list[str]:
    """What the reading is unsure of, in words the answer can say."""
    out = (
        [
            f"the word{'s' if len(u.meaning) > 1 else ''} "
            + ", ".join(f"'{w}'" for w in u.meaning)
            + " (not used by my reading)"
        ]
        if u.meaning
        else []
    )
    if u.dropped:
        out.append("what " + ", ".join(f"'{d}'" for d in u.dropped) + " has to do with it")
    if u.unused and not u.meaning:
        out.append("the words " + ", ".join(f"'{w}'" for w in u.unused[:4]))
    return out
