"""Every kind of pending choice reads its answers through ONE parser (`simulator.rules.choices`):
the rules, the file loader, `apply` and `play` accept and refuse the same answers.

For each kind a game stopped on that kind (the release fixtures' `stopped` games) is answered
four ways — `decide` directly, a recorded file whose last action is the answer, `apply` on the
stored game, and `play` reading the action as a line — and each answer has one expected outcome:

- "ok": accepted, with the same resulting state in all four ways;
- "illegal": some kind reads it, but not this one: exit 3 (IllegalAction) in all four;
- "invalid": no kind reads it: the file loader refuses it (exit 2, InvalidGameFile) in the three
  ways that read actions as a file does; `decide`, which has no loader, refuses it (IllegalAction).

Among them the issue's two disagreements: `choose = "yes"` for a pay-life land (the rules took it,
the loader refused it; now it is refused everywhere: the answers are "pay" and "tapped", 614.1c),
and `choose = 4` for a menu printing "4. R" (refused before; now option 4, {R}, everywhere).
"""
from __future__ import annotations

import atexit
import io
import shutil
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest

from simulator import rules
from simulator.base.errors import IllegalAction, InvalidGameFile
from simulator.cli.play import PlaySession
from simulator.formats.recorded import parse_recorded_game
from simulator.game.codec import state_digest
from simulator.rules.choices import CHOICES
from simulator.session.apply import prepare_apply
from simulator.session.game import Game
from simulator.session.recorder import decisions_for, load_pool, state_from_store
from simulator.store import EventStore
from simulator.tools.legal import action_toml
from tests.release_fixture import RELEASES, ROOT, game_file, record

STOPPED = dict(RELEASES["v0.2"].stopped) | {   # kind -> a game stopped on a choice of that kind
    # kinds added after v0.2 (issue 22): games of this code, cut before their answer
    "scry": "lib_temple_scry_bottom", "surveil": "lib_sewers_surveil_graveyard", "return": "karoo_returns_forest",
    "creature_type": "mana_cavern_of_souls_elf", "search": "search_warped_landscape_forest",
    "return_unless": "bounce_coral_atoll_returns_island", "reveal": "reveal_choked_estuary_reveals",
    "tap_unless": "manaprod_thoroughfare_taps_an_artifact",   # pool-manaprod
    "pay_unless": "paid_rupture_spire_pays", "land_type": "compass_cavern_island",
    "scry_bottom": "lib_scry_castle_vantress", "surveil_graveyard": "lib_surveil_kishla_village",
    "look_pick": "lib_look_memorial_to_unity", "library_order": "lib_look_halimar_depths",
    "discard_cards": "lib_loot_desolate_lighthouse",
    "counter_unless": "counter_leak_paid",
    "counter": "counters_helica_glider_first_strike",
    "may": "may_mortuary_mire_does",
    "stay_tapped": "manaprod_storage_vault_stays_tapped",
    "may_pay": "casting_mana_vault_pays",
    "choose_permanents": "miscb_lotus_field",
    "top_card": "ctrzone_lantern_land",
    "mode": "modal_mightstone_shrinks",   # pool-modes (700.2b)
}

