"""The spells cast this turn (issue 22, pool-casting; 601.2): `GameState.turn_counts.spells`, one
entry per spell cast, in order, dropped as the next turn begins (cards/model_casting.py).

- "enters with a divinity counter on it if you cast it from your hand" (the Myojin), "... two -1/-1
  counters ..." (Patched Plaything): read as it would enter (614.1c); a card put onto the
  battlefield by an effect was not cast;
- "When this creature enters, if you cast it from your hand, add {R}{R}{R}." (Coal Stoker), "... if
  you cast it, ..." (Iridescent Tiger): an intervening "if" (603.4), true again as it resolves
  though the creature left (its last known information); a spell countered into a graveyard and
  returned is a new object (400.7), not cast;
- "if you've cast two or more spells this turn" (Effortless Master: itself included), "unless
  you've cast another red spell this turn" (Hotheaded Giant: not itself, 109.2; also a spell cast
  while it was on the stack), "for each other spell cast this turn" (Storm Entity: every player's);
- "if you've cast a noncreature spell this turn" (H.E.R.B.I.E., 603.4), "Activate only if you've
  cast an instant or sorcery spell this turn" (Potioner's Trove, Hall of Oracles; 602.5b);
- "Whenever you cast your first spell each turn" (Rodeo Pyromancers, 603.2).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def _pt(perm: dict) -> tuple[int, int]:
    return perm["power"], perm["toughness"]


def test_myojin_cast_from_the_hand_enters_with_its_counter(tmp_path: Path) -> None:
    """614.1c, 601.2: cast from Alice's hand, the Myojin enters with a divinity counter, and so has
    indestructible (611.3a)."""
    p = play("casting_myojin_from_hand", tmp_path)
    assert p.error is None
    myojin = p.perm("Myojin of Seeing Winds")
    assert myojin["counters"] == {"divinity": 1} and myojin["keywords"] == ["Indestructible"]


def test_myojin_returned_by_zombify_was_not_cast(tmp_path: Path) -> None:
    """614.1c: put onto the battlefield by Zombify's effect, it was not cast: no counter, no
    indestructible."""
    p = play("casting_myojin_zombify", tmp_path)
    assert p.error is None
    myojin = p.perm("Myojin of Seeing Winds")
    assert myojin["counters"] == {} and myojin["keywords"] == []
    assert p.events("ReplacementApplied") == []


def test_myojin_draws_a_card_for_each_permanent_alice_controls(tmp_path: Path) -> None:
    """The counter is the cost (602.1); three permanents of Alice's, three cards; without its
    counter it loses indestructible (611.3a)."""
    p = play("casting_myojin_draws", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Island", "Swamp", "Forest"]
    myojin = p.perm("Myojin of Seeing Winds")
    assert myojin["counters"] == {} and myojin["keywords"] == []


def test_coal_stoker_cast_from_the_hand_adds_three_red(tmp_path: Path) -> None:
    """603.4: the intervening "if" holds as it enters and as the ability resolves."""
    p = play("casting_coal_stoker", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"R": 3}
    assert [t["source"] for t in p.triggers()] == ["Coal Stoker"]


def test_coal_stoker_s_ability_resolves_though_it_left(tmp_path: Path) -> None:
    """603.4: checked again as it resolves, "you cast it from your hand" is still true of the
    permanent it was, now in Alice's hand (its last known information): {R}{R}{R}."""
    p = play("casting_coal_stoker_unsummoned", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"R": 3} and p.player("Alice")["hand"] == ["Coal Stoker"]
    assert not any(e.event.condition_false for e in p.events("AbilityResolved"))


@pytest.mark.parametrize("game", ["casting_coal_stoker_zombify", "casting_coal_stoker_countered_zombify"])
def test_coal_stoker_not_cast_adds_nothing(tmp_path: Path, game: str) -> None:
    """603.4: returned by Zombify it was not cast, so the ability does not trigger; also when the
    card was cast earlier this turn and countered (400.7: the card in the graveyard is a new
    object, not the spell)."""
    p = play(game, tmp_path)
    assert p.error is None
    assert p.on_battlefield("Coal Stoker") and p.pool("Alice") == {}
    assert [t for t in p.triggers() if t["source"] == "Coal Stoker"] == []


def test_patched_plaything_cast_from_the_hand(tmp_path: Path) -> None:
    """614.1c: two -1/-1 counters, a 2/1 with double strike."""
    p = play("casting_patched_plaything", tmp_path)
    assert p.error is None
    toy = p.perm("Patched Plaything")
    assert toy["counters"] == {"-1/-1": 2} and _pt(toy) == (2, 1) and toy["keywords"] == ["Double strike"]


def test_iridescent_tiger_cast_adds_one_of_each_color(tmp_path: Path) -> None:
    p = play("casting_iridescent_tiger", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"W": 1, "U": 1, "B": 1, "R": 1, "G": 1}


@pytest.mark.parametrize("game, counters", [
    ("casting_effortless_master_second", {"+1/+1": 2}),     # Lava Spike, then the Master itself
    ("casting_effortless_master_first", {}),                # the Master alone: one spell
    ("casting_effortless_master_bobs_spell", {}),           # Bob's Shock is not Alice's spell
])
def test_effortless_master_counts_the_spells_alice_cast(tmp_path: Path, game: str, counters: dict) -> None:
    """614.1c, 601.2: "you've cast two or more spells this turn", the Master itself among them
    when it was cast."""
    p = play(game, tmp_path)
    assert p.error is None
    assert p.perm("Effortless Master")["counters"] == counters


