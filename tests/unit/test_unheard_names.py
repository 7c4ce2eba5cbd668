"""Names the catalog has never heard of, and words a reading must not drop:

* a typed word beside a name-like word is the name's other word, not a misspelt question word
  ("anything by ari aster": 'aster' is not 'after'), while a typo among everyday words is mended;
* a misspelt meaning word is mended ("avrage", "percantage", "excpet");
* a word of no English before a works noun is a name the catalog lacks ("almodovar films");
* a word left unused right before a works noun ("zombie films from korea") caps the confidence.
Truth: the CSV (pandas): the names asked about here are credited to no one in it."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import absent, confidence, signals
from agentic_rag.folding import fold


def _credited(df, name: str) -> bool:
    folded = fold(name)
    return any(folded in fold(v) for col in ("director", "cast") for v in df[col])


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("anything by ari aster", "Ari Aster"),
        ("movies directed by ari aster", "Ari Aster"),
        ("got any films directed by gaspar noe", "Gaspar Noe"),
    ],
)
def test_a_name_s_second_word_is_not_mended(catalog_df, catalog_reader, question, name):
    assert not _credited(catalog_df, name)
    (spec,) = catalog_reader.read(question)
    assert [a.name for a in spec.absent] == [name]
    assert not any("as 'after'" in n for n in spec.notes)


@pytest.mark.parametrize(
    ("question", "op"),
    [
        ("whats the avrage runtime of nigerian movies", "average"),
        ("avrage length of turkish films", "average"),
        ("percantage of titles that are movies", "share"),
    ],
)
def test_a_misspelt_meaning_word_is_mended(catalog_reader, question, op):
    (spec,) = catalog_reader.read(question)
    assert spec.op == op
    assert any(
        n.startswith("read 'avrage'") or n.startswith("read 'percantage'") for n in spec.notes
    )


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("almodovar films, do you have any", "Almodovar"),
        ("kieslowski movies?", "Kieslowski"),
        ("do you have tarkovsky films", "Tarkovsky"),
    ],
)
def test_a_word_of_no_english_before_a_works_noun_is_an_absent_name(
    catalog_df, catalog_reader, question, name
):
    assert not _credited(catalog_df, name)
    (spec,) = catalog_reader.read(question)
    assert [a.name for a in spec.absent] == [name]


@pytest.mark.parametrize("word", ["heist", "zombie", "vampire", "heists", "scary", "movis", "noe"])
def test_english_typos_and_short_words_are_not_unheard(catalog_reader, word):
    assert not absent.unheard(word, catalog_reader.lex)


@pytest.mark.parametrize("word", ["almodovar", "kieslowski", "tarkovsky"])
def test_names_of_no_english_are_unheard(catalog_reader, word):
    assert absent.unheard(word, catalog_reader.lex)


@pytest.mark.parametrize(
    "question",
    ["zombie films from korea", "vampire shows", "any werewolf movies from the 90s"],
)
def test_a_word_left_unused_before_a_works_noun_caps_the_confidence(catalog_reader, question):
    specs = catalog_reader.read(question)
    feats, _ = confidence.features(catalog_reader, question, specs, "")
    if feats["unused_kind"]:
        assert confidence.probability(feats) <= confidence.MEANING_CAP
    else:  # the reading used the word (a keyword, a description): nothing to cap
        assert any(s.about or s.titles.keywords for s in specs)


@pytest.mark.parametrize(
    ("text", "unused", "capped"),
    [
        ("zombie films from korea", {"zombie"}, 1.0),
        ("korean films about zombies", {"zombies"}, 0.0),  # not before the noun
        ("movies added in may 2020 (inclusive)", {"inclusive"}, 0.0),
    ],
)
def test_unused_kind(text, unused, capped):
    assert signals.unused_kind(text, unused, [], [], set()) == capped


@pytest.mark.parametrize(
    "question",
    ["scandinavian crime shows", "claymation kids movies", "any balkan comedies from 2019"],
)
def test_a_word_left_unused_before_the_set_s_genre_or_country_caps_the_confidence(
    catalog_reader, question
):
    """The word qualifies the genre or country read after it: a reading without it answers
    for every title of that genre."""
    specs = catalog_reader.read(question)
    feats, u = confidence.features(catalog_reader, question, specs, "")
    assert u.unused and feats["unused_kind"] == 1.0
    assert confidence.probability(feats) <= confidence.MEANING_CAP


@pytest.mark.parametrize(
    "question",
    ["good crime shows", "the best korean comedies", "top five countries making romantic movies"],
)
def test_an_ordinary_word_before_a_genre_is_no_unused_kind(catalog_reader, question):
    specs = catalog_reader.read(question)
    feats, u = confidence.features(catalog_reader, question, specs, "")
    assert feats["unused_kind"] == 0.0, u.unused


@pytest.mark.parametrize(
    ("question", "mended"),
    [
        ("how manny movies are rated pg-13", "how many movies"),
        ("how mutch is it", "how much is it"),
    ],
)
def test_after_how_a_name_s_word_is_still_mended(catalog_reader, question, mended):
    """'Manny' is credited in the catalog; right after "how" the word is "many"."""
    from agentic_rag.agent.rules.mend import mend

    lex = catalog_reader.lex
    assert mend(question, lex, catalog_reader.tagger.catalog_words.knows)[0].startswith(mended)


@pytest.mark.parametrize("word", ["fewest", "docuseries", "longest"])
def test_the_reader_s_own_words_are_not_unheard(catalog_reader, word):
    assert not absent.unheard(word, catalog_reader.lex)


@pytest.mark.parametrize(
    "question", ["the chronicles of narnia films?", "a tale of kieslowski films"]
)
def test_the_end_of_a_longer_name_is_not_a_person(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert not spec.absent


def test_a_description_search_is_not_capped_for_a_kind_word(catalog_reader):
    q = "who directed the animated film about a postman and a toymaker who bring joy to a town"
    specs = catalog_reader.read(q)
    feats, _ = confidence.features(catalog_reader, q, specs, "")
    assert any(s.about for s in specs) and feats["unused_kind"] == 0.0
