"""Markup from data, tools, models or users never reaches the page as markup: one escaping
path (`markup.py`), checked by rendering its output with a CommonMark renderer and by
rendering the sidebar with Streamlit's AppTest."""

from __future__ import annotations

import html
import re

import pytest
from markdown_it import MarkdownIt
from streamlit.testing.v1 import AppTest

from agentic_rag.agent.interfaces import SynthContext
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.markup import WORD_JOINER, escape_markdown, safe_markdown, safe_url

MD = MarkdownIt("commonmark").enable("table")
IMAGES = [
    "![x](http://evil.example/p.png)",
    "![a[b]c](http://evil.example/p.png)",
    "![a[b[c]d]e](http://evil.example/p.png 'title')",
    "![x][pic]\n\n[pic]: http://evil.example/p.png",
    "![x](<http://evil.example/p.png>)",
    "![x]\n(http://evil.example/p.png)",
    '<img src="http://evil.example/p.png">',
    "<IMG SRC=http://evil.example/p.png>",
    "[![inner](http://evil.example/p.png)](http://x.example)",
]
LINKS = [
    "[click](javascript:alert(1))",
    "[click]( JavaScript:alert(1))",
    "[click][r]\n\n[r]: javascript:alert(1)",
    "[click](data:text/html;base64,PHNjcmlwdD4=)",
]
LITERAL = [
    "**bold** and _it_",
    "# heading",
    "1. not a list",
    "a | b | c",
    ":red[coloured] :material/home: $x^2$",
    "<b>tag</b> &amp; `code`",
    "[link](http://x.example) ![i](http://evil.example/p.png)",
    "back\\slash \\*",
]


def rendered(markdown: str) -> str:
    return MD.render(markdown)


@pytest.mark.parametrize("text", IMAGES)
def test_no_image_syntax_survives(text):
    out = rendered(safe_markdown(text))
    assert "<img" not in out.lower(), out


@pytest.mark.parametrize("text", LINKS)
def test_no_link_survives_in_a_model_answer(text):
    out = rendered(safe_markdown(text)).lower()
    assert "<a " not in out and "href" not in out, out


def test_model_markdown_keeps_its_formatting():
    out = rendered(safe_markdown("**Inception** [1]\n\n- a\n- [site](https://example.org)"))
    assert "<strong>Inception</strong>" in out and "<li>a</li>" in out
    assert "site (https://example.org)" in out and "<a " not in out  # the target, as text


@pytest.mark.parametrize("text", LITERAL + IMAGES + LINKS)
def test_escaped_text_renders_exactly_as_written(text):
    out = rendered(escape_markdown(text, one_line=True))
    inner = re.fullmatch(r"<p>(.*)</p>\n", out, re.DOTALL)
    assert inner, out
    assert html.unescape(inner.group(1)).replace(WORD_JOINER, "") == " ".join(text.split())
    assert not re.search(r"<(?!/?p>)", inner.group(1).replace("&lt;", "")), out


def test_only_web_urls_become_links():
    assert safe_url("https://example.org/a?b=1") == "<https://example.org/a?b=1>"
    assert "<" not in rendered(safe_url("javascript:alert(1)")).replace("<p>", "").replace(
        "</p>", ""
    )
    assert "<img" not in rendered(safe_url("http://x> ![i](http://evil.example/p.png)"))


async def test_the_offline_answer_does_not_echo_the_question_as_markup():
    question = "![x[y]](http://evil.example/p.png) **loud** <b>"
    ctx = SynthContext(
        question=question, results=[], plans=[], incomplete_reason=None, mode_label="offline"
    )
    answer, _ = await OfflineSynthesizer().synthesize(ctx, lambda _t: None)
    out = rendered(safe_markdown(answer))
    assert "<img" not in out and "<strong>loud</strong>" not in out
    assert "**loud**" in html.unescape(out)


HOSTILE = "![p[q]](http://evil.example/p.png) **LOUD** :red[red] <b>b</b>"


def _sidebar_script(hostile: str) -> None:
    from agentic_rag.agent.graph.events import parse_event
    from agentic_rag.agent.memory.turn_model import TurnModel
    from agentic_rag.ui.turn_view import render_turn_panel

    plan = {
        "source": "llm",
        "reasoning": hostile,
        "resolved_question": hostile,
        "fallback_reason": hostile,
        "calls": [{"tool": "cypher", "purpose": hostile, "args": {"query": "MATCH (n) RETURN n"}}],
    }
    model = TurnModel(done=True)
    model.apply(parse_event({"type": "plan", "iteration": 1, "plan": plan}))
    model.apply(
        parse_event(
            {
                "type": "call_end",
                "call_id": "1.1",
                "result": {
                    "tool": "cypher",
                    "status": "error",
                    "error": hostile,
                    "attempts": [{"query": "MATCH (n) RETURN n", "error": hostile}],
                },
            }
        )
    )
    decision = {
        "source": "llm",
        "decision": "replan",
        "confidence": 0.5,
        "reasoning": hostile,
        "replan_instructions": hostile,
    }
    model.apply(parse_event({"type": "decision", "iteration": 1, "decision": decision}))
    render_turn_panel(model, 2)


def test_sidebar_shows_every_outside_string_as_literal_text():
    at = AppTest.from_function(_sidebar_script, args=(HOSTILE,)).run()
    assert not at.exception
    bodies = [e.label for e in at.expander]
    bodies += [e.value for e in at.markdown] + [e.value for e in at.caption]
    bodies += [e.value for e in at.info] + [e.value for e in at.warning]
    with_hostile = [b for b in bodies if "LOUD" in b]
    assert len(with_hostile) >= 8  # reasoning, question, purpose, error, repair, decision ...
    for body in with_hostile:
        out = rendered(body)
        assert "<img" not in out and "<strong>LOUD" not in out and "<b>" not in out, body
        assert ":red[" not in body, body  # Streamlit's colour directive is escaped


@pytest.mark.parametrize(
    "text", ["Read as: titles · country Spain", "$5 <b>bold</b> & co", "a\\b [x](y) :red[z]"]
)
def test_an_answer_already_escaped_renders_the_same_once_made_safe(text):
    """The writer escapes its own text; the page then makes the whole answer safe. An escaped
    character stays escaped once, never doubled into a visible backslash."""
    md = MarkdownIt("commonmark")
    escaped = escape_markdown(text)
    shown = md.render(safe_markdown(escaped)).replace(WORD_JOINER, "")  # invisible
    assert shown == md.render(escaped).replace(WORD_JOINER, "")
