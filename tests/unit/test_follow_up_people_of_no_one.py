"""In a thread, "who directed it" after a title the catalog credits no director for: the part
holds the title by id, and is named by it (`id_titles`), so the answer says that title has no
director listed (`empty.nobody`) instead of offering nothing; a later part that refers to the
people it found ("most common rating among them") has nothing to run over and says so
(`empty.unfilled`), never answering with another query's rows. Truths from the CSV."""

from __future__ import annotations

from agentic_rag.agent.rules.empty import unfilled
from agentic_rag.agent.rules.id_titles import named_ids
from agentic_rag.agent.rules.sentences import Part
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet


def _untitled(catalog_df, kind: str) -> tuple[str, str]:
    rows = catalog_df[(catalog_df["director"] == "") & (catalog_df["type"] == kind)]
    return rows.iloc[0]["show_id"], rows.iloc[0]["title"]


def test_a_people_part_held_by_id_is_named(catalog_reader, catalog_df):
    show_id, title = _untitled(catalog_df, "Movie")
    spec = QuerySpec(op="people", role="director", titles=TitleSet(show_ids=[show_id]))
    (named,) = named_ids([spec], catalog_reader.lex)
    assert named.titles.titles == [title] and named.titles.show_ids == [show_id]


def test_a_thread_names_the_title_it_refers_to(catalog_reader, catalog_df):
    from agentic_rag.agent.interfaces import TurnSummary

    show_id, title = _untitled(catalog_df, "Movie")
    turn = TurnSummary(
        question=f"find {title}", resolved_question="", answer="", show_ids=[show_id]
    )
    specs = catalog_reader.read("who directed it", [turn])
    assert specs[-1].op == "people" and specs[-1].titles.titles == [title]


def test_other_parts_and_sets_are_left_by_id(catalog_reader, catalog_df):
    ids = list(catalog_df["show_id"][:2])
    many = QuerySpec(op="people", titles=TitleSet(show_ids=ids))
    count = QuerySpec(op="count", titles=TitleSet(show_ids=ids[:1]))
    assert all(not s.titles.titles for s in named_ids([many, count], catalog_reader.lex))


def test_a_part_over_people_never_found_says_it_has_nothing():
    waiting = QuerySpec(op="most", by="rating", ref="person", needs_results=True)
    assert "nothing to answer" in unfilled(Part(number=2, spec=waiting))
    filled = waiting.model_copy(update={"titles": TitleSet(people=[{"name": "Martin Scorsese"}])})
    assert unfilled(Part(number=2, spec=filled)) == ""
