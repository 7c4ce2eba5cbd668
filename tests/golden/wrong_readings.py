"""Labelled wrong readings made from right ones: negatives for fitting the confidence model.

The labelled sets hold few wrong readings (the reader was tuned on them), so a model fitted on
them alone learns "every reading is right". For a question the reader reads right, these are
readings a reader could have made instead, each certainly wrong:
- the runner-up operation: the part read as the operation of the nearest bank example of
  another operation ("how many ..." read as a list);
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
from agentic_rag.agent.rules.usage import COMPILED_FIELDS

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


def _dropped(spec: QuerySpec) -> list[QuerySpec]:
    t, out = spec.titles, []
    for field in ("people", "countries", "genres", "ratings"):
        for i in range(len(getattr(t, field))):
            kept = [v for j, v in enumerate(getattr(t, field)) if j != i]
            out.append(t.model_copy(update={field: kept}))
    if t.year_from is not None or t.year_to is not None:
        out.append(t.model_copy(update={"year_from": None, "year_to": None}))
    return [spec.model_copy(update={"titles": s}) for s in out if s != TitleSet() or t.is_empty()]


def wrong_readings(reader: Reader, question: str) -> list[dict[str, float]]:
    """Features of readings of `question` that differ from the reader's own in one mistake."""
    specs = reader.read(question)
    out = []
    for i, spec in enumerate(specs):
        alts = [a for a in (_runner_up(reader, spec), *_dropped(spec)) if a is not None]
        for alt in alts:
            parts = [*specs[:i], alt, *specs[i + 1 :]]
            calls = " ".join(s.model_dump_json(include=set(COMPILED_FIELDS)) for s in parts)
            feats, _ = confidence.features(reader, question, parts, calls)
            out.append(feats)
    return out
