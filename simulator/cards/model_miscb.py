"""Kinds of the model for the second half of the miscellaneous phrases (issue 22, pool-miscb).
Part of the model (`simulator.cards.model`); their handlers are in `rules/miscb.py`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal


@dataclass(frozen=True)
class PutCountersOnIt:
    """"Whenever a nontoken creature enters the battlefield under your control, put a +1/+1 counter
    on it." (The Alright Henge): the counters go on the permanent the trigger event named (603.2,
    `who` "entered"), if it is still on the battlefield as the ability resolves (400.7: a new
    object otherwise; 122.1)."""

    counter: str = "+1/+1"
    amount: int = 1
    who: Literal["entered"] = "entered"


@dataclass(frozen=True)
class EachEntersWithCounters:
    """"Each other Warrior creature you control enters with an additional +1/+1 counter on it."
    (Bramblewood Paragon; 614.1c, 614.12): a replacement effect of a permanent on the
    battlefield, on each permanent entering that fits one of `what` (`model.Selector`s, its
    controller "you": the source's controller's; `other` on them: never the source itself) as it
    would exist on the battlefield. `amount` counters of the kind `counter`, times `per` (a
    `model.Quantity` read as it would enter: "for each Angel you already control", Giada; or
    "a number of ... equal to this creature's power", Master Biomancer, `amount` 1); with
    `mana_value_at_most`, that many only if its mana value is at most it, else `otherwise`
    (Thunderous Velocipede); `add_subtypes`: it also enters as those subtypes "in addition to its
    other types" (Master Biomancer's Mutant: a type-changing effect from its entering on, 611.2a,
    613.1d)."""

    what: tuple[object, ...]
    counter: str = "+1/+1"
    amount: int = 1
    per: object | None = None
    mana_value_at_most: int | None = None
    otherwise: int = 0
    add_subtypes: tuple[str, ...] = ()


@dataclass(frozen=True)
class IsChosenCreatureType:
    """"This creature is the chosen type in addition to its other types." (Metallic Mimic; layer
    4, 613.1d): the creature type its controller chose as it entered (614.12) added to the source
    (`affected`: a `model.Selector` with relation "self"); none chosen: no effect. The layers fill
    `subtype` from the object (`layers._with_chosen_type`)."""

    affected: object
    subtype: str = ""
    chosen: bool = True


# ---- trigger conditions

@dataclass(frozen=True)
class LeavesSelf:
    """"When this creature leaves the battlefield" (603.6c: a leaves-the-battlefield ability, it
    looks back in time, 603.10a): the source moving from the battlefield to any zone; its
    counters as it last existed are kept (`data` "counters")."""

    it: ClassVar[str | None] = None


@dataclass(frozen=True)
class YouPlayAnotherLand:
    """"When you play another land" (City of Traitors; 305.1, 603.2): its controller plays a
    land (the special action, not a land put onto the battlefield) other than the source."""

    it: ClassVar[str | None] = None


@dataclass(frozen=True)
class PutIntoGraveyardFromBattlefield:
    """"Whenever another creature or artifact you control is put into a graveyard from the
    battlefield" (Necrosquito; 603.6c, 603.10a): a permanent that fits `what` (a
    `model.Selector`, read as it last existed) going from the battlefield to a graveyard."""

    it: ClassVar[str | None] = None
    what: object = None


# ---- effects

@dataclass(frozen=True)
class PutItsCountersOfKind:
    """"When this creature leaves the battlefield, put its +1/+1 counters on target creature you
    control." (Selfless Police Captain; 603.10a, 122.1): as many counters of the kind `counter`
    as the source had as it last existed, on each legal target."""

    counter: str = "+1/+1"


# ---- conditions

@dataclass(frozen=True)
class LandsWithDifferentNames:
    """"if you control seven or more lands with different names" (Field of the Dead; 201.2): the
    number of distinct names among the lands its controller controls."""

    at_least: int = 7


@dataclass(frozen=True)
class ChosenPermanents:
    """"When this land enters, sacrifice two lands." (Lotus Field), "Target opponent sacrifices a
    creature of their choice." (Blighted Fen; `who` "target"), "When this artifact enters, return
    two lands you control to their owner's hand." (Khalni Gem; `action` "return"): `amount`
    permanents that fit `what` (a `model.Selector`, "you": the player's), chosen by the player
    as it resolves (608.2c; pending `choose_permanents`); with as many or fewer, all of them
    (701.21a: as many as possible)."""

    what: object
    amount: int = 1
    action: Literal["sacrifice", "return"] = "sacrifice"
    who: Literal["you", "target"] = "you"


# ---- mana

@dataclass(frozen=True)
class AddEachColorAmong:
    """"For each color among permanents you control, add one mana of that color." (Bloom Tender;
    106.1, 605.3a): one mana of each color the objects `what` (a `model.Selector`) have now;
    none: no mana (106.5)."""

    what: object


@dataclass(frozen=True)
class AddChosenColorCounted:
    """"Choose a color. Add an amount of mana of that color equal to the number of creatures you
    control of the chosen type." (Three Tree City; 605.3a, 608.2d): the color chosen as it
    resolves, as many as `amount` (a `model.Quantity`) counts then."""

    amount: object


@dataclass(frozen=True)
class ColorsSpentFewerThan:
    """"... enters with two +1/+1 counters on it unless two or more colors of mana were spent to
    cast it." (Steel Exemplar; 601.2h, 614.1c): fewer than `n` colors among the mana spent to cast
    the spell the object is (none if it was not cast)."""

    n: int = 2


@dataclass(frozen=True)
class CreateTokensThatGain:
    """"Create two 1/1 colorless Spirit creature tokens. They gain haste until end of turn."
    (Sokenzan; 111.1, 611.2c): the tokens `create` (a `model.CreateTokens`) makes get `keywords`
    until end of turn (514.2)."""

    create: object
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class CreateTokensIf:
    """"If you control an Eldrazi Spawn, create three 0/1 colorless Eldrazi Spawn creature tokens.
    ... Otherwise, create one of those tokens." (Brood Birthing; 608.2c): `create` (a
    `model.CreateTokens`) with its amount if `condition` holds as it resolves, else `otherwise`."""

    condition: object
    create: object
    otherwise: int = 1


@dataclass(frozen=True)
class RemoveCountersIfYouDo:
    """"you may remove a +1/+1 counter from it. If you do, draw a card." (Ingenious Prodigy; the
    `may` is a `model.MayDo` around this): `amount` counters of the kind `counter` removed from the
    source, and only if that many were removed, `then` (an effect, 608.2c)."""

    counter: str
    amount: int
    then: object


# ---- modified (700.9)

@dataclass(frozen=True)
class SelfModified:
    """"As long as this creature is modified" (Orochi Merge-Keeper; 700.9, 611.3a): the source has
    a counter on it, is equipped, or is enchanted by an Aura its controller controls."""


@dataclass(frozen=True)
class YouControlModifiedCreature:
    """"if you control a modified creature" (Heir of the Ancient Fang; 700.9): a creature you
    control with a counter on it, equipped, or enchanted by an Aura you control."""


@dataclass(frozen=True)
class PermanentEntersWhile:
    """"Whenever another creature you control enters while this creature has a -1/-1 counter on
    it" (Reluctant Dounguard; 603.2): a permanent that fits `what` (a `model.Selector`) entering
    while the source has a counter of the kind `counter` -- read as the event happens, not again
    as the ability resolves (not an intervening "if", 603.4)."""

    it: ClassVar[str | None] = "entered"
    what: object = None
    counter: str = "-1/-1"


@dataclass(frozen=True)
class EachPlayerWithNamedDraws:
    """"Each player who controls a permanent named Bonder's Ornament draws a card." (121.1, 201.2):
    each player in the game who controls a permanent with the source's name as it resolves draws
    `amount` cards, in turn order from the active player (101.4)."""

    amount: int = 1


@dataclass(frozen=True)
class SacrificeAsEnters:
    """"As this enchantment enters, sacrifice all lands you control." (Overlaid Terrain; 614.1c)
    / "If this land would enter, instead sacrifice each other permanent named Sheltered Valley you
    control, then put this land onto the battlefield." (614.1a; `same_name`): as the permanent
    enters, its controller sacrifices every permanent they control that fits `what` (a
    `model.Selector`; `same_name`: with the entering card's name, 201.2), all at once (701.21a)."""

    what: object
    same_name: bool = False


@dataclass(frozen=True)
class LandsCouldProduce:
    """"for each land your opponents control that could produce {C}" (Obsidian Charmaw; 106.7): a
    `model.Quantity`, the lands of `controller` ("opponent": every opponent's) that could produce
    that type of mana now."""

    mana: str = "C"
    controller: Literal["you", "opponent"] = "opponent"


@dataclass(frozen=True)
class HighestLifeWins:
    """"the player with the highest life total wins the game. If two or more players are tied for
    highest life total, the game is a draw." (Celestial Convergence): among the players still in
    the game as it resolves, the one with the most life wins (104.2b); a tie: a draw (104.4c). The
    game ends at once (104.1)."""


@dataclass(frozen=True)
class CreatureDiesWithCounter:
    """"Whenever Slurrk or another creature you control dies, if it had a +1/+1 counter on it"
    (700.4, 603.10a): a creature that fits `what` (a `model.Selector`) dies with a counter of the
    kind `counter` on it as it last existed. The "if" is read as it triggers; as it resolves it
    reads the same last known information, so it is part of the trigger here (603.4)."""

    it: ClassVar[str | None] = None
    what: object = None
    counter: str = "+1/+1"


@dataclass(frozen=True)
class GreatestSharingCreatureType:
    """"the greatest number of creatures you control that have a creature type in common" (White
    Lotus Tile; 205.3m): a `model.Quantity`, for each creature type the creatures you
    control with it now (a changeling has every one), the largest of those counts."""


@dataclass(frozen=True)
class NontokenEnters:
    """"Whenever a nontoken creature enters the battlefield under your control" (The Alright Henge;
    603.6a, 111.1): a permanent that fits `what` (a `model.Selector` with `nontoken`) entering."""

    it: ClassVar[str | None] = "entered"
    what: object = None
