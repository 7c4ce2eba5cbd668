"""A misspelt question word one edit from two words is mended the same way in every run (the
everyday words are a set, whose order changes with the hash seed): the word sharing the longest
start wins ("ther" is "there", not "their"). Found when one stranger question ("how many tv-y7
stuff is ther") passed or failed from run to run."""

from __future__ import annotations

import os
import subprocess
import sys

from agentic_rag.agent.rules.mend import correction

WORDS = ["ther", "wher", "thn", "thier", "shwos", "mvoies"]


def _run(seed: int) -> str:
    code = (
        "from agentic_rag.agent.rules.mend import correction;"
        f"print([correction(w) for w in {WORDS!r}])"
    )
    env = {**os.environ, "PYTHONHASHSEED": str(seed)}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    ).stdout


def test_a_tie_between_two_mendings_is_broken_the_same_way_under_any_hash_seed():
    outs = {_run(seed) for seed in (1, 2, 3, 7)}
    assert len(outs) == 1


def test_the_word_sharing_the_longest_start_wins_a_tie():
    assert correction("ther") == "there"
    assert correction("wher") == "where"
