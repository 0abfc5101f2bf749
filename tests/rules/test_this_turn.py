"""What happened this turn, as card text asks it (issue 22, triggers): Morbid "if a creature died
this turn" and "for each creature that died this turn" (700.4: put into a graveyard from the
battlefield; 603.10a: a creature as it last existed), Revolt "if a permanent left the
battlefield under your control this turn", "if an opponent lost life this turn" (119.3, 119.4),
read as a permanent enters (614.1c) and as an intervening "if" clause of a triggered ability
(603.4: checked as it triggers and again as it resolves). Folded into `GameState.this_turn`
from the turn's events, dropped as the next turn begins, left out of the digest.
Recorded games: tests/games/turn_*.toml."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.game.codec import state_digest, state_from_dict, state_to_dict
from simulator.rules.support import unsupported


def _counters(p, card: str) -> dict:
    [b] = p.on_battlefield(card)
    return b["counters"]


@pytest.mark.parametrize("game, card, expected", [
    ("turn_morbid_blood_pet", "Festerhide Boar", {"+1/+1": 2}),
    ("turn_morbid_none", "Festerhide Boar", {}),
    ("turn_morbid_last_turn", "Festerhide Boar", {}),
    ("turn_morbid_animated_village", "Festerhide Boar", {"+1/+1": 2}),
    ("turn_revolt_land", "Night Market Aeronaut", {"+1/+1": 1}),
    ("turn_revolt_land", "Festerhide Boar", {}),
    ("turn_opponent_creature_died", "Grizzly Ghoul", {"+1/+1": 1}),
    ("turn_opponent_creature_died", "Night Market Aeronaut", {}),
])
def test_enters_with_counters_by_what_happened_this_turn(tmp_path, game: str, card: str, expected: dict) -> None:
    """614.1c: read as the permanent would enter. 700.4: Blood Pet sacrificed died; an animated
    Treetop Village sacrificed died too (a creature as it last existed, 603.10a); a land that is
    no creature did not (Morbid false) but left the battlefield under Alice's control (Revolt
    true); Bob's creature killed by Triskelion died (Grizzly Ghoul counts it) but was not Alice's
    (Revolt false); a death two turns ago is not "this turn"."""
    p = play(game, tmp_path)
    assert p.error is None
    assert _counters(p, card) == expected
    applied = [e for e in p.events("ReplacementApplied") if e.event.source_card == card]
    assert len(applied) == (1 if expected else 0)


def test_the_opponents_creature_died_by_damage(tmp_path) -> None:
    """120.3e / 704.5g: Bob's Blood Pet was dealt lethal damage and put into his graveyard: that
    is the death Grizzly Ghoul counted, and Bob lost no life."""
    p = play("turn_opponent_creature_died", tmp_path)
    [died] = [e for e in p.events("ZoneChanged") if e.event.card == "Blood Pet"]
    assert (died.event.from_zone, died.event.to_zone, died.rule) == ("battlefield", "graveyard", "704.5g")
    assert p.player("Bob")["life"] == 20


def test_gecko_adds_mana_after_an_opponent_lost_life(tmp_path) -> None:
    """603.4: Flamecache Gecko's condition is true as it enters (Bob was dealt 1 damage, 120.3a)
    and as the trigger resolves: {B}{R} are added."""
    p = play("turn_gecko_opponent_damaged", tmp_path)
    assert p.error is None
    assert p.player("Bob")["life"] == 19
    [t] = [e for e in p.events("AbilityTriggered") if e.event.source_card == "Flamecache Gecko"]
    assert t.rule == "603.6a"
    assert p.pool("Alice") == {"B": 1, "R": 1}


@pytest.mark.parametrize("game", ["turn_gecko_you_paid_life", "turn_gecko_last_turn"])
def test_gecko_does_not_trigger(tmp_path, game: str) -> None:
    """603.4: the condition is false as the Gecko enters, so the ability does not trigger: Alice
    paid life herself (119.4: she lost life, but "an opponent" did not), or Bob lost life in an
    earlier turn."""
    p = play(game, tmp_path)
    assert p.error is None
    assert p.on_battlefield("Flamecache Gecko")
    assert [e for e in p.events("AbilityTriggered") if e.event.source_card == "Flamecache Gecko"] == []
    assert p.pool("Alice") == {}
    if game == "turn_gecko_you_paid_life":
        assert p.player("Alice")["life"] == 19


def test_intervening_if_false_on_resolution(tmp_path) -> None:
    """603.4: Test Forest Seer triggered (Alice controlled a Forest); she sacrificed it with the
    trigger on the stack; as it resolves the condition is false: removed from the stack, it
    does nothing (no life gained), an AbilityResolved with `condition_false` citing 603.4."""
    p = play("turn_intervening_false_on_resolution", tmp_path)
    assert p.error is None
    [t] = [e for e in p.events("AbilityTriggered") if e.event.source_card == "Test Forest Seer"]
    [r] = [e for e in p.events("AbilityResolved")]
    assert (r.rule, r.event.condition_false, r.event.countered) == ("603.4", True, False)
    assert "603.4" in r.event.describe()
    assert p.player("Alice")["life"] == 20
    assert p.state["stack"] == []
    assert p.events("LifeGained") == []


def test_intervening_if_true_and_false_as_it_triggers(tmp_path) -> None:
    """603.4: with the Forest kept the Seer's ability resolves (3 life, and the resolution's
    payload keeps its old shape); with no Forest it never triggers."""
    p = play("turn_intervening_true", tmp_path)
    assert p.player("Alice")["life"] == 23
    [r] = p.events("AbilityResolved")
    assert "condition_false" not in r.event.payload()
    (tmp_path / "b").mkdir()
    p = play("turn_intervening_no_forest", tmp_path / "b")
    assert p.error is None and p.on_battlefield("Test Forest Seer")
    assert p.events("AbilityTriggered") == []


def test_this_turn_is_folded_kept_in_snapshots_and_in_the_digest_of_new_games(tmp_path) -> None:
    """The facts are part of the state (a snapshot restores them) and, from state version 3, of
    its digest (a snapshot restoring other facts fails verify); a game of version 2 or before
    keeps the digests it recorded, without them. The next turn begins with none."""
    import dataclasses
    from scenario import game_path, migrated_db
    from simulator.session.recorder import replay_file
    result = replay_file(game_path("turn_revolt_land"), migrated_db(tmp_path / "g.sqlite"))
    state = result.game.state
    facts = state.this_turn
    assert facts is not None and len(facts.left_battlefield) == 1 and facts.lost_life == ()
    assert facts.to_graveyard == facts.left_battlefield and facts.animated == ()
    data = state_to_dict(state)
    assert "this_turn" in data
    assert state_from_dict(data) == state
    without = state_from_dict({k: v for k, v in data.items() if k != "this_turn"})
    assert state.state_version == 4 and state_digest(state) != state_digest(without)
    older = dataclasses.replace(state, state_version=2)
    assert state_digest(older) == state_digest(dataclasses.replace(without, state_version=2))
    import hashlib
    import json
    from simulator.game.codec import StateDigester
    digest, text = StateDigester().digests(state)
    assert digest == state_digest(state)
    assert text == hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    result = replay_file(game_path("turn_gecko_last_turn"), migrated_db(tmp_path / "h.sqlite"))
    assert result.game.state.turn == 3 and result.game.state.this_turn is None


def test_phrases() -> None:
    """The templates: the three conditions (both Revolt wordings), the count, and an intervening
    "if" on a triggered ability (and after an ability word)."""
    [a] = parse_oracle("Card", "Revolt — This creature enters with a +1/+1 counter on it if a permanent left the "
                               "battlefield under your control this turn.")
    assert a.effect.condition == m.YouLostPermanentThisTurn()
    [a] = parse_oracle("Card", "This creature enters with a +1/+1 counter on it if a permanent you controlled left "
                               "the battlefield this turn.")
    assert a.effect.condition == m.YouLostPermanentThisTurn()
    [a] = parse_oracle("Card", "This creature enters with a +1/+1 counter on it for each creature that died this turn.")
    assert a.effect.count == m.EnterCount(measure="died_this_turn")
    [a] = parse_oracle("Card", "Morbid — At the beginning of your end step, if a creature died this turn, put a "
                               "+1/+1 counter on this creature.")
    assert a.intervening == m.CreatureDiedThisTurn() and a.condition == m.BeginningOfYourStep("end")
    [a] = parse_oracle("Card", "When this creature enters, if an opponent lost life this turn, add {B}{R}.")
    assert a.intervening == m.OpponentLostLifeThisTurn() and a.condition == m.EntersSelf()
    # nothing reads these conditions in a static ability yet ("as long as ...", 611.3a): refused
    pool = CardPool.builtin().with_text('[[card]]\nname = "Test Ghoul"\ncost = "{B}"\ntype = "Creature — Zombie"\n'
                                        'power = 1\ntoughness = 1\n'
                                        'text = "This creature gets +1/+1 as long as a creature died this turn."\n',
                                        "test.toml")
    [problem] = unsupported(pool.get("Test Ghoul"))
    assert "CreatureDiedThisTurn" in problem


REAL = ["Night Market Aeronaut", "Greenwheel Liberator", "Lifecraft Cavalry", "Narnam Renegade", "Festerhide Boar",
        "Gravetiller Wurm", "Cackling Slasher", "Somberwald Spider", "Grizzly Ghoul", "Bloodcrazed Paladin",
        "Flamecache Gecko", "Famished Foragers", "Frilled Sparkshooter", "Mounted Dreadknight"]


@pytest.mark.parametrize("name", REAL)
def test_real_cards_of_the_family_play(name: str) -> None:
    """Each loads from the package's Oracle data, every part with its handler."""
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    assert unsupported(pool.get(name)) == []
