"""What was chosen as a permanent entered (614.12: "As Utopia Sprawl enters, choose a color") is
part of the position (issue 23): `state --json` (`chosen`), the text table, the starting
position (`chosen = { color = "R" }`, refused for a card that chooses nothing) and `export --at`."""
from __future__ import annotations

import json
from pathlib import Path

from clirun import run as cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "utopia_sprawl_color.toml"

START = '''format = 1
[[players]]
name = "Alice"
  [[players.battlefield]]
  card = "Forest"
  id = "forest-a"
  [[players.battlefield]]
  card = "Utopia Sprawl"
  id = "sprawl"
  attached = "forest-a"
  chosen = { color = "R" }
[[players]]
name = "Bob"
[[actions]]
player = "Alice"
activate = "forest-a"
'''


def test_state_shows_the_chosen_color(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    assert cli("replay", str(EXAMPLE), "--db", db).code == 0
    out = json.loads(cli("state", "--db", db, "--json").out)
    sprawl = next(b for b in out["battlefield"] if b["card"] == "Utopia Sprawl")
    assert sprawl["chosen"] == {"color": "U"}
    assert all(b["chosen"] == {} for b in out["battlefield"] if b["card"] == "Forest")
    text = cli("state", "--db", db).out
    line = next(x for x in text.splitlines() if "Utopia Sprawl [" in x)
    assert "color chosen: U" in line


def test_the_starting_position_holds_a_chosen_color(tmp_path: Path) -> None:
    """Tapping the enchanted Forest adds {G} and Utopia Sprawl's {R} (the color chosen, 106.6a's
    triggered mana ability): the color comes from the file, not from a question."""
    f = tmp_path / "g.toml"
    f.write_text(START)
    r = cli("replay", str(f), "--json", "--db", str(tmp_path / "g.sqlite"))
    assert r.code == 0, r.err
    out = json.loads(r.out)
    assert out["players"][0]["mana_pool"] == {"R": 1, "G": 1}
    assert next(b for b in out["battlefield"] if b["id"] == "sprawl")["chosen"] == {"color": "R"}


def test_a_chosen_color_the_card_does_not_choose_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "g.toml"
    f.write_text(START.replace('  chosen = { color = "R" }\n', '').replace(
        '  id = "forest-a"\n', '  id = "forest-a"\n  chosen = { color = "R" }\n'))
    r = cli("replay", str(f), "--db", str(tmp_path / "g.sqlite"))
    assert r.code == 2
    assert "players[1].battlefield[1].chosen.color" in r.err and "Forest does not choose a color" in r.err
    f.write_text(START.replace('color = "R"', 'color = "X"'))
    r = cli("replay", str(f), "--db", str(tmp_path / "h.sqlite"))
    assert r.code == 2 and "chosen.color" in r.err and "W U B R G" in r.err
    f.write_text(START.replace('color = "R"', 'colour = "R"'))
    r = cli("replay", str(f), "--db", str(tmp_path / "i.sqlite"))
    assert r.code == 2 and "colour" in r.err


def test_the_starting_position_holds_mana(tmp_path: Path) -> None:
    """`mana_pool = { G = 2 }`: mana already in the pool (106.4; a puzzle, an `export --at`); it
    pays a cost like any other, and a letter that is no mana type is refused (106.1b)."""
    f = tmp_path / "g.toml"
    f.write_text('format = 1\n[[players]]\nname = "Alice"\nmana_pool = { G = 1, C = 0 }\nhand = ["Llanowar Elves"]\n'
                 '[[players]]\nname = "Bob"\n[[actions]]\nplayer = "Alice"\ncast = "Llanowar Elves"\n')
    r = cli("replay", str(f), "--json", "--db", str(tmp_path / "g.sqlite"))
    assert r.code == 0, r.err
    out = json.loads(r.out)
    assert out["players"][0]["mana_pool"] == {} and out["stack"][0]["card"] == "Llanowar Elves"
    f.write_text('format = 1\n[[players]]\nname = "Alice"\nmana_pool = { X = 1 }\n')
    r = cli("replay", str(f), "--db", str(tmp_path / "h.sqlite"))
    assert r.code == 2 and "players[1].mana_pool.X" in r.err and "unknown mana type" in r.err


CAVERN = '''format = 1
[[players]]
name = "Alice"
hand = ["Llanowar Elves", "Birds of Paradise"]
  [[players.battlefield]]
  card = "Cavern of Souls"
  id = "cavern"
  chosen = { creature_type = "elf" }
[[players]]
name = "Bob"
[[actions]]
player = "Alice"
activate = "cavern"
ability = 2
mana = "G"
[[actions]]
player = "Alice"
cast = "CARD"
'''


def test_the_starting_position_holds_a_chosen_creature_type(tmp_path: Path) -> None:
    """Cavern of Souls with `chosen = { creature_type = "elf" }` (205.3m, case ignored): its
    restricted {G} pays for Llanowar Elves (an Elf creature spell) and not for Birds of Paradise (a
    Bird: 106.6); the state shows the type as the card's own choice would."""
    f = tmp_path / "g.toml"
    f.write_text(CAVERN.replace("CARD", "Llanowar Elves"))
    r = cli("replay", str(f), "--json", "--db", str(tmp_path / "g.sqlite"))
    assert r.code == 0, r.err
    out = json.loads(r.out)
    assert next(b for b in out["battlefield"] if b["id"] == "cavern")["chosen"] == {"creature_type": "Elf"}
    assert out["stack"][0]["card"] == "Llanowar Elves"
    assert "creature type chosen: Elf" in cli("log", "--db", str(tmp_path / "g.sqlite")).out
    f.write_text(CAVERN.replace("CARD", "Birds of Paradise"))
    r = cli("replay", str(f), "--db", str(tmp_path / "h.sqlite"))
    assert r.code == 3 and "(106.6)" in r.err


def test_a_chosen_creature_type_is_checked(tmp_path: Path) -> None:
    f = tmp_path / "g.toml"
    f.write_text(CAVERN.replace('"elf"', '"Plains"').replace("CARD", "Llanowar Elves"))
    r = cli("replay", str(f), "--db", str(tmp_path / "g.sqlite"))
    assert r.code == 2 and "players[1].battlefield[1].chosen.creature_type" in r.err
    assert "'Plains' is not a creature type (205.3m" in r.err
    f.write_text(START.replace('chosen = { color = "R" }', 'chosen = { creature_type = "Elf" }'))
    r = cli("replay", str(f), "--db", str(tmp_path / "h.sqlite"))
    assert r.code == 2 and "chosen.creature_type" in r.err
    assert "Utopia Sprawl does not choose a creature type as it enters" in r.err
    assert not (tmp_path / "g.sqlite").exists() or cli("games", "--db", str(tmp_path / "g.sqlite")).out.strip() == ""


def test_a_chosen_creature_type_is_shown_in_words(tmp_path: Path) -> None:
    """The text state and the position's picture say "creature type chosen: Elf" (614.12)."""
    f, db = tmp_path / "g.toml", str(tmp_path / "g.sqlite")
    f.write_text(CAVERN.replace("CARD", "Llanowar Elves"))
    assert cli("replay", str(f), "--db", db).code == 0
    line = next(x for x in cli("state", "--db", db).out.splitlines() if "Cavern of Souls [" in x)
    assert "creature type chosen: Elf" in line
    assert cli("state", "--db", db, "--svg", str(tmp_path / "p.svg")).code == 0
    assert "creature type chosen: Elf" in (tmp_path / "p.svg").read_text()
