"""`games` shows each game's status: complete, stopped at action N by an illegal decision (with the
message), waiting on a pending choice, interrupted (a replay that never finished). `replay` prints
the game id first on stderr; `state` and `why` name the game they picked when GAME is omitted."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py
from scenario import GAMES
from simulator.session.recorder import replay_file
from simulator.store import EventStore

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "forest_and_elves.toml"


def test_games_lists_complete_stopped_and_waiting(tmp_path):
    db = str(tmp_path / "g.sqlite")
    done = replay_file(EXAMPLE, db).game.game_id
    stopped = replay_file(GAMES / "spine_tapped_land.toml", db).game.game_id
    waiting = replay_file(GAMES / "explore_branchwalker_pending_choice.toml", db).game.game_id
    r = cli("games", "--db", db, "--json")
    assert r.code == 0, r.err
    by_id = {g["game"]: g for g in r.json()}
    assert by_id[done] == {**by_id[done], "status": "complete", "action": None, "events": 67}
    assert by_id[stopped] == {**by_id[stopped], "status": "stopped", "action": 2,
                              "message": "Alice cannot activate forest-a: it is tapped (107.5)"}
    assert by_id[waiting]["status"] == "waiting"
    assert by_id[waiting]["message"] == "Alice must answer the pending explore choice"
    text = cli("games", "--db", db).out
    assert "[stopped at action 2: Alice cannot activate forest-a: it is tapped (107.5)]" in text
    assert "[complete]" in text and "[waiting: Alice must answer the pending explore choice]" in text


def test_a_replay_that_raised_midway_is_interrupted(tmp_path):
    """The row says "replaying" from creation until the replay ends; an exception leaves it so."""
    db = str(tmp_path / "g.sqlite")

    def crash(game_id: str) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        replay_file(EXAMPLE, db, started=crash)
    r = cli("games", "--db", db, "--json")
    (game,) = r.json()
    assert game["status"] == "interrupted" and game["events"] == 0


def test_a_killed_replay_is_found_by_its_id_and_shown_interrupted(tmp_path):
    """SIGKILL a long replay once it has written events: the id it printed first names a game
    whose status is interrupted, with the events committed before the kill."""
    sys.path.insert(0, str(ROOT))
    from bench.workloads import lands_game
    game_file = tmp_path / "long.json"
    game_file.write_text(json.dumps(lands_game(400)))
    db = tmp_path / "g.sqlite"
    proc = subprocess.Popen([sys.executable, "-m", "simulator", "replay", str(game_file), "--db", str(db)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stderr.readline()
        assert first.startswith("game "), first
        gid = first.split()[1]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            n = sqlite3.connect(db).execute("select count(*) from events").fetchone()[0]
            if n > 100:
                break
            time.sleep(0.05)
        assert proc.poll() is None, "the replay finished before it could be interrupted"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
        proc.stderr.close()
    (game,) = cli("games", "--db", str(db), "--json").json()
    assert game["game"] == gid and game["status"] == "interrupted" and game["events"] > 100
    assert cli("verify", "--db", str(db)).code == 0        # what was committed is whole


def test_replay_prints_the_game_id_first_and_state_why_name_their_game(tmp_path):
    db = str(tmp_path / "g.sqlite")
    r = cli("replay", str(EXAMPLE), "--db", db, "--json")
    gid = r.json()["game"]
    assert r.err.splitlines()[0] == f"game {gid}"
    s = cli("state", "--db", db, "--json")
    assert s.json()["game"] == gid                         # stdout is only the JSON
    assert s.err.startswith(f"game {gid} (Forest and Elves")
    w = cli("why", "--db", db, "16", "--json")
    assert json.loads(w.out) and w.err.startswith(f"game {gid} ")
    named = cli("state", gid[:8], "--db", db, "--json")
    assert named.err == ""                                 # named explicitly: nothing to say


def test_old_rows_have_an_unknown_status(tmp_path):
    db = str(tmp_path / "g.sqlite")
    with EventStore(db) as store:
        store.create_game("old", "old game")
        with store.engine.begin() as conn:
            from sqlalchemy import text
            conn.execute(text("UPDATE games SET status = NULL"))
    (game,) = cli("games", "--db", db, "--json").json()
    assert game["status"] == "unknown"