@pytest.mark.parametrize("game, counters", [
    ("casting_hotheaded_giant_alone", {"-1/-1": 2}),               # itself is not "another" (109.2)
    ("casting_hotheaded_giant_after_lava_spike", {}),              # a red sorcery earlier
    ("casting_hotheaded_giant_after_dark_ritual", {"-1/-1": 2}),   # a black spell is not red
    ("casting_hotheaded_giant_shock_in_response", {}),             # a red instant cast while it was on the stack
])
def test_hotheaded_giant_unless_another_red_spell(tmp_path: Path, game: str, counters: dict) -> None:
    """614.1c: read as it would enter, after every spell cast so far this turn."""
    p = play(game, tmp_path)
    assert p.error is None
    giant = p.perm("Hotheaded Giant")
    assert giant["counters"] == counters and _pt(giant) == ((2, 2) if counters else (4, 4))


def test_storm_entity_counts_every_other_spell_of_the_turn(tmp_path: Path) -> None:
    """614.1c: Dark Ritual, Lava Spike (Alice's) and Shock (Bob's, in response): three, not
    itself."""
    p = play("casting_storm_entity", tmp_path)
    assert p.error is None
    entity = p.perm("Storm Entity")
    assert entity["counters"] == {"+1/+1": 3} and _pt(entity) == (4, 4)


def test_herbie_surveils_after_a_noncreature_spell(tmp_path: Path) -> None:
    """603.4: a noncreature spell this turn as combat begins: surveil 1 (the top card, Forest, to
    the graveyard as Alice chose)."""
    p = play("casting_herbie_noncreature", tmp_path)
    assert p.error is None
    assert [t["source"] for t in p.triggers()] == ["H.E.R.B.I.E., Lovable Robot"]
    assert p.player("Alice")["graveyard"] == ["Lava Spike", "Forest"]


def test_herbie_does_not_trigger_after_a_creature_spell(tmp_path: Path) -> None:
    p = play("casting_herbie_creature", tmp_path)
    assert p.error is None and p.state["step"] == "combat"
    assert p.triggers() == []


def test_potioners_trove_gains_life_after_a_sorcery(tmp_path: Path) -> None:
    p = play("casting_potioners_trove", tmp_path)
    assert p.error is None
    assert p.player("Alice")["life"] == 22


@pytest.mark.parametrize("game", ["casting_potioners_trove_no_spell", "casting_hall_of_oracles_no_spell"])
def test_activate_only_if_you_cast_an_instant_or_sorcery(tmp_path: Path, game: str) -> None:
    """602.5b: no instant or sorcery cast this turn, the activation is illegal."""
    p = play(game, tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert "only if you've cast an instant or sorcery spell this turn" in str(p.error)


def test_hall_of_oracles_puts_a_counter_after_a_sorcery(tmp_path: Path) -> None:
    p = play("casting_hall_of_oracles", tmp_path)
    assert p.error is None
    assert p.perm("bears")["counters"] == {"+1/+1": 1}


def test_hall_of_oracles_is_activated_only_as_a_sorcery() -> None:
    """602.5d: "Activate only as a sorcery and only if ..." is both."""
    ability = parse_oracle("Hall of Oracles", "{T}: Put a +1/+1 counter on target creature. Activate only as a "
                           "sorcery and only if you've cast an instant or sorcery spell this turn.")[0]
    assert isinstance(ability, m.ActivatedAbility) and ability.sorcery_speed
    assert isinstance(ability.condition, m.SpellsCastThisTurn) and ability.condition.spell is not None
    assert ability.condition.spell.types == ("Instant", "Sorcery")


def test_rodeo_pyromancers_triggers_on_the_first_spell_only(tmp_path: Path) -> None:
    """603.2: Lava Spike, the first spell: {R}{R}, one of which pays for Shock, the second spell,
    which triggers nothing."""
    p = play("casting_rodeo_pyromancers", tmp_path)
    assert p.error is None
    assert [t["source"] for t in p.triggers()] == ["Rodeo Pyromancers"]
    assert p.pool("Alice") == {"R": 1} and p.player("Bob")["life"] == 15


def test_rodeo_pyromancers_cast_as_the_first_spell_never_triggers_that_turn(tmp_path: Path) -> None:
    p = play("casting_rodeo_pyromancers_cast_first", tmp_path)
    assert p.error is None
    assert p.triggers() == []


def test_the_spells_cast_are_the_facts_of_one_turn(tmp_path: Path) -> None:
    """The entries are dropped as the next turn begins (like the other facts of the turn): Shock,
    Alice's first spell of turn 3, triggers again; Lava Spike was her first of turn 1."""
    p = play("casting_rodeo_pyromancers_next_turn", tmp_path)
    assert p.error is None and p.state["turn"] == 3
    assert [t["source"] for t in p.triggers()] == ["Rodeo Pyromancers", "Rodeo Pyromancers"]
    assert p.pool("Alice") == {"R": 2} and p.player("Bob")["life"] == 15
