"""Schema-aligned parsing, in the spirit of BAML's: bend near-misses into the schema.

Small models under a grammar still break bounds a grammar cannot express (`max_rows: 500`
when the maximum is 200, a number written as "5"). Before validation, `align` walks the reply
alongside the JSON schema and fixes what has one obvious fix: numbers clamped into their
bounds, numeric strings made numbers, strings cut at `maxLength`. Anything else is left for
the Pydantic model to reject (and for a repair round to fix).

`bounded_for_grammar` adds the length bounds that keep a grammar-constrained model from
rambling in free-text fields (reasoning, purpose, …), for rungs that send a schema to the
server's grammar (llama.cpp).
"""

from __future__ import annotations

from typing import Any

#: Free-text fields and the most characters a grammar lets a model write into them.
TEXT_BOUNDS = {
    "reasoning": 300,
    "purpose": 100,
    "resolved_question": 300,
    "replan_instructions": 300,
}


def _resolve(node: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        target = root.get("$defs", {}).get(ref.rsplit("/", 1)[-1], {})
        return {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _branch(options: list[Any], value: Any, root: dict[str, Any]) -> dict[str, Any] | None:
    """The anyOf/oneOf branch a dict belongs to: the one whose `const`/`enum` keys it matches."""
    branches = [_resolve(o, root) for o in options if isinstance(o, dict)]
    if not isinstance(value, dict):
        return next((b for b in branches if b.get("type") != "object"), None)
    for branch in branches:
        props = branch.get("properties", {})
        tags = {k: _resolve(p, root) for k, p in props.items() if isinstance(p, dict)}
        fixed = {k: p.get("const", (p.get("enum") or [None])[0]) for k, p in tags.items()}
        fixed = {
            k: v for k, v in fixed.items() if v is not None and len(tags[k].get("enum", [v])) == 1
        }
        if fixed and all(value.get(k) == v for k, v in fixed.items()):
            return branch
    return None


def align(value: Any, schema: dict[str, Any], root: dict[str, Any] | None = None) -> Any:
    """`value` bent towards `schema` where the fix is unambiguous."""
    root = root if root is not None else schema
    node = _resolve(schema, root)
    for key in ("anyOf", "oneOf"):
        if key in node:
            branch = _branch(node[key], value, root)
            return align(value, branch, root) if branch is not None else value
    kind = node.get("type")
    if kind == "object" and isinstance(value, dict):
        props = node.get("properties", {})
        return {k: align(v, props[k], root) if k in props else v for k, v in value.items()}
    if kind == "array" and isinstance(value, list):
        items = node.get("items")
        out = [align(v, items, root) for v in value] if isinstance(items, dict) else value
        most = node.get("maxItems")
        return out[:most] if isinstance(most, int) else out
    if kind in ("integer", "number"):
        return _number(value, node, integer=kind == "integer")
    if kind == "string" and isinstance(value, str):
        most = node.get("maxLength")
        return value[:most] if isinstance(most, int) else value
    return value


def _number(value: Any, node: dict[str, Any], integer: bool) -> Any:
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    low = node.get("minimum", node.get("exclusiveMinimum"))
    high = node.get("maximum", node.get("exclusiveMaximum"))
    if isinstance(low, int | float) and value < low:
        value = low
    if isinstance(high, int | float) and value > high:
        value = high
    return int(value) if integer and float(value).is_integer() else value


def bounded_for_grammar(node: Any) -> Any:
    """`node` with `maxLength` on the free-text fields of `TEXT_BOUNDS` (where none is set)."""
    if isinstance(node, list):
        return [bounded_for_grammar(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: bounded_for_grammar(v) for k, v in node.items()}
    props = out.get("properties")
    if isinstance(props, dict):
        out["properties"] = {
            name: (
                {**prop, "maxLength": TEXT_BOUNDS[name]}
                if name in TEXT_BOUNDS
                and isinstance(prop, dict)
                and prop.get("type") == "string"
                and "maxLength" not in prop
                else prop
            )
            for name, prop in props.items()
        }
    return out
