"""One ability identity (`simulator.base.abilityid.AbilityId`): printed | intrinsic | granted, the card
whose text holds the ability, its 0-based index there.

The same value names an ability in `AbilityActivated`, `AbilityTriggered`, `AbilityPutOnStack`,
the stack, the waiting triggers and a stored agenda; payloads written before ids (the v0.1
fixture) read back as the same ids, and the stored form of the state keeps old digests.
"""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from scenario import play

from simulator.game import events as ev
from simulator.base.abilityid import AbilityId, legacy_intrinsic
from simulator.rules.context import decode_frame
from simulator.rules.mana_abilities import ManaReplacementOrder, ProduceMana
from simulator.game.state import StackItem, WaitingTrigger
from simulator.game.codec import state_digest, state_from_dict, state_to_dict
from tests.release_fixture import FIXTURE_DB

SWAMP = AbilityId("intrinsic", "", 2)     # W U B R G: Plains 0, Island 1, Swamp 2, Mountain 3, Forest 4
FOREST = AbilityId("intrinsic", "", 4)


def test_a_land_with_two_intrinsic_abilities_names_the_one_activated(tmp_path: Path) -> None:
    """305.6: a Forest that Urborg makes a Swamp has "{T}: Add {B}." (number 1) and "{T}: Add
    {G}." (number 2). Ability 1 is the Swamp type's, stored as such in the pending agenda
    (616.1: Nyxbloom and Reflection to order), and read back when the choice is answered:
    {B} x3 x2 = six {B}."""
    p = play("ability_id_forest_swamp_replacements", tmp_path)
    assert p.error is None
    (act,) = p.events("AbilityActivated")
    assert (act.event.number, act.event.text, act.event.ability) == (1, "{T}: Add {B}.", SWAMP)
    (asked,) = p.events("ChoiceRequested")
    order = decode_frame(asked.event.agenda[-1])
    assert isinstance(order, ManaReplacementOrder) and order.production.ability == SWAMP
    assert asked.event.agenda[-1]["args"]["production"]["args"]["ability"] == SWAMP.to_json()
    assert p.pool("Alice") == {"B": 6}
    (produced,) = p.events("ManaProduced")
    assert dict(produced.event.mana) == {"B": 6} and produced.event.ability_text == "{T}: Add {B}."


def test_activated_and_triggered_abilities_use_one_id(tmp_path: Path) -> None:
    """City of Brass: line 0 is "Whenever City of Brass becomes tapped ..." (603.2), line 1
    "{T}: Add one mana of any color.". Activating it (number 1: its only activated ability) and
    the trigger it sets off both name their ability by the card's 0-based line; the trigger on
    the stack keeps the same id (603.3)."""
    p = play("trig_city_of_brass", tmp_path)
    (act,) = p.events("AbilityActivated")
    (trig,) = p.events("AbilityTriggered")
    (put,) = p.events("AbilityPutOnStack")
    assert (act.event.number, act.event.ability) == (1, AbilityId("printed", "City of Brass", 1))
    assert trig.event.ability == put.event.ability == AbilityId("printed", "City of Brass", 0)
    assert type(act.event.ability) is type(trig.event.ability) is AbilityId


# --------------------------------------------------------------------------- payloads stored before ids

@pytest.fixture(scope="module")
def v0_1_log(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], Any]:
    """The v0.1 fixture's events, read back by this build (a copy of the database)."""
    from simulator.session.recorder import read_envelopes
    from simulator.store import EventStore

    copy = tmp_path_factory.mktemp("v0_1") / "v0_1_games.sqlite"
    shutil.copyfile(FIXTURE_DB, copy)
    store = EventStore(str(copy))
    try:
        return {(g.game_id, env.seq): env.event for g in store.games() for env in read_envelopes(store, g.game_id)}
    finally:
        store.close()


@pytest.mark.parametrize("game,seq,expected", [
    # v1 AbilityTriggered / AbilityPutOnStack: the index in the source's card
    ("v01-cast_hangarback_x2_dies", 44, AbilityId("printed", "Hangarback Walker", 1)),
    ("v01-cast_hangarback_x2_dies", 47, AbilityId("printed", "Hangarback Walker", 1)),
    ("v01-explore_map_token", 15, AbilityId("printed", "Map", 0)),
    # v1 AbilityActivated: an intrinsic ability's land type from its text (the one legacy reader)
    ("v01-layer_steward_exile_three", 14, FOREST),
])
def test_old_payloads_read_back_as_ids(v0_1_log: dict[tuple[str, int], Any], game: str, seq: int,
                                       expected: AbilityId) -> None:
    assert v0_1_log[(game, seq)].ability == expected


