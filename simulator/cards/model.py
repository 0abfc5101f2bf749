"""Card and ability objects: the closed set of kinds the Oracle grammar yields.

Cards are data (TOML); their Oracle text is parsed (``grammar.lark``) into the
frozen objects below. The rules engine only ever sees these objects, never
text. Every object is hashable and comparable, so characteristics can be
compared and cached.

Vocabulary follows the Comprehensive Rules: an *activated ability* has a cost
and an effect separated by a colon (602.1); a *mana ability* is an activated
ability that could add mana, has no target and is not a loyalty ability
(605.1a); triggered abilities start with "when", "whenever" or "at" (603.1);
static abilities (604) and replacement effects (614) are always on.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from enum import Enum
from typing import Any, ClassVar, Literal, Protocol, Union

from simulator.base import generated
from simulator.base.abilityid import AbilityId
from simulator.base.symbols import COLORS, MANA_TYPES  # noqa: F401  (106.1b types, 105.1 colors; part of the model)

# dataclasses' methods, compiled once (start-up): those of the kinds in the model_* modules
# imported below too (their classes are defined as this module imports them)
_compiled = generated.compiling(__name__)
from simulator.cards.model_library import (  # noqa: F401  (library effects)
    CardCount, CardQuality, DiscardCards, ExileGraveyard, LookAtTopCards, Mill, Players, PlayersDraw, SearchLibrary)
from simulator.cards.model_library import LookAtTopOfLibrary, ShuffleYourLibrary  # noqa: F401  (library effects)
from simulator.cards.model_amounts import (  # noqa: F401  (Quantities, 608.2h)
    ActivePlayerCount, DifferentPowers, GreatestSharingCreatureType, HalfSourceX, LandsCouldProduce)
from simulator.cards.model_coin_flips import FlipCoin  # noqa: F401  (705)
from simulator.cards.model_conditions import (  # noqa: F401  (602.5b, 603.4)
    CardTypesInGraveyardAtLeast, CardsOfTypesInGraveyard, ColorsSpentFewerThan, EnchantedIsBasicLandType,
    LandsWithDifferentNames, OtherThanEnteredAtLeast, SelfHadCounters, SelfHasFewerCounters, SelfModified,
    SelfTapped, SelfWasKicked, YouControlModifiedCreature, YouControlNamed)
from simulator.cards.model_continuous import (  # noqa: F401  (611.2, 613.1)
    BecomesLandTypeLasting, CreaturesColorLandsType, GrantStatic, GroupGainsUntilEndOfTurn,
    IsChosenCreatureType, PumpTargetIfCreature, SetLandTypes)
from simulator.cards.model_counters import (  # noqa: F401  (122)
    EachEntersWithCounters, EntersWithXMore, GetPoison, PutCountersOnIt, PutCountersThatMany,
    PutItsCountersOfKind, RemoveAllCountersAndUntap, RemoveCountersIfYouDo)
from simulator.cards.model_damage import (  # noqa: F401  (120.3, 615, 701.8)
    DamageActivePlayer, DamagePlayerAndTheirs, DealDamageToEach, DealThatMuchDamage, DestroyThatLand,
    LandDealsDamage, PreventDamageToSelf)
from simulator.cards.model_delayed_triggers import (  # noqa: F401  (603.7)
    BeginningOfNextTurnUpkeep, BeginningOfYourNextMainPhase, CreateDelayedTrigger)
from simulator.cards.model_graveyard import (  # noqa: F401  (115.1, 400.7)
    ExileSourceCard, ReturnDiedCardToHand, ReturnRandomCardToHand, ReturnSelfFromGraveyard)
from simulator.cards.model_library import (  # noqa: F401  (401, 701.24)
    EachPlayerWithNamedDraws, LookAtTopCardMay, OwnerShufflesIntoLibrary, TargetPlayerPerDomain)
from simulator.cards.model_life import (  # noqa: F401  (119)
    ActivePlayerGainsPerDomain, GainLifeAndDrawPower, HighestLifeWins, ItsControllerLosesLife, LifeTotalBecomes,
    LifeTotalsBecomeCreatures, PayThenGainLife)
from simulator.cards.model_mana_amounts import (  # noqa: F401  (106.1, 605.3a)
    AddChosenColorCounted, AddEachColorAmong, AddManaIf, AddThatSpellsManaValue, BasicLandManaMultiplier)
from simulator.cards.model_sacrifice import (  # noqa: F401  (701.21)
    ChosenPermanents, SacrificeAsEnters, SacrificeUnlessTap)
from simulator.cards.model_stack import CounterUnlessPaysDomain  # noqa: F401  (701.6)
from simulator.cards.model_token_effects import (  # noqa: F401  (111.1)
    CreateTokenWithCounters, CreateTokensIf, CreateTokensThatGain)
from simulator.cards.model_trigger_events import (  # noqa: F401  (603.2, 603.6)
    CastFromElsewhere, CountersPutOn, CountersRemovedThisWay, CreatureDiesWithCounter, DealtDamageSelf,
    DiesSelfPower, EnchantedBecomesTapped, EntersOrDiesSelf, LastCounterRemovedSelf, LeavesSelf, NontokenEnters,
    PermanentEntersWhile, PutIntoGraveyardFromBattlefield, SelfTappedForMana, YouDiscard, YouGainLife,
    YouPlayAnotherLand)
from simulator.cards.model_untap import (  # noqa: F401  (502.3, 701.26)
    MayNotUntap, ReturnDuringNextUntap, SkipsNextUntap, TapLandsOfThatPlayer)
from simulator.cards.model_lands import (  # noqa: F401  (land effects and conditions)
    AddEveryBasicLandType, AddFixedOrChosenColor, AnyCondition, BecomesBasicLandType, EntersIfSacrifice, SacrificeIfNoCounters, BecomesCreature, BecomesLandTypeOfChoice, EachLandBecomesChosenType, LandsGainEveryBasicLandType, EnteredThisTurn, EntersTappedUnlessReveal, SacrificeUnlessPay,
    SacrificeUnlessReturn, retained_types_problem)
from simulator.cards.model_pump import (  # noqa: F401  (effects on permanents, 701.26)
    CombatRestriction, CombatRestrictionThisTurn, PreventDamage, Regenerate, ReturnToOwnersHand, TapTarget)
from simulator.cards.model_stack import CantBeCountered, CounterTargetSpell  # noqa: F401  (spells on the stack, 701.6)
from simulator.cards.model_equipment import AttachSelf  # noqa: F401  (Equipment, 301.5, 702.6)
from simulator.cards.model_statics import CreatureTypesCDA  # noqa: F401  (702.73a changeling, 604.3)
from simulator.cards.model_statics import AdditionalLandEachTurn, CharacteristicPT, UntapDuringOthersUntap, NoMaximumHandSize, SelfIsCreature, SelfHasCounters, SelfUntapped  # noqa: F401  (statics' conditions, 611.3a)
from simulator.cards.model_triggers import (  # noqa: F401  (conditions about this turn)
    CreatureDiedThisTurn, OpponentLostLifeThisTurn, YouLostPermanentThisTurn)
from simulator.cards.model_casting import SpellsCastThisTurn, YouCastIt  # noqa: F401  (the spells cast this turn, 601.2)
from simulator.cards.model_casting import (  # noqa: F401  (effects on casting this turn, statics on casting, 601.3)
    CantCastSpells, FlashThisTurn, MayPayThen, NextSpellUncounterable, OnlyOneMoreSpell,
    TriggerSpellAllColors, TriggerSpellColors)
from simulator.cards.model_costs import CostReduction, SpellCostReduction  # noqa: F401  (601.2f)
from simulator.cards.model_amounts import (  # noqa: F401  (119.3, 120.3, 608.2h)
    CardsInHand, CountWhere, DealDamageCounted, LifeCounted, QuantityAtLeast)
from simulator.cards.model_amounts import OpponentsCount  # noqa: F401  (a Quantity)
from simulator.cards.model_amounts import CardsDrawnThisTurn, LifeGainedThisTurn  # noqa: F401  (this turn's draws and gains)
from simulator.cards.model_amounts import SameNameAtLeast, TotalPower  # noqa: F401  (602.5b conditions)
from simulator.cards.model_spend import SourceKind, SpellKind, SpendOnlyFor  # noqa: F401  (106.6)
from simulator.cards.model_choices import ChooseLandTypeAsEnters  # noqa: F401  (614.12)
from simulator.cards.model_facts import ObjectFacts  # noqa: F401  (what a selector asks beyond types)
from simulator.cards.model_counters import (  # noqa: F401  (counters, 122)
    DrawCounted, IfThen, PutCountersCounted, PutItsCounters, RemoveCounters, SacrificeSelf, SelfHasNoCounters)
from simulator.cards.model_instead import AddInstead, AllConditions, YouPlayedLandThisTurn  # noqa: F401  ("... instead")
from simulator.cards.model_colors_among import AddColorAmong  # noqa: F401  ("any color among ...", 106.7)
from simulator.cards.model_counters import DoubleCounters, PutCountersOnEach  # noqa: F401  (counters on each, doubled)
from simulator.cards.model_counters import KEYWORD_COUNTERS, counter_keyword, EntersWithCounterOfChoice  # noqa: F401  (122.1b)
from simulator.cards.model_graveyard import PutCardInLibrary, ReturnCardToHand  # noqa: F401  (cards out of graveyards)
from simulator.cards.model_optional import MayDo  # noqa: F401  ("you may ...", 608.2d)
from simulator.cards.model_conditions import AnOpponentControlsAtLeast, EntersSelfUntapped, NotYourTurn, YouControlToughnessAtLeast  # noqa: F401  (602.5b)
from simulator.cards.model_seek import Seek  # noqa: F401  (seek, digital-only)
from simulator.cards.model_fight import Fights  # noqa: F401  (fight, 701.14)
from simulator.cards.model_exile import ExileTargetPermanent  # noqa: F401  (exile, 406.2)
from simulator.cards.model_modal import ChooseModes, Mode, chosen_effects, modal, with_modes  # noqa: F401  (modal spells and abilities, 700.2)
from simulator.cards.model_castcosts import AdditionalSacrifice, AlternativeReturnCost  # noqa: F401  (118.8, 118.9)
from simulator.cards.model_counter_moves import MoveCounterFromSelf  # noqa: F401  (122.5)
from simulator.cards.model_dice import (CountersBecomeResult, DieResult, EntersWithRolledCounters,  # noqa: F401  (706)
                                        RemoveCounterOrSacrifice, RollDie, YouRollDie)
from simulator.cards.model_ward import BecomesTargetOfOpponent, CounterUnlessPays  # noqa: F401  (702.21)
from simulator.cards.model_cumulative_upkeep import CumulativeUpkeep  # noqa: F401  (702.24)

BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}  # 305.6


# --------------------------------------------------------------------------- selectors

@dataclass(frozen=True)
class Selector:
    """A description of objects (109.2): what a continuous effect affects, what a target or a
    sacrificed permanent may be, what a trigger watches. The grammar builds one from phrases such
    as "creatures you control", "nonbasic lands", "enchanted land", "target creature an opponent
    controls" or "land cards exiled with this creature"; `simulator.game.selectors.select` finds the
    objects, `matches` decides for one object (also part-way through the layers).

    `controller` is relative to the controller of the selector's source (in a graveyard: the
    owner, "your graveyard"); `relation` ties the object to the source: "enchanted" (the
    object the source Aura is attached to, 303.4), "equipped" (the creature the source Equipment
    is attached to, 301.5) or "exiled_with" (linked, 607.2a)."""

    zone: Literal["battlefield", "graveyard", "exile", "stack"] = "battlefield"   # "stack": spells (405)
    types: tuple[str, ...] = ()          # card types it must all have ("Creature")
    subtypes: tuple[str, ...] = ()       # subtypes it must all have ("Forest")
    controller: Literal["any", "you", "opponent"] = "any"
    relation: Literal["", "enchanted", "equipped", "exiled_with", "self"] = ""
    nonbasic: bool = False               # without the Basic supertype (205.4c)
    supertypes: tuple[str, ...] = ()     # supertypes it must all have ("Basic", "Legendary")
    other: bool = False                  # "Other Elves you control": never the source itself (109.2)
    any_of: tuple[str, ...] = ()         # card types of which it must have one ("artifact or enchantment")
    non: tuple[str, ...] = ()            # card types it must not have ("nonland permanent")
    # "of the chosen color" / "of the chosen type": the color or creature type the source chose as
    # it entered (614.12; cards/model_choices.py), among the object's colors / subtypes
    chosen: Literal["", "color", "creature_type"] = ""
    # what a permanent is beyond its types (cards/model_facts.py `ObjectFacts`): "with a +1/+1
    # counter on it" (122.1), "green creature" (one of the colors, 105.2), "a token" (111.1),
    # "that entered this turn"
    with_counter: str = ""
    colors: tuple[str, ...] = ()
    token: bool = False
    entered_this_turn: bool = False
    any_subtype: tuple[str, ...] = ()    # subtypes of which it must have one ("Ninja or Turtle", 205.3)
    non_subtypes: tuple[str, ...] = ()   # subtypes it must not have ("non-Human creature")
    colorless: bool = False              # no color at all (105.2c): "colorless creature"
    # "target attacking creature", "attacking creatures" (506.4): no creature attacks here (no
    # combat), so nothing fits; "target 1/1 creature" (Pendelhaven): its power and toughness now
    attacking: bool = False
    pt: tuple[int, int] | None = None
    # issue 22 (pool-miscb): "nontoken creature" (111.1), "nonblack creature" (105.2: none of
    # these colors), "creature with flying" (a keyword it has now, 702; targets only: the layers
    # do not read it part-way), "creature with power 3 or less" (its power now)
    nontoken: bool = False
    non_colors: tuple[str, ...] = ()
    keyword: str = ""
    power_at_most: int | None = None
    # issue 22 (pool-poolC2): "target creature card with mana value 3 or less from your graveyard"
    # (202.3: its printed mana value, X as 0, 202.3e); cards in a graveyard or exile only (game/selectors)
    mana_value_at_most: int | None = None
    # issue 22 (pool-modes): "creature with power or toughness 1 or less" (Warping Wail): either, now
    power_or_toughness_at_most: int | None = None

    def matches(self, *, zone: str, types: tuple[str, ...], subtypes: tuple[str, ...],
                supertypes: tuple[str, ...], controller: str, you: str, related: bool,
                is_source: bool = False, colors: tuple[str, ...] = (), chosen: str | None = None,
                facts: ObjectFacts | None = None) -> bool:
        """Whether an object with these characteristics fits. `you` is the source's controller,
        `related` whether the object has this selector's `relation` to the source ("self": is
        the source), `is_source` whether it is the source itself (excluded by `other`); `colors`
        the object's colors and `chosen` the source's chosen value of `self.chosen`'s kind (none
        chosen: nothing fits); `facts` what the object is beyond them (no facts: a selector that
        needs them fits nothing)."""
        if zone != self.zone:
            return False
        if self.needs_facts and (facts is None or not facts.fit(self)):
            return False
        if self.chosen and (chosen is None or chosen not in (colors if self.chosen == "color" else subtypes)):
            return False
        if self.other and is_source:
            return False
        if any(t not in types for t in self.types) or any(t not in subtypes for t in self.subtypes):
            return False
        if self.nonbasic and "Basic" in supertypes:
            return False
        if any(t not in supertypes for t in self.supertypes):
            return False
        if self.any_of and not any(t in types for t in self.any_of):
            return False
        if any(t in types for t in self.non):
            return False
        if self.any_subtype and not any(t in subtypes for t in self.any_subtype):
            return False
        if any(t in subtypes for t in self.non_subtypes):
            return False
        if self.controller == "you" and controller != you:
            return False
        if self.controller == "opponent" and controller == you:
            return False
        return related if self.relation else True

    @property
    def needs_facts(self) -> bool:
        return bool(self.with_counter or self.colors or self.token or self.entered_this_turn or self.colorless
                    or self.attacking or self.pt is not None
                    or self.nontoken or self.non_colors or self.keyword or self.power_at_most is not None
                    or self.power_or_toughness_at_most is not None)

    @property
    def noun(self) -> str:
        """"creature", "nonbasic land", "Forest", "permanent"."""
        noun = " ".join([*("non" + t.lower() for t in self.non), *("non" + _COLOR_NAMES[c] for c in self.non_colors),
                         " or ".join(_COLOR_NAMES[c] for c in self.colors),
                         *(t.lower() for t in self.supertypes),
                         *(t.lower() for t in self.types), *self.subtypes,
                         " or ".join(t.lower() for t in self.any_of)]).strip() or "permanent"
        if self.any_subtype:      # "Bird, Cat, or Snake" / "Ninja or Turtle" (a creature of one of them)
            named = self.any_subtype
            listed = " or ".join(named) if len(named) == 2 else ", ".join(named[:-1]) + ", or " + named[-1]
            noun = listed if noun == "permanent" else f"{listed} {noun}"
        noun = " ".join([*("non-" + t for t in self.non_subtypes), noun])
        noun = "colorless " + noun if self.colorless else noun
        noun = "nonbasic " + noun if self.nonbasic else noun
        noun = noun + {"": "", "color": " of the chosen color", "creature_type": " of the chosen type"}[self.chosen]
        noun = noun.replace("  ", " ").strip()
        if self.token:
            noun = noun + " token" if noun != "permanent" else "token"
        if self.nontoken:
            noun = "nontoken " + noun
        if self.keyword:
            noun += f" with {self.keyword.lower()}"
        if self.power_at_most is not None:
            noun += f" with power {self.power_at_most} or less"
        if self.power_or_toughness_at_most is not None:
            noun += f" with power or toughness {self.power_or_toughness_at_most} or less"
        if self.with_counter:
            noun += f" with a {self.with_counter} counter on it"
        if self.entered_this_turn:
            noun += " that entered this turn"
        if self.pt is not None:
            noun = f"{self.pt[0]}/{self.pt[1]} {noun}"
        if self.attacking:
            noun = "attacking " + noun
        return "other " + noun if self.other else noun

    def describe(self, plural: bool = False) -> str:
        """The phrase it stands for, for messages: "a creature an opponent controls", "the
        enchanted land", "land cards in your graveyard" (plural)."""
        noun = self.noun
        if self.relation in ("enchanted", "equipped"):
            return f"the {self.relation} {noun}"
        if self.relation == "self":
            return f"this {noun}"
        if self.zone == "stack":        # "target spell", "target creature spell"
            noun = "spell" if noun == "permanent" else f"{noun} spell"
            return noun + "s" if plural else ("an " if noun[0].lower() in "aeiou" else "a ") + noun
        if self.zone != "battlefield":
            noun = "card" if noun == "permanent" else noun + " card"    # no type: any card
        noun = noun + "s" if plural else ("an " if noun[0].lower() in "aeiou" else "a ") + noun
        if noun.startswith("an other "):        # "another artifact" (109.2)
            noun = "another " + noun[len("an other "):]
        if self.mana_value_at_most is not None:     # "a creature card with mana value 3 or less" (202.3)
            noun += f" with mana value {self.mana_value_at_most} or less"
        if self.zone == "graveyard":
            whose = {"you": "your", "opponent": "an opponent's"}.get(self.controller, "a")
            return f"{noun} in {whose} graveyard"
        if self.zone == "exile":
            return f"{noun} exiled with this" if self.relation == "exiled_with" else f"{noun} in exile"
        owner = {"you": " you control", "opponent": " an opponent controls"}.get(self.controller, "")
        return f"{noun}{owner}"


