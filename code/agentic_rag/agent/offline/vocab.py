"""Catalog-independent vocabulary: genre cue words, nationality words, everyday words.

The catalog itself (names, titles, genre and country names, ratings) is read by `lexicon`;
these tables map the words people use for them ("scary", "Korean", "docs") onto the
catalog's own names. Every key is a regex over folded text (see `agentic_rag.folding`).
"""

from __future__ import annotations

import re

WORD = re.compile(r"[\w]+(?:['’][\w]+)*")
#: Words that never make up an unquoted title or a single-word name on their own.
COMMON = frozenset("""
    a about above after again against all also am an and any are as at be because been
    before being below between both but by can could did do does doing down during each few
    for from further had has have having he her here hers him his how i if in into is it its
    just me more most my no nor not now of off on once only or other our out over own same
    she should so some such than that the their them then there these they this those
    through to too under until up very was we were what when where which while who whom why
    will with would you your yours show shows movie movies film films series tv title titles
    netflix list find tell give count many much number top best new old latest recent year
    years season seasons episode episodes director directors actor actors cast star stars
    love life war crime home family people man woman kids children world time night day
    story like similar rated rating genre genres country please one two three first last
    next less long short good bad big little drama dramas comedy comedies horror thriller
    action documentary documentaries anime romance romantic reality music sports compare
    recommend describe name search want watch based set starring directed featuring made
    produced released added available share percent percentage label labels mentioning
""".split())
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
#: genre words that also say which type of title is meant
TYPE_HINTS = {"sitcom": "TV Show", "docuseries": "TV Show", "docu-series": "TV Show",
              "k-drama": "TV Show", "kdrama": "TV Show", "talk show": "TV Show",
              "rom-com": "Movie", "romcom": "Movie"}  # fmt: skip
