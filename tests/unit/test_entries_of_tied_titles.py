"""A part that looks titles up describes each of them: "the newest french show… what's it about"
over a tie of four titles at 2021 gave only one entry (one of the four, as if it were the
newest). Every tied title gets its entry, up to `sentences.ENTRIES`; one title still gets one."""

from __future__ import annotations

from agentic_rag.agent.interfaces import SynthContext
from agentic_rag.agent.rules.sentences import ENTRIES, entry
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.tools.base import ToolResult, ToolStatus
from tests.unit.test_offline_planner import plan


def _row(title: str, year: int, about: str) -> dict[str, object]:
    return {
        "show_id": f"s-{title}",
        "title": title,
        "type": "TV Show",
        "release_year": year,
        "rating": "TV-MA",
        "duration": "1 Season",
        "description": about,
    }


def _answer(lexicon, question: str, rows: list[dict[str, object]]) -> str:
    p = plan(lexicon, question)
    assert p.reading[0].op == "describe" and p.calls[0].tool == "sql"  # the title's entry
    result = ToolResult(call_id="1.1", tool="sql", status=ToolStatus.OK, rows=rows)
    ctx = SynthContext(
        question=question, results=[result], plans=[p], incomplete_reason=None, mode_label="offline"
    )
    return "\n".join(OfflineSynthesizer().compose(ctx)).split("Supporting results")[0]


def test_an_entry_says_the_title_its_facts_and_hours_when_asked():
    row = {**_row("Long One", 2019, "A long film."), "type": "Movie", "duration": "209 min"}
    said = entry(row, in_hours=True)
    assert said.startswith("**Long One** (Movie, 2019, TV-MA, 209 min, 3 h 29 min): A long film\\.")
    assert "3 h 29 min" not in entry(row)


def test_every_title_looked_up_gets_its_entry(lexicon):
    rows = [_row(t, 2021, f"The story of {t}.") for t in ("Alpha Show", "Beta Show", "Gamma Show")]
    text = _answer(lexicon, "what is Squid Game about", rows)
    for t in ("Alpha Show", "Beta Show", "Gamma Show"):
        assert f"**{t}** (TV Show, 2021" in text
        assert f"The story of {t}" in text


def test_one_title_gets_one_entry_and_many_at_most_the_cap(lexicon):
    one = _answer(lexicon, "what is Squid Game about", [_row("Squid Game", 2021, "Games.")])
    assert one.count("(TV Show, 2021") == 1
    many = [_row(f"Show {i}", 2021, f"Story {i}.") for i in range(ENTRIES + 3)]
    text = _answer(lexicon, "what is Squid Game about", many)
    assert text.count("(TV Show, 2021") == ENTRIES
