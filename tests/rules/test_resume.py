"""A stored game waiting on a choice resumes in a fresh process (frames resolve by import, not import order).

For each kind of pending choice: a game is stored stopped on that choice; a new
Python process that has done nothing but `import simulator` loads it, answers
it and prints the events and state that made; they must equal the same game
answered in this process. Each row runs on a game stored by this code and on
every release fixture stopped on that kind (v0.1: agendas stored with bare frame
names; v0.2). Adding a pending kind is one row of the newest release's `stopped`.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests.release_fixture import RELEASES, ROOT, record

# (pending kind, a tests/games file whose play answers a choice of that kind)
CASES: list[tuple[str, str]] = list(RELEASES["v0.2"].stopped) + [   # every kind, `color` included
    ("scry", "lib_temple_scry_bottom"), ("surveil", "lib_sewers_surveil_graveyard"),   # kinds after v0.2
    ("return", "karoo_returns_forest"), ("search", "search_warped_landscape_forest"),
    ("return_unless", "bounce_coral_atoll_returns_island"), ("reveal", "reveal_choked_estuary_reveals"),
    ("tap_unless", "manaprod_thoroughfare_taps_an_artifact"),   # pool-manaprod
    ("pay_unless", "paid_rupture_spire_pays"), ("land_type", "compass_cavern_island"),
    ("scry_bottom", "lib_scry_castle_vantress"), ("surveil_graveyard", "lib_surveil_kishla_village"),
    ("look_pick", "lib_look_memorial_to_unity"), ("library_order", "lib_look_halimar_depths"),
    ("discard_cards", "lib_loot_desolate_lighthouse"),
    ("counter_unless", "counter_leak_paid"),
    ("counter", "counters_helica_glider_first_strike"),
    ("may", "may_mortuary_mire_does"),
    ("stay_tapped", "manaprod_storage_vault_stays_tapped"),
    ("may_pay", "casting_mana_vault_pays"),
    ("choose_permanents", "miscb_lotus_field"),
    ("top_card", "ctrzone_lantern_land"),
]

FRESH_PROCESS = textwrap.dedent("""
    import json, sys
    import simulator
    from simulator.session.recorder import game_from_store, load_pool
    from simulator.formats.recorded import load_recorded_game
    from simulator.store import EventStore
    from simulator.game.codec import state_digest

    out = []
    for db, game_id, source, player, answer in json.loads(sys.argv[1]):
        _, pool = load_recorded_game(source, load_pool())
        store = EventStore(db)
        try:
            game = game_from_store(store, game_id, pool)
        finally:
            store.close()
        made = game.apply(simulator.Choose(player, answer))
        out.append({"events": [[e.seq, e.type, e.event.payload(), e.cause_seq, e.decision_seq, e.rule]
                               for e in made],
                    "state": state_digest(game.state)})
    print(json.dumps(out))
""")


def answered_here(db: str, game_id: str, source: str, player: str, answer: Any) -> dict[str, Any]:
    """The same stored game answered in this process (every rules module long imported)."""
    import simulator
    from simulator.formats.recorded import load_recorded_game
    from simulator.session.recorder import game_from_store, load_pool
    from simulator.game.codec import state_digest
    from simulator.store import EventStore

    _, pool = load_recorded_game(source, load_pool())
    store = EventStore(db)
    try:
        game = game_from_store(store, game_id, pool)
    finally:
        store.close()
    made = game.apply(simulator.Choose(player, answer))
    events = [[e.seq, e.type, e.event.payload(), e.cause_seq, e.decision_seq, e.rule] for e in made]
    return json.loads(json.dumps({"events": events, "state": state_digest(game.state)}))


@pytest.mark.parametrize("kind,stem", CASES, ids=[k for k, _ in CASES])
def test_stored_choice_resumes_in_a_fresh_process(kind: str, stem: str, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from simulator.store import EventStore

    monkeypatch.chdir(ROOT)
    fresh_db = str(tmp_path / "fresh.sqlite")
    store = EventStore(fresh_db)
    try:
        info = record(store, "fresh", stem, kind)
    finally:
        store.close()
    assert info["game"].state.pending["kind"] == kind
    jobs = [[fresh_db, "fresh", info["source"], info["player"], info["answer"]]]
    for release in RELEASES.values():
        if (kind, stem) in release.stopped:   # this release's fixture has the game stopped on this kind
            old_db = str(tmp_path / release.db.name)
            shutil.copyfile(release.db, old_db)
            jobs.append([old_db, release.stop_id(kind), info["source"], info["player"], info["answer"]])
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-c", FRESH_PROCESS, json.dumps(jobs)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    there = json.loads(done.stdout)
    for job, got in zip(jobs, there):
        want = answered_here(*job)
        assert want["events"] and want["events"][0][1] == "ChoiceMade"
        assert got == want, f"{job[1]}: a fresh process answered differently"
