"""The real card pool (issue 22): the built-in cards are their Oracle records, a real card a game
names either plays (taken from the Oracle data, stored in the game's log) or is refused at load
naming the card, the line and the phrase; `simulator cards NAME` says which with the rules check
a game runs; `simulator cards import FILE` (MTGJSON AtomicCards or Scryfall oracle cards) updates
the user's data, which every command reads; `--text/--type/--supported/--refused` search."""
from __future__ import annotations

import json
import sqlite3
import tomllib
from pathlib import Path

import pytest

from clirun import run as run_cli
from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards import builtins, oracle
from simulator.cards.pool import DATA_DIR
from simulator.session.sources import pool_from_source

REPO = Path(__file__).resolve().parents[2]
ATOMIC = REPO / "tests" / "data" / "oracle_atomic.json"
SCRYFALL = REPO / "tests" / "data" / "oracle_scryfall.json"
UNSUPPORTED = REPO / "tests" / "games" / "cards" / "unsupported_cards.toml"

GAME = """format = 1
title = "{title}"

[[players]]
name = "Alice"
hand = ["Forest"]
  [[players.battlefield]]
  card = "{card}"
  id = "it"

[[players]]
name = "Bob"
{actions}"""
TAP_IT = '\n[[actions]]\nplayer = "Alice"\nactivate = "it"\n'


