"""`verify` reads the log once (issue 25): the hash chain is checked row by row as the fold goes,
so what the chain check and the fold each find is still found when the other stops or passes."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from simulator.formats.recorded import load_recorded_game
from simulator.session.game import Game
from simulator.session.recorder import Recorder, decisions_for, load_pool, replay_file, verify
from simulator.store import EventStore

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "forest_and_elves.toml"


def _game(tmp_path: Path, every: int = 0) -> tuple[str, str]:
    """The example game stored one decision a transaction (a snapshot at each doubling point of
    `every`, 0: only the final one is not taken either)."""
    db = str(tmp_path / "g.sqlite")
    pool = load_pool()
    recorded, pool = load_recorded_game(EXAMPLE, pool)
    game = Game(pool)
    with EventStore(db) as store:
        store.create_game(game.game_id, recorded.title)
        rec = Recorder(game, store, snapshot_every=every, batch=1)
        rec.commit(game.setup(recorded))
        for action in recorded.actions:
            for decision in decisions_for(action, game):
                rec.apply(decision)
        rec.finish()
    return db, game.game_id


def _attacker(db: str) -> sqlite3.Connection:
    con = sqlite3.connect(db, isolation_level=None)
    for (name,) in con.execute("select name from sqlite_master where type='trigger'").fetchall():
        con.execute(f'DROP TRIGGER "{name}"')
    return con


def test_an_intact_game_verifies_with_its_snapshots(tmp_path):
    db, gid = _game(tmp_path, every=4)
    with EventStore(db) as store:
        assert len(store.snapshots(gid)) >= 3
        assert verify(store, gid) == []


def test_rows_after_an_event_that_does_not_decode_are_still_chain_checked(tmp_path):
    """The fold stops at the first corrupt event; the chain check goes on to the end of the log."""
    db, gid = _game(tmp_path)
    con = _attacker(db)
    last = con.execute("select max(seq) from events where game_id=?", (gid,)).fetchone()[0]
    con.execute("update events set payload='{not json' where game_id=? and seq=3", (gid,))
    con.execute("update events set rule='999.9' where game_id=? and seq=?", (gid, last))
    con.close()
    with EventStore(db) as store:
        problems = verify(store, gid)
    assert any(f"seq {last}: hash mismatch" in p for p in problems), problems
    assert any("seq 3: payload does not decode" in p for p in problems), problems


def test_a_payload_rewritten_in_another_json_form_still_verifies(tmp_path):
    """The stored text is hashed as it is only as a shortcut: the same payload written with
    other spacing and key order is checked by its canonical JSON, as the chain defines it."""
    db, gid = _game(tmp_path)
    con = _attacker(db)
    seq, text = con.execute("select seq, payload from events where game_id=? and type='ManaAdded' "
                            "order by seq limit 1", (gid,)).fetchone()
    payload = json.loads(text)
    loose = json.dumps(dict(reversed(list(payload.items()))), indent=1)
    assert loose != text
    con.execute("update events set payload=? where game_id=? and seq=?", (loose, gid, seq))
    con.close()
    with EventStore(db) as store:
        assert verify(store, gid) == []


def test_a_snapshot_whose_stored_state_was_edited_is_reported(tmp_path):
    """The snapshot's digest still matches the fold, but its stored state is not that state."""
    db, gid = _game(tmp_path, every=4)
    con = _attacker(db)
    seq, state = con.execute("select seq, state from snapshots where game_id=? order by seq limit 1",
                             (gid,)).fetchone()
    data = json.loads(state)
    data["turn"] = data.get("turn", 0) + 7
    con.execute("update snapshots set state=? where game_id=? and seq=?", (json.dumps(data), gid, seq))
    con.close()
    with EventStore(db) as store:
        problems = verify(store, gid)
    assert any(f"snapshot seq {seq}: its stored state does not match its digest" in p for p in problems), problems


def test_snapshots_with_mana_in_a_pool_are_checked_by_their_text(tmp_path, monkeypatch):
    """A snapshot taken while a pool holds unrestricted mana stores units the digest leaves out,
    so its text does not hash to its digest: it is checked against the canonical JSON of the
    folded state (`StateDigester.digests`) instead of being restored; one edited is still found."""
    from simulator.game.codec import state_from_dict as restore
    from simulator.session import recorder

    db, gid = _game(tmp_path, every=4)
    con = sqlite3.connect(db)
    with_units = [seq for seq, state in con.execute("select seq, state from snapshots where game_id=?", (gid,))
                  if any(p.get("mana_units") for p in json.loads(state)["players"].values())]
    con.close()
    assert with_units
    restored: list[int] = []
    monkeypatch.setattr(recorder, "state_from_dict", lambda data: restored.append(1) or restore(data))
    with EventStore(db) as store:
        assert verify(store, gid) == []
    assert restored == []   # every snapshot checked by its text
    con = _attacker(db)
    state = con.execute("select state from snapshots where game_id=? and seq=?", (gid, with_units[0])).fetchone()[0]
    data = json.loads(state)
    data["turn"] += 7
    con.execute("update snapshots set state=? where game_id=? and seq=?", (json.dumps(data), gid, with_units[0]))
    con.close()
    with EventStore(db) as store:
        problems = verify(store, gid)
    assert problems == [f"game {gid} snapshot seq {with_units[0]}: its stored state does not match its digest"]


def test_verify_tells_its_progress_once_per_event(tmp_path: Path) -> None:
    """`verify(on_events=...)` (the progress bar of `simulator verify`): the counts it is told
    add up to the game's events, in steps of 1,000 as the fold goes, with the snapshots'
    digests still taken where they are (no problem found)."""
    from bench.workloads import constant_board_game
    path = tmp_path / "long.json"
    path.write_text(json.dumps(constant_board_game(45)))
    db = str(tmp_path / "long.sqlite")
    gid = replay_file(path, db).game.game_id
    told: list[int] = []
    with EventStore(db) as store:
        assert len(store.snapshots(gid)) >= 3
        assert verify(store, gid, on_events=told.append) == []
        assert sum(told) == store.game(gid).version and told[:-1] == [1000] * (len(told) - 1)
