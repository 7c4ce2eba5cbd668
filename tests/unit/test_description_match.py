"""How clearly a search by description found its title (`rules/match.py`): a part with filters
also searches without them; a clear match of its own search answers as before, a weak one says
so, and when only the search without the filters finds a clear match outside them the answer
takes it and says the filters were set aside. A weak or loosened match caps the confidence.
Truth: distances as the semantic tool returns them (cosine, smaller is closer)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import SynthContext
from agentic_rag.agent.rules import match, planner
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.tools.base import ToolResult, ToolStatus
from tests.unit.test_offline_planner import plan


def _rows(*hits: tuple[str, str, float]) -> list[dict]:
    return [
        {
            "show_id": sid,
            "title": title,
            "type": "TV Show" if sid.startswith("t") else "Movie",
            "release_year": 2020,
            "distance": d,
            "description": f"about {title}",
        }
        for sid, title, d in hits
    ]


def _result(call_id: str, rows: list[dict]) -> ToolResult:
    status = ToolStatus.OK if rows else ToolStatus.EMPTY
    return ToolResult(tool="semantic", call_id=call_id, status=status, rows=rows)


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (_rows(("s1", "A", 0.25), ("s2", "B", 0.27)), True),  # close
        (_rows(("s1", "A", 0.40), ("s2", "B", 0.50)), True),  # apart from the next
        (_rows(("s1", "A", 0.44), ("s2", "B", 0.46)), False),  # neither
        (_rows(("s1", "A", 0.55)), True),  # nothing to compare with
        (_rows(("s1", "A", 0.47), ("s2", "B", 0.535)), False),  # far: 0.065 is no lead there
        (_rows(("s1", "A", 0.50), ("s2", "B", 0.62)), True),  # far but well apart
    ],
)
def test_a_clear_match_is_close_or_apart(rows, expected):
    assert match.clear(rows) is expected


def test_the_own_search_answers_when_it_matches_clearly():
    own = _result("1.1", _rows(("s1", "A", 0.2), ("s2", "B", 0.5)))
    loose = _result("1.2", _rows(("t9", "Z", 0.1), ("s1", "A", 0.2)))
    chosen = match.pick(own, loose)
    assert chosen is not None and chosen.result is own and chosen.clear and not chosen.loosened


def test_a_clear_match_outside_the_filters_answers_a_weak_own_search():
    own = _result("1.1", _rows(("s1", "A", 0.44), ("s2", "B", 0.46)))
    loose = _result("1.2", _rows(("t9", "Z", 0.35), ("s1", "A", 0.44)))
    chosen = match.pick(own, loose)
    assert chosen is not None and chosen.result is loose and chosen.loosened and chosen.clear


@pytest.mark.parametrize(
    "loose_rows",
    [
        _rows(("t9", "Z", 0.43), ("s1", "A", 0.44)),  # not clear either
        _rows(("s2", "B", 0.30), ("t9", "Z", 0.50)),  # clear, but a title the own search has
    ],
)
def test_a_weak_own_search_stays_when_the_loose_one_is_no_better(loose_rows):
    own = _result("1.1", _rows(("s1", "A", 0.44), ("s2", "B", 0.46)))
    chosen = match.pick(own, _result("1.2", loose_rows))
    assert chosen is not None and chosen.result is own and not chosen.clear


@pytest.mark.parametrize(
    ("own_rows", "loose_rows", "loosened"),
    [
        # the filters kept only far titles; without them one is far nearer (weak, but nearer)
        (
            _rows(("s1", "A", 0.66), ("s2", "B", 0.66)),
            _rows(("t9", "Z", 0.45), ("t8", "Y", 0.46)),
            True,
        ),
        (
            _rows(("s1", "A", 0.58), ("s2", "B", 0.60)),
            _rows(("t9", "Z", 0.44), ("t8", "Y", 0.45)),
            True,
        ),
        (
            _rows(("s1", "A", 0.80), ("s2", "B", 0.81)),
            _rows(("t9", "Z", 0.66), ("t8", "Y", 0.67)),
            True,
        ),
        # a little nearer is no reason to drop the filters the question named
        (
            _rows(("s1", "A", 0.60), ("s2", "B", 0.61)),
            _rows(("t9", "Z", 0.53), ("t8", "Y", 0.54)),
            False,
        ),
        (
            _rows(("s1", "A", 0.44), ("s2", "B", 0.46)),
            _rows(("t9", "Z", 0.36), ("t8", "Y", 0.37)),
            False,
        ),
    ],
)
def test_a_far_nearer_title_without_the_filters_answers_a_weak_own_search(
    own_rows, loose_rows, loosened
):
    own, loose = _result("1.1", own_rows), _result("1.2", loose_rows)
    chosen = match.pick(own, loose)
    assert chosen is not None and chosen.loosened is loosened and not chosen.clear
    assert chosen.result is (loose if loosened else own)


def test_an_empty_own_search_falls_back_to_the_loose_one():
    loose = _result("1.2", _rows(("t9", "Z", 0.5), ("s1", "A", 0.52)))
    chosen = match.pick(_result("1.1", []), loose)
    assert chosen is not None and chosen.result is loose and chosen.loosened


@pytest.mark.parametrize(
    ("question", "loose"),
    [
        ("the movie where a young priest arrives on an island", True),
        ("korean show about a ghost who possesses a cook", True),
        ("the one where a baker and a princess swap places", False),  # no filters to set aside
    ],
)
def test_a_part_with_filters_also_searches_without_them(lexicon, question, loose):
    p = plan(lexicon, question)
    found = [c for c in p.calls if c.tool == "semantic" and c.role == "loose"]
    assert bool(found) is loose
    if found:
        args = found[0].args
        assert not any(args.get(k) for k in ("type", "country", "genre", "year_from", "year_to"))


def _answer(lexicon, question: str, own: list[dict], loose: list[dict]) -> tuple[str, bool]:
    p = plan(lexicon, question)
    results = []
    for j, c in enumerate(p.calls, 1):
        if c.tool == "semantic":
            results.append(_result(f"1.{j}", loose if c.role == "loose" else own))
        else:
            results.append(ToolResult(tool=c.tool, call_id=f"1.{j}", status=ToolStatus.EMPTY))
    ctx = SynthContext(
        question=question, results=results, plans=[p], incomplete_reason=None, mode_label="offline"
    )
    return OfflineSynthesizer().compose(ctx)[0], match.unsure(p.reading, [p], results)


def test_the_answer_says_when_the_filters_were_set_aside(lexicon):
    own = _rows(("s1", "The Blind One", 0.44), ("s2", "Holy", 0.46))
    loose = _rows(("t9", "Midnight Mass", 0.35), ("s1", "The Blind One", 0.44))
    q = "the movie where a young priest arrives on an island"
    lead, unsure = _answer(lexicon, q, own, loose)
    assert lead.startswith("Nothing among movies matches this description clearly")
    assert "the TV Show **Midnight Mass**" in lead and unsure


def test_a_weak_match_says_so_and_a_clear_one_does_not(lexicon):
    q = "the movie where a young priest arrives on an island"
    weak = _rows(("s1", "The Blind One", 0.44), ("s2", "Holy", 0.46))
    lead, unsure = _answer(lexicon, q, weak, weak)
    assert lead.startswith("No title matches this description clearly") and unsure
    sure = _rows(("s1", "The Blind One", 0.2), ("s2", "Holy", 0.46))
    lead, unsure = _answer(lexicon, q, sure, sure)
    assert lead.startswith("The best match is **The Blind One**") and not unsure


def test_a_later_part_refers_to_the_title_the_answer_took(lexicon):
    p = plan(lexicon, "the movie where a young priest arrives on an island")
    own = _rows(("s1", "The Blind One", 0.44), ("s2", "Holy", 0.46))
    loose = _rows(("t9", "Midnight Mass", 0.35), ("s1", "The Blind One", 0.44))
    results = [
        _result(f"1.{j}", loose if c.role == "loose" else own)
        if c.tool == "semantic"
        else ToolResult(tool=c.tool, call_id=f"1.{j}", status=ToolStatus.EMPTY)
        for j, c in enumerate(p.calls, 1)
    ]
    assert [r["title"] for r in planner.earlier_rows([p], results, 1)][:1] == ["Midnight Mass"]
    clear = [_result(r.call_id, _rows(("s1", "The Blind One", 0.2))) for r in results]
    assert [r["title"] for r in planner.earlier_rows([p], clear, 1)][:1] == ["The Blind One"]
