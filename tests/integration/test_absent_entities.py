"""Named but absent: a person or title the question names by its cue that the catalog lacks.

Offline mode end to end on the fixture stores. Every name below is checked against the fixture
CSV (folded, with plain Python) before the answer is: absent names must really be absent, the
suggested name and the control name must really be there.
"""

from __future__ import annotations

import pytest

from agentic_rag.folding import fold
from agentic_rag.runtime import AppRuntime
from agentic_rag.stores.catalog import split_multi

# question, name as the answer writes it (as typed, lower-case words capitalised), how it is said
PEOPLE = [
    ("is there anything directed by pedro almodovar", "Pedro Almodovar", "directed by"),
    ("Any films helmed by Agnès Varda?", "Agnès Varda", "directed by"),
    ("has Céline Sciamma directed anything", "Céline Sciamma", "directed by"),
    ("movies starring penélope cruz", "Penélope Cruz", "featuring"),
    ("Show me titles featuring Mads Mikkelsen", "Mads Mikkelsen", "featuring"),
    ("what are ingmar bergman's films", "Ingmar Bergman", "with"),
    ("list the movies of isabelle huppert please", "Isabelle Huppert", "with"),
]
TITLES = [
    ("When was The Seventh Seal added to Netflix?", "The Seventh Seal"),
    ("who directed The Umbrellas of Cherbourg", "The Umbrellas of Cherbourg"),
    ('tell me about "the lives of others"', "The Lives of Others"),
]


@pytest.fixture(scope="module")
def runtime(built_settings):
    rt = AppRuntime.open(built_settings)
    yield rt
    rt.close()


@pytest.fixture(scope="module")
def catalog(fixture_rows) -> dict[str, set[str]]:
    """Folded names of the fixture's people (by role) and titles."""
    out: dict[str, set[str]] = {"director": set(), "cast": set(), "title": set()}
    for r in fixture_rows:
        out["director"] |= {fold(n) for n in split_multi(r["director"])}
        out["cast"] |= {fold(n) for n in split_multi(r["cast"])}
        out["title"].add(fold(r["title"]))
    return out


async def ask(rt: AppRuntime, question: str) -> dict:
    values = await rt.ask(question, f"absent-{abs(hash(question))}", persist=False)
    assert values["answer"] and "Offline mode" in values["answer"], question
    return values


def zero_count_cited(values: dict) -> bool:
    """The answer cites a real result: a count of the entity's titles that came back 0."""
    return any(c["tool"] == "sql" and any(r.get("label") == "titles = 0" for r in c["refs"])
               for c in values["citations"])  # fmt: skip


@pytest.mark.parametrize(("question", "name", "how"), PEOPLE, ids=[p[0] for p in PEOPLE])
async def test_absent_person_is_said_plainly(runtime, catalog, question, name, how):
    assert fold(name) not in catalog["director"] | catalog["cast"]  # truth: really absent
    values = await ask(runtime, question)
    answer = values["answer"]
    assert answer.startswith(f"The catalog has no title {how} **{name}** ["), answer[:300]
    assert zero_count_cited(values), values["citations"]
    assert "could not read" not in answer


@pytest.mark.parametrize(("question", "title"), TITLES, ids=[t[0] for t in TITLES])
async def test_absent_title_is_said_plainly(runtime, catalog, question, title):
    assert fold(title) not in catalog["title"]  # truth: really absent
    values = await ask(runtime, question)
    answer = values["answer"]
    assert answer.startswith(f"The catalog has no title named **{title}** ["), answer[:300]
    assert zero_count_cited(values), values["citations"]


async def test_a_close_catalog_name_is_offered(runtime, catalog):
    assert fold("Kristofer Nolan") not in catalog["director"] | catalog["cast"]
    assert fold("Christopher Nolan") in catalog["director"]  # the name offered is real
    values = await ask(runtime, "films directed by kristofer nolan")
    assert values["answer"].startswith(
        "The catalog has no title directed by **Kristofer Nolan** ["
    ), values["answer"][:300]
    assert "Did you mean **Christopher Nolan**?" in values["answer"]


async def test_a_name_the_catalog_holds_is_not_called_absent(runtime, fixture_rows):
    nolan = {r["title"] for r in fixture_rows if "Christopher Nolan" in split_multi(r["director"])}
    assert nolan  # the control needs a director the fixture has
    values = await ask(runtime, "anything directed by christopher nolan?")
    assert "has no title" not in values["answer"]
    assert any(t in values["answer"] for t in nolan), values["answer"][:300]


async def test_a_last_name_the_catalog_holds_once_is_that_person(runtime, fixture_rows, catalog):
    nolans = {n for n in catalog["director"] | catalog["cast"] if n.split()[-1] == "nolan"}
    assert nolans == {"christopher nolan"}  # truth: one person by that last name
    nolan = {r["title"] for r in fixture_rows if "Christopher Nolan" in split_multi(r["director"])}
    values = await ask(runtime, "what are Nolan's films")
    assert "has no title" not in values["answer"]
    assert "read 'Nolan' as Christopher Nolan" in values["reading"]  # the line the page shows
    assert any(t in values["answer"] for t in nolan), values["answer"][:300]
