"""Typed events: parsing, the turn model folded from them, old traces, the timeline's spans."""

from __future__ import annotations

from agentic_rag.agent.graph.events import (
    TRACE_FORMAT,
    CallFinished,
    CallStarted,
    NodeFinished,
    NodeModeEvent,
    Token,
    dump_events,
    parse_event,
    trace_events,
)
from agentic_rag.agent.memory.turn_model import TurnModel, timeline_text
from agentic_rag.ui.timeline import (
    STATUS_COLOURS,
    iteration_summaries,
    max_parallel,
    timeline_rows,
    timeline_spec,
)

PLAN_1 = {
    "reasoning": "two ways to find it",
    "resolved_question": "Movies about dreams",
    "calls": [
        {"tool": "semantic", "purpose": "by meaning", "args": {"query": "dreams"}},
        {"tool": "sql", "purpose": "by words", "args": {"query": "SELECT 1"}},
    ],
    "source": "offline",
}
PLAN_2 = {
    "reasoning": "again",
    "resolved_question": "Movies about dreams",
    "calls": [{"tool": "semantic", "purpose": "same again", "args": {"query": "dreams"}}],
    "source": "offline",
}

#: A trace exactly as the first format wrote it (before events were stored).
OLD_TRACE = {
    "turn_id": "abc",
    "question": "Movies about dreams?",
    "plans": [PLAN_1, PLAN_2],
    "results": [
        {
            "call_id": "1.1",
            "tool": "semantic",
            "status": "ok",
            "rows": 8,
            "message": "8 titles",
            "query": "dreams",
            "elapsed_ms": 220.0,
            "attempts": [],
        },
        {
            "call_id": "1.2",
            "tool": "sql",
            "status": "error",
            "rows": 0,
            "message": "no such column: x",
            "query": "SELECT x",
            "elapsed_ms": 12.5,
            "attempts": [{"query": "SELECT x", "error": "no such column: x"}],
        },
        {
            "call_id": "2.1",
            "tool": "semantic",
            "status": "ok",
            "rows": 8,
            "message": "same call as 1.1; result reused. 8 titles",
            "query": "dreams",
            "elapsed_ms": 0.0,
            "attempts": [],
        },
    ],
    "decisions": [
        {
            "iteration": 1,
            "decision": "replan",
            "reasoning": "sql failed",
            "confidence": 0.4,
            "source": "offline",
            "replan_instructions": "retry",
        },
        {
            "iteration": 2,
            "decision": "continue",
            "reasoning": "cap",
            "confidence": 0.5,
            "source": "rule",
        },
    ],
    "nodes": [
        {"node": "planner", "iteration": 1, "start": 100.0, "end": 100.01},
        {"node": "executor", "iteration": 1, "start": 100.01, "end": 100.24},
        {"node": "evaluator", "iteration": 1, "start": 100.24, "end": 100.25},
        {"node": "planner", "iteration": 2, "start": 100.25, "end": 100.26},
        {"node": "executor", "iteration": 2, "start": 100.26, "end": 100.27},
        {"node": "evaluator", "iteration": 2, "start": 100.27, "end": 100.28},
        {
            "node": "synthesizer",
            "iteration": 2,
            "start": 100.28,
            "end": 100.3,
            "tokens_in": 10,
            "tokens_out": 5,
        },
    ],
    "answer": "Inception [1]",
}


def test_first_format_stream_events_still_parse():
    result = {
        "tool": "sql",
        "call_id": "1.2",
        "status": "ok",
        "rows": [{"a": 1}],
        "elapsed_ms": 0.0,
        "reused_from": "1.1",
    }
    old_reuse = parse_event(
        {"type": "call_reused", "call_id": "1.2", "from": "1.1", "result": result, "t": 5.0}
    )
    assert isinstance(old_reuse, CallFinished)
    assert old_reuse.reused_from == "1.1" and old_reuse.rows == 1 and old_reuse.t == 5.0
    mode = parse_event({"type": "node_mode", "node": "planner", "mode": "rules", "reason": "x"})
    assert isinstance(mode, NodeModeEvent) and mode.reason == "x"
    assert parse_event({"type": "no_such_event"}) is None
    assert parse_event({"type": "call_end", "call_id": "1.1"}) is None  # missing fields


def test_old_trace_migrates_without_losing_fields():
    model = TurnModel.from_trace(OLD_TRACE)
    assert model.plans == {1: PLAN_1, 2: PLAN_2}
    sql = model.calls["1.2"]
    assert (sql.status, sql.rows, sql.ms, sql.query) == ("error", 0, 12.5, "SELECT x")
    assert sql.message == "no such column: x" and sql.attempts[0].error == "no such column: x"
    assert sql.purpose == "by words" and sql.args == {"query": "SELECT 1"}
    assert model.calls["2.1"].reused_from == "1.1"  # read back from the reuse message
    assert model.decisions[1]["replan_instructions"] == "retry"
    assert [(n.node, n.iteration) for n in model.nodes] == [
        (n["node"], n["iteration"]) for n in OLD_TRACE["nodes"]
    ]
    assert model.nodes[-1].tokens_in == 10 and model.done


