"""A benchmark figure and how the set of figures is printed."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console
from rich.table import Table


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    target: str | None = None
    met: bool | None = None

    def formatted(self) -> str:
        if self.unit == "ms":
            return f"{self.value:,.1f} ms"
        if self.unit == "s":
            return f"{self.value:,.2f} s"
        if self.unit == "tokens":
            return f"{self.value:,.0f} tokens"
        if self.unit == "x":
            return f"{self.value:,.2f}x"
        return f"{self.value:,.4g} {self.unit}".strip()


def print_figures(title: str, figures: list[Figure], console: Console | None = None) -> None:
    table = Table(title=title)
    for col in ("figure", "value", "target", "met"):
        table.add_column(col)
    for f in figures:
        met = "" if f.met is None else ("yes" if f.met else "NO")
        table.add_row(f.name, f.formatted(), f.target or "", met)
    (console or Console()).print(table)
