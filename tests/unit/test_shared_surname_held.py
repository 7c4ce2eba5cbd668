"""A lone surname asked for ("oppenheimer available?", "is there any bay on here") that several
catalog people share, none of them a well-credited leader, is as likely a title the catalog lacks
as any of them: whatever the reading makes of it (a person, the titles holding it, an absent
title), it is never sure. A surname one person holds, or one a well-credited person leads ("got
any scorsese": Martin Scorsese has 13 credits, Catherine Scorsese 1), stays sure. The credits
are counted with pandas on data/netflix_titles.csv."""

from __future__ import annotations

from collections import Counter

import pytest

from agentic_rag.agent.rules import clarify
from tests.unit.reading_sure import sure


def _holders(catalog_df, surname: str) -> Counter[str]:
    names = [
        x.strip()
        for col in ("director", "cast")
        for v in catalog_df[col]
        for x in v.split(",")
        if x.strip()
    ]
    return Counter(n for n in names if n.split()[-1].casefold() == surname)


@pytest.mark.parametrize(
    ("question", "surname"),
    [
        ("oppenheimer available?", "oppenheimer"),
        ("hitchcock, is it on here?", "hitchcock"),
        ("villeneuve on netflix?", "villeneuve"),
        ("is there any bay on here", "bay"),
    ],
)
def test_a_shared_surname_with_no_leader_is_unsure(catalog_reader, catalog_df, question, surname):
    held = _holders(catalog_df, surname)
    assert len(held) >= 2 and max(held.values()) < 5, held  # shared, no well-credited leader
    assert not catalog_df["title"].str.casefold().eq(surname).any()  # and no title of the name
    assert sure(catalog_reader, question) < 0.5, question


@pytest.mark.parametrize(
    ("question", "surname"),
    [("got any scorsese", "scorsese"), ("is there any spielberg", "spielberg")],
)
def test_a_led_or_lone_surname_stays_sure(catalog_reader, catalog_df, question, surname):
    held = _holders(catalog_df, surname).most_common()
    assert held[0][1] >= 5 and all(n * 3 <= held[0][1] for _, n in held[1:]), held
    assert sure(catalog_reader, question) >= 0.5, question


@pytest.mark.parametrize(
    ("question", "surname"),
    [
        ("burton, is it on netflix", "burton"),  # read as an absent title: still a guess
        ("jackson on here?", "jackson"),  # Samuel L. Jackson leads, but not 3 times the rest
        ("lee available?", "lee"),  # read as the titles holding "lee": still a guess
    ],
)
def test_any_reading_of_a_shared_surname_is_unsure(catalog_reader, catalog_df, question, surname):
    held = _holders(catalog_df, surname).most_common()
    assert len(held) >= 3 and held[0][1] < 3 * sum(n for _, n in held[1:]), held[:3]
    assert sure(catalog_reader, question) < 0.5, question


@pytest.mark.parametrize(
    ("question", "surname"),
    [("is oppenheimer on netflix", "oppenheimer"), ("villeneuve on netflix?", "villeneuve")],
)
def test_asking_back_offers_the_surname_as_a_title(catalog_reader, catalog_df, question, surname):
    """Asked back, the choices include the word as a title's name: "is the title Oppenheimer on
    here?" reads back as that title (absent: no title has the name), sure."""
    assert len(_holders(catalog_df, surname)) >= 2
    assert not catalog_df["title"].str.casefold().eq(surname).any()
    offered = [
        c.question
        for c in clarify.choices(catalog_reader, catalog_reader.read(question), 0.5, question)
    ]
    titled = [q for q in offered if q.casefold().startswith("is the title")]
    assert titled, offered
    (spec,) = catalog_reader.read(titled[0])
    assert [a.name.casefold() for a in spec.absent] == [surname]
    assert sure(catalog_reader, titled[0]) >= 0.8


@pytest.mark.parametrize("kind", ["movie", "film", "show", "title"])
def test_a_kind_noun_before_the_word_makes_it_a_titles_name(catalog_reader, kind):
    question = f"is the {kind} oppenheimer on here?"
    (spec,) = catalog_reader.read(question)
    assert [a.name for a in spec.absent] == ["Oppenheimer"] and not spec.titles.people
    assert sure(catalog_reader, question) >= 0.8
