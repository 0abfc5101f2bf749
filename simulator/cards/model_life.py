"""Life totals of the model (119): life totals that become a number (119.5), life gained per
domain or by power, paid for, lost by a land's controller; "the player with the highest life total
wins the game" (104.2). Handled by `rules/life`; part of the model (`simulator.cards.model`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class LifeTotalsBecomeCreatures:
    """"Each player's life total becomes the number of creatures they control." (Shaman of
    Forgotten Ways): every count taken first, as it resolves (608.2h), then each player still in
    the game gains or loses the difference (119.5), in APNAP order (101.4)."""


@dataclass(frozen=True)
class LifeTotalBecomes:
    """"you may have your life total become the number of charge counters on this artifact" (Eternity
    Vessel; the "you may" is a `MayDo`): the amount `per` (a `model.Quantity`) counted as it resolves
    (608.2h); its controller gains or loses the difference (119.5; none: no event, 119.9)."""

    per: Any


@dataclass(frozen=True)
class ActivePlayerGainsPerDomain:
    """"that player gains 1 life for each basic land type among lands they control" (Collapsing
    Borders, "At the beginning of each player's upkeep, ..."): "that player" is the player whose
    upkeep it is, the active player as the ability resolves in that step (102.1, 305.6; 119.3)."""

    times: int = 1


@dataclass(frozen=True)
class GainLifeAndDrawPower:
    """"you gain life and draw cards equal to its power" (Lifeblood Hydra): the power its dies
    trigger kept (603.10a; 0 or less: nothing, 107.1b, 119.9): that much life (119.3), then that many
    cards (121.1)."""


@dataclass(frozen=True)
class PayThenGainLife:
    """"you may pay {W}{W}. If you do, you gain 1 life." (Farmstead's granted upkeep trigger; the "you
    may" is a `MayDo`): "do" pays `cost` from its controller's pool now (608.2c; too little mana is an
    illegal answer), then they gain `life` (119.3)."""

    cost: Any
    life: int


@dataclass(frozen=True)
class ItsControllerLosesLife:
    """"its controller loses 2 life" of "Whenever enchanted land becomes tapped, ..." (119.3):
    the controller of the tapped land as the ability resolves (its last known controller if it
    left, 608.2h)."""

    amount: int


@dataclass(frozen=True)
class HighestLifeWins:
    """"the player with the highest life total wins the game. If two or more players are tied for
    highest life total, the game is a draw." (Celestial Convergence): among the players still in
    the game as it resolves, the one with the most life wins (104.2b); a tie: a draw (104.4c). The
    game ends at once (104.1)."""
