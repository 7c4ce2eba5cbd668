"""Expected answers of the offline question sets (offline_tune.yaml, offline_check.yaml).

    python tests/golden/make_offline_expected.py           # (re)write *.expected.json
    python tests/golden/make_offline_expected.py --check   # exit 1 if anything differs

Like make_expected.py it reads data/netflix_titles.csv with pandas only (never agentic_rag),
and adds the filters and operations the new families need: dates added (ISO bounds),
durations and seasons ranges, description keywords, shares, labels, comparisons, orderings.
Question ids name the family: "<half>-<family>-<nn>" (t = tune, c = check; st / sc for the
stranger sets of issue 19, ft / fc for the fresh stranger sets, lt / lc for the late ones,
nt / nc for the new ones, bt / bc for the blind ones, qt / qc for the quiet ones, ct / cc for
the cold ones, wt / wc for the warm ones, et / ec for the ember ones, gt / gc for the gale
ones, ht / hc for the haze ones, it / ic for the iris ones, jt / jc for the jade ones, kt / kc
for the kite ones, mt / mc for the mint ones).

The stranger sets add: title phrases (`title_has`), a title added in its release year
(`added_same_year`), ties named and top-n in `first`, top-n keys in `top`, averages (`mean`),
two-part answers (`parts`: the sub-specs' values merged), people who worked with both of two
people (`common`), who directed and acted in one title (`director_actor`), someone's most
frequent co-worker (`coworker_top`), the shortest chain of shared titles (`chain`), and a title,
person or title phrase the catalog does not hold (`absent`). For the answer's shape, `first`
and top-n `top` with `shape: true` and `titles` with `within` also give `others` (runners-up,
or the rest of the wider set) that the answer's lead must not name, and every expected title
of the stranger sets carries its `near` titles (longer catalog titles holding it).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import re
import sys
import unicodedata
from collections import Counter, deque
from pathlib import Path
from typing import Any

import pandas as pd
import yaml
from make_expected import MULTI, OPS, GoldenError, load_csv, unique_top
from make_expected import select as base_select

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CSV = ROOT / "data" / "netflix_titles.csv"
SETS = ("offline_tune", "offline_check", "strangers_tune", "strangers_check",
        "strangers_fresh_tune", "strangers_fresh_check", "strangers_late_tune",
        "strangers_late_check", "strangers_new_tune", "strangers_new_check",
        "strangers_blind_tune", "strangers_blind_check", "strangers_quiet_tune",
        "strangers_quiet_check", "strangers_cold_tune", "strangers_cold_check",
        "strangers_warm_tune", "strangers_warm_check", "strangers_ember_tune",
        "strangers_ember_check", "strangers_gale_tune", "strangers_gale_check",
        "strangers_haze_tune", "strangers_haze_check", "strangers_iris_tune",
        "strangers_iris_check", "strangers_jade_tune", "strangers_jade_check",
        "strangers_kite_tune", "strangers_kite_check", "strangers_mint_tune",
        "strangers_mint_check")  # fmt: skip
#: expected titles carry their `near` titles
NEAR_SETS = ("strangers_tune", "strangers_check", "strangers_fresh_tune", "strangers_fresh_check",
             "strangers_late_tune", "strangers_late_check", "strangers_new_tune",
             "strangers_new_check", "strangers_blind_tune", "strangers_blind_check",
             "strangers_quiet_tune", "strangers_quiet_check", "strangers_cold_tune",
             "strangers_cold_check", "strangers_warm_tune", "strangers_warm_check",
             "strangers_ember_tune", "strangers_ember_check", "strangers_gale_tune",
             "strangers_gale_check", "strangers_haze_tune", "strangers_haze_check",
             "strangers_iris_tune", "strangers_iris_check", "strangers_jade_tune",
             "strangers_jade_check", "strangers_kite_tune", "strangers_kite_check",
             "strangers_mint_tune", "strangers_mint_check")  # fmt: skip
MAX_NAMES = 20
RUNNERS_UP = 3


def frame(path: Path) -> pd.DataFrame:
    df = load_csv(path)
    df["added_iso"] = pd.to_datetime(
        df["date_added"], format="%B %d, %Y", errors="coerce"
    ).dt.strftime("%Y-%m-%d")
    minutes = df["duration"].str.extract(r"^(\d+)\s+min$")[0]
    df["minutes"] = pd.to_numeric(minutes, errors="coerce")
    df["desc"] = df["description"].str.casefold()
    return df


@functools.cache  # the same catalog titles are folded again for every phrase looked up
def fold(text: str) -> str:
    """Accent-free, case-folded words separated by single spaces (how a stranger types)."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return " ".join(re.sub(r"[\W_]+", " ", text.replace("'", "").replace("’", "")).split())


