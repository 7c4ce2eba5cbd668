"""A person's name as typed without its middle initials ("wenn deramas" is Wenn V. Deramas,
"michael fox" Michael J. Fox): the key of each catalog name whose middle words are single
letters, without them, when that key is no other person's whole name and no two names share
it ("richard jones" is Richard C. Jones or Richard T. Jones: none of them, both offered)."""

from __future__ import annotations

from collections.abc import Mapping

_INITIAL = 1  # the letters of a middle initial ("V." keys as "v")


def short_names(person_keys: Mapping[str, str]) -> dict[str, list[str]]:
    """Each name key without its middle initials -> the people it may name (one: that person;
    several: none of them, each offered)."""
    found: dict[str, set[str]] = {}
    for k, name in person_keys.items():
        words = k.split()
        kept = [
            w for i, w in enumerate(words) if not (0 < i < len(words) - 1 and len(w) == _INITIAL)
        ]
        if 2 <= len(kept) < len(words):
            found.setdefault(" ".join(kept), set()).add(name)
    return {k: sorted(names) for k, names in found.items() if k not in person_keys}
