"""Fit and report the offline reading's calibrated confidence.

    PYTHONPATH=code .venv/bin/python tests/golden/fit_confidence.py fit tune stune
    PYTHONPATH=code .venv/bin/python tests/golden/fit_confidence.py report tune check golden \
        stune scheck

Both run each set through the real graph in offline mode with asking back switched off
(CLARIFY_BELOW=0), so every answer is the reading's guess, scored by the set's checks. `fit`
fits a logistic model of "the guess is right" on the reading features the planner recorded
(`agentic_rag.agent.rules.confidence.FEATURES`) and writes its weights to
`code/agentic_rag/agent/rules/confidence_model.json`. Fit on tune halves only, never on a check
half. `report` prints per set: a reliability table, the expected calibration error, the share
right among confidence >= 0.8 and the share of wrong answers below 0.5 (these would ask back).
"""

from __future__ import annotations

import json
import sys
from itertools import pairwise
from pathlib import Path

import numpy as np
from score_offline_sets import SETS  # the same set names: tune check golden stune scheck

from agentic_rag.agent.rules.confidence import FEATURES, MODEL_PATH, Calibration, probability
from agentic_rag.config import load_settings
from agentic_rag.eval.golden import load_golden
from agentic_rag.eval.harness import run_eval

HERE = Path(__file__).resolve().parent
L2 = 0.3  # ridge on the weights (not the bias): few labelled questions
BINS = (0.0, 0.2, 0.4, 0.5, 0.6, 0.8, 0.9, 1.01)


def labelled(name: str) -> list[tuple[dict[str, float], bool, str]]:
    """(features, right, id) for every question of the set, asking back switched off."""
    stem = SETS[name]
    golden = load_golden(HERE / f"{stem}.yaml", HERE / f"{stem}.expected.json")
    out = run_eval(load_settings(offline_mode=True, clarify_below=0.0), golden=golden,
                   quiet=True, out_dir=Path("data/build/eval") / f"confidence-{name}")  # fmt: skip
    return [(r.reading_features, r.passed, r.id) for r in out.run.results]


def fit(rows: list[tuple[dict[str, float], bool, str]]) -> tuple[np.ndarray, float]:
    """Ridge logistic regression by Newton steps."""
    x = np.array([[f.get(k, 0.0) for k in FEATURES] for f, _, _ in rows])
    y = np.array([1.0 if ok else 0.0 for _, ok, _ in rows])
    xb = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(xb.shape[1])
    ridge = np.diag([L2] * len(FEATURES) + [0.0])
    for _ in range(50):
        p = 1 / (1 + np.exp(-xb @ w))
        grad = xb.T @ (p - y) + ridge @ w
        hess = xb.T @ (xb * (p * (1 - p))[:, None]) + ridge + 1e-6 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w[:-1], float(w[-1])


def report(name: str, rows: list[tuple[dict[str, float], bool, str]]) -> None:
    probs = [(probability(f), ok, qid) for f, ok, qid in rows if f]
    n = len(probs)
    right = sum(ok for _, ok, _ in probs)
    print(f"\n{name}: {n} questions with a reading, {right} right as guessed")
    print("  confidence      n  right  mean conf")
    ece = 0.0
    for lo, hi in pairwise(BINS):
        inside = [(p, ok) for p, ok, _ in probs if lo <= p < hi]
        if inside:
            acc = sum(ok for _, ok in inside) / len(inside)
            conf = sum(p for p, _ in inside) / len(inside)
            ece += len(inside) / n * abs(acc - conf)
            print(f"  [{lo:.1f}, {min(hi, 1.0):.1f})  {len(inside):4d}  {acc:5.0%}  {conf:9.2f}")
    high = [ok for p, ok, _ in probs if p >= 0.8]
    wrong = [p for p, ok, _ in probs if not ok]
    print(f"  ECE {ece:.3f}")
    print(f"  right among confidence >= 0.8: {sum(high)}/{len(high)}"
          + (f" = {sum(high) / len(high):.0%}" if high else ""))  # fmt: skip
    low = sum(p < 0.5 for p in wrong)
    print(f"  wrong with confidence < 0.5 (asked back): {low}/{len(wrong)}"
          + (f" = {low / len(wrong):.0%}" if wrong else ""))  # fmt: skip
    for below in sorted({0.5, load_settings().clarify_below, 0.45, 0.4}, reverse=True):
        asked = [ok for p, ok, _ in probs if p < below]
        print(f"  asking back below {below:.2f}: {asked.count(False)}/{len(wrong)} wrong answers "
              f"asked back, {sum(asked)}/{right} right answers asked back")  # fmt: skip
    for p, ok, qid in probs:
        if not ok and p >= 0.5:
            print(f"    sure but wrong: {qid} ({p:.2f})")


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("fit", "report"):
        print(__doc__)
        return 2
    if argv[0] == "fit":
        if any("check" in name for name in argv[1:]):
            raise SystemExit("fit on tune halves only: a check half is held out")
        rows = [row for name in argv[1:] for row in labelled(name) if row[0]]
        weights, bias = fit(rows)
        model = Calibration(features=list(FEATURES), weights=[round(float(v), 4) for v in weights],
                            bias=round(bias, 4), fitted_on=argv[1:], n=len(rows))  # fmt: skip
        MODEL_PATH.write_text(json.dumps(model.model_dump(), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {MODEL_PATH} from {len(rows)} questions "
              f"({sum(ok for _, ok, _ in rows)} right)")  # fmt: skip
        print(dict(zip(FEATURES, model.weights, strict=True)), "bias", model.bias)
        return 0
    for name in argv[1:]:
        report(name, labelled(name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
