"""legal_decisions(state, cards): every listed decision applies (through the recorded-game action
syntax, validated like a file), and decisions it does not list are refused by the rules — or are
the same decision in other words (they make exactly the events of a listed one).

States come from every recorded game in tests/games/ (the state after each of its decisions,
pending choices included), then a short seeded random walk of listed decisions from its end."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from simulator.cards import CardPool
from simulator.game.layers import characteristics
from simulator.session.game import Game
from simulator.base.errors import IllegalAction, InvalidInput
from simulator.tools.legal import LegalDecision, action_toml, decision_action, legal_decisions
from simulator.formats.recorded import load_recorded_game, parse_actions
from simulator.session.recorder import decisions_for
from simulator.rules import ActivateAbility, CastSpell, Choose, PassPriority, PlayLand, decide
from simulator.game import events as ev
from simulator.game.state import GameState

GAMES = sorted(p for p in (Path(__file__).resolve().parents[1] / "games").glob("*.toml"))
WALK = 6          # random steps after the recorded decisions
UNLISTED = 12     # unlisted candidates tried per state


def _key(d: Any) -> str:
    return json.dumps(decision_action(d), sort_keys=True)


def _events(state: GameState, d: Any, pool: Any) -> list:
    _, out = decide(state, d, pool)
    return [(e.type, e.event.payload()) for e in out]


def _through_syntax(state: GameState, pool: Any, legal: LegalDecision) -> GameState:
    """Apply a listed decision as `simulator apply` would: its action, validated, then the rules."""
    (action,) = parse_actions([legal.action], "<legal>", pool, state.order, state.objects.keys())
    game = Game(pool, state.game_id)
    game.state = state
    for d in decisions_for(action, game):
        game.apply(d)
    return game.state


def _broad(state: GameState, pool: Any, listed: list[LegalDecision]) -> list:
    """Decisions of every kind for every player: a superset used to probe what is NOT listed."""
    out: list = []
    for p in state.order:
        out.append(PassPriority(p))
        for oid in state.players[p].hand:
            name = state.objects[oid].card
            out += [PlayLand(p, name), CastSpell(p, name), CastSpell(p, name, 1), CastSpell(p, name, 3)]
        for oid in state.battlefield:
            n = len(characteristics(state, oid, pool).activated())
            for number in range(1, n + 2):
                for mana in (None, "G", "W", "C"):
                    out.append(ActivateAbility(p, oid, number, mana=mana))
            out.append(PlayLand(p, state.objects[oid].card))
        if state.pending is not None:
            for answer in ("top", "graveyard", "pay", "tapped", "G", "W", [9999], [1, 1], ["nonsense-1"]):
                out.append(Choose(p, answer))
            out += [Choose(p, l.decision.answer) for l in listed if isinstance(l.decision, Choose)]
    return out


def _check_state(state: GameState, pool: Any, rng: random.Random) -> list[LegalDecision]:
    listed = legal_decisions(state, pool)
    keys = {_key(l.decision) for l in listed}
    assert len(keys) == len(listed), "a decision is listed twice"
    for legal in listed:
        try:
            _through_syntax(state, pool, legal)
        except (IllegalAction, InvalidInput) as e:   # pragma: no cover - the failure being tested
            pytest.fail(f"listed decision {legal.toml()} refused: {e}")
    unlisted = [d for d in _broad(state, pool, listed) if _key(d) not in keys]
    rng.shuffle(unlisted)
    outcomes = None
    for d in unlisted[:UNLISTED]:
        try:
            made = _events(state, d, pool)
        except IllegalAction:
            continue
        if outcomes is None:
            outcomes = [_events(state, l.decision, pool) for l in listed]
        assert made in outcomes, f"{action_toml(decision_action(d))} is legal but not listed"
    return listed


def _start(path: Path) -> tuple[Any, Any]:
    recorded, pool = load_recorded_game(path, CardPool.builtin())
    return recorded, pool


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_legal_decisions_along_recorded_games(path: Path) -> None:
    """Along every recorded game and a random walk after it: listed decisions apply through the
    action syntax; probed unlisted ones are refused (IllegalAction names a rule) or are synonyms."""
    try:
        recorded, pool = _start(path)
    except InvalidInput:
        pytest.skip("an invalid game file (tested elsewhere)")
    rng = random.Random(path.stem)
    game = Game(pool, "legal")
    game.setup(recorded)
    _check_state(game.state, pool, rng)
    for action in recorded.actions:
        try:
            for d in decisions_for(action, game):
                game.apply(d)
                _check_state(game.state, pool, rng)
        except IllegalAction:
            break
    for _ in range(WALK):
        listed = _check_state(game.state, pool, rng)
        if not listed:
            break
        game.apply(rng.choice(listed).decision)


def test_listing_at_a_main_phase_names_every_kind_of_decision() -> None:
    """A main phase with mana in the pool: the pass, the land play, the castable spells with each X
    the pool pays (107.3), each mana ability (605) with its colour choices, castings with mana
    abilities activated while paying (601.2g); an X spell is listed for X = 0..1 for Hangarback
    Walker's {X}{X} with {G}{G} in the pool, and nothing the pool cannot pay."""
    data = {"format": 1, "players": [
        {"name": "Alice", "hand": ["Forest", "Llanowar Elves", "Hangarback Walker"],
         "battlefield": [{"card": "Forest", "id": "fa"}, {"card": "Forest", "id": "fb"},
                         {"card": "City of Brass", "id": "cob"}]},
        {"name": "Bob"}]}
    from simulator.formats.recorded import parse_recorded_game
    recorded, pool = parse_recorded_game(data, "t.toml", CardPool.builtin())
    game = Game(pool, "t")
    game.setup(recorded)
    tomls = [l.toml() for l in legal_decisions(game.state, pool)]
    assert tomls[:2] == ['{player = "Alice", pass = true}', '{player = "Alice", play = "Forest"}']
    assert '{player = "Alice", activate = "fa", ability = 1}' in tomls
    assert [t for t in tomls if t.startswith('{player = "Alice", activate = "cob"')] == [
        '{player = "Alice", activate = "cob", ability = 1, mana = "%s"}' % c for c in "WUBRG"]
    # the pool is empty: {G} is paid only with a mana ability activated while paying (601.2g)
    fa, fb = '{activate = "fa", ability = 1}', '{activate = "fb", ability = 1}'
    cob = '{activate = "cob", ability = 1, mana = "%s"}'
    assert [t for t in tomls if "cast" in t] == [
        '{player = "Alice", cast = "Llanowar Elves", pay_with = [%s]}' % fa,
        '{player = "Alice", cast = "Llanowar Elves", pay_with = [%s]}' % fb,
        '{player = "Alice", cast = "Llanowar Elves", pay_with = [%s]}' % (cob % "G"),
        '{player = "Alice", cast = "Hangarback Walker"}',                      # X=0 costs nothing
        '{player = "Alice", cast = "Hangarback Walker", x = 1, pay_with = [%s, %s]}' % (fa, fb),
        '{player = "Alice", cast = "Hangarback Walker", x = 1, pay_with = [%s, %s]}' % (fa, cob % "W"),
        '{player = "Alice", cast = "Hangarback Walker", x = 1, pay_with = [%s, %s]}' % (fb, cob % "W")]
    game.apply(ActivateAbility("Alice", "fa", 1))
    game.apply(ActivateAbility("Alice", "fb", 1))
    tomls = [l.toml() for l in legal_decisions(game.state, pool)]
    casts = [t for t in tomls if "cast" in t and "pay_with" not in t]
    assert casts == ['{player = "Alice", cast = "Llanowar Elves"}',
                     '{player = "Alice", cast = "Hangarback Walker"}',
                     '{player = "Alice", cast = "Hangarback Walker", x = 1}']   # {X}{X}: X=1 costs 2
    assert not any('"fa"' in t or '"fb"' in t for t in tomls)           # tapped (107.5)
    game.apply(ActivateAbility("Alice", "cob", 1, mana="R"))
    # City of Brass becoming tapped triggers; its trigger on the stack leaves no sorcery timing (307.1)
    tomls = [l.toml() for l in legal_decisions(game.state, pool)]
    assert game.state.stack and tomls == ['{player = "Alice", pass = true}']


