"""Conditions of "Activate only if ..." (602.5b) and of intervening "if" clauses (603.4) beyond
those of `simulator.cards.model`: "it's not your turn" (Ghost Town), "an opponent controls four
or more lands" (one opponent, not all of them together: Tectonic Edge), "you control a creature
with toughness 4 or greater" (Baxter Building). Part of the model (`Condition`); read by
`simulator.game.conditions`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class NotYourTurn:
    """"Activate only if it's not your turn." (602.5b): another player is the active player."""


@dataclass(frozen=True)
class AnOpponentControlsAtLeast:
    """"an opponent controls four or more lands": some one opponent of the ability's controller
    controls `at_least` or more of `what` (`what.controller` is "opponent"; counted per opponent,
    800.4a: a player who left controls nothing)."""

    what: Any                   # a Selector
    at_least: int = 1


@dataclass(frozen=True)
class YouControlToughnessAtLeast:
    """"you control a creature with toughness 4 or greater": read on the layered toughness
    (613.4) of the creatures the ability's controller controls."""

    toughness: int = 4


@dataclass(frozen=True)
class EntersSelfUntapped:
    """"When this land enters untapped" (603.6a; Mystic Sanctuary, Witch's Cottage, Idyllic
    Grange): it triggers only if the permanent entered untapped, as the `ZoneChanged` that put
    it onto the battlefield says (614.1c-d: an "enters tapped" replacement applied first)."""

    it: ClassVar[str | None] = "self"


@dataclass(frozen=True)
class SelfHasFewerCounters:
    """"if this creature has fewer than three +1/+1 counters on it" (122.1): fewer than `fewer_than`
    counters of the kind `counter` on the source."""

    counter: str
    fewer_than: int


@dataclass(frozen=True)
class YouControlNamed:
    """"If you control creatures named Mine Worker and Power Plant Worker" (201.2: each name, on
    a creature its controller controls)."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class CardTypesInGraveyardAtLeast:
    """"as long as there are four or more card types among cards in your graveyard" (delirium;
    205.2a: the card types, a card of two types counting both)."""

    at_least: int


@dataclass(frozen=True)
class LandsWithDifferentNames:
    """"if you control seven or more lands with different names" (Field of the Dead; 201.2): the
    number of distinct names among the lands its controller controls."""

    at_least: int = 7


@dataclass(frozen=True)
class ColorsSpentFewerThan:
    """"... enters with two +1/+1 counters on it unless two or more colors of mana were spent to
    cast it." (Steel Exemplar; 601.2h, 614.1c): fewer than `n` colors among the mana spent to cast
    the spell the object is (none if it was not cast)."""

    n: int = 2


@dataclass(frozen=True)
class SelfModified:
    """"As long as this creature is modified" (Orochi Merge-Keeper; 700.9, 611.3a): the source has
    a counter on it, is equipped, or is enchanted by an Aura its controller controls."""


@dataclass(frozen=True)
class YouControlModifiedCreature:
    """"if you control a modified creature" (Heir of the Ancient Fang; 700.9): a creature you
    control with a counter on it, equipped, or enchanted by an Aura you control."""


@dataclass(frozen=True)
class CardsOfTypesInGraveyard:
    """"there are two or more instant and/or sorcery cards in your graveyard" (Dark Petition's spell
    mastery): at least `at_least` cards in its controller's graveyard with one of the card types
    `types` (205.2a). A `model.Condition`."""

    at_least: int
    types: tuple[str, ...]


@dataclass(frozen=True)
class OtherThanEnteredAtLeast:
    """"if you control at least five other Mountains" (Valakut, the Molten Pinnacle's "Whenever a
    Mountain you control enters, if ..."): at least `at_least` permanents with the subtype
    `subtype` its controller controls other than the one whose entering made it trigger (603.2):
    an intervening "if" (603.4), read as it triggers and as it resolves (the one that entered may
    be gone by then: then every such permanent counts). A `model.Condition`, read by
    `game.triggers.intervening_holds` with its trigger's `entered`."""

    subtype: str
    at_least: int


@dataclass(frozen=True)
class SelfTapped:
    """"if this land is tapped" (603.4: an intervening "if", read as it triggers and as it
    resolves): the source is a tapped permanent (110.5)."""


@dataclass(frozen=True)
class SelfWasKicked:
    """"When this creature enters, if it was kicked, ..." (702.33d, 603.4): the permanent was a
    spell cast with its kicker cost paid (kept as `GameObject.kicked`)."""


@dataclass(frozen=True)
class SelfHadCounters:
    """"When this creature dies, if it had counters on it, ..." (603.10a, 603.4): the source had a
    counter of some kind as it last existed on the battlefield (its record keeps them, 400.7)."""


@dataclass(frozen=True)
class EnchantedIsBasicLandType:
    """"As long as enchanted land is a basic Mountain" (611.3a): the permanent the source Aura is
    attached to has the Basic supertype (205.4) and that land type (205.3i), as it is now."""

    land_type: str