_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
CREATURE_YOU_CONTROL = Selector(types=("Creature",), controller="you")
# "any target" (115.4): the permanents among it, a creature, planeswalker or battle (`any_of`)
ANY_TARGET = Selector(any_of=("Creature", "Planeswalker", "Battle"))


# --------------------------------------------------------------------------- conditions
# What "unless ..." / "if ..." / "Activate only if ..." ask of the game (614.1d, 602.5b): read
# by `simulator.game.conditions.holds` when the rules ask, never stored.

@dataclass(frozen=True)
class YouControl:
    """"you control a Plains or an Island" (any of `what`, at least one), "you control two or
    more basic lands" (`at_least`), "you control two or fewer other lands" (`at_most`): how many
    permanents you control fit any of the selectors; `other`: not counting the object the
    condition is asked for (a land entering is not on the battlefield yet anyway, 614.1d)."""

    what: tuple[Selector, ...]
    at_least: int = 1
    at_most: int | None = None
    other: bool = False


@dataclass(frozen=True)
class OpponentsControl:
    """"your opponents control eight or more lands": permanents all opponents control, together."""

    what: Selector
    at_least: int = 1


@dataclass(frozen=True)
class OpponentCount:
    """"you have two or more opponents" (102.2, 800.4a: a player who left is no opponent)."""

    at_least: int = 2


