"""A person found in a role, then their titles said with a possessive ("who directed X … how
many of his films"): the titles in that role (directed by them), not every title they are
credited on (Tarantino's 'his films' had counted his acting cameo too). A verb of its own
("has he acted in …") still says the role."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("who directed jackie brown, and how many of his movies are on netflix", "director"),
        ("who is the director of the departed? list her other films", "director"),
        ("who starred in the irishman and how many of their titles are here", "cast"),
    ],
)
def test_their_titles_are_in_the_role_asked_before(catalog_reader, question, role):
    first, then = catalog_reader.read(question)
    assert first.op == "people" and then.ref == "person"
    assert then.role == role


def test_a_verb_of_its_own_says_the_role(catalog_reader):
    _, then = catalog_reader.read(
        "who directed jackie brown, and how many of his movies has he starred in"
    )
    assert then.role == "cast"
