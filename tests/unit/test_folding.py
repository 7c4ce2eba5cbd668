"""The one folding function: accents, letters without a decomposition, quotes, dashes, spaces."""

from __future__ import annotations

import pytest

from agentic_rag.folding import fold, sql_fold


@pytest.mark.parametrize(
    ("catalog", "typed"),
    [
        ("Michael Peña", "michael pena"),
        ("Les Misérables", "LES MISERABLES"),
        ("Darwin’s Game", "Darwin's Game"),
        ("Shaun the Sheep: The Farmer’s Llamas", "shaun the sheep: the farmer's llamas"),
        ("Kıvanç Tatlıtuğ", "Kivanc Tatlitug"),  # dotless ı and ğ have no decomposition
        ("Çağatay Ulusoy", "cagatay ulusoy"),
        ("Łukasz Simlat", "lukasz simlat"),
        ("Søren Malling", "soren malling"),
        ("Ṣọpẹ́ Dìrísù", "Sope Dirisu"),  # a combining accent after a precomposed letter
        ("Operation\xa0Varsity\xa0Blues", "operation  varsity blues"),  # non-breaking spaces
        ("Spider-Man – Into the Spider‑Verse", "spider-man - into the spider-verse"),
        ("“Quoted”", '"quoted"'),
        ("Straße", "strasse"),
    ],
)
def test_catalog_spelling_and_typed_form_fold_alike(catalog: str, typed: str) -> None:
    assert fold(catalog) == fold(typed)
    assert fold(catalog).isascii()


def test_fold_is_idempotent_and_trims() -> None:
    text = "  Pokémon   Master Journeys  "
    assert fold(text) == "pokemon master journeys"
    assert fold(fold(text)) == fold(text)


@pytest.mark.parametrize("empty", [None, "", "   "])
def test_empty_input_folds_to_empty(empty: str | None) -> None:
    assert fold(empty) == ""


def test_sql_fold_keeps_null_and_folds_numbers_as_text() -> None:
    assert sql_fold(None) is None
    assert sql_fold("Peña") == "pena"
    assert sql_fold(2019) == "2019"
