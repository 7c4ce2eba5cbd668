"""The output gate stops every family of junk a small model writes, streamed or whole, and the
rules then answer with the question as the user typed it (no model text in a rules answer)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.llm.stream_guard import DegenerateStream, OutputGate
from tests.fakes import FakeChatModel
from tests.unit.test_graph import FakeTools, ask, decision, make_graph, plan

JUNK = {
    "[/INST] Sure": "chat-template token",
    "Here you go <start_of_turn>model": "chat-template token",
    "Answer <|im_start|>assistant": "chat-template token",
    "Done.<|eot_id|>": "chat-template token",
    "<s> The answer": "chat-template token",
    "The answer</s>": "chat-template token",
    "End<|endoftext|>": "chat-template token",
    "Titles:\nmodel\nmore": "chat-template token",
    "Found it.\nResult [2]: Inception": "invented result block",
    "Found it.\nTool output: rows": "invented result block",
    'Found it.\n{"title": "Inception"}': "invented result block",
    "See ```sql\nSELECT": "invented result block",
    "Nolan made Inception [7].": "citation to a result that does not exist",
    "ha " * 20: "the same text repeated",
    "Inception" + "\n" * 12 + "x": "long run of blank lines",
    "Look <div>x</div>": "HTML markup",
    "Look ![poster](http://x/p.png)": "an image",
    "Это ответ на ваш вопрос о фильмах режиссёра Нолана и других": "another script",
}


@pytest.mark.parametrize(("text", "reason"), JUNK.items())
def test_each_junk_family_is_stopped_streamed_and_whole(text: str, reason: str) -> None:
    question = "Which movies did Christopher Nolan direct?"
    with pytest.raises(DegenerateStream, match=reason):
        OutputGate(question, {1, 2}).check(text + "\n")
    gate, shown = OutputGate(question, {1}), []
    with pytest.raises(DegenerateStream):
        for i in range(0, len(text), 3):
            shown.append(gate.feed(text[i : i + 3]))
        gate.finish()
    assert not any(t in "".join(shown) for t in ("<|", "[/INST", "<start_of", "</s>", "```"))


def test_clean_text_passes() -> None:
    text = "Christopher Nolan directed **Inception** [1] and *Interstellar* [2].\n\n- one\n- two"
    gate = OutputGate("Nolan movies?", {1, 2})
    shown = "".join(gate.feed(text[i : i + 4]) for i in range(0, len(text), 4)) + gate.finish()
    assert shown == text


async def test_junk_falls_back_and_the_rules_use_the_typed_question() -> None:
    garbled = plan("SELECT 1", resolved="movie nolan director list the of")
    model = FakeChatModel(script=[garbled, decision("continue"), "Inception [1] [/INST]"])
    graph = make_graph(model, FakeTools())
    values, events = await ask(graph, "Which movies did Nolan direct?")
    synth = next(m for m in values["node_modes"] if m["node"] == "synthesizer")
    assert synth["reason"] == "degenerate stream: a chat-template token"
    assert "movie nolan director list the of" not in values["answer"]  # no model text
    assert "[/INST]" not in values["answer"]
    assert "could not find" not in values["answer"]  # the result has rows
    assert any(e.type == "synth_fallback" for e in events)
