"""Batch replay (`simulator replay FILE... --jobs N`, or a directory) into one database, and the
progress bars of replay/verify (on a terminal only, never when piped or with --json)."""
from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import shutil
import struct
import subprocess
import sys
import termios
from pathlib import Path

from bench.workloads import constant_board_game
from simulator.session.batch import replay_many
from simulator.session.recorder import replay_file, verify
from simulator.store import EventStore

from tests.scenario import cli

REPO = Path(__file__).resolve().parents[2]
GAMES = REPO / "tests" / "games"
EXAMPLE = REPO / "examples" / "forest_and_elves.toml"
ILLEGAL = GAMES / "spine_tapped_land.toml"


def _mixed_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(EXAMPLE, folder / "a_forest_and_elves.toml")
    shutil.copy(ILLEGAL, folder / "b_illegal.toml")
    (folder / "c_invalid.toml").write_text('format = 1\n[[players]]\nname = "Alice"\nhand = ["Forrest"]\n')
    (folder / "notes.txt").write_text("not a game")
    return folder


def test_batch_replay_of_a_directory_summarises_each_game_and_exits_with_the_worst(tmp_path: Path) -> None:
    db = str(tmp_path / "b.sqlite")
    r = cli("replay", str(_mixed_folder(tmp_path)), "--jobs", "2", "--db", db)
    assert r.code == 3, r.err           # an illegal decision (3) is worse than an invalid file (2)
    lines = r.out.splitlines()
    assert "a_forest_and_elves.toml" in lines[1] and lines[1].rstrip().endswith("ok")
    assert "b_illegal.toml" in lines[2] and "exit 3: action 2: Alice cannot activate forest-a" in lines[2]
    assert "c_invalid.toml" in lines[3] and "exit 2:" in lines[3] and "Forrest" in lines[3]
    assert lines[-1] == f"3 games, {67 + 8} events, 2 failed"
    with EventStore(db) as store:
        games = store.games()
        assert sorted(g.version for g in games) == [8, 67]     # the invalid file wrote nothing
        assert all(verify(store, g.game_id) == [] for g in games)


def test_batch_replay_json_lists_outcomes_in_file_order(tmp_path: Path) -> None:
    db = str(tmp_path / "b.sqlite")
    r = cli("replay", str(EXAMPLE), str(EXAMPLE), "--jobs", "2", "--json", "--db", db)
    assert r.code == 0, r.err
    out = json.loads(r.out)
    assert [(o["file"], o["events"], o["status"], o["error"]) for o in out] == [(str(EXAMPLE), 67, 0, None)] * 2
    assert out[0]["game_id"] != out[1]["game_id"]
    assert r.err == ""   # piped: no progress bar


def test_parallel_batch_writes_the_same_games_as_one_by_one(store_url: str, tmp_path: Path) -> None:
    """Four games by two worker processes into one database (SQLite or PostgreSQL): each game's
    events are those of a replay on its own, and every game verifies."""
    files = []
    for turns in (2, 3, 4, 5):
        path = tmp_path / f"long{turns}.json"
        path.write_text(json.dumps(constant_board_game(turns)))
        files.append(str(path))
    outcomes = replay_many(files, store_url, jobs=2)
    assert [o.status for o in outcomes] == [0, 0, 0, 0]
    alone = [replay_file(f, None).game for f in files]
    with EventStore(store_url) as store:
        for o, game in zip(outcomes, alone):
            stored = [(e.seq, e.type, e.payload) for e in store.read(o.game_id)]
            expected = [(e.seq, e.type, json.loads(json.dumps(e.event.payload()))) for e in game.events]
            assert o.events == len(game.events) and len(stored) == len(expected)
            # ids of engine-made objects and the game id differ between games only in the game id
            assert [s[:2] for s in stored] == [x[:2] for x in expected]
            assert verify(store, o.game_id) == []


def _on_a_terminal(args: list[str], env: dict[str, str]) -> tuple[int, str, str]:
    """Run the CLI with stderr on a pseudo-terminal (stdout piped): (status, stdout, terminal)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 120, 0, 0))   # 120 columns
    proc = subprocess.Popen([sys.executable, "-m", "simulator", *args], stdout=subprocess.PIPE,
                            stderr=slave, env=env, cwd=REPO)
    os.close(slave)
    seen = b""
    while True:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        elif proc.poll() is not None:
            break
    out = proc.stdout.read().decode() if proc.stdout else ""
    proc.wait(timeout=120)
    os.close(master)
    return proc.returncode, out, seen.decode(errors="replace")


def test_progress_bar_on_a_terminal_only_and_never_with_json(tmp_path: Path) -> None:
    game = tmp_path / "long.json"
    game.write_text(json.dumps(constant_board_game(12)))
    env = {**os.environ, "SIMULATOR_PROGRESS_AFTER": "0", "COLUMNS": "100", "TERM": "xterm"}
    db = str(tmp_path / "p.sqlite")
    code, out, term = _on_a_terminal(["replay", str(game), "--db", db], env)
    assert code == 0 and "12 turns on a constant board" in out
    assert "replay" in term and "60/60" in term        # the bar: description and actions done
    code, out, term = _on_a_terminal(["replay", str(game), "--db", db, "--json"], env)
    assert code == 0 and json.loads(out)["turn"] and "60/60" not in term and "━" not in term
    code, out, term = _on_a_terminal(["verify", "--db", db, "--all"], env)
    assert code == 0 and "verify" in term
    piped = subprocess.run([sys.executable, "-m", "simulator", "replay", str(game), "--db", db],
                           capture_output=True, text=True, env=env, cwd=REPO, timeout=120)
    lines = piped.stderr.splitlines()    # the game id first (issue 11), then only the copy note, no bar
    assert piped.returncode == 0 and lines[0].startswith("game ") and lines[1].startswith("note:")
