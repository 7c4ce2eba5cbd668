"""Catalog vocabulary the offline planner matches: genres, countries, ratings, type, years.

Synonym tables (genre cues, demonyms) and date patterns, and `VocabMatcher`, the `Lexicon`
mixin that finds them in a question as spans. Matching is case-insensitive on word tokens,
longest match first, with rules that keep false positives low.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

WORD = re.compile(r"\w+(?:['’]\w+)*")
TYPES = ("Movie", "TV Show")
#: Words that never start or make up an unquoted title or a single-word person match.
_COMMON_WORDS = """
    a about above after again against all also am an and any are as at be because been
    before being below between both but by can could did do does doing down during each few
    for from further had has have having he her here hers him his how i if in into is it its
    just me more most my no nor not now of off on once only or other our out over own same
    she should so some such than that the their them then there these they this those
    through to too under until up very was we were what when where which while who whom why
    will with would you your yours show shows movie movies film films series tv title titles
    netflix list find tell give count many much number top best new old latest recent year
    years season seasons episode episodes director directors actor actors cast star stars
    love life war crime heist dark home family people man woman kids children world time
    night day story deep heavy wanted worth explained department together like similar rated
    rating genre genres country please one two three first last next less long short good
    bad big little black white red blue drama dramas comedy comedies horror thriller
    thrillers action documentary documentaries anime romance romantic reality music sports
    kid teen trip dogs cats money power truth lies compare recommend suggest describe name
    search looking want need watch watched ever based set starring directed featuring made
    produced released added available
