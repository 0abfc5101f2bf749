"""Delayed triggered abilities (603.7): the abilities a resolving effect creates and the
conditions they wait for ("at the beginning of the next turn's upkeep", "at the beginning of
your next main phase"). Handled by `rules/delayed_triggers`; part of the model (`simulator.cards.model`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal


@dataclass(frozen=True)
class BeginningOfNextTurnUpkeep:
    """"at the beginning of the next turn's upkeep" (Barbed Sextant, Astrolabe, Jinx): the
    condition of a delayed triggered ability (603.7a): the first upkeep that begins in a later
    turn than the one it was created in, whoever's turn it is; it triggers once (603.7b)."""

    it: ClassVar[str | None] = None


@dataclass(frozen=True)
class CreateDelayedTrigger:
    """"Draw a card at the beginning of the next turn's upkeep." (603.7a): as it resolves, the
    effect creates the delayed triggered ability `ability` (a `model.TriggeredAbility`),
    controlled by the controller of the spell or ability that created it (603.7d); its
    AbilityId is the kind "delayed" at the creating text's place (`base.abilityid`). `remember`
    "target_mana_value": the mana value of the spell the creating spell targets, kept with it
    ("that spell's mana value", Mana Drain)."""

    ability: Any
    remember: Literal["", "target_mana_value"] = ""


@dataclass(frozen=True)
class BeginningOfYourNextMainPhase:
    """"At the beginning of your next main phase" (Mana Drain; 603.7a): a delayed trigger's
    condition: the next main phase (precombat or postcombat, 505.1) of its controller's turn to
    begin after it was created; `first`: "your next first main phase" (Plasm Capture: only a
    precombat main phase); once (603.7b)."""

    it: ClassVar[str | None] = None
    first: bool = False
