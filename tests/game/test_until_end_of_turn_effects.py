""""Until end of turn" effects locked in on one object (611.2c; `state.continuous_effects`),
applied by the layers (613.1): types and subtypes added (layer 4), colors set (layer 5),
keywords and abilities added (layer 6), base power/toughness set (layer 7b, 613.4b), each by
the effect's own timestamp (613.7a), one effect in every layer it has a part in (613.6); ended
in the cleanup step (514.2); on a spell, carried to the permanent it becomes (400.7a).

The situation a manland makes ("Until end of turn, this land becomes a 3/3 red Elemental
creature with haste. It's still a land."), built from the events the rules would emit; the
spent-mana scenario (Generator Servant's haste) is in tests/rules/test_spend_riders.py.
"""
from __future__ import annotations

from pathlib import Path

from simulator.cards import CardPool
from simulator.formats.recorded import load_recorded_game
from simulator.game import events as ev
from simulator.game.codec import state_digest, state_from_dict, state_to_dict
from simulator.game.layers import all_characteristics
from simulator.game.state import GameState, evolve
from simulator.session.game import Game

GAME = """format = 1
title = "A land that becomes a creature"

[[players]]
name = "Alice"

  [[players.battlefield]]
  card = "{first}"
  id = "{first_id}"

  [[players.battlefield]]
  card = "{second}"
  id = "{second_id}"

[[players]]
name = "Bob"
"""

ANIMATE = ev.ContinuousEffectCreated(
    object_id="dryad", source="dryad", source_card="Dryad Arbor", types=("Creature",),
    subtypes=("Elemental",), colors=("R",), keywords=("Haste",), power=3, toughness=3)


def _state(tmp_path: Path, first: tuple[str, str], second: tuple[str, str]) -> tuple[CardPool, GameState]:
    path = tmp_path / "game.toml"
    path.write_text(GAME.format(first=first[0], first_id=first[1], second=second[0], second_id=second[1]),
                    encoding="utf-8")
    recorded, pool = load_recorded_game(path, CardPool.builtin())
    game = Game(pool)
    game.setup(recorded)
    return pool, game.state


def _fold(state: GameState, *events: ev.Event) -> GameState:
    for e in events:
        state = evolve(state, ev.Envelope.of(state.version + 1, e, None, None, "611.2c"))
    return state


def test_a_land_becomes_a_red_elemental_creature_with_haste(tmp_path):
    """613.1d/e/f, 613.4b: "becomes a 3/3 red Elemental creature with haste. It's still a
    land.": Creature and Elemental added (nothing removed, 205.1b), red, haste, base 3/3."""
    pool, s = _state(tmp_path, ("Forest", "forest"), ("Dryad Arbor", "dryad"))
    dryad_before = all_characteristics(s, pool)["dryad"]
    s = _fold(s, ev.ContinuousEffectCreated(
        object_id="forest", source="forest", source_card="Forest", types=("Creature",),
        subtypes=("Elemental",), colors=("R",), keywords=("Haste",), power=3, toughness=3))
    forest = all_characteristics(s, pool)["forest"]
    assert (forest.types, forest.subtypes) == (("Land", "Creature"), ("Forest", "Elemental"))
    assert forest.colors == ("R",) and forest.has_keyword("Haste") and forest.keywords() == ["Haste"]
    assert (forest.power, forest.toughness) == (3, 3)
    assert [a.text for a in forest.activated()] == ["{T}: Add {G}."]        # it keeps its mana ability
    assert all_characteristics(s, pool)["dryad"] == dryad_before          # locked in on one object


def test_counters_and_modifications_apply_over_the_set_power(tmp_path):
    """613.4b before 613.4c: a +1/+1 counter and -2/-2 until end of turn apply to the base
    3/3 the effect sets, in whichever order they came."""
    pool, s = _state(tmp_path, ("Forest", "forest"), ("Dryad Arbor", "dryad"))
    minus = ev.PowerToughnessChanged(object_id="dryad", power=-2, toughness=-2, source="x", source_card="X")
    counter = ev.CountersPlaced(object_id="dryad", counter="+1/+1", amount=1)
    for order in ((ANIMATE, minus, counter), (minus, counter, ANIMATE)):
        d = all_characteristics(_fold(s, *order), pool)["dryad"]
        assert (d.power, d.toughness) == (2, 2), order


