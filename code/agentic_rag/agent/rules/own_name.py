"""A person's own name asked for in the titles' names: "how many russell peters specials have
his name in the title", "kevin hart titles with her/their own name in them". The words put in
the title ("his name") are the name of the one person the question names, read as the words
of the titles' names (`TitleSet.title_has`); with no one named, or several, they stay as
written and the reading says it could not tell whose name was meant."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.tags import Tag

#: "his name", "her own name", "their names", "the guy's name": someone's name, not a word
OWN_NAME = re.compile(
    r"^(?:his|her|their|its|the\s+(?:guy|girl|man|woman|comedian|person|actor|actress)['’]s)"
    r"\s+(?:own\s+)?names?$",
    re.I,
)
UNSURE = 0.4  # a name said as "his name" with no one, or several, named to be its holder


def own_names(tags: list[Tag]) -> list[Tag]:
    """The tags, each phrase of the titles' names that is someone's own name read as the name of
    the one person tagged (the person tag kept: a constraint the titles meet too)."""
    people = {t.value for t in tags if t.kind == "person" and not t.negated}
    out = []
    for t in tags:
        if t.kind != "phrase" or not OWN_NAME.match(t.value.strip()):
            out.append(t)
        elif len(people) == 1:
            who = next(iter(people))
            note = f"read '{t.value}' as {who}'s name in the title"
            out.append(t.model_copy(update={"value": who, "note": note}))
        else:
            note = f"could not tell whose name '{t.value}' is"
            out.append(t.model_copy(update={"note": note, "score": UNSURE}))
    return out