@dataclass(frozen=True)
class PlayerLifeAtMost:
    """"a player has 13 or less life" (any player still in the game)."""

    life: int


@dataclass(frozen=True)
class CardsInYourZone:
    """"there are seven or more cards in your graveyard" / "you have no cards in hand" / "you
    have exactly seven cards in hand": how many cards the controller has in `zone`."""

    zone: Literal["hand", "graveyard"]
    at_least: int = 0
    at_most: int | None = None
    card_type: str = ""          # "four or more creature cards in your graveyard": only these count
    subtype: str = ""            # "there is an Elf card in your graveyard": only cards of the subtype (205.3)


@dataclass(frozen=True)
class DuringYourTurn:
    """"Activate only during your turn." / "... during your upkeep." (`step`, 602.5b)."""

    step: str | None = None


@dataclass(frozen=True)
class YouAttackedThisTurn:
    """"if you attacked this turn" (Raid, 508.1): there is no combat in this simulator, so no
    player ever attacked: never true (docs/cards.md)."""


@dataclass(frozen=True)
class YouControlPowerAtLeast:
    """"if you control a creature with power 4 or greater" (Ferocious): read on the layered
    power (613.4) of the creatures you control, the source among them when it is one (an
    activated ability's "Activate only if ...", 602.5b)."""

    power: int = 4


@dataclass(frozen=True)
class ManaSpentAtLeast:
    """"If at least three white mana was spent to cast this spell" / "... three mana of the same
    color ..." (Adamant, `color` None; 601.2h): read from the mana spent to cast the spell the
    object is (none if it was not cast)."""

    amount: int = 3
    color: str | None = None


Condition = Union[YouControl, OpponentsControl, OpponentCount, PlayerLifeAtMost, CardsInYourZone, DuringYourTurn,
                  CardsOfTypesInGraveyard, OtherThanEnteredAtLeast,   # pool-dmgtrig
                  LandsWithDifferentNames, ColorsSpentFewerThan, SelfModified, YouControlModifiedCreature,   # pool-miscb
                  EnteredThisTurn, AnyCondition, SelfUntapped, SelfHasCounters, SelfIsCreature, YouAttackedThisTurn, YouControlPowerAtLeast, ManaSpentAtLeast,
                  CreatureDiedThisTurn, OpponentLostLifeThisTurn, YouLostPermanentThisTurn,
                  SelfHasNoCounters,
                  AllConditions, YouPlayedLandThisTurn,
                  QuantityAtLeast,
                  NotYourTurn, AnOpponentControlsAtLeast, YouControlToughnessAtLeast, SameNameAtLeast,
                  SelfTapped, YouCastIt, SpellsCastThisTurn,
                  TriggerSpellAllColors,
                  SelfHasFewerCounters, YouControlNamed, CardTypesInGraveyardAtLeast,
                  EnchantedIsBasicLandType, SelfWasKicked, SelfHadCounters]


@dataclass(frozen=True)
class EnterCount:
    """An amount counted as a replacement effect applies (614.1c): the objects `what` describes
    ("for each other creature you control", "where X is the number of creature cards in all
    graveyards"; `other`: not the object itself, which is not on the battlefield yet anyway), the
    total mana value of those cards (`measure` "mana_value", 202.3), the colors of mana spent to
    cast it ("colors_spent": Converge, 601.2h), how many times it was kicked ("times_kicked",
    702.33b), how many creatures died this turn ("died_this_turn", 700.4), the life its
    controller gained this turn ("life_gained_this_turn", 119.3) or the spells any player cast
    this turn ("spells_cast_this_turn", 601.2; `other`: not the spell the object is) or the
    different mana costs among the cards `what` selects ("different_mana_costs", 202.1: a card
    without a mana cost has none)."""

    what: Selector | None = None
    other: bool = False
    measure: Literal["objects", "mana_value", "colors_spent", "times_kicked", "died_this_turn",
                     "life_gained_this_turn", "spells_cast_this_turn", "different_mana_costs"] = "objects"


# --------------------------------------------------------------------------- costs

@dataclass(frozen=True)
class ManaCost:
    """Mana symbols of a cost: generic amount, number of {X}, and coloured/{C} symbols."""

    generic: int = 0
    x: int = 0                       # how many {X} symbols ({X}{X} is 2)
    symbols: tuple[str, ...] = ()    # W U B R G C, one entry per symbol, printed order
    hybrid: tuple[str, ...] = ()     # hybrid symbols (107.4e): "W/U", "2/W", printed order

    @property
    def mana_value(self) -> int:
        """202.3f: a hybrid symbol counts as its largest part ({2/W} is 2)."""
        return self.generic + len(self.symbols) + sum(2 if h.startswith("2/") else 1 for h in self.hybrid)

    @property
    def colors(self) -> tuple[str, ...]:
        """202.2: the colors of its symbols, hybrid ones too (202.2d), in W U B R G order."""
        found = set(self.symbols) | {c for h in self.hybrid for c in h.split("/")}
        return tuple(c for c in COLORS if c in found)

    def text(self) -> str:
        parts = ["{X}"] * self.x
        if self.generic or (not self.symbols and not self.x and not self.hybrid):
            parts.append("{%d}" % self.generic)
        parts += ["{%s}" % s for s in self.hybrid]
        parts += ["{%s}" % s for s in self.symbols]
        return "".join(parts)


@dataclass(frozen=True)
class Cost:
    """An activation cost (602.1a): everything before the colon."""

    mana: ManaCost | None = None
    tap: bool = False                 # {T} (107.5)
    untap: bool = False               # {Q} (107.6)
    life: int = 0                     # "Pay N life"
    energy: int = 0                   # "Pay {E}{E}": energy counters its controller removes (107.14)
    sacrifice_self: bool = False      # "Sacrifice <this>" / "Sacrifice <its name>"
    sacrifice: Selector | None = None  # "Sacrifice a creature": a creature you control
    # "Remove a charge counter from this artifact"; "X" / "any number of": as announced (107.3)
    remove_counters: tuple[str, int | Literal["X"]] | None = None
    # "Put a -1/-1 counter on this creature" (Devoted Druid, Wall of Roots): put on it as the cost is
    # paid (602.2h), whatever its toughness (a 0 toughness creature then dies, 704.5f)
    put_counters: tuple[str, int] | None = None
    discard_self: bool = False        # "Discard this card" (cycling, 702.29a): from its owner's hand
    # "Tap an untapped creature you control" / "... artifact or creature ..." (any of them) / "Tap
    # three untapped Elves you control": how many and of which kinds, permanents its controller
    # chooses (the `tap` key); 302.6 does not stop a creature new this turn
    tap_untapped: tuple[int, tuple[Selector, ...]] | None = None
    mill: int = 0                     # "Mill a card" (701.17a): the top cards of its controller's library
    discard: int = 0                  # "Discard a card" (701.9a): chosen from the hand (the `discard` key)
    discard_hand: bool = False        # "Discard your hand" (701.9a): every card in it, none if empty
    exile_self_from_hand: bool = False   # "Exile this card from your hand" (Simian Spirit Guide; 113.6b)
    exile_self: bool = False          # "Exile this land" (Plaza of Heroes): from the battlefield (602.2h, 406)
    exile_self_from_graveyard: bool = False   # "Exile this card from your graveyard" (113.6k)
    # Crew N (702.122a): "Tap any number of other untapped creatures you control with total power N
    # or greater": the creatures its controller chooses (the `tap` key), summoning sick or not (302.6)
    crew: int = 0
    # a loyalty ability's cost (606.4): "[+1]" puts one loyalty counter on the planeswalker, "[−2]"
    # removes two, "[0]" neither; None: not a loyalty ability (606.1: its cost has a loyalty symbol)
    loyalty: int | None = None
    # "Exert this creature" (701.43a): it won't untap during its controller's next untap step
    exert: bool = False
    # "Return this creature to its owner's hand" (Grinning Ignus): the source, from the battlefield
    # to its owner's hand as the cost is paid (602.2h, 400.7; a token ceases to exist there, 111.8)
    return_self_to_hand: bool = False


# --------------------------------------------------------------------------- mana effects

@dataclass(frozen=True)
class AddFixed:
    """"Add {C}{C}." / "Add {G}." — exactly these symbols."""

    mana: tuple[str, ...]


@dataclass(frozen=True)
class AddOneOf:
    """"Add {B} or {G}." — one of the listed symbols, the controller chooses."""

    choices: tuple[str, ...]


@dataclass(frozen=True)
class AddOneOfCombos:
    """"Add {W}{W}, {W}{U}, or {U}{U}." (the filter lands) — one of the listed groups of symbols,
    the controller chooses (each group a string of mana letters)."""

    options: tuple[str, ...]


@dataclass(frozen=True)
class AddAnyColor:
    """"Add one mana of any color." / "Add two mana of any one color." (same=True)."""

    amount: int = 1
    same: bool = False


@dataclass(frozen=True)
class AddReflected:
    """"Add one mana of any type|color that a land you|an opponent control(s) could produce." (106.7);
    `basic`: "... that a basic land you control could produce" (Star Compass: basic lands only)."""

    kind: Literal["type", "color"]
    whose: Literal["you", "opponent"]
    basic: bool = False


@dataclass(frozen=True)
class AddPerCount:
    """"Add {G} for each creature you control." — amount counted on resolution."""

    mana: str
    per: Selector = CREATURE_YOU_CONTROL


@dataclass(frozen=True)
class AddProducedType:
    """"add one mana of any type that land produced" (Mana Flare, Heartbeat, Zendikar Resurgent)."""

    amount: int = 1


@dataclass(frozen=True)
class AddCommanderColor:
    """"Add one mana of any color in your commander's color identity." (Arcane Signet). Games
    here have no commander: no color can be defined, so it adds no mana (106.5)."""


@dataclass(frozen=True)
class AddChosenColor:
    """"one mana of the chosen color" (Utopia Sprawl): the color its source's controller chose
    as it entered; none chosen is an undefined type: no mana (106.5)."""

    amount: int = 1


# Quantities: the X of "where X is ...", "an amount of {G} equal to ..." (107.3, read as the
# ability resolves, 608.2h; a negative result counts as 0, 107.1b). `game.quantities.QUANTITIES`
# holds one reader per kind.

@dataclass(frozen=True)
class CountOf:
    """"the number of enchantments you control" / "... other Gates you control" (`other`: not
    the source itself) / "... Elves on the battlefield" / "... creature cards in your graveyard"."""

    what: Selector
    other: bool = False


