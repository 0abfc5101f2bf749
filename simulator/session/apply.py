"""Continue a stored game: apply more decisions (recorded-game action syntax) to its log.

`apply_actions(store, game_id, actions)` validates the actions exactly like the
`[[actions]]` of a recorded file (key paths, did-you-mean, `InvalidGameFile`,
exit 2), works every decision out in memory from the stored state, and only if
all of them are legal appends their events in ONE transaction, expecting the
version it read (optimistic concurrency): an illegal decision (exit 3) or
another writer that appended first (`ConcurrencyError`) writes nothing.

Actions come as mappings, as inline TOML tables (`parse_inline`), or as files
holding `[[actions]]` (`load_actions_file`). The game's card pool comes from
its log (`game_pool`), so a database alone is enough.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from simulator.game import events as ev
from simulator.session.game import Game
from simulator.base.errors import IllegalAction, InvalidGameFile
from simulator.base.limits import DocumentProblem, decode_document
from simulator.formats.recorded import decode_file, parse_actions
from simulator.session.recorder import Recorder, decisions_for, describe_action, game_pool, state_from_store
from simulator.session.status import outcome
from simulator.store import EventStore

__all__ = ["Prepared", "prepare_apply", "commit_apply", "apply_actions", "parse_inline",
           "load_actions_file", "actions_from_args"]

ARGS_NAME = "<command line>"


def parse_inline(text: str, index: int) -> dict[str, Any]:
    """One action given as a TOML inline table, e.g. `{player = "Alice", activate = "forest-a"}`,
    decoded within the limits of a file (nesting, integers, text, size)."""
    try:
        value = decode_document(f"action = {text.strip()}", "toml")[0]["action"]
    except DocumentProblem as e:
        if e.problem.startswith("TOML syntax error"):
            raise InvalidGameFile(ARGS_NAME, f"actions[{index}]",
                                  f"not a TOML inline table ({e.problem.removeprefix('TOML syntax error: ')}): "
                                  "write it like '{player = \"Alice\", activate = \"forest-a\"}'") from None
        key = e.key.removeprefix("action")
        raise InvalidGameFile(ARGS_NAME, f"actions[{index}]{key}", e.problem) from None
    if not isinstance(value, dict):
        raise InvalidGameFile(ARGS_NAME, f"actions[{index}]",
                              "must be a TOML inline table like '{player = \"Alice\", pass = true}'")
    return value


def load_actions_file(path: str | Path) -> list[Any]:
    """The `actions` list of a .toml/.json file that holds only `[[actions]]`, read like a
    recorded-game file (a regular file within the size limit, nesting, integers, duplicate
    JSON keys)."""
    name = str(path)
    data, _ = decode_file(Path(path), name)
    if not isinstance(data, dict):
        raise InvalidGameFile(name, "", "must hold [[actions]] tables")
    other = sorted(set(data) - {"actions"})
    if other:
        raise InvalidGameFile(name, other[0], f"unknown key {other[0]!r}: an actions file holds only [[actions]]")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise InvalidGameFile(name, "actions", "must be written as [[actions]] tables")
    return actions


def actions_from_args(args: Sequence[str]) -> list[tuple[str, list[Any]]]:
    """Command-line arguments: each an inline table (`{...}`) or a file of `[[actions]]`.
    Consecutive inline tables form one group (named `<command line>`); each file is its own."""
    groups: list[tuple[str, list[Any]]] = []
    for arg in args:
        if arg.lstrip().startswith("{"):
            if not groups or groups[-1][0] != ARGS_NAME:
                groups.append((ARGS_NAME, []))
            groups[-1][1].append(parse_inline(arg, len(groups[-1][1]) + 1))
        else:
            groups.append((arg, load_actions_file(arg)))
    return groups


@dataclass
class Prepared:
    """Decisions worked out in memory, not yet written: the game after them and their events."""

    game: Game
    expected: int                  # the version the stored game was at
    events: list[ev.Envelope]
    actions: int


def prepare_apply(store: EventStore, game_id: str, groups: Iterable[tuple[str, list[Any]]],
                  card_files: Iterable[str] = ()) -> Prepared:
    """Validate every action (InvalidGameFile), then apply them all in memory (IllegalAction
    names the action's number among all given, 1-based). Nothing is written."""
    pool = game_pool(store, game_id, card_files).pool
    state = state_from_store(store, game_id)
    game = Game(pool, game_id)
    game.state = state
    parsed = []
    for name, data in groups:
        parsed += [(name, a) for a in parse_actions(data, name, pool, state.order, state.objects.keys())]
    for number, (name, action) in enumerate(parsed, 1):
        try:
            for decision in decisions_for(action, game):
                game.apply(decision)
        except IllegalAction as e:
            raise e.located(number, action.player, describe_action(action)) from None
    return Prepared(game, state.version, list(game.events), len(parsed))


def commit_apply(store: EventStore, prepared: Prepared) -> None:
    """Append the prepared events in one transaction at the version read (ConcurrencyError if
    another writer appended first: nothing written), then record the game's status."""
    if not prepared.events:
        return
    Recorder(prepared.game, store).commit(prepared.events)
    done = outcome(prepared.game.state, None)
    store.set_status(prepared.game.game_id, done.status, done.action, done.message)


def apply_actions(store: EventStore, game_id: str, groups: Iterable[tuple[str, list[Any]]],
                  card_files: Iterable[str] = ()) -> Prepared:
    """Validate, apply and append (see the module docstring); returns what was applied."""
    prepared = prepare_apply(store, game_id, groups, card_files)
    commit_apply(store, prepared)
    return prepared
