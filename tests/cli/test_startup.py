"""Start-up stays cheap: what `simulator --help` and a read of an up-to-date store import, and
the parsed-card cache (correct when a card file, the grammar or the parser changes; safe to
delete). Timings live in `python -m bench`; these tests check the mechanisms only."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from simulator.cards import CardPool
from simulator.cards import cache as card_cache

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("sqlalchemy", "alembic", "lark", "pyrsistent", "simulator.rules", "simulator.store", "simulator.formats")


def _imported_after(code: str, tmp_path: Path) -> list[str]:
    script = (f"import sys\n{code}\n"
              f"print(__import__('json').dumps(sorted(m for m in sys.modules if m.startswith({HEAVY!r}))))")
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin",
                                            "SIMULATOR_CACHE_DIR": str(tmp_path / "cache")})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_help_imports_no_database_parser_or_rules(tmp_path: Path) -> None:
    code = ("from simulator.cli.main import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass")
    assert _imported_after(code, tmp_path) == []


def test_help_imports_neither_typing_json_nor_shutil(tmp_path: Path) -> None:
    """Start-up of `simulator --help` (issue 10): typing, json and shutil (with its compression
    modules) are imported only where used, beyond what the interpreter itself loads."""
    show = "import sys\nprint(' '.join(sorted(m for m in ('typing', 'json', 'shutil') if m in sys.modules)))"
    help_code = "from simulator.cli.main import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"

    def loaded(code: str) -> set[str]:
        done = subprocess.run([sys.executable, "-c", code + show], cwd=tmp_path, capture_output=True, text=True,
                              timeout=120, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
        assert done.returncode == 0, done.stderr
        return set(done.stdout.split("\n")[-2].split())

    assert loaded(help_code) - loaded("") == set()


def test_reading_a_game_with_a_warm_card_cache_imports_no_parser(tmp_path: Path) -> None:
    """`simulator state` reads the card pool back from the parsed-card cache: neither the card
    parser nor lark is imported (the parse results live in cards.model, so the cached pickle
    needs neither)."""
    from simulator.session.recorder import replay_file
    db = str(tmp_path / "g.sqlite")
    replay_file(REPO / "examples" / "forest_and_elves.toml", db)
    code = ("import contextlib, io\nfrom simulator.cli.main import main\n"
            f"with contextlib.redirect_stdout(io.StringIO()):\n    assert main(['state', '--db', {db!r}]) == 0")
    _imported_after(code, tmp_path)   # the first read fills the cache
    import shutil
    shutil.rmtree(tmp_path / "cache" / "views")   # the state is made again, from the kept cards
    imported = _imported_after(code, tmp_path)
    assert "simulator.store" in imported and "pyrsistent" in imported   # it read the store and made the state
    assert not [m for m in imported if m == "lark" or m.startswith("lark.")]


@pytest.mark.parametrize("command", [["state"], ["log"], ["why", "5"]])
def test_reading_commands_import_neither_sqlalchemy_nor_the_rules(tmp_path: Path, command: list[str]) -> None:
    """`state`, `log` and `why` of an up-to-date SQLite file read it through the sqlite3 driver
    (a read-only open needs no engine): neither SQLAlchemy nor Alembic is imported; nor the
    rules (which decide) nor the recorded-game format (whose choice kinds import the rules):
    they fold and explain stored events (issue 25, start-up of the reading commands)."""
    from simulator.session.recorder import replay_file
    db = str(tmp_path / "g.sqlite")
    replay_file(REPO / "examples" / "forest_and_elves.toml", db)
    code = ("import contextlib, io\nfrom simulator.cli.main import main\n"
            f"with contextlib.redirect_stdout(io.StringIO()):\n    assert main({[*command, '--db', db]!r}) == 0")
    imported = _imported_after(code, tmp_path)
    assert "simulator.store" in imported   # it did read the store
    assert [m for m in imported if m.startswith(("sqlalchemy", "alembic", "simulator.rules", "simulator.formats"))] == []


@pytest.mark.parametrize("command", [["verify"], ["verify", "--all", "--json"], ["head"]])
def test_verify_and_head_import_neither_sqlalchemy_nor_the_rules(tmp_path: Path, command: list[str]) -> None:
    """`verify` of an SQLite file reads it as `state` does, through the sqlite3 driver: the
    file's quick_check, the snapshots and their links to the chain, the games without a row
    (`--all`) and the head are plain SQL too, so no SQLAlchemy (about a third of a second of
    CPU to import, a quarter of verifying 100k events); nor the rules, the formats or the card
    pool, which verifying a log does not need (issue 25, goal 1). The same answers:
    tests/store and the tampering tests."""
    from simulator.session.recorder import replay_file
    db = str(tmp_path / "g.sqlite")
    replay_file(REPO / "examples" / "forest_and_elves.toml", db)
    code = ("import contextlib, io\nfrom simulator.cli.main import main\n"
            f"with contextlib.redirect_stdout(io.StringIO()):\n    assert main({[*command, '--db', db]!r}) == 0")
    imported = _imported_after(code, tmp_path)
    assert "simulator.store" in imported   # it did read the store
    assert [m for m in imported if m.startswith(("sqlalchemy", "alembic", "simulator.rules", "simulator.formats"))] == []


def test_import_simulator_is_light_and_names_still_resolve(tmp_path: Path) -> None:
    assert _imported_after("import simulator", tmp_path) == []
    import simulator
    assert simulator.Game.__name__ == "Game"
    assert simulator.IllegalAction.__name__ == "IllegalAction"
    with pytest.raises(AttributeError):
        simulator.no_such_name  # noqa: B018


def test_opening_an_up_to_date_store_does_not_import_alembic(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    from simulator.store import EventStore
    with EventStore(str(db)):
        pass   # created and migrated to head
    code = f"from simulator.store import EventStore\nEventStore({str(db)!r}).close()"
    assert "alembic" not in {m.split(".")[0] for m in _imported_after(code, tmp_path)}


def test_a_write_to_a_store_opened_read_only_without_sqlalchemy_is_still_refused(tmp_path: Path) -> None:
    """A read-only open of an SQLite file makes no engine until something needs one: a write
    then makes it (read-only) and is refused in the usual words, nothing written."""
    from simulator.base.errors import DatabaseUnavailable
    from simulator.store import EventStore
    db = tmp_path / "g.sqlite"
    with EventStore(str(db)) as store:
        store.create_game("g", "a game")
    with EventStore(str(db), readonly=True) as store:
        assert [g.game_id for g in store.games()] == ["g"]
        with pytest.raises(DatabaseUnavailable, match="read-only"):
            store.create_game("h", "another")
    with EventStore(str(db), readonly=True) as store:
        assert [g.game_id for g in store.games()] == ["g"]


def test_script_heads_read_without_alembic_agree_with_alembic() -> None:
    from alembic.script import ScriptDirectory

    from simulator.store.engines import _script_heads, alembic_config
    assert _script_heads() == set(ScriptDirectory.from_config(alembic_config()).get_heads())


CARD = '''[[card]]
name = "Cache Test Bear"
cost = "{1}{G}"
type = "Creature — Bear"
power = POWER
toughness = 2
text = "{T}: Add {G}."
'''


def test_card_cache_is_used_and_follows_file_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SIMULATOR_CACHE_DIR", str(folder))
    cards = tmp_path / "bear.toml"
    cards.write_text(CARD.replace("POWER", "2"), encoding="utf-8")
    first = CardPool.from_files(cards).get("Cache Test Bear")
    assert len(list(folder.glob("*.pickle"))) == 1
    calls: list[int] = []
    again = card_cache.cached_load(cards, cards.read_bytes(), lambda: calls.append(1))   # a hit never calls the loader
    assert calls == [] and again[0].card == first
    cards.write_text(CARD.replace("POWER", "3"), encoding="utf-8")    # edited: a new key
    assert CardPool.from_files(cards).get("Cache Test Bear").power == 3
    assert len(list(folder.glob("*.pickle"))) == 2


def test_card_cache_is_safe_to_delete_or_corrupt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SIMULATOR_CACHE_DIR", str(folder))
    cards = tmp_path / "bear.toml"
    cards.write_text(CARD.replace("POWER", "2"), encoding="utf-8")
    CardPool.from_files(cards)
    for entry in folder.glob("*.pickle"):
        entry.write_bytes(b"not a pickle")
    assert CardPool.from_files(cards).get("Cache Test Bear").power == 2
    for entry in folder.glob("*.pickle"):
        entry.unlink()
    assert CardPool.from_files(cards).get("Cache Test Bear").power == 2


def test_card_cache_off_and_errors_not_cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIMULATOR_CACHE_DIR", "")
    assert card_cache.cache_dir() is None
    folder = tmp_path / "cache"
    monkeypatch.setenv("SIMULATOR_CACHE_DIR", str(folder))
    bad = tmp_path / "bad.toml"
    bad.write_text(CARD.replace("POWER", '"two"'), encoding="utf-8")
    from simulator.base.errors import CardDataError
    for _ in range(2):
        with pytest.raises(CardDataError, match="power"):
            CardPool.from_files(bad)
    assert not list(folder.glob("*.pickle"))


def test_card_cache_key_covers_the_parser_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A changed grammar or parser module is a different key (simulated by a different fingerprint)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("SIMULATOR_CACHE_DIR", str(folder))
    cards = tmp_path / "bear.toml"
    cards.write_text(CARD.replace("POWER", "2"), encoding="utf-8")
    card_cache.cached_load(cards, cards.read_bytes(), lambda: ["old parser"])
    monkeypatch.setattr(card_cache, "_code_fingerprint", lambda: b"another parser")
    assert card_cache.cached_load(cards, cards.read_bytes(), lambda: ["new parser"]) == ["new parser"]


def test_every_dataclass_has_its_own_docstring() -> None:
    """Every record says what it is, with its rule where there is one (a dataclass without a
    docstring shows only its signature, made by dataclasses at import)."""
    import dataclasses
    import importlib
    import inspect
    import pkgutil

    import simulator

    missing = []
    for info in pkgutil.walk_packages(simulator.__path__, "simulator."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if inspect.isclass(value) and dataclasses.is_dataclass(value) and value.__module__ == info.name:
                if not value.__dict__.get("__doc__") or value.__doc__.startswith(f"{name}("):
                    missing.append(f"{info.name}.{name}")
    assert missing == []


@pytest.mark.parametrize("command", [["log"], ["why", "5"]])
def test_log_and_why_read_no_card(tmp_path: Path, command: list[str]) -> None:
    """`log` and `why` describe and fold stored events: the card pool (the card model's ~70
    record classes, the parsed-card cache) is not imported (issue 25, start-up)."""
    from simulator.session.recorder import replay_file
    db = str(tmp_path / "g.sqlite")
    replay_file(REPO / "examples" / "forest_and_elves.toml", db)
    code = ("import contextlib, io, sys\nfrom simulator.cli.main import main\n"
            f"with contextlib.redirect_stdout(io.StringIO()):\n    assert main({[*command, '--db', db]!r}) == 0\n"
            "print(sorted(m for m in sys.modules if m.startswith(('simulator.cards', 'simulator.game'))))")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin",
                               "SIMULATOR_CACHE_DIR": str(tmp_path / "cache")})
    assert done.returncode == 0, done.stderr
    imported = json.loads(done.stdout.strip().splitlines()[-1].replace("'", '"'))
    assert "simulator.game.events" in imported   # it did read the events
    assert [m for m in imported if m.startswith("simulator.cards")] == []