OK, ILLEGAL, INVALID = "ok", "illegal", "invalid"
CASES: dict[str, list[tuple[Any, str]]] = {
    # options: top, graveyard (701.44a)
    "explore": [("top", OK), ("graveyard", OK), (" Graveyard ", OK), (1, OK), (2, OK), ([2], OK), (["top"], OK),
                (3, ILLEGAL), ("pay", ILLEGAL), ([1, 2], ILLEGAL), ("G", ILLEGAL), ("yes", INVALID),
                ("bottom", ILLEGAL), ("sideways", INVALID)],
    # options: top, bottom (701.22a)
    "scry": [("top", OK), ("bottom", OK), (" Bottom ", OK), (1, OK), (2, OK), ([2], OK), (3, ILLEGAL),
             ("graveyard", ILLEGAL), ("G", ILLEGAL), ("sideways", INVALID)],
    # options: top, graveyard (701.25a)
    "surveil": [("top", OK), ("graveyard", OK), (2, OK), (["top"], OK), (3, ILLEGAL), ("bottom", ILLEGAL),
                ("pay", ILLEGAL), ("yes", INVALID)],
    # options: simic-growth-chamber-1 (the Chamber), forest (608.2c)
    "return": [("forest", OK), ("Forest", OK), (1, OK), (2, OK), ([2], OK), (3, ILLEGAL), ("top", ILLEGAL),
               ("nowhere-9", INVALID)],
    # options: two triggered abilities (603.3b)
    "order": [([2, 1], OK), ([1, 2], OK), (2, ILLEGAL), ([1, 1], ILLEGAL), ([1, 2, 3], ILLEGAL),
              ("top", ILLEGAL), ("zzz", INVALID)],
    # options: two Mana Reflections (616.1)
    "replacement": [([2, 1], OK), ([1, 2], OK), ([1], ILLEGAL), ([3, 1], ILLEGAL), ("G", ILLEGAL)],
    # options: forest-1, overgrown-tomb-1, city-of-brass-1, crystal-vein-1; up to three (603.3d)
    "target": [(["forest-1", "Overgrown Tomb", "City of Brass"], OK), ([1, 2, 3], OK), (["forest-1", 4], OK),
               ([], OK), ("forest-1", OK), ([1, 2, 3, 4], ILLEGAL), ([5], ILLEGAL), ("top", ILLEGAL),
               (["nowhere-9"], INVALID)],
    # options: R, G (605.4a)
    "mana": [("G", OK), ("g", OK), (2, OK), ([2], OK), (1, OK), (["R"], OK), (4, ILLEGAL), ("W", ILLEGAL),
             ("RG", ILLEGAL), ("top", ILLEGAL), ("yes", INVALID)],
    # options: pay, tapped (614.1c)
    "pay_life": [("pay", OK), ("tapped", OK), ("PAY", OK), (1, OK), (2, OK), (3, ILLEGAL), ("top", ILLEGAL),
                 ("yes", INVALID), ("no", INVALID)],
    # options: bears (701.21a); [] sacrifices Contamination instead
    "sacrifice": [(["bears"], OK), ("bears", OK), ([], OK), ([1], OK), (1, OK), (["Grizzly Bears"], OK),
                  ([2], ILLEGAL), (["bears", "bears"], ILLEGAL), ("top", ILLEGAL)],
    # options: cradle-a, gaea-s-cradle-2 (704.5j)
    "legend": [("cradle-a", OK), ("gaea-s-cradle-2", OK), (2, OK), ([1], OK), ("Gaea's Cradle", ILLEGAL),
               (3, ILLEGAL), ("top", ILLEGAL), ("nowhere-9", INVALID)],
    # options: the nine cards of the hand: discard 2 (514.1)
    "discard": [(["Plains", "Mountain"], OK), ([8, 9], OK), (["plains-1", 9], OK), ([8], ILLEGAL),
                ([8, 8], ILLEGAL), (["Plains", "Plains"], ILLEGAL), ("top", ILLEGAL)],
    # options: W U B R G (614.12, 105.1)
    "color": [("U", OK), (4, OK), ([4], OK), ("r", OK), ("C", ILLEGAL), (6, ILLEGAL), ("top", ILLEGAL),
              ("yes", INVALID)],
    # options: forest-1, plains-1, swamp-1, mountain-1 (the basic land cards of the library, 701.23a)
    "search": [(["Forest"], OK), ("forest-1", OK), ([], OK), ([2], OK), (4, OK), (["Plains"], OK),
               ([1, 2], ILLEGAL), (["Grizzly Bears"], ILLEGAL), ([5], ILLEGAL), (["Forest", "Forest"], ILLEGAL),
               ("top", ILLEGAL), (["nowhere-9"], INVALID)],
    # options: island (an untapped Island Alice controls; [] sacrifices Coral Atoll, 608.2c)
    "return_unless": [(["island"], OK), ("island", OK), ([], OK), ([1], OK), (1, OK), (["Island"], OK),
                      ([2], ILLEGAL), (["island", "island"], ILLEGAL), (["forest"], ILLEGAL), ("top", ILLEGAL),
                      (["nowhere-9"], INVALID)],
    # options: island-1 (the Island card in Alice's hand; [] reveals nothing: it enters tapped, 614.12)
    "reveal": [(["Island"], OK), ("island-1", OK), ([], OK), (1, OK), ([1], OK), (["Forest"], ILLEGAL),
               ([2], ILLEGAL), (["island-1", "island-1"], ILLEGAL), ("top", ILLEGAL), (["nowhere-9"], INVALID)],
    # options: pay, sacrifice (608.2c; Alice's pool holds {C})
    "pay_unless": [("pay", OK), ("sacrifice", OK), ("PAY", OK), (1, OK), (2, OK), ([2], OK), (3, ILLEGAL),
                   ("top", ILLEGAL), ("tapped", ILLEGAL), ("yes", INVALID)],
    # options: pay, countered (608.2c; Alice's pool holds {G}{G}{G})
    "counter_unless": [("pay", OK), ("countered", OK), (" Countered ", OK), (1, OK), (2, OK), ([1], OK),
                       (3, ILLEGAL), ("sacrifice", ILLEGAL), ("top", ILLEGAL), ("yes", INVALID)],
    # options: do, decline ("you may put target creature card ... on top of your library", 608.2d)
    "may": [("do", OK), ("decline", OK), (" Decline ", OK), (1, OK), (2, OK), ([1], OK), (3, ILLEGAL),
            ("top", ILLEGAL), ("pay", ILLEGAL), ("yes", INVALID)],
    # options: vault-a, vault-b (Alice's tapped storage lands in her untap step, 502.3): any of them stay tapped
    "stay_tapped": [(["vault-a"], OK), ([], OK), ([1, 2], OK), ("vault-b", OK), (["Bottomless Vault"], ILLEGAL),
                    ([3], ILLEGAL), (["vault-c"], ILLEGAL), (["vault-a", "vault-a"], ILLEGAL), ("top", ILLEGAL),
                    (["nowhere-9"], INVALID)],
    # options: pay, decline ("you may pay {4}. If you do, untap this artifact.", 608.2d; Alice's pool holds {R}{R}{R}{R})
    "may_pay": [("pay", OK), ("decline", OK), (" Decline ", OK), (1, OK), (2, OK), ([1], OK), (3, ILLEGAL),
                ("sacrifice", ILLEGAL), ("top", ILLEGAL), ("yes", INVALID)],
    # options: battlefield, bottom, top (Lantern of Revealing looked at a Forest, 608.2d)
    "top_card": [("battlefield", OK), ("bottom", OK), (" Top ", OK), (1, OK), (3, OK), ([2], OK), (4, ILLEGAL),
                 ("hand", ILLEGAL), ("exile", ILLEGAL), ("graveyard", ILLEGAL), ("do", ILLEGAL), ("sideways", INVALID)],
    # options: plains island swamp mountain forest (608.2d)
    "land_type": [("Island", OK), ("island", OK), (" FOREST ", OK), (1, OK), ([5], OK), (6, ILLEGAL),
                  ("top", ILLEGAL), ("U", ILLEGAL), ("Wastes", ILLEGAL), ("sideways", INVALID)],
    # options: forest-1, island-3 (the two cards scried, 701.22a): any of them to the bottom
    "scry_bottom": [(["Forest"], OK), ([], OK), ([1, 2], OK), ("forest-1", OK), (2, OK), (["Island", "Forest"], OK),
                    ([3], ILLEGAL), (["Swamp"], ILLEGAL), (["Forest", "Forest"], ILLEGAL), ("top", ILLEGAL),
                    (["nowhere-9"], INVALID)],
    # options: island-1, forest-1 (the two cards surveilled, 701.25a): any of them into the graveyard
    "surveil_graveyard": [(["Island"], OK), ([], OK), ([1, 2], OK), ("forest-1", OK), ([3], ILLEGAL),
                          (["Swamp"], ILLEGAL), ("bottom", ILLEGAL), (["nowhere-9"], INVALID)],
    # options: grizzly-bears-1, llanowar-elves-1 (the creature cards among the five looked at); at most one
    "look_pick": [(["Grizzly Bears"], OK), ([], OK), ([2], OK), ("llanowar-elves-1", OK), ([1, 2], ILLEGAL),
                  (["Forest"], ILLEGAL), ([3], ILLEGAL), ("top", ILLEGAL), (["nowhere-9"], INVALID)],
    # options: forest-1, island-1, swamp-1 (put back on top, 401.4): every number once, topmost first
    "library_order": [([3, 1, 2], OK), ([1, 2, 3], OK), ([1, 2], ILLEGAL), ([1, 1, 2], ILLEGAL), (2, ILLEGAL),
                      ("top", ILLEGAL), ("zzz", INVALID)],
    # options: grizzly-bears-1, mountain-2 (Alice's hand; discard one, 701.9a)
    "discard_cards": [(["Grizzly Bears"], OK), ("mountain-2", OK), ([2], OK), (1, OK), ([1, 2], ILLEGAL), ([], ILLEGAL),
                      (["Forest"], ILLEGAL), ([3], ILLEGAL), ("top", ILLEGAL), (["nowhere-9"], INVALID)],
    # options: stone, island-a (Alice's untapped artifact and land, 608.2c); [] taps nothing (sacrificed)
    "tap_unless": [(["stone"], OK), ([], OK), ([2], OK), ("island-a", OK), (["Mind Stone"], OK),
                   ([1, 2], ILLEGAL), ([3], ILLEGAL), (["bears"], ILLEGAL), ("top", ILLEGAL), (["nowhere-9"], INVALID)],
    # options: forest, island, swamp, lotus-field-2 (Lotus Field: sacrifice exactly two, 608.2c)
    "choose_permanents": [(["forest", "island"], OK), ([1, 3], OK), (["Swamp", "Lotus Field"], OK), ([1], ILLEGAL),
                          ([1, 1], ILLEGAL), ([], ILLEGAL), ([5, 1], ILLEGAL), (["Plains", "forest"], ILLEGAL),
                          ("top", ILLEGAL), (["nowhere-9"], INVALID)],
    # options: flying, first strike (Helica Glider, 614.12)
    "counter": [("first strike", OK), (" Flying ", OK), (1, OK), ([2], OK), (3, ILLEGAL), ("trample", ILLEGAL),
                ("+1/+1", ILLEGAL), ("G", ILLEGAL), ("top", ILLEGAL), ("sideways", INVALID)],
    # options: the two modes of The Mightstone and Weakstone's enters trigger (603.3c, 700.2b), by number only
    "mode": [(1, OK), (2, OK), ([2], OK), (3, ILLEGAL), ([1, 2], ILLEGAL), ("top", ILLEGAL), (["bears"], ILLEGAL),
             ("Draw two cards.", INVALID), (0, INVALID)],
    # options: the creature types of 205.3m (614.12)
    "creature_type": [("Elf", OK), (" elf ", OK), (["Dragon"], OK), ("Assembly-Worker", OK), (1, OK),
                      (999, ILLEGAL), ("Forest", ILLEGAL), ("G", ILLEGAL), ("top", ILLEGAL), ("yes", INVALID)],
}
PARAMS = [(kind, answer, outcome) for kind, cases in CASES.items() for answer, outcome in cases]