def test_new_trace_reads_its_stored_events():
    events = [
        CallStarted(call_id="1.1", tool="sql", purpose="p", args={"query": "SELECT 1"}, t=1.0),
        Token(text="hello"),
        CallFinished(
            call_id="1.1", tool="sql", status="ok", rows=3, cached=True, started=1.0, t=1.2
        ),
    ]
    stored = dump_events(events)
    assert [e["type"] for e in stored] == ["call_start", "call_end"]  # tokens are not stored
    trace = {"format": TRACE_FORMAT, "events": stored, "plans": [], "results": []}
    model = TurnModel.from_trace(trace)
    assert model.calls["1.1"].cached and model.calls["1.1"].rows == 3
    assert trace_events(trace) == [events[0], events[2]]


def _spans_model() -> TurnModel:
    model = TurnModel()
    for event in [
        NodeFinished(node="planner", iteration=1, start=0.0, end=0.1),
        CallStarted(call_id="1.1", tool="semantic", t=0.1),
        CallStarted(call_id="1.2", tool="sql", t=0.1),
        CallFinished(call_id="1.2", tool="sql", status="ok", rows=2, started=0.1, t=0.2),
        CallFinished(call_id="1.1", tool="semantic", status="ok", rows=8, started=0.1, t=0.5),
        NodeFinished(node="evaluator", iteration=1, start=0.5, end=0.55),
        CallStarted(call_id="2.1", tool="semantic", t=0.6),
        CallFinished(
            call_id="2.1",
            tool="semantic",
            status="ok",
            rows=8,
            reused_from="1.1",
            started=0.6,
            t=0.6,
        ),
        CallStarted(call_id="2.2", tool="cypher", t=0.6),
        CallFinished(
            call_id="2.2", tool="cypher", status="ok", rows=1, cached=True, started=0.6, t=0.61
        ),
    ]:
        model.apply(event)
    return model


def test_spans_mark_parallel_reused_and_cached_calls():
    spans = _spans_model().spans(now=1.0)
    by_lane = {s.lane: s for s in spans}
    assert by_lane["2.1 semantic"].status == "reused" and by_lane["2.2 cypher"].status == "cached"
    assert by_lane["1.1 semantic"].start == by_lane["1.2 sql"].start == 0.1
    assert max_parallel([s for s in spans if s.iteration == 1]) == 2
    summaries = iteration_summaries(spans)
    assert summaries[0] == "Iteration 1: 2 calls · 2 ran at once"
    assert "1 cached" in summaries[1] and "1 reused" in summaries[1]
    rows = timeline_rows(spans)
    reused = next(r for r in rows if r["lane"] == "2.1 semantic")
    assert reused["end"] > reused["start"] and reused["ms"] == 0.0  # drawn, but 0 ms


def test_running_spans_reach_now_and_text_timeline():
    model = _spans_model()
    model.apply(CallStarted(call_id="2.3", tool="web", t=0.7))
    running = next(s for s in model.spans(now=0.9) if s.lane == "2.3 web")
    assert running.status == "running" and running.end == 0.9 - 0.0
    text = timeline_text(_spans_model())
    assert "1.1 semantic" in text and "reused" in text and "cached" in text
    assert text.count("\n") == len(_spans_model().spans())  # one line per span + the axis


def test_timeline_spec_is_valid_vega_lite_as_wide_as_its_container():
    import altair as alt

    spans = _spans_model().spans(now=1.0)
    spec = timeline_spec(spans)
    alt.Chart.from_dict(spec)  # validated against Altair's bundled Vega-Lite schema
    assert spec["data"]["values"] == timeline_rows(spans)
    assert spec["width"] == "container" and spec["height"] == 22 * len(spans)
    encoding = spec["encoding"]
    assert (encoding["x"]["field"], encoding["x2"]["field"]) == ("start", "end")
    assert encoding["y"]["sort"] == {"field": "order", "op": "min"}
    assert encoding["color"]["scale"]["range"] == list(STATUS_COLOURS.values())
    labels = [r["label"] for r in spec["data"]["values"]]  # status in words, not colour alone
    assert "1 planner · ok" in labels and "2.1 semantic · reused" in labels


def _luminance(hex_colour: str) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def test_timeline_colours_meet_wcag_aa_on_white():
    from agentic_rag.ui.style import CHART_TEXT

    for colour in [*STATUS_COLOURS.values(), CHART_TEXT]:
        assert 1.05 / (_luminance(colour) + 0.05) >= 4.5, colour