@dataclass(frozen=True)
class SourceStat:
    """"this creature's power" / "~'s toughness": the source's, after every effect (613)."""

    stat: Literal["power", "toughness"]


@dataclass(frozen=True)
class CountersOnSource:
    """"the number of charge counters on this artifact" (122.1); `counter` "": counters of every
    kind ("for each counter on this creature")."""

    counter: str


@dataclass(frozen=True)
class Devotion:
    """"your devotion to green" (700.5): the {G} symbols among the mana costs of permanents you
    control; a hybrid symbol with green in it counts once (700.5a)."""

    color: str


@dataclass(frozen=True)
class GreatestStat:
    """"the greatest power among creatures you control" / "the greatest toughness among other
    creatures you control" (`other`): 0 when there are none."""

    stat: Literal["power", "toughness"]
    what: Selector
    other: bool = False


@dataclass(frozen=True)
class BasicLandTypesAmong:
    """Domain: "the number of basic land types among lands you control" (0 to 5, 305.6)."""


@dataclass(frozen=True)
class CostX:
    """The X its controller announced for the ability's cost (107.3, 602.2b): "Remove X storage
    counters ...: Add X mana ...", "... for each storage counter removed this way", "X plus one"
    (`plus`). Fixed when the ability is activated (rules/mana_abilities.py `planned_mana`)."""

    plus: int = 0


@dataclass(frozen=True)
class SacrificedManaValue:
    """"the sacrificed artifact's mana value" (Priest of Yawgmoth): the mana value (202.3) of the
    permanent sacrificed to pay the ability's cost, as it last existed (608.2h); fixed when the
    ability is activated, as `CostX`."""


@dataclass(frozen=True)
class Fixed:
    """A number already known: a `CostX` once X was announced."""

    n: int


@dataclass(frozen=True)
class EnterCountPlus(EnterCount):
    """"... a number of +1/+1 counters on it equal to one plus the number of other creatures you
    control." (Boss's Chauffeur): `plus` more than the `EnterCount` counts (614.1c)."""

    plus: int = 1


@dataclass(frozen=True)
class EnterLifeTotal(EnterCount):
    """"where X is your life total" (Eternity Vessel; 119.1): its controller's life total as the
    permanent would enter (614.1c). pool-dmgtrig."""


@dataclass(frozen=True)
class EnterTappedCount(EnterCount):
    """"where X is the number of tapped lands on the battlefield" (Ignition Team; pool-manaprod):
    only the tapped objects the `EnterCount` selects (110.5), as it would enter (614.1c)."""


@dataclass(frozen=True)
class EnterCountMore(EnterCount):
    """What pool-miscb's "enters with ... counters" count beyond `EnterCount.measure` (614.1c):
    `more` "died_yours" ("for each creature that died under your control this turn", 700.4),
    "cards_in_hands" ("the total number of cards in all players' hands", 402.1) or "toughness"
    ("the total toughness of other creatures you control": of `what`, 208.1)."""

    more: Literal["died_yours", "cards_in_hands", "toughness"] = "toughness"


@dataclass(frozen=True)
class CountersOnSourcePlus:
    """"Add {C}, plus an additional {C} for each art counter on Famous Museum.": `plus` more than
    the counters of the kind `counter` on the source now (122.1; a mana ability, so the source is
    on the battlefield as it resolves, 605.3a)."""

    counter: str
    plus: int = 1


Quantity = Union[CountOf, SourceStat, CountersOnSource, CountersOnSourcePlus, Devotion, GreatestStat, BasicLandTypesAmong, CostX, Fixed,
                 HalfSourceX,   # pool-dmgtrig
                 LandsCouldProduce, GreatestSharingCreatureType,   # pool-miscb
                 SacrificedManaValue,
                 CountWhere, CardsInHand,
                 ActivePlayerCount,   # pool-manaprod
                 OpponentsCount,
                 CardsDrawnThisTurn, LifeGainedThisTurn, TotalPower, DifferentPowers, HalfSourceX,
                 TriggerSpellColors]


@dataclass(frozen=True)
class AddCounted:
    """"Add X mana of any one color, where X is ..." (`same`) / "Add X mana in any combination
    of colors, where X is ..." / "... of {U} and/or {R}" (`colors`) / "Add an amount of {G}
    equal to ..." (one color) / "Add {C} for each charge counter on this artifact": `amount` is
    read as the ability resolves (608.2h); its controller chooses the colors then (608.2d)."""

    amount: Quantity
    colors: tuple[str, ...] = COLORS
    same: bool = False
    removed: str = ""    # "for each storage counter removed this way": the kind the cost removes


@dataclass(frozen=True)
class AddDevotionOfChosenColor:
    """"Choose a color. Add an amount of mana of that color equal to your devotion to that
    color." (Nykthos, Shrine to Nyx; 700.5): the color is chosen as it resolves (the `mana`
    letter), the amount is the devotion to it then (0: no mana)."""


ManaEffect = Union[AddFixed, AddOneOf, AddAnyColor, AddReflected, AddPerCount, AddProducedType,
                   AddEachColorAmong, AddChosenColorCounted,   # pool-miscb
                   AddCommanderColor, AddChosenColor, AddOneOfCombos, AddCounted, AddDevotionOfChosenColor, AddFixedOrChosenColor,
                   AddInstead,
                   AddColorAmong]


# --------------------------------------------------------------------------- other effects
# `Who` names an object or player from the point of view of the ability.
#   "self"         the object the ability is on (this creature / its own name)
#   "you"          the ability's controller
#   "target"       the (first) target
#   "that creature" the object an earlier instruction of the same ability acted on

class Recipient(Enum):
    """Who receives the mana of an AddMana effect."""

    CONTROLLER = "you"                          # the ability's controller
    ENCHANTED_CONTROLLER = "its controller"     # the enchanted land's controller
    TAPPING_PLAYER = "that player"              # the player who tapped the land
    # "At the beginning of each player's first main phase, that player adds {G}{G}.": the player
    # whose phase it is (the active player, 102.1; the ability resolves in that phase)
    ACTIVE_PLAYER = "the player whose turn it is"
    # "Whenever a player casts a creature spell, that player adds {G}." (Tangleroot): the spell's caster
    CASTER = "the player who cast it"


# Restrictions on spending mana (106.6): "Spend this mana only ...". Each kind says what it
# allows (`rules.payment.SPEND_CHECKS` holds one check per kind) and travels with the mana it
# restricts as JSON (`restriction_json`, `restriction_from_json`): the pool keeps units of mana
# with their restriction (106.4), so a unit still knows it after the ability is gone.

@dataclass(frozen=True)
class SpendOnlyToCast:
    """"Spend this mana only to cast a creature spell." / "... a Dragon creature spell" / "... an
    instant or sorcery spell" / "... noncreature spells" / "... spells" (Ancient Ziggurat, Haven
    of the Spirit Dragon, Vodalian Arcanist): the spell must have one of `types` (none listed:
    any spell), every one of `subtypes` and none of `non`. "This mana can't be spent to cast
    nonartifact spells." (Terisiare's Devastation's kind) is the same with `abilities`: it may
    also pay for activating abilities."""

    text: str
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    non: tuple[str, ...] = ()
    abilities: bool = False
    supertypes: tuple[str, ...] = ()        # "a legendary spell" (205.4d)
    min_mana_value: int | None = None       # "a spell with mana value 6 or greater" (202.3)
    # "kicked spells" (702.33d): "only", a kicked spell; "or": one of `types`, or a kicked spell
    # ("an instant or sorcery spell or a kicked spell"); "": kicked or not
    kicked: str = ""
    uncounterable: bool = False             # "..., and that spell can't be countered." (101.2)
    # "Spend this mana only to cast spells you don't own." (Thieving Varmint; 108.3: a spell's owner
    # is its card's): the payment's check (`rules.payment`) reads who owns the spell
    not_owned: bool = False

    def admits(self, types: tuple[str, ...], subtypes: tuple[str, ...], supertypes: tuple[str, ...],
               mana_value: int, kicked: int = 0) -> bool:
        """Whether a spell with these characteristics is one this phrase names (106.6). The
        one reading of it: the payment's check (`rules.payment.SPEND_CHECKS`) and the riders of
        spent mana (`SpentSpellGains`, `WhenManaSpent`) ask it. `kicked`: how many times the
        spell's kicker is paid (702.33d: a kicked spell, one whose kicker cost is paid)."""
        if self.kicked == "only" and not kicked:
            return False
        if self.kicked == "or" and kicked:
            return True
        return ((not self.types or any(t in types for t in self.types))
                and all(t in subtypes for t in self.subtypes)
                and all(t in supertypes for t in self.supertypes)
                and not any(t in types for t in self.non)
                and (self.min_mana_value is None or mana_value >= self.min_mana_value))


@dataclass(frozen=True)
class SpendOnlyToCastChosenType:
    """"Spend this mana only to cast a creature spell of the chosen type, and that spell can't be
    countered." (Cavern of Souls): a creature spell with the creature type its source's
    controller chose as the source entered (614.12). `chosen` is that type, fixed as the mana is
    made (None in the card text; no type chosen: the mana pays for nothing). `uncounterable`: the
    rider "that spell can't be countered" (101.2): the spell this mana pays for stays on the stack
    when an effect would counter it (`rules.effects.cant_be_countered`)."""

    text: str
    chosen: str | None = None
    uncounterable: bool = False
    # "... or activate an ability of a creature source of the chosen type" (Secluded Courtyard)
    or_activate: bool = False


@dataclass(frozen=True)
class SpendOnlyToActivate:
    """"Spend this mana only to activate abilities." (Cryptic Trilobite-like)."""

    text: str


@dataclass(frozen=True)
class SpendOnlyOnXCosts:
    """"Spend this mana only on costs that contain {X}." (Rosheen Meanderer; 106.6, 107.3): any part
    of a total cost with {X} in it (a spell's, an activated ability's); never a cost without {X}
    (a spell with {X} in its mana cost cast for an alternative cost without it)."""

    text: str


@dataclass(frozen=True)
class SpendOnlyOnCommander:
    """"Spend this mana only to cast your commander." (Jeweled Lotus; 903.3): games here have no
    commander (as `AddCommanderColor`), so this mana can pay for nothing (106.6)."""

    text: str


@dataclass(frozen=True)
class SpendOnlyToCastMvOrX:
    """"Spend this mana only to cast spells with mana value 5 or greater or spells with {X} in their
    mana costs." (Troyan, Gutsy Explorer; 202.3e: X included)."""

    text: str
    min_mana_value: int = 0


