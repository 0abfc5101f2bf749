"""Release database fixtures: games stored by a released version of the simulator.

Each `Release` is a committed database `tests/data/<name>_games.sqlite` holding a
representative set of `tests/games/*.toml` (every kind of pending choice, triggers,
explore, layers, Steward of the Harvest, illegal decisions, and for later releases
the cards and events added since), replayed by that release's code, plus one game
stopped on each kind of pending choice (its actions cut just before the answer).
`tests/data/<name>_games.json` holds what that code answered for each game:
`state --json` (now and at a mid point), `verify`, `triggers --json`,
`log --json` and `why --json` of some triggered abilities and the last event,
and the version of each event type it wrote.

- v0.1: written by the code before the rules restructure (agendas with bare frame names).
- v0.2: written by the code of 2026-11-30 after the reliability work (schema 0006:
  snapshots tied to the chain, GameCreated v2 with the file text, AbilityTriggered v2,
  the twelve new cards, the `color` choice, 704.5q counters, card handles).

`observe` is the one function that asks those questions, both when a fixture was
made (`python -m tests.release_fixture NAME --yes-overwrite`, only on that release's
code: it overwrites the fixture) and in `test_release_databases.py` with the current
code, which must keep answering the same after every later change (upcasters for
changed events; stored rows are never rewritten).
"""
from __future__ import annotations

import io
import json
import os
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
SNAPSHOT_EVERY = 25   # small, so that the fixture has snapshots to restore and verify

V0_1_GAMES = """
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
V0_1_STOPPED = [
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

# v0.2 adds the games of what came after v0.1: card handles and answers by kind, 614.12
# entering characteristics, 704.5q counters, drawing from an empty library, and at least
# one game per card added in issue 9 (with both timestamp orders where they matter).
V0_2_GAMES = V0_1_GAMES + """
answers_activate_ids answers_discard_gc answers_legend_gc answers_sacrifice_bug answers_target_bug
handles_explore_defossilize enter_blood_moon_steam_vents enter_lantern_blood_moon_vents
enter_urborg_played_under_blood_moon sba_counters_dies_with_both sba_counters_husk_explore
sba_counters_start_hangarback sba_counters_withered_walker over_draw_from_empty_library
card_birds_any_color card_mystic_reflection_flare card_sol_ring_nyxbloom_contamination
card_signet_no_commander card_fertile_ground_forest card_sprawl_cast card_sprawl_tomb_then_blood_moon
card_sprawl_blood_moon_then_tomb card_rite_then_steward card_steward_then_rite card_cobra_on_stack
card_cobra_landfall card_wake_contamination card_chupacabra_ends_in_cleanup card_chupacabra_kills_bears
card_squire_land card_wayfinder_tracker_same_card
""".split()
V0_2_STOPPED = V0_1_STOPPED + [("color", "card_sprawl_cast")]


@dataclass(frozen=True)
class Release:
    """One committed database fixture and what the release that wrote it answered."""

    name: str                             # "v0.1"
    prefix: str                           # game ids are "<prefix>-<stem>", "<prefix>-stop-<kind>"
    games: tuple[str, ...]                # tests/games stems replayed whole
    stopped: tuple[tuple[str, str], ...]  # (pending kind, stem) stopped before that answer
    made_by: str

    @property
    def db(self) -> Path:
        return DATA / f"{self.name.replace('.', '_')}_games.sqlite"

    @property
    def json(self) -> Path:
        return DATA / f"{self.name.replace('.', '_')}_games.json"

    def stop_id(self, kind: str) -> str:
        return f"{self.prefix}-stop-{kind}"


V0_1 = Release("v0.1", "v01", tuple(V0_1_GAMES), tuple(V0_1_STOPPED),
               "simulator v0.1 (before the rules restructure)")
V0_2 = Release("v0.2", "v02", tuple(V0_2_GAMES), tuple(V0_2_STOPPED),
               "simulator of 2026-11-30 (after the reliability work, schema 0006)")
RELEASES = {r.name: r for r in (V0_1, V0_2)}
# The v0.1 names other tests use.
FIXTURE_DB, FIXTURE_JSON, STOPPED = V0_1.db, V0_1.json, V0_1_STOPPED



def game_file(stem: str) -> str:
    """The source file as stored in the games row: relative to the repository root."""
    return f"tests/games/{stem}.toml"


def run_cli(argv: list[str]) -> tuple[int, str]:
    """`simulator ARGV` in this process: (exit status, stdout)."""
    from simulator.cli import main as cli

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


def record(store: Any, game_id: str, stem: str, stop_kind: str | None, edition: int | None = None) -> dict[str, Any]:
    """Replay one game file as `game_id` (the way `replay_file` does) into `store` (None: in memory),
    with the built-in cards of `edition` (None: today's). Returns what happened: where it stopped
    and the answer then due, or the illegal action."""
    from simulator.session.game import Game
    from simulator.base.errors import IllegalAction
    from simulator.formats.recorded import load_recorded_game
    from simulator.session.recorder import Recorder, decisions_for, load_pool

    path = game_file(stem)
    recorded, pool = load_recorded_game(path, load_pool((), edition))
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


def make(release: Release) -> None:
    """Build `release`'s fixture with the code in this checkout (run it only on that release)."""
    from simulator.game.events import EVENT_TYPES
    from simulator.store import EventStore

    os.chdir(ROOT)
    db, out = release.db, release.json
    if db.exists():
        db.unlink()
    store = EventStore(str(db))
    games: dict[str, Any] = {}
    try:
        for stem in release.games:
            games[f"{release.prefix}-{stem}"] = record(store, f"{release.prefix}-{stem}", stem, None)
        for kind, stem in release.stopped:
            games[release.stop_id(kind)] = record(store, release.stop_id(kind), stem, kind)
        for info in games.values():
            del info["game"]
    finally:
        store.close()
    rel = str(db.relative_to(ROOT))
    for gid, info in games.items():
        info["observed"] = observe(rel, gid)
    written = {e["type"] for info in games.values() for e in info["observed"]["log"]}
    out.write_text(json.dumps({"made_by": release.made_by, "snapshot_every": SNAPSHOT_EVERY,
                               "event_versions": {t: EVENT_TYPES[t].version for t in sorted(written)},
                               "games": games},
                              indent=1, ensure_ascii=False, sort_keys=True) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in RELEASES or sys.argv[2] != "--yes-overwrite":
        sys.exit("usage: python -m tests.release_fixture NAME --yes-overwrite (NAME: "
                 f"{', '.join(RELEASES)}); it rebuilds that fixture from the code in this "
                 "checkout: run it only on that release's code")
    make(RELEASES[sys.argv[1]])