def test_a_pending_choice_lists_only_its_answers() -> None:
    """While a choice is pending nobody has priority (117.1 / 608.2d): only its player's answers."""
    path = Path(__file__).resolve().parents[1] / "games" / "explore_branchwalker_pending_choice.toml"
    recorded, pool = _start(path)
    game = Game(pool, "p")
    game.setup(recorded)
    for action in recorded.actions:
        for d in decisions_for(action, game):
            game.apply(d)
    assert game.state.pending is not None
    listed = legal_decisions(game.state, pool)
    assert [l.action for l in listed] == [{"player": game.state.pending["player"], "choose": "top"},
                                          {"player": game.state.pending["player"], "choose": "graveyard"}]


def test_game_over_lists_nothing() -> None:
    """104.1: once the game is over no decision is legal."""
    state = GameState(game_id="x", game_over=True)
    assert legal_decisions(state, CardPool.builtin()) == []


def test_decisions_name_objects_by_the_name_the_state_shows(tmp_path) -> None:
    """Issue 23, one name per object: a Forest the file named `forest-h` in the hand is, once
    played, a new object (400.7) that the state, `why` and the viewer call `forest-h` (the
    handle follows the card); the prompt's decision and its action call it that too."""
    from simulator.session.recorder import replay_file
    from simulator.session.view import state_json
    from simulator.tools.legal import legal_decisions
    f = tmp_path / "g.toml"
    f.write_text('format = 1\n[[players]]\nname = "Alice"\nhand = [{ card = "Forest", id = "forest-h" }]\n'
                 '[[players]]\nname = "Bob"\n[[actions]]\nplayer = "Alice"\nplay = "forest-h"\n')
    game = replay_file(f, None).game
    raw = next(iter(game.state.battlefield))
    assert raw != "forest-h"                                   # the engine's id of the new object
    assert [b["id"] for b in state_json(game.state, game.pool, 0)["battlefield"]] == ["forest-h"]
    tap = next(d for d in legal_decisions(game.state, game.pool) if "activate" in d.action)
    assert tap.action["activate"] == "forest-h" and "activate forest-h (Forest)" in tap.label
    assert raw not in tap.label