def test_old_activations_keep_what_they_recorded(v0_1_log: dict[tuple[str, int], Any]) -> None:
    """A v1 AbilityActivated kept the number and origin, not where the text is: printed on the
    object's card, index not recorded; granted: place not recorded, the granting object kept."""
    map_act = v0_1_log[("v01-explore_map_token", 14)]
    assert isinstance(map_act, ev.AbilityActivated)
    assert (map_act.number, map_act.ability) == (1, AbilityId("printed", "Map", None))
    assert not map_act.ability.recorded and AbilityId("printed", "Map", 0).refines(map_act.ability)
    granted = v0_1_log[("v01-layer_steward_exile_three", 55)]
    assert (granted.number, granted.ability, granted.granted_by) == (
        2, AbilityId("granted", None, None), "steward-of-the-harvest-3")
    assert granted.describe().endswith("(granted by Steward of the Harvest (steward-of-the-harvest-3))")


def test_old_agendas_read_back_as_ids(v0_1_log: dict[tuple[str, int], Any]) -> None:
    """ProduceMana frames stored before ids: (ability_card "", index -1, text) is the Forest
    type's intrinsic ability; (Llanowar Elves, 0) its printed line."""
    for game, expected in [("v01-mana_replacement_pending", FOREST),
                           ("v01-mana_nyxbloom_reflection", AbilityId("printed", "Llanowar Elves", 0))]:
        asked = v0_1_log[(game, 8)]
        production = decode_frame(asked.agenda[-1]).production
        assert isinstance(production, ProduceMana) and production.ability == expected


# --------------------------------------------------------------------------- the stored state

def _with_stack_and_waiting(ability: AbilityId) -> Any:
    from simulator.game.state import GameState
    from pyrsistent import pmap, pvector

    item = StackItem(id="ability-9", kind="ability", source="x-1", source_card="Wild Growth",
                     controller="Alice", text="t", ability=ability, ability_kind="triggered")
    wait = WaitingTrigger(id="trigger-8", source="x-1", source_card="Wild Growth", controller="Alice",
                          ability=ability, text="t", data=pmap(), seq=8, timestamp=1)
    return GameState(stack=pvector([item]), waiting=pvector([wait]))


def test_the_stored_state_keeps_the_form_before_ids_when_it_reads_back() -> None:
    """A printed ability of the source's own card is stored as before ids (ability_card and the
    index): the digests of games stored then stay the same. Any other id is stored whole."""
    printed = state_to_dict(_with_stack_and_waiting(AbilityId("printed", "Wild Growth", 1)))
    assert (printed["stack"][0]["ability_card"], printed["stack"][0]["ability"]) == ("Wild Growth", 1)
    assert printed["waiting"][0]["ability"] == 1
    other = state_to_dict(_with_stack_and_waiting(SWAMP))
    assert other["stack"][0]["ability"] == other["waiting"][0]["ability"] == SWAMP.to_json()
    for ability in (AbilityId("printed", "Wild Growth", 1), SWAMP, AbilityId("granted", "Cryptolith Rite", 0)):
        state = _with_stack_and_waiting(ability)
        back = state_from_dict(state_to_dict(state))
        assert back.stack[0].ability == back.waiting[0].ability == ability
        assert state_digest(back) == state_digest(state)


def test_an_id_is_zero_based_and_an_intrinsic_text_is_read_only_for_old_payloads() -> None:
    with pytest.raises(ValueError, match="0-based"):
        AbilityId("printed", "Forest", -1)
    with pytest.raises(ValueError, match="unknown ability kind"):
        AbilityId("linked", "Forest", 0)
    assert legacy_intrinsic("{T}: Add {G}.") == FOREST
    with pytest.raises(ValueError, match="not the text of an intrinsic"):
        legacy_intrinsic("{T}: Add {G}{G}.")
