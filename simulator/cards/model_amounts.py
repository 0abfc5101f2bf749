"""Life gained or lost in an amount counted as the ability resolves (119.3, 608.2h): "You gain 1
life for each creature you control." (Blighted Steppe), "Domain — You gain 1 life for each basic
land type among lands you control." (Wandering Stream), "You gain life equal to the greatest
toughness among other creatures you control." (Bighorner Rancher), "You gain 1 life for each
credit counter on this creature." (Icatian Moneychanger: the counters of a sacrificed source as
it last existed, 608.2h). Part of the model (`simulator.cards.model`); done by
`simulator.rules.amounts`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True)
class LifeCounted:
    """`who` gains (`gain`) or loses life: `times` for each one `per` counts (a
    `model.Quantity`), read as the ability resolves; 0 is no life gained or lost (119.9). "target":
    its legal target players (608.2b; "Target player loses X life and you gain X life, where X is
    ...", Exotic Disease; never in a mana ability, which has no target, 605.1a)."""

    per: Any
    times: int = 1
    gain: bool = True
    who: Literal["you", "each_opponent", "target"] = "you"


@dataclass(frozen=True)
class CountWhere:
    """"for each tapped land your opponents control" (Mana Geyser) / "... creature you control with
    defender" (Overgrown Battlement) / "... creature with power 4 or greater you control" /
    "... black creature card in your graveyard" (Crypt of Agadeem) / "... basic Swamp you
    control" (Cabal Stronghold) / "... colorless creature you control": the objects `what` (a
    `model.Selector`) selects that also are tapped or untapped (`tapped`; None: either), have
    the keyword `keyword`, power `min_power` or greater, the color `color` ("colorless": none), the name
    `name` ("for each artifact you control named Powerstone Shard"),
    as they are when counted (613; a card in a graveyard as printed)."""

    what: Any
    tapped: bool | None = None
    keyword: str = ""
    min_power: int | None = None
    color: str = ""
    name: str = ""          # "... named Powerstone Shard" (201.2)


@dataclass(frozen=True)
class CardsInHand:
    """"for each card in your hand" (Inner Fire): the cards in its controller's hand now (402)."""


@dataclass(frozen=True)
class OpponentsCount:
    """"for each opponent you have" (Big Apple, 3 a.m.): the opponents still in the game now
    (102.3, 800.4a: a player who left is no opponent)."""


@dataclass(frozen=True)
class CardsDrawnThisTurn:
    """"for each card you've drawn this turn" (Kydele, Chosen of Kruphix): the cards its controller
    drew this turn (121.1), before the source was on the battlefield too (`GameState.turn_counts`)."""


@dataclass(frozen=True)
class LifeGainedThisTurn:
    """"the amount of life you gained this turn" (Accomplished Alchemist): the total of its
    controller's life gains this turn (119.3, 119.9: 0 is none), whatever life was lost."""


@dataclass(frozen=True)
class TotalPower:
    """"creatures you control have total power 8 or greater" (Formidable, Circle of Elders): the sum
    of the powers of the creatures `what` selects, as they are now (613; a negative power counts
    as it is, 107.1b only for the total)."""

    what: Any


@dataclass(frozen=True)
class SameNameAtLeast:
    """"Activate only if you control three or more lands with the same name." (Sceptre of Eternal
    Glory; 602.5b): `n` or more of the permanents `what` selects share one name (201.2)."""

    what: Any
    n: int


@dataclass(frozen=True)
class DealDamageCounted:
    """"~ deals X damage to any target, where X is the number of basic land types among lands you
    control." (Tribal Flames) / "it deals damage to each opponent equal to ..." (Meria's
    Outrider): damage (120.3) of the amount `per` counts as the ability resolves (608.2h), to
    the targets (`to` "target") or each opponent; 0 is no damage (120.8). The source's own
    power is not read here (its last known power is not kept: refused at load)."""

    per: Any
    to: Literal["target", "each_opponent"] = "target"


@dataclass(frozen=True)
class QuantityAtLeast:
    """"Activate only if you control two or more green permanents." (Sapseep Forest; 602.5b): a
    condition met while `per` counts `n` or more (a `CountWhere` of permanents you control)."""

    per: Any
    n: int


@dataclass(frozen=True)
class DifferentPowers:
    """"for each different power among creatures you control" (Selvala, Eager Trailblazer): how
    many distinct values the powers of the permanents `what` selects have now (613; a negative
    power is a value of its own)."""

    what: Any


@dataclass(frozen=True)
class ActivePlayerCount:
    """"{C} for each artifact they control" of "At the beginning of each player's first main phase,
    ..., that player adds ..." (Blinkmoth Urn): the permanents `what` selects ("you control")
    counted for the player whose phase it is (102.1), as the ability resolves (608.2h)."""

    what: Any


@dataclass(frozen=True)
class HalfSourceX:
    """"half X ..., rounded down" (Hydroid Krasis' "When you cast this spell, you gain half X life
    and draw half X cards. Round down each time."): the X of the spell its cast trigger's source is
    (107.3, 202.3e; as it last existed on the stack if it has left it, 608.2h), halved and rounded
    down (107.1a). A `model.Quantity`."""


@dataclass(frozen=True)
class LandsCouldProduce:
    """"for each land your opponents control that could produce {C}" (Obsidian Charmaw; 106.7): a
    `model.Quantity`, the lands of `controller` ("opponent": every opponent's) that could produce
    that type of mana now."""

    mana: str = "C"
    controller: Literal["you", "opponent"] = "opponent"


@dataclass(frozen=True)
class GreatestSharingCreatureType:
    """"the greatest number of creatures you control that have a creature type in common" (White
    Lotus Tile; 205.3m): a `model.Quantity`, for each creature type the creatures you
    control with it now (a changeling has every one), the largest of those counts."""
