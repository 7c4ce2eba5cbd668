"""A share's base said first ("of all thrillers, what percent carry a pg-13 rating": of the
thrillers), by a topic before a colon or dash ("finland: tv shows as a % of all its titles": of
Finland's titles), or by its owner ("… as a % of all its titles"); a part of film ratings keeps
the base's film genres (no show is rated PG-13). Phrasings written for this rule; truths from
the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


def _base_part(df, question: str):
    """The base and the part each question means, as pandas masks."""
    movie, show = df["type"] == "Movie", df["type"] == "TV Show"
    genre, country = df["listed_in"], df["country"]
    return {
        "of all thrillers, what percent carry a pg-13 rating": (
            _has(genre, "Thrillers"),
            df["rating"] == "PG-13",
        ),
        "among comedies, what share are rated R": (_has(genre, "Comedies"), df["rating"] == "R"),
        "of all korean titles, what percent are tv shows": (_has(country, "South Korea"), show),
        "out of all the horror movies what percentage r rated tv-ma": (
            _has(genre, "Horror Movies"),
            df["rating"] == "TV-MA",
        ),
        "finland: tv shows as a % of all its titles": (_has(country, "Finland"), show),
        "japan - movies as a share of all its titles": (_has(country, "Japan"), movie),
        "egyptian titles: tv shows as a percent of them": (_has(country, "Egypt"), show),
        "tv shows from norway as a % of all its titles": (_has(country, "Norway"), show),
    }[question]


@pytest.mark.parametrize(
    "question",
    [
        "of all thrillers, what percent carry a pg-13 rating",
        "among comedies, what share are rated R",
        "of all korean titles, what percent are tv shows",
        "out of all the horror movies what percentage r rated tv-ma",
        "finland: tv shows as a % of all its titles",
        "japan - movies as a share of all its titles",
        "egyptian titles: tv shows as a percent of them",
        "tv shows from norway as a % of all its titles",
    ],
)
def test_a_fronted_or_owned_base(catalog_reader, catalog_df, csv_db, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.part is not None
    base, part = _base_part(catalog_df, question)
    truth = round(100 * part[base].mean(), 1)
    (percent, _, total) = csv_db.execute(compile_sql.share(spec.titles, spec.part)).fetchone()
    assert (percent, total) == (truth, int(base.sum()))


def test_a_share_of_all_titles_stays_so(catalog_reader):
    """No topic, no owner, no base said first: the share is of the whole catalog."""
    (spec,) = catalog_reader.read("tv shows from norway as a % of all titles")
    assert spec.op == "share" and spec.titles.is_empty()
