"""Readings that use every word they see but missed the question's structure are not confident:
a name a tag broke up, a set named before its question, a "description" made of roles only.
The questions are the real catalog's (`catalog_reader`), written for these tests."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence, signals, usage
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.tags import Tag


def feats(reader, question: str) -> tuple[dict[str, float], usage.Usage]:
    return confidence.features(reader, question, reader.read(question), "")


@pytest.mark.parametrize(
    "question",
    ["all the spy kids movies", "how many spy kids films are there", "spy kids movies pls"],
)
def test_a_word_left_beside_a_tag_that_titles_hold_together_with_it_is_a_missed_name(
    catalog_reader, question
):
    """Read as the genre the word "kids" names (the reader now reads the series; this is the
    reading it once made), the name is missed: the series the tagger found is dropped, or, where
    no tag holds it, "spy" is left beside a tagged word that titles hold with it."""
    genre = TitleSet(type="Movie", genres=[["Children & Family Movies"]])
    op = "count" if "how many" in question else "list"
    wrong = [QuerySpec(op=op, titles=genre, text=question)]
    f, used = confidence.features(catalog_reader, question, wrong, "")
    assert "spy kids" in [*used.names, *used.dropped], used
    assert confidence.probability(f) <= confidence.MEANING_CAP


def test_tag_runs_needs_the_neighbour_tagged_and_several_titles(catalog_reader):
    lex = catalog_reader.lex
    genre = Tag(kind="genre", text="kids", value="Kids' TV", start=8, end=12)
    assert signals.tag_runs("the spy kids movies", [genre], {"spy"}, lex) == ["spy kids"]
    assert signals.tag_runs("the spy kids movies", [], {"spy"}, lex) == []  # "kids" not a tag
    assert signals.tag_runs("the spy kids movies", [genre], set(), lex) == []  # "spy" was used


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("westerns from the forties - how many and which is the longest", "westerns"),
        ("french dramas released in the fifties: how many are there", None),
    ],
)
def test_the_words_of_a_set_named_before_its_question_are_the_questions(
    catalog_reader, question, word
):
    """A leading set ("... - how many") is in no part's text; its words are still asked, so a
    word no part used ("westerns": no such genre) is unused, not an instruction set aside."""
    f, used = feats(catalog_reader, question)
    if word:
        assert word in used.unused and f["unused_words"] > 0
    else:
        assert not used.unused, used


@pytest.mark.parametrize(
    "question",
    [
        "dramas from the fifties",
        "any comedies from the forties",
        "how many titles are from the thirties",
    ],
)
def test_decades_said_in_words_reach_back_to_the_catalogs_oldest_titles(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.titles.year_from is not None and spec.titles.year_from % 10 == 0
    assert spec.titles.year_to == spec.titles.year_from + 9
    assert spec.titles.year_from in (1930, 1940, 1950)


@pytest.mark.parametrize(
    ("about", "guessed"),
    [
        ("the director is also in the cast", True),
        ("the director also acted", True),
        ("a chemistry teacher who makes meth", False),
        ("a dog that waits at a train station", False),
    ],
)
def test_a_description_of_roles_only_is_no_description(about, guessed):
    """People of a set that names no title are the best match's for a description; a
    description that says nothing but roles is a relation the reading missed."""
    spec = QuerySpec(
        op="people",
        role="director",
        titles=TitleSet(countries=["Israel"]),
        text=f"israeli titles where {about}",
        about=about,
    )
    assert confidence._guessed_search(spec) is guessed
    named = spec.model_copy(update={"titles": TitleSet(titles=["Waltz with Bashir"])})
    assert not confidence._guessed_search(named)  # the people of a named title: a lookup


@pytest.mark.parametrize(
    ("op", "text", "by", "unasked"),
    [
        ("list", "actors that were in something with A and also with B", None, 1.0),
        ("count", "which directors made more than one korean show", None, 1.0),
        ("list", "and the people who made it", None, 1.0),
        ("top", "who has the longest movie", "duration_minutes", 1.0),
        ("shared", "actors who worked with both A and B", None, 0.0),
        ("most", "who directed the most korean movies", "director", 0.0),
        ("most", "which country has the most dramas", "country", 0.0),
        ("list", "star wars movies on here", None, 0.0),  # "star" heads titles too
        ("list", "which movies did the director of X make", None, 0.0),
    ],
)
def test_a_part_asking_for_people_answered_with_titles_is_a_missed_question(op, text, by, unasked):
    spec = QuerySpec(op=op, text=text, by=by)
    assert signals.people_unasked([spec]) == unasked


def test_people_asked_but_titles_answered_caps_the_reading(catalog_reader):
    q = "actors that were in something with helen mirren and also in something with judi dench"
    f, _ = feats(catalog_reader, q)
    if catalog_reader.read(q)[0].op in ("shared", "costars"):  # read as the relation it is
        assert f["people_unasked"] == 0.0
    else:
        assert f["people_unasked"] == 1.0 and confidence.probability(f) <= confidence.MEANING_CAP


@pytest.mark.parametrize(
    "question",
    [
        "got peppa pig for my niece",
        "u guys have blippi for toddlers",
        "do yall have daniel tiger for the kids",
        "bluey episodes for my son",
    ],
)
def test_a_search_by_the_questions_own_words_holding_a_name_is_answered_never_sure(
    catalog_reader, question
):
    """A description search no description lead introduced, whose words hold a catalog-name or
    unknown word, may have missed a name (a title the catalog lacks, a misspelt word): the
    reading is answered but capped below sure."""
    guess = [QuerySpec(op="search", about=question, text=question)]
    f, _ = confidence.features(catalog_reader, question, guess, "")
    assert f["named_search"] == 1.0, f
    assert confidence.probability(f) <= confidence.ANSWERED_CAP


@pytest.mark.parametrize(
    "question",
    [
        "a girl tries to save a giant animal from a greedy company",
        "movie where an old man looks back on his life in the mob",
    ],
)
def test_a_story_in_everyday_words_is_no_named_search(catalog_reader, question):
    guess = [QuerySpec(op="search", about=question, text=question)]
    f, _ = confidence.features(catalog_reader, question, guess, "")
    assert f["named_search"] == 0.0, f
