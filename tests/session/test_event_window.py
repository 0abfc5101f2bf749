"""`replay_file(keep_events=False)` (what `simulator replay` and batch replays call): the game
forgets each action's events once they are applied and written, so a long replay's memory does
not hold its whole log (issue 25, goal 3), and the store gets exactly the same log."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.workloads import constant_board_game
from simulator.session.game import EventWindow
from simulator.session.recorder import replay_file, verify
from simulator.game.codec import state_to_dict
from simulator.store import EventStore


def test_a_replay_that_forgets_its_events_stores_the_same_log(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_text(json.dumps(constant_board_game(12)))
    kept = replay_file(path, str(tmp_path / "kept.sqlite"))
    window = replay_file(path, str(tmp_path / "window.sqlite"), keep_events=False)
    assert isinstance(window.game.events, EventWindow) and isinstance(kept.game.events, list)
    assert len(window.game.events) == len(kept.game.events) == window.head[0]

    def log(db: str, gid: str) -> list[tuple[object, ...]]:
        with EventStore(db) as store:
            return [(e.seq, e.type, e.version, e.payload, e.cause_seq, e.decision_seq, e.rule)
                    for e in store.read(gid)]

    assert log(str(tmp_path / "window.sqlite"), window.game.game_id) == log(str(tmp_path / "kept.sqlite"),
                                                                              kept.game.game_id)
    with EventStore(str(tmp_path / "window.sqlite")) as store, EventStore(str(tmp_path / "kept.sqlite")) as other:
        assert verify(store, window.game.game_id) == []
        assert verify(other, kept.game.game_id) == []
    a, b = state_to_dict(window.game.state), state_to_dict(kept.game.state)
    assert a.pop("game_id") != b.pop("game_id") and a == b   # the same state (each game its own id)
    with pytest.raises(IndexError):
        window.game.events[0]
    with pytest.raises(IndexError):
        list(window.game.events)


def test_the_window_counts_and_indexes_as_the_whole_log() -> None:
    """`len` counts every event, `window[i]`, `window[-1]` and `window[i:]` answer by the whole
    log's indexes for what is held; a forgotten event is an IndexError, never another one."""
    window = EventWindow()
    window.extend(["a", "b"])   # type: ignore[list-item]
    window.forget()
    window.append("c")   # type: ignore[arg-type]
    window.extend(["d"])   # type: ignore[list-item]
    assert len(window) == 4 and window[2] == "c" and window[-1] == "d" and window[3] == "d"
    assert window[2:] == ["c", "d"] and window[4:] == [] and window[3:10] == ["d"]
    for bad in (0, 1, 4, -3):
        with pytest.raises(IndexError):
            window[bad]
    with pytest.raises(IndexError):
        window[1:]