def test_the_latest_base_power_wins(tmp_path):
    """613.7a: two effects setting base power/toughness apply in timestamp order: the later wins."""
    pool, s = _state(tmp_path, ("Forest", "forest"), ("Dryad Arbor", "dryad"))
    five = ev.ContinuousEffectCreated(object_id="dryad", source="dryad", source_card="Dryad Arbor",
                                      power=5, toughness=1, colors=())
    d = all_characteristics(_fold(s, ANIMATE, five), pool)["dryad"]
    assert (d.power, d.toughness, d.colors) == (5, 1, ())
    d = all_characteristics(_fold(s, five, ANIMATE), pool)["dryad"]
    assert (d.power, d.toughness, d.colors) == (3, 3, ("R",))


def test_blood_moon_leaves_the_effect_locked_in(tmp_path):
    """305.7 and 611.2c: under Blood Moon (older or newer) the animated Dryad Arbor is a
    Mountain — Forest goes, its creature types Dryad and Elemental stay — and the effect,
    locked in on it, still makes it a red 3/3 with haste whatever the timestamps (the
    ability-adding part is layer 6, after Blood Moon's layer 4)."""
    for first, second in ((("Blood Moon", "moon"), ("Dryad Arbor", "dryad")),
                          (("Dryad Arbor", "dryad"), ("Blood Moon", "moon"))):
        pool, s = _state(tmp_path, first, second)
        d = all_characteristics(_fold(s, ANIMATE), pool)["dryad"]
        assert d.types == ("Land", "Creature") and d.subtypes == ("Mountain", "Dryad", "Elemental")
        assert d.has_keyword("Haste") and (d.power, d.toughness, d.colors) == (3, 3, ("R",))
        assert [a.text for a in d.activated()] == ["{T}: Add {R}."]


def test_a_land_type_added_and_blood_moon_both_timestamp_orders(tmp_path):
    """613.7a in layer 4: an Island type added after Blood Moon's timestamp stays (Mountain
    Dryad Island); when Blood Moon is the newer (it left and came back: a new object, 400.7,
    613.7d), it sets the land types over the Island (305.7): Mountain Dryad."""
    pool, s = _state(tmp_path, ("Blood Moon", "moon"), ("Dryad Arbor", "dryad"))
    island = ev.ContinuousEffectCreated(object_id="dryad", source="dryad", source_card="Dryad Arbor",
                                        subtypes=("Island",))
    s = _fold(s, island)
    assert all_characteristics(s, pool)["dryad"].subtypes == ("Mountain", "Dryad", "Island")
    s = _fold(s, ev.ZoneChanged(object_id="moon", new_id="moon-2", card="Blood Moon", owner="Alice",
                                from_zone="battlefield", to_zone="battlefield", controller="Alice"))
    assert all_characteristics(s, pool)["dryad"].subtypes == ("Mountain", "Dryad")


def test_cleanup_ends_the_effects_and_they_survive_a_snapshot(tmp_path):
    """514.2: UntilEndOfTurnEffectsEnded ends every "until end of turn" effect (P/T changes
    and these); the state with an effect restores from its snapshot with the same digest, and
    a state without any keeps the digest it had before the field existed (ADDED_LATER)."""
    pool, s = _state(tmp_path, ("Forest", "forest"), ("Dryad Arbor", "dryad"))
    before, dryad_before = state_digest(s), all_characteristics(s, pool)["dryad"]
    s2 = _fold(s, ANIMATE)
    back = state_from_dict(state_to_dict(s2))
    assert back.continuous_effects == s2.continuous_effects and state_digest(back) == state_digest(s2)
    assert "continuous_effects" not in state_to_dict(s)
    ended = _fold(s2, ev.UntilEndOfTurnEffectsEnded(count=1))
    assert ended.continuous_effects == () or list(ended.continuous_effects) == []
    assert all_characteristics(ended, pool)["dryad"] == dryad_before
    assert state_digest(s) == before


def test_an_effect_on_a_spell_follows_it_to_the_battlefield(tmp_path):
    """400.7a: an effect that changed a spell's characteristics applies to the permanent the
    spell becomes (the spell's id is not the permanent's, 400.7)."""
    pool, s = _state(tmp_path, ("Forest", "forest"), ("Dryad Arbor", "dryad"))
    s = _fold(s, ev.ZoneChanged(object_id="dryad", new_id="arbor-spell", card="Dryad Arbor", owner="Alice",
                                from_zone="battlefield", to_zone="stack"),
              ev.ContinuousEffectCreated(object_id="arbor-spell", source="forest", source_card="Forest",
                                         keywords=("Haste",)),
              ev.ZoneChanged(object_id="arbor-spell", new_id="arbor", card="Dryad Arbor", owner="Alice",
                             from_zone="stack", to_zone="battlefield", controller="Alice"))
    assert [c.object_id for c in s.continuous_effects] == ["arbor"]
    assert all_characteristics(s, pool)["arbor"].has_keyword("Haste")
