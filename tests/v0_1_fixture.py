"""The v0.1 database fixture: games stored by the code as it was before the rules restructure.

`tests/data/v0_1_games.sqlite` holds a representative set of `tests/games/*.toml`
(every kind of pending choice, triggers, explore, layers, Steward of the Harvest,
illegal decisions), replayed by the unmodified v0.1 code, plus one game stopped
on each kind of pending choice (its actions cut just before the answer).
`tests/data/v0_1_games.json` holds what that code answered for each game:
`state --json` (now and at a mid point), `verify`, `triggers --json`,
`log --json` and `why --json` of some triggered abilities and the last event.

`observe` is the one function that asks those questions, both when the fixture
was made (`python -m tests.v0_1_fixture`, with the v0.1 code only: it overwrites
the fixture) and in `test_v0_1_database.py` with the current code.
"""
from __future__ import annotations

import io
import json
import os
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
FIXTURE_DB = DATA / "v0_1_games.sqlite"
FIXTURE_JSON = DATA / "v0_1_games.json"
SNAPSHOT_EVERY = 25   # small, so that the fixture has snapshots to restore and verify

GAMES = """
cast_endless_one_x3 cast_hangarback_x2_dies cast_illegal_not_enough_mana cast_pay_explicit
cast_zendikar_resurgent_draw
explore_branchwalker_pending_choice explore_defossilize_branchwalker_order explore_enter_the_unknown_walker_land
explore_map_token explore_sacrificed_explorer_graveyard explore_spelunker_x2 explore_tracker_doubles
explore_two_trackers explore_wildgrowth_jadelight explore_choice_wrong_player
layer_aura_falls_off layer_aura_overgrowth_cast layer_blood_moon_then_seas_on_urborg
layer_urborg_then_seas_on_forest layer_wild_growth_blood_moon
layer_steward_etb_pending layer_steward_exile_three layer_steward_nyxbloom layer_steward_returned
layer_steward_sacrificed layer_steward_two_stewards layer_steward_urborg_exiled
mana_ashnods_altar mana_confluence_twice mana_contamination_upkeep_creature mana_cradle_zero_choice
mana_nyxbloom_reflection mana_orchard_cycle mana_pool_wastes_orchard mana_reflection_then_contamination
mana_replacement_pending mana_steam_vents_pending mana_two_reflections
sba_legend_rule spine_cleanup_discard spine_draw_and_empty_library spine_next_turn
trig_apnap_both_order trig_city_of_brass_two trig_heartbeat_reflection trig_mana_flare_two_types
trig_order_defossilize trig_order_wrong_player trig_overgrowth trig_steward_granted
trig_target_none_removed trig_wild_growth_sacrificed_vein trig_zendikar_resurgent_cast
""".split()

# One game stopped on each kind of pending choice: (kind, source game). The game is
# cut just before the first `choose` that answers a choice of that kind.
STOPPED = [
    ("explore", "explore_branchwalker_nonland_top"),
    ("order", "trig_apnap_both_order"),
    ("replacement", "mana_two_reflections"),
    ("target", "layer_steward_exile_three"),
    ("mana", "trig_mana_flare_two_types"),
    ("pay_life", "mana_steam_vents_pay"),
    ("sacrifice", "mana_contamination_upkeep_creature"),
    ("legend", "sba_legend_rule"),
    ("discard", "spine_cleanup_discard"),
]


def game_file(stem: str) -> str:
    """The source file as stored in the games row: relative to the repository root."""
    return f"tests/games/{stem}.toml"


def run_cli(argv: list[str]) -> tuple[int, str]:
    """`simulator ARGV` in this process: (exit status, stdout)."""
    from simulator import cli

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = cli.main(argv)
    return rc, out.getvalue()


def _json(argv: list[str]) -> Any:
    rc, out = run_cli(argv)
    assert rc == 0, (argv, rc)
    return json.loads(out)


