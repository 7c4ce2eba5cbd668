"""Threads as the page lists them: the whole first question, a name the user gave, deletion."""

from __future__ import annotations

from agentic_rag.agent.memory.trace_store import TraceStore
from agentic_rag.ui.threads import short_title

LONG = "Which movies released between 1990 and 2005 did Martin Scorsese direct with De Niro?"


def test_a_thread_is_titled_by_its_whole_first_question_renamed_and_deleted(tmp_path):
    store = TraceStore(tmp_path)
    store.save("t1", {"question": LONG, "answer": "a"})
    store.save("t1", {"question": "And after 2005?", "answer": "b"})
    info = store.info("t1")
    assert info is not None and info.title == LONG and info.turns == 2  # never cut mid-word
    store.rename("t1", "  Scorsese   and De Niro ")
    assert store.info("t1").title == "Scorsese and De Niro"
    assert [t["question"] for t in store.load("t1")] == [LONG, "And after 2005?"]
    store.rename("t1", "")
    assert store.info("t1").title == LONG  # an empty name brings the question back
    store.delete("t1")
    assert store.info("t1") is None and store.load("t1") == [] and list(tmp_path.iterdir()) == []


def test_listed_titles_are_whole_or_cut_at_a_word():
    assert short_title("Who directed Inception?") == "Who directed Inception?"
    cut = short_title(LONG, width=40)
    assert cut.endswith(" …") and LONG.startswith(cut[:-2]) and LONG[len(cut) - 2] == " "