def test_every_kind_has_cases_and_a_stopped_game() -> None:
    """A new kind (one registered type) must get its row here and in the release fixtures."""
    assert set(CASES) == set(CHOICES) == set(STOPPED)
    for kind, cases in CASES.items():
        assert {o for _, o in cases} >= {OK, ILLEGAL}, kind


def _stored(tmp_path: Path, kind: str, name: str) -> tuple[str, dict[str, Any]]:
    db = str(tmp_path / f"{name}.sqlite")
    store = EventStore(db)
    try:
        info = record(store, "g", STOPPED[kind], kind)
    finally:
        store.close()
    return db, info


_RECORDED: dict[str, tuple[Path, dict[str, Any]]] = {}


def _copy_of_stored(tmp_path: Path, kind: str, name: str) -> tuple[str, dict[str, Any]]:
    """`_stored`, recorded once per kind in this process and copied (the game is only read)."""
    if kind not in _RECORDED:
        template = Path(tempfile.mkdtemp(prefix="choice-kinds-"))
        atexit.register(shutil.rmtree, template, True)
        _RECORDED[kind] = (template, _stored(template, kind, "template")[1])
    db = tmp_path / f"{name}.sqlite"
    shutil.copy(_RECORDED[kind][0] / "template.sqlite", db)
    return str(db), _RECORDED[kind][1]


