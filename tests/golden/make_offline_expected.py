"""Expected answers of the offline question sets (offline_tune.yaml, offline_check.yaml).

    python tests/golden/make_offline_expected.py           # (re)write *.expected.json
    python tests/golden/make_offline_expected.py --check   # exit 1 if anything differs

Like make_expected.py it reads data/netflix_titles.csv with pandas only (never agentic_rag),
and adds the filters and operations the new families need: dates added (ISO bounds),
durations and seasons ranges, description keywords, shares, labels, comparisons, orderings.
Question ids name the family: "<half>-<family>-<nn>" (t = tune, c = check).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pandas as pd
import yaml
from make_expected import MULTI, OPS, GoldenError, load_csv, unique_top
from make_expected import select as base_select

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CSV = ROOT / "data" / "netflix_titles.csv"
SETS = ("offline_tune", "offline_check")


def frame(path: Path) -> pd.DataFrame:
    df = load_csv(path)
    df["added_iso"] = pd.to_datetime(
        df["date_added"], format="%B %d, %Y", errors="coerce"
    ).dt.strftime("%Y-%m-%d")
    minutes = df["duration"].str.extract(r"^(\d+)\s+min$")[0]
    df["minutes"] = pd.to_numeric(minutes, errors="coerce")
    df["desc"] = df["description"].str.casefold()
    return df


def select(df: pd.DataFrame, where: dict[str, Any] | None) -> pd.DataFrame:
    """make_expected.select plus: added_from/added_to (ISO, [from, to)), minutes / seasons
    ranges ([lo, hi], either may be null), any_country, genre_any, rating_in, keywords."""
    where = dict(where or {})
    mask = pd.Series(True, index=df.index)
    if "added_from" in where:
        mask &= df["added_iso"].notna() & (df["added_iso"] >= where.pop("added_from"))
    if "added_to" in where:
        mask &= df["added_iso"].notna() & (df["added_iso"] < where.pop("added_to"))
    for key, col in (("minutes", "minutes"), ("seasons_range", "seasons")):
        if key in where:
            lo, hi = where.pop(key)
            if lo is not None:
                mask &= df[col] >= lo
            if hi is not None:
                mask &= df[col] <= hi
    if "any_country" in where:
        wanted = set(where.pop("any_country"))
        mask &= df["country_list"].map(lambda names: bool(wanted & set(names)))
    if "genre_any" in where:
        wanted = set(where.pop("genre_any"))
        mask &= df["genre_list"].map(lambda names: bool(wanted & set(names)))
    if "rating_in" in where:
        mask &= df["rating"].isin(where.pop("rating_in"))
    if "keywords" in where:
        words = [w.casefold() for w in where.pop("keywords")]
        mask &= df["desc"].map(lambda d: any(w in d for w in words))
    return base_select(df[mask], where)


def op_count(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    return {"numbers": [len(select(df, spec.get("where")))]}


def op_share(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    base = select(df, spec.get("where"))
    part = select(base, spec["part"])
    if not len(base):
        raise GoldenError(f"empty base set for {spec}")
    return {"numbers": [round(100.0 * len(part) / len(base), 1)]}


def op_counts(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    """One count per named set (comparisons, labels): every count must be in the answer."""
    base = spec.get("where") or {}
    return {"numbers": [len(select(df, {**base, **w})) for w in spec["sets"]]}


def op_top(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    rows, by = select(df, spec.get("where")), spec["by"]
    if by in MULTI:
        counts: Counter[Any] = Counter(x for names in rows[f"{by}_list"] for x in names)
    else:
        col = {"release_year": "year", "added_year": "added_year"}.get(by, by)
        counts = Counter(int(v) if isinstance(v, float) else v for v in rows[col]
                         if v == v and v != "")  # fmt: skip
    key, n = unique_top(counts, by)
    emit = spec.get("emit", "count")
    if emit == "key":
        return {"names": [str(key)]}
    return {"numbers": [key, n] if emit == "key_and_count" else [n]}


def op_first(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    """The title first by an ordering column (ties fail: the answer must be unique)."""
    rows = select(df, spec.get("where"))
    col = {"minutes": "minutes", "seasons": "seasons", "release_year": "year"}[spec["by"]]
    rows = rows[rows[col].notna()].sort_values(col, ascending=spec.get("ascending", False))
    if len(rows) > 1 and rows.iloc[0][col] == rows.iloc[1][col]:
        raise GoldenError(f"tie for first by {col}: {list(rows['title'][:2])}")
    return {"titles": [rows.iloc[0]["title"]]}


def op_titles(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    titles = sorted(select(df, spec.get("where"))["title"])
    if not titles or len(titles) > 20:
        raise GoldenError(f"{len(titles)} titles for {spec}: want 1..20")
    return {"titles": titles}


def op_added_of(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    """The year and day of the month one title was added (any date format shows both)."""
    rows = df[df["title"] == spec["title"]]
    if len(rows) != 1 or rows.iloc[0]["added_iso"] != rows.iloc[0]["added_iso"]:
        raise GoldenError(f"title {spec['title']!r}: want one row with a date added")
    year, _, day = rows.iloc[0]["added_iso"].split("-")
    return {"numbers": [int(year), int(day)]}


NEW_OPS = {**OPS, "count": op_count, "share": op_share, "counts": op_counts, "top": op_top,
           "first": op_first, "titles": op_titles, "added_of": op_added_of}  # fmt: skip


def compute(df: pd.DataFrame, questions: Path) -> dict[str, Any]:
    doc = yaml.safe_load(questions.read_text(encoding="utf-8"))
    out, errors = {}, []
    for q in doc["questions"]:
        spec = (q.get("check") or {}).get("compute")
        if spec:
            try:
                out[q["id"]] = NEW_OPS[spec["op"]](df, spec)
            except (GoldenError, KeyError, IndexError) as exc:
                errors.append(f"{q['id']}: {exc!r}")
    if errors:
        raise GoldenError("cannot compute expected answers:\n  " + "\n  ".join(errors))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    df = frame(CSV)
    sha = hashlib.sha256(CSV.read_bytes()).hexdigest()
    status = 0
    for name in SETS:
        path, out = HERE / f"{name}.yaml", HERE / f"{name}.expected.json"
        try:
            new = {"csv": "data/netflix_titles.csv", "csv_sha256": sha,
                   "questions": compute(df, path)}  # fmt: skip
        except GoldenError as exc:
            print(f"{name}: {exc}", file=sys.stderr)
            return 1
        if args.check:
            old = json.loads(out.read_text(encoding="utf-8")) if out.is_file() else {}
            if old != new:
                print(f"{out.name} is stale: run {Path(__file__).name}", file=sys.stderr)
                status = 1
            continue
        out.write_text(json.dumps(new, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {len(new['questions'])} expected answers to {out.name}")
    return status


if __name__ == "__main__":
    sys.exit(main())
