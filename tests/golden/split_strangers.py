"""How the stranger question sets of issue 19 were split into their tune and check halves.

    python tests/golden/split_strangers.py POOL.yaml           # strangers_tune/_check.yaml
    python tests/golden/split_strangers.py POOL.yaml fresh     # strangers_fresh_tune/_check.yaml
    python tests/golden/split_strangers.py POOL.yaml late      # strangers_late_tune/_check.yaml
    python tests/golden/split_strangers.py POOL.yaml new       # strangers_new_tune/_check.yaml
    python tests/golden/split_strangers.py POOL.yaml blind     # strangers_blind_tune/_check.yaml
    python tests/golden/split_strangers.py POOL.yaml quiet     # strangers_quiet_tune/_check.yaml
    python tests/golden/split_strangers.py POOL.yaml cold      # strangers_cold_tune/_check.yaml
    python tests/golden/split_strangers.py POOL.yaml warm      # strangers_warm_tune/_check.yaml
    python tests/golden/split_strangers.py POOL.yaml ember     # strangers_ember_tune/_check.yaml
    python tests/golden/split_strangers.py POOL.yaml gale      # strangers_gale_tune/_check.yaml
    python tests/golden/split_strangers.py POOL.yaml haze      # strangers_haze_tune/_check.yaml
    python tests/golden/split_strangers.py POOL.yaml iris      # strangers_iris_tune/_check.yaml
    python tests/golden/split_strangers.py POOL.yaml jade      # strangers_jade_tune/_check.yaml
    python tests/golden/split_strangers.py POOL.yaml kite      # strangers_kite_tune/_check.yaml
    python tests/golden/split_strangers.py POOL.yaml mint      # strangers_mint_tune/_check.yaml

The pool (ids "<family>-<nn>", follow-ups "<family>-<nn>a/b" sharing a `thread`) was written
before anyone changed the reader for these questions and is not kept in the repository: the two
halves are the files to read and edit from now on, and a reader tuning on the tune half should
not see the check half's questions. This script is kept so the split can be seen and repeated.

Per family, the units (one question, or a whole follow-up thread) are grouped by category,
each group shuffled with SEED, the groups put one after the other and the units dealt in turn
to tune and check, so every family (and every category within it, as far as it can) lands half
and half. Ids become "st-<family>-<nn>" (tune) and "sc-<family>-<nn>" (check); thread names
become "st-<family>-<nn>" / "sc-<family>-<nn>" and their questions take an "a"/"b" suffix.

The fresh set (SPLITS["fresh"]) was written later, by someone who had not read the reader, and
split the same way with its own seed and prefixes: "ft-..." (tune) and "fc-..." (check).

The late set (SPLITS["late"]) was written on 2026-11-25, after the fresh check half had been
scored several times, by another helper who had not read the reader, and split the same way
before any agent run: seed 31, "lt-..." (tune) and "lc-..." (check).

The new set (SPLITS["new"]) was written on 2026-11-28, after the late check half had been scored
three times, by another helper who had not read the reader, and split the same way before any
agent run: seed 43, "nt-..." (tune) and "nc-..." (check).

The blind set (SPLITS["blind"]) was written on 2026-11-28, after the new check half had been
scored twice, by another helper who had not read the reader's code, word lists or example bank
and never ran the agent, and split the same way before any agent run: seed 47, "bt-..." (tune)
and "bc-..." (check).

The quiet set (SPLITS["quiet"]) was written on 2026-11-28, after the blind set had been scored
twice and then opened, by another helper who had not read the reader's code, word lists or
example bank and never ran the agent, and split the same way before any agent run: seed 53,
"qt-..." (tune) and "qc-..." (check).

The cold set (SPLITS["cold"]) was written on 2026-11-28, after the quiet set had been scored
twice (at the start and end of a stop), by another helper who had not read the reader's code,
word lists or example bank and never ran the agent, and split the same way before any agent
run: seed 59, "ct-..." (tune) and "cc-..." (check).

The warm set (SPLITS["warm"]) was written on 2026-11-28, after the cold set had been scored
twice (at the start and end of a stop), by another helper who had not read the reader's code,
word lists or example bank and never ran the agent, and split the same way before any agent
run: seed 61, "wt-..." (tune) and "wc-..." (check).

The ember set (SPLITS["ember"]) was written on 2026-11-28, after the warm set had been scored
twice (at the start and end of a stop), by another helper who had not read the reader's code,
word lists or example bank and never ran the agent, and split the same way before any agent
run: seed 67, "et-..." (tune) and "ec-..." (check).

The gale set (SPLITS["gale"]) was written on 2026-11-28, after the ember set had been scored
twice (at the start and end of a stop), by another helper who had not read the reader's code,
word lists or example bank and never ran the agent, and split the same way before any agent
run: seed 71, "gt-..." (tune) and "gc-..." (check).

The haze set (SPLITS["haze"]) was written on 2026-11-28, after the gale set had been scored
twice (at the start and end of a stop), by another helper who had not read the reader's code,
word lists or example bank and never ran the agent, and split the same way before any agent
run: seed 73, "ht-..." (tune) and "hc-..." (check).

The iris set (SPLITS["iris"]) was written on 2026-11-29, after the haze set had been scored
twice (at the start and end of a stop), by another helper who had not read the reader's code,
word lists or example bank and never ran the agent, and split the same way before any agent
run: seed 79, "it-..." (tune) and "ic-..." (check).

The jade set (SPLITS["jade"]) was written on 2026-11-29, after the iris set had been scored at
the start and end of the twelfth stop, by another helper who had not read the reader's code,
word lists or example bank and never ran the agent, and split the same way before any agent
run: seed 83, "jt-..." (tune) and "jc-..." (check).

The kite set (SPLITS["kite"]) was written on 2026-11-29, after the jade set had been scored at
the start and end of the thirteenth stop, by another helper who had not read the reader's code,
word lists or example bank and never ran the agent, and split the same way before any agent
run: seed 89, "kt-..." (tune) and "kc-..." (check).

The mint set (SPLITS["mint"]) was written on 2026-11-29 by another helper who had not read the
reader's code, word lists or example bank and never ran the agent, to be opened and fixed on in
the fourteenth stop (both halves open from the start, never held out), and split the same way:
seed 97, "mt-..." (tune) and "mc-..." (check).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
SEED = 19
HALVES = (("strangers_tune", "st"), ("strangers_check", "sc"))
#: how every stranger set's header ends: its families
FAMILIES = """\
# Families as in strangers_tune.yaml: twopart, ref, absent / present, graph, franchise, time
# (last N years = the N calendar years up to the latest date_added), units, shape, plot, plain,
# adv, followup.
"""
FRESH_SEED = 25
FRESH_HALVES = (("strangers_fresh_tune", "ft"), ("strangers_fresh_check", "fc"))
HEADER = """\
# Stranger question set of issue 19 ({name}): see tests/golden/README.md.
# Written before the reader was changed for it; truth from tests/golden/make_offline_expected.py.
# Ids: <half>-<family>-<nn> (st = tune, sc = check). Families: twopart (the second part inherits
# the first's filters), ref (a reference inside one question), absent / present (the same
# phrasings for things the catalog lacks and holds), graph (both-of, directed-and-acted, most
# frequent co-worker, shortest chain), franchise (title phrases), time (decades, months, spans,
# halves, quarters, since/before, last N years = the N calendar years up to the latest
# date_added, added vs released), units (minutes, hours, seasons, averages), shape ("the
# longest" = one title with ties named, top n, how many and name them), plot (checked by a
# title or person that must appear, read from the CSV descriptions; no fuzzy check kind),
# plain (counts and lists with typos), adv (adversarial), followup (two turns on one thread).
"""
FRESH_HEADER = (
    """\
