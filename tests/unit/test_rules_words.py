"""The offline reader's word tables are data (`agent/rules/words.yaml`), checked on load."""

from __future__ import annotations

import pytest
import yaml
from pydantic import ValidationError

from agentic_rag.agent.rules.words import WORDS, WORDS_PATH, Words, load_words


def test_the_shipped_tables_load_and_are_used_by_the_reader():
    words = load_words()
    assert words == WORDS and len(words.months) == 12 and "the" in words.common
    assert any("Horror Movies" in g.movie for g in words.genres)
    assert words.demonyms["japanese"] == "Japan"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"colour": ["red"]}, "colour"),  # an unknown table
        ({"months": ["january"]}, "months"),  # not twelve months
        ({"genres": [{"cue": "horror(", "movie": ["Horror Movies"]}]}, "genres"),  # bad regex
        ({"type_hints": {"sitcom": "Series"}}, "type_hints"),  # not a catalog type
    ],
)
def test_a_broken_table_is_refused_with_its_field(tmp_path, change, field):
    data = {**yaml.safe_load(WORDS_PATH.read_text(encoding="utf-8")), **change}
    path = tmp_path / "words.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ValidationError) as err:
        load_words(path)
    assert field in str(err.value)


def test_common_words_may_be_one_string_or_a_list():
    data = yaml.safe_load(WORDS_PATH.read_text(encoding="utf-8"))
    as_list = Words.model_validate({**data, "common": data["common"].split()})
    assert as_list.common == WORDS.common
