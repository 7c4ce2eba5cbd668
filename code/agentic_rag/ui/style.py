"""The page's own look, in one place (its CSS and the charts' text colours): button texts
wrap whole instead of being cut, keyboard focus is always visible, grey text meets WCAG 2.1 AA
contrast, and a followed citation link highlights its source."""

from __future__ import annotations

#: Secondary text (captions, help) at 7:1 against white; Streamlit's default grey is 3.9:1.
MUTED_TEXT = "#374151"
FOCUS = "#1d4ed8"
HIGHLIGHT = "#fef08a"
#: Chart text (axis labels and titles, legend) at 7:1 or more against white.
CHART_TEXT = "#1f2937"
CHART_CONFIG = {
    "axis": {
        "labelColor": CHART_TEXT,
        "titleColor": CHART_TEXT,
        "labelFontSize": 12,
        "titleFontSize": 12,
        "domainColor": "#6b7280",
        "tickColor": "#6b7280",
    },
    "legend": {"labelColor": CHART_TEXT, "titleColor": CHART_TEXT, "labelFontSize": 12},
    "view": {"stroke": None},
}

CSS = f"""
<style>
/* a button shows its whole text, wrapped, never cut with an ellipsis */
[data-testid="stBaseButton-secondary"], [data-testid="stBaseButton-primary"],
[data-testid="stPopover"] button {{ height: auto; min-height: 2.5rem; max-width: 100%; }}
[data-testid="stBaseButton-secondary"] p, [data-testid="stBaseButton-primary"] p,
[data-testid="stPopover"] button p, [data-testid="stPopover"] button div {{
  white-space: normal !important; overflow: visible !important;
  text-overflow: clip !important; overflow-wrap: anywhere; text-align: left;
}}
/* grey text readable (AA) */
[data-testid="stCaptionContainer"], [data-testid="stCaptionContainer"] p,
[data-testid="stWidgetLabel"] p, [data-testid="stChatInputTextArea"]::placeholder,
[data-testid="stSidebar"] [data-testid="stCaptionContainer"] {{ color: {MUTED_TEXT}; opacity: 1; }}
/* keyboard focus always visible */
:focus-visible, button:focus-visible, a:focus-visible, [role="tab"]:focus-visible,
summary:focus-visible, textarea:focus-visible, input:focus-visible {{
  outline: 3px solid {FOCUS} !important; outline-offset: 2px !important;
}}
/* a source whose citation was followed */
[data-testid="stMarkdownContainer"]:has(.source-entry:target) {{
  background: {HIGHLIGHT}; outline: 2px solid #854d0e; border-radius: 4px;
}}
.source-entry {{ scroll-margin-top: 4rem; }}
/* an answer's tables fit a phone: cells wrap instead of pushing the page sideways */
[data-testid="stMarkdownContainer"] table {{ width: 100%; table-layout: fixed; }}
[data-testid="stMarkdownContainer"] th, [data-testid="stMarkdownContainer"] td {{
  overflow-wrap: anywhere; word-break: break-word; padding: 0.25rem 0.4rem;
}}
/* charts and graphs no wider than their column */
[data-testid="stVegaLiteChart"], [data-testid="stGraphVizChart"] {{ max-width: 100%; }}
[data-testid="stGraphVizChart"] svg {{ max-width: 100%; height: auto; }}
</style>
"""


def inject_style() -> None:
    import streamlit as st

    st.html(CSS)