# Fresh stranger question set ({name}): see tests/golden/README.md.
# Written by a stranger to the reader's code, split before any agent run; truth from
# tests/golden/make_offline_expected.py. Ids: <half>-<family>-<nn> (ft = tune, fc = check).
"""
    + FAMILIES
)
LATE_SEED = 31
LATE_HALVES = (("strangers_late_tune", "lt"), ("strangers_late_check", "lc"))
LATE_HEADER = (
    """\
# Late stranger question set ({name}): see tests/golden/README.md.
# Written 2026-11-25 by a stranger to the reader's code (after the fresh check half had been
# scored several times), split before any agent run; truth from
# tests/golden/make_offline_expected.py. Ids: <half>-<family>-<nn> (lt = tune, lc = check).
"""
    + FAMILIES
)
NEW_SEED = 43
NEW_HALVES = (("strangers_new_tune", "nt"), ("strangers_new_check", "nc"))
NEW_HEADER = (
    """\
# New stranger question set ({name}): see tests/golden/README.md.
# Written 2026-11-28 by a stranger to the reader's code (after the late check half had been
# scored three times), split before any agent run; truth from
# tests/golden/make_offline_expected.py. Ids: <half>-<family>-<nn> (nt = tune, nc = check).
"""
    + FAMILIES
)
BLIND_SEED = 47
BLIND_HALVES = (("strangers_blind_tune", "bt"), ("strangers_blind_check", "bc"))
BLIND_HEADER = (
    """\
