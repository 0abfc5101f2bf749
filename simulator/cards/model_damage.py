"""Damage and destruction of the model (120.3, 615, 701.8): damage to each creature and player,
to a target player and their permanents, to the active player, "that much damage"; a permanent's
own prevention effects (615.1a, 615.5); "destroy that land". Handled by `rules/damage_effects`;
part of the model (`simulator.cards.model`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True)
class DealDamageToEach:
    """"<source> deals N damage to each creature" (`creatures` the permanents dealt damage, as
    the ability resolves; `other`: not the source itself, 109.2) "and each player" (`players`)
    (120.3: to each of them; 120.3e marked on a creature, 120.3a a player loses that much life)."""

    amount: int
    creatures: Any            # a Selector (model.py) of the permanents dealt damage
    players: bool = False


@dataclass(frozen=True)
class DamagePlayerAndTheirs:
    """"Chandra deals 10 damage to target player and each creature and planeswalker they control."
    (120.3: to the target player, if still legal, 608.2b, and to each creature and planeswalker
    that player controls as it resolves; 120.3c loyalty counters removed)."""

    amount: int


@dataclass(frozen=True)
class PreventDamageToSelf:
    """Damage that would be dealt to the permanent with this ability is prevented (615.1a):
    - `remove` "one": all of it, then one `counter` is removed from it, if it has one (615.5: the
      additional effect follows the prevention; the Phantoms: prevented even with no counter);
    - "that_many": all of it, then as many counters as damage was prevented, as many as it has
      (Ugin's Conjurant);
    - "each": each 1 damage while it has a counter: as much as it has counters, each one removed
      (Rock Hydra; the rest is dealt).
    `while_counter`: the effect applies only while the permanent has a `counter` counter (Oathsworn
    Knight, Ugin's Conjurant; read as the damage would be dealt)."""

    counter: str = "+1/+1"
    remove: Literal["one", "that_many", "each"] = "one"
    while_counter: bool = False
    # Magma Pummeler: "When one or more counters are removed from this creature this way, ..." (a
    # `model.TriggeredAbility`, 603.12; its AbilityId: the kind "reflexive" at this line)
    reflexive: Any = None


@dataclass(frozen=True)
class DamageActivePlayer:
    """"Then this enchantment deals 3 damage to that player." (Collapsing Borders): to the player
    whose upkeep it is (102.1; 120.3a)."""

    amount: int


@dataclass(frozen=True)
class DealThatMuchDamage:
    """"it deals that much damage to any target" (Magma Pummeler's reflexive trigger): the source
    (as it last existed, if gone) deals as much damage as its trigger's amount to each legal
    target (608.2b; 120.3)."""


@dataclass(frozen=True)
class LandDealsDamage:
    """"Then that land deals 1 damage to that player." (Barbflare Gremlin's triggered mana ability,
    605.1b; 120.3): the land tapped for mana (603.2) deals the damage to the player who tapped it."""

    amount: int


@dataclass(frozen=True)
class DestroyThatLand:
    """"destroy that land" (Price of Glory): the land its "taps a land for mana" trigger saw
    (603.2, 106.12a), if it is still that permanent (400.7); 701.8a, indestructible and
    regeneration as for any destruction."""
