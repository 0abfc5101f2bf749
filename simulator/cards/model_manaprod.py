"""Mana production, tapping and untapping (issue 22, pool-manaprod): the kinds of the model
this family adds. Part of the model (`simulator.cards.model`); read by `game/quantities`,
`game/triggers`, `game/could_produce` and the rules."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal


@dataclass(frozen=True)
class DifferentPowers:
    """"for each different power among creatures you control" (Selvala, Eager Trailblazer): how
    many distinct values the powers of the permanents `what` selects have now (613; a negative
    power is a value of its own)."""

    what: Any


@dataclass(frozen=True)
class BasicLandManaMultiplier:
    """"If you tap a basic land for mana, it produces three times as much of that mana instead."
    (Virtue of Strength; 106.12b, 205.4c): only a permanent with the supertype basic that its
    controller taps for mana."""

    factor: int


@dataclass(frozen=True)
class SkipsNextUntap:
    """"That land doesn't untap during its controller's next untap step." (Vorinclex, Voice of
    Hunger: the land the trigger's event names, 603.2), "Target creature an opponent controls
    doesn't untap during its controller's next untap step." (Skyline Cascade), "Those creatures
    don't untap during their controller's next untap step." (Adverse Conditions: the ability's
    legal targets, 608.2b): each stays tapped through the next untap step of the player who
    controls it as the ability resolves (502.3); the effect ends with that step."""

    who: Literal["that_land", "target"]


@dataclass(frozen=True)
class TapLandsOfThatPlayer:
    """"Whenever an opponent taps a land for mana, tap all lands that player controls." (War's
    Toll; 701.26a): as the ability resolves, every untapped land the player who tapped the land
    controls then (613: lands as they are now)."""


@dataclass(frozen=True)
class EnchantedBecomesTapped:
    """"Whenever enchanted land becomes tapped" (Contaminated Ground; 603.2, 701.26a): the
    permanent the source is attached to becomes tapped, for mana, for a cost or by an effect."""

    it: ClassVar[str | None] = "land"


@dataclass(frozen=True)
class ItsControllerLosesLife:
    """"its controller loses 2 life" of "Whenever enchanted land becomes tapped, ..." (119.3):
    the controller of the tapped land as the ability resolves (its last known controller if it
    left, 608.2h)."""

    amount: int


@dataclass(frozen=True)
class MayNotUntap:
    """"You may choose not to untap this land during your untap step." (the storage lands; 502.3:
    the active player determines which permanents they control untap): as their untap step
    untaps, its controller chooses whether it stays tapped (the `stay_tapped` choice)."""


@dataclass(frozen=True)
class SelfTapped:
    """"if this land is tapped" (603.4: an intervening "if", read as it triggers and as it
    resolves): the source is a tapped permanent (110.5)."""
