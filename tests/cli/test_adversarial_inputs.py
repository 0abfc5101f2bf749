"""Findings of the adversarial run (issue 24, docs/reliability.md): paths an export writes, reads
that must be bounded (devices, FIFOs, huge files), `check`/`apply`/`play` input answered with
the documented exit, the source stored as it was validated. Each test failed before its fix.

Cases that could hang (a FIFO, `/dev/zero`) run in a subprocess with a time-out."""
from __future__ import annotations

import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from clirun import run
from simulator.base import limits
from simulator.tools.export import Exported, write_export

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "forest_and_elves.toml"
TWO = '[[players]]\nname = "Alice"\n[[players]]\nname = "Bob"\n'
CARD = '[[card]]\nname = "{name}"\ntype = "Land"\ntext = "{{T}}: Add {{G}}."\n'


def _bounded(*args: str, cwd: Path | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """A real `simulator` process that must end within `timeout` seconds (a hang fails the test)."""
    return subprocess.run([sys.executable, "-m", "simulator", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout, stdin=subprocess.DEVNULL)


# --------------------------------------------------------------------------- 1. export paths

@pytest.mark.parametrize("name", ["../../escaped.toml", "ABSOLUTE", "..", "a/../../b.toml",
                                  "sub/x.toml", ".", "", "bad\x1b]0;t\x07.toml"])
def test_export_writes_card_files_only_inside_its_directory(tmp_path, name):
    """A card file name comes from the log: `export -o out/game.toml` writes only plain file
    names under out/cards/, whatever the log says (a forged log verifies clean)."""
    out = tmp_path / "deep" / "out"
    out.mkdir(parents=True)
    if name == "ABSOLUTE":
        name = str(tmp_path / "absolute-escape.toml")
    exported = Exported({"format": 1, "title": "t", "cards": [f"cards/{name}"]},
                        [{"file": name, "text": CARD.format(name="X")}])
    before = {p for p in tmp_path.rglob("*")}
    try:
        written = write_export(exported, out / "game.toml", "format = 1\n")
    except Exception as e:   # refusing is allowed, as long as nothing lands outside
        assert "internal" not in str(e)
        written = []
    cards_dir = (out / "cards").resolve()
    for p in written:
        assert p.resolve() == (out / "game.toml").resolve() or p.resolve().parent == cards_dir, p
    after = {p for p in tmp_path.rglob("*")} - before
    assert all(p.resolve().is_relative_to(out.resolve()) for p in after), after
    assert not (tmp_path / "absolute-escape.toml").exists() and not (tmp_path / "escaped.toml").exists()


def test_two_card_files_of_the_same_name_do_not_collapse(tmp_path):
    """`a/cards.toml` and `b/cards.toml` are two files: the export keeps both, and replays."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "cards.toml").write_text(CARD.format(name="Alpha Land"))
    (tmp_path / "b" / "cards.toml").write_text(CARD.format(name="Beta Land"))
    game = tmp_path / "g.toml"
    game.write_text('format = 1\ncards = ["a/cards.toml", "b/cards.toml"]\n'
                    '[[players]]\nname = "Alice"\nbattlefield = [{card = "Alpha Land", id = "alpha"}, {card = "Beta Land", id = "beta"}]\n'
                    '[[players]]\nname = "Bob"\n'
                    '[[actions]]\nplayer = "Alice"\nactivate = "beta"\n')
    db = str(tmp_path / "g.sqlite")
    assert run("replay", str(game), "--db", db).code == 0
    out = tmp_path / "out"
    out.mkdir()
    r = run("export", "--db", db, "-o", str(out / "again.toml"))
    assert r.code == 0, r.err
    assert len(list((out / "cards").iterdir())) == 2
    again = run("replay", str(out / "again.toml"), "--db", str(tmp_path / "again.sqlite"))
    assert again.code == 0, again.err


# --------------------------------------------------------------------------- 4. --cards devices

@pytest.mark.parametrize("command", [["replay", str(EXAMPLE)], ["check", str(EXAMPLE)], ["cards"]])
def test_cards_option_refuses_dev_zero_without_reading_it(tmp_path, command):
    """`--cards /dev/zero`: exit 2 at once (the cache read the whole device before the check)."""
    r = _bounded(*command, "--cards", "/dev/zero", *(["--db", str(tmp_path / "n.sqlite")]
                                                     if command[0] == "replay" else []), timeout=60)
    assert r.returncode == 2, r.stderr
    assert "not a regular file" in r.stderr and "Traceback" not in r.stderr


def test_cards_option_refuses_a_fifo_without_waiting(tmp_path):
    fifo = tmp_path / "cards.toml"
    os.mkfifo(fifo)
    r = _bounded("cards", "--cards", str(fifo), timeout=60)
    assert r.returncode == 2, r.stderr
    assert "not a regular file" in r.stderr


def test_read_bounded_refuses_a_file_swapped_for_a_fifo_after_the_check(tmp_path, monkeypatch):
    """The check is made again on the opened descriptor (opened without blocking): a file that
    became a FIFO between the check and the open is refused, not waited on."""
    fifo = tmp_path / "swapped.toml"
    os.mkfifo(fifo)
    monkeypatch.setattr(limits, "regular_file_problem", lambda path: None)
    with pytest.raises(limits.DocumentProblem, match="not a regular file"):
        limits.read_bounded(fifo)


# --------------------------------------------------------------------------- 5. check = replay

HOSTILE_FILES = {
    "missing.toml": None,
    "syntax.toml": b"format = 1\ntitle = \n",
    "syntax.json": b'{"format": 1,',
    "latin1.toml": b'format = 1\ntitle = "caf\xe9"\n',
    "deep.json": ('{"format": 1, "title": ' + "[" * 5000 + "]" * 5000 + "}").encode(),
    "big.toml": ("format = 1\nseed = " + "9" * 5000 + "\n").encode(),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_FILES))
def test_check_answers_bad_files_exactly_as_replay(tmp_path, name):
    f = tmp_path / name
    if HOSTILE_FILES[name] is not None:
        f.write_bytes(HOSTILE_FILES[name])
    rep = run("replay", str(f), "--db", str(tmp_path / "never.sqlite"))
    chk = run("check", str(f))
    assert rep.code == 2, rep.err
    assert (chk.code, chk.err) == (rep.code, rep.err)


@pytest.mark.parametrize("kind", ["fifo", "devzero"])
def test_check_refuses_a_fifo_and_dev_zero(tmp_path, kind):
    if kind == "fifo":
        target = tmp_path / "pipe.toml"
        os.mkfifo(target)
    else:
        target = tmp_path / "zero.toml"
        target.symlink_to("/dev/zero")
    r = _bounded("check", str(target), timeout=60)
    assert r.returncode == 2, r.stderr
    assert "not a regular file" in r.stderr


# --------------------------------------------------------------------------- 6. apply/play input

def _stored(tmp_path: Path) -> str:
    db = str(tmp_path / "g.sqlite")
    assert run("replay", str(EXAMPLE), "--db", db).code == 0
    return db


def _version(db: str) -> int:
    con = sqlite3.connect(db)
    try:
        return con.execute("select max(seq) from events").fetchone()[0]
    finally:
        con.close()


@pytest.mark.parametrize("inline, words", [
    ('{player = "Alice", x = ' + "[" * 3000 + "]" * 3000 + "}", "nested too deeply"),
    ('{player = "Alice", x = ' + "9" * 5000 + "}", "too many digits"),
    ('{player = "Alice", pass = ' + "[" * 40 + "]" * 40 + "}", "nested more than"),
    ('{player = "' + "x" * (limits.MAX_TEXT + 1) + '", pass = true}', "over the limit"),
])
def test_apply_inline_tables_within_the_limits(tmp_path, inline, words):
    db = _stored(tmp_path)
    n = _version(db)
    r = run("apply", "--db", db, inline)
    assert r.code == 2, r.err
    assert words in r.err and "internal error" not in r.err
    assert _version(db) == n


@pytest.mark.parametrize("name, content, words", [
    ("deep.toml", "[[actions]]\nx = " + "[" * 3000 + "]" * 3000 + "\n", "nested too deeply"),
    ("big.json", '{"actions": [{"x": ' + "9" * 5000 + "}]}", "too many digits"),
    ("dup.json", '{"actions": [{"player": "Alice", "player": "Bob", "pass": true}]}', "duplicate key"),
    ("latin1.toml", b'[[actions]]\nplayer = "caf\xe9"\n', "not UTF-8"),
])
def test_apply_action_files_within_the_limits(tmp_path, name, content, words):
    db = _stored(tmp_path)
    n = _version(db)
    f = tmp_path / name
    f.write_bytes(content if isinstance(content, bytes) else content.encode())
    r = run("apply", "--db", db, str(f))
    assert r.code == 2, r.err
    assert words in r.err and "internal error" not in r.err
    assert _version(db) == n


@pytest.mark.parametrize("kind", ["fifo", "devzero"])
def test_apply_refuses_an_action_file_that_is_a_fifo_or_dev_zero(tmp_path, kind):
    db = _stored(tmp_path)
    target = tmp_path / "actions.toml"
    if kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to("/dev/zero")
    r = _bounded("apply", "--db", db, str(target), timeout=60)
    assert r.returncode == 2, r.stderr
    assert "not a regular file" in r.stderr


@pytest.mark.parametrize("line", ["²", "9" * 5000, '{player = "Alice", x = ' + "9" * 5000 + "}"])
def test_play_input_that_is_not_a_decision_number_is_answered(tmp_path, line):
    """`²` passes str.isdigit() but not int(); 5,000 digits exceed int()'s limit: the session
    says what is wrong and goes on (it ended with exit 70)."""
    db = _stored(tmp_path)
    import sys as _sys
    old_in = _sys.stdin
    _sys.stdin = io.StringIO(line + "\nquit\n")
    try:
        r = run("play", "--db", db)
    finally:
        _sys.stdin = old_in
    assert r.code == 0, r.err + r.out[-500:]
    assert "internal error" not in r.err + r.out


# --------------------------------------------------------------------------- 7. stored source

def test_the_log_keeps_the_card_text_that_was_validated(tmp_path, monkeypatch):
    """The card file changes between its load and the GameCreated event: the log must hold the
    text the game was played with (it re-read the file: verify passed, `state` showed another
    card)."""
    cards = tmp_path / "cards.toml"
    cards.write_text(CARD.format(name="Test Land"))
    game = tmp_path / "g.toml"
    game.write_text('format = 1\ncards = ["cards.toml"]\n[[players]]\nname = "Alice"\n'
                    'battlefield = [{card = "Test Land", id = "t"}]\n[[players]]\nname = "Bob"\n')
    from simulator.session import recorder
    real = recorder.source_payload

    def swapped(*args, **kwargs):   # the file is rewritten after it was validated
        cards.write_text(CARD.format(name="Test Land").replace("{G}", "{R}"))
        game.write_text(game.read_text() + "# changed\n")
        return real(*args, **kwargs)

    monkeypatch.setattr(recorder, "source_payload", swapped)
    db = str(tmp_path / "g.sqlite")
    assert run("replay", str(game), "--db", db).code == 0
    con = sqlite3.connect(db)
    payload = json.loads(con.execute("select payload from events where seq = 1").fetchone()[0])
    con.close()
    assert payload["source"]["card_files"][0]["text"] == CARD.format(name="Test Land")
    assert "# changed" not in payload["source"]["text"]


# --------------------------------------------------------------------------- 8. limits

def test_a_card_file_holds_at_most_the_documented_number_of_cards(tmp_path):
    n = limits.MAX_CARD_DEFINITIONS + 1
    (tmp_path / "many.toml").write_text("".join(CARD.format(name=f"Land {i}") for i in range(n)))
    r = run("cards", "--cards", str(tmp_path / "many.toml"))
    assert r.code == 2, r.err[-300:]
    assert f"over the limit of {limits.MAX_CARD_DEFINITIONS}" in r.err


# --------------------------------------------------------------------------- 11. play game.json

def test_play_writes_a_json_game_back_as_json(tmp_path):
    game = tmp_path / "g.json"
    game.write_text(json.dumps({"format": 1, "title": "j", "players": [
        {"name": "Alice", "battlefield": [{"card": "Forest", "id": "forest-a"}]}, {"name": "Bob"}]}))
    db = str(tmp_path / "g.sqlite")
    import sys as _sys
    old_in = _sys.stdin
    _sys.stdin = io.StringIO('{player = "Alice", activate = "forest-a"}\nundo\n'
                             '{player = "Alice", pass = true}\nquit\n')
    try:
        r = run("play", str(game), "--db", db)
    finally:
        _sys.stdin = old_in
    assert r.code == 0, r.err
    data = json.loads(game.read_text())   # still JSON, after an append and an undo
    assert data["actions"] == [{"player": "Alice", "pass": True}]
    again = run("replay", str(game), "--db", str(tmp_path / "again.sqlite"))
    assert again.code == 0, again.err


# --------------------------------------------------------------------------- 2. terminal escapes

ESC_TITLE = "\x1b]0;owned\x07\x1b[2J"


@pytest.mark.parametrize("where", ["title", "player", "handle", "counter", "card"])
def test_control_characters_are_refused_where_text_is_read(tmp_path, where):
    """A recorded game could clear the screen or retitle the terminal of whoever replays it:
    C0/C1 control characters are refused in every string read (exit 2, nothing written);
    tab and newline stay allowed where text is (card text lines)."""
    bad = {"title": ESC_TITLE, "player": "Al\x9bice", "handle": "forest\x1b[1A",
           "counter": "+1/+1\x1b[31m", "card": "Evil\x1b]0;x\x07 Land"}[where]
    game = {"format": 1, "title": "t", "players": [
        {"name": "Alice", "battlefield": [{"card": "Forest", "id": "forest-a"}]}, {"name": "Bob"}]}
    if where == "title":
        game["title"] = bad
    elif where == "player":
        game["players"][0]["name"] = bad
    elif where == "handle":
        game["players"][0]["battlefield"][0]["id"] = bad
    elif where == "counter":
        game["players"][0]["battlefield"][0] = {"card": "Hangarback Walker", "id": "h",
                                                "counters": {bad: 1}}
    else:
        escaped = bad.replace("\x1b", "\\u001b").replace("\x07", "\\u0007")
        (tmp_path / "cards.toml").write_text(f'[[card]]\nname = "{escaped}"\ntype = "Land"\n'
                                             'text = "{T}: Add {G}."\n')
        game["cards"] = ["cards.toml"]
    f = tmp_path / "g.json"
    f.write_text(json.dumps(game))
    db = tmp_path / "never.sqlite"
    r = run("replay", str(f), "--db", str(db))
    assert r.code == 2, (r.code, r.err)
    assert "control character" in r.err and "\x1b" not in r.err + r.out and "\x9b" not in r.err + r.out
    assert not db.exists()


def test_tab_and_newline_stay_allowed_in_card_text(tmp_path):
    (tmp_path / "cards.toml").write_text('[[card]]\nname = "Tab Land"\ntype = "Land"\n'
                                         'text = "{T}: Add {G}.\\n{T}: Add {U}."\n')
    r = run("cards", "Tab Land", "--cards", str(tmp_path / "cards.toml"))
    assert r.code == 0, r.err


def test_a_control_character_forged_into_the_log_is_never_printed(tmp_path):
    """Whoever can write the database (and recompute the chain) puts an escape sequence in a
    payload or in the games row: readers stop with exit 4 at the event, `games` shows the
    title escaped; the terminal never receives the control character."""
    db = str(tmp_path / "g.sqlite")
    assert run("replay", str(EXAMPLE), "--db", db).code == 0
    con = sqlite3.connect(db, isolation_level=None)
    for (name,) in con.execute("select name from sqlite_master where type='trigger'").fetchall():
        con.execute(f'DROP TRIGGER "{name}"')
    seq, payload = con.execute("select seq, payload from events where type='ManaAdded' "
                               "order by seq limit 1").fetchone()
    forged = json.dumps({**json.loads(payload), "player": ESC_TITLE})
    con.execute("update events set payload=? where seq=?", (forged, seq))
    con.execute("update games set title=?", (ESC_TITLE,))
    con.close()
    for args in (("log",), ("state",), ("why", str(seq)), ("games",), ("verify",)):
        r = run(*args, "--db", db)
        assert "\x1b" not in r.out + r.err and "\x07" not in r.out + r.err, (args, r.out[-300:], r.err)
        assert "internal error" not in r.err
        if args[0] in ("log", "why"):
            assert r.code == 4 and f"event {seq} of game" in r.err, (args, r.err)
