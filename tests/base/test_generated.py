"""The methods `dataclasses` writes for the record classes are compiled once and kept on disk
(`simulator.base.generated`, start-up of the reading commands, issue 25): a fresh process
finds them there and compiles none; a cache that is missing, truncated or foreign is compiled
again and written anew; the classes behave the same with or without it; `SIMULATOR_CACHE_DIR=""`
switches it off. Timings live in `python -m bench`."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MODULES = ("simulator.cards.model", "simulator.game.events", "simulator.game.state", "simulator.game.layers")

# What a process reports: for each module, whether it had to compile something, and how its
# records behave (equality, hashing, repr, the frozen guard, defaults).
PROBE = f"""
import dataclasses, importlib, json
from simulator.game import events as ev
from simulator.game.state import GameObject
missed = {{m: importlib.import_module(m)._compiled.missed for m in {MODULES!r}}}
a, b = ev.PermanentTapped(object_id="x"), ev.PermanentTapped(object_id="x")
o = GameObject(id="o", card="Forest", owner="A", zone="battlefield", controller="A")
try:
    o.tapped = True
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
print(json.dumps({{"missed": missed, "equal": a == b, "hash": hash(a) == hash(b), "repr": repr(a),
                  "frozen": frozen, "default": o.tapped, "replaced": dataclasses.replace(o, tapped=True).tapped}}))
"""


def _probe(cache: str | None, **env: str) -> dict:
    base = {"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1", **env}
    if cache is not None:
        base["SIMULATOR_CACHE_DIR"] = cache
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, env=base)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _behaviour(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "missed"}


def test_a_second_process_compiles_nothing_and_the_records_behave_the_same(tmp_path: Path) -> None:
    off = _probe("")
    assert all(off["missed"].values())            # no cache: everything compiled, nothing kept
    first = _probe(str(tmp_path))
    assert all(first["missed"].values())
    files = sorted(p.name for p in (tmp_path / "generated").iterdir())
    assert len(files) == len(MODULES) and all(f.endswith(".marshal") for f in files)
    second = _probe(str(tmp_path))
    assert not any(second["missed"].values())     # every method found compiled
    assert _behaviour(off) == _behaviour(first) == _behaviour(second)
    assert second["equal"] and second["hash"] and second["frozen"] and second["default"] is False
    assert second["repr"] == "PermanentTapped(object_id='x')" and second["replaced"] is True


def test_a_damaged_cache_is_compiled_again_and_rewritten(tmp_path: Path) -> None:
    _probe(str(tmp_path))
    folder = tmp_path / "generated"
    damaged = sorted(folder.iterdir())
    damaged[0].write_bytes(b"not marshal data")
    damaged[1].write_bytes(damaged[1].read_bytes()[:100])    # truncated
    damaged[2].write_bytes(b"\xe9\x00\x00\x00\x00")            # a foreign value (an int, not a dict)
    report = _probe(str(tmp_path))
    assert sum(report["missed"].values()) == 3
    assert not any(_probe(str(tmp_path))["missed"].values())   # rewritten: found again
    assert _behaviour(report) == _behaviour(_probe(""))


def test_the_default_place_and_switching_it_off(tmp_path: Path) -> None:
    """Without SIMULATOR_CACHE_DIR: `$XDG_CACHE_HOME/mtg-mana-simulator/generated`; with it
    empty: nothing is written anywhere."""
    home = tmp_path / "home"
    _probe("", XDG_CACHE_HOME=str(tmp_path / "xdg"), HOME=str(home))
    assert not (tmp_path / "xdg").exists() and not home.exists()
    _probe(None, XDG_CACHE_HOME=str(tmp_path / "xdg"), HOME=str(home))
    assert len(list((tmp_path / "xdg" / "mtg-mana-simulator" / "generated").iterdir())) == len(MODULES)


# The store's payload builders (`simulator.store.decoding._builder`): written as source at run
# time, their code kept in `generated/simulator.store.decoding.builders.*.marshal`.
BUILDER_PROBE = """
import json
from simulator.store import decoding
compiled = []
keep = decoding._COMPILED.keep
decoding._COMPILED.keep = lambda sources: compiled.append(len(sources)) or keep(sources)
good = decoding.decode_event("g", 1, "PermanentTapped", 1, {"object_id": "x"})
passed = decoding.decode_event("g", 2, "PriorityPassed", 1, {"player": "Alice"})
problem = decoding.payload_problem("PermanentTapped", {"object_id": 7})
print(json.dumps({"compiled": compiled, "events": [repr(good), repr(passed)], "problem": problem}))
"""


def _builders(cache: str) -> dict:
    env = {"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1",
           "SIMULATOR_CACHE_DIR": cache}
    done = subprocess.run([sys.executable, "-c", BUILDER_PROBE], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_payload_builders_are_compiled_once_for_every_event_type_and_decode_the_same(tmp_path: Path) -> None:
    from simulator.game import events as ev
    off = _builders("")
    assert off["compiled"] == [len(ev.EVENT_TYPES)]     # no cache: each process compiles them all
    first = _builders(str(tmp_path))
    assert first["compiled"] == [len(ev.EVENT_TYPES)]   # one go for every type, then kept
    [kept] = [p for p in (tmp_path / "generated").iterdir() if "decoding.builders" in p.name]
    second = _builders(str(tmp_path))
    assert second["compiled"] == []                     # every builder found compiled
    assert {k: v for k, v in second.items() if k != "compiled"} == {k: v for k, v in off.items() if k != "compiled"}
    assert second["problem"] == "field 'object_id' has the wrong type (int)"
    kept.write_bytes(b"not marshal data")                # damaged: compiled again, rewritten
    assert _builders(str(tmp_path))["compiled"] == [len(ev.EVENT_TYPES)]
    assert _builders(str(tmp_path))["compiled"] == []
