"""JSON deltas: the change from one projected state to the next, applied again in the page.

A long game embeds a full state only every few hundred events and one delta per event
(`diff(before, after)`); the page applies them (`applyDelta` in page.js, the same four
operations). Operations, as JSON arrays:

* ``["=", value]`` — replace the value;
* ``["o", {key: op}, [removed keys]]`` — patch an object's keys;
* ``["k", ids | null, {id: op}]`` — a list of objects with unique ``id`` (the battlefield,
  the stack): the new order of ids (null: unchanged) and the changed or new items;
* ``["s", start, delete_count, [items]]`` — splice a plain list (a card drawn from the top of
  the library is ``["s", 0, 1, []]``).

``None`` means unchanged. `apply` is the Python inverse used by the tests.
"""
from __future__ import annotations

from typing import Any

Op = list[Any] | None


def diff(a: Any, b: Any) -> Op:
    """The operation turning `a` into `b` (None if they are equal)."""
    if a is b or (type(a) is type(b) and a == b):
        return None
    if isinstance(a, dict) and isinstance(b, dict):
        patch = {}
        for k, v in b.items():
            if k not in a:
                patch[k] = ["=", v]
            else:
                op = diff(a[k], v)
                if op is not None:
                    patch[k] = op
        return ["o", patch, [k for k in a if k not in b]]
    if isinstance(a, list) and isinstance(b, list):
        if _keyed(a) and _keyed(b):
            return _diff_keyed(a, b)
        return _diff_splice(a, b)
    return ["=", b]


def _keyed(items: list[Any]) -> bool:
    if not items or not all(isinstance(x, dict) and isinstance(x.get("id"), str) for x in items):
        return False
    return len({x["id"] for x in items}) == len(items)


def _diff_keyed(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> Op:
    old = {x["id"]: x for x in a}
    ids = [x["id"] for x in b]
    changes: dict[str, Any] = {}
    for x in b:
        before = old.get(x["id"])
        op = ["=", x] if before is None else diff(before, x)
        if op is not None:
            changes[x["id"]] = op
    order = None if ids == [x["id"] for x in a] else ids
    return ["k", order, changes]


def _diff_splice(a: list[Any], b: list[Any]) -> Op:
    start = 0
    while start < len(a) and start < len(b) and a[start] == b[start]:
        start += 1
    end_a, end_b = len(a), len(b)
    while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
        end_a -= 1
        end_b -= 1
    return ["s", start, end_a - start, b[start:end_b]]


def apply(value: Any, op: Op) -> Any:
    """`value` changed by `op` (a new value; `value` is not modified)."""
    if op is None:
        return value
    kind = op[0]
    if kind == "=":
        return op[1]
    if kind == "o":
        out = {k: v for k, v in value.items() if k not in op[2]}
        for k, sub in op[1].items():
            out[k] = apply(value.get(k), sub)
        return out
    if kind == "k":
        by_id = {x["id"]: x for x in value}
        order = op[1] if op[1] is not None else [x["id"] for x in value]
        return [apply(by_id.get(i), op[2][i]) if i in op[2] else by_id[i] for i in order]
    if kind == "s":
        return value[:op[1]] + list(op[3]) + value[op[1] + op[2]:]
    raise ValueError(f"unknown delta operation {kind!r}")
