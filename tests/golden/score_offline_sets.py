"""Score the offline question sets and print per-family results and calibration.

    PYTHONPATH=code .venv/bin/python tests/golden/score_offline_sets.py [SET ...]

SET is one of tune, check, golden, stune, scheck, ftune, fcheck, ltune, lcheck, ntune, ncheck,
btune, bcheck, qtune, qcheck, ctune, ccheck, wtune, wcheck, etune, echeck, gtune, gcheck, htune,
hcheck, itune, icheck, jtune, jcheck, ktune, kcheck, mtune, mcheck (default: tune check).
Runs each set through the real graph with `agentic_rag.eval.harness.run_eval` (offline mode) and
prints, per set: the accuracy, the score per family (the middle part of each id,
"<half>-<family>-<nn>"), a reliability table of the turns' confidence (see
agentic_rag.eval.calibration: bins 0-0.2 ... 0.8-1.0 with count, mean confidence and accuracy), the
expected calibration error, the share right among answers with confidence >= 0.8, the share of wrong
answers that had confidence < 0.5 or asked back, and every failure.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

from agentic_rag.eval.calibration import calibration, render_calibration
from agentic_rag.eval.golden import load_golden
from agentic_rag.eval.harness import eval_settings, run_eval

HERE = Path(__file__).resolve().parent
SETS = {
    "tune": "offline_tune",
    "check": "offline_check",
    "golden": "questions",
    "stune": "strangers_tune",
    "scheck": "strangers_check",
    "ftune": "strangers_fresh_tune",
    "fcheck": "strangers_fresh_check",
    "ltune": "strangers_late_tune",
    "lcheck": "strangers_late_check",
    "ntune": "strangers_new_tune",
    "ncheck": "strangers_new_check",
    "btune": "strangers_blind_tune",
    "bcheck": "strangers_blind_check",
    "qtune": "strangers_quiet_tune",
    "qcheck": "strangers_quiet_check",
    "ctune": "strangers_cold_tune",
    "ccheck": "strangers_cold_check",
    "wtune": "strangers_warm_tune",
    "wcheck": "strangers_warm_check",
    "etune": "strangers_ember_tune",
    "echeck": "strangers_ember_check",
    "gtune": "strangers_gale_tune",
    "gcheck": "strangers_gale_check",
    "htune": "strangers_haze_tune",
    "hcheck": "strangers_haze_check",
    "itune": "strangers_iris_tune",
    "icheck": "strangers_iris_check",
    "jtune": "strangers_jade_tune",
    "jcheck": "strangers_jade_check",
    "ktune": "strangers_kite_tune",
    "kcheck": "strangers_kite_check",
    "mtune": "strangers_mint_tune",
    "mcheck": "strangers_mint_check",
}


def family(qid: str, category: str) -> str:
    parts = qid.split("-")
    return parts[1] if len(parts) >= 3 else category


def main(argv: list[str]) -> int:
    names = argv or ["tune", "check"]
    for name in names:
        stem = SETS[name]
        golden = load_golden(
            HERE / f"{stem}.yaml", HERE / f"{stem}.expected.json", every_category=False
        )
        out = run_eval(eval_settings("offline"), golden=golden, quiet=True,
                       out_dir=Path("data/build/eval") / name)  # fmt: skip
        results = out.run.results
        by: dict[str, list[bool]] = defaultdict(list)
        for r in results:
            by[family(r.id, r.category)].append(r.passed)
        passed, total = sum(r.passed for r in results), len(results)
        print(f"\n{name}: {passed}/{total} = {100 * passed / total:.1f}%")
        for fam, oks in sorted(by.items()):
            print(f"  {fam:14s} {sum(oks):3d}/{len(oks):<3d} {100 * sum(oks) / len(oks):5.1f}%")
        print(f"{name} calibration:")
        for line in render_calibration(calibration(results)):
            print(line)
        for r in results:
            if not r.passed:
                sure = "-" if r.confidence is None else f"{r.confidence:.2f}"
                print(f"  FAIL {r.id} (conf {sure}): {r.detail[:150]}")
        print(f"  report: {out.json_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
