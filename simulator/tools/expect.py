"""Expected results written in a recorded game (`[[expect]]`), checked by `simulator check`.

An engine developer writes what must hold after an action, or at the end, next to the
decisions (the way XMage's test DSL asserts life and permanents)::

    [[expect]]
    after = 2                 # after action 2 (1-based); omitted: at the end
    player = "Alice"          # the player the player keys are about
    life = 20
    mana_pool = { G = 2 }     # exactly (zero entries omitted)
    hand = ["Forest"]         # library / hand / graveyard / exile: card names, in zone order
    battlefield = ["Forest", "Llanowar Elves"]   # the player's permanents, in the order they entered

    [[expect]]
    permanent = "forest-a"    # an id, or a card name unique on the battlefield
    tapped = true
    counters = { "+1/+1" = 1 }

    [[expect]]
    stack = 0                 # number of objects on the stack
    pending = "explore"       # the pending choice's kind, or "none"
    triggers = { "Wild Growth" = 1 }   # AbilityTriggered so far, by source card name

Values are read from the `--json` view of the state (GAME_FORMAT.md) and from the
log, so an expectation says what a user of the contract sees. `replay` ignores
`[[expect]]`; `check` validates it (exit 2 for a malformed one, naming file and key)
and reports every unmet expectation with the value found (exit 1).
"""
from __future__ import annotations

import difflib
import json
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from simulator.game import events as ev
from simulator.base.errors import InvalidGameFile
from simulator.formats.recorded import load_recorded_game
from simulator.session.recorder import load_pool, replay_file
from simulator.session.view import state_json

PLAYER_KEYS = ("life", "mana_pool", "library", "hand", "graveyard", "exile", "battlefield")
PERMANENT_KEYS = ("tapped", "counters")
GAME_KEYS = ("stack", "pending", "triggers")
EXPECT_KEYS = ("after", "player", "permanent", *PLAYER_KEYS, *PERMANENT_KEYS, *GAME_KEYS)

__all__ = ["Expectation", "Failure", "CheckResult", "parse_expectations", "check_file", "EXPECT_KEYS"]


@dataclass(frozen=True)
class Expectation:
    """One [[expect]] section of a recorded game: what must hold after an action (or at the
    end)."""

    index: int                       # 1-based position among the file's [[expect]]
    after: int | None                # action number, None: the end
    player: str | None
    permanent: str | None
    values: tuple[tuple[str, Any], ...]

    @property
    def key(self) -> str:
        return f"expect[{self.index}]"

    def where(self) -> str:
        at = f"after action {self.after}" if self.after is not None else "at the end"
        who = f", {self.player}" if self.player else (f", {self.permanent}" if self.permanent else "")
        return f"{self.key} ({at}{who})"


@dataclass(frozen=True)
class Failure:
    """An expected value that did not hold: where, which key, what was expected and what was
    found."""

    file: str
    expectation: str                 # e.g. "expect[2] (after action 3, Alice)"
    key: str                         # e.g. "life"
    expected: Any
    actual: Any

    def text(self) -> str:
        return f"{self.file}: {self.expectation} {self.key}: expected {self.expected!r}, got {self.actual!r}"

    def as_dict(self) -> dict[str, Any]:
        return {"file": self.file, "expectation": self.expectation, "key": self.key,
                "expected": self.expected, "actual": self.actual, "message": self.text()}


@dataclass
class CheckResult:
    """`simulator check` on one file: expectations checked, failures, and the illegal action
    that stopped it."""

    file: str
    checked: int = 0
    failures: list[Failure] = field(default_factory=list)
    stopped: str | None = None       # the illegal action that stopped the replay, if any

    @property
    def ok(self) -> bool:
        return not self.failures

    def as_dict(self) -> dict[str, Any]:
        return {"file": self.file, "ok": self.ok, "expectations": self.checked, "stopped": self.stopped,
                "failures": [f.as_dict() for f in self.failures]}


# --------------------------------------------------------------------------- parsing

def _fail(path: str, key: str, problem: str) -> InvalidGameFile:
    return InvalidGameFile(path, key, problem)


def _check_type(path: str, key: str, value: Any, ok: Callable[[Any], bool], what: str) -> Any:
    if not ok(value):
        raise _fail(path, key, f"must be {what}, not {value!r}")
    return value


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_names(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _is_counts(v: Any) -> bool:
    return isinstance(v, dict) and all(isinstance(k, str) and _is_int(n) and n >= 0 for k, n in v.items())


_VALUE_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "life": (_is_int, "an integer"),
    "mana_pool": (_is_counts, "a table of mana letter -> amount, e.g. { G = 2 }"),
    "library": (_is_names, "a list of card names"),
    "hand": (_is_names, "a list of card names"),
    "graveyard": (_is_names, "a list of card names"),
    "exile": (_is_names, "a list of card names"),
    "battlefield": (_is_names, "a list of card names"),
    "tapped": (lambda v: isinstance(v, bool), "true or false"),
    "counters": (_is_counts, 'a table of counter kind -> number, e.g. { "+1/+1" = 1 }'),
    "stack": (lambda v: _is_int(v) and v >= 0, "a number of stack objects"),
    "pending": (lambda v: isinstance(v, str), 'a pending kind (e.g. "explore") or "none"'),
    "triggers": (_is_counts, 'a table of source card name -> times triggered, e.g. { "Wild Growth" = 1 }'),
}


