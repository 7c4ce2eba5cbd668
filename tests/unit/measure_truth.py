"""Truths for the measure tests (`test_measure_*`), computed with pandas from the catalog CSV:
a movie's minutes from `duration` (or `rating`, where three rows hold their minutes, as the
store reads them), a show's seasons from `duration`; never from the code under test."""

from __future__ import annotations

import re

import pandas as pd


def _minutes(row: pd.Series) -> float | None:
    for field in ("duration", "rating"):
        if m := re.fullmatch(r"(\d+) min", row[field]):
            return float(m.group(1))
    return None


def values(df: pd.DataFrame, kind: str, column: str, value: str, unit: str) -> pd.Series:
    """The minutes (movies) or seasons (TV shows) of the titles of one country or genre."""
    rows = df[df["type"] == kind]
    rows = rows[rows[column].apply(lambda v: value in [x.strip() for x in v.split(",")])]
    if unit == "seasons":
        return rows["duration"].str.extract(r"^(\d+) Seasons?$")[0].astype(float).dropna()
    return rows.apply(_minutes, axis=1).dropna()


def run(db, sql: str) -> list[tuple]:
    return db.execute(sql).fetchall()
