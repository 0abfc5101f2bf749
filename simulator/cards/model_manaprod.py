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


@dataclass(frozen=True)
class ActivePlayerCount:
    """"{C} for each artifact they control" of "At the beginning of each player's first main phase,
    ..., that player adds ..." (Blinkmoth Urn): the permanents `what` selects ("you control")
    counted for the player whose phase it is (102.1), as the ability resolves (608.2h)."""

    what: Any


@dataclass(frozen=True)
class SelfTappedForMana:
    """"Whenever you tap this creature for mana" / "Whenever you tap this land for mana" (Zhur-Taa
    Druid, Forbidden Orchard; 106.12a): its controller activated a mana ability of it with {T} in
    its cost that produced mana. Not a mana ability unless it adds mana (605.1b): these use the stack."""

    it: ClassVar[str | None] = "self"


@dataclass(frozen=True)
class ReturnDuringNextUntap:
    """"During your next untap step, as you untap your permanents, return this land to its owner's
    hand." (Undiscovered Paradise; an effect of its mana ability, 605.3b): the source, if it is
    still the same object then (400.7), goes to its owner's hand in the next untap step of the
    ability's controller, as that player's permanents untap (502.3); once, however often it was
    tapped before."""


@dataclass(frozen=True)
class SacrificeUnlessTap:
    """"When this land enters, sacrifice it unless you tap an untapped artifact or land you
    control." (Public Thoroughfare) / "... an untapped permanent you control." (Command Bridge;
    608.2c, 701.21a): as the ability resolves its controller may tap one untapped permanent they
    control with one of `types` (none: any permanent), the source itself included (tapping by an
    effect is no {T} cost: 302.6 does not apply); if they don't, the source is sacrificed."""

    types: tuple[str, ...] = ()

    def describe(self) -> str:
        """"an untapped artifact or land you control"."""
        words = " or ".join(t.lower() for t in self.types) or "permanent"
        return f"an untapped {words} you control"


@dataclass(frozen=True)
class LandDealsDamage:
    """"Then that land deals 1 damage to that player." (Barbflare Gremlin's triggered mana ability,
    605.1b; 120.3): the land tapped for mana (603.2) deals the damage to the player who tapped it."""

    amount: int


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


@dataclass(frozen=True)
class CounterUnlessPaysDomain:
    """"Counter target spell unless its controller pays {1} for each basic land type among lands
    you control." (Evasive Action; 608.2c, 608.2h): the amount is the domain of the counterspell's
    controller as it resolves; that spell's controller chooses to pay it (`counter_unless`)."""