def parse_expectations(data: Any, path: str, players: Iterable[str], actions: int) -> list[Expectation]:
    """Validate the `expect` list of a decoded recorded game (key paths as in the loader)."""
    if data is None:
        return []
    players = list(players)
    if not isinstance(data, list):
        raise _fail(path, "expect", "must be written as [[expect]] tables")
    out = []
    for i, entry in enumerate(data, 1):
        base = f"expect[{i}]"
        if not isinstance(entry, dict):
            raise _fail(path, base, "must be a table")
        for k in entry:
            if k not in EXPECT_KEYS:
                close = difflib.get_close_matches(str(k), EXPECT_KEYS, n=1, cutoff=0.6)
                hint = f" (did you mean {close[0]!r}?)" if close else f" (known keys: {', '.join(EXPECT_KEYS)})"
                raise _fail(path, f"{base}.{k}", f"unknown key {k!r}{hint}")
        after = entry.get("after")
        if after is not None:
            _check_type(path, f"{base}.after", after, lambda v: _is_int(v) and 1 <= v <= actions,
                        f"an action number 1..{actions}")
        player = entry.get("player")
        if player is not None and player not in players:
            raise _fail(path, f"{base}.player", f"unknown player {player!r} (players: {', '.join(players)})")
        permanent = entry.get("permanent")
        if permanent is not None:
            _check_type(path, f"{base}.permanent", permanent, lambda v: isinstance(v, str) and bool(v.strip()),
                        "an id or a card name")
        values = []
        for k in EXPECT_KEYS[3:]:
            if k not in entry:
                continue
            if k in PLAYER_KEYS and player is None:
                raise _fail(path, f"{base}.{k}", f"{k!r} is about a player: add player = \"...\"")
            if k in PERMANENT_KEYS and permanent is None:
                raise _fail(path, f"{base}.{k}", f"{k!r} is about a permanent: add permanent = \"<id>\"")
            ok, what = _VALUE_TYPES[k]
            values.append((k, _check_type(path, f"{base}.{k}", entry[k], ok, what)))
        if not values:
            raise _fail(path, base, f"expects nothing: give at least one of {', '.join(EXPECT_KEYS[3:])}")
        out.append(Expectation(i, after, player, permanent, tuple(values)))
    return out


# --------------------------------------------------------------------------- checking

def _actual(view: dict[str, Any], triggers: Counter[str], e: Expectation, key: str) -> Any:
    if key in PLAYER_KEYS:
        p = next(p for p in view["players"] if p["name"] == e.player)
        if key == "battlefield":
            return [b["card"] for b in view["battlefield"] if b["controller"] == e.player]
        return p[key]
    if key in PERMANENT_KEYS:
        ref = e.permanent
        found = [b for b in view["battlefield"] if b["id"] == ref] or \
                [b for b in view["battlefield"] if b["card"] == ref]
        if len(found) != 1:
            return f"<{'no' if not found else len(found)} permanent(s) {ref!r} on the battlefield>"
        return found[0][key]
    if key == "stack":
        return len(view["stack"])
    if key == "pending":
        return view["pending"]["kind"] if view["pending"] else "none"
    return None


def _compare(e: Expectation, key: str, expected: Any, view: dict[str, Any],
             triggers: Counter[str]) -> tuple[Any, Any] | None:
    """(expected, actual) when they differ, else None."""
    if key == "triggers":
        actual = {name: triggers.get(name, 0) for name in expected}
        return None if actual == expected else (expected, actual)
    actual = _actual(view, triggers, e, key)
    if key in ("mana_pool", "counters"):
        expected = {k: v for k, v in expected.items() if v}
    return None if actual == expected else (expected, actual)


def check_file(path: str | Path, card_files: Iterable[str] = ()) -> CheckResult:
    """Replay the file in memory and check each of its expectations where it applies."""
    name = str(path)
    views: dict[int | None, tuple[dict[str, Any], Counter[str]]] = {}
    wanted: set[int | None] = set()
    triggers: Counter[str] = Counter()
    counted = 0

    def snapshot(index: int | None, game: Any) -> None:
        nonlocal counted
        for env in game.events[counted:]:
            if isinstance(env.event, ev.AbilityTriggered):
                triggers[env.event.source_card] += 1
        counted = len(game.events)
        if index in wanted:
            views[index] = (state_json(game.state, game.pool, len(game.events)), Counter(triggers))

    # Validate the whole file (and the expectations) before replaying anything.
    raw = Path(path).read_text(encoding="utf-8")
    data = json.loads(raw) if name.lower().endswith(".json") else tomllib.loads(raw)
    card_files = tuple(card_files)
    recorded, _ = load_recorded_game(path, load_pool(card_files))
    expectations = parse_expectations(data.get("expect"), name, [p.name for p in recorded.players],
                                      len(recorded.actions))
    wanted = {e.after for e in expectations}
    outcome = replay_file(path, None, card_files=card_files, after_action=snapshot)
    snapshot(None, outcome.game)
    res = CheckResult(name, len(expectations))
    if outcome.error is not None:
        res.stopped = str(outcome.error)
    for e in expectations:
        if e.after not in views:
            res.failures.append(Failure(name, e.where(), "replay", "the action to be applied",
                                        f"the replay stopped first: {outcome.error}"))
            continue
        view, counts = views[e.after]
        for key, expected in e.values:
            diff = _compare(e, key, expected, view, counts)
            if diff is not None:
                res.failures.append(Failure(name, e.where(), key, *diff))
    return res
