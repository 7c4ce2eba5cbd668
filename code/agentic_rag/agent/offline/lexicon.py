"""What the offline planner knows about the catalog: genres, countries, ratings, people, titles.

Everything is matched case-insensitively on word tokens, longest match first, with rules
that keep false positives low (stop words never match; single words only when capitalised).
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

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
    "indian|bollywood|tollywood": "India", "korean|korea": "South Korea", "japanese": "Japan",
    "british|uk|u\\.k\\.|england|english-made": "United Kingdom", "french": "France",
    "american|usa|u\\.s\\.a?\\.|america": "United States", "spanish": "Spain",
    "mexican": "Mexico", "german": "Germany", "turkish": "Turkey", "egyptian": "Egypt",
    "nigerian|nollywood": "Nigeria", "canadian": "Canada", "australian": "Australia",
    "chinese": "China", "brazilian": "Brazil", "italian": "Italy", "argentin(?:e|ian)": "Argentina",
    "filipino|philippine": "Philippines", "thai": "Thailand", "indonesian": "Indonesia",
    "polish": "Poland", "swedish": "Sweden", "norwegian": "Norway", "danish": "Denmark",
    "dutch": "Netherlands", "belgian": "Belgium", "irish": "Ireland", "israeli": "Israel",
    "lebanese": "Lebanon", "russian": "Russia", "south african": "South Africa",
    "colombian": "Colombia", "chilean": "Chile", "taiwanese": "Taiwan", "pakistani": "Pakistan",
    "saudi": "Saudi Arabia", "emirati": "United Arab Emirates", "kenyan": "Kenya",
    "ghanaian": "Ghana", "malaysian": "Malaysia", "singaporean": "Singapore",
    "vietnamese": "Vietnam", "portuguese": "Portugal", "greek": "Greece", "austrian": "Austria",
    "swiss": "Switzerland", "finnish": "Finland", "icelandic": "Iceland",
    "hungarian": "Hungary", "czech": "Czech Republic", "ukrainian": "Ukraine",
    "romanian": "Romania", "peruvian": "Peru", "cuban": "Cuba", "moroccan": "Morocco",
    "iranian": "Iran", "iraqi": "Iraq", "syrian": "Syria", "jordanian": "Jordan",
    "kuwaiti": "Kuwait", "bangladeshi": "Bangladesh", "nepali|nepalese": "Nepal",
    "sri lankan": "Sri Lanka", "venezuelan": "Venezuela", "uruguayan": "Uruguay",
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


def norm_key(text: str) -> str:
    """Casefolded word tokens joined by single spaces (how titles and names are indexed)."""
    return " ".join(w.casefold().replace("’", "'") for w in WORD.findall(text))


def norm_keys(values: Sequence[str]) -> list[str]:
    """`norm_key` of many values at once (a few regex passes over one joined string)."""
    blob = "\n".join(v.replace("\n", " ") for v in values).casefold().replace("’", "'")
    blob = re.sub(r"(?<!\w)'|'(?!\w)", " ", re.sub(r"[^\w'\n]+", " ", blob))
    return [" ".join(line.split()) for line in blob.split("\n")] if values else []


def _capitalised(word: str) -> bool:
    return word[:1].isupper() or word[:1].isdigit()


Span = tuple[int, int, str]  # start, end, canonical value


@dataclass
class Lexicon:
    """Known catalog vocabulary; build with `from_sqlite(conn)` or from explicit lists."""

    genres: Sequence[str]
    countries: Sequence[str]
    ratings: Sequence[str]
    people: Sequence[str] = ()
    titles: Sequence[str] = ()
    #: title -> (show_id, type, release_year, description) for titles of the catalog
    shows: dict[str, tuple[str, str, int | None, str]] = field(default_factory=dict)
    types: Sequence[str] = TYPES

    def __post_init__(self) -> None:
        self._people = {k: n for k, n in zip(norm_keys(self.people), self.people, strict=True) if k}
        titles = [*self.titles, *self.shows]
        self._titles = {k: x for k, x in zip(norm_keys(titles), titles, strict=True) if k}
        parts = {w for k in self._people if " " in k for w in k.split()}
        self._ambiguous_single = parts | set(self._titles)
        self._max_title = max((k.count(" ") + 1 for k in self._titles), default=1)
        self._genre_keys = {norm_key(g): g for g in self.genres}
        self._country_keys = {norm_key(c): c for c in self.countries}
        #: unquoted scans skip titles that are just a country or genre name ("India")
        self._scan_titles = {
            k: v for k, v in self._titles.items()
            if k not in self._genre_keys and k not in self._country_keys
        }

    @classmethod
    def from_sqlite(cls, conn: sqlite3.Connection) -> Lexicon:
        """Load the vocabulary from the catalog database (about 0.1 s on the full catalog)."""

        def column(sql: str) -> list[str]:
            return [r[0] for r in conn.execute(sql) if r[0]]

        shows = {
            title: (sid, typ, year, desc or "")
            for sid, title, typ, year, desc in conn.execute(
                "SELECT show_id, title, type, release_year, description FROM shows "
                "ORDER BY release_year, show_id"
            )
            if title
        }
        return cls(
            genres=column("SELECT name FROM genres ORDER BY name"),
            countries=column("SELECT name FROM countries ORDER BY name"),
            ratings=column("SELECT DISTINCT rating FROM shows WHERE rating IS NOT NULL"),
            people=column("SELECT name FROM people"),
            shows=shows,
        )

    @cached_property
    def everyday_words(self) -> frozenset[str]:
        """Words used in lower case at least 3 times in descriptions: English, not names."""
        text = " ".join(info[3] for info in self.shows.values())
        counts = Counter(re.findall(r"\b[a-z]{3,}\b", text))
        return frozenset(w for w, n in counts.items() if n >= 3) | COMMON

    # -- n-gram lookups ---------------------------------------------------------
    def lookup_person(self, text: str) -> str | None:
        return self._people.get(norm_key(text))

    def lookup_title(self, text: str) -> str | None:
        key = norm_key(text)
        return self._titles.get(key) or self._titles.get(f"the {key}")

    def show(self, title: str) -> tuple[str, str, int | None, str] | None:
        return self.shows.get(title)

    def person_spans(self, text: str) -> list[Span]:
        toks = [(m.group(), m.start(), m.end()) for m in WORD.finditer(text)]
        found: list[Span] = []
        i = 0
        while i < len(toks):
            for n in (4, 3, 2, 1):
                gram = toks[i : i + n]
                if len(gram) < n:
                    continue
                name = self._people.get(" ".join(w.casefold() for w, _, _ in gram))
                if name and self._person_ok(gram):
                    found.append((gram[0][1], gram[-1][2], name))
                    i += n - 1
                    break
            i += 1
        return found

    def _person_ok(self, gram: list[tuple[str, int, int]]) -> bool:
        words = [w for w, _, _ in gram]
        if len(words) == 1:
            w = words[0]
            return (
                len(w) >= 3 and w[0].isupper() and w.casefold() not in self.everyday_words
                and w.casefold() not in self._ambiguous_single
            )
        return not all(w.casefold() in COMMON for w in words)

    def title_spans(self, text: str, loose: bool = False) -> list[Span]:
        """Quoted strings, then known titles (capitalised unless `loose`), longest first."""
        found: list[Span] = []
        for m in re.finditer(r"\"([^\"]{1,200})\"|“([^”]{1,200})”|(?:^|(?<=[\s(]))'([^']{1,200})'"
                             r"(?=[\s?.!,;:)]|$)", text):
            raw = next(g for g in m.groups() if g is not None).strip()
            if raw:
                found.append((m.start(), m.end(), self.lookup_title(raw) or raw))
        toks = [(m.group(), m.start(), m.end()) for m in WORD.finditer(text)]
        i = 0
        while i < len(toks):
            hit = None
            for n in range(min(self._max_title, len(toks) - i), 0, -1):
                gram = toks[i : i + n]
                key = " ".join(w.casefold() for w, _, _ in gram)
                title = self._scan_titles.get(key)
                if title is None and i and toks[i - 1][0].casefold() == "the":
                    title = self._scan_titles.get(f"the {key}")
                if title and self._title_ok(gram, loose):
                    hit = (gram[0][1], gram[-1][2], title)
                    break
            if hit and not any(s < hit[1] and hit[0] < e for s, e, _ in found):
                found.append(hit)
                i += n
            else:
                i += 1
        return sorted(found)

    def _title_ok(self, gram: list[tuple[str, int, int]], loose: bool) -> bool:
        words = [w for w, _, _ in gram]
        if not loose and not _capitalised(words[0]):
            return False
        if len(words) == 1:
            return len(words[0]) >= 3 and words[0].casefold() not in self.everyday_words
        return any(w.casefold() not in COMMON for w in words) or all(
            _capitalised(w) or loose for w in words if len(w) > 3
        )

    # -- vocabulary -------------------------------------------------------------
    def genre_spans(self, text: str, type_: str | None = None) -> list[Span]:
        found: list[Span] = []
        low = text.casefold()
        multi = sorted((k for k in self._genre_keys if " " in k and k not in ("tv shows",)),
                       key=len, reverse=True)
        for key in multi:
            pattern = r"\b" + r"\W+".join(map(re.escape, key.split())) + r"\b"
            for m in re.finditer(pattern, low):
                if not _overlaps(found, m.start(), m.end()):
                    found.append((m.start(), m.end(), self._genre_keys[key]))
        for cue, (movie, tv) in GENRE_SYNONYMS.items():
            names = movie if type_ == "Movie" else tv if type_ == "TV Show" else (*movie, *tv)
            for m in re.finditer(rf"(?<![\w-])(?:{cue})(?![\w-])", low):
                if _overlaps(found, m.start(), m.end()):
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
                if not _overlaps(found, m.start(), m.end()):
                    found.append((m.start(), m.end(), self._country_keys[key]))
        for m in re.finditer(r"\b(?:US|USA|UK)\b", text):
            if not _overlaps(found, m.start(), m.end()):
                value = "United Kingdom" if m.group() == "UK" else "United States"
                found.append((m.start(), m.end(), value))
        for cue, country in DEMONYMS.items():
            for m in re.finditer(rf"(?<![\w-])(?:{cue})(?![\w-])(?![\s-]language)", low):
                if country in self.countries and not _overlaps(found, m.start(), m.end()):
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
                if not _overlaps(found, m.start(), m.end()):
                    found.append((m.start(), m.end(), rating))
        return sorted(found)

    # -- the public find_* API --------------------------------------------------
    def find_people(self, text: str) -> list[str]:
        return _unique(v for _, _, v in self.person_spans(text))

    def find_titles(self, text: str) -> list[str]:
        return _unique(v for _, _, v in self.title_spans(text))

    def find_genres(self, text: str, type_: str | None = None) -> list[str]:
        return _unique(v for _, _, v in self.genre_spans(text, type_ or self.find_type(text)))

    def find_countries(self, text: str) -> list[str]:
        return _unique(v for _, _, v in self.country_spans(text))

    def find_rating(self, text: str) -> str | None:
        spans = self.rating_spans(text)
        return spans[0][2] if spans else None

    @staticmethod
    def find_type(text: str) -> str | None:
        low = re.sub(r"\b(?:show|tell|give)\s+(?:me|us)\b", " ", text.casefold())
        movie = re.search(r"\b(?:movies?|films?|features?|motion pictures?)\b", low)
        tv = re.search(
            r"\b(?:tv|shows|series|sitcoms?|seasons?|episodes?|docuseries|miniseries|"
            r"(?:a|the|this|that|which|what|tv)\s+show)\b", low
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


def _overlaps(found: Iterable[Span], start: int, end: int) -> bool:
    return any(s < end and start < e for s, e, _ in found)


def _unique(values: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(values))