# Blind stranger question set ({name}): see tests/golden/README.md.
# Written 2026-11-28 by a stranger to the reader's code who never ran the agent (after the new
# check half had been scored twice), split before any agent run; truth from
# tests/golden/make_offline_expected.py. Ids: <half>-<family>-<nn> (bt = tune, bc = check).
"""
    + FAMILIES
)
QUIET_SEED = 53
QUIET_HALVES = (("strangers_quiet_tune", "qt"), ("strangers_quiet_check", "qc"))
QUIET_HEADER = (
    """\
# Quiet stranger question set ({name}): see tests/golden/README.md.
# Written 2026-11-28 by a stranger to the reader's code who never ran the agent (after the blind
# set had been scored twice and then opened), split before any agent run; truth from
# tests/golden/make_offline_expected.py. Ids: <half>-<family>-<nn> (qt = tune, qc = check).
"""
    + FAMILIES
)
COLD_SEED = 59
COLD_HALVES = (("strangers_cold_tune", "ct"), ("strangers_cold_check", "cc"))
COLD_HEADER = (
    """\
# Cold stranger question set ({name}): see tests/golden/README.md.
# Written 2026-11-28 by a stranger to the reader's code who never ran the agent (after the quiet
# set had been scored twice, at the start and end of a stop), split before any agent run; truth
# from tests/golden/make_offline_expected.py. Ids: <half>-<family>-<nn> (ct = tune, cc = check).
"""
    + FAMILIES
)
WARM_SEED = 61
WARM_HALVES = (("strangers_warm_tune", "wt"), ("strangers_warm_check", "wc"))
WARM_HEADER = (
    """\
# Warm stranger question set ({name}): see tests/golden/README.md.
# Written 2026-11-28 by a stranger to the reader's code who never ran the agent (after the cold
# set had been scored twice, at the start and end of a stop), split before any agent run; truth
# from tests/golden/make_offline_expected.py. Ids: <half>-<family>-<nn> (wt = tune, wc = check).
"""
    + FAMILIES
)
EMBER_SEED = 67
EMBER_HALVES = (("strangers_ember_tune", "et"), ("strangers_ember_check", "ec"))
EMBER_HEADER = (
    """\
# Ember stranger question set ({name}): see tests/golden/README.md.
# Written 2026-11-28 by a stranger to the reader's code who never ran the agent (after the warm
# set had been scored twice, at the start and end of a stop), split before any agent run; truth
# from tests/golden/make_offline_expected.py. Ids: <half>-<family>-<nn> (et = tune, ec = check).
"""
    + FAMILIES
)
GALE_SEED = 71
GALE_HALVES = (("strangers_gale_tune", "gt"), ("strangers_gale_check", "gc"))
GALE_HEADER = (
    """\
# Gale stranger question set ({name}): see tests/golden/README.md.
# Written 2026-11-28 by a stranger to the reader's code who never ran the agent (after the ember
# set had been scored twice, at the start and end of a stop), split before any agent run; truth
# from tests/golden/make_offline_expected.py. Ids: <half>-<family>-<nn> (gt = tune, gc = check).
"""
    + FAMILIES
)
HAZE_SEED = 73
HAZE_HALVES = (("strangers_haze_tune", "ht"), ("strangers_haze_check", "hc"))
HAZE_HEADER = (
    """\
# Haze stranger question set ({name}): see tests/golden/README.md.
# Written 2026-11-28 by a stranger to the reader's code who never ran the agent (after the gale
# set had been scored twice, at the start and end of a stop), split before any agent run; truth
# from tests/golden/make_offline_expected.py. Ids: <half>-<family>-<nn> (ht = tune, hc = check).
"""
    + FAMILIES
)
IRIS_SEED = 79
IRIS_HALVES = (("strangers_iris_tune", "it"), ("strangers_iris_check", "ic"))
IRIS_HEADER = (
    """\
# Iris stranger question set ({name}): see tests/golden/README.md.
# Written 2026-11-29 by a stranger to the reader's code who never ran the agent (after the haze
# set had been scored twice, at the start and end of a stop), split before any agent run; truth
# from tests/golden/make_offline_expected.py. Ids: <half>-<family>-<nn> (it = tune, ic = check).
"""
    + FAMILIES
)
JADE_SEED = 83
JADE_HALVES = (("strangers_jade_tune", "jt"), ("strangers_jade_check", "jc"))
JADE_HEADER = (
    """\
# Jade stranger question set ({name}): see tests/golden/README.md.
# Written 2026-11-29 by a stranger to the reader's code who never ran the agent (after the iris
# set had been scored at the start and end of the twelfth stop), split before any agent run;
# truth from tests/golden/make_offline_expected.py. Ids: <half>-<family>-<nn> (jt = tune, jc =
# check).
"""
    + FAMILIES
)
KITE_SEED = 89
KITE_HALVES = (("strangers_kite_tune", "kt"), ("strangers_kite_check", "kc"))
KITE_HEADER = (
    """\
