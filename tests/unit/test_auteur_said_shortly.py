"""Who directed and acted in one title, asked as a phone types it: "n" or "plus" between the two
verbs ("what has X directed n acted in") is "and" (`mend._AND`), and "did X act in any of his
movies" asks about X's own titles (`relation_words._AUTEUR`), not every title X is in. Phrasings
written for this test; truths with pandas on data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.mend import mend


def _own(catalog_df, person: str) -> set[str]:
    """The titles `person` both directed and acted in."""

    def has(v: str) -> bool:
        return person in {x.strip() for x in v.split(",")}

    rows = catalog_df[catalog_df["director"].map(has) & catalog_df["cast"].map(has)]
    return set(rows["title"])


@pytest.mark.parametrize(
    ("question", "person", "titles"),
    [
        ("what has yilmaz erdogan directed n acted in", "Yılmaz Erdoğan", 7),
        ("titles kunle afolayan directed plus starred in", "Kunle Afolayan", 3),
        ("clint eastwood movies he starred n directed", "Clint Eastwood", 4),
        ("did spike lee act in any of his films", "Spike Lee", 1),
        ("has clint eastwood starred in his own movies", "Clint Eastwood", 4),
        ("did tarantino appear in any of his movies", "Quentin Tarantino", 0),
    ],
)
def test_directed_and_acted_said_shortly_is_the_auteur_relation(
    catalog_df, catalog_reader, question, person, titles
):
    assert len(_own(catalog_df, person)) == titles  # the CSV's answer for the person
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["auteur"], question
    assert [p.name for p in specs[0].titles.people] == [person], question


@pytest.mark.parametrize(
    "text",
    [
        "irish films how many n whats the most common rating among them",
        "movies with B.N. Sharma n Gurpreet Guggi",
        "longest south african movie n who directed it",
    ],
)
def test_n_between_other_words_is_left_as_typed(catalog_reader, text):
    out, notes = mend(text, catalog_reader.lex, catalog_reader.tagger.catalog_words.knows)
    assert " n " in out and not any("'and'" in n for n in notes)


def test_n_between_two_verbs_reads_and(catalog_reader):
    out, notes = mend(
        "stuff she wrote plus directed n acted in",
        catalog_reader.lex,
        catalog_reader.tagger.catalog_words.knows,
    )
    assert out.endswith("directed and acted in") and "read 'n' as 'and'" in notes
