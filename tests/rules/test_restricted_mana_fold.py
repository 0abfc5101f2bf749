"""Restricted mana of several types added at once folds as it was added (106.4, 106.6): the live
state of a game and the fold of its stored log agree, whatever order the player names the types
in (the smoke test found Interplanar Beacon's "two mana of different colors" folding to units in
another order: a stored event's mana comes back with its types in the order of their names)."""
from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from invariants import check_invariants
from scenario import migrated_db
from simulator.cards import CardPool
from simulator.formats.recorded import parse_recorded_game
from simulator.game.codec import state_digest
from simulator.session.game import Game
from simulator.session.recorder import Recorder, decisions_for, state_from_store
from simulator.store import EventStore


@pytest.mark.parametrize("colors", ["UB", "BU", "GW"])
def test_two_restricted_colors_fold_as_they_were_added(colors: str, tmp_path: Path) -> None:
    doc = {"format": 1, "players": [
        {"name": "Alice", "battlefield": [{"card": "Interplanar Beacon", "id": "beacon"},
                                          {"card": "Forest", "id": "forest"}]},
        {"name": "Bob"}],
        "actions": [{"player": "Alice", "activate": "forest", "ability": 1},
                    {"player": "Alice", "activate": "beacon", "ability": 2, "mana": colors}]}
    pool = CardPool.builtin()
    recorded, pool = parse_recorded_game(doc, tmp_path / "game.json", pool)
    store = EventStore(migrated_db(tmp_path / f"{uuid.uuid4().hex}.sqlite"))
    try:
        game = Game(pool)
        store.create_game(game.game_id, "beacon")
        rec = Recorder(game, store)
        rec.commit(game.setup(recorded))
        for action in recorded.actions:
            for decision in decisions_for(action, game):
                first = len(game.events)
                rec.apply(decision)
                check_invariants(store, game, game.events[first:])
        units = game.state.players["Alice"].mana_units
        assert sorted(u.type for u in units) == sorted(colors)
        assert all(u.restriction is not None for u in units)       # 106.6: both spend only on planeswalkers
        folded = state_from_store(store, game.game_id, snapshots=False)
        assert state_digest(folded) == state_digest(game.state)
    finally:
        store.close()