@pytest.fixture(autouse=True)
def own_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No user data unless a test imports some (the real user's directory is never read)."""
    data = tmp_path / "data"
    monkeypatch.setenv("SIMULATOR_DATA_DIR", str(data))
    return data


def _game(tmp_path: Path, card: str, actions: str = TAP_IT, name: str = "g.toml") -> Path:
    path = tmp_path / name
    path.write_text(GAME.format(title=f"{card} on the battlefield", card=card, actions=actions), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- the built-in cards are the Oracle data

def test_every_builtin_card_is_exactly_its_oracle_record() -> None:
    package = oracle.package_oracle()
    for name in builtins.GENERATED:
        for entry in tomllib.loads((DATA_DIR / name).read_text(encoding="utf-8"))["card"]:
            record = package.record(entry["name"])
            assert record is not None and entry == record.card_entry(), entry["name"]


def test_the_builtin_files_are_what_the_generator_writes() -> None:
    package = oracle.package_oracle()
    for name in builtins.GENERATED:
        path = DATA_DIR / name
        assert path.read_text(encoding="utf-8") == builtins.generated_file(path, package), name


def test_mirari_s_wake_has_no_trample_and_edition_1_keeps_the_old_text() -> None:
    """The hand-typed Mirari's Wake gave trample; the real card does not. Games stored before
    (edition 1) read with the old cards, so they answer as they did."""
    assert CardPool.builtin().get("Mirari's Wake").oracle.splitlines()[0] == "Creatures you control get +1/+1."
    old = CardPool.builtin(1).get("Mirari's Wake")
    assert old.oracle.splitlines()[0] == "Creatures you control get +1/+1 and have trample."
    assert CardPool.builtin(1).names() == CardPool.builtin().names()
    with pytest.raises(CardDataError, match="no edition 7"):
        CardPool.builtin(7)


def test_a_card_file_with_the_current_oracle_text_of_a_builtin_loads(tmp_path: Path) -> None:
    record = oracle.package_oracle().record("Jadelight Ranger")
    assert record is not None and "this creature" in record.text
    path = tmp_path / "mine.toml"
    import tomli_w
    path.write_text(tomli_w.dumps({"card": [record.card_entry()]}), encoding="utf-8")
    assert CardPool.builtin().with_file(path).get("Jadelight Ranger") == CardPool.builtin().get("Jadelight Ranger")


def test_an_activation_may_name_the_ability_in_the_older_wording(tmp_path: Path) -> None:
    """"{T}, Sacrifice Crystal Vein: ..." (the wording before "this land") still names the ability
    of today's "{T}, Sacrifice this land: Add {C}{C}." (602.2: the player announces it)."""
    actions = TAP_IT + 'ability = "{T}, Sacrifice Crystal Vein: Add {C}{C}."\n'
    r = run_cli("replay", str(_game(tmp_path, "Crystal Vein", actions)), "--db", str(tmp_path / "g.sqlite"), "--json")
    assert r.code == 0, r.err
    alice = r.json()["players"][0]
    assert alice["mana_pool"] == {"C": 2} and alice["graveyard"] == ["Crystal Vein"]


# --------------------------------------------------------------------------- a real card plays or is refused at load

def test_a_real_card_outside_the_builtin_pool_plays_and_its_text_is_stored(tmp_path: Path) -> None:
    assert "Gilded Lotus" not in CardPool.builtin()
    db = tmp_path / "g.sqlite"
    actions = TAP_IT + 'mana = "GGG"\n'
    r = run_cli("replay", str(_game(tmp_path, "Gilded Lotus", actions)), "--db", str(db))
    assert r.code == 0, r.err
    state = run_cli("state", "--db", str(db), "--json")
    assert state.code == 0, state.err
    alice = state.json()["players"][0]
    assert alice["mana_pool"] == {"G": 3}
    with sqlite3.connect(db) as con:
        payload = next(json.loads(p) for (p,) in con.execute("SELECT payload FROM events ORDER BY seq")
                       if "source" in json.loads(p))
    stored = payload["source"]
    assert stored["builtin"] == 2
    assert 'name = "Gilded Lotus"' in stored["oracle_cards"]
    assert "Add three mana of any one color." in stored["oracle_cards"]


def test_a_stored_games_oracle_cards_come_from_its_log_not_the_oracle_data(monkeypatch: pytest.MonkeyPatch) -> None:
    pool = CardPool.builtin().with_real_card("Fyndhorn Elves")
    assert pool is not None and pool.oracle_cards() is not None
    source = {"version": 1, "format": 1, "file": "g.toml", "media": "toml", "text": "", "card_files": [],
              "builtin": 2, "oracle_cards": pool.oracle_cards()}
    monkeypatch.setattr(oracle, "oracle_record", lambda name: None)   # no Oracle data at all
    read = pool_from_source(source, "g1").pool
    assert read.get("Fyndhorn Elves") == pool.get("Fyndhorn Elves")


def test_a_real_card_the_rules_do_not_cover_is_refused_at_load_naming_the_line(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    r = run_cli("replay", str(_game(tmp_path, "Memory Lapse", "")), "--db", str(db))
    assert r.code == 2
    assert "'Memory Lapse': a real card" in r.err and "If that spell is countered this way" in r.err
    assert "unknown card" not in r.err
    assert not db.exists() or "Memory Lapse" not in db.read_bytes().decode("latin-1")


def test_a_card_of_several_faces_is_refused_naming_its_layout() -> None:
    with pytest.raises(CardDataError, match="layout 'split'"):
        CardPool.builtin().with_real_card("Fire")
    with pytest.raises(CardDataError, match="name it by its front, 'Fire'"):
        CardPool.builtin().with_real_card("Fire // Ice")


def test_a_name_no_real_card_has_is_still_unknown(tmp_path: Path) -> None:
    r = run_cli("replay", str(_game(tmp_path, "Forrest", "")))
    assert r.code == 2 and "unknown card 'Forrest'" in r.err and "did you mean 'Forest'" in r.err


# --------------------------------------------------------------------------- simulator cards NAME

def test_cards_name_says_a_real_card_plays() -> None:
    r = run_cli("cards", "Gilded Lotus", "--json")
    assert r.code == 0, r.err
    d = r.json()
    assert d["real"] and not d["builtin"] and d["supported"] and d["refusal"] is None
    assert d["abilities"][0]["kind"].endswith("mana ability (605.1a)")


def test_cards_name_says_why_a_real_card_is_refused() -> None:
    r = run_cli("cards", "Memory Lapse")
    assert r.code == 0, r.err
    assert "Refused: a real card" in r.out and "Counter target spell." in r.out


def test_cards_name_runs_the_rules_check_a_game_runs() -> None:
    """A card the parser reads but the rules cannot play (tests/games/cards/unsupported_cards.toml)
    is refused by a game; `cards NAME` says so too (it used to skip the check)."""
    names = [e["name"] for e in tomllib.loads(UNSUPPORTED.read_text(encoding="utf-8"))["card"]]
    r = run_cli("cards", names[0], "--cards", str(UNSUPPORTED), "--json")
    assert r.code == 0, r.err
    assert r.json()["supported"] is False and "the rules cannot play it" in r.json()["refusal"]


# --------------------------------------------------------------------------- search

def test_search_by_text_and_type_and_support() -> None:
    explore = run_cli("cards", "--text", "explores", "--type", "Merfolk", "--json").json()
    names = {c["name"] for c in explore}
    assert {"Jadelight Ranger", "Merfolk Branchwalker"} <= names
    assert all("Merfolk" in c["type"] for c in explore)
    supported = run_cli("cards", "--text", "counter target spell", "--supported", "--json").json()
    refused = run_cli("cards", "--text", "counter target spell", "--refused", "--json").json()
    assert "Memory Lapse" in {c["name"] for c in refused} and all(not c["supported"] for c in refused)
    assert "Memory Lapse" not in {c["name"] for c in supported} and "Counterspell" in {c["name"] for c in supported}
    assert "Mana Drain" in {c["name"] for c in supported}
    plain = run_cli("cards", "--text", "Add {C}{C}", "--type", "Artifact", "--supported")
    assert "Sol Ring" in plain.out and "Gilded Lotus" not in plain.out


# --------------------------------------------------------------------------- simulator cards import

@pytest.mark.parametrize("fixture", [ATOMIC, SCRYFALL], ids=["mtgjson-atomic", "scryfall-oracle"])
def test_import_updates_the_users_card_data(fixture: Path, own_data_dir: Path) -> None:
    r = run_cli("cards", "import", str(fixture))
    assert r.code == 0, r.err
    assert (own_data_dir / "oracle.json.xz").is_file() and str(own_data_dir) in r.out
    user = oracle.Oracle.load(own_data_dir / "oracle.json.xz")
    assert user.record("Llanowar Elves") is not None
    # the user's data is read first; the package's still answers every other name
    assert oracle.current_oracle().user is not None
    assert oracle.oracle_record("Gilded Lotus") is not None


def test_a_card_of_a_newer_set_imported_from_scryfall_plays(tmp_path: Path) -> None:
    assert run_cli("cards", "import", str(SCRYFALL)).code == 0
    card = run_cli("cards", "Verdant Newcomer", "--json")
    assert card.code == 0, card.err
    assert card.json()["supported"] and card.json()["type"] == "Creature — Elf Druid"
    r = run_cli("replay", str(_game(tmp_path, "Verdant Newcomer")), "--db", str(tmp_path / "g.sqlite"), "--json")
    assert r.code == 0, r.err
    # a modal double-faced card: both faces are read, and the card is refused by its layout
    mdfc = run_cli("cards", "Bala Ged Recovery", "--json").json()
    assert mdfc["supported"] is False and "modal_dfc" in mdfc["refusal"]


def test_import_refuses_a_file_that_is_not_oracle_data(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"cards": []}', encoding="utf-8")
    r = run_cli("cards", "import", str(bad))
    assert r.code == 2 and "bad.json" in r.err and "Traceback" not in r.err
    assert run_cli("cards", "import", str(tmp_path / "missing.json")).code == 2


# --------------------------------------------------------------------------- cached

def test_a_stored_card_files_text_is_parsed_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stored game's card files are parsed once, then read from the cache (`cache.cached_text`)."""
    monkeypatch.setenv("SIMULATOR_CACHE_DIR", str(tmp_path / "cache"))
    text = UNSUPPORTED.read_text(encoding="utf-8").replace("Test", "Cached Test")
    first = CardPool.builtin().with_text(text, "card file x stored in game g")
    from simulator.cards import parser

    def no_parse(*_a: object, **_k: object) -> None:
        raise AssertionError("parsed again")
    monkeypatch.setattr(parser, "parse_card_text", no_parse)
    again = CardPool.builtin().with_text(text, "card file x stored in game g")
    assert again.names() == first.names()