"""
COMMON = frozenset(_COMMON_WORDS.split())
GENRE_SYNONYMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # cue -> (movie genres, TV genres)
    r"horror|scary": (("Horror Movies",), ("TV Horror",)),
    r"comed(?:y|ies)|funny|sitcoms?": (("Comedies",), ("TV Comedies",)),
    r"documentar(?:y|ies)|docs?": (("Documentaries",), ("Docuseries",)),
    r"docuseries|docu-series": ((), ("Docuseries",)),
    r"anime": (("Anime Features",), ("Anime Series",)),
    r"thrillers?|suspense(?:ful)?": (("Thrillers",), ("TV Thrillers",)),
    r"romance|romantic|rom-?coms?|love stor(?:y|ies)": (
        ("Romantic Movies",),
        ("Romantic TV Shows",),
    ),
    r"sci-?fi|science[- ]fiction|fantasy": (("Sci-Fi & Fantasy",), ("TV Sci-Fi & Fantasy",)),
    r"kids|children'?s?|family[- ](?:friendly|movies?|films?|shows?)|cartoons?": (
        ("Children & Family Movies",),
        ("Kids' TV",),
    ),
    r"dramas?": (("Dramas",), ("TV Dramas",)),
    r"action|adventures?": (("Action & Adventure",), ("TV Action & Adventure",)),
    r"stand-?up|stand up|comedy specials?": (
        ("Stand-Up Comedy",),
        ("Stand-Up Comedy & Talk Shows",),
    ),
    r"talk shows?": ((), ("Stand-Up Comedy & Talk Shows",)),
    r"reality": (("Reality TV",), ("Reality TV",)),
    r"crime": ((), ("Crime TV Shows",)),
    r"myster(?:y|ies)|whodunn?its?": ((), ("TV Mysteries",)),
    r"musicals?|music": (("Music & Musicals",), ("Music & Musicals",)),
    r"sports?": (("Sports Movies",), ("Sports Movies",)),
    r"independent|indie": (("Independent Movies",), ("Independent Movies",)),
    r"classics?": (("Classic Movies",), ("Classic & Cult TV",)),
    r"cult": (("Cult Movies",), ("Classic & Cult TV",)),
    r"lgbtq?\+?|gay|lesbian|queer": (("LGBTQ Movies",), ("LGBTQ Movies",)),
    r"faith|christian|spiritual(?:ity)?|religious": (("Faith & Spirituality",),) * 2,
    r"teen(?:age)?s?": ((), ("Teen TV Shows",)),
    r"k-?dramas?": ((), ("Korean TV Shows",)),
    r"nature|science": ((), ("Science & Nature TV",)),
    r"international|foreign": (("International Movies",), ("International TV Shows",)),
}
AMBIGUOUS_COUNTRIES = frozenset({"turkey", "georgia", "jordan", "chile", "china", "cuba"})
DEMONYMS: dict[str, str] = {
    "indian|bollywood|tollywood": "India",
    "korean|korea": "South Korea",
    "japanese": "Japan",
    "british|uk|u\\.k\\.|england|english-made": "United Kingdom",
    "french": "France",
    "american|usa|u\\.s\\.a?\\.|america": "United States",
    "spanish": "Spain",
    "mexican": "Mexico",
    "german": "Germany",
    "turkish": "Turkey",
    "egyptian": "Egypt",
    "nigerian|nollywood": "Nigeria",
    "canadian": "Canada",
    "australian": "Australia",
    "chinese": "China",
    "brazilian": "Brazil",
    "italian": "Italy",
    "argentin(?:e|ian)": "Argentina",
    "filipino|philippine": "Philippines",
    "thai": "Thailand",
    "indonesian": "Indonesia",
    "polish": "Poland",
    "swedish": "Sweden",
    "norwegian": "Norway",
    "danish": "Denmark",
    "dutch": "Netherlands",
    "belgian": "Belgium",
    "irish": "Ireland",
    "israeli": "Israel",
    "lebanese": "Lebanon",
    "russian": "Russia",
    "south african": "South Africa",
    "colombian": "Colombia",
    "chilean": "Chile",
    "taiwanese": "Taiwan",
    "pakistani": "Pakistan",
    "saudi": "Saudi Arabia",
    "emirati": "United Arab Emirates",
    "kenyan": "Kenya",
    "ghanaian": "Ghana",
    "malaysian": "Malaysia",
    "singaporean": "Singapore",
    "vietnamese": "Vietnam",
    "portuguese": "Portugal",
    "greek": "Greece",
    "austrian": "Austria",
    "swiss": "Switzerland",
    "finnish": "Finland",
    "icelandic": "Iceland",
    "hungarian": "Hungary",
    "czech": "Czech Republic",
    "ukrainian": "Ukraine",
    "romanian": "Romania",
    "peruvian": "Peru",
    "cuban": "Cuba",
    "moroccan": "Morocco",
    "iranian": "Iran",
    "iraqi": "Iraq",
    "syrian": "Syria",
    "jordanian": "Jordan",
    "kuwaiti": "Kuwait",
    "bangladeshi": "Bangladesh",
    "nepali|nepalese": "Nepal",
    "sri lankan": "Sri Lanka",
    "venezuelan": "Venezuela",
    "uruguayan": "Uruguay",
    "hong kong": "Hong Kong",
}
_DECADE = re.compile(r"\b(?:(1[89]|20)(\d)0'?s|'?([0-9])0'?s)\b")
_YEAR = r"(1[89]\d\d|20\d\d)"
_RANGE = re.compile(rf"\b(?:between|from)?\s*{_YEAR}\s*(?:-|–|to|and|until|through)\s*{_YEAR}\b")
_OPEN = re.compile(
    rf"\b(before|until|up to|through|prior to|earlier than|after|since|later than)\s+{_YEAR}\b"
)
_DECADE_WORDS = {"sixties": 1960, "seventies": 1970, "eighties": 1980, "nineties": 1990}
_ONE = re.compile(rf"\b{_YEAR}\b")
_MONTHS = "january february march april may june july august september october november december"
MONTHS = {m: i for i, m in enumerate(_MONTHS.split(), start=1)}
_ADDED = re.compile(
    rf"\badded(?:\s+to\s+netflix)?\s+(in|during|since|after|before)\s+"
    rf"(?:({'|'.join(MONTHS)})\s+)?{_YEAR}\b",
    re.IGNORECASE,
)

Span = tuple[int, int, str]  # start, end, canonical value


def overlaps(found: Iterable[Span], start: int, end: int) -> bool:
    return any(s < end and start < e for s, e, _ in found)


def unique(values: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(values))


class VocabMatcher:
    """Genre, country, rating, type, year and date-added matching (a `Lexicon` mixin)."""

    genres: Sequence[str]
    countries: Sequence[str]
    ratings: Sequence[str]
    _genre_keys: dict[str, str]  # norm_key(genre) -> genre
    _country_keys: dict[str, str]  # norm_key(country) -> country

    def genre_spans(self, text: str, type_: str | None = None) -> list[Span]:
        found: list[Span] = []
        low = text.casefold()
        multi = sorted(
            (k for k in self._genre_keys if " " in k and k not in ("tv shows",)),
            key=len,
            reverse=True,
        )
        for key in multi:
            pattern = r"\b" + r"\W+".join(map(re.escape, key.split())) + r"\b"
            for m in re.finditer(pattern, low):
                if not overlaps(found, m.start(), m.end()):
                    found.append((m.start(), m.end(), self._genre_keys[key]))
        for cue, (movie, tv) in GENRE_SYNONYMS.items():
            names = movie if type_ == "Movie" else tv if type_ == "TV Show" else (*movie, *tv)
            for m in re.finditer(rf"(?<![\w-])(?:{cue})(?![\w-])", low):
                if overlaps(found, m.start(), m.end()):
                    continue
                for name in dict.fromkeys(names):
                    if name in self.genres:
                        found.append((m.start(), m.end(), name))
        return sorted(found)

    def country_spans(self, text: str) -> list[Span]:
        found: list[Span] = []
        low = text.casefold()
        for key in sorted(self._country_keys, key=len, reverse=True):
            pattern = r"\b" + r"\s+".join(map(re.escape, key.split())) + r"\b"
            for m in re.finditer(pattern, low):
                if key in AMBIGUOUS_COUNTRIES and not text[m.start()].isupper():
                    continue
                if not overlaps(found, m.start(), m.end()):
                    found.append((m.start(), m.end(), self._country_keys[key]))
        for m in re.finditer(r"\b(?:US|USA|UK)\b", text):
            if not overlaps(found, m.start(), m.end()):
                value = "United Kingdom" if m.group() == "UK" else "United States"
                found.append((m.start(), m.end(), value))
        for cue, country in DEMONYMS.items():
            for m in re.finditer(rf"(?<![\w-])(?:{cue})(?![\w-])(?![\s-]language)", low):
                if country in self.countries and not overlaps(found, m.start(), m.end()):
                    found.append((m.start(), m.end(), country))
        return sorted(found)

    def rating_spans(self, text: str) -> list[Span]:
        found: list[Span] = []
        for rating in sorted(self.ratings, key=len, reverse=True):
            esc = re.escape(rating)
            if "-" in rating:  # PG-13, TV-MA: safe anywhere, any case
                pattern, flags = rf"(?<![\w-]){esc}(?![\w-])", re.IGNORECASE
            elif len(rating) > 1:  # PG, NR, UR: upper case only
                pattern, flags = rf"(?<![\w-]){esc}(?![\w-])", 0
            else:  # G, R: only as 'rated R' or 'R-rated'
                pattern, flags = rf"\b[Rr]ated\s+{esc}\b|(?<![\w-]){esc}-rated\b", 0
            for m in re.finditer(pattern, text, flags):
                if not overlaps(found, m.start(), m.end()):
                    found.append((m.start(), m.end(), rating))
        return sorted(found)

    def find_genres(self, text: str, type_: str | None = None) -> list[str]:
        return unique(v for _, _, v in self.genre_spans(text, type_ or self.find_type(text)))

    def find_countries(self, text: str) -> list[str]:
        return unique(v for _, _, v in self.country_spans(text))

    def find_rating(self, text: str) -> str | None:
        spans = self.rating_spans(text)
        return spans[0][2] if spans else None

    @staticmethod
    def find_type(text: str) -> str | None:
        low = re.sub(r"\b(?:show|tell|give)\s+(?:me|us)\b", " ", text.casefold())
        low = re.sub(r"\btv-(?:y7-fv|y7|y|g|pg|14|ma)\b", " ", low)  # ratings, not the TV type
        movie = re.search(r"\b(?:movies?|films?|features?|motion pictures?)\b", low)
        tv = re.search(
            r"\b(?:tv|shows|series|sitcoms?|seasons?|episodes?|docuseries|miniseries|"
            r"(?:a|the|this|that|which|what|tv)\s+show)\b",
            low,
        )
        if movie and not tv:
            return "Movie"
        if tv and not movie:
            return "TV Show"
        return None

    @staticmethod
    def find_years(text: str) -> tuple[int | None, int | None]:
        """Release-year range named in `text` (either end may be open); (None, None) if none."""
        low = _ADDED.sub(" ", text.casefold())
        if m := _RANGE.search(low):
            a, b = sorted((int(m.group(1)), int(m.group(2))))
            return a, b
        if m := _OPEN.search(low):
            word, year = m.group(1), int(m.group(2))
            if word in ("before", "prior to", "earlier than"):
                return None, year - 1
            if word in ("until", "up to", "through"):
                return None, year
            if word in ("after", "later than"):
                return year + 1, None
            if word == "since":
                return year, None
        for word, start in _DECADE_WORDS.items():
            if re.search(rf"\b{word}\b", low):
                return start, start + 9
        if m := _DECADE.search(low):
            century = m.group(1)
            if century is None:
                century = "19" if m.group(3) != "0" and m.group(3) != "1" else "20"
                start = int(century + m.group(3) + "0")
            else:
                start = int(century + m.group(2) + "0")
            return start, start + 9
        if m := _ONE.search(low):
            return int(m.group(1)), int(m.group(1))
        return None, None

    @staticmethod
    def find_date_added(text: str) -> tuple[str | None, str | None]:
        """ISO bounds [from, to) of 'added in/since/before [month] YEAR', else (None, None)."""
        m = _ADDED.search(text)
        if not m:
            return None, None
        word, month, year = m.group(1).lower(), m.group(2), int(m.group(3))
        if month:
            mon = MONTHS[month.lower()]
            start = f"{year}-{mon:02d}-01"
            end = f"{year + (mon == 12)}-{mon % 12 + 1:02d}-01"
        else:
            start, end = f"{year}-01-01", f"{year + 1}-01-01"
        if word == "since":
            return start, None
        if word == "after":
            return end, None
        if word == "before":
            return None, start
        return start, end
