"""`why` folds the states of a chain's objects from the latest snapshot before the chain
(`replay.why_from_store`) instead of from event 1, and says exactly the same thing.

Checked for every event of every game in each release fixture (old databases: a v0.1
snapshot, saved without the event hash it follows, is never used, so why reads from
event 1 there; v0.2's are used), and for a fresh game with a snapshot every few events.
"""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from scenario import game_path
from simulator.session import audit
from simulator.session.recorder import read_envelopes, replay_file, restore_snapshot, state_from_store, why_from_store
from simulator.game.state import GameState
from simulator.game.codec import dict_digest, state_to_dict
from simulator.store import EventStore
from tests.release_fixture import RELEASES


def _whys_agree(store: EventStore, game_id: str) -> int:
    """Compare why from the snapshot with why from event 1 for every event of the game;
    returns how many of them had a snapshot to start from."""
    log = audit.index_log(read_envelopes(store, game_id))
    used = 0
    for seq in log:
        first = min(e.seq for e in audit.chain(log, seq))
        if restore_snapshot(store, game_id, first) is not None:
            used += 1
        assert why_from_store(store, game_id, log, seq) == audit.why(log, seq, game_id), (game_id, seq)
    return used


@pytest.mark.parametrize("release", sorted(RELEASES))
def test_why_from_a_snapshot_equals_why_from_event_1_on_old_databases(release: str, tmp_path: Path) -> None:
    copy = tmp_path / "games.sqlite"
    shutil.copyfile(RELEASES[release].db, copy)
    store = EventStore(str(copy), readonly=True)
    used = sum(_whys_agree(store, info.game_id) for info in store.games())
    if release == "v0.1":
        assert used == 0     # no v0.1 snapshot is tied to the log by an event hash
    else:
        assert used > 100    # most events of the longer games start from a snapshot


def test_why_from_a_snapshot_every_few_events(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "g.sqlite")
    game_id = replay_file(game_path("explore_defossilize_branchwalker_order"), db, snapshot_every=0).game.game_id
    store = EventStore(db)
    last = store.head(game_id)[0]
    for seq in range(5, last, 5):   # a snapshot every 5 events, as a cache writer would save it
        data = state_to_dict(state_from_store(store, game_id, seq, snapshots=False))
        store.save_snapshot(game_id, seq, data, dict_digest(data))
    starts: list[int] = []
    states_at = audit.states_at

    def spy(envelopes: Any, seqs: set[int], gid: str, start: GameState | None = None) -> dict[int, GameState]:
        starts.append(start.version if start is not None else 0)
        return states_at(envelopes, seqs, gid, start)

    monkeypatch.setattr(audit, "states_at", spy)
    assert _whys_agree(store, game_id) > last // 2
    # why_from_store did start from the snapshots (audit.why from event 1 passes no start)
    assert max(starts) >= last - 5 and len([v for v in starts if v]) > last // 2
