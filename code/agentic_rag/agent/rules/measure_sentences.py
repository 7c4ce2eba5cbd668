"""The answer of a measure over running times or seasons (`measure_sql`): a set's mean, total
or median, said in the unit asked (hours too when hours are asked) with how many titles it
covers; or two sets' means side by side and which is larger."""

from __future__ import annotations

from agentic_rag.agent.rules.rows import cell
from agentic_rag.agent.rules.spec import QuerySpec

_HEADS = ("average", "total", "median")


def _key(row: dict[str, object]) -> str | None:
    return next((k for k in row if k.split("_")[0] in _HEADS), None)


def _titles(k: object) -> str:
    return f"{k:,} {'title' if k == 1 else 'titles'}" if isinstance(k, int) else "? titles"


def _amount(value: object, unit: str, in_hours: bool, total: bool) -> str:
    """'**12,345** minutes (205.75 hours)'; a total asked in hours: '**205.75** hours (…)'."""
    if not isinstance(value, int | float):
        return "no figure"
    said = f"{value:,}" if isinstance(value, int) else f"{value:g}"
    if unit != "minutes" or not in_hours:  # "1 season"
        return f"**{said}** {unit if value != 1 else unit[:-1]}"
    hours = f"{round(value / 60, 2):g}"
    return f"**{hours}** hours ({said} minutes)" if total else f"**{said}** minutes ({hours} hours)"


def measured(spec: QuerySpec, rows: list[dict[str, object]], n: int) -> str | None:
    """The sentence of an average / total / median part or of a comparison of means; None
    when the rows hold no measure."""
    key = _key(rows[0]) if rows else None
    if key is None:
        return None
    head, col = key.split("_", 1)
    unit = "seasons" if col == "seasons" else "minutes"
    if spec.op == "compare":
        return _compared(rows, key, unit, spec.in_hours, n)
    row = rows[0]
    amount = _amount(row[key], unit, spec.in_hours, head == "total")
    opener = {"average": "On average", "total": "In total", "median": "The median is"}[head]
    return f"{opener} {amount}, over {_titles(row.get('titles'))} [{n}]."


def _compared(rows: list[dict[str, object]], key: str, unit: str, hrs: bool, n: int) -> str:
    said = "Average running time" if unit == "minutes" else "Average seasons"
    sides = "; ".join(
        f"{cell(r['label'])}: {_amount(r.get(key), unit, hrs, False)} "
        f"over {_titles(r.get('titles'))}"
        for r in rows
    )
    known = [r for r in rows if isinstance(r.get(key), int | float)]
    if len(known) < 2:
        return f"{said} — {sides} [{n}]. Only one side has titles to compare."
    a, b = sorted(known, key=lambda r: -float(r[key]))[:2]  # type: ignore[arg-type]
    if a[key] == b[key]:
        return f"{said} — {sides} [{n}]. The same on average."
    more = "Longer" if unit == "minutes" else "More seasons"
    return f"{said} — {sides} [{n}]. {more} on average: {cell(a['label'])}."
