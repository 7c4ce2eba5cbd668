"""Catalog-independent vocabulary: genre cue words, nationality words, everyday words.

The catalog itself (names, titles, genre and country names, ratings) is read by `lexicon`;
these tables map the words people use for them ("scary", "Korean", "docs") onto the
catalog's own names. Every key is a regex over folded text (see `agentic_rag.folding`).
"""

from __future__ import annotations

import re

WORD = re.compile(r"[\w]+(?:['’][\w]+)*")
#: Words that never make up an unquoted title or a single-word name on their own.
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
    love life war crime home family people man woman kids children world time night day
    story like similar rated rating genre genres country please one two three first last
    next less long short good bad big little drama dramas comedy comedies horror thriller
    action documentary documentaries anime romance romantic reality music sports compare
    recommend describe name search want watch based set starring directed featuring made
    produced released added available share percent percentage label labels mentioning
"""
COMMON = frozenset(_COMMON_WORDS.split())
#: cue regex = movie genres = TV genres (names separated by "; ")
_GENRES = r"""
    horror|scary = Horror Movies = TV Horror
    comed(?:y|ies)|funny|sitcoms? = Comedies = TV Comedies
    documentar(?:y|ies)|docs? = Documentaries = Docuseries
    docuseries|docu-series =  = Docuseries
    anime = Anime Features = Anime Series
    thrillers?|suspense(?:ful)? = Thrillers = TV Thrillers
    romance|romantic|rom-?coms?|love stor(?:y|ies) = Romantic Movies = Romantic TV Shows
    sci-?fi|science[- ]fiction|fantasy = Sci-Fi & Fantasy = TV Sci-Fi & Fantasy
    kids|children'?s?|family[- ](?:friendly|movies?|films?|shows?)|cartoons?
        = Children & Family Movies = Kids' TV
    dramas? = Dramas = TV Dramas
    action|adventures? = Action & Adventure = TV Action & Adventure
    stand-?up|stand up|comedy specials? = Stand-Up Comedy = Stand-Up Comedy & Talk Shows
    talk shows? =  = Stand-Up Comedy & Talk Shows
    reality = Reality TV = Reality TV
    crime =  = Crime TV Shows
    myster(?:y|ies)|whodunn?its? =  = TV Mysteries
    musicals?|music = Music & Musicals = Music & Musicals
    sports? = Sports Movies = Sports Movies
    independent|indie = Independent Movies = Independent Movies
    classics? = Classic Movies = Classic & Cult TV
    cult = Cult Movies = Classic & Cult TV
    lgbtq?\+?|gay|lesbian|queer = LGBTQ Movies = LGBTQ Movies
    faith|christian|spiritual(?:ity)?|religious = Faith & Spirituality = Faith & Spirituality
    teen(?:age)?s? =  = Teen TV Shows
    k-?dramas? =  = Korean TV Shows
    nature|science =  = Science & Nature TV
    international|foreign = International Movies = International TV Shows
"""
_GENRE_LINES = _GENRES.replace("\n        =", " =").split("\n")
GENRE_SYNONYMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    cue.strip(): (tuple(filter(None, movie.strip().split("; "))),
                  tuple(filter(None, tv.strip().split("; "))))
    for cue, movie, tv in (ln.split(" = ") for ln in _GENRE_LINES if ln.strip())
}  # fmt: skip
AMBIGUOUS_COUNTRIES = frozenset({"turkey", "georgia", "jordan", "chile", "china", "cuba"})
#: nationality words (regex) -> country
_DEMONYMS = r"""
    indian|bollywood|tollywood=India, korean|korea=South Korea, japanese=Japan,
    british|uk|u\.k\.|england|english-made=United Kingdom, french=France,
    american|usa|u\.s\.a?\.|america=United States, spanish=Spain, mexican=Mexico,
    german=Germany, turkish=Turkey, egyptian=Egypt, nigerian|nollywood=Nigeria, canadian=Canada,
    australian=Australia, chinese=China, brazilian=Brazil, italian=Italy,
    argentin(?:e|ian)=Argentina, filipino|philippine=Philippines, thai=Thailand,
    indonesian=Indonesia, polish=Poland, swedish=Sweden, norwegian=Norway, danish=Denmark,
    dutch=Netherlands, belgian=Belgium, irish=Ireland, israeli=Israel, lebanese=Lebanon,
    russian=Russia, south african=South Africa, colombian=Colombia, chilean=Chile,
    taiwanese=Taiwan, pakistani=Pakistan, saudi=Saudi Arabia, emirati=United Arab Emirates,
    kenyan=Kenya, ghanaian=Ghana, malaysian=Malaysia, singaporean=Singapore, vietnamese=Vietnam,
    portuguese=Portugal, greek=Greece, austrian=Austria, swiss=Switzerland, finnish=Finland,
    icelandic=Iceland, hungarian=Hungary, czech=Czech Republic, ukrainian=Ukraine,
    romanian=Romania, peruvian=Peru, cuban=Cuba, moroccan=Morocco, iranian=Iran, iraqi=Iraq,
    syrian=Syria, jordanian=Jordan, kuwaiti=Kuwait, bangladeshi=Bangladesh,
    nepali|nepalese=Nepal, sri lankan=Sri Lanka, venezuelan=Venezuela, uruguayan=Uruguay,
    hong kong=Hong Kong
"""
DEMONYMS = dict(
    pair.strip().split("=") for pair in _DEMONYMS.replace("\n", " ").split(",") if pair.strip()
)
#: genre words that also say which type of title is meant
TYPE_HINTS = {"sitcom": "TV Show", "docuseries": "TV Show", "docu-series": "TV Show",
              "k-drama": "TV Show", "kdrama": "TV Show", "talk show": "TV Show",
              "rom-com": "Movie", "romcom": "Movie"}  # fmt: skip

#: role words before or after a name ("directed by X", "X starred in"): which role it is
# fmt: off
ROLE_BEFORE = {
    "director": re.compile(r"(?:directed\s+by|direct(?:or|ors)|filmmaker|helmed\s+by|by|from\s+"
                           r"director)\W*(?:the\s+)?$", re.I),
    "cast": re.compile(r"(?:starring|featuring|with|actors?|actress|stars?|cast\s+member|"
                       r"co-?stars?\s+of|played\s+by)\W*$", re.I),
}
ROLE_AFTER = {
    "director": re.compile(r"^\W*(?:'s\s+)?(?:directed|directs|direct|helmed|made)\b", re.I),
    "cast": re.compile(r"^\W*(?:acted|acts|starred|stars|appeared|appears|played|plays|"
                       r"star|appear|act|(?:has\s+|have\s+)?been\s+in)\b", re.I),
}
# fmt: on
#: words before or after a name that ask for its titles in any role ("movies of X", "X's films")
WORKS_BEFORE = re.compile(
    r"(?:movies|films|shows|titles|series|work|works|filmography)\s+of\W*$", re.I
)  # fmt: skip
WORKS_AFTER = re.compile(r"^['’]s\s+(?:\w+\s+){0,2}?(?:movies|films|shows|titles|series|work|works|"
                         r"filmography|stuff)\b", re.I)  # fmt: skip


def role_at(text: str, start: int, end: int) -> str | None:
    """The role the words around text[start:end] give a name there, if any."""
    before, after = text[max(0, start - 30) : start], text[end : end + 20]
    for role in ("director", "cast"):
        if ROLE_BEFORE[role].search(before) or ROLE_AFTER[role].search(after):
            return role
    return None