# Kite stranger question set ({name}): see tests/golden/README.md.
# Written 2026-11-29 by a stranger to the reader's code who never ran the agent (after the jade
# set had been scored at the start and end of the thirteenth stop), split before any agent run;
# truth from tests/golden/make_offline_expected.py. Ids: <half>-<family>-<nn> (kt = tune, kc =
# check).
"""
    + FAMILIES
)
MINT_SEED = 97
MINT_HALVES = (("strangers_mint_tune", "mt"), ("strangers_mint_check", "mc"))
MINT_HEADER = (
    """\
# Mint stranger question set ({name}): see tests/golden/README.md.
# Written 2026-11-29 by a stranger to the reader's code who never ran the agent, to be opened and
# fixed on in the fourteenth stop (never held out: both halves are open from the start); truth
# from tests/golden/make_offline_expected.py. Ids: <half>-<family>-<nn> (mt = tune, mc = check).
"""
    + FAMILIES
)
#: set name -> (seed, (name, id prefix) of the tune and check halves, file header)
SPLITS = {
    "strangers": (SEED, HALVES, HEADER),
    "fresh": (FRESH_SEED, FRESH_HALVES, FRESH_HEADER),
    "late": (LATE_SEED, LATE_HALVES, LATE_HEADER),
    "new": (NEW_SEED, NEW_HALVES, NEW_HEADER),
    "blind": (BLIND_SEED, BLIND_HALVES, BLIND_HEADER),
    "quiet": (QUIET_SEED, QUIET_HALVES, QUIET_HEADER),
    "cold": (COLD_SEED, COLD_HALVES, COLD_HEADER),
    "warm": (WARM_SEED, WARM_HALVES, WARM_HEADER),
    "ember": (EMBER_SEED, EMBER_HALVES, EMBER_HEADER),
    "gale": (GALE_SEED, GALE_HALVES, GALE_HEADER),
    "haze": (HAZE_SEED, HAZE_HALVES, HAZE_HEADER),
    "iris": (IRIS_SEED, IRIS_HALVES, IRIS_HEADER),
    "jade": (JADE_SEED, JADE_HALVES, JADE_HEADER),
    "kite": (KITE_SEED, KITE_HALVES, KITE_HEADER),
    "mint": (MINT_SEED, MINT_HALVES, MINT_HEADER),
}


def units_of(questions: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    units: list[list[dict[str, Any]]] = []
    threads: dict[str, list[dict[str, Any]]] = {}
    for q in questions:
        if q.get("thread"):
            if q["thread"] not in threads:
                threads[q["thread"]] = []
                units.append(threads[q["thread"]])
            threads[q["thread"]].append(q)
        else:
            units.append([q])
    return units


def split(
    questions: list[dict[str, Any]], seed: int = SEED, halves_of: tuple[Any, ...] = HALVES
) -> tuple[list[Any], list[Any]]:
    rng = random.Random(seed)
    families: dict[str, list[list[dict[str, Any]]]] = {}
    for unit in units_of(questions):
        families.setdefault(unit[0]["id"].split("-")[0], []).append(unit)
    halves: tuple[list[Any], list[Any]] = ([], [])
    for family, units in families.items():
        by_category: dict[str, list[list[dict[str, Any]]]] = {}
        for unit in units:
            by_category.setdefault(unit[0]["category"], []).append(unit)
        dealt: list[list[dict[str, Any]]] = []
        for category in sorted(by_category):
            group = by_category[category]
            rng.shuffle(group)
            dealt.extend(group)
        for side, (_, prefix) in enumerate(halves_of):
            for nn, unit in enumerate(dealt[side::2], start=1):
                name = f"{prefix}-{family}-{nn:02d}"
                for i, q in enumerate(unit):
                    new = dict(q)
                    if q.get("thread"):
                        new["id"], new["thread"] = f"{name}{'abcdefgh'[i]}", name
                    else:
                        new["id"] = name
                    halves[side].append(new)
    return halves


def main(argv: list[str]) -> int:
    pool = yaml.safe_load(Path(argv[0]).read_text(encoding="utf-8"))["questions"]
    seed, halves, header = SPLITS[argv[1] if len(argv) > 1 else "strangers"]
    for (name, _), questions in zip(halves, split(pool, seed, halves), strict=True):
        body = yaml.safe_dump({"questions": questions}, sort_keys=False, allow_unicode=True,
                              width=100)  # fmt: skip
        (HERE / f"{name}.yaml").write_text(header.format(name=name) + body, encoding="utf-8")
        print(f"wrote {len(questions)} questions to {name}.yaml")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