def _cycling_game(alice: dict[str, Any], bob: dict[str, Any] | None = None) -> tuple[Game, Any]:
    from simulator.formats.recorded import parse_recorded_game
    games = Path(__file__).resolve().parents[1] / "games"
    data = {"format": 1, "cards": ["cards/real_library.toml"],
            "players": [{"name": "Alice", "library": ["Island"], **alice}, {"name": "Bob", **(bob or {})}]}
    recorded, pool = parse_recorded_game(data, games / "t.toml", CardPool.builtin())
    game = Game(pool, "cycle")
    game.setup(recorded)
    return game, pool


def test_abilities_that_function_in_a_hand_are_listed() -> None:
    """113.6b, 602.1, 702.29a: cycling functions only while the card is in its owner's hand, so
    Barren Moor in Alice's hand is listed for activation — paid from the pool, or with her
    Swamp's mana ability activated while paying (602.2b, 601.2g) — numbered as an `activate`
    names it there (its only hand ability: 1); the listed decision plays (the card is discarded
    as the cost, 701.9a). Two Moors in the hand are one decision, as castings by name are."""
    game, pool = _cycling_game({"hand": [{"card": "Barren Moor", "id": "moor"}, "Barren Moor"],
                                "battlefield": [{"card": "Swamp", "id": "swamp"}]})
    listed = legal_decisions(game.state, pool)
    moor = [l for l in listed if l.action.get("activate") == "moor"]
    assert [l.toml() for l in moor] == [
        '{player = "Alice", activate = "moor", ability = 1, pay_with = [{activate = "swamp", ability = 1}]}']
    assert moor[0].label.startswith("Alice: activate moor (Barren Moor): Cycling {B}")
    assert not [l for l in listed if l.action.get("activate") not in (None, "moor", "swamp")]
    game.apply(ActivateAbility("Alice", "swamp", 1))
    [cycle] = [l for l in legal_decisions(game.state, pool) if l.action.get("activate") == "moor"]
    assert cycle.action == {"player": "Alice", "activate": "moor", "ability": 1}
    game.apply(cycle.decision)
    moved = [e.event for e in game.events if isinstance(e.event, ev.ZoneChanged)]
    assert (moved[-1].card, moved[-1].from_zone, moved[-1].to_zone) == ("Barren Moor", "hand", "graveyard")


def test_hand_abilities_not_listed_when_they_cannot_be_activated() -> None:
    """Not listed: a cycling cost nobody can pay (no {B}: 601.2h via 602.2b), a card in the hand
    of a player without priority (117.1), and cycling on the battlefield, where it does not
    function (113.6, 702.29a): there Barren Moor has only its mana ability."""
    game, pool = _cycling_game({"hand": ["Barren Moor"], "battlefield": [{"card": "Forest", "id": "f"}]},
                               {"hand": ["Barren Moor"], "battlefield": [{"card": "Swamp", "id": "bs"}]})
    assert [l.action for l in legal_decisions(game.state, pool) if "activate" in l.action] == [
        {"player": "Alice", "activate": "f", "ability": 1}]
    game, pool = _cycling_game({"battlefield": [{"card": "Barren Moor", "id": "moor"},
                                                {"card": "Swamp", "id": "swamp"}]})
    assert [l.action for l in legal_decisions(game.state, pool) if l.action.get("activate") == "moor"] == [
        {"player": "Alice", "activate": "moor", "ability": 1}]


def test_a_mana_ability_of_a_card_in_hand_pays_while_casting() -> None:
    """601.2g, 113.6b: Elvish Spirit Guide's "Exile this card from your hand: Add {G}." functions
    in the hand, so it may pay for Llanowar Elves while it is cast: the listing names that casting,
    and the decision it lists is legal (the Elves are on the stack, the Guide in exile)."""
    from simulator.formats.recorded import parse_recorded_game
    data = {"format": 1, "players": [{"name": "Alice", "hand": ["Elvish Spirit Guide", "Llanowar Elves"]},
                                     {"name": "Bob"}]}
    recorded, pool = parse_recorded_game(data, "t.toml", CardPool.builtin())
    game = Game(pool, "t")
    game.setup(recorded)
    [cast] = [l for l in legal_decisions(game.state, pool) if "cast" in l.toml()]
    assert cast.toml() == ('{player = "Alice", cast = "Llanowar Elves", pay_with = '
                           '[{activate = "elvish-spirit-guide-1", ability = 1}]}')
    game.apply(cast.decision)
    assert [item.source_card for item in game.state.stack] == ["Llanowar Elves"]
    assert [o.card for o in game.state.objects.values() if o.zone == "exile"] == ["Elvish Spirit Guide"]
