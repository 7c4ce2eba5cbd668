"""The names a reading line gives to groups, roles, orders and measures (`phrasing`)."""

from __future__ import annotations

GROUP_NAMES = {
    "country": "country",
    "genre": "genre",
    "director": "director",
    "cast": "actor",
    "release_year": "release year",
    "added_year": "year added",
    "added_month": "month added",
    "added_calendar_month": "month of the year added",
    "rating": "rating",
    "type": "type",
}
#: how a person's role reads before their name ("directed by Christopher Nolan")
ROLE_WORDS = {"director": "directed by", "cast": "featuring"}
ORDER_NAMES = {
    "duration_minutes": ("longest", "shortest"),
    "seasons": ("most seasons", "fewest seasons"),
    "release_year": ("newest", "oldest"),
    "date_added": ("most recently added", "first added"),
    "title": ("", ""),
}
#: what an average part measures, as its reading says it ("Total seasons of …")
MEASURE_NAMES = {"mean": "average", "total": "total", "median": "median"}
