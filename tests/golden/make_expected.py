"""Compute the golden questions' expected answers from the CSV, independently of the app.

    python tests/golden/make_expected.py            # (re)write questions.expected.json
    python tests/golden/make_expected.py --check    # recompute; exit 1 if anything differs

It reads data/netflix_titles.csv with pandas and plain Python only (it never imports
agentic_rag), splitting the multi-valued columns on commas the way a reader of the CSV would.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pandas as pd
import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CSV = ROOT / "data" / "netflix_titles.csv"
QUESTIONS = HERE / "questions.yaml"
EXPECTED = HERE / "questions.expected.json"
MAX_TITLES = 20  # an all_titles check longer than this is not a useful question
MULTI = {"director": "director", "cast": "cast", "country": "country", "genre": "listed_in"}


class GoldenError(Exception):
    """A question's compute spec cannot give a clear expected answer."""


def split(value: str) -> list[str]:
    return [p.strip() for p in value.split(",") if p.strip()]


def load_csv(path: Path) -> pd.DataFrame:
    df = pd.read_csv(path, dtype=str, keep_default_na=False)
    df = df.apply(lambda col: col.str.strip())
    df["year"] = pd.to_numeric(df["release_year"], errors="coerce")
    df["added_year"] = pd.to_numeric(df["date_added"].str[-4:], errors="coerce")
    df["added"] = pd.to_datetime(df["date_added"], format="%B %d, %Y", errors="coerce")
    seasons = df["duration"].str.extract(r"^(\d+)\s+Seasons?$")[0]
    df["seasons"] = pd.to_numeric(seasons, errors="coerce")
    for key, col in MULTI.items():
        df[f"{key}_list"] = df[col].map(split)
    return df


def select(df: pd.DataFrame, where: dict[str, Any] | None) -> pd.DataFrame:
    mask = pd.Series(True, index=df.index)
    for key, value in (where or {}).items():
        if key in MULTI:
            wanted = value if isinstance(value, list) else [value]
            mask &= df[f"{key}_list"].map(lambda names, w=wanted: all(x in names for x in w))
        elif key in ("type", "rating"):
            mask &= df[key] == value
        elif key == "release_year":
            lo, hi = (value, value) if isinstance(value, int) else value
            mask &= df["year"].between(lo, hi)
        elif key == "added_year":
            mask &= df["added_year"] == value
        elif key in ADDED:
            mask &= ADDED[key](df["added"], value)
        elif key == "no_director":
            mask &= (df["director"] == "") == bool(value)
        elif key == "min_seasons":
            mask &= df["seasons"] > value
        else:
            raise GoldenError(f"unknown filter {key!r}")
    return df[mask]


def _last_years(added: pd.Series, n: int) -> pd.Series:
    """The last `n` calendar years of the catalog, anchored on its latest date_added."""
    last = int(added.max().year)
    return added.dt.year.between(last - n + 1, last)


#: date_added filters: ISO dates (inclusive between, strict after/before), a month, last N years
ADDED = {
    "added_on": lambda added, v: added == pd.Timestamp(v),
    "added_after": lambda added, v: added > pd.Timestamp(v),
    "added_before": lambda added, v: added < pd.Timestamp(v),
    "added_between": lambda added, v: added.between(pd.Timestamp(v[0]), pd.Timestamp(v[1])),
    "added_month": lambda added, v: added.dt.strftime("%Y-%m") == v,
    "added_last_years": _last_years,
}


def unique_top(counts: Counter[Any], what: str) -> tuple[Any, int]:
    ranked = counts.most_common()
    if not ranked:
        raise GoldenError(f"no {what} to rank")
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        raise GoldenError(f"tie for the top {what}: {ranked[0]} and {ranked[1]}; ask another one")
    return ranked[0]


