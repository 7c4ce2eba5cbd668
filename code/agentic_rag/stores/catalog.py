"""Read and clean the catalog CSV: the single source all three stores are built from."""

from __future__ import annotations

import csv
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from agentic_rag.errors import DataBuildError

EXPECTED_COLUMNS = (
    "show_id",
    "type",
    "title",
    "director",
    "cast",
    "country",
    "date_added",
    "release_year",
    "rating",
    "duration",
    "listed_in",
    "description",
)

_DURATION = re.compile(r"^\s*(\d+)\s*(min|Seasons?)\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Title:
    """One cleaned row of the catalog. Empty strings became `None`."""

    show_id: str
    type: str
    title: str
    date_added: str | None
    release_year: int | None
    rating: str | None
    duration: str | None
    duration_minutes: int | None
    seasons: int | None
    description: str | None
    directors: tuple[str, ...] = field(default=())
    cast: tuple[str, ...] = field(default=())
    countries: tuple[str, ...] = field(default=())
    genres: tuple[str, ...] = field(default=())

    @property
    def director_text(self) -> str | None:
        return ", ".join(self.directors) or None

    @property
    def cast_text(self) -> str | None:
        return ", ".join(self.cast) or None

    @property
    def country_text(self) -> str | None:
        return ", ".join(self.countries) or None

    @property
    def genre_text(self) -> str | None:
        return ", ".join(self.genres) or None


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def split_multi(value: str | None) -> tuple[str, ...]:
    """Split a comma-separated field, dropping blanks and duplicates, keeping order."""
    if not value:
        return ()
    seen: dict[str, None] = {}
    for part in value.split(","):
        name = clean_text(part)
        if name:
            seen.setdefault(name, None)
    return tuple(seen)


def parse_date(value: str | None) -> str | None:
    """'September 25, 2021' (sometimes with leading spaces) -> '2021-09-25'."""
    if not value or not value.strip():
        return None
    try:
        return datetime.strptime(value.strip(), "%B %d, %Y").date().isoformat()
    except ValueError:
        return None


def parse_duration(value: str | None) -> tuple[int | None, int | None]:
    """'90 min' -> (90, None); '2 Seasons' -> (None, 2); anything else -> (None, None)."""
    match = _DURATION.match(value or "")
    if not match:
        return None, None
    number, unit = int(match.group(1)), match.group(2).lower()
    return (number, None) if unit == "min" else (None, number)


#: Invisible characters that carry no meaning: zero-width space (U+200B, in five titles and one
#: cast name), direction marks, word joiner, BOM. Zero-width (non-)joiners are kept: Indic
#: scripts and emoji need them.
_INVISIBLE = re.compile(r"[\u200b\u200e\u200f\u2060\ufeff]")
#: Any run of white space, the non-breaking spaces of some titles and descriptions included.
_SPACES = re.compile(r"\s+")


def clean_text(value: str | None) -> str | None:
    """One cell's text as shown: NFC, no invisible characters, single plain spaces, or `None`.

    Only what a reader cannot see changes (a composed "é" for "e" + combining accent, a plain
    space for a non-breaking one); the catalog's spelling is otherwise kept exactly.
    """
    if value is None:
        return None
    value = _SPACES.sub(" ", _INVISIBLE.sub("", unicodedata.normalize("NFC", value))).strip()
    return value or None


def clean_row(row: dict[str, str]) -> Title:
    rating, duration = clean_text(row.get("rating")), clean_text(row.get("duration"))
    # Three rows of the source carry the duration in the rating column.
    if duration is None and rating and _DURATION.match(rating):
        rating, duration = None, rating
    minutes, seasons = parse_duration(duration)
    year = clean_text(row.get("release_year"))
    show_id = row["show_id"].strip()
    return Title(
        show_id=show_id,
        type=row["type"].strip(),
        # A title left empty (none in the authentic file; nine in an old mangled copy) still
        # needs a name to be cited by.
        title=clean_text(row.get("title")) or f"(untitled {show_id})",
        date_added=parse_date(row.get("date_added")),
        release_year=int(year) if year and year.isdigit() else None,
        rating=rating,
        duration=duration,
        duration_minutes=minutes,
        seasons=seasons,
        description=clean_text(row.get("description")),
        directors=split_multi(row.get("director")),
        cast=split_multi(row.get("cast")),
        countries=split_multi(row.get("country")),
        genres=split_multi(row.get("listed_in")),
    )


def load_catalog(path: Path) -> list[Title]:
    """Read the CSV and return cleaned titles, or raise `DataBuildError` saying how to fix it."""
    path = Path(path)
    if not path.is_file():
        raise DataBuildError(
            f"Catalog CSV not found at {path}. Restore it with `git checkout -- {path.name}` "
            "or set CSV_PATH in .env."
        )
    try:
        with path.open(encoding="utf-8", newline="") as fh:
            reader = csv.DictReader(fh)
            header = tuple(reader.fieldnames or ())
            missing = [c for c in EXPECTED_COLUMNS if c not in header]
            if missing:
                raise DataBuildError(
                    f"Catalog CSV {path} is missing columns {missing}; "
                    f"expected {list(EXPECTED_COLUMNS)}. "
                    "Use the Netflix titles CSV that ships in data/."
                )
            titles = [clean_row(row) for row in reader if (row.get("show_id") or "").strip()]
    except UnicodeDecodeError as exc:
        raise DataBuildError(
            f"Catalog CSV {path} is not UTF-8 text ({exc}); restore the original file."
        ) from exc
    except csv.Error as exc:
        raise DataBuildError(
            f"Catalog CSV {path} is corrupt ({exc}); restore the original file."
        ) from exc
    if not titles:
        raise DataBuildError(f"Catalog CSV {path} has no rows; restore the original file.")
    ids = [t.show_id for t in titles]
    if len(set(ids)) != len(ids):
        raise DataBuildError(
            f"Catalog CSV {path} repeats show_id values; each title needs a unique id."
        )
    return titles
