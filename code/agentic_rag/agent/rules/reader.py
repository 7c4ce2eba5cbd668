"""Reading a question into query specs: split into parts, tag, choose the intent, fill the spec.
A follow-up is read against the previous turn's resolved question (`follow.py`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import (
    absent,
    asides,
    billing,
    dangling,
    holdings,
    rated_again,
    relation_words,
    slots,
    story,
    threads,
)
from agentic_rag.agent.rules.bare_parts import noun_asked
from agentic_rag.agent.rules.compose import entry_given, link
from agentic_rag.agent.rules.costar_count import costar_reading, people_counted
from agentic_rag.agent.rules.cues import CUES
from agentic_rag.agent.rules.dated_by import ADDED_VERB
from agentic_rag.agent.rules.directed_pair import as_directors, directed_pair
from agentic_rag.agent.rules.edge_noise import edge_noise
from agentic_rag.agent.rules.follow import PRONOUN, answered_by
from agentic_rag.agent.rules.group_bounds import bound_groups
from agentic_rag.agent.rules.id_titles import named_ids
from agentic_rag.agent.rules.intent import Found, Intent, IntentMatcher, group_of, mask
from agentic_rag.agent.rules.label_words import KEYWORDS as _KEYWORDS
from agentic_rag.agent.rules.label_words import LABEL as _LABEL
from agentic_rag.agent.rules.label_words import key_words as _words
from agentic_rag.agent.rules.label_words import labels as _labels
from agentic_rag.agent.rules.lead import description, lead_at, with_thing
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.measure_words import UNIT_LACKING, measure_of, versus
from agentic_rag.agent.rules.mend import mend, noise
from agentic_rag.agent.rules.one_named import one_named
from agentic_rag.agent.rules.opening_title import opening_title
from agentic_rag.agent.rules.plays_in_it import played_in_it
from agentic_rag.agent.rules.premises import premised
from agentic_rag.agent.rules.ranked import ranked_part
from agentic_rag.agent.rules.role_of_title import person_of_title
from agentic_rag.agent.rules.sets import compare_sets, ranks_groups, to_set
from agentic_rag.agent.rules.shape import (
    average_unit,
    breakdown,
    fit_units,
    in_hours,
    one_asked,
    one_described,
    order,
    refit,
)
from agentic_rag.agent.rules.shape_asks import ties_asked
from agentic_rag.agent.rules.shares import share_sets
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.split import split
from agentic_rag.agent.rules.subject import checked
from agentic_rag.agent.rules.tagger import Tagger, clean
from agentic_rag.agent.rules.tags import Tag, free
from agentic_rag.agent.rules.title_refs import place_last
from agentic_rag.agent.rules.topic import absorb, named_only, person_then, set_aside
from agentic_rag.agent.rules.unled import led
from agentic_rag.agent.rules.usage_words import reading_words
from agentic_rag.agent.rules.vocab import COMMON

_I = re.IGNORECASE
_WHICH_ONE = re.compile(r"\bwhich\s+one\b", _I)


class Reader:
    """Question -> list of `QuerySpec` (one per part); build once per lexicon."""

    def __init__(self, lex: Lexicon):
        self.lex = lex
        self.tagger = Tagger(lex)
        self._intents: IntentMatcher | None = None

    @property
    def intents(self) -> IntentMatcher:
        if self._intents is None:
            self._intents = IntentMatcher(self.tagger.tag)
        return self._intents

    def read(self, question: str, history: Sequence[TurnSummary] = ()) -> list[QuerySpec]:
        knows = self.tagger.catalog_words.knows
        question = played_in_it(question) if history else question  # "who plays the queen"
        text, mended = mend(clean(question), self.lex, knows)  # "cout of anime series": count
        text = led(place_last(text))  # "the 2nd one what year": "what year the 2nd one"
        if history:  # "how long is the kojo one": the title of the last answer so named
            text, picked = one_named(text, [h.show_ids for h in history[::-1]], self.lex)
            mended = [*mended, *picked]
        aside = asides.set_aside(text, self.tagger)  # instructions, code: never acted on
        kept, dropped, said = aside.kept, list(aside.ignored), noun_asked(aside.kept or text)
        specs: list[QuerySpec] = []
        kept, noisy = edge_noise(kept, self.lex, knows)  # noise beside it, no word of it known
        pieces = holdings.joined_back(split(kept), self.asks_for) if kept.strip() else []
        pieces, claims, premise_notes = premised(pieces)  # "i bet there are zero X. am i wrong?"
        dropped += claims
        for i, piece in enumerate(pieces):
            if aside.orders(piece):  # an instruction the split set apart
                dropped.append(piece)
                continue
            if len(pieces) > 1 and noise(piece, self.lex, knows):  # "asdfgh lol; how many …"
                noisy.append(piece.strip(" ,.;:-"))
                continue
            if i + 1 < len(pieces) and (named := person_then(piece, pieces[i + 1], self.tagger)):
                pieces[i + 1], dropped = named, dropped + set_aside(piece, self.tagger)  # "him": X
                continue
            spec = self.read_part(piece, " ".join(pieces[i + 1 :]))  # the rest: its sentence
            if specs and answered_by(specs[-1], spec, piece):
                continue
            if (people := person_of_title(spec, piece)) is not None:  # "the director of X"
                specs.append(people)
            if (top := ranked_part(spec, piece)) is not None:  # "who is in the longest one"
                specs.append(link(specs[-1], top, piece) if specs else top)
                specs.append(spec)
                continue
            spec = refit(link(specs[-1], spec, piece)) if specs else spec  # its type's unit
            if specs and named_only(specs[-1], spec):  # "korean films: how many are there"
                absorb(specs.pop(), spec)
            if not entry_given(specs, spec):  # "… and what year it came out": part 1's entry
                specs.append(spec)
        if not specs:
            specs = [QuerySpec(op="search", text=text, about=text, confidence=0.2)]
        elif not history:  # "who is in it" as a whole question: nothing it can refer to
            dangling.mark(specs[0], lead_at(specs[0].text))
        specs[0].notes[:0] = [*mended, *aside.notes, *premise_notes]  # set aside, and why
        specs[0].from_aside = aside.doubtful
        if len(dropped) > len(aside.ignored):  # a part of the question that asks nothing
            specs[0].notes.append("ignored an instruction or claim, asking nothing of the catalog")
        if noisy:
            specs[0].notes.append("set aside words none of which is known: " + ", ".join(noisy))
        if dropped or noisy:
            specs[0].ignored = dropped + noisy
        ties_asked(specs[-1], dropped)  # "… (if there's a tie name all of them)": one, tied
        specs = threads.threaded(self.read, self.tagger.tag, specs, said, history)
        specs = rated_again.rerated(specs, text, self.lex.ratings) if history else specs  # "and g?"
        return named_ids(specs, self.lex)  # "… who directed it": the title's name

    def asks_for(self, text: str) -> bool:
        """Whether the text asks the catalog for a name ("X?? is it here", "X? the … one")."""
        return holdings.asked_for(text, self.tagger.tag(text), self.lex) is not None

    def decide(self, text: str, tags: list[Tag], found: Sequence[Found] = ()) -> Intent:
        """The part's operation: the one decision of `intent.py`, given the evidence the
        reader's other steps find on these tags (a relation's wording, a ranking of groups,
        a long description, keywords set against each other)."""
        masked = mask(text, tags)
        evidence = list(found)
        if rel := relation_words.relation(masked, tags):
            evidence.append(Found(source="relation", op=rel))
        if slots.whole_title(text, tags):  # "schindlers list?": a lookup of that title
            evidence.append(Found(source="bare_title"))
        if ranks_groups(masked):
            evidence.append(Found(source="ranks_groups"))
        content = _content(masked)
        told, wordy = _described(text, content, tags)
        if told or wordy:
            evidence.append(Found(source="described"))
        named = any(t.kind in ("title", "unknown_title", "person") for t in tags)
        if told and not named:
            evidence.append(Found(source="plot_told"))
        if one_described(text, content, named):
            evidence.append(Found(source="one_described"))
        keywords = _KEYWORDS.search(text)
        if keywords and len(_words(keywords.group(1))) >= 2 and CUES["compare"].search(text):
            evidence.append(Found(source="keyword_versus"))  # 'x' versus 'y': two labels
        return self.intents.classify(text, tags, evidence)

    def read_part(self, text: str, after: str = "") -> QuerySpec:
        tags = story.untitled(text, self.tagger.tag(text, after), lead_at(text))
        tags = opening_title(text, tags, self.lex)  # "narcos mexico cast"
        named_people = [t.value for t in tags if t.kind == "person" and not t.absent]
        found: list[Found] = []
        if (named := holdings.asked_for(text, tags, self.lex)) is not None:  # "do you have X?"
            tags = [t for t in tags if t.end <= named.start or t.start >= named.end]
            tags = sorted([*tags, named], key=lambda t: t.start)
            op = "list" if named.kind in ("person", "phrase") else "describe"  # titles / entry
            found.append(Found(source="holding", op=op))
        intent = self.decide(text, tags, found)
        if not any(t.kind in ("title", "unknown_title") for t in tags):
            tags, intent = slots.title_slot(
                text, tags, intent, self.lex, lambda t, g: self.decide(t, g, found), lead_at(text)
            )
        masked, op, lead = mask(text, tags), intent.op, lead_at(text)
        counted = op in ("count", "costars") and people_counted(masked, tags)
        op = "costars" if counted else op  # "how many directors has X been directed by"
        about = text[lead:].strip(" ?.!") if lead is not None else ""
        if op in ("search", "people") and about:
            about, head = description(text, lead or 0)  # "kid who …", or after "about"
            about = " ".join([*story.themes(mask(head, tags)), about])
        if op == "label" or _KEYWORDS.search(text):
            spans = [m.span() for m in (*_KEYWORDS.finditer(text), *_LABEL.finditer(text))]
            tags = [
                t for t in tags if t.kind == "type" or not any(a <= t.start < b for a, b in spans)
            ]
        kept = [
            t
            for t in tags
            if lead is None
            or t.start < lead
            or op not in ("search", "people")
            or story.constraint(text, t)  # not the story's words: "released in 2019", a name
        ]
        spec = QuerySpec(
            op=op,
            text=text,
            about=about,
            confidence=intent.score,  # type: ignore[arg-type]
            runner_up=intent.runner_up,
            margin=intent.margin,
            titles=to_set(kept, text, ranked=op in ("most", "top")),
        )
        spec.notes += [t.note for t in tags if t.note]
        spec.absent = absent.absences(kept, self.lex, named_people)
        spec.notes += [f"{t.label}" for t in tags if t.kind == "added" and "last" in t.label]
        if limit := next((t.lo for t in tags if t.kind == "limit"), None):
            spec.limit = max(1, min(int(limit), 50))
        heard = [] if op == "shared" else tags  # shared: the verb's role, not a "with X" tag's
        spec.role, spec.in_hours = billing.role(masked, heard), in_hours(masked)  # type: ignore[assignment]
        if op == "people" and billing.lead_asked(masked):  # "who's the lead in X": one
            spec.role, spec.limit = "cast", 1
        spec.every = op == "people" and relation_words.every_asked(masked)  # "in both of them"
        if op == "most":
            by = group_of(masked) or "country"
            spec.by = "added_year" if by == "release_year" and ADDED_VERB.search(text) else by
            spec.ascending = bool(re.search(r"\b(?:fewest|least|lowest)\b", masked))
            spec.breakdown = breakdown(masked) and spec.limit is None  # "… each year"
        elif op == "shared" and directed_pair(masked):  # "actors both X and Y directed"
            as_directors(spec)
        elif op == "costars":  # repeat partners, a count of them, "the most", "who did X cast"
            costar_reading(spec, masked, counted)
        elif op in ("top", "average"):
            spec.by, spec.ascending = order(masked, spec.titles, bool(ADDED_VERB.search(text)))
            if op == "top" and spec.limit is None and one_asked(text):
                spec.limit = 1
            if op == "average":  # the mean, total or median of the unit asked
                spec.by, spec.measure = average_unit(masked, spec.titles), measure_of(masked)
        if op in ("top", "average") or spec.titles.type:
            by = spec.by if op in ("top", "average") else None
            named = frozenset(str(t.value) for t in tags if t.kind == "type")
            by, notes = fit_units(spec.titles, by, named)
            if op == "average" and spec.measure != "mean" and by != spec.by:  # a unit they lack
                notes.append(UNIT_LACKING)  # "minutes of shows in total": no such sum: unsure
            spec.by, spec.notes = by if op in ("top", "average") else spec.by, spec.notes + notes
        if op == "share":
            spec.titles, spec.part, spec.other = share_sets(text, kept)
        elif versus(spec, masked, kept):  # two sets' counts, or their averages (`by`)
            spec.titles, spec.part = compare_sets(kept, text)
        elif op == "label" and (labels := _labels(text)):
            spec.labels = labels
            spec.titles = to_set([t for t in kept if t.kind not in ("genre",)], text)
        amb = next((t for t in kept if t.kind == "country" and t.alts), None)
        if amb and spec.op in ("count", "average"):  # 'Korean TV shows': the country or genre
            genre = amb.model_copy(update={"kind": "genre", "value": amb.alts[0], "alts": []})
            spec.other = to_set([genre if t is amb else t for t in kept], text)
        phrases = [t for t in tags if t.kind == "phrase"]  # "title contains 'girl'": its name
        if (m := _KEYWORDS.search(text)) and free(phrases, *m.span()):
            if op != "label":
                spec.titles.keywords = _words(m.group(1))
            elif not spec.labels:  # 'x' versus 'y' (evidence `keyword_versus`): one label each
                spec.labels = {k: [k] for k in _words(m.group(1))}
        bound_groups(spec, masked)  # "which directors have more than 5 korean titles"
        head = mask(text[:lead], tags) if lead is not None else masked
        pronoun = PRONOUN.search(head) or re.fullmatch(r"about\s+(?:them|those|it)", about, _I)
        #: "which one is the shortest" (a limit of one) names no set of its own: an earlier one's
        pronoun = pronoun or (spec.titles.is_empty() and _WHICH_ONE.search(text[:lead]))
        spec.needs_results = bool(pronoun) and not spec.titles.titles and not spec.titles.people
        if op in ("search", "people") and not about and not spec.titles.titles:
            spec.about = " ".join(_words(re.sub(r"\{\w+\}", " ", masked), None))  # not slots
        return checked(spec, text, tags, about)


def _content(masked: str) -> list[str]:
    """The masked question's content words (no slot, no everyday word, no participle, no number,
    no frame word of every catalog question: "single", "catalog", `reading_words` structural)."""
    frame = reading_words().structural
    return [
        w
        for w in _words(re.sub(r"\{\w+\}", " ", masked), None)
        if w not in COMMON and w not in frame and not w.endswith("ed") and not w.isdigit()
    ]


def _described(text: str, content: list[str], tags: list[Tag]) -> tuple[bool, bool]:
    """Whether the part describes its titles: (told) three content words after a lead ("about",
    "where" …) or a thing they are `with_thing` ("with a dog"), (wordy) five content words."""
    lead = lead_at(text)
    after = (
        [w for w in _words(text[lead:].strip(" ?.!"), None) if w in content]
        if lead is not None
        else []
    )
    return len(after) >= 3 or with_thing(text, lead, content, tags), len(content) >= 5
