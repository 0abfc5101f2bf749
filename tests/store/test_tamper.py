"""Tampered databases (README "Threat model", docs/reliability.md): every edit of a stored event
is found by `verify` (exit 1, naming game and seq), and the readers stop with
"event N of game G is corrupt; run verify" (exit 4) instead of an internal error."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from clirun import run
from tampering import stored_game, attacker
from reliability_stats import record

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "examples" / "forest_and_elves.toml")
READERS = [("state",), ("log",), ("log", "--json"), ("triggers",), ("why", "16"), ("state", "--at", "20")]


def _first(con: sqlite3.Connection, type_name: str) -> tuple[int, dict]:
    seq, payload = con.execute("select seq, payload from events where type=? order by seq limit 1",
                               (type_name,)).fetchone()
    return seq, json.loads(payload)


TAMPERS = {
    "payload not JSON": lambda con: ("ManaAdded", lambda seq, p: ("payload", "{not json")),
    "payload a JSON list": lambda con: ("ManaAdded", lambda seq, p: ("payload", "[1, 2]")),
    "field missing": lambda con: ("ManaAdded", lambda seq, p: ("payload", json.dumps(
        {k: v for k, v in p.items() if k != "player"}))),
    "field of the wrong type": lambda con: ("ManaAdded", lambda seq, p: ("payload", json.dumps(
        {**p, "mana": "GGG"}))),
    "type changed": lambda con: ("ManaAdded", lambda seq, p: ("type", "TurnBegan")),
    "unknown type": lambda con: ("ManaAdded", lambda seq, p: ("type", "NoSuchEvent")),
    "object that does not exist": lambda con: ("AbilityActivated", lambda seq, p: ("payload", json.dumps(
        {**p, "source": "ghost-1"}))),
}


@pytest.mark.parametrize("name", sorted(TAMPERS))
def test_tampered_event_found_by_verify_and_reported_by_readers(tmp_path, name):
    db, gid = stored_game(tmp_path)
    con = attacker(db)
    type_name, change = TAMPERS[name](con)
    seq, payload = _first(con, type_name)
    column, value = change(seq, payload)
    con.execute(f"update events set {column}=? where game_id=? and seq=?", (value, gid, seq))
    con.close()

    v = run("verify", "--db", db)
    assert v.code == 1, v.err
    assert f"game {gid} seq {seq}" in v.err
    assert "Traceback" not in v.err and "internal error" not in v.err

    for args in READERS:
        r = run(*args, "--db", db)
        if r.code == 0:      # a reader that never looks at that event (state --at before it)
            assert args[-1] == "20" and seq > 20 or name == "object that does not exist", (args, r.err)
            continue
        assert r.code == 4, (args, r.code, r.err)
        assert f"event {seq} of game {gid} is corrupt" in r.err and "run verify" in r.err, r.err
        assert "internal error" not in r.err
    record("tamper", tried=1, caught_by_verify=1)


def test_truncation_is_caught_by_the_head_kept_outside(tmp_path):
    """Delete the log's tail and its snapshots, set the version back: the chain alone still
    verifies (nothing inside the file can tell), the head hash kept from replay does not."""
    db = str(tmp_path / "g.sqlite")
    r = run("replay", EXAMPLE, "--db", db)
    head_line = [ln for ln in r.err.splitlines() if ln.startswith("head: ")][0]
    digest, seq = head_line.split()[-1], head_line.split()[-2]
    kept = f"{seq}:{digest}"
    h = run("head", "--db", db)
    assert h.code == 0 and h.out.split()[0] == digest
    assert run("verify", "--db", db, "--expect-head", kept).code == 0
    assert run("verify", "--db", db, "--expect-head", head_line).code == 0      # the line replay printed
    assert run("verify", "--db", db, "--expect-head", h.out.strip()).code == 0  # the line head printed
    assert run("verify", "--db", db, "--expect-head", f"{seq}:{digest[:32]}").code == 0

    con = attacker(db)
    con.execute("PRAGMA foreign_keys = OFF")
    con.execute("delete from events where seq > 40")
    con.execute("delete from snapshots where seq > 40")
    con.execute("update games set version = 40")
    con.close()
    plain = run("verify", "--db", db)
    assert plain.code in (0, 1)   # the recorded digest may or may not betray it
    v = run("verify", "--db", db, "--expect-head", kept)
    assert v.code == 1 and "truncated" in v.err, v.err
    record("tamper", tried=1, caught_by_verify=1)


def test_games_row_is_protected_by_triggers(tmp_path, store_url, raw_connect):
    db = store_url
    assert run("replay", EXAMPLE, "--db", db).code == 0
    con = raw_connect(db)
    try:
        gid = con.execute("select game_id from games").fetchone()[0]
        for sql in ("delete from games",
                    "update games set title = 'forged'",
                    "update games set created_at = '1970-01-01'",
                    "update games set version = 10"):
            with pytest.raises(Exception, match="cannot be deleted|may change"):
                con.execute(sql)
        assert con.execute("select count(*) from games").fetchone()[0] == 1
        assert gid
    finally:
        con.close()


def test_verify_all_reports_events_whose_game_row_is_gone(tmp_path):
    db, gid = stored_game(tmp_path)
    con = attacker(db)            # triggers dropped, foreign keys off (sqlite3's default)
    con.execute("delete from snapshots")
    con.execute("delete from games")
    con.close()
    v = run("verify", "--all", "--db", db)
    assert v.code == 1 and f"game {gid}: 67 events but no games row" in v.err, v.err
    record("tamper", tried=1, caught_by_verify=1)


def test_a_forged_snapshot_is_not_used_once_the_log_changed(tmp_path):
    """A snapshot is tied to the hash of the event it was taken after: a snapshot left over
    from another log (or after its event was rewritten) is never used by state."""
    from simulator.session.recorder import replay_file
    db = str(tmp_path / "g.sqlite")
    gid = replay_file(EXAMPLE, db, snapshot_every=30).game.game_id
    truth = run("state", "--db", db, "--json").out
    con = attacker(db)
    seq, text = con.execute("select seq, state from snapshots order by seq desc limit 1").fetchone()
    data = json.loads(text)
    data["players"]["Alice"]["life"] = 99
    from simulator.game.codec import dict_digest
    con.execute("update snapshots set state=?, digest=?, event_hash=? where seq=?",
                (json.dumps(data), dict_digest(data), "0" * 64, seq))
    con.close()
    assert run("state", "--db", db, "--json").out == truth
    v = run("verify", "--db", db)
    assert v.code == 1 and f"game {gid} snapshot seq {seq}: not tied to the log" in v.err, v.err
    record("tamper", tried=1, caught_by_verify=1)
