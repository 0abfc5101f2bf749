"""A user's recorded-game file rewritten in place of being rebuilt: what `export` and `play`'s
undo write keeps the file's comments, its `#:schema` line, its `[[expect]]` tables, its
`resolve`/`advance` shorthands and its layout (TOML edited with tomlkit, which keeps them).

A game's log holds the file it was replayed from (`GameCreated.source`). The log's decisions
are the file's actions, made one by one, then any added later (`apply`, `play`), or fewer
(a fork's `undo`, a replay stopped by an illegal action). `rewrite_actions` makes the file say
exactly the log's decisions: the file's actions whose decisions are all in the log stay as
written; a shorthand only partly in the log is replaced by the decisions of it that are (one
action each, as `export` writes them); the log's further decisions are appended as new
`[[actions]]` tables. An `[[expect]]` table that names an action no longer in the file is
dropped, with a warning.
"""
from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from typing import Any

import tomlkit
from tomlkit.items import AoT, Comment, Table, Whitespace

from simulator.base.errors import IllegalAction, SimulatorError
from simulator.formats.recorded import parse_recorded_game

__all__ = ["Rewritten", "decisions_per_action", "rewrite_actions"]


@dataclass
class Rewritten:
    """The file's new text, its decoded contents, and what could not be kept."""

    text: str
    data: dict[str, Any]
    warnings: list[str] = field(default_factory=list)


def _decode(text: str, media: str) -> Any:
    return json.loads(text) if media == "json" else tomllib.loads(text)


def decisions_per_action(data: dict[str, Any], pool: Any) -> tuple[list[int], bool]:
    """How many decisions each of the file's actions stands for, in order, up to the first that
    the rules refuse (its count is of the decisions made before the refusal), and whether one
    was refused. The file's own `cards` are already in `pool` (the log holds them)."""
    from simulator.session.game import Game
    from simulator.session.recorder import decisions_for
    game_data = {k: v for k, v in data.items() if k != "cards"}
    recorded, _ = parse_recorded_game(game_data, "the stored file", pool)
    game = Game(pool)
    game.setup(recorded, None)
    counts = []
    for action in recorded.actions:
        n = 0
        try:
            for decision in decisions_for(action, game):
                game.apply(decision)
                n += 1
        except IllegalAction:
            counts.append(n)
            return counts, True
        counts.append(n)
    return counts, False


def _inline_value(value: Any) -> Any:
    """A value for a new `[[actions]]` table: tables (in `pay_with`) inline, on one line."""
    if isinstance(value, dict):
        t = tomlkit.inline_table()
        for k, v in value.items():
            t[k] = _inline_value(v)
        return t
    if isinstance(value, list):
        a = tomlkit.array()
        for v in value:
            a.append(_inline_value(v))
        return a
    return value


def _table(action: dict[str, Any]) -> Table:
    t = tomlkit.table()
    for k, v in action.items():
        t[k] = _inline_value(v)
    return t


def _numbered(entry: Any) -> list[int]:
    """The action numbers an [[expect]] table names."""
    if not isinstance(entry, dict):
        return []
    return [v for k in ("after", "stopped_at") if isinstance(v := entry.get(k), int)]


def rewrite_actions(text: str, media: str, pool: Any, decisions: int,
                    exported_actions: list[dict[str, Any]], cards: list[str] | None = None,
                    title: str | None = None) -> Rewritten:
    """The file `text` (TOML or JSON, `media`) made to say the log's first `decisions`
    decisions; `exported_actions[i]` is decision i+1 as an action (what `export` writes).
    `cards`: the new value of the file's `cards` (where its card files are written); `title`:
    the game's, written when the file has none (it was the file's name, which changes)."""
    data = _decode(text, media)
    if not isinstance(data, dict):
        raise SimulatorError("the stored file is not a table")
    counts, refused = decisions_per_action(data, pool)
    whole = counts[:-1] if refused else counts    # a refused action is never kept as written
    keep, made = 0, 0                      # file actions kept whole, and their decisions
    for n in whole:
        if made + n > decisions:
            break
        keep, made = keep + 1, made + n
    extra = exported_actions[made:decisions]   # a shorthand's part in the log, then later decisions
    warnings: list[str] = []
    kept_actions = keep + len(extra)
    expect = data.get("expect")
    dropped = [i for i, e in enumerate(expect if isinstance(expect, list) else [], 1)
               if any(n > kept_actions for n in _numbered(e))]
    for i in dropped:
        warnings.append(f"expect[{i}] names an action the game no longer has: not kept")
    if media == "json":
        out = dict(data)
        if title is not None and "title" not in out:
            out = {**{k: v for k, v in out.items() if k == "format"}, "title": title, **out}
        if cards is not None:
            out["cards"] = cards
        actions = list(data.get("actions") or [])[:keep] + list(extra)
        if actions or "actions" in data:
            out["actions"] = actions
        if isinstance(expect, list):
            out["expect"] = [e for i, e in enumerate(expect, 1) if i not in dropped]
            if not out["expect"]:
                del out["expect"]
        return Rewritten(json.dumps(out, indent=2, ensure_ascii=False) + "\n", out, warnings)
    doc = tomlkit.parse(text)
    if title is not None and "title" not in doc:
        doc["title"] = title
    if cards is not None:
        doc["cards"] = cards
    aot = doc.get("actions")
    if isinstance(aot, AoT):
        tail = _take_trailing_trivia(aot[len(aot) - 1]) if len(aot) > keep or extra else []
        while len(aot) > keep:
            del aot[len(aot) - 1]
        for a in extra:
            if len(aot):
                aot[len(aot) - 1].add(tomlkit.nl())     # a blank line between [[actions]] tables
            aot.append(_table(a))
        if not len(aot):
            del doc["actions"]
        else:
            last = aot[len(aot) - 1]
            for item in tail:      # the comments after the last action (e.g. above [[expect]])
                last.add(item)
    elif extra:
        new = tomlkit.aot()
        for a in extra:
            new.append(_table(a))
        doc["actions"] = new
    tables = doc.get("expect")
    if isinstance(tables, AoT) and dropped:
        for i in sorted(dropped, reverse=True):
            del tables[i - 1]
        if not len(tables):
            del doc["expect"]
    new_text = tomlkit.dumps(doc)
    if text.endswith("\n"):
        new_text = new_text.rstrip("\n") + "\n"
    return Rewritten(new_text, tomllib.loads(new_text), warnings)


def _take_trailing_trivia(table: Table) -> list[Any]:
    """The comment lines and blank lines after a table's last key, taken out of it (tomlkit
    keeps them in the table): a comment that introduces what follows the actions then follows
    the new last action, not the one removed or the one it was after."""
    body = table.value.body
    n = 0
    for key, item in reversed(body):
        if key is not None or not isinstance(item, (Comment, Whitespace)):
            break
        n += 1
    tail = [item for _, item in body[len(body) - n:]]
    del body[len(body) - n:]
    return tail
