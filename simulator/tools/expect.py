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
    game_over = { winners = ["Alice"], rule = "704.5a" }   # the keys given; false: not over

    [[expect]]
    after = 3
    illegal = "302.6"         # action 3 must be refused with that rule (the stop is expected)

    [[expect]]
    stopped_at = 3            # the game must stop at action 3: refused, or (the file's last
                              # action) waiting on a choice the file does not answer

Values are read from the `--json` view of the state (docs/recorded-games.md) and from the
log, so an expectation says what a user of the contract sees. `replay` ignores
`[[expect]]`; `check` validates it (exit 2 for a malformed one, naming file and key)
and reports every unmet expectation with the value found (exit 1). A game that stops on
an illegal action no `illegal`/`stopped_at` expectation names fails too (XMage's tests
fail on a command not used): a stop is never silently a pass.
"""
from __future__ import annotations

import difflib
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from simulator.game import events as ev
from simulator.base.creature_types import creature_type
from simulator.base.errors import IllegalAction, InvalidGameFile
from simulator.base.limits import decode_document
from simulator.base.symbols import mana_text
from simulator.formats.recorded import load_recorded_game
from simulator.session.recorder import load_pool, replay_file
from simulator.session.view import state_json

PLAYER_KEYS = ("life", "mana_pool", "library", "hand", "graveyard", "exile", "battlefield", "lost")
PERMANENT_KEYS = ("tapped", "counters", "chosen", "power", "toughness", "subtypes")
GAME_KEYS = ("stack", "pending", "triggers", "game_over")
STOP_KEYS = ("illegal", "stopped_at")
EXPECT_KEYS = ("after", "player", "permanent", *PLAYER_KEYS, *PERMANENT_KEYS, *GAME_KEYS, *STOP_KEYS)
STATE_KEYS = (*PLAYER_KEYS, *PERMANENT_KEYS, *GAME_KEYS)

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
    illegal: str | None = None       # action `after` must be refused with this rule
    stopped_at: int | None = None    # the game must stop at this action

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
    note: str | None = None          # the whole message, where "expected ..., got ..." reads badly

    def text(self) -> str:
        if self.note:
            return f"{self.file}: {self.note}"
        return (f"{self.file}: {self.expectation} {self.key}: expected {_shown(self.key, self.expected)}, "
                f"got {_shown(self.key, self.actual)}")

    def as_dict(self) -> dict[str, Any]:
        return {"file": self.file, "expectation": self.expectation, "key": self.key,
                "expected": _json_value(self.key, self.expected), "actual": _json_value(self.key, self.actual),
                "message": self.text()}


def _is_mana(key: str, value: Any) -> bool:
    return key == "mana_pool" and isinstance(value, dict)


def _json_value(key: str, value: Any) -> Any:
    """A value as `check --json` gives it: mana as the rules write it ("{G}{G}", "" for none)."""
    return mana_text(value) if _is_mana(key, value) else value


def _shown(key: str, value: Any) -> str:
    """A value as the text output shows it: mana as {G}{G}, the rest as JSON (true, "Forest")."""
    if _is_mana(key, value):
        return mana_text(value) or "no mana"
    return json.dumps(value, ensure_ascii=False)


@dataclass
class CheckResult:
    """`simulator check` on one file: expectations checked, failures, and the illegal action
    that stopped it."""

    file: str
    checked: int = 0
    failures: list[Failure] = field(default_factory=list)
    stopped: str | None = None       # why the replay stopped (an illegal action, an unanswered choice)
    stop_action: int | None = None   # the action it stopped at

    @property
    def ok(self) -> bool:
        return not self.failures

    def as_dict(self) -> dict[str, Any]:
        return {"file": self.file, "ok": self.ok, "expectations": self.checked, "stopped": self.stopped,
                "stopped_at": self.stop_action, "failures": [f.as_dict() for f in self.failures]}


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


def _is_chosen(v: Any) -> bool:
    """A permanent's `chosen` as the output shows it: a color, a creature type, a basic land type
    (614.12)."""
    return (isinstance(v, dict) and set(v) <= {"color", "creature_type", "land_type"}
            and all(isinstance(x, str) for x in v.values())
            and v.get("color", "W") in ("W", "U", "B", "R", "G")
            and v.get("land_type", "Plains") in ("Plains", "Island", "Swamp", "Mountain", "Forest")
            and ("creature_type" not in v or creature_type(v["creature_type"]) is not None))


def _read_value(key: str, value: Any) -> Any:
    """The value as the output writes it: a creature type in its one spelling ("elf": Elf)."""
    if key == "chosen" and "creature_type" in value:
        return {**value, "creature_type": creature_type(value["creature_type"])}
    return value


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
    "lost": (lambda v: isinstance(v, (bool, str)), 'true, false, or the rule the player lost by (e.g. "704.5a")'),
    "chosen": (lambda v: _is_chosen(v),
               'a table of what was chosen as it entered: { color = "R" } (W U B R G), '
               '{ creature_type = "Elf" } (a creature type, 205.3m), { land_type = "Island" } '
               '(a basic land type, 205.3i), or {}'),
    "power": (_is_int, "an integer"),
    "toughness": (_is_int, "an integer"),
    "subtypes": (_is_names, "a list of subtypes"),
    "game_over": (lambda v: isinstance(v, bool) or (isinstance(v, dict) and set(v) <= {"winners", "losers", "rule"}
                                                    and all(_is_names(v[k]) for k in ("winners", "losers") if k in v)
                                                    and isinstance(v.get("rule", ""), str)),
                  'false (not over), true (over), or a table of any of winners, losers (lists of names) '
                  'and rule, e.g. { winners = ["Alice"], rule = "704.5a" }'),
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
        illegal = entry.get("illegal")
        if illegal is not None:
            _check_type(path, f"{base}.illegal", illegal, lambda v: isinstance(v, str) and bool(v.strip()),
                        'the rule number the refusal must cite, e.g. "302.6"')
            if after is None:
                raise _fail(path, f"{base}.illegal", "says which action must be refused: add after = N")
        stopped_at = entry.get("stopped_at")
        if stopped_at is not None:
            _check_type(path, f"{base}.stopped_at", stopped_at, lambda v: _is_int(v) and 1 <= v <= actions,
                        f"an action number 1..{actions}")
        values = []
        for k in STATE_KEYS:
            if k not in entry:
                continue
            if k in PLAYER_KEYS and player is None:
                raise _fail(path, f"{base}.{k}", f"{k!r} is about a player: add player = \"...\"")
            if k in PERMANENT_KEYS and permanent is None:
                raise _fail(path, f"{base}.{k}", f"{k!r} is about a permanent: add permanent = \"<id>\"")
            ok, what = _VALUE_TYPES[k]
            values.append((k, _read_value(k, _check_type(path, f"{base}.{k}", entry[k], ok, what))))
        if not values and illegal is None and stopped_at is None:
            raise _fail(path, base, f"expects nothing: give at least one of {', '.join(EXPECT_KEYS[3:])}")
        out.append(Expectation(i, after, player, permanent, tuple(values), illegal, stopped_at))
    return out


# --------------------------------------------------------------------------- checking

def _actual(view: dict[str, Any], triggers: Counter[str], e: Expectation, key: str) -> Any:
    if key in PLAYER_KEYS:
        p = next(p for p in view["players"] if p["name"] == e.player)
        if key == "battlefield":
            return [b["card"] for b in view["battlefield"] if b["controller"] == e.player]
        if key == "lost":
            return view["_lost"].get(e.player) or False
        return p[key]
    if key in PERMANENT_KEYS:
        ref = e.permanent
        found = [b for b in view["battlefield"] if b["id"] == ref] or \
                [b for b in view["battlefield"] if b["card"] == ref]
        if len(found) != 1:
            return f"<{'no' if not found else len(found)} permanent(s) {ref!r} on the battlefield>"
        return found[0].get(key, {} if key == "chosen" else None)
    if key == "game_over":
        return view["game_over"]
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
    if key == "lost" and isinstance(expected, bool):
        return None if bool(actual) == expected else (expected, actual)
    if key == "game_over" and actual is not None and isinstance(expected, dict):
        got = {k: actual.get(k) for k in expected}
        return None if got == expected else (expected, got)
    if key == "game_over" and isinstance(expected, bool):
        return None if (actual is not None) == expected else (expected, actual)
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
            view = state_json(game.state, game.pool, len(game.events))
            view["_lost"] = {n: game.state.loss_rule(n) or True for n in game.state.order
                             if game.state.players[n].lost}
            views[index] = (view, Counter(triggers))

    # Validate the whole file (and the expectations) before replaying anything.
    # The loader reads the file (within the limits, exactly as `replay` does: the same exit 2
    # and message for any bad file); the expectations are read from the text it validated.
    card_files = tuple(card_files)
    recorded, _ = load_recorded_game(path, load_pool(card_files))
    data = decode_document(recorded.text or "", "json" if name.lower().endswith(".json") else "toml")[0]
    expectations = parse_expectations(data.get("expect"), name, [p.name for p in recorded.players],
                                      len(recorded.actions))
    wanted = {e.after for e in expectations} | {None}
    outcome = replay_file(path, None, card_files=card_files, after_action=snapshot)
    snapshot(None, outcome.game)
    res = CheckResult(name, len(expectations))
    error = outcome.error
    state = outcome.game.state
    stop: int | None = None          # the action the game stopped at
    if error is not None:
        res.stopped = str(error)
        stop = error.action
    elif state.pending is not None and not state.game_over and recorded.actions:
        stop = len(recorded.actions)
        res.stopped = f"waiting after action {stop}: {state.pending['player']} must answer the pending " \
                      f"{state.pending['kind']} choice"
    res.stop_action = stop
    for e in expectations:
        res.failures.extend(_stop_failures(name, e, error, stop))
        if not e.values:
            continue
        at = e.after
        if at not in views and error is not None and at == error.action:
            at = None                # the refused action wrote nothing: the state where it stopped
        if at not in views:
            res.failures.append(Failure(name, e.where(), "replay", "the action to be applied",
                                        f"the replay stopped first: {error}"))
            continue
        view, counts = views[at]
        for key, expected in e.values:
            diff = _compare(e, key, expected, view, counts)
            if diff is not None:
                res.failures.append(Failure(name, e.where(), key, *diff))
    if error is not None and not any((e.illegal is not None and e.after == error.action)
                                     or e.stopped_at == error.action for e in expectations):
        res.failures.append(Failure(
            name, f"action {error.action}", "stopped", "every action applied", str(error),
            f"the replay stopped, and no [[expect]] names this stop: {error}; if it is meant, add "
            f"[[expect]] with after = {error.action} and illegal = \"{error.rule}\" (or stopped_at = {error.action})"))
    return res


def _stop_failures(name: str, e: Expectation, error: IllegalAction | None, stop: int | None) -> list[Failure]:
    """An `illegal` or `stopped_at` expectation against where and why the game stopped."""
    out = []
    if e.illegal is not None:
        wanted = f"action {e.after} refused ({e.illegal})"
        if error is None or error.action != e.after:
            found = (f"the replay stopped at action {error.action} first: {error}" if error is not None
                     and error.action is not None and error.action < (e.after or 0)
                     else f"action {e.after} was applied")
            if error is not None and error.action is not None and error.action > (e.after or 0):
                found = f"action {e.after} was applied (the replay stopped later: {error})"
            out.append(Failure(name, e.where(), "illegal", wanted, found))
        elif error.rule != e.illegal:
            out.append(Failure(name, e.where(), "illegal", wanted, f"refused with {error.rule}: {error}"))
    if e.stopped_at is not None and stop != e.stopped_at:
        found = f"stopped at action {stop}" if stop is not None else "every action applied, nothing pending"
        out.append(Failure(name, e.where(), "stopped_at", e.stopped_at, found))
    return out
