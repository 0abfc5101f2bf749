"""The characteristics of permanents (613) are worked out once per state and card pool and
shared between states with the same inputs. No answer may cross from one card pool to another
(the standard: no state shared between games except by construction): two games whose card
files give a test creature different power must each see their own, however their pools are
made, freed and remade in one process.
"""
from __future__ import annotations

import dataclasses
import gc
from pathlib import Path

from simulator.cards import CardPool
from simulator.formats.recorded import load_recorded_game
from simulator.game import could_produce, layers
from simulator.game.layers import all_characteristics
from simulator.game.could_produce import could_produce as could_produce_now
from simulator.game.state import GameState
from simulator.session.game import Game

GAME = """format = 1
title = "A test creature"
cards = ["ox.toml"]

[[players]]
name = "Alice"

  [[players.battlefield]]
  card = "Test Ox"
  id = "ox"

[[players]]
name = "Bob"
"""


def _files(tmp_path: Path, power: int) -> Path:
    d = tmp_path / f"p{power}"
    d.mkdir(exist_ok=True)
    (d / "ox.toml").write_text(f'[[card]]\nname = "Test Ox"\ncost = "{{G}}"\ntype = "Creature — Ox"\n'
                               f'power = {power}\ntoughness = {power}\n'
                               + ('text = "{T}: Add {G}."\n' if power == 3 else ""), encoding="utf-8")
    (d / "game.toml").write_text(GAME, encoding="utf-8")
    return d / "game.toml"


def _game(path: Path) -> tuple[CardPool, GameState]:
    recorded, pool = load_recorded_game(path, CardPool.builtin())
    game = Game(pool)
    game.setup(recorded)
    return pool, game.state


def _check(pool: CardPool, state: GameState, power: int) -> None:
    ox = all_characteristics(state, pool)["ox"]
    assert (ox.power, ox.toughness) == (power, power)
    assert could_produce_now(state, pool)["ox"] == (frozenset("G") if power == 3 else frozenset())


def test_a_reused_pool_id_gets_its_own_answers(tmp_path, monkeypatch):
    """No cache keyed by id(): a freed pool's id is given to the next object made, so a new
    game's pool may have the id an old one had. Here every pool has the same id (as a freed
    pool and its successor do): each game must still get its own pool's power and mana."""
    monkeypatch.setattr(layers, "id", lambda _obj: 1, raising=False)
    monkeypatch.setattr(could_produce, "id", lambda _obj: 1, raising=False)
    one, three = _game(_files(tmp_path, 1)), _game(_files(tmp_path, 3))
    for _ in range(3):
        for (pool, state), power in ((one, 1), (three, 3)):
            # a state of the same position but new (no per-state cache): the shared results
            _check(pool, dataclasses.replace(state), power)


def test_games_made_and_freed_in_turn_keep_their_answers(tmp_path):
    """Two games built alternately in one process, each pool freed before the next is made
    (so CPython may give the new pool the old one's address): every answer is the pool's own."""
    paths = {1: _files(tmp_path, 1), 3: _files(tmp_path, 3)}
    for i in range(40):
        power = 1 if i % 2 else 3
        pool, state = _game(paths[power])
        _check(pool, state, power)
        del pool, state
        gc.collect()


def test_recent_results_share_the_states_graveyards_not_copies(tmp_path: Path) -> None:
    """611.3a: a static's condition may read a graveyard, so the graveyards are among the inputs
    a result is looked up by; the key holds each player's graveyard vector itself (immutable),
    not a copy of its cards, so a long game's thousands of graveyard cards are not held again by
    each of the recent results (issue 25, goal 3), and an equal graveyard still finds the result."""
    pool, state = _game(_files(tmp_path, 2))
    layers._LAST.clear()
    layers._RECENT.clear()
    all_characteristics(state, pool)
    [key] = [k for k in layers._RECENT if k[0] is pool]
    graveyards = key[1][-1]
    assert [g for g, _ in graveyards] == [state.players[p].graveyard for p in state.order]
    assert all(g is state.players[p].graveyard for (g, _), p in zip(graveyards, state.order))
    again = dataclasses.replace(state, version=state.version)   # a new state (its own empty cache)
    layers._LAST.clear()
    assert all_characteristics(again, pool) is layers._RECENT[key]
