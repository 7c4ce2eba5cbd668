"""Score the offline question sets and print per-family results.

    PYTHONPATH=code .venv/bin/python tests/golden/score_offline_sets.py [tune|check|golden|stune|scheck ...]

Runs each set through the real graph with `agentic_rag.eval.harness.run_eval` (offline mode)
and prints the score per family (the middle part of each id, "<half>-<family>-<nn>").
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

from agentic_rag.eval.golden import load_golden
from agentic_rag.eval.harness import eval_settings, run_eval

HERE = Path(__file__).resolve().parent
SETS = {
    "tune": "offline_tune",
    "check": "offline_check",
    "golden": "questions",
    "stune": "strangers_tune",
    "scheck": "strangers_check",
}


def family(qid: str, category: str) -> str:
    parts = qid.split("-")
    return parts[1] if len(parts) >= 3 else category


def main(argv: list[str]) -> int:
    names = argv or ["tune", "check"]
    for name in names:
        stem = SETS[name]
        golden = load_golden(HERE / f"{stem}.yaml", HERE / f"{stem}.expected.json")
        out = run_eval(eval_settings("offline"), golden=golden, quiet=True,
                       out_dir=Path("data/build/eval") / name)  # fmt: skip
        by: dict[str, list[bool]] = defaultdict(list)
        for r in out.run.results:
            by[family(r.id, r.category)].append(r.passed)
        passed = sum(r.passed for r in out.run.results)
        total = len(out.run.results)
        print(f"\n{name}: {passed}/{total} = {100 * passed / total:.1f}%")
        for fam, oks in sorted(by.items()):
            print(f"  {fam:12s} {sum(oks)}/{len(oks)}")
        for r in out.run.results:
            if not r.passed:
                print(f"  FAIL {r.id}: {r.detail[:150]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