@dataclass(frozen=True)
class NotForGenericCosts:
    """"This mana can't be spent to pay generic mana costs." (Jegantha, the Wellspring): it pays
    only colored symbols of its type (106.6)."""

    text: str


@dataclass(frozen=True)
class RiderMana:
    """Mana in the pool with a rider (106.6: "If that mana is spent on ...", "When you spend
    this mana ..."): it may be spent any way, and it is kept apart like restricted mana so the
    payment names it (`ManaSpent.units`). `ability` is the mana ability that made it, where
    the rider is written (`game.layers.mana_rider`); `text` the rider's sentence."""

    text: str
    ability: AbilityId


@dataclass(frozen=True)
class NotToCastSpells:
    """"You can't spend this mana to cast spells." (Thran Turbine) / "... to cast spells from
    your hand." (Karolina Dean, Runaway: `from_hand`; 106.6): it pays for anything but casting
    a spell (from a hand): activating abilities, "unless you pay" (608.2c)."""

    text: str
    from_hand: bool = False


ManaRestriction = Union[SpendOnlyToCast, SpendOnlyToActivate, NotForGenericCosts, SpendOnlyToCastChosenType,
                        NotToCastSpells,   # pool-manaprod
                        RiderMana, SpendOnlyOnXCosts, SpendOnlyToCastMvOrX, SpendOnlyOnCommander,
                        SpendOnlyFor]
_RESTRICTION_KINDS: dict[str, type] = {"cast": SpendOnlyToCast, "activate": SpendOnlyToActivate,
                                       "colored": NotForGenericCosts, "chosen_type": SpendOnlyToCastChosenType,
                                       "not_cast": NotToCastSpells,   # pool-manaprod
                                       "rider": RiderMana, "x_costs": SpendOnlyOnXCosts, "mv_or_x": SpendOnlyToCastMvOrX,
                                       "commander": SpendOnlyOnCommander,
                                       "for": SpendOnlyFor}


# Riders of mana (106.6): "an additional effect that affects the spell or ability that mana is
# spent on, or ... a triggered ability that triggers when that mana is spent". Written after
# the effect that adds the mana; the mana carries them as `RiderMana`.

@dataclass(frozen=True)
class SpentSpellGains:
    """"If that mana is spent on a creature spell, it gains haste until end of turn." (Generator
    Servant, Carnelian Orb of Dragonkind) / "... it gains haste." (Hall of the Bandit Lord: no
    end): the spell `spell` admits gains `keywords`; it keeps them as the permanent it becomes
    (400.7a). Applied by `rules.spend_riders.SPEND_RIDERS` as the mana is spent (601.2h)."""

    text: str
    spell: SpendOnlyToCast
    keywords: tuple[str, ...]
    until_end_of_turn: bool = True


@dataclass(frozen=True)
class SpentTrigger:
    """"When you spend this mana to cast a Dragon creature spell, you gain 2 life." (Scaled
    Nurturer): a triggered ability (603.2) that triggers when the mana is spent on a spell its
    condition admits; `ability` is that triggered ability (its condition a `WhenManaSpent`),
    listened for by `game.triggers` like any other."""

    text: str
    ability: "TriggeredAbility"


@dataclass(frozen=True)
class SpentSpellUncounterable:
    """"If that mana is spent on an instant or sorcery spell, that spell can't be countered."
    (Boseiju, Who Shelters All; 106.6, 101.2): the spell `spell` admits can't be countered.
    Applied by `rules.spend_riders.SPEND_RIDERS` as the mana is spent (601.2h)."""

    text: str
    spell: SpendOnlyToCast


ManaRider = Union[SpentSpellGains, SpentTrigger, SpentSpellUncounterable]


def restriction_json(r: ManaRestriction) -> dict[str, Any]:
    """A restriction as the JSON an event and the state keep (`kind` names its class)."""
    kind = next(k for k, cls in _RESTRICTION_KINDS.items() if isinstance(r, cls))
    out: dict[str, Any] = {"kind": kind, "text": r.text}
    if isinstance(r, SpendOnlyToCast):
        out.update(types=tuple(r.types), subtypes=tuple(r.subtypes))
        if r.non:
            out["non"] = tuple(r.non)
        if r.abilities:
            out["abilities"] = True
        if r.supertypes:
            out["supertypes"] = tuple(r.supertypes)
        if r.min_mana_value is not None:
            out["min_mana_value"] = r.min_mana_value
        if r.kicked:
            out["kicked"] = r.kicked
        if r.uncounterable:
            out["uncounterable"] = True
        if r.not_owned:
            out["not_owned"] = True
    elif isinstance(r, SpendOnlyToCastChosenType):
        out["chosen"] = r.chosen
        if r.uncounterable:
            out["uncounterable"] = True
        if r.or_activate:
            out["or_activate"] = True
    elif isinstance(r, RiderMana):
        out["ability"] = r.ability.to_json()
    elif isinstance(r, SpendOnlyFor):
        out.update(r.fields_json())
    elif isinstance(r, SpendOnlyToCastMvOrX):
        out["min_mana_value"] = r.min_mana_value
    elif isinstance(r, NotToCastSpells) and r.from_hand:
        out["from_hand"] = True
    return out


def restriction_from_json(data: Any) -> ManaRestriction:
    """The inverse of `restriction_json`."""
    d = dict(data)
    cls = _RESTRICTION_KINDS[str(d.pop("kind"))]
    if cls is SpendOnlyToCast:
        mv = d.get("min_mana_value")
        return SpendOnlyToCast(str(d["text"]), tuple(d.get("types", ())), tuple(d.get("subtypes", ())),
                               tuple(d.get("non", ())), bool(d.get("abilities", False)),
                               tuple(d.get("supertypes", ())), None if mv is None else int(mv),
                               str(d.get("kicked", "")), bool(d.get("uncounterable", False)),
                               bool(d.get("not_owned", False)))
    if cls is SpendOnlyToCastChosenType:
        chosen = d.get("chosen")
        return SpendOnlyToCastChosenType(str(d["text"]), None if chosen is None else str(chosen),
                                         bool(d.get("uncounterable", False)), bool(d.get("or_activate", False)))
    if cls is RiderMana:
        return RiderMana(str(d["text"]), AbilityId.from_json(d["ability"]))
    if cls is SpendOnlyFor:
        return SpendOnlyFor.from_json(d)
    if cls is SpendOnlyToCastMvOrX:
        return SpendOnlyToCastMvOrX(str(d["text"]), int(d.get("min_mana_value", 0)))
    if cls is NotToCastSpells:
        return NotToCastSpells(str(d["text"]), bool(d.get("from_hand", False)))
    return cls(str(d["text"]))


@dataclass(frozen=True)
class AddMana:
    """Add mana to a player's pool (106.4); `to` says whose; `restriction`: how that mana may be
    spent (106.6), from the sentence after it ("Spend this mana only ...")."""

    mana: ManaEffect
    to: Recipient = Recipient.CONTROLLER
    restriction: ManaRestriction | None = None
    rider: ManaRider | None = None          # 106.6: what spending that mana does


@dataclass(frozen=True)
class DealDamage:
    """"<self> deals N damage to you" / "it deals N damage to you" (to a player: life loss, 120.3a);
    "... to any target" / "... to target creature" / "... to target opponent" (`to` "target": the
    ability's or spell's `Targets`, 115.4) / "... to each opponent" (`to` "each_opponent").
    Damage to a creature is marked on it (120.3e, 704.5g), to a planeswalker or battle removes
    loyalty or defense counters (120.3c, 120.3h); the source's lifelink and deathtouch apply
    (702.15b, 702.2b); `rules.damage` deals it."""

    amount: int
    # "that_player": the player the trigger event names (Manabarbs: who tapped the land, 106.12a)
    to: Literal["you", "target", "each_opponent", "that_player"] = "you"


@dataclass(frozen=True)
class Explore:
    """"it explores" / "it explores, then it explores again" / "it explores X times"
    / "target creature you control explores" / "that creature explores, then it explores again".
    `who` "entered" / "explorer": "it" in a trigger whose event names that object (603.2: "Whenever
    a creature you control enters, it explores" -- the creature, not the source); the value is
    the `AbilityTriggered` field that names it."""

    who: Literal["self", "target", "that creature", "entered", "explorer"]
    times: int | Literal["X"] = 1


@dataclass(frozen=True)
class LoseLife:
    """"target player loses N life" / "target opponent loses N life" (`who` "target") / "each
    opponent loses N life" / "you lose N life" (119.3: life loss, not damage)."""

    amount: int
    who: Literal["you", "target", "each_opponent"] = "target"


@dataclass(frozen=True)
class Destroy:
    """"Destroy target land." / "... nonbasic land" / "... artifact" / "... creature" (701.8a: to
    its owner's graveyard; 702.12b: an indestructible permanent is not destroyed)."""


@dataclass(frozen=True)
class PutCounters:
    """"put a +1/+1 counter on <self>" / "... on target creature" (`on` "target")."""

    counter: str = "+1/+1"
    amount: int = 1
    on: Literal["self", "target"] = "self"


@dataclass(frozen=True)
class GainLife:
    """"You gain N life" (119.3)."""

    amount: int


@dataclass(frozen=True)
class GetEnergy:
    """"You get {E}{E}." (107.14): its controller gets that many energy counters (122.1)."""

    amount: int


@dataclass(frozen=True)
class DrawCards:
    """"Draw a card" / "draw N cards" (121.1)."""

    amount: int = 1


@dataclass(frozen=True)
class PerCounter:
    """"for each <counter> counter on <self>": an amount read from the source's counters (with
    last known information once it left, 603.10a)."""

    counter: str = "+1/+1"


@dataclass(frozen=True)
class CreateTokens:
    """"create a Map token" (amount 1) / "create a 1/1 colorless Thopter ... for each
    +1/+1 counter on <self>" (amount PerCounter("+1/+1"))."""

    token: str
    # a number, "for each <counter> counter on <self>", or counted as it resolves (a `Quantity`:
    # `CostX` the X paid, "where X is ...", "for each creature you control", 608.2h)
    amount: "int | PerCounter | Quantity" = 1
    # the token as the text describes it (111.4), which defines it unless a [[token]] of its
    # name defines the same (`model_tokens.created_token`); None: only its name is given
    described: "TokenSpec | None" = None
    tapped: bool = False             # "create a tapped Powerstone token": tapped as it is created
    # who creates it: "you" (the ability's controller) or "target_controller" ("Destroy target
    # creature. Its controller creates a 2/4 white Ox creature token.": the one target's
    # controller as it last existed, 608.2h) or "target_player" ("target opponent creates a 1/1
    # ... token", Forbidden Orchard: the one target player)
    by: Literal["you", "target_controller", "target_player"] = "you"


