"""Creature types defined by a characteristic-defining ability (604.3): "Changeling" (702.73a:
"This object is every creature type.") and "~ is also a Cleric, Rogue, Warrior, and Wizard."
(Stonework Packbeast). A CDA functions in every zone (604.3), so the card has those creature
types in a hand or a library as on the battlefield (layer 4 applies CDAs first, 613.3).
Recorded games: tests/games/changeling_*.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.creature_types import CREATURE_TYPES
from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards import model as m


def _real(name: str) -> m.CardDefinition:
    pool = CardPool().with_real_card(name)
    assert pool is not None
    return pool.get(name)


def test_changeling_is_every_creature_type_in_hand(tmp_path: Path) -> None:
    """604.3: in Alice's hand the Mascot is an Elf card, so revealing it lets Gilt-Leaf Palace
    enter untapped (614.12)."""
    p = play("changeling_mascot_reveal", tmp_path)
    assert p.error is None
    assert p.perm("Gilt-Leaf Palace")["tapped"] is False
    assert sorted(p.player("Alice")["hand"]) == ["Forest", "Three Tree Mascot"]


def test_changeling_counts_as_an_elf_on_the_battlefield(tmp_path: Path) -> None:
    """The Priest counts itself and the Mascot; Bob's Packbeast (a Beast Cleric Rogue Warrior
    Wizard) is no Elf: {G}{G}."""
    p = play("changeling_mascot_priest", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 2}
    mascot = p.perm("mascot")
    assert "Elf" in mascot["subtypes"] and mascot["subtypes"][0] == "Shapeshifter"
    assert len(mascot["subtypes"]) == len(CREATURE_TYPES)
    assert p.perm("packbeast")["subtypes"] == ["Beast", "Cleric", "Rogue", "Warrior", "Wizard"]


def test_the_definitions_and_type_lines() -> None:
    mascot = _real("Three Tree Mascot")
    assert set(mascot.subtypes) == set(CREATURE_TYPES) and mascot.subtypes[0] == "Shapeshifter"
    assert mascot.type_line == "Artifact Creature — Shapeshifter (changeling: every creature type)"
    packbeast = _real("Stonework Packbeast")
    assert packbeast.subtypes == ("Beast", "Cleric", "Rogue", "Warrior", "Wizard")
    assert packbeast.type_line == "Artifact Creature — Beast Cleric Rogue Warrior Wizard"


@pytest.mark.parametrize("type_line, text, problem", [
    ("Artifact", "Changeling", "only a creature or kindred card has creature types"),
    ("Creature — Golem", "~ is also a Cleric, Forest, and Wizard.", "not a list of distinct creature types"),
    ("Creature — Golem", "~ is also a Cleric, Rogue, and Cleric.", "not a list of distinct creature types"),
])
def test_refused(type_line: str, text: str, problem: str) -> None:
    """205.3d: a card that is not a creature or kindred has no creature types; the list must
    name creature types (205.3m)."""
    toml = f'[[card]]\nname = "Test"\ntype = "{type_line}"\ntext = "{text}"\n'
    if "Creature" in type_line:
        toml += "power = 1\ntoughness = 1\n"
    with pytest.raises(CardDataError, match=problem):
        CardPool().with_text(toml, "test.toml")


def test_a_changeling_is_no_locus(tmp_path: Path) -> None:
    """205.3m lists the creature types; Locus is a land type (205.3i), so a changeling is not a
    Locus: Cloudpost counts only itself and adds {C}."""
    p = play("changeling_cloudpost_not_a_locus", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 1}


def test_no_creature_type_is_a_land_type() -> None:
    from simulator.base.abilityid import ALL_LAND_TYPES
    from simulator.base.creature_types import CREATURE_TYPES
    assert not set(CREATURE_TYPES) & set(ALL_LAND_TYPES)
