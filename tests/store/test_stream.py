"""`simulator log --nl`: one JSON object per event, fixed keys in a fixed order, the stored hash."""
from __future__ import annotations

import json
from pathlib import Path

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py
from simulator.session.recorder import replay_file
from simulator.store import EventStore
from simulator.store.stream import NL_KEYS

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "forest_and_elves.toml"


def test_log_nl_is_one_object_per_event_with_the_stored_hash(tmp_path):
    db = str(tmp_path / "g.sqlite")
    gid = replay_file(EXAMPLE, db).game.game_id
    r = cli("log", "--db", db, "--nl")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert len(lines) == 67
    records = [json.loads(line) for line in lines]
    assert all(tuple(rec) == NL_KEYS for rec in records)
    with EventStore(db) as store:
        stored = list(store.read(gid))
    assert [rec["hash"] for rec in records] == [row.hash for row in stored]
    assert [rec["seq"] for rec in records] == list(range(1, 68))
    wild = records[15]
    assert wild == {**wild, "seq": 16, "type": "ManaAdded", "rule": "106.12a", "cause": 14, "decision": 11}
    assert list(wild["payload"]) == sorted(wild["payload"])
    assert lines[15] == json.dumps(wild, ensure_ascii=False, separators=(",", ":"))   # compact, stable
    again = cli("log", "--db", db, "--nl", "--rule", "106.12")
    assert [json.loads(x)["seq"] for x in again.out.splitlines()] == [13, 14, 16]
    assert cli("log", "--db", db, "--nl", "--json").code == 2                   # one output form
