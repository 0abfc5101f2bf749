"""Continuous effects of resolving abilities and of static abilities that change types, colors,
abilities or power (611.2, 611.3; the layers of 613.1: 4 type, 5 color, 6 ability, 7c P/T): a
land that becomes a Forest, lands that are these types, creatures that become black, "the chosen
type in addition to its other types", "If it's a creature, it gets +1/+1", granted abilities.
Handled by `rules/continuous_effects` and `game/layers`; part of the model (`simulator.cards.model`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class BecomesLandTypeLasting:
    """"Target land becomes a Forest." (Thelonite Monk; "This effect lasts indefinitely."): locked
    in on the target as it resolves (611.2c), its land type set (305.7: old land types and
    rules-text abilities gone, the new type's mana ability, 305.6), with no end."""

    land_type: str


@dataclass(frozen=True)
class SetLandTypes:
    """"Enchanted land is a Mountain, Forest, and Plains." (Lush Growth; 305.7, layer 4): its land
    types are these (every old land type and its rules-text abilities gone, 305.6: it has the
    mana ability of each)."""

    affected: Any             # a Selector (model.py)
    subtypes: tuple[str, ...]


@dataclass(frozen=True)
class CreaturesColorLandsType:
    """"Until end of turn, all creatures become black and all lands become Swamps." (Nightcreep):
    one effect on each creature (its color set, layer 5, 105.2) and on each land (its land type
    set, 305.7, layer 4) on the battlefield as it resolves (611.2c: locked in), until the cleanup
    step (514.2)."""

    color: str
    land_type: str


@dataclass(frozen=True)
class IsChosenCreatureType:
    """"This creature is the chosen type in addition to its other types." (Metallic Mimic; layer
    4, 613.1d): the creature type its controller chose as it entered (614.12) added to the source
    (`affected`: a `model.Selector` with relation "self"); none chosen: no effect. The layers fill
    `subtype` from the object (`layers._with_chosen_type`)."""

    affected: object
    subtype: str = ""
    chosen: bool = True


@dataclass(frozen=True)
class PumpTargetIfCreature:
    """"Untap target Griffin. If it's a creature, it gets +1/+1 until end of turn." (Griffin
    Canyon): each legal target (608.2b) that is a creature as it resolves gets +N/+N until end of
    turn (611.2c, 613.4c, 514.2)."""

    power: int
    toughness: int


@dataclass(frozen=True)
class GrantStatic:
    """"Enchanted land has "Untap this land during each other player's untap step."" (Urban
    Burgeoning; layer 6, 613.1f): the objects `affected` selects have the static ability
    `ability` (a `model.StaticAbilityLine`), read where the rules read that kind (502.3)."""

    affected: Any
    ability: Any


@dataclass(frozen=True)
class GroupGainsUntilEndOfTurn:
    """"Until end of turn, lands you control gain "{T}: Add one mana of any color."" (Divergent
    Growth; Rain of Filth: "Sacrifice this land: Add {B}."; 611.2c, 613.1f): each permanent `group`
    selects as it resolves has the quoted ability `granted_ability` until end of turn (one that
    comes later does not). "this land" in it is the land that has it (113.7a)."""

    group: Any
    granted_ability: Any
