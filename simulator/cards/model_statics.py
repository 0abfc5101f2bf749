"""Static abilities read by the rules outside the layers ("You have no maximum hand size.",
402.2), and conditions of static abilities about their own source (611.3a: a static ability's effect
applies whenever its condition is true, read continuously): "as long as it's untapped" (Paradise
Druid), "as long as it has three or more oil counters on it". Part of the model
(`simulator.cards.model.Condition`); read by `simulator.game.layers` (`STATIC_CONDITIONS`) where
a static ability applies and by `simulator.game.conditions` elsewhere."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SelfUntapped:
    """"as long as it's untapped": the source is an untapped permanent (110.5)."""


@dataclass(frozen=True)
class UntapDuringOthersUntap:
    """"Untap this artifact during each other player's untap step." (Bender's Waterskin): read in
    the untap step of each player but its controller (502.3, `rules.actions.untap_step`)."""


@dataclass(frozen=True)
class SelfIsCreature:
    """"Activate only if this permanent is a creature." (Flywheel Racer, a Vehicle; 602.5b): the
    source is a creature now (crewed, 702.122a)."""


@dataclass(frozen=True)
class SelfHasCounters:
    """"as long as it has a charge counter on it" / "... three or more oil counters on it"
    (122.1): at least `at_least` counters of the kind `counter` on the source."""

    counter: str
    at_least: int = 1


@dataclass(frozen=True)
class NoMaximumHandSize:
    """"You have no maximum hand size." (Reliquary Tower, Thought Vessel; 402.2): its
    controller does not discard in the cleanup step (514.1)."""


@dataclass(frozen=True)
class CharacteristicPT:
    """"Nishoba Brawler's power is equal to the number of basic land types among lands you
    control." / "... power and toughness are each equal to twice the number of ..." (604.3: a
    characteristic-defining ability, its "*" defined; applied in layer 7a, 613.4a, before the
    effects that set (7b) or modify (7c) power and toughness): `times` times the count `per`
    (a kind of `layers.LAYER_COUNTS`) for `power` and/or `toughness`."""

    per: object
    power: bool = True
    toughness: bool = False
    times: int = 1


@dataclass(frozen=True)
class AdditionalLandEachTurn:
    """"You may play an additional land on each of your turns." (Dryad of the Ilysian Grove,
    Exploration; "two additional lands": Azusa): 305.2, its controller may play `count` more
    lands during each of their turns, read whenever a land would be played (one that enters
    after its controller played a land lets them play another at once; one gone afterwards takes
    nothing back)."""

    count: int = 1


@dataclass(frozen=True)
class CreatureTypesCDA:
    """"Changeling" (702.73a: "This object is every creature type.", `every`) and "~ is also a
    Cleric, Rogue, Warrior, and Wizard." (Stonework Packbeast, `types`): characteristic-defining
    abilities (604.3) that function in every zone, so the card's definition has those creature
    types wherever it is (`cards/pool.py` adds them as the definition is built; layer 4 applies
    CDAs first, 613.3, and nothing here removes creature types)."""

    types: tuple[str, ...] = ()
    every: bool = False