def has_phrase(title: str, phrase: str) -> bool:
    """The folded title holds the folded phrase as whole words."""
    return f" {fold(phrase)} " in f" {fold(title)} "


def select(df: pd.DataFrame, where: dict[str, Any] | None) -> pd.DataFrame:
    """make_expected.select plus: added_from/added_to (ISO, [from, to)), minutes / seasons
    ranges ([lo, hi], either may be null), any_country, genre_any, rating_in, keywords,
    title_has (a phrase, or a list of phrases any of which, whole words, accents folded) and
    added_same_year (added in the year it was released), title (one exact catalog title) and
    title_not (exact titles left out: "what else ...")."""
    where = dict(where or {})
    mask = pd.Series(True, index=df.index)
    if "title" in where:
        mask &= df["title"] == where.pop("title")
    if "title_not" in where:
        mask &= ~df["title"].isin(where.pop("title_not"))
    if "title_has" in where:
        value = where.pop("title_has")
        phrases = value if isinstance(value, list) else [value]
        mask &= df["title"].map(lambda t: any(has_phrase(t, p) for p in phrases))
    if "added_same_year" in where:
        same = df["added_year"].notna() & (df["added_year"] == df["year"])
        mask &= same == bool(where.pop("added_same_year"))
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
    if "n" in spec:  # the top n keys (names); a tie across the n-th place fails
        ranked, n = counts.most_common(), int(spec["n"])
        if len(ranked) < n or (len(ranked) > n and ranked[n - 1][1] == ranked[n][1]):
            raise GoldenError(f"no clear top {n} {by}: {ranked[: n + 1]}")
        out: dict[str, Any] = {"names": [str(k) for k, _ in ranked[:n]]}
        if spec.get("shape"):  # "top 5" is five: the next ones must not be named with them
            out["others"] = [str(k) for k, _ in ranked[n : n + RUNNERS_UP]]
        return out
    key, n = unique_top(counts, by)
    emit = spec.get("emit", "count")
    if emit == "key":
        return {"names": [str(key)]}
    return {"numbers": [key, n] if emit == "key_and_count" else [n]}


ORDER_COLS = {"minutes": "minutes", "seasons": "seasons", "release_year": "year",
              "added": "added_iso"}  # fmt: skip


