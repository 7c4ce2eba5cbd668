"""The Evaluation page's reading of runs: the newest readable run, its raw JSON (where data
the run model does not know yet, like calibration, is found), and its rows."""

from __future__ import annotations

import json

from agentic_rag.eval.report import EvalRun, write_run
from agentic_rag.eval.scoring import QuestionResult
from agentic_rag.ui.eval_page import accuracy_spec, latest_run, question_rows


def _run(run_id: str, passed: bool) -> EvalRun:
    result = QuestionResult(
        id="q1",
        category="lookup",
        question="Who directed Inception?",
        passed=passed,
        detail="ok" if passed else "missing",
        answer="Nolan",
    )
    return EvalRun(
        run_id=run_id,
        started_at="2026-11-25T09:00:00",
        mode="offline",
        mode_label="Offline",
        results=[result],
    )


def test_the_newest_run_with_its_raw_json_and_calibration_only_when_present(tmp_path):
    assert latest_run(tmp_path) is None
    write_run(_run("20261125-090000-000", False), tmp_path)
    path, _ = write_run(_run("20261125-100000-000", True), tmp_path)
    run, raw = latest_run(tmp_path)
    assert run.run_id == "20261125-100000-000" and not raw["calibration"]  # no confidences
    raw["calibration"] = [{"confidence": 0.9, "accuracy": 0.8, "n": 10}]
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert latest_run(tmp_path)[1]["calibration"][0]["n"] == 10
    (tmp_path / "20261125-110000-000.json").write_text("{not json", encoding="utf-8")
    assert latest_run(tmp_path)[0].run_id == "20261125-100000-000"  # unreadable: skipped


def test_question_rows_say_right_or_wrong_in_words():
    rows = question_rows(_run("r", True).results + _run("r", False).results)
    assert [r["right"] for r in rows] == ["✅ right", "❌ wrong"]
    assert rows[0]["answer"] == "Nolan" and rows[1]["why"] == "missing"
    spec = accuracy_spec(_run("r", True))
    assert spec["width"] == "container" and spec["encoding"]["x"]["scale"]["domain"] == [0, 100]