def op_top(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    rows, by = select(df, spec.get("where")), spec["by"]
    if by in MULTI:
        counts: Counter[Any] = Counter(x for names in rows[f"{by}_list"] for x in names)
    else:
        col = {"release_year": "year"}.get(by, by)
        counts = Counter(v for v in rows[col] if v == v and v != "")
    key, n = unique_top(counts, by)
    key = int(key) if isinstance(key, float) else key
    emit = spec.get("emit", "count")
    if emit == "key":
        return {"names": [str(key)]}
    return {"numbers": [key, n] if emit == "key_and_count" else [n]}


def op_people(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    if "title" in spec:
        rows = df[df["title"] == spec["title"]]
        if len(rows) != 1:
            raise GoldenError(f"title {spec['title']!r} matches {len(rows)} rows, not 1")
    elif "show_id" in spec:
        rows = df[df["show_id"] == spec["show_id"]]
    else:
        rows = select(df, spec.get("where"))
    key = spec["role"]
    names: list[str] = []
    for people in rows[f"{key}_list"]:
        names.extend(x for x in people[: spec.get("first")] if x not in names)
    if not names:
        raise GoldenError(f"no {key} for {spec}")
    return {"names": sorted(names) if "where" in spec else names}


def op_costar_top(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    person = spec["person"]
    rows = select(df, {"cast": person})
    counts = Counter(x for cast in rows["cast_list"] for x in cast if x != person)
    name, _ = unique_top(counts, f"co-star of {person}")
    return {"names": [name]}


def op_titles(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    titles = sorted(select(df, spec.get("where"))["title"])
    if not titles or len(titles) > MAX_TITLES:
        raise GoldenError(f"{len(titles)} titles for {spec}: want 1..{MAX_TITLES}")
    return {"titles": titles}


def op_title_of(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    rows = df[df["show_id"] == spec["show_id"]]
    if len(rows) != 1:
        raise GoldenError(f"show_id {spec['show_id']!r} not found")
    return {"titles": [rows.iloc[0]["title"]]}


def op_field_of(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    rows = df[df["title"] == spec["title"]]
    if len(rows) != 1:
        raise GoldenError(f"title {spec['title']!r} matches {len(rows)} rows, not 1")
    value = rows.iloc[0][spec["field"]]
    return {"numbers": [int(value)]}


def op_absent(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    wanted = re.sub(r"\W+", " ", spec["title"]).strip().casefold()
    found = [t for t in df["title"] if re.sub(r"\W+", " ", t).strip().casefold() == wanted]
    if found:
        raise GoldenError(f"{spec['title']!r} is in the catalog ({found}); not unanswerable")
    return {"absent": spec["title"]}


OPS = {
    "count": lambda df, spec: {"numbers": [len(select(df, spec.get("where")))]},
    "top": op_top,
    "people": op_people,
    "costar_top": op_costar_top,
    "titles": op_titles,
    "title_of": op_title_of,
    "absent": op_absent,
    "field_of": op_field_of,
}


def compute_all(csv_path: Path, questions_path: Path) -> dict[str, Any]:
    df = load_csv(csv_path)
    doc = yaml.safe_load(questions_path.read_text(encoding="utf-8"))
    expected: dict[str, Any] = {}
    errors: list[str] = []
    for q in doc["questions"]:
        spec = (q.get("check") or {}).get("compute")
        if not spec:
            continue
        try:
            expected[q["id"]] = OPS[spec["op"]](df, spec)
        except (GoldenError, KeyError) as exc:
            errors.append(f"{q['id']}: {exc}")
    if errors:
        raise GoldenError("cannot compute expected answers:\n  " + "\n  ".join(errors))
    return {
        "csv": str(csv_path.relative_to(ROOT)) if csv_path.is_relative_to(ROOT) else str(csv_path),
        "csv_sha256": hashlib.sha256(csv_path.read_bytes()).hexdigest(),
        "questions": expected,
    }


def diff(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    lines = []
    if old.get("csv_sha256") != new["csv_sha256"]:
        lines.append("the CSV changed since the expected answers were written")
    before, after = old.get("questions", {}), new["questions"]
    for qid in sorted(set(before) | set(after)):
        if before.get(qid) != after.get(qid):
            lines.append(f"{qid}: stored {before.get(qid)} != computed {after.get(qid)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the stored values differ")
    parser.add_argument("--csv", type=Path, default=CSV)
    parser.add_argument("--questions", type=Path, default=QUESTIONS)
    parser.add_argument("--out", type=Path, default=EXPECTED)
    args = parser.parse_args(argv)
    try:
        new = compute_all(args.csv, args.questions)
    except GoldenError as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.check:
        if not args.out.is_file():
            print(f"{args.out} is missing: run without --check to write it", file=sys.stderr)
            return 1
        problems = diff(json.loads(args.out.read_text(encoding="utf-8")), new)
        for line in problems:
            print(line, file=sys.stderr)
        if problems:
            print("expected answers are stale: run tests/golden/make_expected.py", file=sys.stderr)
            return 1
        print(f"ok: {len(new['questions'])} expected answers match {args.csv.name}")
        return 0
    args.out.write_text(json.dumps(new, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(new['questions'])} expected answers to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
