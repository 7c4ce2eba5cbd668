"""Cypher tokens: the keyword vocabulary and a small tokenizer for model-written queries.

String literals and comments are consumed (a string becomes one `string` token), backtick
names become `qname` tokens; an unterminated string, comment or quoted name is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agentic_rag.errors import QueryRefusedError

ALLOWED_PROCEDURES = ("db.labels", "db.relationshipTypes", "db.propertyKeys")
WRITE_CLAUSES = frozenset(
    {"CREATE", "MERGE", "DELETE", "DETACH", "SET", "REMOVE", "DROP", "FOREACH"}
)
CLAUSES = frozenset({"MATCH", "OPTIONAL", "WITH", "UNWIND", "RETURN", "UNION", "CALL"})
_OTHER_WORDS = (
    "WHERE AND OR XOR NOT AS IN IS NULL CASE WHEN THEN ELSE END DISTINCT ORDER BY SKIP LIMIT ALL "
    "YIELD EXISTS ASC DESC STARTS ENDS CONTAINS TRUE FALSE ON LOAD CSV FROM"
)
KEYWORDS = CLAUSES | WRITE_CLAUSES | frozenset(_OTHER_WORDS.split(" "))
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?\w*", re.ASCII)
_OPS2 = frozenset({"..", "<=", ">=", "<>", "!=", "=~", "+="})


@dataclass(frozen=True)
class Token:
    kind: str  # name | qname | string | number | param | op | eof
    text: str
    start: int
    end: int

    def op(self, *ops: str) -> bool:
        return self.kind == "op" and self.text in ops

    @property
    def is_name(self) -> bool:
        return self.kind in ("name", "qname")

    @property
    def word(self) -> str:
        """The upper-cased keyword this token could be ('' for quoted names and non-names)."""
        return self.text.upper() if self.kind == "name" else ""


EOF = Token("eof", "", -1, -1)


def tokenize(query: str) -> list[Token]:
    toks: list[Token] = []
    i, n = 0, len(query)
    while i < n:
        c = query[i]
        if c.isspace():
            i += 1
        elif query.startswith("//", i):
            j = query.find("\n", i)
            i = n if j < 0 else j + 1
        elif query.startswith("/*", i):
            j = query.find("*/", i + 2)
            if j < 0:
                raise QueryRefusedError("The query has an unterminated /* comment.")
            i = j + 2
        elif c in "'\"":
            j, buf = i + 1, []
            while j < n and query[j] != c:
                j += 1 if query[j] == "\\" else 0
                buf.append(query[j : j + 1])
                j += 1
            if j >= n:
                raise QueryRefusedError("The query has an unterminated string literal.")
            toks.append(Token("string", "".join(buf), i, j + 1))
            i = j + 1
        elif c == "`":
            j, buf = i + 1, []
            while True:
                k = query.find("`", j)
                if k < 0:
                    raise QueryRefusedError("The query has an unterminated `quoted` name.")
                buf.append(query[j:k])
                if not query.startswith("``", k):
                    break
                buf.append("`")
                j = k + 2
            toks.append(Token("qname", "".join(buf), i, k + 1))
            i = k + 1
        elif c in "0123456789" or c.isalpha() or c in "_$":
            m = _NUMBER.match(query, i) if c in "0123456789" else None
            j = m.end() if m else i + 1
            while m is None and j < n and (query[j].isalnum() or query[j] == "_"):
                j += 1
            kind = "number" if m else "param" if c == "$" else "name"
            toks.append(Token(kind, query[i:j], i, j))
            i = j
        else:
            width = 2 if query[i : i + 2] in _OPS2 else 1
            toks.append(Token("op", query[i : i + width], i, i + width))
            i += width
    return toks


def as_int(tok: Token) -> int | None:
    return int(tok.text) if tok.kind == "number" and tok.text.isdigit() else None