def by_rules(info: dict[str, Any], answer: Any) -> str | None:
    game = info["game"]
    state, _ = rules.decide(game.state, rules.Choose(info["player"], answer), game.pool)
    return state_digest(state)


def by_file(info: dict[str, Any], answer: Any, stem: str) -> str | None:
    path = Path(game_file(stem))
    data = tomllib.loads(path.read_text())
    data["actions"] = data["actions"][:info["stopped_before"] - 1] + [{"player": info["player"], "choose": answer}]
    recorded, pool = parse_recorded_game(data, path, load_pool())
    game = Game(pool, "g")
    game.setup(recorded)
    for action in recorded.actions:
        for decision in decisions_for(action, game):
            game.apply(decision)
    return state_digest(game.state)


def by_apply(db: str, info: dict[str, Any], answer: Any) -> str | None:
    store = EventStore(db)
    try:
        prepared = prepare_apply(store, "g", [("<test>", [{"player": info["player"], "choose": answer}])])
    finally:
        store.close()
    return state_digest(prepared.game.state)


def by_play(db: str, info: dict[str, Any], line: str) -> tuple[str | None, str]:
    store = EventStore(db)
    out = io.StringIO()
    try:
        lines = iter([line, "quit"])
        PlaySession(store, "g", out).run(lambda: next(lines, None))
        text = out.getvalue()
        done = "applied: events" in text
        return (state_digest(state_from_store(store, "g")) if done else None), text
    finally:
        store.close()