@dataclass(frozen=True)
class ExileTargets:
    """"exile up to three target land cards from your graveyard" — exiled *with* the
    source (linked, 607): the targets are chosen via `Targets` on the ability."""


@dataclass(frozen=True)
class ReturnToBattlefield:
    """"Return target creature card from your graveyard to the battlefield." (under your control)"""


@dataclass(frozen=True)
class AdditionalLandPlay:
    """"You may play an additional land this turn." (305.2)"""

    amount: int = 1


@dataclass(frozen=True)
class SacrificeSelfUnless:
    """"sacrifice <self> unless you sacrifice a creature" (Contamination)."""

    unless_sacrifice: Selector = CREATURE_YOU_CONTROL


@dataclass(frozen=True)
class ModifyPT:
    """"target creature an opponent controls gets -2/-2 until end of turn" (611.2a: the affected
    object is locked in as it resolves; 514.2: ends in the cleanup step); "... gets +1/+1 and
    gains first strike until end of turn" / "this creature gains haste until end of turn"
    (`keywords`, layer 6, 613.1f); `who` "self": the source; "group": every object `group`
    describes as it resolves ("Creatures you control get +1/+0 until end of turn": locked in
    then, 611.2c); `per`: "... for each basic land type among lands you control", counted as it
    resolves (608.2h) and multiplying the change."""

    power: int
    toughness: int
    who: Literal["target", "self", "group"] = "target"
    keywords: tuple[str, ...] = ()
    group: Selector | None = None
    per: "Quantity | None" = None


@dataclass(frozen=True)
class ReturnToHand:
    """"return a land you control to its owner's hand" (the karoo lands): its controller chooses
    one such permanent as it resolves (it may be the source itself); none: nothing happens."""

    what: Selector


@dataclass(frozen=True)
class UntapSelf:
    """"Untap this artifact." (the object the ability is on, if still on the battlefield)."""


@dataclass(frozen=True)
class LookAtTop:
    """"Scry 2." (701.22a: of the top N cards any go to the bottom, the rest stay on top, each
    group in the order the player chooses) / "Surveil 2." (701.25a: any go into the graveyard,
    the rest stay on top): the ability's controller looks and chooses; N = 1 asks "top" or
    "bottom" / "graveyard" of the one card."""

    action: Literal["scry", "surveil"]
    amount: int = 1


@dataclass(frozen=True)
class SkipNextUntap:
    """"This land doesn't untap during your next untap step." (Cinder Marsh, Thalakos Lowlands):
    the object the ability is on stays tapped through the next untap step of the ability's
    controller (502.3); the effect ends with that step."""


Effect = Union[ChooseModes, Fights, ExileTargetPermanent,   # 700.2, 701.14, 406.2 (cards/model_modal, model_fight, model_exile)
               AddMana, DealDamage, Explore, PutCounters, GainLife, DrawCards, CreateTokens, CounterTargetSpell,
               PutCountersThatMany, DestroyThatLand, LifeTotalsBecomeCreatures, CreateDelayedTrigger,   # pool-dmgtrig
               AddThatSpellsManaValue, ActivePlayerGainsPerDomain, DamageActivePlayer,
               RemoveAllCountersAndUntap, DealThatMuchDamage, LifeTotalBecomes, GainLifeAndDrawPower, AddManaIf,
               CreateTokenWithCounters, PayThenGainLife,
               PutCountersOnIt, PutItsCountersOfKind, ChosenPermanents, CreateTokensThatGain, CreateTokensIf,   # pool-miscb
               RemoveCountersIfYouDo, EachPlayerWithNamedDraws, HighestLifeWins,
               MoveCounterFromSelf,   # pool-poolB2 (122.5)
               ExileTargets, ReturnToBattlefield, AdditionalLandPlay, SacrificeSelfUnless, ModifyPT,
               LookAtTop, ReturnToHand, UntapSelf,
               ReturnDuringNextUntap, SacrificeUnlessTap, LandDealsDamage, GroupGainsUntilEndOfTurn,   # pool-manaprod
               CounterUnlessPaysDomain,
               SearchLibrary, SacrificeUnlessReturn, SkipNextUntap,
               LoseLife, Destroy, BecomesCreature, SacrificeUnlessPay, BecomesLandTypeOfChoice, EachLandBecomesChosenType, LandsGainEveryBasicLandType, BecomesBasicLandType, SacrificeIfNoCounters,
               TapTarget, ReturnToOwnersHand, Regenerate,
               Mill, PlayersDraw, LookAtTopCards, DiscardCards, ExileGraveyard, PreventDamage, CombatRestrictionThisTurn,
               RemoveCounters, SacrificeSelf, IfThen, PutCountersCounted, PutItsCounters, DrawCounted,
               AttachSelf,
               LifeCounted, DealDamageCounted,
               GetEnergy, GetPoison, LookAtTopCardMay, ReturnDiedCardToHand, ReturnSelfFromGraveyard,
               PutCountersOnEach, DoubleCounters,
               ReturnCardToHand, PutCardInLibrary,
               ShuffleYourLibrary, LookAtTopOfLibrary,
               MayDo,
               Seek,
               SkipsNextUntap, TapLandsOfThatPlayer, ItsControllerLosesLife, PutCountersThatMany,
               DestroyThatLand, LifeTotalsBecomeCreatures, CreateDelayedTrigger, AddThatSpellsManaValue,
               ActivePlayerGainsPerDomain, DamageActivePlayer, RemoveAllCountersAndUntap, DealThatMuchDamage,
               LifeTotalBecomes, GainLifeAndDrawPower, AddManaIf, CreateTokenWithCounters, PayThenGainLife,
               FlashThisTurn, NextSpellUncounterable, OnlyOneMoreSpell, MayPayThen,
               DealDamageToEach, OwnerShufflesIntoLibrary,
               BecomesLandTypeLasting, ExileSourceCard, ReturnRandomCardToHand, RemoveCountersIfYouDo, TargetPlayerPerDomain, PumpTargetIfCreature, FlipCoin, DamagePlayerAndTheirs, CreaturesColorLandsType,
               RollDie, CountersBecomeResult, RemoveCounterOrSacrifice,   # pool-keywords (706)
               CounterUnlessPays,   # pool-keywords (702.21)
               CumulativeUpkeep]   # pool-keywords (702.24)


@dataclass(frozen=True)
class Targets:
    """What an ability or spell targets (115): which objects (a Selector) and how many.
    An Aura spell targets what its "Enchant ..." allows (303.4a)."""

    what: Selector
    min: int = 1
    max: int = 1
    # 115.4: a player may be a target too: "target player" (`players` "any", `objects` False),
    # "target opponent" ("opponent"), "any target" (a creature, player, planeswalker or battle)
    players: Literal["", "any", "opponent"] = ""
    objects: bool = True

    def describe(self) -> str:
        """"a creature", "a player", "an opponent", "a creature, player, planeswalker or battle"."""
        if not self.players:
            return self.what.describe(plural=self.max > 1)
        who = "an opponent" if self.players == "opponent" else "a player"
        if not self.objects:
            return who
        return "a creature, player, planeswalker or battle" if self.what == ANY_TARGET else f"{who} or {self.what.describe()}"


# --------------------------------------------------------------------------- abilities

@dataclass(frozen=True)
class ActivatedAbility:
    """[Cost]: [Effect] (602.1). `is_mana_ability` per 605.1a is derived by the rules."""

    cost: Cost
    effects: tuple[Effect, ...]
    text: str                              # as printed, with the card's own name kept
    targets: Targets | None = None
    sorcery_speed: bool = False            # "Activate only as a sorcery." (602.5d)
    instant_speed: bool = False            # "Activate only as an instant." (602.5e): with priority only
    condition: "Condition | None" = None   # "Activate only if you control a Swamp." (602.5b)
    zone: Literal["battlefield", "hand", "graveyard"] = "battlefield"   # where it functions (113.6: cycling, hand; 113.6k)
    per_turn: int = 0                      # "Activate only once each turn." (602.5b): at most this many; 0 any
    once: bool = False                     # "Activate only once." (Alchemy): once for this object, ever
    reduction: CostReduction | None = None  # "This ability costs {1} less to activate for each ..." (601.2f)
    cycling: bool = False                  # "Cycling {2}" / "Forestcycling {2}" (702.29a, 702.29f: it is cycling)

    @cached_property
    def is_mana_ability(self) -> bool:
        """605.1a: could add mana, no target, not a loyalty ability (worked out once per ability:
        every permanent of a card shares its abilities)."""
        return (self.targets is None and self.cost.loyalty is None
                and any(isinstance(e, AddMana) for e in self.effects))

    @property
    def is_loyalty_ability(self) -> bool:
        """606.1: an activated ability with a loyalty symbol in its cost."""
        return self.cost.loyalty is not None


# Trigger conditions (603.1). "self" means the object with the ability. `it` (a class constant,
# not stored) is what "it" in the effect names (603.2): "self", the `AbilityTriggered` field
# naming the object the trigger event names ("entered", "explorer", ...), or None (nothing).
@dataclass(frozen=True)
class EntersSelf:
    """"When <self> enters" (603.6a)."""

    it: ClassVar[str | None] = "self"


@dataclass(frozen=True)
class DiesSelf:
    """"When <self> dies" (603.6c, 603.10a: looks back in time)."""

    it: ClassVar[str | None] = "self"


@dataclass(frozen=True)
class PutIntoGraveyardSelf:
    """"When <self> is put into a graveyard from the battlefield" (603.6c; any card type, a
    leaves-the-battlefield ability: it looks back in time, 603.10a)."""

    it: ClassVar[str | None] = "self"


@dataclass(frozen=True)
class BecomesTappedSelf:
    """"Whenever <self> becomes tapped"; "... while it has a -1/-1 counter on it" (Encumbered
    Reejerey: `with_counter`, read as it becomes tapped, 603.2: no intervening "if")."""

    it: ClassVar[str | None] = "self"
    with_counter: str = ""


@dataclass(frozen=True)
class EnchantedLandTappedForMana:
    """"Whenever enchanted land is tapped for mana" / "Whenever enchanted Forest is tapped for
    mana" (106.12a): `what` is the enchanted permanent's description."""

    it: ClassVar[str | None] = "land"
    what: Selector = Selector(types=("Land",), relation="enchanted")


