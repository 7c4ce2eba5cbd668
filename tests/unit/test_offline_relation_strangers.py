"""The graph relations said in stranger orders: two people named first and referred to after
("A and B - who has acted with both of them"), the question first and the people after in any
joining ("any actor that shared a title with A and also with B"), the person someone shares
most titles with ("X - which person shares the most titles with him"), the director-actors of
a set ("that same movie", "in the cast of their own title") with the set's filters in the
Cypher, and the people several titles have in common ("who acted in both of them", a follow-up
included). A people reading that reads a co-worker as a filter of titles is unsure. The
wordings here were written for these tests, not taken from an evaluation set."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import confidence, topic
from agentic_rag.agent.rules.relation_words import coworkers_unread, every_asked
from agentic_rag.agent.rules.relations import common, common_sql
from agentic_rag.agent.rules.relations import sql as relation_sql
from agentic_rag.agent.rules.spec import PersonRef, QuerySpec, TitleSet
from agentic_rag.tools.sql.guard import check_sql
from tests.unit import test_offline_planner as tiny
from tests.unit.test_offline_planner import SQL_SCHEMA, plan

SHARED = [
    "tom hanks and michael pena - who has acted with both of them",
    "Tom Hanks & Michael Peña: anyone who worked with them both?",
    "tom hanks, michael pena. who was in something with the two of them",
    "tom hanks and michael pena; which actors were in a film with the pair",
    "any actor that shared a title with tom hanks and also with michael pena?",
    "is there a performer who has worked with tom hanks and with michael pena",
    "name an actor who co-starred with tom hanks and jordan peele",
    "who's been in a film with tom hanks, and in a film with jordan peele?",
    "has anyone acted opposite both tom hanks and michael pena",
    "who did tom hanks and jordan peele both work with",
    "tom hanks, jordan peele - anybody who appeared with the pair?",
    "people who have been in something with tom hanks as well as with michael pena",
    "co-stars common to tom hanks and michael pena",
    "which person shared the screen with michael pena and also with tom hanks",
    "tom hanks + michael pena, common co-stars?",
    "do tom hanks and jordan peele have any mutual collaborators",
]


@pytest.mark.parametrize("question", SHARED)
def test_two_people_and_a_shared_work_verb_in_any_order_are_the_shared_relation(lexicon, question):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert spec.op == "shared", question
    assert len({x.name for x in spec.titles.people}) == 2
    assert p.confidence is not None and not p.confidence.ask_back, p.confidence.unsure
    assert any(c.tool == "cypher" for c in p.calls)


@pytest.mark.parametrize(
    ("piece", "names"),
    [
        ("tom hanks and michael pena", ["tom hanks", "michael pena"]),
        ("Tom Hanks & Jordan Peele -", ["Tom Hanks", "Jordan Peele"]),
        ("tom hanks, michael pena, jordan peele", ["tom hanks", "michael pena", "jordan peele"]),
        ("tom hanks movies and michael pena", []),  # more than the names
        ("i like tom hanks and michael pena", []),
        ("tom hanks", []),  # one person: `named_person`
    ],
)
def test_a_piece_of_names_only(reader, piece, names):
    assert topic.named_people(piece, reader.tagger.tag(piece)) == names


@pytest.mark.parametrize(
    ("nxt", "said"),
    [
        ("who has acted with both of them", "who has acted with both A and B"),
        ("who worked with the two of them", "who worked with both A and B"),
        ("anyone in a movie with them", "anyone in a movie with A and B"),
        ("have they been in a film together", "have A and B been in a film together"),
        ("what are their best titles", "what are A and B's best titles"),
        ("how many horror movies are there", None),  # refers to no one
    ],
)
def test_the_next_piece_has_the_names_where_it_refers_to_them(reader, nxt, said):
    assert topic.about_people(["A", "B"], nxt, reader.tagger.tag(nxt)) == said


@pytest.mark.parametrize(
    "question",
    [
        "tom hanks - which person shares the most titles with him",
        "who has made the most films with tom hanks",
        "which person has the most movies in common with tom hanks",
        "michael pena: who shares the most credits with him?",
    ],
)
def test_the_one_a_person_shares_most_titles_with(lexicon, question):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert (spec.op, spec.limit) == ("costars", 1), question
    assert p.confidence is not None and not p.confidence.ask_back, p.confidence.unsure


@pytest.mark.parametrize(
    ("question", "where"),
    [
        ("in comedies, anyone who directed a movie and acted in that same movie", "Comedies"),
        ("indian directors who were also in the cast of their own title?", "India"),
        ("egyptian filmmakers who are part of the cast of their own film", "Egypt"),
        ("in dramas, who directed a film and starred in that very same film", "Dramas"),
        ("japanese directors that were also among the cast", "Japan"),
        ("korean films whose director also plays a role in them", "South Korea"),
        ("people credited as both director and actor on the same indian movie", "India"),
    ],
)
def test_director_actors_of_a_set_carry_its_filter_into_the_cypher(lexicon, question, where):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert spec.op == "auteur", question
    query = next(c.args["query"] for c in p.calls if c.tool == "cypher")
    assert where in query and "DIRECTED" in query and "ACTED_IN" in query
    assert p.confidence is not None and not p.confidence.ask_back, p.confidence.unsure


#: Tom Hanks is in The Irishman and Okja, Michael Peña only in The Irishman; Jordan Peele
#: directs both
LINKS = [("Tom Hanks", "s1", "cast"), ("Tom Hanks", "s2", "cast"), ("Michael Peña", "s1", "cast"),
         ("Jordan Peele", "s1", "director"), ("Jordan Peele", "s2", "director"),
         ("Bong Joon Ho", "s2", "cast")]  # fmt: skip


@pytest.fixture(scope="module")
def linked_db():
    return tiny.with_people(LINKS)


def names(db, spec: QuerySpec) -> set[str]:
    return {r[0] for r in db.execute(check_sql(common_sql(spec), schema=SQL_SCHEMA).sql)}


@pytest.mark.parametrize(
    ("question", "who"),
    [
        ("who acted in both The Irishman and Okja", {"Tom Hanks"}),
        ("which actors do The Irishman and Okja have in common", {"Tom Hanks"}),
        ("the cast common to The Irishman and Okja", {"Tom Hanks"}),
        ("who directed both The Irishman and Okja?", {"Jordan Peele"}),
        ("who appears in all of The Irishman, Okja and Kingdom", set()),
        ("what cast do The Irishman and Okja share", {"Tom Hanks"}),
        ("Okja, The Irishman: which actors are in both?", {"Tom Hanks"}),
    ],
)
def test_the_people_several_titles_have_in_common(reader, linked_db, question, who):
    spec = reader.read(question)[-1]
    assert spec.op == "people" and common(spec), question
    assert names(linked_db, spec) == who


@pytest.mark.parametrize(
    "question", ["who acted in The Irishman and Okja", "the cast of The Irishman and Okja"]
)
def test_the_people_of_several_titles_without_all_of_them_are_each_titles(reader, question):
    spec = reader.read(question)[-1]
    assert spec.op == "people" and not common(spec)


@pytest.mark.parametrize(
    "follow_up", ["who acted in both of them", "anyone in the cast of both?", "who is in each one"]
)
def test_a_follow_up_asks_for_the_people_its_titles_have_in_common(lexicon, linked_db, follow_up):
    first = "which movies did jordan peele direct"
    history = [TurnSummary(first, first, "The Irishman; Okja", ["s1", "s2"])]
    p = plan(lexicon, follow_up, history)
    spec = p.reading[-1]
    assert spec.op == "people" and common(spec), follow_up
    assert names(linked_db, spec) == {"Tom Hanks"}
    assert p.confidence is not None and not p.confidence.ask_back, p.confidence.unsure


@pytest.mark.parametrize(
    ("masked", "every"),
    [
        ("who acted in both of them", True),
        ("the cast they have in common", True),
        ("who is in all three", True),
        ("who appears in every one of them", True),
        ("who acted in them", False),
        ("the cast of all those films", False),  # everyone of each: the list
    ],
)
def test_all_of_the_titles_at_once(masked, every):
    assert every_asked(masked) is every


@pytest.mark.parametrize(
    "question",
    [
        "i like tom hanks and michael pena. who has acted with both of them",
        "what about tom hanks and michael pena, who has worked with them",
    ],
)
def test_a_co_worker_read_as_a_filter_of_titles_is_unsure(reader, question):
    """Two people named in a piece that is more than their names, then asked about: if the
    reading makes them the filters of titles and answers those titles' people, the people who
    worked with them were not read: the words that ask for them are unused."""
    specs = reader.read(question)
    if any(s.op == "shared" for s in specs):  # read right: nothing to be unsure of
        return
    f, used = confidence.features(reader, question, specs, "")
    assert any("with" in w for w in used.meaning), used
    assert confidence.probability(f) <= confidence.MEANING_CAP


def test_the_people_of_titles_named_with_a_person_are_not_a_missed_relation():
    with_title = QuerySpec(
        op="people",
        text="who acted with tom hanks in The Irishman",
        titles=TitleSet(titles=["The Irishman"], people=[PersonRef(name="Tom Hanks")]),
    )
    assert coworkers_unread(with_title) == []
    plain = with_title.model_copy(update={"titles": TitleSet(people=with_title.titles.people)})
    assert coworkers_unread(plain) == ["acted with"]


def test_spanish_language_shows_are_their_genre(catalog_reader):
    (spec,) = catalog_reader.read("the two actors who show up most in spanish-language tv shows")
    assert spec.titles.genres == [["Spanish-Language TV Shows"]]
    assert (spec.op, spec.by, spec.limit) == ("most", "cast", 2)
    (films,) = catalog_reader.read("spanish movies from 2019")
    assert films.titles.countries == ["Spain"] and not films.titles.genres


@pytest.mark.parametrize(
    ("question", "needle"),
    [
        (
            "which actors have been in comedies with both tom hanks and michael pena",
            "'TV Comedies'",
        ),
        ("who worked with both tom hanks and jordan peele on indian titles", "India"),
        ("anyone in movies with tom hanks and also with michael pena before 2018", "2017"),
    ],
)
def test_the_set_of_a_shared_relation_holds_on_both_titles(lexicon, question, needle):
    p = plan(lexicon, question)  # the Cypher guard checks the query
    (spec,) = p.reading
    assert spec.op == "shared", question
    query = next(c.args["query"] for c in p.calls if c.tool == "cypher")
    assert query.count(needle) == 2, query  # once for the title with each person
    alt = relation_sql(spec)  # the alternative when the graph fails
    assert alt is not None and alt.count(needle) == 2, alt
    assert check_sql(alt, schema=SQL_SCHEMA).sql


def test_the_set_of_a_shared_relation_filters_over_sql(reader):
    links = [("Tom Hanks", "s1", "cast"), ("Michael Peña", "s5", "cast"),
             ("Bong Joon Ho", "s1", "cast"), ("Bong Joon Ho", "s5", "cast"),
             ("Jordan Peele", "s6", "cast"), ("Bong Joon Ho", "s6", "cast"),
             ("Tom Hanks", "s6", "cast")]  # fmt: skip
    db = tiny.with_people(links)
    spec = reader.read("who worked with both tom hanks and michael pena")[-1]
    query = check_sql(relation_sql(spec), schema=SQL_SCHEMA).sql
    assert {r[0] for r in db.execute(query)} == {"Bong Joon Ho"}
    dramas = reader.read("who worked with both tom hanks and michael pena in comedies")[-1]
    query = check_sql(relation_sql(dramas), schema=SQL_SCHEMA).sql
    assert {r[0] for r in db.execute(query)} == set()  # The Irishman is a drama
