"""How a range is said: years and amounts ("1980–1989", "121 min or more") and windows of
dates added ("in 2019", "on 2020-01-01", "from 2019-03 up to (not including) 2019-06")."""

from __future__ import annotations

from datetime import date, timedelta


def value_range(lo: object, hi: object, unit: str = "") -> str:
    """'1980–1989', '121 min or more'; years (no unit) run 'or later' / 'or earlier'."""
    if lo is not None and hi is not None:  # "1 season", not "1 seasons"
        return f"{lo}{unit.rstrip('s') if lo == 1 else unit}" if lo == hi else f"{lo}–{hi}{unit}"
    if lo is not None:
        return f"{lo}{unit} or {'more' if unit else 'later'}"
    return f"{hi}{unit} or {'less' if unit else 'earlier'}"


def date_span(lo: str | None, hi: str | None) -> str:
    def short(d: str) -> str:
        return d[:4] if d.endswith("-01-01") else d[:7] if d.endswith("-01") else d

    if lo and hi:
        if lo.endswith("-01-01") and hi.endswith("-01-01"):
            a, b = int(lo[:4]), int(hi[:4]) - 1
            return f"in {a}" if a == b else f"in {a}–{b}"
        if date.fromisoformat(hi) - date.fromisoformat(lo) == timedelta(days=1):
            return f"on {lo}"  # one day ("on new year's day 2020")
        return f"from {short(lo)} up to (not including) {short(hi)}"
    return f"on or after {lo}" if lo else f"before {hi}"
