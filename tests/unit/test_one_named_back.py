"""An earlier title picked by a word of its name in a follow-up: "how long is the pirates one"
after the Kenyan films, "who directed the kojo one" after the movies from Ghana, "when was the
shaman one added" after the Peruvian documentaries. The words pick the one title of the latest
answer whose name holds them (`one_named.py`); a place, a ranking, "the same one" or words in
several listed titles pick none. Lists and truths computed with pandas on the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules.one_named import one_named


def _made_in(df, country: str, genre: str | None = None) -> list[str]:
    rows = df[df["country"].map(lambda c: country in [x.strip() for x in str(c).split(",")])]
    if genre:
        rows = rows[rows["listed_in"].str.contains(genre, regex=False)]
    return list(rows["show_id"])


def _turn(question: str, ids: list[str]) -> TurnSummary:
    return TurnSummary(question, question, "...", show_ids=ids)


@pytest.mark.parametrize(
    ("before", "country", "genre", "then", "title", "op"),
    [
        (
            "kenyan films",
            "Kenya",
            None,
            "how long is the pirates one",
            "The Pirates of Somalia",
            "describe",
        ),
        (
            "ghana movies",
            "Ghana",
            None,
            "who directed the kojo one",
            "The Burial of Kojo",
            "people",
        ),
        (
            "peru docs",
            "Peru",
            "Documentaries",
            "when was the shaman one added",
            "The Last Shaman",
            "describe",
        ),
        (
            "iranian films",
            "Iran",
            None,
            "how long is the separation one",
            "A Separation",
            "describe",
        ),
    ],
)
def test_a_word_of_one_listed_title_picks_it(
    catalog_df, catalog_reader, before, country, genre, then, title, op
):
    ids = _made_in(catalog_df, country, genre)
    names = catalog_df[catalog_df["show_id"].isin(ids)]["title"]
    word = then.split(" the ")[-1].split()[0]
    assert sum(word in n.casefold() for n in names) == 1, (word, list(names))
    (spec,) = catalog_reader.read(then, [_turn(before, ids)])
    assert spec.titles.titles == [title] and spec.op == op, then


def test_the_latest_answer_listing_the_words_is_searched_back(catalog_df, catalog_reader):
    ghana = _made_in(catalog_df, "Ghana")
    kojo = list(catalog_df[catalog_df["title"] == "The Burial of Kojo"]["show_id"])
    history = [_turn("ghana movies", ghana), _turn("who directed the kojo one", kojo)]
    (spec,) = catalog_reader.read("and the perfect picture one whats it rated", history)
    assert spec.titles.titles == ["The Perfect Picture: Ten Years Later"]
    assert spec.op == "describe"


@pytest.mark.parametrize(
    "then",
    [
        "how long is the longest one",
        "who is in the same one",
        "who directed the 2nd one",
        "how long is the zebra one",  # in no listed title
    ],
)
def test_places_rankings_and_other_words_pick_no_title_by_name(catalog_df, catalog_reader, then):
    ids = _made_in(catalog_df, "Vietnam")
    text, notes = one_named(then, [ids], catalog_reader.lex)
    assert text == then and not notes, then


def test_words_in_several_listed_titles_pick_none(catalog_df, catalog_reader):
    ids = _made_in(catalog_df, "Greece")  # Frozen Planet and its two films and making-of
    names = catalog_df[catalog_df["show_id"].isin(ids)]["title"]
    assert sum("frozen" in n.casefold() for n in names) >= 2
    text, notes = one_named("how long is the frozen one", [ids], catalog_reader.lex)
    assert text == "how long is the frozen one" and not notes