@dataclass(frozen=True)
class LandTappedForMana:
    """"Whenever a player taps a land for mana" (whose="any") / "Whenever you tap a land for mana" (whose="you") /
    "Whenever you tap a Swamp for mana" (`land_type`: the tapped land has it, 305.6); "Whenever a
    basic land is tapped for mana of the chosen color" (`basic`: it has the supertype, 205.4;
    `of_chosen_color`: the mana produced includes the color its source chose as it entered, 614.12)."""

    it: ClassVar[str | None] = "land"
    whose: Literal["any", "you", "opponent"] = "any"     # "opponent": an opponent of its controller
    land_type: str | None = None
    basic: bool = False
    of_chosen_color: bool = False
    nonbasic: bool = False        # "Whenever a player taps a nonbasic land for mana" (205.4c)
    # Price of Glory: "..., if it's not that player's turn, ..." (603.4): read as it triggers; it is
    # still so as it resolves (a turn does not end with the ability waiting or on the stack, 500.2)
    not_their_turn: bool = False
    snow: bool = False            # "Whenever a player taps a snow land for mana" (Winter's Night; 205.4g)


@dataclass(frozen=True)
class SpellCastByYou:
    """"Whenever you cast a creature spell"."""

    it: ClassVar[str | None] = "spell"
    card_type: str = "Creature"


@dataclass(frozen=True)
class YouSacrifice:
    """"Whenever you sacrifice an artifact / a nontoken permanent / another Eldrazi" (701.21a:
    its controller puts it into its owner's graveyard; a leaves-the-battlefield ability, read as
    things were just before, 603.10a). `what` describes the sacrificed permanent (`other`: not
    the source itself); `nontoken`: not a token (111.1)."""

    it: ClassVar[str | None] = None
    what: Selector
    nontoken: bool = False


@dataclass(frozen=True)
class CastSelf:
    """"When you cast this spell" (601.2i: it triggers as the spell becomes cast; an ability of
    the spell on the stack, 113.6, so it resolves before the spell). On the battlefield it does
    nothing."""

    it: ClassVar[str | None] = None
    # "When you cast or cycle Drownyard Lurker" (702.29c: "When you cycle [this card]" means "When
    # you discard [this card] to pay a cycling cost"; it triggers from the graveyard)
    or_cycle: bool = False


@dataclass(frozen=True)
class CastsSpell:
    """"Whenever you cast a spell" / "... a noncreature spell" / "... an instant or sorcery
    spell" / "... a red spell" / "... a multicolored (colorless) spell" / "... a spell with mana
    value 4 or greater" / "Whenever a player (an opponent) casts ..." (601.2, 603.2): `caster`
    relative to the ability's controller; `spell` the kinds, as the one reading of such a phrase
    (`SpendOnlyToCast.admits`, 106.6; None: any spell); `color` a color it must have; `colored`
    "multicolored" (two or more colors, 105.2c) or "colorless" (105.2c). The spell is read as it
    is on the stack: its card's types, its colors (devoid, 702.114a) and its mana value with X
    (202.3e). "When you cast this spell" is not this: the source is on the battlefield."""

    it: ClassVar[str | None] = "spell"
    caster: Literal["you", "any", "opponent"] = "you"
    spell: "SpendOnlyToCast | None" = None
    color: str | None = None
    # "chosen": the spell has the color its source chose as it entered (614.12; Paradise Plume)
    colored: Literal["", "multicolored", "colorless", "chosen"] = ""
    subtypes_any: tuple[str, ...] = ()      # "a Spirit or Arcane spell": one of these subtypes (205.3)
    # "Whenever you cast your first spell each turn" (1; second 2, ...): the spell is the nth
    # spell its caster cast this turn (`GameState.turn_counts.spells`)
    nth: int = 0
    # "Whenever you cast a spell with {X} in its mana cost" (Elementalist's Palette; 107.3)
    x_in_cost: bool = False
    # Magecraft "Whenever you cast or copy an instant or sorcery spell": copying one would trigger
    # it too (707.10); no effect of these rules copies a spell, so casting is all that does
    or_copy: bool = False
    mana_values: tuple[int, ...] = ()       # "with mana value 4, 5, or 6": one of these (202.3; pool-misca)


@dataclass(frozen=True)
class WhenManaSpent:
    """"When you spend this mana to cast <spell>" (106.6): the condition of a `SpentTrigger`,
    met when mana with that rider pays for a spell `spell` admits (`ManaSpent`)."""

    it: ClassVar[str | None] = None    # "it" names nothing here (its effects may not say it)
    spell: SpendOnlyToCast


@dataclass(frozen=True)
class CreatureYouControlExplores:
    """"Whenever a creature you control explores"."""

    it: ClassVar[str | None] = "explorer"


@dataclass(frozen=True)
class PermanentEnters:
    """"Whenever a land you control enters" (landfall, 603.6a): a permanent entering (the source
    itself too, unless `what.other`: "Whenever another creature you control enters")."""

    it: ClassVar[str | None] = "entered"
    what: Selector


@dataclass(frozen=True)
class CreatureDies:
    """"Whenever a creature you control dies" / "Whenever another creature dies" / "... another
    Elf you control dies" (700.4, 603.6c; a leaves-the-battlefield ability: it looks back in time,
    603.10a, at the creature and at the permanents whose abilities trigger, as they were just
    before). `what` describes the creature that died (`other`: not the source itself)."""

    it: ClassVar[str | None] = None
    what: Selector


@dataclass(frozen=True)
class BeginningOfYourStep:
    """"At the beginning of your upkeep" / "your end step" / "your first main phase" / "combat
    on your turn" (`step` as in base.steps); "At the beginning of each upkeep" / "the end step"
    (`each`: every player's turn)."""

    it: ClassVar[str | None] = None
    step: str = "upkeep"
    each: bool = False


TriggerCondition = Union[EntersSelf, DiesSelf, BecomesTappedSelf, EnchantedLandTappedForMana,
                         DealtDamageSelf, CountersPutOn, BeginningOfNextTurnUpkeep, BeginningOfYourNextMainPhase,   # pool-dmgtrig
                         YouGainLife, CountersRemovedThisWay, DiesSelfPower, CastFromElsewhere,
                         LeavesSelf, YouPlayAnotherLand, PutIntoGraveyardFromBattlefield, PermanentEntersWhile,   # pool-miscb
                         CreatureDiesWithCounter, NontokenEnters,
                         LandTappedForMana, SpellCastByYou, CreatureYouControlExplores,
                         PermanentEnters, BeginningOfYourStep, WhenManaSpent, CreatureDies, CastsSpell,
                         SelfTappedForMana,   # pool-manaprod
                         CastSelf, YouSacrifice, PutIntoGraveyardSelf,
                         EntersSelfUntapped, EnchantedBecomesTapped,
                         EntersOrDiesSelf, YouDiscard, LastCounterRemovedSelf,
                         YouRollDie,   # pool-keywords (706)
                         BecomesTargetOfOpponent]   # pool-keywords (702.21)


@dataclass(frozen=True)
class TriggeredAbility:
    """When/Whenever/At [condition], [effect] (603.1)."""

    condition: TriggerCondition
    effects: tuple[Effect, ...]
    text: str
    targets: Targets | None = None
    # "When ..., if <condition>, ..." (603.4, an intervening "if" clause): checked as it
    # triggers (else it does not) and as it resolves (else it is removed and does nothing)
    intervening: "Condition | None" = None

    @property
    def is_mana_ability(self) -> bool:
        """605.1b: triggers from a mana ability and could add mana, no target."""
        return (self.targets is None
                and isinstance(self.condition, (EnchantedLandTappedForMana, LandTappedForMana))
                and any(isinstance(e, AddMana) for e in self.effects))


# Static abilities (604) — continuous effects applied in layers (613).
@dataclass(frozen=True)
class GrantAbility:
    """"Lands you control have "<ability>"." / "Enchanted land has "<ability>"." /
    "Creatures you control have "<ability>"." (layer 6); Farmstead's "Enchanted land has "At the
    beginning of your upkeep, ..."": a triggered ability (its "your": the controller of the
    permanent that has it)."""

    affected: Selector
    ability: "ActivatedAbility | TriggeredAbility"


@dataclass(frozen=True)
class GrantAbilityIf(GrantAbility):
    """"As long as this creature is modified, it has "{T}: Add {G}{G}."" (Orochi Merge-Keeper;
    layer 6, 611.3a): a `GrantAbility` that applies only while `condition` holds (read by
    `layers.STATIC_CONDITIONS`; issue 22, pool-miscb)."""

    condition: Any = None


@dataclass(frozen=True)
class GrantLinkedExiledAbilities:
    """"Creatures you control have all activated abilities of all land cards exiled with
    <self>." (layer 6, linked per 607)."""

    affected: Selector = CREATURE_YOU_CONTROL
    linked: Selector = Selector(zone="exile", types=("Land",), relation="exiled_with")


@dataclass(frozen=True)
class SetLandType:
    """Layer 4 land-type change (305.7 when it replaces): "Nonbasic lands are Mountains."
    (additional=False), "Each land is a Swamp in addition to its other land types."
    (additional=True), "Enchanted land is an Island." (additional=False); `chosen`: "Enchanted
    land is the chosen type." (the basic land type its source chose as it entered, 614.12;
    `subtype` is "" in the card text; none chosen: no effect)."""

    affected: Selector
    subtype: str
    additional: bool = False
    chosen: bool = False


@dataclass(frozen=True)
class ModifyPTStatic:
    """"Creatures you control get +1/+1 and have trample." (Mirari's Wake), "Other Elves you
    control get +1/+1." (Canopy Tactician, `affected.other`), "Other Goblins you control have
    haste.": +N/+N in layer 7c (613.4c) and keywords in layer 6 (613.1f) for the affected
    objects; with `per`, +N/+N times that count, counted as layer 7c applies (Wayfaring Giant's
    domain). With a `condition`: "This creature gets +2/+2 as long as you control a Dinosaur."
    / "... has hexproof as long as it's untapped." (611.3a: read continuously, in each layer it
    applies in, never locked in; `affected.relation` "self": the source itself)."""

    affected: Selector
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    condition: "Condition | None" = None
    per: "Quantity | None" = None        # "gets +1/+1 for each basic land type among lands you control"


@dataclass(frozen=True)
class DoesntUntap:
    """"This artifact doesn't untap during your untap step." (502.3: the untap step skips it);
    "... if it has a depletion counter on it" (`condition`, read as the untap step untaps)."""

    condition: Condition | None = None