def _outcome(fn: Any, *args: Any) -> tuple[str, str | None]:
    try:
        return OK, fn(*args)
    except IllegalAction:
        return ILLEGAL, None
    except InvalidGameFile:
        return INVALID, None


@pytest.mark.parametrize("kind, answer, outcome", PARAMS, ids=[f"{k}-{a!r}" for k, a, _ in PARAMS])
def test_the_same_answers_are_accepted_and_refused_everywhere(kind: str, answer: Any, outcome: str,
                                                              tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    db_apply, info = _copy_of_stored(tmp_path, kind, "apply")
    db_play, _ = _copy_of_stored(tmp_path, kind, "play")
    assert info["game"].state.pending["kind"] == kind

    rules_said, rules_state = _outcome(by_rules, info, answer)
    file_said, file_state = _outcome(by_file, info, answer, STOPPED[kind])
    apply_said, apply_state = _outcome(by_apply, db_apply, info, answer)
    play_state, text = by_play(db_play, info, action_toml({"player": info["player"], "choose": answer}))
    play_said = OK if play_state else ("invalid" if "at actions[1].choose" in text else ILLEGAL)

    # the rules have no loader: an answer no kind reads is illegal for the pending kind there
    assert rules_said == (ILLEGAL if outcome == INVALID else outcome), (rules_said, answer)
    assert (file_said, apply_said, play_said) == (outcome, outcome, outcome), text
    if outcome == OK:
        assert rules_state == file_state == apply_state == play_state
    else:
        assert "not done:" in text


def _answered(tmp_path: Path, kind: str, answer: Any) -> Any:
    _, info = _stored(tmp_path, kind, f"{kind}-{answer!r}")
    game = info["game"]
    game.apply(rules.Choose(info["player"], answer))
    return game


def test_choose_4_is_the_fourth_color_of_the_menu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """614.12: Utopia Sprawl's "As this enters, choose a color": the state prints the options
    "1. W, 2. U, 3. B, 4. R, 5. G"; `choose = 4` is {R}, the same as `choose = "R"`."""
    from simulator.session.view import state_text
    monkeypatch.chdir(ROOT)
    _, info = _stored(tmp_path, "color", "menu")
    assert "options: 1. W, 2. U, 3. B, 4. R, 5. G" in state_text(info["game"].state, info["game"].pool,
                                                                 info["game"].state.version)
    by_number, by_letter = _answered(tmp_path, "color", 4), _answered(tmp_path, "color", "R")
    chosen = [o.chosen_color for o in by_number.state.objects.values() if o.chosen_color]
    assert chosen == ["R"]
    assert state_digest(by_number.state) == state_digest(by_letter.state)


def test_pay_life_yes_is_refused_by_the_rules_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """614.1c: the pay-life land's answers are "pay" and "tapped" (or 1, 2). "yes" was taken by the
    rules and refused by the file loader; now both refuse it, the rules naming the answers."""
    monkeypatch.chdir(ROOT)
    _, info = _stored(tmp_path, "pay_life", "yes")
    with pytest.raises(IllegalAction) as e:
        rules.decide(info["game"].state, rules.Choose("Alice", "yes"), info["game"].pool)
    assert e.value.rule == "614.1c" and '"pay"' in e.value.why and '"tapped"' in e.value.why


def test_play_numbers_the_answers_as_the_menu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In `play` a bare number is the numbered decision; for a choice of one option the decisions
    are listed in the options' order, so "4" there is option 4 of the menu too: {R}."""
    monkeypatch.chdir(ROOT)
    db, info = _stored(tmp_path, "color", "play-number")
    store = EventStore(db)
    out = io.StringIO()
    try:
        lines = iter(["4", "quit"])
        PlaySession(store, "g", out).run(lambda: next(lines, None))
        state = state_from_store(store, "g")
    finally:
        store.close()
    assert '4. Alice: choose "R"' in out.getvalue()
    assert [o.chosen_color for o in state.objects.values() if o.chosen_color] == ["R"]