def observe(db: str, game_id: str, why_seqs: list[int] | None = None) -> dict[str, Any]:
    """What the CLI says about one stored game (run from the repository root)."""
    state = _json(["state", game_id, "--json", "--db", db])
    n = state["events"] if isinstance(state, dict) and "events" in state else None
    log = _json(["log", game_id, "--json", "--db", db])
    last = log[-1]["seq"]
    if why_seqs is None:   # a few triggered abilities (first, middle, last) and the last event
        trig = [e["seq"] for e in log if e["type"] == "AbilityTriggered"]
        why_seqs = sorted({*trig[:1], *trig[len(trig) // 2:len(trig) // 2 + 1], *trig[-1:], last})
    mid = last // 2
    rc, _ = run_cli(["verify", game_id, "--db", db])
    return {
        "events": n if n is not None else last,
        "state": state,
        "state_at": {"seq": mid, "state": _json(["state", game_id, "--json", "--at", str(mid), "--db", db])},
        "verify_rc": rc,
        "triggers": _json(["triggers", game_id, "--json", "--db", db]),
        "log": log,
        "why": {str(s): _json(["why", game_id, str(s), "--json", "--db", db]) for s in why_seqs},
    }


def record(store: Any, game_id: str, stem: str, stop_kind: str | None) -> dict[str, Any]:
    """Replay one game file as `game_id` (the way `replay_file` does) into `store` (None: in memory).
    Returns what happened: where it stopped and the answer then due, or the illegal action."""
    from simulator.engine import Game
    from simulator.errors import IllegalAction
    from simulator.recorded import load_recorded_game
    from simulator.replay import Recorder, decisions_for, load_pool

    path = game_file(stem)
    recorded, pool = load_recorded_game(path, load_pool())
    game = Game(pool, game_id)
    if store is not None:
        store.create_game(game_id, recorded.title, source=path)
    rec = Recorder(game, store, SNAPSHOT_EVERY)
    rec.commit(game.setup(recorded))
    info: dict[str, Any] = {"source": path}
    for action in recorded.actions:
        pending = game.state.pending
        if stop_kind and pending is not None and pending["kind"] == stop_kind and action.verb == "choose":
            value = action.choose
            info.update(stopped_before=action.index, kind=stop_kind, player=action.player,
                        answer=list(value) if isinstance(value, tuple) else value)
            break
        try:
            for decision in decisions_for(action, game):
                rec.apply(decision)
        except IllegalAction as e:
            info["illegal"] = {"action": action.index, "rule": e.rule}
            break
    assert not stop_kind or "stopped_before" in info, (stem, stop_kind)
    info["game"] = game
    return info


def make(db: Path = FIXTURE_DB, out: Path = FIXTURE_JSON) -> None:
    """Build the fixture with the code in this checkout (run it only on the v0.1 code)."""
    from simulator.store import EventStore

    os.chdir(ROOT)
    if db.exists():
        db.unlink()
    store = EventStore(str(db))
    games: dict[str, Any] = {}
    try:
        for stem in GAMES:
            games[f"v01-{stem}"] = record(store, f"v01-{stem}", stem, None)
        for kind, stem in STOPPED:
            games[f"v01-stop-{kind}"] = record(store, f"v01-stop-{kind}", stem, kind)
        for info in games.values():
            del info["game"]
    finally:
        store.close()
    rel = str(db.relative_to(ROOT))
    for gid, info in games.items():
        info["observed"] = observe(rel, gid)
    out.write_text(json.dumps({"made_by": "simulator v0.1 (before the rules restructure)",
                               "snapshot_every": SNAPSHOT_EVERY, "games": games},
                              indent=1, ensure_ascii=False, sort_keys=True) + "\n")


if __name__ == "__main__":
    if "--yes-overwrite" not in sys.argv:
        sys.exit("this rebuilds the v0.1 fixture from the code in this checkout; "
                 "run it only on the v0.1 code, with --yes-overwrite")
    make()
