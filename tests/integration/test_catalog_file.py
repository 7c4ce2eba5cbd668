"""The shipped catalog is the authentic UTF-8 file, never a copy with its accents mangled."""

from __future__ import annotations

import csv
import re

from agentic_rag.config import PROJECT_ROOT
from agentic_rag.stores.catalog import sha256_of

CSV = PROJECT_ROOT / "data" / "netflix_titles.csv"
AUTHENTIC_SHA256 = "df1f4ad2027a5a14c3a33932ef0d4054565ff88adf92b7f263601b70fdc6f3f3"


def rows() -> list[dict[str, str]]:
    with CSV.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def test_shipped_csv_is_the_authentic_file() -> None:
    assert sha256_of(CSV) == AUTHENTIC_SHA256


def test_row_count_and_non_ascii_cells() -> None:
    data = rows()
    assert len(data) == 8807
    non_ascii = sum(1 for r in data for v in r.values() if v and not v.isascii())
    assert non_ascii == 3199


def test_no_cell_looks_space_mangled() -> None:
    # The damaged copy replaced each non-ASCII character by a run of spaces: "Ra      l C".
    mangled = re.compile(r"\w {3,}\w")
    names = [v for r in rows() for k, v in r.items() if k in ("title", "director", "cast")]
    assert [v for v in names if mangled.search(v)] == []
    assert "Raúl Campos" in {n.strip() for v in names for n in v.split(",")}
