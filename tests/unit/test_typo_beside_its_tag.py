"""A misspelt word that is a word of the catalog value of the tag right beside it ("stand up
comdey": Stand-Up Comedy, read from "stand up") is that tag's word (`tags.widen_beside`): the
tag takes it, and no second filter (Comedies) is read from it, which would intersect the two."""

from __future__ import annotations

from agentic_rag.agent.rules.tags import Tag, widen_beside


def _stand_up() -> Tag:
    return Tag(kind="genre", start=0, end=8, text="stand up", value="Stand-Up Comedy")


def _comedy(t: Tag) -> bool:
    return "Comedy" in t.value


def test_the_tag_beside_takes_the_word_its_value_holds():
    text = "stand up comdey from india"
    tags = [_stand_up()]
    assert widen_beside(text, 9, 15, tags, _comedy)
    assert (tags[0].start, tags[0].end, tags[0].text) == (0, 15, "stand up comdey")


def test_a_word_not_right_beside_the_tag_is_its_own():
    text = "stand up and comdey"
    tags = [_stand_up()]
    assert not widen_beside(text, 13, 19, tags, _comedy)
    assert tags[0].end == 8


def test_a_tag_whose_value_does_not_fit_keeps_its_span():
    tags = [_stand_up()]
    assert not widen_beside("stand up dramz", 9, 14, tags, lambda t: "Drama" in t.value)
    assert tags[0].text == "stand up"


def test_the_reader_reads_one_genre_from_a_misspelt_stand_up_comedy(reader):
    tags = [_stand_up()]
    reader.tagger.catalog_words.typos("stand up comdey from india", tags)
    assert [t.value for t in tags if t.kind == "genre"] == ["Stand-Up Comedy"]


def test_a_misspelt_word_of_another_kind_is_not_taken_by_the_tag_beside_it(reader):
    tags = [Tag(kind="genre", start=0, end=8, text="romantic", value="Romantic Movies")]
    reader.tagger.catalog_words.typos("romantic movis from india", tags)
    assert tags[0].text == "romantic"  # "movis" is the type Movie, not the genre's word
    assert [t.value for t in tags if t.kind == "type"] == ["Movie"]