def op_first(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    """The `n` (default 1) titles first by an ordering column. A tie at the n-th place fails,
    unless `ties: true`: then every title tied with the n-th is expected too (at most 20)."""
    rows = select(df, spec.get("where"))
    col = ORDER_COLS[spec["by"]]
    rows = rows[rows[col].notna()].sort_values(col, ascending=spec.get("ascending", False))
    n = int(spec.get("n", 1))
    if len(rows) < n:
        raise GoldenError(f"{len(rows)} titles, fewer than {n}, for {spec}")
    last = rows.iloc[n - 1][col]
    tied = rows[rows[col] == last]
    kept = pd.concat([rows.iloc[:n], tied]).drop_duplicates("show_id")
    if len(kept) > n and not spec.get("ties"):
        raise GoldenError(f"tie at place {n} by {col}: {list(tied['title'][:4])}")
    if len(kept) > MAX_NAMES:
        raise GoldenError(f"{len(kept)} titles tied for first by {col}")
    out: dict[str, Any] = {"titles": list(kept["title"])}
    if spec.get("shape"):  # "the longest" is one title: the runners-up must not be named
        rest = rows[~rows["show_id"].isin(kept["show_id"])]
        out["others"] = list(rest["title"][:RUNNERS_UP])
    return out


def op_titles(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    """The titles of `where`; with `within` (a wider where: "which of those ..."), the rest
    of the wider set are `others`, which the answer's lead must not name."""
    titles = sorted(select(df, spec.get("where"))["title"])
    if not titles or len(titles) > 20:
        raise GoldenError(f"{len(titles)} titles for {spec}: want 1..20")
    out: dict[str, Any] = {"titles": titles}
    if "within" in spec:
        rest = sorted(set(select(df, spec["within"])["title"]) - set(titles))
        if not rest or len(rest) > MAX_NAMES:
            raise GoldenError(f"{len(rest)} other titles within {spec['within']}: want 1..20")
        out["others"] = rest
    return out


def op_added_of(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    """The year and day of the month one title was added (any date format shows both)."""
    rows = df[df["title"] == spec["title"]]
    if len(rows) != 1 or rows.iloc[0]["added_iso"] != rows.iloc[0]["added_iso"]:
        raise GoldenError(f"title {spec['title']!r}: want one row with a date added")
    year, _, day = rows.iloc[0]["added_iso"].split("-")
    return {"numbers": [int(year), int(day)]}


def op_mean(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    """The average of minutes or seasons over the selection, rounded to `digits` (2)."""
    rows = select(df, spec.get("where"))
    values = rows[ORDER_COLS[spec["of"]]].dropna()
    if values.empty:
        raise GoldenError(f"nothing to average for {spec}")
    return {"numbers": [round(float(values.mean()), int(spec.get("digits", 2)))]}


def op_parts(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    """A question of several parts: each sub-spec computed, their values merged in order. A
    part's `title: $prev` is the one title the part before it found ("... and who directed
    it"), so a reference inside the question is resolved the way the catalog answers it."""
    out: dict[str, list[Any]] = {}
    prev: dict[str, Any] = {}
    for part in spec["parts"]:
        if part.get("title") == "$prev":
            if len(prev.get("titles", [])) != 1:
                raise GoldenError(f"$prev needs one title before it, got {prev}")
            part = {**part, "title": prev["titles"][0]}
        prev = NEW_OPS[part["op"]](df, part)
        for key, values in prev.items():
            if key in ("numbers", "titles", "names"):
                out.setdefault(key, []).extend(v for v in values if v not in out.get(key, []))
    return out


def credits(df: pd.DataFrame, role: str = "any") -> pd.Series:
    """Per title, the people credited in `role` (cast, director or any)."""
    if role == "cast":
        return df["cast_list"]
    if role == "director":
        return df["director_list"]
    return df["director_list"] + df["cast_list"]


def worked_with(df: pd.DataFrame, person: str, role: str) -> set[str]:
    """People credited in `role` on a title that credits `person` in any role."""
    rows = df[credits(df).map(lambda names: person in names)]
    if rows.empty:
        raise GoldenError(f"{person!r} has no title")
    return {x for names in credits(rows, role) for x in names} - {person}


def _names(found: set[str], spec: dict[str, Any]) -> dict[str, Any]:
    if not found or len(found) > MAX_NAMES:
        raise GoldenError(f"{len(found)} names for {spec}: want 1..{MAX_NAMES}")
    return {"names": sorted(found)}


def op_common(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    """People (in `role`, default cast) who share a title with each of `people` (any role),
    or who are credited in each of `titles` (exact catalog titles)."""
    role = spec.get("role", "cast")
    if "titles" in spec:
        groups = []
        for title in spec["titles"]:
            rows = df[df["title"] == title]
            if len(rows) != 1:
                raise GoldenError(f"title {title!r} matches {len(rows)} rows, not 1")
            groups.append(set(credits(rows, role).iloc[0]))
        return _names(set.intersection(*groups), spec)
    people = spec["people"]
    found = set.intersection(*(worked_with(df, p, role) for p in people)) - set(people)
    return _names(found, spec)


def op_director_actor(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    """People who directed a title and acted in that same title (within `where`)."""
    rows = select(df, spec.get("where"))
    found = {x for d, c in zip(rows["director_list"], rows["cast_list"], strict=True)
             for x in set(d) & set(c)}  # fmt: skip
    return _names(found, spec)


def op_coworker_top(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    """The one person (any role) who shares the most titles with `person` (a tie fails)."""
    person = spec["person"]
    rows = df[credits(df).map(lambda names: person in names)]
    counts = Counter(x for names in credits(rows) for x in set(names) if x != person)
    name, n = unique_top(counts, f"co-worker of {person}")
    return {"names": [name], "numbers": [n]}


def op_chain(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    """The shortest chain of shared titles between two people (any role). Expected: the people
    every shortest chain passes through (none of them: the chain cannot be checked by name, so
    the spec fails), the chain's length in titles, and one valid chain."""
    a, b = spec["people"]
    titles_of: dict[str, list[int]] = {}
    people_of: dict[int, list[str]] = {}
    for i, names in enumerate(credits(df)):
        people_of[i] = list(dict.fromkeys(names))
        for x in people_of[i]:
            titles_of.setdefault(x, []).append(i)
    for x in (a, b):
        if x not in titles_of:
            raise GoldenError(f"{x!r} has no title")

    def distances(start: str) -> dict[str, int]:
        dist, queue = {start: 0}, deque([start])
        while queue:
            x = queue.popleft()
            for t in titles_of[x]:
                for y in people_of[t]:
                    if y not in dist:
                        dist[y] = dist[x] + 1
                        queue.append(y)
        return dist

    from_a, from_b = distances(a), distances(b)
    if b not in from_a:
        raise GoldenError(f"no chain between {a!r} and {b!r}")
    hops = from_a[b]
    if hops == 1:
        raise GoldenError(f"{a!r} and {b!r} share a title: ask for it with a titles op")
    on_every = [x for x, d in from_a.items()
                if x not in (a, b) and d + from_b.get(x, hops + 1) == hops
                and sum(1 for y, e in from_a.items()
                        if e == d and e + from_b.get(y, hops + 1) == hops) == 1]  # fmt: skip
    if not on_every:
        raise GoldenError(f"no person lies on every shortest chain from {a!r} to {b!r}")
    chain, x = [a], a  # one valid chain: person, title, person, ... , b
    while x != b:
        step = next(
            (t, y)
            for t in titles_of[x]
            for y in people_of[t]
            if from_a.get(y) == from_a[x] + 1 and from_b.get(y) == from_b[x] - 1
        )
        chain += [df.iloc[step[0]]["title"], step[1]]
        x = step[1]
    return {"names": sorted(on_every), "numbers": [hops], "chain": chain}


def op_absent_thing(df: pd.DataFrame, spec: dict[str, Any]) -> dict[str, Any]:
    """A title (no catalog title equals it), a person (no credit equals the name) or a title
    phrase (no catalog title holds it as whole words) the catalog does not hold; accents,
    case and punctuation folded."""
    if "title" in spec:
        name, found = spec["title"], [t for t in df["title"] if fold(t) == fold(spec["title"])]
    elif "person" in spec:
        name = spec["person"]
        found = sorted({x for names in credits(df) for x in names if fold(x) == fold(name)})
    else:
        name, found = spec["phrase"], [t for t in df["title"] if has_phrase(t, spec["phrase"])]
    if found:
        raise GoldenError(f"{name!r} is in the catalog ({found[:3]}); not absent")
    return {"absent": name}


NEW_OPS = {**OPS, "count": op_count, "share": op_share, "counts": op_counts, "top": op_top,
           "first": op_first, "titles": op_titles, "added_of": op_added_of, "mean": op_mean,
           "parts": op_parts, "common": op_common, "director_actor": op_director_actor,
           "coworker_top": op_coworker_top, "chain": op_chain,
           "absent": op_absent_thing}  # fmt: skip


def near_titles(df: pd.DataFrame, titles: list[str]) -> dict[str, list[str]]:
    """For each title, the other catalog titles that hold it as whole words ("The Irishman" in
    "The Irishman: In Conversation"): the scorer masks them before looking for the title."""
    catalog = sorted(set(df["title"]))
    out = {}
    for title in titles:
        longer = [t for t in catalog if t != title and has_phrase(t, title)]
        if longer:
            out[title] = longer
    return out


def compute(df: pd.DataFrame, questions: Path, near: bool = False) -> dict[str, Any]:
    doc = yaml.safe_load(questions.read_text(encoding="utf-8"))
    out, errors = {}, []
    for q in doc["questions"]:
        spec = (q.get("check") or {}).get("compute")
        if spec:
            try:
                out[q["id"]] = NEW_OPS[spec["op"]](df, spec)
            except (GoldenError, KeyError, IndexError) as exc:
                errors.append(f"{q['id']}: {exc!r}")
                continue
            if near and (found := near_titles(df, out[q["id"]].get("titles", []))):
                out[q["id"]]["near"] = found
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
                   "questions": compute(df, path, near=name in NEAR_SETS)}  # fmt: skip
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
