"""Land-type statics of real cards (issue 22, lands): "All Mountains are Plains." (Conversion,
Glaciers; 305.7), "Lands you control are every basic land type in addition to their other
types." (Prismatic Omen, Dryad of the Ilysian Grove), "Enchanted land is every basic land type
in addition to its other types." (Nylea's Presence): layer 4 (613.1d), with the mana abilities
of the land types the lands then have (305.6), in dependency then timestamp order (613.8,
613.7) beside Blood Moon. Also "You may play an additional land on each of your turns." (305.2)
and Ferocious as an activation condition (602.5b)."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def test_conversion_makes_a_mountain_a_plains(tmp_path: Path) -> None:
    """305.7: a Mountain under Conversion is a Plains only: its one mana ability is {W}'s."""
    p = play("landtype_conversion_mountain", tmp_path)
    assert p.error is None
    mountain = p.perm("mountain")
    assert mountain["subtypes"] == ["Plains"] and mountain["tapped"] is True
    assert p.pool("Alice") == {"W": 1}


@pytest.mark.parametrize("game", ["landtype_conversion_blood_moon_moon_first",
                                  "landtype_conversion_blood_moon_conversion_first"])
def test_conversion_depends_on_blood_moon_in_both_timestamp_orders(tmp_path: Path, game: str) -> None:
    """613.8a: Blood Moon changes what Conversion applies to (Breeding Pool becomes a Mountain), so
    Conversion depends on it and applies after it whatever the timestamps: Breeding Pool is a
    Plains and taps for {W}, in both orders."""
    p = play(game, tmp_path)
    assert p.error is None
    assert p.perm("pool")["subtypes"] == ["Plains"]
    assert p.pool("Alice") == {"W": 1}


def test_prismatic_omen_gives_alice_s_lands_every_basic_type(tmp_path: Path) -> None:
    """305.6: Alice's Forest is every basic land type and taps for {B}; Bob's Forest is only a
    Forest ("Lands you control")."""
    p = play("landtype_prismatic_omen_forest", tmp_path)
    assert p.error is None
    assert p.perm("forest")["subtypes"] == ["Forest", "Plains", "Island", "Swamp", "Mountain"]
    assert p.pool("Alice") == {"B": 1}
    assert p.perm("bob-forest")["subtypes"] == ["Forest"]


def test_blood_moon_after_prismatic_omen_wins(tmp_path: Path) -> None:
    """613.7: Prismatic Omen, then Blood Moon: Blood Moon applies last and sets Steam Vents'
    land type (305.7): a Mountain only, it has no {T}: Add {G}."""
    p = play("landtype_omen_blood_moon_omen_first", tmp_path)
    assert p.error is not None and "{T}: Add {G}" in str(p.error)
    assert p.perm("vents")["subtypes"] == ["Mountain"]


def test_prismatic_omen_after_blood_moon_adds_every_type(tmp_path: Path) -> None:
    """613.7: Blood Moon, then Prismatic Omen: Steam Vents is a Mountain, then every basic land
    type is added: it taps for {G}."""
    p = play("landtype_omen_blood_moon_moon_first", tmp_path)
    assert p.error is None
    assert p.perm("vents")["subtypes"] == ["Mountain", "Plains", "Island", "Swamp", "Forest"]
    assert p.pool("Alice") == {"G": 1}


def test_nylea_s_presence_makes_the_enchanted_land_every_type(tmp_path: Path) -> None:
    """Nylea's Presence draws a card as it enters (603.2) and its Island is every basic land type:
    it taps for {R}."""
    p = play("landtype_nylea_presence", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert len(alice["hand"]) == 1 and alice["library"] == []
    assert set(p.perm("island")["subtypes"]) == {"Plains", "Island", "Swamp", "Mountain", "Forest"}
    assert p.pool("Alice") == {"R": 1}


def test_dryad_lets_alice_play_two_lands_not_three(tmp_path: Path) -> None:
    """305.2: one land plus one more for the Dryad; the third is refused, citing 305.2."""
    p = play("landplay_dryad_three_lands", tmp_path)
    assert p.error is not None and p.error.rule == "305.2"
    assert len(p.on_battlefield("Forest")) == 2


def test_dryad_cast_after_the_land_drop_gives_another(tmp_path: Path) -> None:
    """305.2: the number of lands Alice may play is read as she plays one: the Dryad, cast
    after her first land, lets her play a second; and her Forests are every basic land type."""
    p = play("landplay_dryad_cast_after_land", tmp_path)
    assert p.error is None
    assert len(p.on_battlefield("Forest")) == 2 and p.player("Alice")["hand"] == []
    assert p.pool("Alice") == {"U": 1}


def test_ferocious_is_refused_without_a_creature_with_power_4(tmp_path: Path) -> None:
    """602.5b: the condition is false (Bob's Craw Wurm is not Alice's): refused, nothing added."""
    p = play("act_ferocious_whisperer_alone", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert "power 4 or greater" in str(p.error)
    assert p.pool("Alice") == {} and p.perm("whisperer")["tapped"] is False


def test_ferocious_counts_the_source_itself(tmp_path: Path) -> None:
    """A 4/6 Whisperer of the Wilds is a creature Alice controls with power 4: {G}{G}."""
    p = play("act_ferocious_whisperer_itself", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 2}


def test_lines_parse_to_their_kinds() -> None:
    """The templates and what they refuse: a land type goes on lands only."""
    [glaciers] = [a for a in parse_oracle("Glaciers", "All Mountains are Plains.")]
    assert glaciers.effect == m.SetLandType(m.Selector(types=("Land",), subtypes=("Mountain",)), "Plains")
    [islands] = parse_oracle("X", "All lands are Islands in addition to their other types.")
    assert islands.effect == m.SetLandType(m.Selector(types=("Land",)), "Island", True)
    [dawn] = parse_oracle("Celestial Dawn", "Lands you control are Plains.")
    assert dawn.effect == m.SetLandType(m.Selector(types=("Land",), controller="you"), "Plains")
    [azusa] = parse_oracle("Azusa", "You may play two additional lands on each of your turns.")
    assert azusa.effect == m.AdditionalLandEachTurn(2)
    with pytest.raises(Exception, match="only lands can get a land type"):
        parse_oracle("X", "Creatures you control are every basic land type in addition to their other types.")
