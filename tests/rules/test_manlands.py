"""Manlands and animated artifacts (issue 22): "Until end of turn, this land becomes a 3/3 green
and blue Elemental creature with hexproof. It's still a land." / "This artifact becomes a 2/2
white and blue Bird artifact creature with flying until end of turn."

One effect locked in on the object as the ability resolves (611.2c), with parts in layer 4 (card
types and creature types added; "It's still a land": the land keeps its types, 205.1b), 5 (its
colors set), 6 (keywords) and 7b (base power and toughness set, 613.4b), ended in the cleanup
step (514.2). A land that became a creature is summoning sick if it came under its controller's
control this turn (302.6)."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.cards.pool import CardPool
from simulator.rules.support import unsupported


def test_lumbering_falls_becomes_a_3_3_elemental_and_is_still_a_land(tmp_path: Path) -> None:
    """Layers 4-7: Land Creature — Elemental, green and blue, hexproof, base 3/3; Mirari's Wake's
    +1/+1 applies on top (7c after 7b): 4/4. Still a land and not summoning sick, it taps for {U}
    and the Wake adds {U} more."""
    p = play("manland_lumbering_falls", tmp_path)
    assert p.error is None
    falls = p.perm("falls")
    assert (falls["types"], falls["subtypes"], falls["colors"], falls["keywords"]) == (
        ["Land", "Creature"], ["Elemental"], ["U", "G"], ["Hexproof"])
    assert (falls["power"], falls["toughness"], falls["tapped"]) == (4, 4, True)
    assert p.pool("Alice") == {"U": 2}
    [made] = p.events("ContinuousEffectCreated")
    assert made.rule == "611.2c" and made.event.object_id == "falls"
    assert (made.event.power, made.event.toughness) == (3, 3)


def test_a_land_played_this_turn_and_animated_is_summoning_sick(tmp_path: Path) -> None:
    """302.6: Dread Statuary came under Alice's control this turn; as a 4/2 Golem artifact
    creature its {T} ability cannot be activated (as a land it could have been)."""
    p = play("manland_statuary_sick", tmp_path)
    assert p.error is not None and p.error.rule == "302.6"
    statuary = p.perm("Dread Statuary")
    assert statuary["types"] == ["Land", "Artifact", "Creature"] and statuary["subtypes"] == ["Golem"]
    assert statuary["colors"] == [] and (statuary["power"], statuary["toughness"]) == (4, 2)
    assert statuary["tapped"] is False


def test_the_effect_ends_in_the_cleanup_step(tmp_path: Path) -> None:
    """514.2: on the next turn Dread Statuary is a land only."""
    p = play("manland_statuary_cleanup", tmp_path)
    assert p.error is None and p.state["turn"] == 2
    statuary = p.perm("statuary")
    assert statuary["types"] == ["Land"] and statuary["subtypes"] == [] and statuary["power"] is None
    assert len(p.events("UntilEndOfTurnEffectsEnded")) == 1


@pytest.mark.parametrize("game", ["manland_rite_before", "manland_rite_after"])
def test_cryptolith_rite_grants_to_the_animated_keyrune_in_both_timestamp_orders(tmp_path: Path, game: str) -> None:
    """613.1: the Keyrune becomes a creature in layer 4, before the Rite's layer-6 grant, whether
    the Rite came before or after the animation: in both orders it has "{T}: Add one mana of any
    color." and taps for {G}."""
    p = play(game, tmp_path)
    assert p.error is None
    keyrune = p.perm("keyrune")
    assert (keyrune["types"], keyrune["subtypes"], keyrune["colors"], keyrune["keywords"]) == (
        ["Artifact", "Creature"], ["Bird"], ["W", "U"], ["Flying"])
    assert [a["origin"] for a in keyrune["abilities"]][-1] == "granted"
    assert keyrune["tapped"] is True and p.pool("Alice") == {"G": 1}


@pytest.mark.parametrize("name, pt, colors, subtypes, types, keywords, still", [
    ("Lumbering Falls", (3, 3), ("U", "G"), ("Elemental",), ("Creature",), ("Hexproof",), True),
    ("Celestial Colonnade", (4, 4), ("W", "U"), ("Elemental",), ("Creature",), ("Flying", "Vigilance"), True),
    ("Needle Spires", (2, 1), ("W", "R"), ("Elemental",), ("Creature",), ("Double strike",), True),
    ("Treetop Village", (3, 3), ("G",), ("Ape",), ("Creature",), ("Trample",), True),
    ("Forbidding Watchtower", (1, 5), ("W",), ("Soldier",), ("Creature",), (), True),
    ("Nantuko Monastery", (4, 4), ("W", "G"), ("Insect", "Monk"), ("Creature",), ("First strike",), True),
    ("Dread Statuary", (4, 2), None, ("Golem",), ("Artifact", "Creature"), (), True),
    ("Azorius Keyrune", (2, 2), ("W", "U"), ("Bird",), ("Artifact", "Creature"), ("Flying",), False),
    ("Guardian Idol", (2, 2), None, ("Golem",), ("Artifact", "Creature"), (), False),
    ("Atarka Monument", (4, 4), ("R", "G"), ("Dragon",), ("Artifact", "Creature"), ("Flying",), False),
])
def test_real_cards(name: str, pt: tuple[int, int], colors: tuple[str, ...] | None, subtypes: tuple[str, ...],
                    types: tuple[str, ...], keywords: tuple[str, ...], still: bool) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    [eff] = [e for a in card.abilities if isinstance(a, m.ActivatedAbility) for e in a.effects
             if isinstance(e, m.BecomesCreature)]
    assert eff == m.BecomesCreature(pt[0], pt[1], colors, subtypes, types, keywords, still)


def test_a_quoted_ability_or_an_attack_trigger_is_refused() -> None:
    """Den of the Bugbear's "Whenever this creature attacks, ..." needs combat (not modelled)."""
    with pytest.raises(CardDataError):
        CardPool.builtin().with_real_card("Den of the Bugbear")


def test_a_card_that_would_lose_a_card_type_is_refused() -> None:
    """205.1a: "becomes an artifact creature" without "It's still a land." takes the land type
    away: the rules here only add types, so the card is refused at load, naming the reason."""
    [ability] = parse_oracle("Odd Land", "{1}: This land becomes a 2/2 Golem artifact creature until end of turn.")
    card = m.CardDefinition("Odd Land", None, (), ("Land",), (), abilities=(ability,))
    [problem] = unsupported(card)
    assert "it would stop being land (205.1a" in problem


def test_an_unknown_creature_type_is_refused() -> None:
    with pytest.raises(CardDataError, match="not a creature type"):
        parse_oracle("X", "{1}: This land becomes a 2/2 Gizmo creature until end of turn. It's still a land.")