@dataclass(frozen=True)
class Kicker:
    """"Kicker {2}{W}" / "Multikicker {1}{G}" (702.33a, 702.33c): an optional additional cost
    paid as the spell is cast (601.2b, 601.2f), once or (`multi`) any number of times; the
    `cast` action's `kicked` says how many times (docs/recorded-games.md). Read by casting."""

    cost: ManaCost
    multi: bool = False


@dataclass(frozen=True)
class KeepUnspentMana:
    """"Players don't lose unspent mana as steps and phases end." (Upwelling; 106.4)."""


@dataclass(frozen=True)
class EnchantRestriction:
    """"Enchant land" / "Enchant Forest" (303.4a, 702.5): what the Aura can enchant."""

    what: Selector = Selector(types=("Land",))


@dataclass(frozen=True)
class Keyword:
    """A keyword ability (702), present on the object: "Haste" (302.6), "Hexproof", "Shroud"
    (115, 702.11, 702.18), "Devoid" (702.114: colorless), "Deathtouch", "Lifelink" and
    "Indestructible" (702.2b, 702.15b, 702.12b: on the noncombat damage and destruction of
    `rules.damage`) are read by the rules; combat keywords (Flying, Trample, Vigilance, Reach,
    Defender, Menace, ...) have no rules in this simulator (no combat) beyond being present: INERT."""

    name: str


@dataclass(frozen=True)
class Keywords:
    """A line of several keywords, "Flying, vigilance" (702.1): each present as a `Keyword`."""

    names: tuple[str, ...]


# Keywords the rules read; every other one the grammar knows is present and inert.
READ_KEYWORDS = {"Haste": "302.6", "Hexproof": "702.11b", "Shroud": "702.18a", "Devoid": "702.114a",
                 "Deathtouch": "702.2b", "Lifelink": "702.15b", "Indestructible": "702.12b"}


READ_KEYWORDS.update({"Wither": "702.80a"})   # pool-miscb: rules/damage.deal_damage reads it


StaticAbility = Union[GrantAbility, GrantLinkedExiledAbilities, SetLandType, ModifyPTStatic,
                      IsChosenCreatureType, GrantAbilityIf,   # pool-miscb
                      KeepUnspentMana, Kicker, EnchantRestriction, Keyword, Keywords, DoesntUntap,
                      NoMaximumHandSize, AddEveryBasicLandType, AdditionalLandEachTurn, CharacteristicPT,
                      GrantStatic,   # pool-manaprod
                      UntapDuringOthersUntap, CombatRestriction,
                      CantBeCountered, SpellCostReduction,
                      CreatureTypesCDA, AdditionalSacrifice, AlternativeReturnCost, MayNotUntap,
                      CantCastSpells,
                      SetLandTypes]


# Replacement effects (614).
@dataclass(frozen=True)
class ManaMultiplier:
    """"If you tap a permanent for mana, it produces N times as much of that mana instead." (106.12b)"""

    factor: int


@dataclass(frozen=True)
class ManaBecomesType:
    """"If a land is tapped for mana, it produces {B} instead of any other type and amount." (106.12b)"""

    mana: str
    what: Literal["land"] = "land"


@dataclass(frozen=True)
class ExploreTwiceInstead:
    """"If a creature you control would explore, instead it explores, then it explores again." (614.1a)"""


@dataclass(frozen=True)
class EntersWithCounters:
    """"<self> enters with X +1/+1 counters on it." (614.1c, 107.3m) / "This land enters tapped
    with two charge counters on it." (`tapped`, 614.1d as well)."""

    counter: str = "+1/+1"
    amount: int | Literal["X"] = "X"
    tapped: bool = False


@dataclass(frozen=True)
class EntersWithCountedCounters:
    """614.1c: "This creature enters with a +1/+1 counter on it for each other creature you
    control." / "... X +1/+1 counters on it, where X is ..." / "... a number of +1/+1 counters on
    it equal to ..." (`count`; `per` counters for each) / "... if you attacked this turn."
    (`condition`, read as it would enter) / "If this creature was kicked, it enters with two
    +1/+1 counters on it." (`kicked`, 702.33d) / "... on it and with haste." (`keywords`: it
    enters with them too, 614.1c, and has them as long as it is on the battlefield)."""

    counter: str = "+1/+1"
    per: int = 1
    count: EnterCount | None = None
    condition: Condition | None = None
    kicked: bool = False
    keywords: tuple[str, ...] = ()
    also: tuple[tuple[str, int], ...] = ()   # "... two +1/+1 counters and a trample counter ...": more kinds


@dataclass(frozen=True)
class EntersTapped:
    """"This land enters tapped." (614.1d); with a `condition`: "... enters tapped unless you
    control a Plains or an Island." (`unless`) or "If you control two or more other lands, this
    land enters tapped." (not `unless`). The condition is checked as the permanent would enter,
    without it on the battlefield (614.1d, 614.12)."""

    condition: Condition | None = None
    unless: bool = True


@dataclass(frozen=True)
class EntersTappedUnlessPayLife:
    """"As <self> enters, you may pay N life. If you don't, it enters tapped." (614.12);
    `after_choices`: "As this land enters, choose a basic land type. Then you may pay 2 life. ..."
    (Multiversal Passage): asked after the "as it enters" choices of its card (pool-casting)."""

    life: int = 2
    after_choices: bool = False


@dataclass(frozen=True)
class ChooseColorAsEnters:
    """"As <self> enters, choose a color." (614.12: the choice is made as it enters; the
    `color` pending choice); "... choose a color other than green." (the Thriving lands:
    `other_than`, a color letter, is not among the options)."""

    other_than: str | None = None


@dataclass(frozen=True)
class ChooseCreatureTypeAsEnters:
    """"As <self> enters, choose a creature type." (614.12; the `creature_type` pending choice,
    205.3m: its answers are `base.creature_types.CREATURE_TYPES`)."""


ReplacementEffect = Union[EntersIfSacrifice, ManaMultiplier, BasicLandManaMultiplier, ManaBecomesType, ExploreTwiceInstead,
                          PreventDamageToSelf, EntersWithXMore,   # pool-dmgtrig
                          EachEntersWithCounters, SacrificeAsEnters,   # pool-miscb
                          EntersWithCounters, EntersWithCountedCounters, EntersTapped, EntersTappedUnlessPayLife, ChooseColorAsEnters,
                          ChooseCreatureTypeAsEnters, EntersTappedUnlessReveal,
                          ChooseLandTypeAsEnters,
                          EntersWithCounterOfChoice,
                          EntersWithRolledCounters]   # pool-keywords (706)


@dataclass(frozen=True)
class ReplacementAbility:
    """A static ability that generates a replacement effect (614)."""

    effect: ReplacementEffect
    text: str


@dataclass(frozen=True)
class StaticAbilityLine:
    """A static ability line (604) and its text."""

    effect: StaticAbility
    text: str


Ability = Union[ActivatedAbility, TriggeredAbility, StaticAbilityLine, ReplacementAbility]


# --------------------------------------------------------------------------- cards

@dataclass(frozen=True)
class CardDefinition:
    """A card (or token) as printed: name, cost, type line, P/T, parsed abilities."""

    name: str
    mana_cost: ManaCost | None
    supertypes: tuple[str, ...]        # Basic, Legendary
    types: tuple[str, ...]             # Land, Creature, Artifact, Enchantment, Sorcery
    subtypes: tuple[str, ...]
    power: int | None = None
    toughness: int | None = None
    abilities: tuple[Ability, ...] = ()
    oracle: str = ""
    colors: tuple[str, ...] = ()       # from the mana cost, or the token definition
    is_token: bool = False
    spell_effects: tuple[Effect, ...] = ()   # instants/sorceries: what resolving does (608.2)
    spell_targets: Targets | None = None
    loyalty: int | None = None         # a planeswalker's printed loyalty (306.5b; `loyalty` of a card file)
    # "Changeling" (702.73a): every creature type is among `subtypes`, after the printed ones
    # (`printed_subtypes` of them); the type line shows the printed ones and says so
    printed_subtypes: int | None = None

    def printed_stat(self, which: str) -> int | str | None:
        """Its power or toughness as printed: "*" where a line of its text defines it (604.3;
        the model keeps 0 there, layer 7a sets it on the battlefield)."""
        for a in self.abilities:
            if isinstance(a, StaticAbilityLine) and isinstance(a.effect, CharacteristicPT) and getattr(a.effect, which):
                return "*"
        value: int | None = getattr(self, which)
        return value

    @property
    def type_line(self) -> str:
        left = " ".join(self.supertypes + self.types)
        if self.printed_subtypes is not None:
            printed = " ".join(self.subtypes[:self.printed_subtypes])
            return f"{left} — {printed + ' ' if printed else ''}(changeling: every creature type)"
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left


class Cards(Protocol):
    """What the rules, views and file loader need of a card pool (`cards.CardPool` is one)."""

    def get(self, name: str) -> CardDefinition: ...

    def __contains__(self, name: object) -> bool: ...

    def names(self) -> list[str]: ...

    def token_names(self) -> list[str]: ...

    def is_token(self, name: str) -> bool: ...


# --------------------------------------------------------------------------- parse results
# What `simulator.cards.parser` reads from a card's text: defined here, beside the model, so a
# parse read back from the card cache needs neither the parser nor lark.

@dataclass(frozen=True)
class TokenSpec:
    """A token as an effect describes it: "a Map token" (name only) or
    "a 1/1 colorless Thopter artifact creature token with flying"."""

    name: str
    power: int | None = None
    toughness: int | None = None
    colors: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    described: bool = False          # False: only the name was given
    # abilities the effect gives it in words: "It has "Sacrifice this token: Add {C}."" (printed)
    abilities: tuple[str, ...] = ()
    called: str = ""                 # "named Kobolds of Kher Keep": its name, `name` its subtypes
    tapped: bool = False             # "a tapped ... token" (read into `CreateTokens.tapped`)


@dataclass(frozen=True)
class TokenReference:
    """A "create ... token" effect found on a line (checked against the pool's tokens)."""

    spec: TokenSpec
    line: str


@dataclass(frozen=True)
class ParsedText:
    """Everything read from one card's Oracle text."""

    abilities: tuple[Ability, ...] = ()
    spell_effects: tuple[Effect, ...] = ()
    spell_targets: Targets | None = None
    self_references: tuple[tuple[str, str], ...] = ()   # ("creature", line) for "this creature"
    token_references: tuple[TokenReference, ...] = ()


_compiled.close()
