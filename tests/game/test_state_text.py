"""A snapshot's text restored an object at a time (`codec.state_from_text`) is the state
`state_from_dict(json.loads(text))` gives, refused where that refuses; `state_digest_streamed`
is `state_digest` (issue 25, goal 3: a long game's snapshot restored without its parsed dicts)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.workloads import constant_board_game
from simulator.game.codec import state_digest, state_digest_streamed, state_from_dict, state_from_text, state_to_dict
from simulator.session.recorder import replay_file, restore_snapshot
from simulator.store import EventStore


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("text")
    path = folder / "game.json"
    path.write_text(json.dumps(constant_board_game(30)))
    db = str(folder / "game.sqlite")
    replay_file(path, db, snapshot_every=97)
    return db


def _snapshots(db: str) -> list[tuple[int, str, str]]:
    import sqlite3
    con = sqlite3.connect(db)
    try:
        return list(con.execute("SELECT seq, state, digest FROM snapshots ORDER BY seq"))
    finally:
        con.close()


def test_every_snapshot_restores_to_the_same_state_and_digest(stored: str) -> None:
    rows = _snapshots(stored)
    assert len(rows) > 5
    for seq, text, digest in rows:
        plain = state_from_dict(json.loads(text))
        streamed = state_from_text(text)
        assert streamed == plain
        assert state_digest_streamed(streamed) == state_digest(plain) == digest
        # whitespace as json.loads allows it, and a repeated key (the last one counts)
        spaced = json.dumps(json.loads(text), indent=1)
        assert state_from_text(spaced) == plain
        assert state_from_text(text[:-1] + ',"turn":7}').turn == 7


@pytest.mark.parametrize("bad", ['{"objects":{"x":NaN}}', '{"turn":1} x', '{"turn":1', '[1]', '',
                                 '{"objects":{"x":{"id":"x"}}}', '{"objects":[]}', '{"nope":1}'])
def test_what_the_plain_way_refuses_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        state_from_dict(json.loads(bad, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c))))
    with pytest.raises(ValueError):
        state_from_text(bad)


def test_restore_takes_the_text_way_and_the_plain_way_alike(stored: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A snapshot whose text escapes nothing is restored a piece at a time; one with an escape
    (which might hide a control character or a lone surrogate) the plain way: the same state."""
    from simulator.session import recorder
    store = EventStore(stored)
    try:
        gid = store.games()[0].game_id
        streamed = restore_snapshot(store, gid)
        monkeypatch.setattr(recorder, "_ESCAPES", type("Always", (), {"search": staticmethod(lambda t: True)}))
        plain = restore_snapshot(store, gid)
    finally:
        store.close()
    assert streamed is not None and plain is not None
    assert streamed == plain and state_digest(streamed) == state_digest(plain)
    assert state_to_dict(streamed) == state_to_dict(plain)


def test_a_text_read_in_pieces_restores_to_the_same_state(stored: str) -> None:
    """The store reads a long snapshot a slice at a time (`latest_snapshot_pieces`): parsed from
    its pieces, whatever their size (a value, a key, a number or whitespace cut between two),
    it is the same state; what the plain way refuses is refused in pieces too."""
    seq, text, digest = _snapshots(stored)[-1]
    plain = state_from_dict(json.loads(text))
    spaced = json.dumps(json.loads(text), indent=1)
    for size in (1, 2, 3, 17, 64, 4096):
        for source in (text, spaced):
            pieces = [source[i:i + size] for i in range(0, len(source), size)]
            assert state_from_text(iter(pieces)) == plain, size
    assert state_from_text(iter(["", text, ""])) == plain
    for bad in ('{"turn":1} x', '{"turn":1', '{"objects":{"x":NaN}}', '{"turn":12'):
        with pytest.raises(ValueError):
            state_from_text(iter(bad[i:i + 2] for i in range(0, len(bad), 2)))
