"""Tapping and untapping beyond the untap step's rule (502.3, 701.26): a permanent that doesn't
untap during its controller's next untap step, "You may choose not to untap this land", "tap all
lands that player controls", "During your next untap step, ... return this land to its owner's
hand". Handled by `rules/untap`; part of the model (`simulator.cards.model`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


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
class MayNotUntap:
    """"You may choose not to untap this land during your untap step." (the storage lands; 502.3:
    the active player determines which permanents they control untap): as their untap step
    untaps, its controller chooses whether it stays tapped (the `stay_tapped` choice)."""


@dataclass(frozen=True)
class ReturnDuringNextUntap:
    """"During your next untap step, as you untap your permanents, return this land to its owner's
    hand." (Undiscovered Paradise; an effect of its mana ability, 605.3b): the source, if it is
    still the same object then (400.7), goes to its owner's hand in the next untap step of the
    ability's controller, as that player's permanents untap (502.3); once, however often it was
    tapped before."""
