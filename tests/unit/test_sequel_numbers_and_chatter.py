"""Asking the catalog for a title, a stranger's way: a sequel number the catalog lacks ("rocky
VII", "madagascar 4") names another title, never a typo of a number it holds (`lexicon._numbers`:
"Rocky VI" is not Rocky V); when they want it ("tonight", "right now", "this weekend") is no part
of its name (`holding_cues.ASKED` tail); "any chance you guys carry X" asks for X like "do you have
X". The truths are computed with pandas on the catalog CSV."""

from __future__ import annotations

import pytest


def _held(catalog_df, name: str) -> list[str]:
    return catalog_df[catalog_df.title.str.casefold() == name.casefold()].title.tolist()


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("do you have rocky VII", "Rocky VII"),
        ("is madagascar 4 on here", "Madagascar 4"),
        ("got kung fu panda 3?", "Kung Fu Panda 3"),
        ("rocky vi - available?", "Rocky VI"),
    ],
)
def test_a_sequel_number_the_catalog_lacks_is_absent(catalog_reader, catalog_df, question, name):
    assert _held(catalog_df, name) == []  # the truth: no such title
    spec = catalog_reader.read(question)[0]
    assert spec.absent and spec.absent[0].kind == "title", question
    assert spec.absent[0].name.casefold() == name.casefold(), question
    assert not set(spec.titles.titles) & set(catalog_df.title), question  # no held title read


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("is rocky iii on here", "Rocky III"),
        ("got rocky ii?", "Rocky II"),
        ("kung fu pnda 2 available?", "Kung Fu Panda 2"),
        ("can i stream ozark tonight", "Ozark"),
        ("is okja on here right now", "Okja"),
        ("can we watch breaking bad this weekend", "Breaking Bad"),
        ("any chance u have ozark", "Ozark"),
        ("do you guys carry okja?", "Okja"),
    ],
)
def test_a_held_title_asked_with_chatter_is_its_entry(catalog_reader, catalog_df, question, name):
    assert _held(catalog_df, name) == [name]  # the truth: the catalog holds it
    spec = catalog_reader.read(question)[0]
    assert spec.op == "describe" and spec.titles.titles == [name], question
    assert not spec.absent, question


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("can i watch toy story today", "Toy Story"),
        ("you guys carry harry potter?", "Harry Potter"),
    ],
)
def test_a_lacking_title_asked_with_chatter_is_named_alone(
    catalog_reader, catalog_df, question, name
):
    assert catalog_df.title.str.casefold().str.contains(name.casefold()).sum() == 0
    spec = catalog_reader.read(question)[0]
    assert spec.absent and spec.absent[0].name.casefold() == name.casefold(), question
