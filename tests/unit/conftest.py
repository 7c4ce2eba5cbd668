"""The tiny catalog of `test_offline_planner` as fixtures for the offline rules' tests: its
lexicon, a reader over it and its SQLite database (one of each per test module)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.reader import Reader
from tests.unit import test_offline_planner as tiny


@pytest.fixture(scope="module")
def lexicon():
    return tiny.lexicon.__wrapped__()


@pytest.fixture(scope="module")
def reader(lexicon) -> Reader:
    return Reader(lexicon)


@pytest.fixture(scope="module")
def db():
    return tiny.db.__wrapped__()


@pytest.fixture(scope="session")
def catalog_df():
    """The real catalog CSV (the truth the tests on catalog names compute with pandas)."""
    import pandas as pd

    from agentic_rag.config import PROJECT_ROOT

    path = PROJECT_ROOT / "data" / "netflix_titles.csv"
    if not path.exists():
        pytest.skip("data/netflix_titles.csv is not here")
    return pd.read_csv(path, dtype=str, keep_default_na=False)


@pytest.fixture(scope="session")
def real_db():
    """The built catalog store, read-only (the SQL the planner writes run over the real rows)."""
    import sqlite3

    from agentic_rag.config import PROJECT_ROOT

    path = PROJECT_ROOT / "data" / "build" / "catalog.db"
    if not path.exists():
        pytest.skip("the catalog store is not built")
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)


@pytest.fixture(scope="session")
def csv_db(tmp_path_factory):
    """A catalog store built here from the CSV (when the tests must not depend on a build)."""
    import sqlite3

    from agentic_rag.config import PROJECT_ROOT
    from agentic_rag.stores.catalog import load_catalog
    from agentic_rag.stores.sqlite_build import build_sqlite

    path = tmp_path_factory.mktemp("catalog") / "catalog.db"
    build_sqlite(load_catalog(PROJECT_ROOT / "data" / "netflix_titles.csv"), path)
    return sqlite3.connect(path, check_same_thread=False)


@pytest.fixture(scope="session")
def catalog_reader(catalog_df) -> Reader:
    """A reader over a lexicon built from the CSV itself (titles, people, credits)."""
    from collections import Counter

    from agentic_rag.agent.rules.lexicon import Lexicon, ShowInfo

    def split(column: str) -> list[str]:
        return [x.strip() for v in catalog_df[column] for x in v.split(",") if x.strip()]

    shows: dict[str, ShowInfo] = {}
    for r in catalog_df.sort_values("release_year", ascending=False).itertuples():
        who = frozenset(x.strip() for x in f"{r.director},{r.cast}".split(",") if x.strip())
        kinds = frozenset(x.strip() for x in r.listed_in.split(",") if x.strip())
        made = frozenset(x.strip() for x in r.country.split(",") if x.strip())
        shows[r.title] = ShowInfo(
            r.show_id, r.type, int(r.release_year), r.description, who, kinds, made
        )
    credits = Counter(split("director") + split("cast"))
    roles = {n: frozenset({"director"}) for n in split("director")}
    for n in split("cast"):
        roles[n] = roles.get(n, frozenset()) | {"cast"}
    return Reader(
        Lexicon(
            genres=sorted(set(split("listed_in"))),
            countries=sorted(set(split("country"))),
            ratings=sorted({r for r in catalog_df["rating"] if r}),
            people=list(credits),
            shows=shows,
            counts=dict(credits),
            roles=roles,
        )
    )
