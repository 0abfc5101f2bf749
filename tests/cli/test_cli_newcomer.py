"""The CLI tells a newcomer what happened: a second replay of one file, an event that is not in
the (default) game."""
from __future__ import annotations

from pathlib import Path

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_replaying_a_file_twice_says_so_and_names_both_games(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    game = str(EXAMPLES / "legend_rule.toml")
    first = cli("replay", game, "--db", db, "--json")
    assert first.code == 0 and "note:" not in first.err
    second = cli("replay", game, "--db", db, "--json")
    assert second.code == 0
    assert f"already replayed into {db} as game {first.json()['game']}" in second.err
    assert f"another copy, game {second.json()['game']}" in second.err
    games = cli("games", "--db", db)
    assert games.out.count("The legend rule") == 2


def test_why_of_a_missing_event_names_the_game_it_looked_in(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    out = cli("replay", str(EXAMPLES / "legend_rule.toml"), "--db", db, "--json").json()
    r = cli("why", "--db", db, "99")
    assert r.code == 2
    assert f"game {out['game']} (The legend rule: two Gaea's Cradles) has events 1..{out['events']}" in r.err
    assert "the latest game was used" in r.err and "simulator games" in r.err
