""""Target land becomes the basic land type of your choice until end of turn." (Mystic Compass,
Reef Shaman, Shimmering Mirage, Unstable Frontier, ...) and "... in addition to its other types"
(Navigator's Compass). The type is chosen as the ability resolves (608.2d: the `land_type`
choice); the effect is locked in on the land (611.2c) in layer 4: setting the type, 305.7 (old
land types and rules-text abilities gone, the new type's mana ability), or adding it; against
Blood Moon's "Nonbasic lands are Mountains." the later timestamp wins (613.7), both orders."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.pool import CardPool
from simulator.rules.support import unsupported


def test_cavern_of_souls_becomes_an_island(tmp_path: Path) -> None:
    """305.7: no "choose a creature type", no "{T}: Add {C}": an Island, tapped for {U}."""
    p = play("compass_cavern_island", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, req.rule) == ("land_type", "608.2d")
    assert list(req.event.options) == ["plains", "island", "swamp", "mountain", "forest"]
    cavern = p.perm("cavern")
    assert cavern["subtypes"] == ["Island"] and [a["text"] for a in cavern["abilities"]] == ["{T}: Add {U}."]
    assert p.pool("Alice") == {"U": 1}
    [made] = p.events("ContinuousEffectCreated")
    assert (made.event.object_id, made.event.land_type, made.rule) == ("cavern", "Island", "611.2c")


@pytest.mark.parametrize("game, subtype", [("compass_then_blood_moon", "Mountain"),
                                           ("compass_after_blood_moon", "Island")])
def test_blood_moon_and_the_compass_in_both_timestamp_orders(tmp_path: Path, game: str, subtype: str) -> None:
    """613.7: in layer 4 the later effect applies last: Blood Moon cast after the Compass's
    effect makes the Cavern a Mountain; the Compass's effect after Blood Moon makes it an Island."""
    p = play(game, tmp_path)
    assert p.error is None
    assert p.perm("cavern")["subtypes"] == [subtype]


def test_in_addition_to_its_other_types(tmp_path: Path) -> None:
    """Navigator's Compass: the Forest becomes a Forest Swamp and keeps "{T}: Add {G}"."""
    p = play("compass_navigator_additional", tmp_path)
    assert p.error is None
    forest = p.perm("forest")
    assert forest["subtypes"] == ["Forest", "Swamp"]
    assert sorted(a["text"] for a in forest["abilities"]) == ["{T}: Add {B}.", "{T}: Add {G}."]
    assert p.pool("Alice") == {"G": 1}


@pytest.mark.parametrize("name, additional", [("Mystic Compass", False), ("Reef Shaman", False),
                                              ("Unstable Frontier", False), ("Grixis Illusionist", False),
                                              ("Navigator's Compass", True)])
def test_the_real_cards(name: str, additional: bool) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    [ability] = [a for a in card.abilities if isinstance(a, m.ActivatedAbility)
                 and any(isinstance(e, m.BecomesLandTypeOfChoice) for e in a.effects)]
    assert ability.effects == (m.BecomesLandTypeOfChoice(additional),)
    assert ability.targets is not None and ability.targets.what.types == ("Land",)


def test_shimmering_mirage_is_a_spell_that_also_draws() -> None:
    pool = CardPool.builtin().with_real_card("Shimmering Mirage")
    assert pool is not None
    card = pool.get("Shimmering Mirage")
    assert unsupported(card) == [] and card.spell_effects == (m.BecomesLandTypeOfChoice(), m.DrawCards(1))
