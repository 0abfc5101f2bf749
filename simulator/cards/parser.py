"""Oracle text -> ability objects, through the lark grammar in ``grammar.lark``.

Each Oracle line (one ability, or one line of an instant/sorcery) is normalised
(reminder text removed, the card's own name replaced by ``~``, curly quotes
straightened), parsed by the grammar and built into the frozen objects of
:mod:`simulator.cards.model`. Any phrase the grammar does not know is a
:class:`~simulator.base.errors.CardDataError` that names the card and quotes the
phrase; nothing is ignored.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Literal

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, VisitError

from simulator.cards.model import EnterTappedCount, NotToCastSpells  # pool-manaprod
from simulator.cards.model_amounts import ActivePlayerCount, DifferentPowers, HalfSourceX
from simulator.cards.model_coin_flips import FlipCoin
from simulator.cards.model_conditions import (
    CardTypesInGraveyardAtLeast, CardsOfTypesInGraveyard, EnchantedIsBasicLandType, OtherThanEnteredAtLeast,
    SelfHadCounters, SelfHasFewerCounters, SelfTapped, SelfWasKicked, YouControlNamed)
from simulator.cards.model_continuous import (
    BecomesLandTypeLasting, CreaturesColorLandsType, GrantStatic, GroupGainsUntilEndOfTurn,
    PumpTargetIfCreature, SetLandTypes)
from simulator.cards.model_counters import (
    EntersWithXMore, GetPoison, PutCountersOnIt, PutCountersThatMany, RemoveAllCountersAndUntap,
    RemoveCountersIfYouDo)
from simulator.cards.model_damage import (
    DamageActivePlayer, DamagePlayerAndTheirs, DealDamageToEach, DealThatMuchDamage, DestroyThatLand,
    LandDealsDamage, PreventDamageToSelf)
from simulator.cards.model_delayed_triggers import (
    BeginningOfNextTurnUpkeep, BeginningOfYourNextMainPhase, CreateDelayedTrigger)
from simulator.cards.model_graveyard import (
    ExileSourceCard, ReturnDiedCardToHand, ReturnRandomCardToHand, ReturnSelfFromGraveyard)
from simulator.cards.model_library import LookAtTopCardMay, OwnerShufflesIntoLibrary, TargetPlayerPerDomain
from simulator.cards.model_life import (
    ActivePlayerGainsPerDomain, GainLifeAndDrawPower, ItsControllerLosesLife, LifeTotalBecomes,
    LifeTotalsBecomeCreatures, PayThenGainLife)
from simulator.cards.model_mana_amounts import AddManaIf, AddThatSpellsManaValue, BasicLandManaMultiplier
from simulator.cards.model_sacrifice import SacrificeUnlessTap
from simulator.cards.model_stack import CounterUnlessPaysDomain
from simulator.cards.model_token_effects import CreateTokenWithCounters
from simulator.cards.model_trigger_events import (
    CastFromElsewhere, CountersPutOn, CountersRemovedThisWay, DealtDamageSelf, DiesSelfPower,
    EnchantedBecomesTapped, EntersOrDiesSelf, LastCounterRemovedSelf, LeavesSelf, SelfTappedForMana, YouDiscard,
    YouGainLife)
from simulator.cards.model_untap import MayNotUntap, ReturnDuringNextUntap, SkipsNextUntap, TapLandsOfThatPlayer

from simulator.cards.model import (
    COLORS, ANY_TARGET, Kicker, ManaSpentAtLeast, Ability, Destroy, LoseLife, EnterCount, EntersWithCountedCounters, YouAttackedThisTurn,
    YouControlPowerAtLeast, ActivatedAbility, AddAnyColor, AddOneOfCombos, AddChosenColor, AddCommanderColor, AddFixed,
    AddMana, AddOneOf, AddPerCount, GetEnergy, AddProducedType, AddReflected, AdditionalLandPlay,
    BecomesTappedSelf, BeginningOfYourStep, ChooseColorAsEnters, Condition, Cost, CreateTokens,
    CreatureYouControlExplores, CreatureDies, CastsSpell, CastSelf, YouSacrifice, PutIntoGraveyardSelf, DealDamage, DiesSelf, DrawCards, Effect,
    EnchantedLandTappedForMana, EnchantRestriction, EntersSelf, EntersTapped, EntersTappedUnlessPayLife,
    EntersWithCounters, ExileTargets, Explore, ExploreTwiceInstead, GainLife, GrantAbility,
    GrantLinkedExiledAbilities, KeepUnspentMana, Keyword, Keywords, LookAtTop, ReturnToHand, UntapSelf, DoesntUntap, LandTappedForMana, ManaBecomesType,
    ManaCost, ManaMultiplier, ModifyPT, ModifyPTStatic, PerCounter, PermanentEnters, PutCounters,
    Recipient, ReplacementAbility, ReturnCardToHand, ReturnToBattlefield, PutCardInLibrary, SacrificeSelfUnless, Selector, SetLandType,
    SpellCastByYou, StaticAbilityLine, Targets, TriggeredAbility, TriggerCondition,
    OpponentCount, OpponentsControl, PlayerLifeAtMost, YouControl, CardsInYourZone, DuringYourTurn,
)
from simulator.cards.model import NotForGenericCosts, SpendOnlyToActivate, SpendOnlyToCast, SpendOnlyToCastChosenType
from simulator.cards.model import SpentSpellGains, SpentSpellUncounterable, SpentTrigger, WhenManaSpent
from simulator.cards.model import SpendOnlyOnCommander, SpendOnlyOnXCosts, SpendOnlyToCastMvOrX
from simulator.cards.model_spend import SourceKind, SpellKind, SpendOnlyFor
from simulator.cards.model_amounts import CardsInHand, CountWhere, DealDamageCounted, LifeCounted, QuantityAtLeast
from simulator.cards.model_amounts import OpponentsCount
from simulator.cards.model_amounts import CardsDrawnThisTurn, LifeGainedThisTurn, SameNameAtLeast, TotalPower
from simulator.cards.model_colors_among import AddColorAmong
from simulator.cards.parser_further import FurtherTransforms
from simulator.cards.parser_modal import ModalTransforms
from simulator.cards.model_fight import Fights
from simulator.cards.model_exile import ExileTargetPermanent
from simulator.cards.model import ChooseCreatureTypeAsEnters
from simulator.cards.model_choices import ChooseLandTypeAsEnters
from simulator.cards.model_library import (CardCount, CardQuality, DiscardCards, ExileGraveyard, LookAtTopCards, Mill,
                                           PlayersDraw, SearchLibrary, ShuffleYourLibrary, LookAtTopOfLibrary)
from simulator.cards.model import SkipNextUntap, BASIC_LAND_MANA
from simulator.cards.model_optional import MayDo
from simulator.cards.model_conditions import AnOpponentControlsAtLeast, EntersSelfUntapped, NotYourTurn, YouControlToughnessAtLeast
from simulator.cards.model_seek import Seek
from simulator.cards.model_statics import CreatureTypesCDA
from simulator.base.symbols import MANA_TYPES
from simulator.cards.model import EnterLifeTotal
from simulator.cards.model_castcosts import AdditionalSacrifice, AlternativeReturnCost
from simulator.cards.model import (AddCounted, AddDevotionOfChosenColor, BasicLandTypesAmong, CostX, CountersOnSource, CountersOnSourcePlus, EnterCountPlus,
                                   CountOf, Devotion, GreatestStat, Quantity, SacrificedManaValue, SourceStat)
from simulator.cards.model import Fixed
from simulator.cards.model_pump import (CombatRestriction, CombatRestrictionThisTurn, PreventDamage, Regenerate,
                                        ReturnToOwnersHand, TapTarget)
from simulator.cards.model_stack import CantBeCountered, CounterTargetSpell
from simulator.cards.model_equipment import AttachSelf
from simulator.cards.model_statics import AdditionalLandEachTurn, CharacteristicPT, UntapDuringOthersUntap, NoMaximumHandSize, SelfIsCreature, SelfHasCounters, SelfUntapped
from simulator.cards.model_triggers import CreatureDiedThisTurn, OpponentLostLifeThisTurn, YouLostPermanentThisTurn
from simulator.cards.model_casting import SpellsCastThisTurn, YouCastIt
from simulator.cards.model_casting import (CantCastSpells, FlashThisTurn, MayPayThen, NextSpellUncounterable,
                                           OnlyOneMoreSpell, TriggerSpellAllColors, TriggerSpellColors)
from simulator.cards.model_costs import CostReduction, SpellCostReduction
from simulator.cards.model_counters import (DrawCounted, IfThen, PutCountersCounted, PutItsCounters, RemoveCounters,
                                            SacrificeSelf, SelfHasNoCounters)
from simulator.cards.model_instead import AddInstead, AllConditions, YouPlayedLandThisTurn
from simulator.cards.model_counters import DoubleCounters, EntersWithCounterOfChoice, PutCountersOnEach
from simulator.base.creature_types import CREATURE_TYPES
from simulator.cards.model_lands import AnyCondition, BecomesCreature, EnteredThisTurn, EntersIfSacrifice, EntersTappedUnlessReveal, SacrificeIfNoCounters
from simulator.cards.model_lands import AddEveryBasicLandType, AddFixedOrChosenColor, BecomesBasicLandType, BecomesLandTypeOfChoice, EachLandBecomesChosenType, LandsGainEveryBasicLandType
from simulator.cards.model_lands import SacrificeUnlessPay, SacrificeUnlessReturn
from simulator.base.creature_types import creature_type
from simulator.cards.model import ParsedText, TokenReference, TokenSpec  # results: in model, so a
# cached parse (simulator.cards.cache) reads back without importing lark
from simulator.base.errors import CardDataError

__all__ = [
    "GRAMMAR_PATH", "SELF_TOKEN", "ParsedText", "TokenReference", "TokenSpec",
    "parse_card_text", "parse_mana_cost", "parse_oracle", "parse_spell", "parse_type_line",
]

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")
SELF_TOKEN = "~"

SUPERTYPES = ("Basic", "Legendary", "Snow", "World")
CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
              "Planeswalker", "Sorcery")
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
                 "nine", "ten")
_QUOTES = {"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"}


# --------------------------------------------------------------------------- results

# --------------------------------------------------------------------------- the grammar

@cache
def _parser() -> Lark:
    """The Earley parser over grammar.lark (built once)."""
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), start=["ability", "spell_line"],
                parser="earley", lexer="dynamic", ambiguity="explicit",
                g_regex_flags=re.IGNORECASE, propagate_positions=True, maybe_placeholders=True)


@cache
def _terminal_patterns() -> dict[str, tuple[str, str]]:
    """Terminal name -> (pattern kind "str"/"re", value), for readable error messages."""
    return {t.name: (t.pattern.type, t.pattern.value) for t in _parser().terminals}


_TERMINAL_WORDS = {
    "MANA_SYMBOL": "a mana symbol", "COST_SYMBOL": "a mana symbol", "INT": "a number",
    "NUMBER_WORD": "a number", "SELF_NOUN": "creature/land/enchantment/aura/artifact/vehicle/planeswalker",
    "ARTICLE": "a/an", "COUNTER": "a counter such as +1/+1", "PT": "power/toughness",
    "TOKEN_NAME": "a token name", "LAND_TYPE": "a basic land type",
    "LAND_TYPES": "basic land types", "KEYWORD": "a keyword",
}


# --------------------------------------------------------------------------- normalising

def _self_names(name: str) -> list[str]:
    """The names a card's text calls it by (201.5: its own name means that object), longest
    first: its name; an Alchemy rebalanced card's ("A-Find the Path") without the "A-" its
    text does not print; and the part of a name before its first comma ("Radha" for "Radha,
    Heir to Keld": a legendary card's text uses the short form)."""
    out = [name] if name else []
    if name.startswith("A-") and len(name) > 2:
        out.append(name[2:])
    for n in list(out):
        short = n.split(",", 1)[0].strip()
        if short != n and len(short) > 2:
            out.append(short)
    return sorted(dict.fromkeys(out), key=len, reverse=True)



# 301.5, 702.6a: the creature an Equipment is attached to, and what "Equip" may target
_EQUIPPED = Selector(types=("Creature",), relation="equipped")
_EQUIPPABLE = Selector(types=("Creature",), controller="you")

class _Line:
    """One Oracle line, normalised for the grammar, remembering where each character came from."""

    def __init__(self, printed: str, name: str) -> None:
        self.printed = printed
        self.name = name
        chars: list[str] = []
        starts: list[int] = []
        ends: list[int] = []
        flat = "".join(_QUOTES.get(c, c) for c in printed)
        names = _self_names("".join(_QUOTES.get(c, c) for c in name))
        i = 0
        while i < len(flat):
            c = flat[i]
            if c == "(":                                   # reminder text
                close = flat.find(")", i)
                if close != -1:
                    while chars and chars[-1] == " ":
                        chars.pop(), starts.pop(), ends.pop()
                    i = close + 1
                    continue
            flat_name = next((n for n in names if flat.startswith(n, i)
                              and not (i > 0 and flat[i - 1].isalnum())
                              and not (i + len(n) < len(flat) and flat[i + len(n)].isalnum())), "")
            if flat_name:
                chars.append(SELF_TOKEN)
                starts.append(i)
                ends.append(i + len(flat_name))
                i += len(flat_name)
                continue
            if c.isspace():
                if chars and chars[-1] != " ":
                    chars.append(" ")
                    starts.append(i)
                    ends.append(i + 1)
                i += 1
                continue
            chars.append(c)
            starts.append(i)
            ends.append(i + 1)
            i += 1
        while chars and chars[-1] == " ":
            chars.pop(), starts.pop(), ends.pop()
        self.text = "".join(chars)
        self._starts = starts
        self._ends = ends

    def printed_span(self, start: int, end: int) -> str:
        """The printed text behind normalised characters [start, end)."""
        if start >= end or start >= len(self._starts):
            return ""
        return self.printed[self._starts[start]:self._ends[end - 1]]

    def printed_from(self, start: int) -> str:
        """The printed text from normalised position `start` to the end of its sentence."""
        if start >= len(self._starts):
            return ""
        rest = self.printed[self._starts[start]:]
        dot = rest.find(".")
        return rest[:dot + 1] if dot != -1 else rest


# --------------------------------------------------------------------------- building

@dataclass(frozen=True)
class _WhereX:
    """"..., where X is <quantity>" of a "+X/+X" change, handed from the grammar to `pump`."""

    q: Any


class _Problem(Exception):
    """A phrase the grammar accepts but that makes no sense where it is (raised while building)."""


@dataclass
class _Part:
    """One effect clause: the effect and what it targets, if anything."""

    effect: Effect
    targets: Targets | None = None
    token: TokenSpec | None = None
    it: bool = False           # the effect's object is the word "it": bound by `_bind_it`


@dataclass
class _Context:
    """What parsing one Oracle line has found so far: how the card names itself, tokens it
    makes."""

    line: _Line
    self_nouns: list[str] = field(default_factory=list)
    tokens: list[TokenSpec] = field(default_factory=list)


def _create(token: TokenSpec, amount: int | PerCounter | Quantity) -> CreateTokens:
    """"create N ... tokens": a described token carries its description (111.4); "a tapped ...
    token" is created tapped (a status, not part of the description)."""
    spec = replace(token, tapped=False)
    return CreateTokens(spec.called or spec.name, amount, spec if spec.described else None, tapped=token.tapped)


def _count_targets(parts: Iterable[_Part]) -> Targets | None:
    found = [p.targets for p in parts if p.targets is not None]
    if len(found) > 1:
        raise _Problem("more than one set of targets in one ability is not supported")
    return found[0] if found else None


def _manaprod_checks(parts: list[_Part], part: _Part, where: str, condition: TriggerCondition | None) -> None:
    """pool-manaprod: what "that land", "they control", "you may add", ... of its kinds need (`_check_parts`)."""
    e = part.effect
    inner = e
    while isinstance(inner, (IfThen, MayDo)):
        inner = inner.effect
    if isinstance(e, GroupGainsUntilEndOfTurn) and where != "spell":
        raise _Problem('"until end of turn, ... gain "<ability>"" outside an instant or sorcery is not supported')
    if isinstance(e, MayDo) and isinstance(e.effect, AddMana) and (
            where != "triggered" or isinstance(condition, (LandTappedForMana, EnchantedLandTappedForMana))):
        # 605.1b: only a triggered ability that uses the stack; "you may" mana in a mana ability is not supported
        raise _Problem('"you may add" outside a triggered ability that uses the stack is not supported')
    if (isinstance(e, AddMana) and isinstance(e.mana, AddCounted) and isinstance(e.mana.amount, ActivePlayerCount)
            and e.to is not Recipient.ACTIVE_PLAYER):
        raise _Problem('"they control" needs "At the beginning of each player\'s ..., that player adds"')
    if isinstance(e, ReturnDuringNextUntap) and not any(isinstance(p.effect, AddMana) for p in parts):
        raise _Problem('"During your next untap step, ..." outside a mana ability is not supported')
    if isinstance(e, LandDealsDamage) and not (isinstance(condition, LandTappedForMana) and condition.whose == "any"):
        raise _Problem('"that land ... that player" needs "Whenever a player taps a land for mana"')
    if (isinstance(e, (SkipsNextUntap, LandDealsDamage)) and any(isinstance(p.effect, AddMana) for p in parts)
            and any(isinstance(p.effect, AddMana) for p in parts[parts.index(part):])):
        raise _Problem("an instruction before the mana of a triggered mana ability is not supported")
    if isinstance(inner, CreateTokens) and inner.by == "target_player":
        targets = _count_targets(parts)
        if targets is None or (targets.min, targets.max) != (1, 1) or targets.objects or not targets.players:
            raise _Problem('"target opponent creates" needs exactly one target player')
    if isinstance(e, AddMana) and isinstance(condition, SelfTappedForMana):
        raise _Problem('mana from "Whenever you tap this ... for mana" is not supported')


def _check_parts(parts: list[_Part], where: str, condition: TriggerCondition | None = None) -> None:
    """Checks that each effect makes sense in its ability (who "it", "that player", ... are)."""
    returned = False
    for part in parts:
        e = part.effect
        _manaprod_checks(parts, part, where, condition)
        if isinstance(e, ReturnToBattlefield):
            returned = True
        if isinstance(e, Explore) and e.who == "that creature" and not returned:
            raise _Problem('"that creature" does not refer to anything earlier in the ability')
        if isinstance(e, AddMana):
            if e.to is Recipient.ENCHANTED_CONTROLLER and not isinstance(condition, EnchantedLandTappedForMana):
                raise _Problem('"its controller adds" needs "Whenever enchanted land is tapped for mana"')
            if e.to is Recipient.TAPPING_PLAYER and not (isinstance(condition, LandTappedForMana)
                                                         and condition.whose == "any"):
                raise _Problem('"that player adds" needs "Whenever a player taps a land for mana"')
            if isinstance(e.mana, AddProducedType) and not isinstance(condition, LandTappedForMana):
                raise _Problem('"that land produced" needs a "taps a land for mana" trigger')
            if (isinstance(e.mana, AddCounted) and isinstance(e.mana.amount, (CostX, SacrificedManaValue))
                    and where != "activated"):
                raise _Problem('"X" here is the X of a cost, and this has none')
            if (isinstance(e.mana, AddCounted) and where == "triggered" and not e.mana.same
                    and len(e.mana.colors) > 1):
                raise _Problem('"X mana in any combination" in a triggered ability is not supported')
            if isinstance(e.mana, AddCounted) and where == "spell" and len(e.mana.colors) > 1:
                raise _Problem('"X mana of any color" of a spell is not supported')
            if isinstance(e.mana, (AddCounted, AddPerCount)) and parts.index(part) > 0 and (where != "spell" or any(
                    not (isinstance(p.effect, AddMana) and isinstance(p.effect.mana, AddFixed))
                    for p in parts[:parts.index(part)])):
                # a spell's fixed mana before it (Rite of Flame) changes nothing it counts
                # X is counted as the ability resolves; an instruction before it may change it
                raise _Problem("an instruction before the counted mana is added is not supported")
        if isinstance(e, ItsControllerLosesLife) and not isinstance(condition, EnchantedBecomesTapped):
            raise _Problem('"its controller" needs "Whenever enchanted land becomes tapped"')
        if isinstance(e, TapLandsOfThatPlayer) and not isinstance(condition, LandTappedForMana):
            raise _Problem('"that player" needs a "taps a land for mana" trigger')
        if isinstance(e, SkipsNextUntap):
            if e.who == "that_land" and not isinstance(condition, LandTappedForMana):
                raise _Problem('"that land" needs a "taps a land for mana" trigger')
            if e.who == "target" and _count_targets(parts[:parts.index(part) + 1]) is None:
                raise _Problem('"those" does not refer to targets earlier in the ability')
        if isinstance(e, ReturnDiedCardToHand) and not isinstance(condition, DiesSelf):
            raise _Problem('"return this card" needs "When ~ dies" (400.7d)')
        if (isinstance(e, DrawCounted) and e.who == "active_player"
                and not (isinstance(condition, BeginningOfYourStep) and condition.each)):
            raise _Problem('"that player draws" needs "At the beginning of each player\'s ..."')
        if isinstance(e, DealDamage) and e.to == "that_player" and not isinstance(condition, LandTappedForMana):
            raise _Problem('"that player" needs a "taps a land for mana" trigger')
        if isinstance(e, DealDamage) and e.to == "that_player" and any(isinstance(p.effect, AddMana) for p in parts):
            raise _Problem('damage to "that player" in a mana ability is not supported')
        if (isinstance(e, CreateDelayedTrigger) and e.remember == "target_mana_value"
                and not any(isinstance(q.effect, CounterTargetSpell) for q in parts)):
            raise _Problem('"that spell" needs "Counter target spell." before it')
        if (isinstance(e, DealDamageCounted) and isinstance(e.per, CostX)
                and not (where == "activated" or isinstance(condition, EntersSelf))):   # activated: X in its cost
            # 107.3m: "When Morlun enters, he deals X damage ...": the X of the spell it was
            raise _Problem('"deals X damage" with no "where X is" is supported in an enters trigger only')
        if isinstance(e, (ActivePlayerGainsPerDomain, DamageActivePlayer)) and not (
                isinstance(condition, BeginningOfYourStep) and condition.each and condition.step == "upkeep"):
            raise _Problem('"that player" here needs "At the beginning of each player\'s upkeep"')
        if isinstance(getattr(e, "per", None), HalfSourceX) and not isinstance(condition, CastSelf):
            raise _Problem('"half X" needs "When you cast this spell" (the X of the spell)')
        if isinstance(e, DestroyThatLand) and not isinstance(condition, LandTappedForMana):
            raise _Problem('"that land" needs a "taps a land for mana" trigger')
        if isinstance(e, PutCountersThatMany) and not isinstance(condition, (DealtDamageSelf, YouGainLife)):
            raise _Problem('"that many" needs a "Whenever this creature is dealt damage" or "Whenever you gain life" trigger')
        if _pumps_x(e) and where != "activated":
            raise _Problem('"+X" here: X is the X of a cost, and this has none')
        if _names_trigger_spell(e) and where != "triggered":
            raise _Problem('"that spell" needs a "Whenever you cast ..." trigger')
        if _creates_x(e) and not (where == "activated" or isinstance(condition, (EntersSelf, EntersSelfUntapped))):
            # 107.3m: an enters-the-battlefield ability uses the X of the spell the permanent was
            if where == "spell":
                raise _Problem('"create X" in an instant or sorcery (the X of its mana cost) is not supported')
            raise _Problem('"create X" here: X is the X of a cost, and this has none')
        if where == "spell" and _refers_to_self(e):
            raise _Problem("an instant or sorcery cannot refer to itself as a permanent")
        if isinstance(e, DiscardCards) and e.who == "target" and part.targets is None:
            # "That player discards a card.": the one target player of an earlier instruction
            targets = _count_targets(parts)
            if targets is None or not targets.players or targets.objects or targets.max != 1:
                raise _Problem('"that player" needs exactly one target player earlier in the ability')
        if isinstance(e, PumpTargetIfCreature):
            targets = _count_targets(parts)
            if targets is None or targets.players or targets.max != 1 or targets.what.zone != "battlefield":
                raise _Problem('"if it\'s a creature, it ..." needs exactly one target permanent before it')
        if isinstance(e, ExileSourceCard) and not isinstance(condition, DiesSelf):
            raise _Problem('"Exile this card." here: only after "When this creature dies" (the card in the graveyard)')
        inner = e
        while isinstance(inner, (IfThen, MayDo)):
            inner = inner.effect
        if ((isinstance(inner, CreateTokens) and inner.by == "target_controller")
                or (isinstance(e, MayDo) and e.who == "target_controller")):
            targets = _count_targets(parts)
            if (targets is None or (targets.min, targets.max) != (1, 1) or targets.what.zone != "battlefield"
                    or targets.players or not targets.objects):
                raise _Problem('"its controller" needs exactly one target permanent')


def _creates_x(e: Any) -> bool:
    """"create X ... tokens" with X the X of a cost, also inside "if ..." / "you may ..."."""
    if isinstance(e, (IfThen, MayDo)):
        return _creates_x(e.effect)
    return isinstance(e, CreateTokens) and isinstance(e.amount, CostX)


def _reads_source_stat(e: Any) -> bool:
    """The effect counts its source's power or toughness ("where X is this creature's power")."""
    if isinstance(e, (IfThen, MayDo)):
        return _reads_source_stat(e.effect)
    amounts = (getattr(e, "per", None), getattr(e, "amount", None), getattr(getattr(e, "mana", None), "amount", None))
    return any(isinstance(a, SourceStat) for a in amounts)


def _pumps_x(e: Any) -> bool:
    """"gets +X/+0 until end of turn" with X the X of the cost (107.3), also inside "if ..."."""
    if isinstance(e, (IfThen, MayDo)):
        return _pumps_x(e.effect)
    return isinstance(e, ModifyPT) and isinstance(e.per, CostX)


def _names_trigger_spell(e: Any) -> bool:
    """The effect reads the spell a cast trigger names ("the number of colors that spell is", "If
    that spell was all colors, ...")."""
    if isinstance(e, IfThen) and isinstance(e.condition, TriggerSpellAllColors):
        return True
    if isinstance(e, (IfThen, MayDo)):
        return _names_trigger_spell(e.effect)
    return isinstance(getattr(e, "per", None), TriggerSpellColors)


def _reads_cost_x(e: Any) -> bool:
    """"deals X damage to any target" / "Put X +1/+1 counters on target creature" with X the X of
    the ability's cost (107.3), also inside "if ..." / "you may ..."."""
    if isinstance(e, (IfThen, MayDo)):
        return _reads_cost_x(e.effect)
    return isinstance(e, (DealDamageCounted, PutCountersCounted)) and isinstance(e.per, CostX)


def _refers_to_self(e: Any) -> bool:
    """The effect acts on or reads its source as a permanent (an instant or sorcery cannot)."""
    if isinstance(e, IfThen):
        return _refers_to_self(e.effect) or isinstance(e.condition, (SelfHasCounters, SelfHasNoCounters, SelfUntapped))
    return ((isinstance(e, Explore) and e.who == "self")
            or (isinstance(e, (PutCounters, RemoveCounters, PutCountersCounted)) and e.on == "self")
            or isinstance(e, (PutItsCounters, Fights))
            or isinstance(getattr(e, "per", None), (CountersOnSource, SourceStat))
            or (isinstance(e, ModifyPT) and e.who == "self")
            or (isinstance(e, (ReturnToOwnersHand, Regenerate)) and e.who == "self")
            or (isinstance(e, PreventDamage) and e.to == "self")
            or (isinstance(e, BecomesCreature) and e.who == "self")
            or isinstance(e, (SacrificeSelfUnless, UntapSelf, SacrificeUnlessReturn, SkipNextUntap,
                              SacrificeUnlessPay, SacrificeSelf, SacrificeIfNoCounters))
            or (isinstance(e, CreateTokens) and isinstance(e.amount, (PerCounter, CountersOnSource, SourceStat))))


# The objects "it" may name, by effect: what the effect can act on (rules/effects.py).
_IT_OBJECTS: dict[type, tuple[str, ...]] = {Explore: ("self", "entered", "explorer"), DealDamage: ("self",),
                                            PutCountersOnIt: ("entered",)}
_IT_WORDS = {"land": "the land tapped for mana", "spell": "the spell cast", "entered": "the permanent that entered",
             "explorer": "the creature that explored"}


def _bind_it(parts: list[_Part], condition: TriggerCondition | None) -> list[_Part]:
    """603.2: "it" in a triggered ability is what its trigger event names ("Whenever a creature
    you control enters, it explores": the creature; "When ~ enters, it explores": the source);
    in an activated ability or a spell, the object with the text. An object the effect cannot
    act on is refused, never silently read as the source."""
    bound: list[_Part] = []
    for part in parts:
        if not part.it:
            bound.append(part)
            continue
        names = condition.it if condition is not None else "self"
        if names is None and isinstance(condition, LeavesSelf) and isinstance(part.effect, (DealDamage, DealDamageToEach)):
            # "When this Aura leaves the battlefield, it deals 1 damage to each Goblin creature."
            # (Goblin Shrine): the source deals the damage as it last existed (603.10a, 608.2h)
            names = "self"
        if names is None:
            raise _Problem('"it" does not refer to anything in the trigger condition')
        if names not in _IT_OBJECTS.get(type(part.effect), ("self",)):
            raise _Problem(f'"it" here is {_IT_WORDS.get(names, names)}, and that effect of it is not supported')
        effect = (replace(part.effect, who=names)   # type: ignore[arg-type]  # checked: _IT_OBJECTS
                  if isinstance(part.effect, (Explore, PutCountersOnIt)) else part.effect)
        bound.append(replace(part, effect=effect, it=False))
    return bound


@dataclass(frozen=True)
class _Several:
    """One printed line that is several abilities (each with its own part of the line)."""

    abilities: tuple[tuple[Ability, str], ...]


@dataclass(frozen=True)
class _RestrictionPart:
    """A "Spend this mana only ..." sentence (106.6): not an effect of its own, the restriction
    of the mana the effect before it adds."""

    restriction: (SpendOnlyToCast | SpendOnlyToActivate | NotForGenericCosts | SpendOnlyToCastChosenType | SpendOnlyFor
                  | SpendOnlyOnXCosts | SpendOnlyToCastMvOrX | SpendOnlyOnCommander
                  | NotToCastSpells)


@dataclass(frozen=True)
class _RiderPart:
    """An "If that mana is spent on ..." / "When you spend this mana to cast ..." sentence
    (106.6): the rider of the mana the effect before it adds."""

    rider: SpentSpellGains | SpentTrigger | SpentSpellUncounterable


@dataclass(frozen=True)
class _InsteadPart:
    """An "If <condition>, add <mana> instead." sentence: the mana the "Add ..." before it makes
    instead while the condition holds (cards/model_instead.py)."""

    condition: Condition
    mana: Any


# the mana kinds "... add <mana> instead" may choose between (simple ones: no X, no count)
_INSTEAD_KINDS = (AddFixed, AddAnyColor, AddOneOf)


@dataclass(frozen=True)
class _ReductionPart:
    """A "This ability costs {1} less to activate for each ..." sentence (601.2f): not an
    effect, a property of the activated ability it ends."""

    reduction: CostReduction


def _reduction_amount(symbol: Token) -> int:
    text = str(symbol)[1:-1]
    if not text.isdigit():
        raise _Problem("a cost reduction of colored or {X} mana is not supported")
    return int(text)


def _flatten(sentences: Iterable[list[Any]]) -> list[_Part]:
    """The effects of an ability's sentences, in order; a "Spend this mana only ..." sentence
    (106.6) becomes the restriction of the mana added just before it, an "If that mana is
    spent ..." one its rider. One of them per mana: a rider and a restriction together are
    refused (the pool keeps one of them per unit)."""
    out: list[_Part] = []
    for part in (p for s in sentences for p in s):
        if isinstance(part, _ReductionPart):
            raise _Problem('"This ability costs ... less" must end an activated ability')
        if isinstance(part, _InsteadPart):
            before = out[-1].effect if out else None
            if not isinstance(before, AddMana) or before.to is not Recipient.CONTROLLER:
                raise _Problem('"add ... instead" must follow the "Add ..." it replaces')
            if before.restriction is not None or before.rider is not None:
                raise _Problem('"add ... instead" after a restriction or rider of that mana is not supported')
            if not isinstance(before.mana, _INSTEAD_KINDS) or not isinstance(part.mana, _INSTEAD_KINDS):
                raise _Problem('"add ... instead" of a counted or chosen kind of mana is not supported')
            out[-1] = replace(out[-1], effect=replace(before, mana=AddInstead(before.mana, part.mana, part.condition)))
            continue
        if isinstance(part, (_RestrictionPart, _RiderPart)):
            before = out[-1].effect if out else None
            text = part.restriction.text if isinstance(part, _RestrictionPart) else part.rider.text
            if (isinstance(part, _RestrictionPart) and isinstance(before, MayDo) and isinstance(before.effect, AddMana)
                    and before.effect.restriction is None):
                # "you may add {C}{C}. You can't spend this mana to cast spells." (Thran Turbine)
                inner = replace(before.effect, restriction=part.restriction)
                out[-1] = replace(out[-1], effect=replace(before, effect=inner))
                continue
            if not isinstance(before, AddMana):
                raise _Problem(f'"{text}" must follow the effect that adds that mana')
            if before.restriction is not None or before.rider is not None:
                raise _Problem(f'"{text}": a second restriction or rider on the same mana is not supported')
            if isinstance(part, _RestrictionPart):
                out[-1] = replace(out[-1], effect=replace(before, restriction=part.restriction))
            else:
                if isinstance(part.rider, SpentTrigger) and not _one_mana(before.mana):
                    raise _Problem(f'"{text}" on more than one mana is not supported')
                out[-1] = replace(out[-1], effect=replace(before, rider=part.rider))
            continue
        out.append(part)
    return out


def _one_mana(mana: Any) -> bool:
    """The effect adds exactly one mana ("When you spend this mana" then names one)."""
    if isinstance(mana, AddFixed):
        return len(mana.mana) == 1
    return isinstance(mana, (AddOneOf, AddAnyColor, AddProducedType, AddChosenColor, AddCommanderColor)) and \
        getattr(mana, "amount", 1) == 1


def _spell_filter(text: str, spell: dict[str, Any]) -> SpendOnlyToCast:
    """The spells a `spend_spell` phrase names (106.6), as the one kind that reads them."""
    return SpendOnlyToCast(text, spell.get("types", ()), spell.get("subtypes", ()), spell.get("non", ()),
                           supertypes=spell.get("supertypes", ()), min_mana_value=spell.get("min_mana_value"),
                           kicked=spell.get("kicked", ""), not_owned=bool(spell.get("not_owned")))


def _word(tok: Token | str) -> str:
    return str(tok).lower()


@dataclass(frozen=True)
class _SpendUses:
    """What "Spend this mana only ..." allows, as read so far: spell phrases (dicts of
    `spend_kinds`), kinds of spells and sources of abilities (106.6; model_spend.py)."""

    phrases: tuple[dict[str, Any], ...] = ()
    spells: tuple[SpellKind, ...] = ()
    sources: tuple[SourceKind, ...] = ()


_OLD_CARD_KINDS = ("creature", "artifact", "enchantment", "land", "instant", "sorcery")


def _old_spell_shape(phrase: dict[str, Any]) -> dict[str, Any] | None:
    """The reading `spend_spell` gives a phrase it covers ("a Bear creature spell", "an instant
    or sorcery spell", "noncreature spells"), so that such a restriction stays the
    `SpendOnlyToCast` it always was; None: a phrase only `SpendOnlyFor` reads."""
    items = phrase["items"]
    if phrase["colored"] or phrase["legendary"] or not items or len(items) > 2 or phrase["article"] == phrase["plural"]:
        return None
    if set(items[0]["joins"]) - {"or", "and"}:
        return None
    if items[0].get("non"):
        return {"non": (items[0]["non"],)} if len(items) == 1 else None
    first, *rest = items
    if first["kind"] not in _OLD_CARD_KINDS or len(first["words"]) > 1:
        return None
    if any(i.get("non") or i["words"] or i["kind"] not in _OLD_CARD_KINDS for i in rest):
        return None
    return {"types": tuple(i["kind"].capitalize() for i in items), "subtypes": tuple(first["words"])}


def _spell_kinds(phrase: dict[str, Any]) -> tuple[SpellKind, ...]:
    """The kinds of spell a phrase of `spend_kinds` names, one per item ("a Lesson or Shrine
    spell": a Lesson, or a Shrine), each with the phrase's colors and supertype."""
    colored = _colored_word(phrase["colored"] or None)
    supertypes = ("Legendary",) if phrase["legendary"] else ()
    if not phrase["items"]:
        return (SpellKind(supertypes=supertypes, colored=colored),)
    return tuple(SpellKind((_card_kind(i["kind"]),) if i["kind"] else (), _subtype_words(i["words"]),
                           (i["non"],) if i.get("non") else (), supertypes, colored) for i in phrase["items"])


def _damage_amount(q: Any) -> Any:
    """What damage "equal to ..." counts: not the source's own power or toughness (608.2h would
    need its last known value, which is not kept)."""
    if isinstance(q, SourceStat):
        raise _Problem(f"damage equal to the source's {q.stat} is not supported")
    return q


def _colored_word(word: Token | str | None) -> Literal["", "multicolored", "colorless"]:
    w = _word(word) if word else ""
    return "multicolored" if w == "multicolored" else "colorless" if w == "colorless" else ""


def _card_kind(word: str) -> str:
    """"artifacts" -> "Artifact", "sorceries" -> "Sorcery" (a card type, 205.2a)."""
    w = "sorcery" if word == "sorceries" else word[:-1] if word.endswith("s") else word
    return w.capitalize()


def _subtype_words(words: tuple[str, ...]) -> tuple[str, ...]:
    """"Time Lord" (one creature type of two words), "Dragon", "Elementals", "Myr" (205.3): the
    known subtypes the words name; one the rules do not know refuses the phrase."""
    if not words:
        return ()
    joined = " ".join(words)
    if len(words) > 1 and creature_type(joined) is not None:
        return (joined,)
    out = []
    for w in words:
        try:
            out.append(_subtype(w, plural=False))
        except _Problem:
            out.append(_subtype(w, plural=True))
    return tuple(out)


@v_args(inline=True)
class _Build(FurtherTransforms, ModalTransforms):
    """Tree -> model objects. Ability `text` is filled in by the caller (except quoted abilities)."""

    def __init__(self, ctx: _Context) -> None:
        super().__init__(visit_tokens=False)
        self.ctx = ctx

    # ---- lines
    def ability(self, ability: Ability) -> Ability:
        return ability

    def cycling(self, *symbols: Token) -> ActivatedAbility:
        """702.29a: "Cycling [cost]" means "[Cost], Discard this card: Draw a card.", an
        activated ability that functions only while the card is in its owner's hand."""
        cost = Cost(mana=parse_mana_cost("".join(symbols)), discard_self=True)
        return ActivatedAbility(cost=cost, effects=(DrawCards(1),), text="", zone="hand", cycling=True)

    def equip(self, *symbols: Token) -> ActivatedAbility:
        """702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target creature you
        control. Activate only as a sorcery." (cards/model_equipment.py)."""
        return ActivatedAbility(cost=Cost(mana=parse_mana_cost("".join(symbols))), effects=(AttachSelf(),),
                                text="", targets=Targets(_EQUIPPABLE), sorcery_speed=True)

    def typecycling(self, kind: Token, *symbols: Token) -> ActivatedAbility:
        """702.29e: "[Type]cycling [cost]" means "[Cost], Discard this card: Search your library
        for a [type] card, reveal it, put it into your hand, then shuffle." ("Forestcycling {2}";
        "Basic landcycling {1}": a basic land card). It is cycling (702.29f), from the hand."""
        word = _word(kind)[:-len("cycling")].strip()
        quality = (CardQuality(types=("Land",), supertypes=("Basic",)) if word == "basic land"
                   else CardQuality(subtypes_any=(word.capitalize(),)))
        cost = Cost(mana=parse_mana_cost("".join(symbols)), discard_self=True)
        return ActivatedAbility(cost=cost, effects=(SearchLibrary((quality,), to="hand", reveal=True),),
                                text="", zone="hand", cycling=True)

    def casting_reinforce(self, n: int, *symbols: Token) -> ActivatedAbility:
        """702.77a: "Reinforce N—[cost]" means "[Cost], Discard this card: Put N +1/+1 counters on
        target creature.", an activated ability that functions only from its owner's hand."""
        cost = Cost(mana=parse_mana_cost("".join(symbols)), discard_self=True)
        return ActivatedAbility(cost=cost, effects=(PutCounters("+1/+1", n, "target"),), text="",
                                targets=Targets(Selector(types=("Creature",))), zone="hand")

    def casting_reinforce_x(self, *symbols: Token) -> ActivatedAbility:
        """702.77a: "Reinforce X—{X}{G}{G}": X +1/+1 counters, X announced for the cost (107.3)."""
        cost = Cost(mana=parse_mana_cost("".join(symbols)), discard_self=True)
        if cost.mana is None or not cost.mana.x:
            raise _Problem('"Reinforce X" needs an X in its cost')
        return ActivatedAbility(cost=cost, effects=(PutCountersCounted("+1/+1", CostX(), "target"),), text="",
                                targets=Targets(Selector(types=("Creature",))), zone="hand")

    def casting_transmute(self, *symbols: Token) -> ActivatedAbility:
        """702.53a: "Transmute [cost]" means "[Cost], Discard this card: Search your library for a
        card with the same mana value as the discarded card, reveal that card, and put it into
        your hand. Then shuffle your library. Activate only as a sorcery." (from the hand)."""
        cost = Cost(mana=parse_mana_cost("".join(symbols)), discard_self=True)
        return ActivatedAbility(cost=cost, effects=(SearchLibrary((CardQuality(same_mana_value=True),), to="hand",
                                                                  reveal=True),),
                                text="", sorcery_speed=True, zone="hand")

    @v_args(meta=True, inline=True)
    def casting_whenever_cast_or_copy(self, meta: Any, spell: dict[str, Any]) -> TriggerCondition:
        """Magecraft: "Whenever you cast or copy an instant or sorcery spell" (601.2, 707.10): as
        "Whenever you cast ..." (no effect here copies a spell, 707.10: the copy would trigger it
        too, `CastsSpell.or_copy`)."""
        if spell.get("nth"):
            raise _Problem('"cast or copy your first spell" is not supported')
        cond = self.whenever_casts(meta, "you", Token("CASTS", "cast"), spell)
        if isinstance(cond, SpellCastByYou):
            text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos)
            cond = CastsSpell("you", SpendOnlyToCast(text, (cond.card_type,)))
        assert isinstance(cond, CastsSpell), cond
        return replace(cond, or_copy=True)

    def crew(self, n: int) -> ActivatedAbility:
        """702.122a: "Crew N" means "Tap any number of other untapped creatures you control with
        total power N or greater: This Vehicle becomes an artifact creature until end of turn."
        (its printed power and toughness, 301.7c; locked in on it, 611.2c; ended in cleanup, 514.2)."""
        if n < 1:
            raise _Problem("Crew needs a total power of at least 1")
        return ActivatedAbility(cost=Cost(crew=n), effects=(BecomesCreature(None, None, types=("Artifact", "Creature")),),
                                text="")

    def worded_activated(self, _word_: None, ability: Ability) -> Ability:
        """207.2c: an ability word ("Metalcraft —") has no rules meaning."""
        return ability

    def spell_line(self, *sentences: list[_Part]) -> list[_Part]:
        if len(sentences) == 1 and len(sentences[0]) == 1 and isinstance(sentences[0][0], _InsteadPart):
            return sentences[0]      # "Add ... instead if ..." on a line of its own: joined by parse_card_text
        parts = _bind_it(_flatten(sentences), None)
        _check_parts(parts, "spell")
        return parts

    def worded_spell_mana_if(self, _word_: None, cond: Condition, *symbols: Token) -> list[_Part]:
        """"Spell mastery — If there are two or more instant and/or sorcery cards in your graveyard, add
        {B}{B}{B}." (Dark Petition): the mana only if the condition holds as the spell gets there (608.2c)."""
        letters = [str(s)[1] for s in symbols]
        mana = tuple((c, letters.count(c)) for c in MANA_TYPES if c in letters)
        parts = [_Part(AddManaIf(cond, mana))]
        _check_parts(parts, "spell")
        return parts

    def graveyard_types_at_least(self, n: int, one: Token, other: Token) -> Condition:
        """"there are two or more instant and/or sorcery cards in your graveyard" (205.2a)."""
        types = tuple(dict.fromkeys(_word(k).capitalize() for k in (one, other)))
        if len(types) != 2:
            raise _Problem("two different card types are needed")
        return CardsOfTypesInGraveyard(n, types)

    def worded_spell_line(self, _word_: None, *sentences: list[_Part]) -> list[_Part]:
        """"Domain — Target creature gets ...": an ability word has no rules meaning (207.2c)."""
        return self.spell_line(*sentences)

    # ---- references and numbers
    def self_name(self) -> str:
        return "self"

    def self_this(self, noun: Token) -> str:
        self.ctx.self_nouns.append(_word(noun))
        return "self"

    def number_digits(self, tok: Token) -> int:
        return int(tok)

    def number_word(self, tok: Token) -> int:
        return _NUMBER_WORDS.index(_word(tok))

    def amount(self, n: int) -> int:
        return n

    def amount_x(self) -> Literal["X"]:
        return "X"

    def count_one(self, _article: Token) -> int:
        return 1

    def count(self, n: int) -> int:
        return n

    # ---- activated
    def cost_mana(self, *symbols: Token) -> tuple[str, Any]:
        return ("mana", parse_mana_cost("".join(symbols)))

    def cost_tap(self) -> tuple[str, Any]:
        return ("tap", True)

    def cost_untap(self) -> tuple[str, Any]:
        return ("untap", True)

    def cost_life(self, n: int) -> tuple[str, Any]:
        return ("life", n)

    def cost_energy(self, *symbols: Token) -> tuple[str, Any]:
        """"Pay {E}{E}" (107.14): one energy counter per symbol."""
        return ("energy", len(symbols))

    def cost_sacrifice_self(self, _self: str) -> tuple[str, Any]:
        return ("sacrifice_self", True)

    def cost_sacrifice(self, _article: Token, what: Token) -> tuple[str, Any]:
        return ("sacrifice", _permanent_you_control(what))

    def cost_remove_counters(self, n: int | str, kind: Token, _word_: Token, _self: str) -> tuple[str, Any]:
        return ("remove_counters", (_counter(kind, n), n))

    def cost_remove_and_sacrifice(self, n: int | str, kind: Token, _word_: Token, _self: str) -> list[tuple[str, Any]]:
        """"Remove two pressure counters from this land and sacrifice it": both parts (602.2h)."""
        return [self.cost_remove_counters(n, kind, _word_, _self), ("sacrifice_self", True)]

    def cost_sacrifice_self_and(self, _self: str, _article: Token, what: Token) -> list[tuple[str, Any]]:
        """"Sacrifice this land and a creature you control" (701.21a): the source, and another
        permanent of the kind, chosen (the `sacrifice` key; never the source itself)."""
        return [("sacrifice_self", True), ("sacrifice", replace(_permanent_you_control(what), other=True))]

    def cost_put_counters(self, n: int | str, kind: Token, _word_: Token, _self: str) -> tuple[str, Any]:
        if not isinstance(n, int):
            raise _Problem("putting X counters as a cost is not supported")
        return ("put_counters", (_counter(kind, n), n))

    def cost_exile_from_hand(self) -> tuple[str, Any]:
        """"Exile this card from your hand": the ability functions only from its owner's hand
        (113.6b, 602.1; Simian Spirit Guide)."""
        return ("exile_self_from_hand", True)

    def cost_exile_self_from_hand(self, _self: str) -> tuple[str, Any]:
        """"Exile this creature from your hand" (Elvish Spirit Guide): as "Exile this card from your hand"."""
        return self.cost_exile_from_hand()

    def cost_discard_self(self) -> tuple[str, Any]:
        """"Discard this card" (Channel's cost, 207.2c): the ability functions only from its
        owner's hand (113.6b, 602.1), as cycling's (702.29a)."""
        return ("discard_self", True)

    def casting_cost_exert(self, _self: str) -> tuple[str, Any]:
        """"Exert this creature" / "Exert this land" as a cost (701.43a): it won't untap during its
        controller's next untap step; it may be exerted again (701.43b)."""
        return ("exert", True)

    def cost_remove_counters_any_kind(self, n: int | str, _word_: Token, _self: str) -> tuple[str, Any]:
        """"Remove a counter from this creature" / "Remove two counters from this creature" (122.1,
        602.2h): counters of any kinds (the kind "" in the cost), chosen as it is paid (the
        `counters` key of the `activate` action)."""
        if n == "X" or not isinstance(n, int) or n < 1:
            raise _Problem("removing X counters of any kinds is not supported")
        if (n > 1) != _word(_word_).endswith("s"):
            raise _Problem('"counter"/"counters" does not agree with the number removed')
        return ("remove_counters", ("", n))

    def cost_discard_hand(self) -> tuple[str, Any]:
        """"Discard your hand" as a cost (Lion's Eye Diamond): every card in its controller's hand,
        none if it is empty (701.9a)."""
        return ("discard_hand", True)

    @v_args(meta=True, inline=True)
    def activated_instant(self, meta: Any, cost: Cost, *rest: Any) -> ActivatedAbility:
        """"Activate only as an instant." (602.5e): only when its controller could cast an instant,
        so with priority, never while a spell or ability is being cast or paid for (a mana ability
        too: not in `pay_with`, 605.3a)."""
        return replace(self.activated(meta, cost, *rest), instant_speed=True)

    def cost_discard(self) -> tuple[str, Any]:
        """"Discard a card" as a cost (Skirge Familiar): one card of its controller's choice (701.9a)."""
        return ("discard", 1)

    def cost_sacrifice_subtype(self, _article: Token, name: Token) -> tuple[str, Any]:
        """"Sacrifice a Forest" / "Sacrifice a Desert" / "Sacrifice a Food": one of that subtype you control."""
        return ("sacrifice", Selector(subtypes=(_subtype(str(name), plural=False),), controller="you"))

    def zones_move_counter_from_self(self, counter: Token, _word_: Token, _self: str,
                                     target: tuple[str, Targets]) -> _Part:
        """"Move a +1/+1 counter from this artifact onto target creature." (122.5)."""
        from simulator.cards.model_counter_moves import MoveCounterFromSelf
        return _Part(MoveCounterFromSelf(_counter(counter, 1)), targets=target[1])

    def zones_whenever_creature_with_counter_dies(self, counter: Token) -> TriggerCondition:
        """"Whenever a creature you control with a +1/+1 counter on it dies" (Explorer's Cache):
        the creature's counters as it last existed (603.10a; `CreatureDiesWithCounter`)."""
        from simulator.cards.model_trigger_events import CreatureDiesWithCounter
        return CreatureDiesWithCounter(Selector(types=("Creature",), controller="you"), _counter(counter, 1))

    def zones_cost_return_self_to_hand(self, _self: str) -> tuple[str, Any]:
        """"Return this creature to its owner's hand" as a cost (Grinning Ignus; 602.2h): the
        source, from the battlefield to its owner's hand."""
        return ("return_self_to_hand", True)

    def cost_mill(self) -> tuple[str, Any]:
        """"Mill a card" as a cost (Millikin): the top card of the library to the graveyard (701.17a)."""
        return ("mill", 1)

    def cost_tap_untapped(self, *kinds: Selector | None) -> tuple[str, Any]:
        """"Tap an untapped creature you control" (Springleaf Drum), "... artifact or creature ..."."""
        return ("tap_untapped", (1, tuple(k for k in kinds if k is not None)))

    def cost_tap_another_untapped(self, kind: Selector) -> tuple[str, Any]:
        """"Tap another untapped artifact you control" (Network Terminal): not the source (109.2)."""
        return ("tap_untapped", (1, (replace(kind, other=True),)))

    def cost_tap_untapped_n(self, n: int, kind: Selector) -> tuple[str, Any]:
        """"Tap three untapped Elves you control" (Heritage Druid)."""
        if n < 2:
            raise _Problem("tapping fewer than two permanents is written \"Tap an untapped ...\"")
        return ("tap_untapped", (n, (kind,)))

    def tap_kinds_typed(self, supertype: Token | None, plural: Token) -> Selector:
        sel = _permanent_you_control(_word(plural)[:-1])
        return replace(sel, supertypes=(_word(supertype).capitalize(),)) if supertype is not None else sel

    def tap_kinds_subtype(self, name: Token) -> Selector:
        return Selector(subtypes=(_subtype(str(name), plural=True),), controller="you")

    def tap_kind_typed(self, supertype: Token | None, kind: Token) -> Selector:
        sel = _permanent_you_control(kind)
        return replace(sel, supertypes=(_word(supertype).capitalize(),)) if supertype is not None else sel

    def tap_kind_subtype(self, name: Token) -> Selector:
        return Selector(subtypes=(_subtype(str(name), plural=False),), controller="you")

    def cost_remove_any_counters(self, kind: Token, _word_: Token, _self: str) -> tuple[str, Any]:
        """"Remove any number of storage counters from this land": X counters, X announced (107.3)."""
        return ("remove_counters", (_counter(kind, 2), "X"))

    def cost(self, *parts: tuple[str, Any] | list[tuple[str, Any]]) -> Cost:
        seen: dict[str, Any] = {}
        flat = [q for p in parts for q in (p if isinstance(p, list) else [p])]
        for key, value in flat:
            if key in seen:
                raise _Problem(f"the cost has more than one {key.replace('_', ' ')} part")
            seen[key] = value
        if seen.get("discard_self") or seen.get("exile_self_from_hand"):
            on_battlefield = [k for k in ("tap", "untap", "sacrifice_self", "exile_self", "remove_counters", "put_counters", "exert")
                              if seen.get(k)]
            if on_battlefield:
                raise _Problem(f"a cost paid from the hand cannot also {on_battlefield[0].replace('_', ' ')} "
                               "a permanent (113.6b)")
        if seen.get("exile_self") and seen.get("sacrifice_self"):
            raise _Problem("a cost cannot both sacrifice and exile its source")
        if seen.get("return_self_to_hand") and [k for k in ("sacrifice_self", "exile_self", "discard_self",
                                                              "exile_self_from_hand", "exile_self_from_graveyard") if seen.get(k)]:
            raise _Problem("a cost that returns its source to the hand cannot also move it elsewhere")
        return Cost(**seen)

    def sorcery_speed(self) -> bool:
        return True

    @v_args(meta=True, inline=True)
    def activated(self, meta: Any, cost: Cost, *rest: Any) -> ActivatedAbility:
        sorcery = bool(rest) and rest[-1] is True
        sentences = list(rest[:-1] if sorcery else rest)
        reduction = None
        if sentences and isinstance(sentences[-1], list) and sentences[-1] and isinstance(sentences[-1][0], _ReductionPart):
            reduction = sentences.pop()[0].reduction      # the ability's last sentence (601.2f)
        parts = _bind_it(_flatten(sentences), None)
        _check_parts(parts, "activated")
        added = [p.effect.mana for p in parts if isinstance(p.effect, AddMana)]
        if added and cost.remove_counters is not None and not cost.remove_counters[0]:
            # the kinds are named by the `activate` action's `counters`, which `pay_with` has not
            raise _Problem("a mana ability removing counters of any kinds is not supported")
        counted = any(isinstance(e, AddPerCount) or (isinstance(e, AddCounted)
                                                      and not isinstance(e.amount, (CostX, SacrificedManaValue)))
                      for e in added)
        if (any(_creates_x(p.effect) for p in parts)
                and not (cost.mana is not None and cost.mana.x)):
            raise _Problem('"create X" needs an X in the cost')
        if cost.return_self_to_hand and any(_reads_source_stat(p.effect) or _refers_to_self(p.effect) for p in parts):
            # the source is a new object in the hand once the cost is paid (400.7, 608.2h)
            raise _Problem("an ability whose cost returns its source to the hand cannot refer to the source")
        if (cost.sacrifice_self or cost.exile_self) and any(_reads_source_stat(p.effect) for p in parts):
            # 608.2h: the sacrificed source's power as it last existed (its counters and effects
            # included), which the record of a card in the graveyard does not keep
            raise _Problem("the power or toughness of a source sacrificed to pay the cost is not supported (608.2h)")
        if any(_pumps_x(p.effect) for p in parts) and not (cost.mana is not None and cost.mana.x):
            raise _Problem('"+X" needs an X in the cost (107.3)')
        if any(_reads_cost_x(p.effect) for p in parts) and not (cost.mana is not None and cost.mana.x):
            raise _Problem('"X" needs an X in the cost (107.3)')
        for e in added:
            if isinstance(e, AddCounted) and isinstance(e.amount, SacrificedManaValue):
                if cost.sacrifice is None or cost.sacrifice.types != (e.removed,):
                    raise _Problem(f'"the sacrificed {e.removed.lower()}" needs a "Sacrifice a(n) '
                                   f'{e.removed.lower()}" cost')
        # "{T}, Sacrifice this artifact: Add X mana ..., where X is the number of petal counters on
        # this artifact." (Lotus Blossom): the counters it had as it last existed (608.2h), which
        # its record keeps once it left and no other part of the cost changes
        last_known = (cost.sacrifice_self and not (cost.sacrifice or cost.remove_counters or cost.put_counters)
                      and all(isinstance(e, AddCounted) and isinstance(e.amount, CountersOnSource) for e in added))
        if counted and not last_known and (cost.sacrifice or cost.sacrifice_self or cost.exile_self or cost.remove_counters
                                           or cost.put_counters):
            # the amount is read once the costs are paid (608.2h); these costs could change it
            raise _Problem("counted mana with a sacrifice or counter-removal cost is not supported")
        for e in added:
            if isinstance(e, AddCounted) and isinstance(e.amount, CostX):
                removes = cost.remove_counters is not None and cost.remove_counters[1] == "X"
                if e.removed and not (removes and cost.remove_counters and cost.remove_counters[0] == e.removed):
                    raise _Problem(f'"{e.removed} counter removed this way" needs a cost that removes any number '
                                   f"of {e.removed} counters")
                if not e.removed and not (removes or (cost.mana is not None and cost.mana.x)):
                    raise _Problem('"X" needs an X in the cost')
                if removes and cost.mana is not None and cost.mana.x:
                    raise _Problem("two Xs in one cost are not supported")
        return ActivatedAbility(cost=cost, effects=tuple(p.effect for p in parts),
                                text=self.ctx.line.printed_span(meta.start_pos, meta.end_pos),
                                targets=_count_targets(parts), sorcery_speed=sorcery,
                                zone=_ability_zone(cost, parts), reduction=reduction)

    def loyalty_cost(self, n: Token) -> int:
        """606.4: "+N" / "−N" (U+2212 or a hyphen) / "0"."""
        text = str(n).replace("\u2212", "-")
        return int(text)

    @v_args(meta=True, inline=True)
    def loyalty_activated(self, meta: Any, loyalty: int, *sentences: Any) -> ActivatedAbility:
        """606: "[+1]: Add {R}{R}." -- a loyalty ability; its cost is the loyalty symbol alone
        (606.4), its timing and once-a-turn limit are the rules' (606.3), never a mana ability
        (605.1a)."""
        return self.activated(meta, Cost(loyalty=loyalty), *sentences)

    @v_args(meta=True, inline=True)
    def activated_if(self, meta: Any, cost: Cost, *rest: Any) -> ActivatedAbility:
        """602.5b: "Activate only if <condition>."."""
        ability = self.activated(meta, cost, *rest[:-1])
        return replace(ability, condition=rest[-1])

    def per_turn(self) -> int:
        return 1

    @v_args(meta=True, inline=True)
    def activated_limited(self, meta: Any, cost: Cost, *rest: Any) -> ActivatedAbility:
        """602.5b: "Activate only once each turn."."""
        return replace(self.activated(meta, cost, *rest[:-1]), per_turn=rest[-1])

    @v_args(meta=True, inline=True)
    def activated_sorcery_limited(self, meta: Any, cost: Cost, *rest: Any) -> ActivatedAbility:
        """602.5b, 602.5d: "Activate only as a sorcery and only once each turn."."""
        return replace(self.activated(meta, cost, *rest[:-1]), per_turn=rest[-1], sorcery_speed=True)

    @v_args(meta=True, inline=True)
    def activated_if_limited(self, meta: Any, cost: Cost, *rest: Any) -> ActivatedAbility:
        """602.5b: "Activate only during your turn and only once each turn."."""
        return replace(self.activated(meta, cost, *rest[:-2]), condition=rest[-2], per_turn=rest[-1])

    @v_args(meta=True, inline=True)
    def activated_n_times(self, meta: Any, cost: Cost, *rest: Any) -> ActivatedAbility:
        """602.5b: "Activate no more than three times each turn."."""
        if rest[-1] < 2:
            raise _Problem('"no more than" fewer than two times is not supported')
        return replace(self.activated(meta, cost, *rest[:-1]), per_turn=rest[-1])

    @v_args(meta=True, inline=True)
    def activated_once(self, meta: Any, cost: Cost, *rest: Any) -> ActivatedAbility:
        """"Activate only once." (the Alchemy Gates): once for this object, in any turn (a new
        object, 400.7, has activated nothing)."""
        return replace(self.activated(meta, cost, *rest), once=True)

    def casting_exhaust(self, ability: ActivatedAbility) -> ActivatedAbility:
        """702.177a: "Exhaust — [Cost]: [Effect]" means "[Cost]: [Effect]. Activate only once." (for
        this object: a new object, 400.7, has activated nothing)."""
        if ability.once or ability.per_turn:
            raise _Problem("an exhaust ability with another activation limit is not supported")
        return replace(ability, once=True)

    @v_args(meta=True, inline=True)
    def activated_twice(self, meta: Any, cost: Cost, *rest: Any) -> ActivatedAbility:
        """602.5b: "Activate no more than twice each turn."."""
        return replace(self.activated(meta, cost, *rest), per_turn=2)

    # ---- triggered
    def when_self_enters(self, _self: str) -> TriggerCondition:
        return EntersSelf()

    def when_self_enters_untapped(self, _self: str) -> TriggerCondition:
        return EntersSelfUntapped()

    def when_self_dies(self, _self: str) -> TriggerCondition:
        return DiesSelf()

    def when_self_put_into_graveyard(self, _self: str) -> TriggerCondition:
        return PutIntoGraveyardSelf()

    def whenever_self_becomes_tapped(self, _self: str) -> TriggerCondition:
        return BecomesTappedSelf()

    def whenever_self_becomes_tapped_with_counter(self, _self: str, _a: Token, counter: Token) -> TriggerCondition:
        """"Whenever this creature becomes tapped while it has a -1/-1 counter on it" (603.2)."""
        return BecomesTappedSelf(with_counter=_counter(counter, 1))

    def whenever_enchanted_land_tapped_for_mana(self, what: Selector) -> TriggerCondition:
        if "Creature" in what.types:
            raise _Problem("only an enchanted land is tapped for mana here")
        return EnchantedLandTappedForMana(what)

    def whenever_permanent_you_control_enters(self, _article: Token, what: Token) -> TriggerCondition:
        return PermanentEnters(_permanent_you_control(what))

    def whenever_another_you_control_enters(self, what: Selector) -> TriggerCondition:
        return PermanentEnters(replace(what, controller="you", other=True))

    def watched_typed(self, word: Token) -> Selector:
        return _permanent_you_control(word)

    def watched_creature_type(self, word: Token) -> Selector:
        return Selector(subtypes=(_creature_type_word(word),))

    def whenever_creature_dies(self, what: Selector) -> TriggerCondition:
        return CreatureDies(what)

    def died_a_creature(self, _article: Token, yours: Token | None) -> Selector:
        return Selector(types=("Creature",), controller="you" if yours is not None else "any")

    def died_another_creature(self, yours: Token | None) -> Selector:
        return Selector(types=("Creature",), controller="you" if yours is not None else "any", other=True)

    def died_another_of_type(self, word: Token, _yours: Token) -> Selector:
        return Selector(types=("Creature",), subtypes=(_creature_type_word(word),), controller="you", other=True)

    def ability_word(self, _word_: Token) -> None:
        return None

    def whenever_a_player_taps_a_land_for_mana(self) -> TriggerCondition:
        return LandTappedForMana("any")

    def whenever_you_tap_a_land_for_mana(self) -> TriggerCondition:
        return LandTappedForMana("you")

    def whenever_you_tap_a_land_type_for_mana(self, _article: Token, land_type: Token) -> TriggerCondition:
        return LandTappedForMana("you", str(land_type))

    def whenever_a_land_type_is_tapped_for_mana(self, _article: Token, land_type: Token) -> TriggerCondition:
        """"Whenever a Forest is tapped for mana" (Vernal Bloom): whoever taps it (106.12a, 305.6)."""
        return LandTappedForMana("any", str(land_type))

    @v_args(meta=True, inline=True)
    def whenever_casts(self, meta: Any, caster: str, casts: Token, spell: dict[str, Any]) -> TriggerCondition:
        """601.2 / 603.2. "you cast" / "a player casts": the verb agrees with its subject."""
        if (_word(casts) == "cast") != (caster == "you"):
            who = {"you": "you", "any": "a player", "opponent": "an opponent"}[caster]
            raise _Problem(f'"{who} {casts}": the verb does not agree with who casts')
        either = tuple(spell.get("subtypes_any", ()))
        if spell.get("x_in_cost"):      # "Whenever you cast a spell with {X} in its mana cost"
            return CastsSpell(caster, None, x_in_cost=True)  # type: ignore[arg-type]
        nth = int(spell.get("nth", 0))
        if nth:                 # "Whenever you cast your first spell each turn" (any spell)
            if caster != "you":
                raise _Problem('"your first spell each turn" is cast by you')
            return CastsSpell("you", None, nth=nth)
        mana_values = tuple(spell.get("mana_values", ()))
        kinds = {k: v for k, v in spell.items()
                 if k not in ("color", "colored", "subtypes_any", "mana_values") and v not in ((), None)}
        if mana_values:     # "a creature spell with mana value 4, 5, or 6" (202.3)
            text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos)
            return CastsSpell(caster, _spell_filter(text, kinds) if kinds else None,  # type: ignore[arg-type]
                              mana_values=mana_values)
        if either:
            return CastsSpell(caster, None, subtypes_any=either)  # type: ignore[arg-type]
        if caster == "you" and not spell.get("color") and not spell.get("colored") and set(kinds) == {"types"} \
                and len(kinds["types"]) == 1:
            return SpellCastByYou(kinds["types"][0])     # "Whenever you cast a creature spell" (as before)
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos)
        return CastsSpell(caster, _spell_filter(text, kinds) if kinds else None,  # type: ignore[arg-type]
                          spell.get("color"), spell.get("colored", ""))

    def whenever_you_sacrifice(self, kind: tuple[Selector, bool]) -> TriggerCondition:
        return YouSacrifice(*kind)

    def sacrificed_typed(self, _article: Token, nontoken: Token | None, word: Token) -> tuple[Selector, bool]:
        return _permanent_you_control(word), nontoken is not None

    def sacrificed_another_typed(self, nontoken: Token | None, word: Token) -> tuple[Selector, bool]:
        return replace(_permanent_you_control(word), other=True), nontoken is not None

    def sacrificed_another_creature_type(self, word: Token) -> tuple[Selector, bool]:
        return Selector(subtypes=(_creature_type_word(word),), controller="you", other=True), False

    def when_you_cast_self(self, _self: Any = None) -> TriggerCondition:
        return CastSelf()

    def casting_when_cast_or_cycle(self, _self: Any = None) -> TriggerCondition:
        """"When you cast or cycle Drownyard Lurker" (601.2i; 702.29c)."""
        return CastSelf(or_cycle=True)

    def self_spell(self, *_: Any) -> None:
        return None

    def caster_you(self) -> str:
        return "you"

    def caster_any(self) -> str:
        return "any"

    def caster_opponent(self) -> str:
        return "opponent"

    def cast_spell_kinds(self, spell: dict[str, Any]) -> dict[str, Any]:
        return spell

    def cast_any_spell(self, _article: Token) -> dict[str, Any]:
        return {}

    def cast_color_spell(self, _article: Token, color: Token) -> dict[str, Any]:
        return {"color": _COLOR_WORDS[_word(color)]}

    def cast_multicolored_spell(self, _article: Token) -> dict[str, Any]:
        return {"colored": "multicolored"}

    def cast_colorless_spell(self, _article: Token) -> dict[str, Any]:
        return {"colored": "colorless"}

    def cast_kinds_min_mana_value(self, _article: Token, kinds: dict[str, Any], n: int) -> dict[str, Any]:
        return {**kinds, "min_mana_value": n}

    def cast_kinds_mana_values(self, _article: Token, kinds: dict[str, Any], *values: int) -> dict[str, Any]:
        """"a creature spell with mana value 4, 5, or 6" (202.3): one of these mana values."""
        if len(set(values)) != len(values):
            raise _Problem("a mana value is repeated")
        return {**kinds, "mana_values": tuple(values)}

    # ---- more trigger events (issue 22, pool-triggers)
    def whenever_subtype_you_control_enters(self, _article: Token, word: Token) -> TriggerCondition:
        """"Whenever an Angel you control enters" (603.6a): a permanent with that subtype (205.3m)."""
        return PermanentEnters(Selector(subtypes=(_creature_type_word(word),), controller="you"))

    def whenever_a_player_taps_a_nonbasic_land_for_mana(self) -> TriggerCondition:
        """"Whenever a player taps a nonbasic land for mana" (Burning Earth; 205.4c, 106.12a)."""
        return LandTappedForMana("any", nonbasic=True)

    def whenever_a_player_taps_a_basic_land(self) -> TriggerCondition:
        """"Whenever a player taps a basic land for mana" (Lavaleaper; 205.4c, 106.12a)."""
        return LandTappedForMana("any", basic=True)

    def whenever_an_opponent_taps_a_land_for_mana(self) -> TriggerCondition:
        return LandTappedForMana("opponent")

    def whenever_an_opponent_taps_a_land_type_for_mana(self, _article: Token, land_type: Token) -> TriggerCondition:
        """"Whenever an opponent taps a Mountain for mana" (Sanctimony; 106.12a, 305.6)."""
        return LandTappedForMana("opponent", str(land_type))

    def cast_kicked_spell(self, _article: Token) -> dict[str, Any]:
        """"Whenever you cast a kicked spell" (702.33d: its kicker cost was paid as it was cast)."""
        return {"kicked": "only"}

    def cast_chosen_color_spell(self, _article: Token) -> dict[str, Any]:
        """"a spell of the chosen color" (Paradise Plume): the color its source chose as it entered (614.12)."""
        return {"colored": "chosen"}

    def cast_planeswalker_spell(self, _article: Token) -> dict[str, Any]:
        return {"types": ("Planeswalker",)}

    def cast_subtype_spell(self, _article: Token, word: Token) -> dict[str, Any]:
        """"Whenever you cast a Zombie spell" (205.3: a spell with that subtype, any card type)."""
        return {"subtypes": (_spell_subtype_word(word),)}

    def cast_either_subtype_spell(self, _article: Token, first: Token, second: Token) -> dict[str, Any]:
        """"Whenever you cast a Spirit or Arcane spell" (Petalmane Baku): one of the two subtypes."""
        return {"subtypes_any": (_spell_subtype_word(first), _spell_subtype_word(second))}

    def may_gain_life(self, _may: Token, n: int) -> _Part:
        """"you may gain 1 life" (608.2d): the instruction "you gain 1 life", if its controller says so."""
        return _Part(MayDo(GainLife(n), f"gain {n} life"))

    def deal_damage_that_player(self, source: str, n: int) -> _Part:
        """"... deals 1 damage to that player" (Manabarbs): the player the trigger event names (603.2:
        the player who tapped the land for mana, 106.12a)."""
        return _Part(DealDamage(n, "that_player"), it=source == "it")

    def you_control_none(self, other: Token | None, what: Selector) -> Condition:
        """"if you control no artifacts" (Glimmervoid): none of them (603.4)."""
        return YouControl((what,), at_least=0, at_most=0, other=other is not None)

    def whenever_a_creature_you_control_explores(self) -> TriggerCondition:
        return CreatureYouControlExplores()

    def at_the_beginning_of_your_step(self, step: str) -> TriggerCondition:
        return BeginningOfYourStep(step)

    def at_the_beginning_of_your_combat(self) -> TriggerCondition:
        return BeginningOfYourStep("combat")

    def at_the_beginning_of_each_step(self, step: str) -> TriggerCondition:
        return BeginningOfYourStep(step, each=True)

    def step_upkeep(self, _tok: Token | None = None) -> str:
        return "upkeep"

    def step_draw(self) -> str:
        return "draw"

    def step_end(self) -> str:
        return "end"

    def step_first_main(self) -> str:
        return "main1"

    def triggered(self, *items: Any) -> TriggeredAbility:
        condition, *sentences = items[1:] if items[0] is None else items
        parts = _bind_it(_flatten(sentences), condition)
        if isinstance(condition, LandTappedForMana) and condition.whose == "any":
            # "Whenever a Forest is tapped for mana, its controller adds ...": the tapped land's
            # controller is the player who tapped it (only its controller activates its mana
            # abilities, 602.2)
            parts = [replace(p, effect=replace(p.effect, to=Recipient.TAPPING_PLAYER))
                     if isinstance(p.effect, AddMana) and p.effect.to is Recipient.ENCHANTED_CONTROLLER else p
                     for p in parts]
        if isinstance(condition, CastsSpell) and condition.caster == "any":
            # "Whenever a player casts a creature spell, that player adds {G}." (Tangleroot): the caster
            parts = [replace(p, effect=replace(p.effect, to=Recipient.CASTER))
                     if isinstance(p.effect, AddMana) and p.effect.to is Recipient.TAPPING_PLAYER else p
                     for p in parts]
        if isinstance(condition, BeginningOfYourStep) and condition.each:
            # "At the beginning of each player's first main phase, that player adds {G}{G}."
            parts = [replace(p, effect=replace(p.effect, to=Recipient.ACTIVE_PLAYER))
                     if isinstance(p.effect, AddMana) and p.effect.to is Recipient.TAPPING_PLAYER else p
                     for p in parts]
        _check_parts(parts, "triggered", condition)
        if any(_names_trigger_spell(p.effect) for p in parts) and not isinstance(condition, (CastsSpell, SpellCastByYou)):
            raise _Problem('"that spell" needs a "Whenever you cast ..." trigger')
        return TriggeredAbility(condition=condition, effects=tuple(p.effect for p in parts),
                                text="", targets=_count_targets(parts))

    def if_tapped_put_counters(self, condition: TriggerCondition, _self: str, n: int, counter: Token,
                                        _word_: Token) -> TriggeredAbility:
        """"At the beginning of your upkeep, if this land is tapped, put a storage counter on it."
        (603.4: read as it triggers and as it resolves; "it" is the source the condition names)."""
        return TriggeredAbility(condition=condition, effects=(PutCounters(_counter(counter, n), n, "self"),),
                                text="", intervening=SelfTapped())

    def chosen_color_land_tapped(self, recipient: Recipient) -> TriggeredAbility:
        """"Whenever a basic land is tapped for mana of the chosen color, its controller adds an
        additional one mana of that color." (Gauntlet of Power; 106.12a: a triggered mana ability,
        605.1b): "that color" is the chosen color."""
        return TriggeredAbility(condition=LandTappedForMana("any", basic=True, of_chosen_color=True),
                                effects=(AddMana(AddChosenColor(), to=recipient),), text="")

    @v_args(meta=True, inline=True)
    def casting_step_and_cast(self, meta: Any, step: str, caster: str, casts: Token, spell: dict[str, Any],
                              *sentences: Any) -> "_Several":
        """"At the beginning of your upkeep and whenever you cast a green spell, put a charge counter
        on this artifact." (Shrine of Boundless Growth): each event triggers it (603.2), two
        triggered abilities with the same effect."""
        printed = self.ctx.line.printed_span(meta.start_pos, meta.end_pos)
        cast = self.whenever_casts(meta, caster, casts, spell)
        return _Several(((self.triggered(BeginningOfYourStep(step), *sentences), printed),
                         (self.triggered(cast, *sentences), printed)))

    @v_args(meta=True, inline=True)
    def casting_cast_and_dies(self, meta: Any, _self: str, *sentences: Any) -> "_Several":
        """"When you cast this spell and when this creature dies, create ..." (Eldrazi Repurposer):
        two triggered abilities with the same effect, one of the spell (601.2i), one of the
        creature (603.6c, 603.10a)."""
        printed = self.ctx.line.printed_span(meta.start_pos, meta.end_pos)
        return _Several(((self.triggered(CastSelf(), *sentences), printed),
                         (self.triggered(DiesSelf(), *sentences), printed)))

    def triggered_if(self, *items: Any) -> TriggeredAbility:
        """603.4: "When/Whenever/At ..., if <condition>, <effect>" -- an intervening "if" clause."""
        condition, intervening, *sentences = items[1:] if items[0] is None else items
        if isinstance(intervening, SelfTapped):
            # "if this artifact is tapped, it deals 1 damage to you": "it" is the source the
            # condition names (Mana Vault)
            sentences = [[replace(p, it=False) if isinstance(p, _Part) and p.it and isinstance(p.effect, DealDamage)
                          else p for p in s] if isinstance(s, list) else s for s in sentences]
        if getattr(condition, "it", None) is None and isinstance(intervening, (SelfHasNoCounters, SelfHasCounters)):
            # Mana Bloom: "At the beginning of your upkeep, if this enchantment has no charge counters
            # on it, return it to its owner's hand.": "it" is the source the condition names
            sentences = [[replace(p, it=False) if isinstance(p, _Part) and p.it else p for p in s]
                         if isinstance(s, list) else s for s in sentences]
        return replace(self.triggered(condition, *sentences), intervening=intervening)

    # ---- effects
    def sentence(self, *parts: _Part) -> list[_Part]:
        if len(parts) == 1 and isinstance(parts[0], list):     # a `further_sentence`: its parts already
            return parts[0]
        if len(parts) > 1 and any(isinstance(p, _Part) and isinstance(p.effect, MayDo) for p in parts):
            raise _Problem('"you may ..." joined by "and" to another instruction is not supported')
        out = list(parts)
        for i in range(1, len(out)):
            before, part = out[i - 1], out[i]
            # "put a +1/+1 counter on Vivi Ornitier and it deals 1 damage to each opponent": "it" is
            # the object the instruction before it just named (the source), not the trigger's spell
            if (isinstance(before, _Part) and isinstance(part, _Part) and part.it
                    and isinstance(before.effect, PutCounters) and before.effect.on == "self"
                    and isinstance(part.effect, DealDamage)):
                out[i] = replace(part, it=False)
        return out

    @v_args(meta=True, inline=True)
    def spend_only_to_cast(self, meta: Any, spell: dict[str, Any]) -> _RestrictionPart:
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."
        return _RestrictionPart(_spell_filter(text, spell))

    @v_args(meta=True, inline=True)
    def spend_only_uncounterable(self, meta: Any, spell: dict[str, Any], _clause: Token) -> _RestrictionPart:
        """"Spend this mana only to cast a legendary spell, and that spell can't be countered."
        (Delighted Halfling): the spell this mana is spent on can't be countered (101.2)."""
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."
        return _RestrictionPart(replace(_spell_filter(text, spell), uncounterable=True))

    @v_args(meta=True, inline=True)
    def spend_only_chosen_type(self, meta: Any, uncounterable: Token | None) -> _RestrictionPart:
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."
        return _RestrictionPart(SpendOnlyToCastChosenType(text, None, uncounterable is not None))

    @v_args(meta=True, inline=True)
    def spend_only_to_activate(self, meta: Any) -> _RestrictionPart:
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."
        return _RestrictionPart(SpendOnlyToActivate(text))

    @v_args(meta=True, inline=True)
    def casting_spend_x_costs(self, meta: Any) -> _RestrictionPart:
        """"Spend this mana only on costs that contain {X}." (Rosheen Meanderer; 106.6, 107.3)."""
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."
        return _RestrictionPart(SpendOnlyOnXCosts(text))

    @v_args(meta=True, inline=True)
    def casting_spend_commander(self, meta: Any) -> _RestrictionPart:
        """"Spend this mana only to cast your commander." (Jeweled Lotus; no commander here, 903.3)."""
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."
        return _RestrictionPart(SpendOnlyOnCommander(text))

    @v_args(meta=True, inline=True)
    def casting_spend_mv_or_x(self, meta: Any, n: int) -> _RestrictionPart:
        """"Spend this mana only to cast spells with mana value 5 or greater or spells with {X} in
        their mana costs." (Troyan, Gutsy Explorer; 106.6, 202.3e)."""
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."
        return _RestrictionPart(SpendOnlyToCastMvOrX(text, n))

    def casting_x_spell(self, _article: Token) -> dict[str, Any]:
        """"Whenever you cast a spell with {X} in its mana cost" (107.3: its mana cost has {X})."""
        return {"x_in_cost": True}

    @v_args(meta=True, inline=True)
    def spend_not_to_cast(self, meta: Any, *items: Any) -> _RestrictionPart:
        """"This mana can't be spent to cast nonartifact spells.": only artifact spells, or
        anything that is not casting a spell (abilities)."""
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."
        non = next(t for t in items if t is not None and t.type == "NON_KIND")
        return _RestrictionPart(SpendOnlyToCast(text, (_word(non)[3:].capitalize(),), abilities=True))

    @v_args(meta=True, inline=True)
    def not_to_cast_spells(self, meta: Any, from_hand: Token | None) -> _RestrictionPart:
        """"You can't spend this mana to cast spells [from your hand]." (106.6)"""
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."
        return _RestrictionPart(NotToCastSpells(text, from_hand is not None))

    @v_args(meta=True, inline=True)
    def not_for_generic(self, meta: Any) -> _RestrictionPart:
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."
        return _RestrictionPart(NotForGenericCosts(text))

    def spend_spell(self, *items: Any) -> dict[str, tuple[str, ...]]:
        return next(t for t in items if isinstance(t, dict))

    def casting_spells_not_owned(self) -> dict[str, Any]:
        """"Spend this mana only to cast spells you don't own." (Thieving Varmint; 108.3)."""
        return {"not_owned": True}

    def kicked_spells(self) -> dict[str, Any]:
        """"Spend this mana only to cast kicked spells." (702.33d: its kicker cost paid)."""
        return {"kicked": "only"}

    def kinds_or_kicked_spell(self, _article: Token, kinds: dict[str, Any]) -> dict[str, Any]:
        """"... an instant or sorcery spell or a kicked spell" (Volshe Tideturner): either."""
        if kinds.get("subtypes"):
            raise _Problem("a subtype or a kicked spell is not supported")
        return {**kinds, "kicked": "or"}

    def legendary_spell(self, _article: Token) -> dict[str, Any]:
        return {"supertypes": ("Legendary",)}

    def spell_min_mana_value(self, _article: Token, n: int) -> dict[str, Any]:
        return {"min_mana_value": n}

    @v_args(meta=True, inline=True)
    def rider_gains(self, meta: Any, spell: dict[str, Any], keyword: Token, until: Token | None) -> _RiderPart:
        """"If that mana is spent on a creature spell, it gains haste [until end of turn]." (106.6)"""
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."
        return _RiderPart(SpentSpellGains(text, _spell_filter(text, spell), (_word(keyword).capitalize(),),
                                          until is not None))

    @v_args(meta=True, inline=True)
    def casting_rider_uncounterable(self, meta: Any, spell: dict[str, Any]) -> _RiderPart:
        """"If that mana is spent on an instant or sorcery spell, that spell can't be countered."
        (Boseiju, Who Shelters All; 106.6, 101.2)."""
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."
        return _RiderPart(SpentSpellUncounterable(text, _spell_filter(text, spell)))

    def casting_may_pay_then(self, *items: Any) -> list[_Part]:
        """"you may pay {4}. If you do, untap this artifact." (608.2d): the mana paid as it
        resolves, then the instruction ("untap <self>")."""
        *symbols, _self = items
        cost = parse_mana_cost("".join(str(s) for s in symbols))
        if cost.x or cost.hybrid or "C" in cost.symbols:
            raise _Problem('"you may pay" with {X}, hybrid or {C} mana is not supported')
        return [_Part(MayPayThen(cost.generic, cost.symbols, UntapSelf()))]

    def casting_self_tapped(self, _self: str) -> Condition:
        """"if this artifact is tapped" (Mana Vault)."""
        return SelfTapped()

    def casting_flash_any(self) -> tuple[str, ...]:
        return ()

    def casting_flash_kind(self, kind: Token) -> tuple[str, ...]:
        return (_word(kind).capitalize(),)

    def casting_flash_this_turn(self, types: tuple[str, ...]) -> _Part:
        """"You may cast spells this turn as though they had flash." (Alchemist's Refuge) / "...
        creature spells ..." (Winding Canyons): for the rest of the turn (611.2a, 702.8a)."""
        return _Part(FlashThisTurn(SpendOnlyToCast(", ".join(types), types) if types else None))

    def casting_next_uncounterable(self) -> _Part:
        """"The next spell you cast this turn can't be countered." (Mistrise Village; 101.2)."""
        return _Part(NextSpellUncounterable())

    def casting_only_one_more(self) -> _Part:
        """"You can cast only one more spell this turn." (Irencrag Feat; 601.3)."""
        return _Part(OnlyOneMoreSpell())

    @v_args(meta=True, inline=True)
    def casting_cant_cast(self, meta: Any, non: Token) -> StaticAbilityLine:
        """"You can't cast noncreature spells." (Nikya of the Old Ways; 601.3, 101.2)."""
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos)
        return StaticAbilityLine(CantCastSpells(SpendOnlyToCast(text, non=(_word(non)[3:].capitalize(),))), "")

    @v_args(meta=True, inline=True)
    def rider_trigger(self, meta: Any, _when: Token, spell: dict[str, Any], *parts: _Part) -> _RiderPart:
        """"When you spend this mana to cast a Dragon creature spell, you gain 2 life." (106.6: a
        triggered ability that triggers when the mana is spent; no targets)."""
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."
        if any(p.targets is not None or p.token is not None or p.it for p in parts):
            raise _Problem(f'"{text}": a target, a token or "it" in that trigger is not supported')
        ability = TriggeredAbility(condition=WhenManaSpent(_spell_filter(text, spell)),
                                   effects=tuple(p.effect for p in parts), text=text)
        return _RiderPart(SpentTrigger(text, ability))

    def any_spell(self) -> dict[str, tuple[str, ...]]:
        return {}

    def spell_kinds(self, *items: Any) -> dict[str, tuple[str, ...]]:
        words = [t for t in items if t is not None]
        return {"types": tuple(_word(t).capitalize() for t in words if t.type == "CARD_KIND"),
                "subtypes": tuple(str(t) for t in words if t.type == "SUBTYPE_NAME")}

    def non_kind(self, word: Token) -> dict[str, tuple[str, ...]]:
        return {"non": (_word(word)[3:].capitalize(),)}

    # ---- "Spend this mana only to cast ... or activate abilities of ..." (106.6; model_spend.py)
    @v_args(meta=True, inline=True)
    def spend_only_for(self, meta: Any, uses: "_SpendUses") -> _RestrictionPart:
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."
        if not uses.sources and len(uses.phrases) == 1 and not uses.spells:
            old = _old_spell_shape(uses.phrases[0])
            if old is not None:        # what spend_spell reads: the kind it always was
                return _RestrictionPart(_spell_filter(text, old))
        spells = uses.spells + tuple(k for p in uses.phrases for k in _spell_kinds(p))
        return _RestrictionPart(SpendOnlyFor(text, spells, uses.sources))

    def uses_cast(self, *phrases: dict[str, Any]) -> "_SpendUses":
        return _SpendUses(phrases=phrases)

    def use_cast_special(self, spell: dict[str, Any]) -> "_SpendUses":
        if set(spell) - {"supertypes"}:
            raise _Problem("kicked spells or a mana value beside another use of the mana is not supported")
        return _SpendUses(spells=(SpellKind(supertypes=tuple(spell.get("supertypes", ()))),))

    def uses_activate(self, sources: tuple[SourceKind, ...]) -> "_SpendUses":
        return _SpendUses(sources=sources)

    def use_any_ability(self) -> "_SpendUses":
        return _SpendUses(sources=(SourceKind(),))

    def uses_many(self, *uses: "_SpendUses | None") -> "_SpendUses":
        got = [u for u in uses if u is not None]
        spells = tuple(k for u in got for k in u.spells) + tuple(k for u in got for p in u.phrases
                                                                for k in _spell_kinds(p))
        return _SpendUses(spells=spells, sources=tuple(s for u in got for s in u.sources))

    def spend_kinds(self, article: Token | None, colored: Token | None, legendary: Token | None,
                    items: list[dict[str, Any]], spell: Token) -> dict[str, Any]:
        return {"article": article is not None, "colored": _word(colored) if colored else "",
                "legendary": legendary is not None, "items": items, "plural": _word(spell) == "spells"}

    def spend_kinds_colored(self, article: Token | None, colored: Token, legendary: Token | None,
                            spell: Token) -> dict[str, Any]:
        return self.spend_kinds(article, colored, legendary, [], spell)

    def spend_kinds_legendary(self, _tok: Token) -> dict[str, Any]:
        return {"article": False, "colored": "", "legendary": True, "items": [], "plural": True}

    def spend_items(self, *parts: Any) -> list[dict[str, Any]]:
        items = [p for p in parts if isinstance(p, dict)]
        joins = [_word(p) for p in parts if isinstance(p, Token) and p.type == "KIND_JOIN"]
        return [{**i, "joins": tuple(joins), "count": len(items)} for i in items]

    def spend_item(self, *toks: Token | None) -> dict[str, Any]:
        words = [str(t) for t in toks if t is not None and t.type == "SUBTYPE_NAME"]
        kind = next((_word(t) for t in toks if t is not None and t.type == "SPEND_KIND"), None)
        return {"words": tuple(words), "kind": kind}

    def spend_item_non(self, word: Token) -> dict[str, Any]:
        return {"words": (), "kind": None, "non": _word(word)[3:].capitalize()}

    def spend_sources(self, *items: Any) -> tuple[SourceKind, ...]:
        return next(i for i in items if isinstance(i, tuple))

    def source_desc(self, colored: Token | None, items: list[dict[str, Any]], word: Token | None) -> tuple[SourceKind, ...]:
        shade = _colored_word(colored)
        permanent = word is not None and _word(word).startswith("permanent")
        out = []
        for i in items:
            if i.get("non"):
                raise _Problem(f"abilities of non{i['non'].lower()} sources are not supported")
            out.append(SourceKind((_card_kind(i["kind"]),) if i["kind"] else (), _subtype_words(i["words"]),
                                  shade, permanent))
        return tuple(out)

    def source_colored(self, colored: Token, word: Token) -> tuple[SourceKind, ...]:
        return (SourceKind(colored=_colored_word(colored), permanent=_word(word).startswith("permanent")),)

    def add_mana(self, mana: Any) -> _Part:
        return _Part(AddMana(mana))

    def add_devotion_chosen(self) -> _Part:
        """Nykthos: "Choose a color. Add an amount of mana of that color equal to your devotion to that color." (700.5)"""
        return _Part(AddMana(AddDevotionOfChosenColor()))

    def chosen_color_per_counter(self, counter: Token, _self: str) -> _Part:
        """"Choose a color. Add one mana of that color for each charge counter on this artifact."
        (Astral Cornucopia): X mana of one color, X the counters now (605.3a, 608.2h); none: no mana."""
        return _Part(AddMana(AddCounted(CountersOnSource(_counter(counter, 1)), same=True)))

    def chosen_color_per_power(self, counted: tuple[Selector, bool]) -> _Part:
        """"Choose a color. Add one mana of that color for each different power among creatures you
        control." (Selvala, Eager Trailblazer)."""
        what, other = counted
        if other:
            raise _Problem("\"other\" creatures' different powers are not supported")
        return _Part(AddMana(AddCounted(DifferentPowers(what), same=True)))

    def player_adds(self, recipient: Recipient, mana: Any) -> _Part:
        return _Part(AddMana(mana, to=recipient))

    def its_controller(self) -> Recipient:
        return Recipient.ENCHANTED_CONTROLLER

    def that_player(self) -> Recipient:
        return Recipient.TAPPING_PLAYER

    def deal_damage(self, source: str, n: int) -> _Part:
        return _Part(DealDamage(n), it=source == "it")

    # ---- damage, life and destruction (120, 119.3, 701.8; rules/damage.py)
    def deal_damage_to_target(self, source: str, n: int, targets: Targets) -> _Part:
        return _Part(DealDamage(n, "target"), targets=targets, it=source == "it")

    def deal_damage_each_opponent(self, source: str, n: int) -> _Part:
        return _Part(DealDamage(n, "each_opponent"), it=source == "it")

    def lose_life_target(self, targets: Targets, n: int) -> _Part:
        return _Part(LoseLife(n, "target"), targets=targets)

    def lose_life_equal_counters(self, targets: Targets, counter: Token, _word_: Token, who: str) -> _Part:
        """"Target player loses life equal to the number of +1/+1 counters on it." (Maga, Traitor
        to Mortals; 119.3, 608.2h: the source's counters as it resolves, as it last existed if it left)."""
        return _Part(LifeCounted(CountersOnSource(_counter(counter, 2)), gain=False, who="target"),
                     targets=targets, it=who == "it")

    def you_lose_life(self, n: int) -> _Part:
        return _Part(LoseLife(n, "you"))

    def each_opponent_loses_life(self, n: int) -> _Part:
        return _Part(LoseLife(n, "each_opponent"))

    def any_target(self) -> Targets:
        return Targets(ANY_TARGET, players="any")

    def damage_target_creature(self, controller: Literal["you", "opponent"] | None = None) -> Targets:
        return Targets(Selector(types=("Creature",), controller=controller or "any"))

    def damage_target_attacking(self, _attacking: Token) -> Targets:
        """"target attacking creature" / "... attacking or blocking creature" (506.4): there is no
        combat here, so there is never one and the ability cannot be activated (601.2c)."""
        return Targets(Selector(types=("Creature",), attacking=True))

    def damage_target_creature_or_planeswalker(self) -> Targets:
        return Targets(Selector(any_of=("Creature", "Planeswalker")))

    def target_player(self) -> Targets:
        return Targets(Selector(), players="any", objects=False)

    def target_player_or_planeswalker(self) -> Targets:
        return Targets(Selector(types=("Planeswalker",)), players="any")

    def target_opponent(self) -> Targets:
        return Targets(Selector(), players="opponent", objects=False)

    def target_opponent_or_planeswalker(self) -> Targets:
        return Targets(Selector(types=("Planeswalker",)), players="opponent")

    def destroy_kind(self, *words: Token | None) -> Selector:
        kinds = [_word(w).capitalize() for w in words if w is not None and w.type == "PERMANENT"]
        nonbasic = any(w is not None and w.type == "NONBASIC" for w in words)
        if "Permanent" in kinds and len(kinds) > 1:
            raise _Problem('"permanent" cannot be one of several kinds')
        if len(set(kinds)) != len(kinds):
            raise _Problem("a kind of permanent is repeated")
        if kinds == ["Permanent"]:
            return Selector(nonbasic=nonbasic)
        if len(kinds) == 1:
            return Selector(types=tuple(kinds), nonbasic=nonbasic)
        return Selector(any_of=tuple(kinds), nonbasic=nonbasic)

    def destroy_target(self, what: Selector, controller: Literal["any", "you", "opponent"] | None = None) -> _Part:
        return _Part(Destroy(), targets=Targets(replace(what, controller=controller or "any")))

    def it(self) -> Literal["it"]:
        return "it"      # bound by `_bind_it` once the whole ability is known

    def target_permanent(self, what: Token, controller: Literal["any", "you", "opponent"] = "any"
                         ) -> tuple[Literal["target"], Targets]:
        kind = _word(what).capitalize()
        return ("target", Targets(Selector(types=() if kind == "Permanent" else (kind,),
                                           controller=controller)))

    def you_control(self) -> Literal["you"]:
        return "you"

    def an_opponent_controls(self) -> Literal["opponent"]:
        return "opponent"

    # ---- until end of turn, on permanents (611.2c, 613.4c, 613.1f)
    def pump(self, who: Any, changes: dict[str, Any], per: "Quantity | _WhereX | None" = None) -> _Part:
        """"Target creature gets +1/+1 and gains first strike until end of turn." / "This creature
        gains haste until end of turn." / "Until end of turn, creatures you control gain trample
        and get +1/+1 for each basic land type among lands you control." (ModifyPT)."""
        power, toughness = changes.get("pt", (0, 0))
        if "ptx" in changes:          # "+X/+0 ...": X counted by `per` (default: the X of the cost, 107.3)
            if "pt" in changes:
                raise _Problem("two power/toughness changes in one effect")
            if per is not None and not isinstance(per, _WhereX):
                raise _Problem('"+X/+X ... for each" is not supported')
            power, toughness = changes["ptx"]
            per = CostX() if per is None else per.q
        elif isinstance(per, _WhereX):
            raise _Problem('"where X is" without an X in the change')
        keywords = changes.get("keywords", ())
        if "Devoid" in keywords or "Flash" in keywords:
            raise _Problem("gaining devoid or flash until end of turn is not supported")
        if per is not None and not (power or toughness):
            raise _Problem('"for each" without a power/toughness change')
        if who == "self":
            return _Part(ModifyPT(power, toughness, "self", keywords, per=per))
        kind, what = who
        if kind == "group":
            return _Part(ModifyPT(power, toughness, "group", keywords, group=what, per=per))
        return _Part(ModifyPT(power, toughness, "target", keywords, per=per), targets=what)

    def tap_target(self, verb: Token, target: tuple[str, Targets]) -> _Part:
        """"Tap target creature." / "Untap target land." (701.26)."""
        return _Part(TapTarget(untap=_word(verb) == "untap"), targets=target[1])

    def return_target_to_hand(self, target: tuple[str, Targets]) -> _Part:
        """"Return target creature to its owner's hand." (400.7)"""
        return _Part(ReturnToOwnersHand("target"), targets=target[1])

    def cost_exile_self_from_graveyard(self) -> tuple[str, Any]:
        """"Exile this card from your graveyard" (113.6k: the ability functions in the graveyard)."""
        return ("exile_self_from_graveyard", True)

    def return_self_from_graveyard_battlefield(self, tapped: Token | None) -> _Part:
        """"Return this card from your graveyard to the battlefield tapped." (113.6k)."""
        return _Part(ReturnSelfFromGraveyard("battlefield", tapped is not None))

    def return_self_from_graveyard_hand(self) -> _Part:
        """"Return this card from your graveyard to your hand." (113.6k)."""
        return _Part(ReturnSelfFromGraveyard("hand"))

    def return_died_card(self) -> _Part:
        """"When Michelangelo dies, return this card to your hand." (400.7d; only in a dies trigger)."""
        return _Part(ReturnDiedCardToHand())

    def return_it_to_hand(self) -> _Part:
        """"return it to its owner's hand" ("it": the source, bound by `_bind_it` or an intervening
        "if" about the source, 603.4)."""
        return _Part(ReturnToOwnersHand("self"), it=True)

    def return_self_to_hand(self, _self: str) -> _Part:
        """"Return this creature to its owner's hand." (400.7)"""
        return _Part(ReturnToOwnersHand("self"))

    def regenerate_self(self, _self: str) -> _Part:
        """"Regenerate this creature." (701.19a)"""
        return _Part(Regenerate("self"))

    def regenerate_target(self, target: tuple[str, Targets]) -> _Part:
        """"Regenerate target creature." (701.19a)"""
        return _Part(Regenerate("target"), targets=target[1])

    def prevent_damage(self, amount: int | Literal["X"], to: Any, x: Quantity | None = None) -> _Part:
        """"Prevent the next 2 damage that would be dealt to target legendary creature this turn."
        (615.7); "X ..., where X is ..." counted as it resolves (608.2h)."""
        if (amount == "X") != (x is not None):
            raise _Problem('"X" needs its "where X is ...", and only X has one')
        if amount == 0:
            raise _Problem("preventing 0 damage is not an effect")
        n = 0 if amount == "X" else int(amount)
        if to == "it":
            return _Part(PreventDamage(n, "self", x), it=True)
        if isinstance(to, tuple):
            return _Part(PreventDamage(n, "target", x), targets=to[1])
        return _Part(PreventDamage(n, to, x))

    def prevented_any_target(self) -> tuple[str, Targets]:
        return ("target", Targets(ANY_TARGET, players="any"))

    def prevented_you(self) -> str:
        return "you"

    def whenever_self_dealt_damage(self, _self: str) -> DealtDamageSelf:
        return DealtDamageSelf()

    def put_that_many(self, counter: Token, _word_: Token, _it: str) -> _Part:
        """"put that many +1/+1 counters on it" (Hungering Hydra): the damage its trigger saw."""
        return _Part(PutCountersThatMany(_counter(counter, 2)))

    def whenever_counters_put(self, counter: Token, _word_: Token, what: Selector) -> TriggerCondition:
        """"Whenever one or more +1/+1 counters are put on another non-Hydra creature you control" (603.2, 122.6)."""
        return CountersPutOn(_counter(counter, 2), what)

    def on_a_creature(self, _a: Token) -> Selector:
        return Selector(types=("Creature",))

    def on_a_creature_you_control(self, _a: Token) -> Selector:
        return Selector(types=("Creature",), controller="you")

    def on_another_creature_you_control(self, non: Token | None) -> Selector:
        """"another non-Hydra creature you control" (109.2: not the source; 205.3: not of that subtype)."""
        excluded = (_known_subtype(str(non)[4:]),) if non is not None else ()
        return Selector(types=("Creature",), controller="you", other=True, non_subtypes=excluded)

    def draw_next_upkeep(self) -> _Part:
        """"Draw a card at the beginning of the next turn's upkeep." (603.7a): a delayed trigger."""
        return _Part(CreateDelayedTrigger(TriggeredAbility(
            BeginningOfNextTurnUpkeep(), (DrawCards(1),), "Draw a card at the beginning of the next turn's upkeep.")))

    def mana_drain(self) -> list[_Part]:
        """"At the beginning of your next main phase, add an amount of {C} equal to that spell's mana
        value." (Mana Drain, after "Counter target spell."): a delayed trigger (603.7a) that keeps
        the targeted spell's mana value."""
        text = "At the beginning of your next main phase, add an amount of {C} equal to that spell's mana value."
        return [_Part(CreateDelayedTrigger(TriggeredAbility(BeginningOfYourNextMainPhase(), (AddThatSpellsManaValue(),),
                                                            text), "target_mana_value"))]

    def legendary_pronoun(self, _word: Token) -> Literal["it"]:
        """"he" / "she": a legendary card's pronoun for itself, as "it" (bound by `_bind_it`)."""
        return "it"

    def deal_x_damage(self, source: str, targets: Targets) -> _Part:
        """"When Morlun enters, he deals X damage to target opponent." (107.3m: the X of the spell it
        was; only where there is one, `_creates_x`)."""
        return _Part(DealDamageCounted(CostX()), targets=targets, it=source == "it")

    def plasm_capture(self) -> list[_Part]:
        """"At the beginning of your next first main phase, add X mana in any combination of colors,
        where X is that spell's mana value." (Plasm Capture, after "Counter target spell."; 603.7a, 505.1)."""
        text = ("At the beginning of your next first main phase, add X mana in any combination of colors, "
                "where X is that spell's mana value.")
        return [_Part(CreateDelayedTrigger(TriggeredAbility(BeginningOfYourNextMainPhase(first=True),
                                                            (AddThatSpellsManaValue(any_colors=True),), text),
                                           "target_mana_value"))]

    def life_totals_become_creatures(self) -> _Part:
        return _Part(LifeTotalsBecomeCreatures())

    def active_gains_domain(self, n: int) -> _Part:
        """"that player gains 1 life for each basic land type among lands they control" (Collapsing Borders)."""
        return _Part(ActivePlayerGainsPerDomain(n))

    def then_damage_active(self, _self: str, n: int) -> list[_Part]:
        """"Then this enchantment deals 3 damage to that player." (Collapsing Borders)."""
        return [_Part(DamageActivePlayer(n))]

    def then_may_become(self, becomes: BecomesCreature, _still: Token) -> list[_Part]:
        """"Then you may have it become a 0/0 Elemental creature until end of turn. It's still a land."
        (Crawling Barrens): "it" is the source (its controller's choice as it gets there, 608.2d;
        611.2c, 613.1)."""
        kinds = " ".join((*becomes.subtypes, "creature"))
        described = f"have it become a {becomes.power}/{becomes.toughness} {kinds} until end of turn"
        return [_Part(MayDo(replace(becomes, still_land=True), described))]

    def valakut(self, _a: Token, land_type: Token, n: int, land_types: Token, _may: Token, _self: str,
                        amount: int) -> TriggeredAbility:
        """"Whenever a Mountain you control enters, if you control at least five other Mountains, you may
        have this land deal 3 damage to any target." (603.6a; 603.4 with "other": not the one that
        entered; 608.2d; the target chosen as it is put on the stack, 603.3d)."""
        kind = str(land_type)
        if _singular_land_type(land_types) != kind:
            raise _Problem("the other permanents must be of the land type that entered")
        return TriggeredAbility(PermanentEnters(Selector(subtypes=(kind,), controller="you")),
                                (MayDo(DealDamage(amount, "target"), f"have this land deal {amount} damage to any target"),),
                                "", Targets(ANY_TARGET, players="any"), intervening=OtherThanEnteredAtLeast(kind, n))

    def enchanted_land_has_triggered(self, ability: TriggeredAbility) -> StaticAbilityLine:
        """"Enchanted land has "At the beginning of your upkeep, ..."" (Farmstead; 613.1f)."""
        return StaticAbilityLine(GrantAbility(Selector(types=("Land",), relation="enchanted"), ability), "")

    def may_pay_gain(self, _may: Token, *items: Any) -> list[_Part]:
        """"you may pay {W}{W}. If you do, you gain 1 life." (608.2d, 608.2c; 119.3)."""
        *symbols, n = items
        cost = parse_mana_cost("".join(str(s) for s in symbols))
        if cost.x or cost.hybrid:
            raise _Problem("paying X or hybrid mana for \"you may pay\" is not supported")
        return [_Part(MayDo(PayThenGainLife(cost, n), "pay " + "".join(str(s) for s in symbols)))]

    def cast_from_elsewhere(self) -> TriggerCondition:
        return CastFromElsewhere()

    def whenever_you_gain_life(self) -> TriggerCondition:
        return YouGainLife()

    def then_if_remove_untap(self, n: int, counter: Token, _word_: Token, _self: str) -> list[_Part]:
        """"Then if there are three or more ribbon counters on this creature, remove those counters and
        untap it." (Prize Pig; 608.2c)."""
        kind = _counter(counter, n)
        return [_Part(IfThen(SelfHasCounters(kind, n), RemoveAllCountersAndUntap(kind)))]

    def may_life_total_become(self, _may: Token, counter: Token, _word_: Token, _self: str) -> _Part:
        """"you may have your life total become the number of charge counters on this artifact"
        (Eternity Vessel; 608.2d, 119.5): the counters as it resolves (608.2h)."""
        kind = _counter(counter, 2)
        return _Part(MayDo(LifeTotalBecomes(CountersOnSource(kind)),
                           f"have your life total become the number of {kind} counters on it"))

    def dies_gain_draw_power(self, *items: Any) -> TriggeredAbility:
        """"When this creature dies, you gain life and draw cards equal to its power." (Lifeblood Hydra:
        its last known power, 603.10a)."""
        return TriggeredAbility(DiesSelfPower(), (GainLifeAndDrawPower(),), "")

    def then_create_with_counters(self, _a: Token, token: TokenSpec, counter: Token, _word_: Token,
                                          q: Quantity) -> list[_Part]:
        """"Then create a 0/0 green and blue Fractal creature token. Put X +1/+1 counters on it, where X
        is ..." (Paradox Zone): "it" is that token (111.1, 122.1)."""
        self.ctx.tokens.append(token)
        return [_Part(CreateTokenWithCounters(_create(token, 1), _counter(counter, 2), q), token=token)]

    def half_x(self) -> list[_Part]:
        """"you gain half X life and draw half X cards. Round down each time." (Hydroid Krasis: the
        X of the spell its "When you cast this spell" trigger sees, 107.1a)."""
        return [_Part(LifeCounted(HalfSourceX())), _Part(DrawCounted(HalfSourceX()))]

    def draw_if(self, cond: Condition) -> list[_Part]:
        """"Draw a card if you control an artifact." (Roadside Reliquary; 608.2c: checked as it gets there)."""
        return [_Part(IfThen(cond, DrawCards(1)))]

    def enters_with_x_more(self, _self: str, counter: Token, _word_: Token, n: int, counter2: Token,
                                   _word2_: Token) -> ReplacementAbility:
        """"This creature enters with X +1/+1 counters on it. If X is 5 or more, it enters with an
        additional X +1/+1 counters on it." (Apocalypse Hydra; 614.1c)."""
        if _counter(counter, 2) != _counter(counter2, 2):
            raise _Problem("the additional counters must be of the same kind")
        return ReplacementAbility(EntersWithXMore(_counter(counter, 2), n), "")

    def taps_not_their_turn(self) -> TriggerCondition:
        """"Whenever a player taps a land for mana, if it's not that player's turn," (Price of Glory;
        106.12a, 603.4)."""
        return LandTappedForMana("any", not_their_turn=True)

    def destroy_that_land(self) -> _Part:
        return _Part(DestroyThatLand())

    def prevented_enchanted(self) -> str:
        """"... dealt to enchanted creature this turn" (Fylgja): the creature the Aura enchants."""
        return "enchanted"

    def target_gains_life(self, targets: Targets, n: int) -> _Part:
        """"Target player gains 3 life." (Trigon of Mending; 119.3): each legal target player (608.2b)."""
        return _Part(LifeCounted(Fixed(n), who="target"), targets=targets)

    def draw_then_lose_per_hand(self) -> list[_Part]:
        """"Draw a card, then you lose life equal to the number of cards in your hand." (Castle
        Locthwain): the cards in the hand counted after the draw (608.2c, 608.2h)."""
        return [_Part(DrawCards(1)), _Part(LifeCounted(CardsInHand(), gain=False))]

    def then_put_counters(self, n: int, counter: Token, _word_: Token, _self: str) -> list[_Part]:
        """"Then put a charge counter on this artifact." (Altar of Shadows): an instruction after the
        one before it (608.2c), on the source."""
        return [_Part(PutCounters(_counter(counter, n), n, "self"))]

    def prevented_self(self, _self: str) -> str:
        return "self"

    def prevent_x(self, q: Quantity) -> Quantity:
        return q

    def combat_restriction_this_turn(self, who: Any, what: Token) -> _Part:
        """"Target creature can't block this turn." (inert: no combat here)."""
        effect = CombatRestrictionThisTurn(str(what).lower())
        if who == "it":
            return _Part(effect, it=True)
        return _Part(effect, targets=who[1]) if isinstance(who, tuple) else _Part(effect)

    def combat_restriction(self, _self: str, what: Token) -> StaticAbilityLine:
        """"This creature can't block." (inert: no combat here)."""
        return StaticAbilityLine(CombatRestriction(str(what).lower()), "")

    def combat_rule(self, what: Token) -> StaticAbilityLine:
        """"Creatures without flying or islandwalk can't attack." (inert: no combat here)."""
        return StaticAbilityLine(CombatRestriction(str(what).lower().rstrip(".")), "")

    def combat_restriction_enchanted(self, what: Token) -> StaticAbilityLine:
        """"Enchanted creature can't attack or block." (inert: no combat here)."""
        return StaticAbilityLine(CombatRestriction(str(what).lower()), "")

    def pumped_self(self, _self: str) -> str:
        return "self"

    def pumped_group(self, what: Selector) -> tuple[str, Selector]:
        return ("group", what)

    def pumped_all(self, other: Token | None, plural: Token) -> tuple[str, Selector]:
        """"All creatures" / "All other creatures" (not the source, 109.2): every one, whoever controls it."""
        kind = _word(plural)[:-1].capitalize()
        return ("group", Selector(types=() if kind == "Permanent" else (kind,), other=other is not None))

    def pump_changes(self, *changes: tuple[str, Any]) -> dict[str, Any]:
        found = dict(changes)
        if len(found) != len(changes):
            raise _Problem("the same kind of change twice in one effect")
        return found

    def pump_pt(self, _gets: Token, modifier: Token) -> tuple[str, Any]:
        return ("pt", tuple(int(v) for v in str(modifier).split("/")))

    def pump_keywords_change(self, _gains: Token, names: tuple[str, ...]) -> tuple[str, Any]:
        return ("keywords", names)

    def pump_keywords(self, *words: Token) -> tuple[str, ...]:
        names = tuple(_word(w).capitalize() for w in words)
        if len(set(names)) != len(names):
            raise _Problem("a keyword is repeated")
        return names

    def pump_per(self, per: Quantity) -> Quantity:
        return per

    def pump_per_each(self, what: Selector) -> Quantity:
        return CountOf(what)

    def pump_target(self, up_to: Token | None, what: Selector,
                    controller: Literal["you", "opponent"] | None = None) -> tuple[str, Targets]:
        """"target creature you control" / "up to one target creature" (115.1, 601.2c: zero or one)."""
        sel = replace(what, controller=controller or "any")
        return ("target", Targets(sel, min=0 if up_to is not None else 1, max=1))

    def pump_target_another(self, up_to: Token | None, what: Selector,
                            controller: Literal["you", "opponent"] | None = None) -> tuple[str, Targets]:
        """"another target artifact" (109.2: any but the source itself)."""
        kind, targets = self.pump_target(up_to, what, controller)
        return (kind, replace(targets, what=replace(targets.what, other=True)))

    def tap_n_targets(self, verb: Token, count: tuple[int, int], kinds: Token,
                      controller: Literal["you", "opponent"] | None = None) -> _Part:
        """"Tap two target lands." / "Untap up to two target creatures." (701.26, 115.1)."""
        if count[1] < 2:
            raise _Problem("plural targets need a number of two or more")
        kind = _word(kinds)[:-1].capitalize()
        sel = Selector(types=() if kind == "Permanent" else (kind,), controller=controller or "any")
        return _Part(TapTarget(untap=_word(verb) == "untap"), targets=Targets(sel, count[0], count[1]))

    def pump_target_attacking(self, up_to: Token | None, _attacking: Token, what: Selector,
                              controller: Literal["you", "opponent"] | None = None) -> tuple[str, Targets]:
        """"target attacking Assembly-Worker" (Mishra's Foundry): an attacking creature (506.4);
        there is no combat here, so there is never one and the ability cannot be activated."""
        kind, spec = self.pump_target(up_to, replace(what, attacking=True), controller)
        return kind, spec

    def pump_target_pt(self, up_to: Token | None, pt: Token, what: Selector,
                       controller: Literal["you", "opponent"] | None = None) -> tuple[str, Targets]:
        """"target 1/1 creature" (Pendelhaven): a creature whose power and toughness are those now
        (checked as it is chosen and again as the ability resolves, 608.2b)."""
        if what.types != ("Creature",):
            raise _Problem("only a creature has power and toughness to be targeted by")
        power, toughness = (int(v) for v in str(pt).split("/"))
        return self.pump_target(up_to, replace(what, pt=(power, toughness)), controller)

    def pump_x(self, _gets: Token, modifier: Token) -> tuple[str, Any]:
        """"+X/+0", "-X/-X", "+X/+X": each part X, -X or 0 (a number beside X is not supported)."""
        def part(v: str) -> int:
            if v[1:].upper() == "X":
                return 1 if v[0] == "+" else -1
            if int(v[1:]) != 0:
                raise _Problem("a power/toughness change of X and a number other than 0 is not supported")
            return 0
        power, toughness = (part(v) for v in str(modifier).split("/"))
        return ("ptx", (power, toughness))

    def pump_where_x(self, who: Any, changes: dict[str, Any], x: Quantity) -> _Part:
        """"Target creature gets +X/+X until end of turn, where X is the number of Gates you control."
        (Basilisk Gate): X counted as it resolves (608.2h)."""
        if "ptx" not in changes:
            raise _Problem('"where X is" without an X in the change')
        return self.pump(who, changes, _WhereX(x))

    def pumped_attacking(self, _attacking: Token, plural: Token) -> tuple[str, Selector]:
        """"Attacking creatures get +1/+0 until end of turn." (Duergar Mine-Captain): none here (no
        combat, 506.4), so nothing changes."""
        if _word(plural) != "creatures":
            raise _Problem("only creatures attack")
        return ("group", Selector(types=("Creature",), attacking=True))

    def target_typed(self, supertype: Token | None, subtype: Token | None, *kinds: Token) -> Selector:
        """"legendary creature", "Goblin creature", "artifact or creature", "permanent"."""
        names = [_word(k).capitalize() for k in kinds]
        if len(set(names)) != len(names) or ("Permanent" in names and len(names) > 1):
            raise _Problem("a kind of permanent is repeated, or is one of several with 'permanent'")
        sel = Selector(supertypes=(_word(supertype).capitalize(),) if supertype is not None else (),
                       subtypes=(_target_subtype(str(subtype)),) if subtype is not None else ())
        if names == ["Permanent"]:
            return sel
        return replace(sel, types=tuple(names)) if len(names) == 1 else replace(sel, any_of=tuple(names))

    def target_subtype(self, subtype: Token) -> Selector:
        """"target Elf" / "target Wizard you control": a permanent with that subtype (205.3)."""
        return Selector(subtypes=(_target_subtype(str(subtype)),))

    def target_non(self, non: Token, kind: Token) -> Selector:
        """"target nonland permanent" / "target noncreature artifact"."""
        kind_word = _word(kind).capitalize()
        excluded = _word(non)[3:].capitalize()
        if excluded == kind_word:
            raise _Problem(f"a non{excluded.lower()} {kind_word.lower()} is nothing")
        return Selector(types=() if kind_word == "Permanent" else (kind_word,), non=(excluded,))

    def target_subtype_list(self, *names: Token) -> tuple[str, ...]:
        found = tuple(_target_subtype(str(n)) for n in names)
        if len(set(found)) != len(found):
            raise _Problem("a subtype is named twice")
        return found

    def target_subtypes(self, names: tuple[str, ...]) -> Selector:
        """"target Ninja or Turtle" / "target Bird, Cat, Dog, Goat, Ox, or Snake": a permanent with
        one of those subtypes (205.3)."""
        return Selector(any_subtype=names)

    def target_entered(self, color: Token | None, non: Token | None, kind: Token, entered: Token) -> Selector:
        """"target colorless creature that entered this turn" (105.2c) / "target non-Human creature
        that entered this turn" (205.3): read as the target is chosen and again as it resolves."""
        kind_word = _word(kind).capitalize()
        sel = Selector(types=() if kind_word == "Permanent" else (kind_word,), entered_this_turn=True)
        if color is not None:
            word = _word(color)
            sel = replace(sel, colorless=True) if word == "colorless" else replace(sel, colors=(_COLOR_WORDS[word],))
        if non is not None:
            sel = replace(sel, non_subtypes=(_target_subtype(str(non)[4:]),))
        return sel

    def that_creature(self) -> Literal["that creature"]:
        return "that creature"

    def explores_again(self) -> int:
        return 2

    def explores_times(self, n: int | Literal["X"]) -> int | Literal["X"]:
        if n == 0:
            raise _Problem("exploring zero times is not an effect")
        return n

    def explore(self, who: Literal["self", "it", "that creature"] | tuple[Literal["target"], Targets],
                times: int | Literal["X"] = 1) -> _Part:
        if isinstance(who, tuple):
            return _Part(Explore(who[0], times), targets=who[1])
        if who == "it":
            return _Part(Explore("self", times), it=True)
        return _Part(Explore(who, times))

    def put_counters(self, n: int, counter: Token, _word_: Token, _self: str) -> _Part:
        return _Part(PutCounters(_counter(counter, n), n, "self"))

    def put_counters_on_target(self, n: int, counter: Token, _word_: Token,
                               target: tuple[str, Targets]) -> _Part:
        return _Part(PutCounters(_counter(counter, n), n, "target"), targets=target[1])

    def put_counters_on_target_extra(self, n: int, counter: Token, _word_: Token, what: Selector) -> _Part:
        """"Put a +1/+1 counter on target Bird, Cat, ... or Snake." / "... on target colorless
        creature that entered this turn." (115.1, 122.1)."""
        return _Part(PutCounters(_counter(counter, n), n, "target"), targets=Targets(what))

    def put_counters_on_another_target(self, n: int, counter: Token, _word_: Token, kind: Token) -> _Part:
        """"Put a -1/-1 counter on another target creature." (Grim Poppet): any but the source (109.2)."""
        _, targets = self.target_permanent(kind)
        return _Part(PutCounters(_counter(counter, n), n, "target"),
                     targets=replace(targets, what=replace(targets.what, other=True)))

    def put_counters_on_target_subtype(self, n: int, counter: Token, _word_: Token, subtype: Token) -> _Part:
        """"Put a +1/+1 counter on target Spider." (Guy in the Chair): a permanent with that subtype
        (205.3, 115.1, 122.1)."""
        return _Part(PutCounters(_counter(counter, n), n, "target"), targets=Targets(self.target_subtype(subtype)))

    def untap_self(self, _self: str) -> _Part:
        return _Part(UntapSelf())

    def sacrifice_if_no_counters(self, counter: Token, _counters: Token, _self: str) -> _Part:
        """"If there are no depletion counters on this land, sacrifice it." (Peat Bog)."""
        return _Part(SacrificeIfNoCounters(str(counter)))

    # ---- counters: cards/model_counters.py
    def remove_counters_self(self, n: int | str, counter: Token, _word_: Token, who: str) -> _Part:
        if not isinstance(n, int):
            raise _Problem("removing X counters in an effect is not supported")
        return _Part(RemoveCounters(_counter(counter, n), n, "self"), it=who == "it")

    def remove_counters_target(self, n: int | str, counter: Token, _word_: Token,
                               target: tuple[str, Targets]) -> _Part:
        if not isinstance(n, int):
            raise _Problem("removing X counters in an effect is not supported")
        return _Part(RemoveCounters(_counter(counter, n), n, "target"), targets=target[1])

    def put_x_counters_self(self, counter: Token, _word_: Token, _self: str, per: Any) -> _Part:
        return _Part(PutCountersCounted(_counter(counter, 2), per, "self"))

    def put_x_counters_target(self, counter: Token, _word_: Token, target: tuple[str, Targets], per: Any) -> _Part:
        return _Part(PutCountersCounted(_counter(counter, 2), per, "target"), targets=target[1])

    def put_counters_per_counter(self, n: int, counter: Token, _word_: Token, target: tuple[str, Targets],
                                 counted: Token, who: str) -> _Part:
        if n != 1:
            raise _Problem('"for each" needs "a" counter')
        return _Part(PutCountersCounted(_counter(counter, 1), CountersOnSource(_counter(counted, 1)), "target"),
                     targets=target[1], it=who == "it")

    def put_its_counters(self, target: tuple[str, Targets]) -> _Part:
        return _Part(PutItsCounters(), targets=target[1])

    def that_player_draws_per_counter(self, counted: Token, _self: str) -> _Part:
        """"At the beginning of each player's upkeep, that player draws a card for each +1/+1
        counter on this creature." (Walking Archive; 121.1: the player whose upkeep it is)."""
        return _Part(DrawCounted(CountersOnSource(_counter(counted, 1)), who="active_player"))

    def draw_per_counter(self, counted: Token, who: str) -> _Part:
        return _Part(DrawCounted(CountersOnSource(_counter(counted, 1))), it=who == "it")

    def put_counters_on_each(self, n: int, counter: Token, _word_: Token, affected: Selector) -> _Part:
        """"Put a +1/+1 counter on each creature you control." (Gavony Township)."""
        return _Part(PutCountersOnEach(_counter(counter, n), n, affected))

    def double_counters_self(self, counter: Token, _word_: Token, who: str) -> _Part:
        """"Double the number of +1/+1 counters on this creature." (Primordial Hydra; 701.10e)."""
        return _Part(DoubleCounters(_counter(counter, 2)), it=who == "it")

    def double_counters_each(self, counter: Token, _word_: Token, affected: Selector) -> _Part:
        return _Part(DoubleCounters(_counter(counter, 2), affected))

    def each_permanent(self, other: Token | None, color: Token | None, subtype: Token | None, kind: Token,
                       controller: Literal["you", "opponent"] | None, entered: Token | None) -> Selector:
        """"each creature you control", "each other creature", "each green creature that entered
        this turn": whoever controls it unless the phrase says."""
        sel = _permanent_you_control(kind)
        return replace(sel, controller=controller or "any", other=other is not None,
                       subtypes=(_subtype(str(subtype), plural=False),) if subtype is not None else (),
                       colors=(_COLOR_WORDS[_word(color)],) if color is not None else (),
                       entered_this_turn=entered is not None)

    # ---- "Sacrifice another creature" / "a Cleric creature" / "a token" (701.21a)
    def cost_sacrifice_another(self, what: Selector) -> tuple[str, Any]:
        return ("sacrifice", replace(what, other=True))

    def cost_sacrifice_kind(self, _article: Token, what: Selector) -> tuple[str, Any]:
        return ("sacrifice", what)

    def sac_typed(self, kind: Token) -> Selector:
        return _permanent_you_control(kind)

    def sac_subtype(self, name: Token) -> Selector:
        return Selector(subtypes=(_subtype(str(name), plural=False),), controller="you")

    def sac_subtype_typed(self, name: Token, kind: Token) -> Selector:
        return replace(_permanent_you_control(kind), subtypes=(_subtype(str(name), plural=False),))

    def sac_color_typed(self, color: Token, kind: Token) -> Selector:
        return replace(_permanent_you_control(kind), colors=(_COLOR_WORDS[_word(color)],))

    def sac_token(self) -> Selector:
        return Selector(controller="you", token=True)

    def sac_subtype_token(self, name: Token) -> Selector:
        return Selector(subtypes=(_subtype(str(name), plural=False),), controller="you", token=True)

    def sac_either(self, one: Token, other: Token) -> Selector:
        kinds = (_word(one).capitalize(), _word(other).capitalize())
        if len(set(kinds)) != 2 or "Permanent" in kinds:
            raise _Problem("a kind of permanent is repeated, or is one of two with 'permanent'")
        return Selector(any_of=kinds, controller="you")

    def self_quantity(self, q: Any) -> Any:
        return q

    def q_its_power(self) -> Any:
        return SourceStat("power")

    def q_its_toughness(self) -> Any:
        return SourceStat("toughness")

    # ---- cost reductions (601.2f): cards/model_costs.py
    def ability_costs_less(self, symbol: Token, per: Quantity) -> list[Any]:
        return [_ReductionPart(CostReduction(_reduction_amount(symbol), per))]

    def spell_costs_less(self, symbol: Token, per: Quantity) -> StaticAbilityLine:
        return StaticAbilityLine(SpellCostReduction(CostReduction(_reduction_amount(symbol), per)), "")

    def per_each(self, what: Selector) -> Quantity:
        return CountOf(what)

    def per_counter(self, counter: Token, _self: str) -> Quantity:
        return CountersOnSource(_counter(counter, 1))

    def sacrifice_self(self, who: str) -> _Part:
        return _Part(SacrificeSelf(), it=who == "it")

    def add_instead_if(self, mana: Any, cond: Condition) -> list[Any]:
        """"Add {B}{B}{B}{B}{B} instead if there are seven or more cards in your graveyard." (Cabal
        Ritual): the other mana of the "Add ..." of the line before (608.2c)."""
        return [_InsteadPart(cond, mana)]

    def add_instead(self, cond: Condition, mana: Any) -> list[Any]:
        """"If you control four or more creatures, add {G}{G} instead." (cards/model_instead.py):
        not an effect of its own, the other mana of the "Add ..." just before it."""
        return [_InsteadPart(cond, mana)]

    def if_then(self, cond: Condition, part: _Part) -> list[_Part]:
        """"If there are no depletion counters on this land, sacrifice it." (608.2c): a sentence."""
        if not isinstance(part, _Part):
            raise _Problem("that instruction cannot follow \"if ...,\"")
        if isinstance(part.effect, (AddMana, IfThen)) or (part.token is not None
                                                          and not isinstance(cond, TriggerSpellAllColors)):
            # (tokens: only "If that spell was all colors, create ..." (Jenson Carthalion), a fixed
            # number of tokens the condition decides as the ability gets to it, 608.2c)
            raise _Problem("adding mana or creating tokens only if a condition holds is not supported")
        if isinstance(part.effect, MayDo):   # the pending `may` finds its instruction at the top level only
            raise _Problem('"you may" only if a condition holds is not supported')
        return [replace(part, effect=IfThen(cond, part.effect))]

    def self_counters_at_least(self, n: int, counter: Token, _word_: Token, _self: str) -> Condition:
        """"Activate only if there are three or more brick counters on this artifact." (602.5b)."""
        return SelfHasCounters(_counter(counter, 2), n)

    def self_has_no_counters(self, *args: Any) -> Condition:
        """"there are no depletion counters on this land" / "this creature has no shell counters
        on it" (122.1)."""
        counter = next(a for a in args if isinstance(a, Token) and a.type in ("COUNTER", "COUNTER_KIND"))
        return SelfHasNoCounters(_counter(counter, 2))

    def its_controller_loses_life(self, n: int) -> _Part:
        """"its controller loses 2 life": the enchanted land's controller (Contaminated Ground)."""
        return _Part(ItsControllerLosesLife(n))

    def whenever_you_tap_self_for_mana(self, _self: str) -> TriggerCondition:
        """"Whenever you tap this creature for mana" (106.12a)."""
        return SelfTappedForMana()

    def whenever_enchanted_land_becomes_tapped(self) -> TriggerCondition:
        """"Whenever enchanted land becomes tapped" (603.2, 701.26a)."""
        return EnchantedBecomesTapped()

    def mana_per_theirs(self, symbol: Token, what: Token) -> AddCounted:
        """"{C} for each artifact they control": counted for "that player", the active player (102.1)."""
        return AddCounted(ActivePlayerCount(_permanent_you_control(what)), (str(symbol)[1],))

    def self_tapped(self, _self: str) -> Condition:
        """"if this creature is tapped" (110.5; 603.4)."""
        return SelfTapped()

    def land_deals_damage(self, n: int) -> _Part:
        """"Then that land deals 1 damage to that player." (120.3)"""
        return _Part(LandDealsDamage(n))

    def whenever_a_player_taps_a_snow_land(self) -> TriggerCondition:
        """"Whenever a player taps a snow land for mana" (Winter's Night; 205.4g, 106.12a)."""
        return LandTappedForMana("any", snow=True)

    def self_is_untapped(self, _self: str) -> Condition:
        """"if this artifact is untapped" (110.5; 603.4)."""
        return SelfUntapped()

    def may_not_untap(self, _self: str) -> StaticAbilityLine:
        """"You may choose not to untap this land during your untap step." (502.3)"""
        return StaticAbilityLine(MayNotUntap(), "")

    def return_self_during_next_untap(self, _self: str) -> _Part:
        """Undiscovered Paradise (502.3; a mana ability's effect, 605.3b)."""
        return _Part(ReturnDuringNextUntap())

    def tap_lands_of_that_player(self) -> _Part:
        """"tap all lands that player controls" (War's Toll): the player who tapped the land (603.2)."""
        return _Part(TapLandsOfThatPlayer())

    def that_land_skips_untap(self) -> _Part:
        """"That land doesn't untap during its controller's next untap step." (the tapped land, 603.2)"""
        return _Part(SkipsNextUntap("that_land"))

    def target_skips_untap(self, target: tuple[str, Targets]) -> _Part:
        """"Target creature an opponent controls doesn't untap during its controller's next untap step." (502.3)"""
        return _Part(SkipsNextUntap("target"), targets=target[1])

    def those_skip_untap(self, kinds: Token) -> _Part:
        """"Those creatures don't untap during their controller's next untap step.": the targets of
        the sentence before (Adverse Conditions)."""
        return _Part(SkipsNextUntap("target"))

    def skip_next_untap(self, _self: str) -> _Part:
        return _Part(SkipNextUntap())

    def get_energy(self, *symbols: Token) -> _Part:
        """"You get {E}{E}." (107.14)."""
        return _Part(GetEnergy(len(symbols)))

    def gain_life(self, n: int) -> _Part:
        return _Part(GainLife(n))

    # ---- life counted as the ability resolves (119.3, 608.2h; model_amounts.py)
    def gain_life_per(self, n: int, what: Selector) -> _Part:
        return _Part(LifeCounted(CountOf(what), n))

    def gain_life_per_counter(self, n: int, counter: Token, _self: str) -> _Part:
        return _Part(LifeCounted(CountersOnSource(_counter(counter, 1)), n))

    def gain_life_per_domain(self, n: int) -> _Part:
        return _Part(LifeCounted(BasicLandTypesAmong(), n))

    def gain_life_equal(self, q: Quantity) -> _Part:
        return _Part(LifeCounted(q))

    def each_opponent_gains_life(self, n: int) -> _Part:
        """"Each opponent gains 1 life." (Grove of the Burnwillows; 119.3)."""
        return _Part(LifeCounted(Fixed(n), who="each_opponent"))

    def deal_damage_x_target(self, source: str, targets: Targets, q: Quantity) -> _Part:
        return _Part(DealDamageCounted(_damage_amount(q)), targets=targets, it=source == "it")

    def deal_damage_equal_target(self, source: str, q: Quantity, targets: Targets) -> _Part:
        return _Part(DealDamageCounted(_damage_amount(q)), targets=targets, it=source == "it")

    def deal_damage_equal_each_opponent(self, source: str, q: Quantity) -> _Part:
        return _Part(DealDamageCounted(_damage_amount(q), "each_opponent"), it=source == "it")

    def deal_damage_x_each_opponent(self, source: str, q: Quantity) -> _Part:
        return _Part(DealDamageCounted(_damage_amount(q), "each_opponent"), it=source == "it")

    def you_control_colored_at_least(self, n: int, color: Token, kind: Token) -> Condition:
        """"you control two or more green permanents" (602.5b; 105.2)."""
        shade = "colorless" if _word(color) == "colorless" else _COLOR_WORDS[_word(color)]
        return QuantityAtLeast(CountWhere(_permanent_you_control(_word(kind)[:-1]), color=shade), n)

    def gain_life_per_more(self, n: int, q: Quantity) -> _Part:
        return _Part(LifeCounted(q, n))

    def draw_per_more(self, q: Quantity) -> _Part:
        return _Part(DrawCounted(q))

    def mana_per_more(self, symbol: Token, q: Quantity) -> AddCounted:
        """"Add {R} for each tapped land your opponents control." (Mana Geyser): counted as it
        resolves (608.2h)."""
        return AddCounted(q, (str(symbol)[1],))

    def more_tapped(self, state: Token, kind: Token, controller: Literal["you", "opponent"]) -> Quantity:
        return CountWhere(replace(_permanent_you_control(kind), controller=controller), tapped=_word(state) == "tapped")

    def cc_you(self) -> Literal["you"]:
        return "you"

    def cc_opponents(self, _tok: Token) -> Literal["opponent"]:
        return "opponent"

    def more_basic(self, land_type: Token) -> Quantity:
        return CountOf(Selector(subtypes=(str(land_type),), controller="you", supertypes=("Basic",)))

    def more_with_keyword(self, kind: Token, keyword: Token) -> Quantity:
        return CountWhere(_permanent_you_control(kind), keyword=_word(keyword).capitalize())

    def more_min_power(self, kind: Token, n: int) -> Quantity:
        return CountWhere(_permanent_you_control(kind), min_power=n)

    def more_color_graveyard(self, color: Token, kind: Token) -> Quantity:
        return CountWhere(Selector(zone="graveyard", types=(_word(kind).capitalize(),), controller="you"),
                          color=_COLOR_WORDS[_word(color)])

    def more_color_you(self, color: Token, kind: Token) -> Quantity:
        shade = "colorless" if _word(color) == "colorless" else _COLOR_WORDS[_word(color)]
        return CountWhere(_permanent_you_control(kind), color=shade)

    def more_opponents(self, kind: Token, _tok: Token) -> Quantity:
        return CountOf(replace(_permanent_you_control(kind), controller="opponent"))

    def add_then_per_named_card(self, *symbols: Token) -> list[_Part]:
        """Rite of Flame: "Add {R}{R}, then add {R} for each card named Rite of Flame in each
        graveyard." (201.2: the name; counted as the spell resolves, on the stack, 608.2h)."""
        *fixed, per = symbols
        named = CountWhere(Selector(zone="graveyard"), name=self.ctx.line.name)
        return [_Part(AddMana(AddFixed(tuple(str(t)[1] for t in fixed)))),
                _Part(AddMana(AddCounted(named, (str(per)[1],))))]

    def more_named_self(self, kind: Token) -> Quantity:
        """"for each artifact you control named Powerstone Shard" (201.2: the name, the source among them)."""
        return CountWhere(_permanent_you_control(kind), name=self.ctx.line.name)

    def more_drawn_this_turn(self) -> Quantity:
        return CardsDrawnThisTurn()

    def q_life_gained_this_turn(self) -> Quantity:
        return LifeGainedThisTurn()

    def more_hand(self) -> Quantity:
        return CardsInHand()

    def opponents_lose_life_per(self, n: int, what: Selector) -> _Part:
        return _Part(LifeCounted(CountOf(what), n, gain=False, who="each_opponent"))

    def draw_a_card(self) -> _Part:
        return _Part(DrawCards(1))

    def draw_cards(self, n: int) -> _Part:
        return _Part(DrawCards(n))

    def create_tokens(self, n: int, token: TokenSpec) -> _Part:
        self.ctx.tokens.append(token)
        return _Part(_create(token, n), token=token)

    def create_tokens_with_ability(self, *items: Any) -> list[_Part]:
        """"Create two 0/1 colorless Eldrazi Spawn creature tokens. They have "Sacrifice this
        token: Add {C}."" (111.4): the quoted ability is part of the token's description, checked
        against the pool's [[token]] definition like its other characteristics. "this token" in
        it names the token, not the card with the effect."""
        *effects, n, token, has, ability = items
        if token.described is False:
            raise _Problem("only a described token can be given an ability in words")
        if (n == 1) != (_word(has) == "it has"):
            raise _Problem(f'"{has}" does not agree with the number of tokens created')
        while "token" in self.ctx.self_nouns:
            self.ctx.self_nouns.remove("token")
        spec = replace(token, abilities=(ability.text,))
        self.ctx.tokens.append(spec)
        return [*effects, _Part(_create(spec, n), token=spec)]

    def create_tokens_with_quoted_ability(self, *items: Any) -> list[_Part]:
        """"Create three 0/1 colorless Eldrazi Spawn creature tokens with "Sacrifice this token:
        Add {C}."" (111.4): as "... tokens. They have "..."" (the token's description)."""
        *effects, n, token, ability = items
        return self.create_tokens_with_ability(*effects, n, token, "it has" if n == 1 else "they have", ability)

    def create_tokens_x(self, token: TokenSpec) -> _Part:
        """"Create X Treasure tokens." (Treasure Vault): X as paid in the activation cost (107.3m;
        refused without an X in the cost)."""
        self.ctx.tokens.append(token)
        return _Part(_create(token, CostX()), token=token)

    def create_tokens_x_where(self, token: TokenSpec, q: Quantity) -> _Part:
        """"Create X 1/1 white Soldier creature tokens, where X is the number of Bobbleheads you
        control." (107.3, 608.2h: counted as it resolves)."""
        self.ctx.tokens.append(token)
        return _Part(_create(token, q), token=token)

    def _create_each(self, n: int, token: TokenSpec, q: Quantity) -> _Part:
        if n != 1:
            raise _Problem('"for each" needs "a" token')
        self.ctx.tokens.append(token)
        return _Part(_create(token, q), token=token)

    def create_tokens_for_each(self, n: int, token: TokenSpec, what: Selector) -> _Part:
        """"Create a 1/1 ... token for each creature you control." (counted as it resolves)."""
        return self._create_each(n, token, CountOf(what))

    def create_tokens_for_each_more(self, n: int, token: TokenSpec, q: Quantity) -> _Part:
        return self._create_each(n, token, q)

    def create_tokens_for_domain(self, n: int, token: TokenSpec) -> _Part:
        """"Domain — Create a 1/1 green Saproling creature token for each basic land type among
        lands you control." (Spore Burst; 305.6)."""
        return self._create_each(n, token, BasicLandTypesAmong())

    def create_tokens_per_any_counter(self, n: int, token: TokenSpec, who: str) -> _Part:
        """"... for each counter on this creature" (Twitching Doll): counters of every kind (122.1),
        those of a source sacrificed for the cost as it last existed (608.2h); "... for each
        counter on it" in "When this creature dies, ..." (Kinsbaile Borderguard): the source's as
        it last existed on the battlefield (603.10a)."""
        return replace(self._create_each(n, token, CountersOnSource("")), it=who == "it")

    def create_tokens_its_controller(self, n: int, token: TokenSpec) -> _Part:
        """"Destroy target creature. Its controller creates a 2/4 white Ox creature token."
        (Transmogrifying Wand): the target's controller creates it (checked: one target)."""
        self.ctx.tokens.append(token)
        return _Part(replace(_create(token, n), by="target_controller"), token=token)

    def create_tokens_target_player(self, target: Targets, n: int, token: TokenSpec) -> _Part:
        """"target opponent creates a 1/1 colorless Spirit creature token" (Forbidden Orchard; 111.2:
        the player who creates it controls it)."""
        self.ctx.tokens.append(token)
        return _Part(replace(_create(token, n), by="target_player"), targets=target, token=token)

    def create_tokens_per_opponent(self, n: int, token: TokenSpec) -> _Part:
        """"Create a 1/1 black Rat creature token for each opponent you have." (102.3)."""
        return self._create_each(n, token, OpponentsCount())

    def create_tokens_per_counter(self, n: int, token: TokenSpec, counter: Token, who: str) -> _Part:
        """"... for each +1/+1 counter on this creature / on it" ("it" in "When this creature dies,
        ...": the source's counters as it last existed, 603.10a; Boss's Chauffeur)."""
        if n != 1:
            raise _Problem('"for each" needs "a" token')
        self.ctx.tokens.append(token)
        return _Part(_create(token, PerCounter(_counter(counter, 1))), token=token, it=who == "it")

    def per_counter_create(self, counter: Token, who: str, n: int, token: TokenSpec) -> _Part:
        """"for each hatchling counter on it, create a 1/1 black Insect creature token with flying."
        (Eumidian Hatchery): the same as "create ... for each ... counter on it"."""
        return self.create_tokens_per_counter(n, token, counter, who)

    def draw_equal_counters_it(self, counter: Token, _word_: Token) -> _Part:
        """"When this creature dies, draw cards equal to the number of oil counters on it."
        (Watchful Blisterzoa): counted as it resolves, the counters of the source as it last
        existed on the battlefield (603.10a, 608.2h)."""
        return _Part(DrawCounted(CountersOnSource(_counter(counter, 2))), it=True)

    def scry(self, n: int) -> _Part:
        if n < 1:
            raise _Problem("scry 0 is not an effect")
        return _Part(LookAtTop("scry", n))

    def surveil(self, n: int) -> _Part:
        if n < 1:
            raise _Problem("surveil 0 is not an effect")
        return _Part(LookAtTop("surveil", n))

    def return_to_hand(self, what: Selector) -> _Part:
        return _Part(ReturnToHand(what))

    def investigate(self) -> _Part:
        """701.16a: "Investigate" is "create a Clue token"."""
        token = TokenSpec("Clue")
        self.ctx.tokens.append(token)
        return _Part(CreateTokens("Clue", 1), token=token)

    def token_named(self, tapped: Token | None, *toks: Token) -> TokenSpec:
        return TokenSpec(" ".join(str(t) for t in toks if t.type == "TOKEN_NAME"), tapped=tapped is not None)

    def token_described(self, tapped: Token | None, pt: Token, colors: tuple[str, ...], *rest: Any) -> TokenSpec:
        toks = [r for r in rest if isinstance(r, Token)]
        keywords = next((r for r in rest if isinstance(r, tuple)), ())
        called = next((r for r in rest if isinstance(r, str) and not isinstance(r, Token)), "")
        power, toughness = (int(v) for v in str(pt).split("/"))
        return TokenSpec(name=" ".join(str(t) for t in toks if t.type == "TOKEN_NAME"),
                         power=power, toughness=toughness, colors=colors,
                         types=tuple(_word(t).capitalize() for t in toks if t.type == "TOKEN_TYPE"),
                         keywords=keywords, described=True, called=called, tapped=tapped is not None)

    @v_args(meta=True, inline=True)
    def token_called(self, meta: Any, _name: Token) -> str:
        """"named Kobolds of Kher Keep" (111.4): the name as printed (the card's own name in it
        is not "~" here)."""
        return self.ctx.line.printed_span(meta.start_pos, meta.end_pos).removeprefix("named").strip()

    def colorless(self) -> tuple[str, ...]:
        return ()

    def colored(self, *words: Token) -> tuple[str, ...]:
        letters = {_COLOR_WORDS[_word(w)] for w in words}
        return tuple(c for c in COLORS if c in letters)

    def token_keywords(self, *words: Token) -> tuple[str, ...]:
        return tuple(_word(w).capitalize() for w in words)

    def exactly_one(self) -> tuple[int, int]:
        return (1, 1)

    def exactly(self, n: int) -> tuple[int, int]:
        return (n, n)

    def up_to(self, n: int) -> tuple[int, int]:
        return (0, n)

    def graveyard_targets(self, count: tuple[int, int], kind: Token, cards: Token) -> Targets:
        return _graveyard_targets(count, cards, (_word(kind).capitalize(),), ())

    def graveyard_targets_any(self, count: tuple[int, int], subtype: Token | None, cards: Token) -> Targets:
        """"target card" / "target Zombie card" ... "from your graveyard" (205.3: a known subtype)."""
        return _graveyard_targets(count, cards, (), () if subtype is None else (_target_subtype(str(subtype)),))

    def graveyard_targets_subtype(self, count: tuple[int, int], subtype: Token, kind: Token, cards: Token) -> Targets:
        """"target Dragon creature card" ... "from your graveyard"."""
        return _graveyard_targets(count, cards, (_word(kind).capitalize(),), (_target_subtype(str(subtype)),))

    def graveyard_targets_either(self, count: tuple[int, int], one: Token, other: Token, cards: Token) -> Targets:
        """"target instant or sorcery card" ... "from your graveyard": a card of one of the two types."""
        t = _graveyard_targets(count, cards, (), ())
        return replace(t, what=replace(t.what, any_of=_two_kinds(one, other)))

    def graveyard_targets_subtypes(self, count: tuple[int, int], names: tuple[str, ...], cards: Token) -> Targets:
        """"target Bat, Lizard, Rat, or Squirrel card" ... "from your graveyard" (205.3)."""
        t = _graveyard_targets(count, cards, (), ())
        return replace(t, what=replace(t.what, any_subtype=names))

    def poolc_graveyard_targets_mv(self, count: tuple[int, int], kind: Token, cards: Token, n: int) -> Targets:
        """"target creature card with mana value 3 or less from your graveyard" (202.3)."""
        t = _graveyard_targets(count, cards, (_word(kind).capitalize(),), ())
        return replace(t, what=replace(t.what, mana_value_at_most=n))

    def poolc_graveyard_targets_either_mv(self, count: tuple[int, int], one: Token, other: Token, cards: Token,
                                          n: int) -> Targets:
        """"target artifact or creature card with mana value 3 or less from your graveyard" (202.3)."""
        t = _graveyard_targets(count, cards, (), ())
        return replace(t, what=replace(t.what, any_of=_two_kinds(one, other), mana_value_at_most=n))

    def return_card_to_hand(self, targets: Targets) -> _Part:
        return _Part(ReturnCardToHand(), targets=targets)

    def put_card_on_top(self, targets: Targets) -> _Part:
        return _put_card_in_library(targets, "top")

    def put_any_graveyard_card_bottom(self) -> _Part:
        """"Put target card from a graveyard on the bottom of its owner's library." (Vessel of
        Endless Rest; 115.1: any player's graveyard; 401.2)."""
        return _put_card_in_library(Targets(Selector(zone="graveyard", controller="any"), 1, 1), "bottom")

    def put_card_on_bottom(self, targets: Targets) -> _Part:
        return _put_card_in_library(targets, "bottom")

    def exile_targets(self, targets: Targets) -> _Part:
        return _Part(ExileTargets(), targets=targets)

    def return_to_battlefield(self, targets: Targets) -> _Part:
        if (targets.min, targets.max) != (1, 1):
            raise _Problem("returning more than one card is not supported")
        return _Part(ReturnToBattlefield(), targets=targets)

    def additional_land(self) -> _Part:
        return _Part(AdditionalLandPlay(1))

    def additional_lands(self, n: int) -> _Part:
        return _Part(AdditionalLandPlay(n))

    def sacrifice_self_unless(self, _self: str, _article: Token, what: Token) -> _Part:
        return _Part(SacrificeSelfUnless(_permanent_you_control(what)))

    # ---- lands: cards/model_lands.py
    def becomes_creature_until_eot(self, _self: str, becomes: BecomesCreature, still: Token | None) -> _Part:
        return _Part(replace(becomes, still_land=still is not None))

    def becomes_creature_quoted_until_eot(self, _self: str, becomes: BecomesCreature, still: Token) -> _Part:
        """"... with "{X}: This creature gets +X/+0 until end of turn." It's still a land." (Lavaclaw
        Reaches): the quoted ability's period ends the sentence before "It's still a land"."""
        if becomes.ability is None or not becomes.ability.text.endswith("."):
            raise _Problem('"It\'s still a land" needs a period before it')
        return _Part(replace(becomes, still_land=True))

    def becomes_artifact_creature_until_eot(self, _self: str) -> _Part:
        """"This Vehicle / It becomes an artifact creature until end of turn." (Crew's effect, 702.122a;
        Meldweb Strider): its printed power and toughness (301.7c), nothing else changed."""
        return _Part(BecomesCreature(None, None, types=("Artifact", "Creature")))

    def self_is_creature(self, _self: str) -> Condition:
        return SelfIsCreature()

    def target_becomes_creature_until_eot(self, target: tuple[str, Targets], becomes: BecomesCreature,
                                          still: Token | None) -> _Part:
        """"Target land you control becomes a 3/3 Elemental creature with haste until end of turn.
        It's still a land." (Llanowar Loamspeaker; 205.1b: every prior type kept)."""
        if still is None or target[1].what.types != ("Land",):
            raise _Problem("only a target land that is still a land becomes a creature here (205.1a-b)")
        if becomes.ability is not None:
            raise _Problem("a target gaining a quoted ability is not supported")
        return _Part(replace(becomes, still_land=True, who="target"), targets=target[1])

    def becomes_creature_lasting(self, _self: str, becomes: BecomesCreature, _still: Token | None = None) -> _Part:
        """"This land becomes a 3/3 Elemental artifact creature that's still a land." (Stalking
        Stones) / "... becomes a 3/3 creature with vigilance and all creature types. It's still a
        land." (Soulstone Sanctuary): no duration, so it lasts until the land leaves the
        battlefield (611.2a, 400.7)."""
        return _Part(replace(becomes, still_land=True, lasting=True))

    def target_becomes_type_until_eot(self, target: tuple[str, Targets], _article: Token, kind: Token) -> _Part:
        """"Target nonland permanent becomes an artifact in addition to its other types until end of
        turn." (Liquimetal Torque; layer 4, 205.1b: nothing removed)."""
        return _Part(BecomesCreature(None, None, types=(_word(kind).capitalize(),), who="target"), targets=target[1])

    def target_becomes_artifact_creature_until_eot(self, target: tuple[str, Targets]) -> _Part:
        """"Target Vehicle becomes an artifact creature until end of turn." (Mech Hangar): Crew's
        effect (702.122a) on a Vehicle, an artifact: its printed power and toughness (301.7c)."""
        if target[1].what.subtypes != ("Vehicle",) or target[1].what.types:
            raise _Problem("only a Vehicle becomes an artifact creature here (205.1a)")
        return _Part(BecomesCreature(None, None, types=("Artifact", "Creature"), who="target"), targets=target[1])

    def sentence_and_restriction(self, *rest: Any) -> list[_Part]:
        """"... becomes a 2/2 ... creature until end of turn and can't be blocked this turn." (Dimir
        Keyrune) / "... gets +1/+0 until end of turn and can't be blocked this turn." (Merfolk
        Cave-Diver): the restriction's object is the previous instruction's, and it is inert (no
        combat here)."""
        *parts, what = rest
        last = parts[-1]
        if not (isinstance(last.effect, BecomesCreature) and last.effect.who == "self"
                or isinstance(last.effect, ModifyPT) and last.effect.who == "self"):
            raise _Problem("a combat restriction after an instruction on something other than this object")
        return [*self.sentence(*parts), _Part(CombatRestrictionThisTurn(str(what).lower()))]

    def becomes_creature_base_pt(self, _article: Token, *rest: Any) -> BecomesCreature:
        """"This artifact becomes a Shapeshifter artifact creature with base power and toughness 3/3
        until end of turn." (Mimic; 613.4b: the base P/T set, layer 7b)."""
        pt = rest[-1]
        return self.becomes_creature(_article, pt, *rest[:-1])

    def becomes_quoted(self, ability: ActivatedAbility) -> ActivatedAbility:
        """A quoted ability the animated object gains; "this creature" in it is that object (113.7a)."""
        while "creature" in self.ctx.self_nouns:
            self.ctx.self_nouns.remove("creature")
        if ability.is_mana_ability or ability.is_loyalty_ability:
            raise _Problem("a quoted mana or loyalty ability gained this way is not supported")
        return ability

    @v_args(meta=True, inline=True)
    def becomes_quoted_bare(self, meta: Any, cost: Cost, part: _Part) -> ActivatedAbility:
        """"with "{B}: Regenerate this creature"": the quoted ability without its closing period."""
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).strip().strip('"').strip()
        ability = self.activated(meta, cost, [part])
        return self.becomes_quoted(replace(ability, text=text + "."))

    def becomes_creature(self, _article: Token, pt: Token, *rest: Any) -> BecomesCreature:
        colors = next((r for r in rest if isinstance(r, tuple) and r and r[0] == "colors"), None)
        withs = next((r for r in rest if isinstance(r, tuple) and r and r[0] == "keywords"), ("keywords",))
        quoted = [w for w in withs[1:] if isinstance(w, ActivatedAbility)]
        every_type = sum(1 for w in withs[1:] if isinstance(w, str) and w == "all creature types")
        keywords = ("keywords", *(w for w in withs[1:] if isinstance(w, str) and w != "all creature types"))
        if len(quoted) > 1 or every_type > 1:
            raise _Problem("more than one quoted ability, or all creature types twice, is not supported")
        words = [r for r in rest if isinstance(r, Token)]
        subtypes = []
        for w in words:
            if w.type != "CREATURE_WORD":
                continue
            found = creature_type(str(w))
            if found is None:
                raise _Problem(f"{str(w)!r} is not a creature type (205.3m)")
            subtypes.append(found)
        artifact = any(w.type == "ARTIFACT_WORD" for w in words)
        power, toughness = (int(v) for v in str(pt).split("/"))
        names = tuple(keywords[1:])
        if len(set(names)) != len(names) or len(set(subtypes)) != len(subtypes):
            raise _Problem("a keyword or a creature type is repeated")
        if every_type and subtypes:
            raise _Problem("creature types named beside all creature types")
        return BecomesCreature(power, toughness, None if colors is None else tuple(colors[1:]), tuple(subtypes),
                               ("Artifact", "Creature") if artifact else ("Creature",), names,
                               all_creature_types=bool(every_type), ability=quoted[0] if quoted else None)

    def becomes_colors(self, *words: Token) -> tuple[str, ...]:
        letters = [_COLOR_WORDS[_word(w)] for w in words]
        if len(set(letters)) != len(letters):
            raise _Problem("a color is repeated")
        return ("colors", *(c for c in COLORS if c in letters))

    def becomes_keywords(self, *words: Any) -> tuple[Any, ...]:
        """Keywords (capitalised), "all creature types" and a quoted ability, in order."""
        return ("keywords", *(w if isinstance(w, ActivatedAbility) else
                              "all creature types" if w.type == "ALL_CREATURE_TYPES" else _word(w).capitalize()
                              for w in words))

    def sacrifice_unless_tap(self, who: str, first: Token, second: Token | None) -> _Part:
        """"sacrifice it unless you tap an untapped artifact or land you control" (608.2c)."""
        kinds = tuple(_word(t).capitalize() for t in (first, second) if t is not None)
        if "Permanent" in kinds and len(kinds) > 1 or len(set(kinds)) != len(kinds):
            raise _Problem("an unsupported kind of permanent to tap")
        return _Part(SacrificeUnlessTap(() if kinds == ("Permanent",) else kinds), it=who == "it")

    def sacrifice_unless_return(self, who: str, _article: Token, untapped: Token | None,
                                returned: SacrificeUnlessReturn) -> _Part:
        return _Part(replace(returned, untapped=untapped is not None), it=who == "it")

    def becomes_land_type_of_choice(self, target: tuple[str, Targets], additional: bool = False) -> _Part:
        if target[1].what.types != ("Land",):
            raise _Problem("only a land becomes a basic land type here")
        return _Part(BecomesLandTypeOfChoice(additional), targets=target[1])

    def becomes_basic_land_type(self, target: tuple[str, Targets], *words: Token | None) -> _Part:
        """"Target land becomes an Island until end of turn." / "... a Plains or an Island ..."."""
        if target[1].what.types != ("Land",):
            raise _Problem("only a land becomes a basic land type here")
        types = tuple(str(w) for w in words if w is not None and w.type == "LAND_TYPE")
        if len(set(types)) != len(types):
            raise _Problem("a land type is repeated")
        return _Part(BecomesBasicLandType(types), targets=target[1])

    def becomes_land_type_of_choice_additional(self, target: tuple[str, Targets]) -> _Part:
        return self.becomes_land_type_of_choice(target, True)

    def counter_target_spell(self) -> _Part:
        """"Counter target spell." (701.6a): it targets a spell on the stack (115.1)."""
        return _Part(CounterTargetSpell(), targets=Targets(Selector(zone="stack")))

    def fights_self(self, _self: str, target: tuple[str, Any]) -> _Part:
        """"This creature fights target creature you don't control." (701.14a): the source and
        one target creature (a fight is between creatures)."""
        targets = target[1]
        if targets.what.types != ("Creature",):
            raise _Problem("a creature fights a target creature (701.14a)")
        return _Part(Fights(), targets=targets)

    def exile_target_permanent(self, what: Token, controller: Literal["any", "you", "opponent"] = "any") -> _Part:
        """"Exile target creature." (406.2): a permanent, into its owner's exile zone."""
        return _Part(ExileTargetPermanent(), targets=self.target_permanent(what, controller)[1])

    def exile_target_pt_at_most(self, what: Token, n: int) -> _Part:
        """"Exile target creature with power or toughness 1 or less." (Warping Wail; 406.2): its
        power or its toughness as the target is chosen and again as it resolves (608.2b)."""
        targets = self.target_permanent(what)[1]
        return _Part(ExileTargetPermanent(), targets=replace(targets, what=replace(targets.what, power_or_toughness_at_most=n)))

    def counter_target_kind_spell(self, kind: Token) -> _Part:
        """"Counter target sorcery spell." (701.6a): a spell of that card type (115.1)."""
        return _Part(CounterTargetSpell(), targets=Targets(Selector(zone="stack", types=(_word(kind).capitalize(),))))

    def counter_target_spell_unless(self, *symbols: Token) -> _Part:
        """"Counter target spell unless its controller pays {1}." (608.2c: that player's choice)."""
        cost = parse_mana_cost("".join(symbols))
        if cost.x or cost.hybrid:
            raise _Problem("paying X or hybrid mana for \"unless its controller pays\" is not supported")
        return _Part(CounterTargetSpell(cost.generic, cost.symbols, unless=True), targets=Targets(Selector(zone="stack")))

    def counter_unless_domain(self) -> _Part:
        """Evasive Action: "... unless its controller pays {1} for each basic land type among lands
        you control." (608.2c, 608.2h)."""
        return _Part(CounterUnlessPaysDomain(), targets=Targets(Selector(zone="stack")))

    def sacrifice_unless_pay(self, who: str, *symbols: Token) -> _Part:
        cost = parse_mana_cost("".join(symbols))
        if cost.x or cost.hybrid:
            raise _Problem("paying X or hybrid mana for \"unless you pay\" is not supported")
        return _Part(SacrificeUnlessPay(cost.generic, cost.symbols), it=who == "it")

    def casting_sacrifice_unless_pay_reduced(self, who: str, *items: Any) -> list[_Part]:
        """"sacrifice this creature unless you pay {10}. This cost is reduced by {2} for each basic
        land type among lands you control." (Draco): the reduction counted as the ability resolves
        (608.2h), of the generic mana only, never below zero."""
        *symbols, per_symbol, per = items
        part = self.sacrifice_unless_pay(who, *symbols)
        assert isinstance(part.effect, SacrificeUnlessPay)
        return [replace(part, effect=replace(part.effect, reduction=CostReduction(_reduction_amount(per_symbol), per)))]

    def sacrificed(self, who: str) -> str:
        return who

    def returned_land_type(self, land_type: Token) -> SacrificeUnlessReturn:
        return SacrificeUnlessReturn(subtypes=(str(land_type),))

    def returned_land(self) -> SacrificeUnlessReturn:
        return SacrificeUnlessReturn()

    def returned_non_subtype_land(self, non: Token) -> SacrificeUnlessReturn:
        return SacrificeUnlessReturn(not_subtype=str(non)[4:])

    # ---- library: search (701.23), shuffle (701.24); cards/model_library.py
    def search_library(self, slots: tuple[tuple[CardQuality, ...], bool],
                       put: tuple[str, bool, bool, bool], _your_library: Token | None = None) -> _Part:
        find, share = slots
        to, tapped, reveal, many = put
        if many != (len(find) > 1):
            raise _Problem('"it" / "them" must agree with how many cards are searched for')
        if to == "battlefield" and len(find) > 1 and not tapped:
            raise _Problem("several cards put onto the battlefield untapped at once is not supported")
        if to == "battlefield" and not all(q.only_permanents for q in find):
            raise _Problem("a card searched for onto the battlefield that may be an instant, sorcery or Aura "
                           "card is not supported (307.4, 304.4, 303.4f)")
        return _Part(SearchLibrary(find, "battlefield" if to == "battlefield" else "hand", tapped, reveal, share))

    @v_args(meta=True, inline=True)
    def target_controller_may_search(self, meta: Any, _who: Token, slots: tuple[tuple[CardQuality, ...], bool],
                                             many: bool, tapped: Token | None) -> _Part:
        """Ghost Quarter: "Its controller may search their library for a basic land card, put it onto
        the battlefield, then shuffle." (701.23a, 608.2d): the controller of the one target
        permanent (as it last existed, 608.2h) chooses and searches their own library."""
        part = self.search_library(slots, ("battlefield", tapped is not None, False, many))
        assert isinstance(part.effect, SearchLibrary)
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos)
        words = text.split(" may ", 1)[-1].rstrip(".")
        return _Part(MayDo(replace(part.effect, who="target_controller"), words, who="target_controller"))

    def search_one(self, _article: Token, quality: CardQuality) -> tuple[tuple[CardQuality, ...], bool]:
        return (quality,), False

    def search_land_with_basic_type(self, _article: Token) -> tuple[tuple[CardQuality, ...], bool]:
        return (CardQuality(types=("Land",), basic_land_type=True),), False

    def search_up_to(self, n: int, quality: CardQuality, share: Token | None
                     ) -> tuple[tuple[CardQuality, ...], bool]:
        if n < 2:
            raise _Problem("searching for up to one card is written \"a card\"")
        if not quality.stated:
            raise _Problem("searching for up to N cards of no stated quality is not supported")
        return (quality,) * n, share is not None

    def search_both(self, _a: Token, first: CardQuality, _b: Token, second: CardQuality
                    ) -> tuple[tuple[CardQuality, ...], bool]:
        if not (first.stated and second.stated):
            raise _Problem("each card searched for must have a stated quality")
        return (first, second), False

    def quality_any(self) -> CardQuality:
        return CardQuality()

    def quality_basic_land(self) -> CardQuality:
        return CardQuality(types=("Land",), supertypes=("Basic",))

    def quality_land(self) -> CardQuality:
        return CardQuality(types=("Land",))

    def quality_basic_types(self, types: tuple[str, ...]) -> CardQuality:
        return CardQuality(supertypes=("Basic",), subtypes_any=types)

    def quality_types(self, types: tuple[str, ...]) -> CardQuality:
        return CardQuality(subtypes_any=types)

    def quality_kind(self, kind: Token) -> CardQuality:
        """"an artifact card" / "a creature card" (205.2a)."""
        return CardQuality(types=(_word(kind).capitalize(),))

    def quality_subtype(self, subtype: Token, kind: Token | None) -> CardQuality:
        """"an Eldrazi card" / "a Squirrel card" / "a Dragon creature card" (205.3: a known subtype)."""
        return CardQuality(types=() if kind is None else (_word(kind).capitalize(),),
                           subtypes_any=(_target_subtype(str(subtype)),))

    def land_type_list(self, *types: Token) -> tuple[str, ...]:
        names = tuple(str(t) for t in types)
        if len(set(names)) != len(names):
            raise _Problem("a land type is repeated")
        return names

    def put_onto_battlefield(self, reveal: Token | None, many: bool, tapped: Token | None
                             ) -> tuple[str, bool, bool, bool]:
        if reveal is not None:
            raise _Problem("revealing a card put onto the battlefield is not supported")
        return "battlefield", tapped is not None, False, many

    def put_into_hand(self, reveal: Token | None, many: bool) -> tuple[str, bool, bool, bool]:
        return "hand", False, reveal is not None, many

    def found_one(self) -> bool:
        return False

    def found_many(self) -> bool:
        return True

    # ---- library: mill (701.17a), draws (121.1) of other players; cards/model_library.py
    def mill_you(self, n: CardCount) -> _Part:
        return _Part(Mill(n, "you"))

    def mill_target(self, targets: Targets, n: CardCount) -> _Part:
        return _Part(Mill(n, "target"), targets=targets)

    def mill_each_opponent(self, n: CardCount) -> _Part:
        return _Part(Mill(n, "each_opponent"))

    def mill_each_player(self, n: CardCount) -> _Part:
        return _Part(Mill(n, "each_player"))

    def draw_each_player(self, n: CardCount) -> _Part:
        return _Part(PlayersDraw(n, "each_player"))

    def draw_each_opponent(self, n: CardCount) -> _Part:
        return _Part(PlayersDraw(n, "each_opponent"))

    def draw_target(self, targets: Targets, n: CardCount) -> _Part:
        return _Part(PlayersDraw(n, "target"), targets=targets)

    def draw_you(self, n: CardCount) -> _Part:
        return _Part(DrawCards(n) if isinstance(n, int) else PlayersDraw(n, "you"))

    def counters_then_becomes_creature(self, n: int, counter: Token, _word_: Token, _self: str,
                                       becomes: BecomesCreature) -> list[_Part]:
        """"Put seven +1/+1 counters on this artifact. It becomes a 0/0 Spirit creature in addition to
        its other types." (Haunted Screen): the counters (122.1), then the object becomes a creature
        with no end (611.2a: until it leaves the battlefield, 400.7), its other types kept (205.1b)."""
        return [self.put_counters(n, counter, _word_, _self), _Part(replace(becomes, still_land=True, lasting=True))]

    def lose_and_gain_x(self, targets: Targets, q: Quantity) -> list[_Part]:
        """"Target player loses X life and you gain X life, where X is ..." (Exotic Disease): X is
        counted as it resolves (608.2h), the same for both, as nothing happens between (119.3)."""
        return [_Part(LifeCounted(q, gain=False, who="target"), targets=targets), _Part(LifeCounted(q))]

    def each_land_becomes_chosen_type(self) -> list[_Part]:
        """"Choose a basic land type. Each land you control becomes that type until end of turn."
        (608.2d, 611.2c, 305.7): one instruction, no target."""
        return [_Part(EachLandBecomesChosenType())]

    def sentence_one(self, part: _Part) -> list[_Part]:
        return [part]

    def sentence_many(self, parts: list[_Part]) -> list[_Part]:
        return parts

    def discard_you(self, n: int) -> _Part:
        return _Part(DiscardCards(n, "you"))

    def discard_target(self, targets: Targets, n: int) -> _Part:
        return _Part(DiscardCards(n, "target"), targets=targets)

    def discard_each_player(self, n: int) -> _Part:
        return _Part(DiscardCards(n, "each_player"))

    def discard_each_opponent(self, n: int) -> _Part:
        return _Part(DiscardCards(n, "each_opponent"))

    def loot_you(self, draw: int, discard: int) -> list[_Part]:
        return [_Part(DrawCards(draw)), _Part(DiscardCards(discard, "you"))]

    def loot_each_player(self, draw: int, discard: int) -> list[_Part]:
        return [_Part(PlayersDraw(draw, "each_player")), _Part(DiscardCards(discard, "each_player"))]

    def loot_target(self, targets: Targets, draw: int, discard: int) -> list[_Part]:
        """"Target player draws three cards, then discards three cards.": one target, both instructions."""
        return [_Part(PlayersDraw(draw, "target"), targets=targets), _Part(DiscardCards(discard, "target"))]

    def exile_from_graveyard(self, count: tuple[int, int], kind: Token | None, cards: Token,
                             whose: Literal["any", "opponent"]) -> _Part:
        """"Exile target card from a graveyard." / "... up to one target creature card from an
        opponent's graveyard" (115.1: a card in a graveyard is a legal target)."""
        if count[1] < 1:
            raise _Problem("a target count must be at least one")
        if (count[1] > 1) != str(cards).lower().endswith("s"):
            raise _Problem('"card"/"cards" does not agree with the number of targets')
        what = Selector(zone="graveyard", types=() if kind is None else (_word(kind).capitalize(),), controller=whose)
        return _Part(ExileTargets(), targets=Targets(what, count[0], count[1]))

    def exile_either_from_graveyard(self, count: tuple[int, int], one: Token, other: Token, cards: Token,
                                    whose: Literal["any", "opponent"]) -> _Part:
        """"Exile target instant or sorcery card from a graveyard." (115.1)."""
        part = self.exile_from_graveyard(count, None, cards, whose)
        assert part.targets is not None
        return replace(part, targets=replace(part.targets, what=replace(part.targets.what, any_of=_two_kinds(one, other))))

    @v_args(meta=True, inline=True)
    def may_do(self, meta: Any, _may: Token, part: Any) -> _Part:
        """"you may <instruction>" (608.2d): one instruction, done if its controller says so."""
        if not isinstance(part, _Part):
            raise _Problem('"you may" before more than one instruction is not supported')
        if (isinstance(part.effect, AddMana) and (part.effect.to is not Recipient.CONTROLLER
                                                  or not isinstance(part.effect.mana, AddFixed))):
            raise _Problem('"you may add" of a counted or chosen kind of mana, or for another player, is not supported')
        if isinstance(part.effect, (IfThen, MayDo)) or part.token is not None or part.it:
            raise _Problem('"you may" before adding mana, creating tokens or an instruction about "it" '
                           'is not supported')
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos)
        text = text.split(" ", 2)[2] if text.lower().startswith("you may ") else text
        return replace(part, effect=MayDo(part.effect, text.rstrip(".")))

    def shuffle_your_library(self) -> _Part:
        return _Part(ShuffleYourLibrary())

    def seek_quality(self, quality: CardQuality) -> CardQuality:
        return quality

    def quality_nonland(self) -> CardQuality:
        """"a nonland card" (205.4b)."""
        return CardQuality(non=("Land",))

    def seek_one(self, _article: Token, quality: CardQuality) -> _Part:
        """"Seek a nonland card." (digital-only; cards/model_seek.py)."""
        return _Part(Seek(quality))

    def seek_many(self, n: int, quality: CardQuality) -> _Part:
        """"Seek two land cards."."""
        if n < 2:
            raise _Problem('"seek one ... cards" is not a phrase')
        return _Part(Seek(quality, n))

    def look_at_top_of_target(self, targets: Targets) -> _Part:
        """"Look at the top card of target player's library." (115.4: a player target)."""
        return _Part(LookAtTopOfLibrary(), targets=targets)

    def search_library_by(self, who: tuple[str, Targets | None], slots: tuple[tuple[CardQuality, ...], bool],
                          put: tuple[str, bool, bool, bool]) -> _Part:
        """"Target player searches their library for a basic land card, puts it onto the
        battlefield tapped, then shuffles." / "Each player searches ..." (701.23a: each their own)."""
        part = self.search_library(slots, put)
        assert isinstance(part.effect, SearchLibrary)
        return replace(part, effect=replace(part.effect, who=who[0]), targets=who[1])

    def searcher(self, targets: Targets) -> tuple[str, Targets | None]:
        return "target", targets

    def searcher_each_player(self) -> tuple[str, Targets | None]:
        return "each_player", None

    def searcher_each_opponent(self) -> tuple[str, Targets | None]:
        return "each_opponent", None

    def puts_onto_battlefield(self, many: bool, tapped: Token | None) -> tuple[str, bool, bool, bool]:
        return self.put_onto_battlefield(None, many, tapped)

    def puts_into_hand(self, many: bool) -> tuple[str, bool, bool, bool]:
        return self.put_into_hand(None, many)

    def graveyard_any(self) -> Literal["any"]:
        return "any"

    def graveyard_opponent(self) -> Literal["opponent"]:
        return "opponent"

    def exile_graveyard_target(self, targets: Targets) -> _Part:
        return _Part(ExileGraveyard("target"), targets=targets)

    def exile_graveyard_each_opponent(self) -> _Part:
        return _Part(ExileGraveyard("each_opponent"))

    def exile_all_graveyards(self) -> _Part:
        return _Part(ExileGraveyard("each_player"))

    def lands_gain_every_basic_land_type(self) -> _Part:
        return _Part(LandsGainEveryBasicLandType())

    def exile_kind_from_your_graveyard(self, kind: Token) -> _Part:
        """"Exile all creature cards from your graveyard." (Zombie Mob; 406.2): no target."""
        return _Part(ExileGraveyard("you", kind=_word(kind).capitalize()))

    def look_pick_rest(self, n: CardCount, quality: CardQuality, _then: Token | None, rest: str) -> _Part:
        return _Part(LookAtTopCards(n, 1, quality, must=False, reveal=True, rest=rest))  # type: ignore[arg-type]

    def look_take_rest(self, n: CardCount, taken: tuple[int, bool], rest: str) -> _Part:
        return _Part(LookAtTopCards(n, taken[0], CardQuality(), must=taken[1], rest=rest))  # type: ignore[arg-type]

    def look_put_back(self, n: CardCount) -> _Part:
        return _Part(LookAtTopCards(n, 0, rest="top_any"))

    def look_n(self, n: int) -> int:
        return self.cards_n(n)

    def look_x(self, q: Quantity) -> Quantity:
        return q

    def look_pick(self, _article: Token, quality: CardQuality) -> CardQuality:
        return quality

    def look_quality_type(self, kind: Token) -> CardQuality:
        return CardQuality(types=(_word(kind).capitalize(),))

    def look_subtypes(self, *names: Token) -> CardQuality:
        found = tuple(_subtype(str(n), plural=False) for n in names)
        if len(set(found)) != len(found):
            raise _Problem("a subtype is repeated")
        return CardQuality(subtypes_any=found)

    def take_one(self) -> tuple[int, bool]:
        return 1, True

    def take_up_to(self, n: int) -> tuple[int, bool]:
        if n < 1:
            raise _Problem("up to zero cards is no choice")
        return n, False

    def rest_bottom_random(self) -> str:
        return "bottom_random"

    def rest_bottom_any(self) -> str:
        return "bottom_any"

    def rest_graveyard(self) -> str:
        return "graveyard"

    def cards_one(self, _article: Token) -> int:
        return 1

    def cards_n(self, n: int) -> int:
        if n < 1:
            raise _Problem("a number of cards must be at least one")
        return n

    def cards_x(self, q: Quantity) -> Quantity:
        return q

    def cards_for_each(self, _article: Token, what: Selector) -> Quantity:
        return CountOf(what)

    # ---- mana
    def mana_fixed(self, *symbols: Token) -> AddFixed:
        return AddFixed(tuple(str(s)[1] for s in symbols))

    def mana_n_of(self, n: int, symbol: Token) -> AddFixed:
        """"Add six {G}." (Castle Garenbrig): that many of the one symbol (106.4)."""
        if not 2 <= n <= 20 or len(str(symbol)) != 3:
            raise _Problem(f"'{n} {symbol}' is not an amount of mana these rules read")
        return AddFixed((str(symbol)[1],) * n)

    def mana_one_of(self, *symbols: Token) -> AddOneOf:
        return AddOneOf(tuple(str(s)[1] for s in symbols))

    def mana_group(self, *symbols: Token) -> str:
        return "".join(str(t)[1] for t in symbols)

    def mana_one_of_groups(self, *groups: str) -> AddOneOfCombos:
        return AddOneOfCombos(tuple(groups))

    def mana_any_color(self, n: int) -> AddAnyColor:
        return AddAnyColor(n)

    def mana_any_one_color(self, n: int) -> AddAnyColor:
        return AddAnyColor(n, same=True)

    def mana_reflected_type(self, whose: Literal["you", "opponent"]) -> AddReflected:
        return AddReflected("type", whose)

    def mana_reflected_color(self, whose: Literal["you", "opponent"]) -> AddReflected:
        return AddReflected("color", whose)

    def mana_reflected_basic_color(self) -> AddReflected:
        """"Add one mana of any color that a basic land you control could produce." (Star Compass;
        106.7: the basic lands' mana abilities, not their costs)."""
        return AddReflected("color", "you", basic=True)

    def mana_different_colors(self, n: int) -> AddOneOfCombos:
        """"Add two mana of different colors." (Firemind Vessel, Guild Globe; 106.1): one of the
        groups of N distinct colors, the controller chooses."""
        if not 2 <= n <= 5:
            raise _Problem(f"'{n} mana of different colors' is not an amount of mana these rules read")
        return AddOneOfCombos(tuple("".join(g) for g in itertools.combinations(COLORS, n)))

    def mana_color_among(self, supertype: Token | None, plural: Token, walkers: Token | None) -> AddColorAmong:
        """"Add one mana of any color among legendary creatures and planeswalkers you control." (Mox
        Amber) / "... among legendary permanents you control" (Plaza of Heroes; 106.7)."""
        sel = _permanent_you_control(_word(plural)[:-1])
        if walkers is not None:
            if sel.types != ("Creature",):
                raise _Problem('"and planeswalkers" is read only after "creatures"')
            sel = replace(sel, types=(), any_of=("Creature", "Planeswalker"))
        return AddColorAmong(replace(sel, supertypes=(_word(supertype).capitalize(),) if supertype else ()))

    def mana_color_among_graveyard(self, supertype: Token | None, kind: Token) -> AddColorAmong:
        """"... among legendary creature cards in your graveyard" (The Grey Havens): as printed."""
        return AddColorAmong(Selector(zone="graveyard", types=(_word(kind).capitalize(),), controller="you",
                                      supertypes=(_word(supertype).capitalize(),) if supertype else ()))

    def owner_you(self) -> str:
        return "you"

    def owner_opponent(self) -> str:
        return "opponent"

    def mana_per_count(self, symbol: Token, what: Selector) -> AddPerCount:
        """"Add {G} for each Elf on the battlefield." / "... for each Swamp you control"."""
        return AddPerCount(str(symbol)[1], what)

    def mana_per_counter(self, symbol: Token, counter: Token, _self: str) -> AddCounted:
        """"Add {C} for each charge counter on this artifact." (Everflowing Chalice)."""
        return AddCounted(CountersOnSource(_counter(counter, 1)), (str(symbol)[1],))

    def mana_one_plus_per_counter(self, first: Token, second: Token, counter: Token, _self: str) -> AddCounted:
        """"Add {C}, plus an additional {C} for each art counter on Famous Museum." (the counters
        on the source as the mana ability resolves, 605.3a)."""
        if str(first) != str(second):
            raise _Problem("the additional mana must be of the same type")
        return AddCounted(CountersOnSourcePlus(_counter(counter, 1), 1), (str(first)[1],))

    def mana_x_one_color(self, amount: Quantity) -> AddCounted:
        return AddCounted(amount, same=True)

    def mana_x_any_colors(self, amount: Quantity) -> AddCounted:
        return AddCounted(amount)

    def mana_x_combination(self, first: Token, second: Token, amount: Quantity) -> AddCounted:
        colors = (str(first)[1], str(second)[1])
        if len(set(colors)) != 2:
            raise _Problem("a combination of one mana symbol is not a combination")
        return AddCounted(amount, colors)

    def mana_n_combination(self, n: int, *symbols: Token) -> AddOneOfCombos:
        """"Add three mana in any combination of {R} and/or {G}." (Orcish Lumberjack), "Add two mana
        in any combination of {U}, {B}, and/or {R}." (Relic of Sauron): one of the groups of N of
        those symbols, the controller chooses (106.1)."""
        letters = [str(s)[1] for s in symbols]
        if len(set(letters)) != len(letters):
            raise _Problem("a combination of one mana symbol is not a combination")
        if not 1 < n <= 10:
            raise _Problem("a combination of fewer than two mana")
        return AddOneOfCombos(tuple("".join(c) for c in itertools.combinations_with_replacement(letters, n)))

    def mana_amount_of(self, symbol: Token, amount: Quantity) -> AddCounted:
        return AddCounted(amount, (str(symbol)[1],))

    def mana_amount_sacrificed(self, symbol: Token, kind: Token) -> AddCounted:
        """"Add an amount of {B} equal to the sacrificed artifact's mana value." (Priest of Yawgmoth)."""
        return AddCounted(SacrificedManaValue(), (str(symbol)[1],), removed=_word(kind).capitalize())

    def mana_cost_x_combination(self, first: Token, second: Token) -> AddCounted:
        colors = (str(first)[1], str(second)[1])
        if len(set(colors)) != 2:
            raise _Problem("a combination of one mana symbol is not a combination")
        return AddCounted(CostX(), colors)

    def mana_cost_x_any_colors(self) -> AddCounted:
        return AddCounted(CostX())

    def mana_per_removed(self, symbol: Token, counter: Token) -> AddCounted:
        """"Add {C} for each storage counter removed this way": the X of "Remove any number of ..."."""
        return AddCounted(CostX(), (str(symbol)[1],), removed=_counter(counter, 1))

    def mana_one_plus_removed(self, first: Token, second: Token, counter: Token) -> AddCounted:
        """"Add {B}, then add an additional {B} for each charge counter removed this way" (Mana Batteries)."""
        if str(first) != str(second):
            raise _Problem("the additional mana must be of the same type")
        return AddCounted(CostX(plus=1), (str(first)[1],), removed=_counter(counter, 1))

    def mana_amount_x_plus(self, symbol: Token, n: int) -> AddCounted:
        """"Add an amount of {C} equal to X plus one." (Kyren Toy): X of the cost."""
        return AddCounted(CostX(plus=n), (str(symbol)[1],))

    # what "for each" and "the number of" count
    def each_you(self, what: Token) -> Selector:
        return _permanent_you_control(what)

    def each_subtype_you(self, name: Token) -> Selector:
        return Selector(subtypes=(_subtype(str(name), plural=False),), controller="you")

    def each_all(self, what: Token) -> Selector:
        return replace(_permanent_you_control(what), controller="any")

    def each_subtype_all(self, name: Token) -> Selector:
        return Selector(subtypes=(_subtype(str(name), plural=False),))

    def each_urzas_land(self) -> Selector:
        """"for each Urza's land you control" (Urza's Workshop): lands with the subtype Urza's (205.3i)."""
        return Selector(types=("Land",), subtypes=("Urza's",), controller="you")

    def each_graveyard(self, kind: Token, cards: Token) -> Selector:
        return Selector(zone="graveyard", types=(_word(kind).capitalize(),), controller="you")

    def counted_you(self, other: Token | None, plural: Token) -> tuple[Selector, bool]:
        return _permanent_you_control(_word(plural)[:-1]), other is not None

    def counted_you_entered(self, other: Token | None, plural: Token, _entered: Token) -> tuple[Selector, bool]:
        """"creatures you control that entered this turn" (Alena, Kessig Trapper; cards/model_facts.py)."""
        return replace(_permanent_you_control(_word(plural)[:-1]), entered_this_turn=True), other is not None

    def counted_subtype_you(self, other: Token | None, name: Token) -> tuple[Selector, bool]:
        return Selector(subtypes=(_subtype(str(name), plural=True),), controller="you"), other is not None

    def counted_all(self, plural: Token) -> tuple[Selector, bool]:
        return replace(_permanent_you_control(_word(plural)[:-1]), controller="any"), False

    def counted_subtype_all(self, name: Token) -> tuple[Selector, bool]:
        return Selector(subtypes=(_subtype(str(name), plural=True),)), False

    def counted_graveyard(self, kind: Token, cards: Token) -> tuple[Selector, bool]:
        if not str(cards).endswith("s"):
            raise _Problem('"the number of" needs "cards"')
        return Selector(zone="graveyard", types=(_word(kind).capitalize(),), controller="you"), False

    def q_count(self, counted: tuple[Selector, bool]) -> Quantity:
        return CountOf(*counted)

    def q_power(self, _self: str) -> Quantity:
        return SourceStat("power")

    def q_toughness(self, _self: str) -> Quantity:
        return SourceStat("toughness")

    def q_counters(self, counter: Token, _word_: Token, _self: str) -> Quantity:
        return CountersOnSource(_counter(counter, 2))

    def put_counters_on_target_either(self, n: int, counter: Token, _word_: Token, first: Token, second: Token,
                                      controller: Literal["any", "you", "opponent"] = "any") -> _Part:
        """"Put an oil counter on target artifact or creature you control." (The Monumental
        Facade): a target of either type (115.1, 122.1)."""
        kinds = tuple(_word(t).capitalize() for t in (first, second))
        if len(set(kinds)) != 2 or "Permanent" in kinds:
            raise _Problem("an unsupported kind of target")
        return _Part(PutCounters(_counter(counter, n), n, "target"),
                     targets=Targets(Selector(any_of=kinds, controller=controller)))

    def total_plus_you_control(self, n: int, other: Token | None, plural: Token) -> EnterCount:
        """"... equal to one plus the number of other creatures you control." (Boss's Chauffeur;
        614.1c: counted as it would enter)."""
        count = self.total_you_control(other, plural)
        return EnterCountPlus(count.what, count.other, plus=n)

    def each_subtype_you_control(self, other: Token | None, name: Token) -> EnterCount:
        """"... for each other Kithkin you control." (Kinsbaile Borderguard: Kithkin permanents, 205.3m)."""
        return EnterCount(Selector(subtypes=(_subtype(str(name), plural=False),), controller="you"),
                          other=other is not None)

    def q_devotion(self, color: Token) -> Quantity:
        return Devotion(_COLOR_WORDS[_word(color)])

    def q_greatest_power(self, counted: tuple[Selector, bool]) -> Quantity:
        return GreatestStat("power", *counted)

    def q_greatest_toughness(self, counted: tuple[Selector, bool]) -> Quantity:
        return GreatestStat("toughness", *counted)

    def q_count_with_keyword(self, plural: Token, keyword: Token) -> Quantity:
        """"the number of creatures you control with defender" (Axebane Guardian): as it resolves."""
        return CountWhere(_permanent_you_control(_word(plural)[:-1]), keyword=_word(keyword).capitalize())

    def q_domain(self) -> Quantity:
        return BasicLandTypesAmong()

    def mana_produced_type(self) -> AddProducedType:
        return AddProducedType()

    def mana_commander_color(self) -> AddCommanderColor:
        return AddCommanderColor()

    def mana_symbol_or_chosen_color(self, symbol: Token) -> AddFixedOrChosenColor:
        """"Add {G} or one mana of the chosen color." (the Thriving lands)."""
        return AddFixedOrChosenColor(str(symbol)[1])

    def mana_chosen_color(self) -> AddChosenColor:
        return AddChosenColor()

    # ---- static
    def keyword(self, word: Token) -> StaticAbilityLine:
        return StaticAbilityLine(Keyword(_word(word).capitalize()), "")

    def keywords(self, *words: Token) -> StaticAbilityLine:
        names = tuple(_word(w).capitalize() for w in words)
        if len(set(names)) != len(names):
            raise _Problem("a keyword is repeated")
        return StaticAbilityLine(Keywords(names), "")

    def additional_sacrifice(self, _article: Token, what: Token) -> StaticAbilityLine:
        """118.8: "As an additional cost to cast this spell, sacrifice a creature."."""
        return StaticAbilityLine(AdditionalSacrifice(_permanent_you_control(what)), "")

    def additional_sacrifice_n(self, n: int, what: Token) -> StaticAbilityLine:
        """"... sacrifice five lands." (118.8)."""
        if n < 2:
            raise _Problem('"sacrifice one ..." in the plural is not a phrase')
        return StaticAbilityLine(AdditionalSacrifice(_permanent_you_control(_word(what)[:-1]), n), "")

    def alternative_return_basic(self, *symbols: Token) -> StaticAbilityLine:
        """118.9: the Borderposts' "You may pay {1} and return a basic land you control to its
        owner's hand rather than pay this spell's mana cost."."""
        cost = parse_mana_cost("".join(str(s) for s in symbols))
        if cost.x:
            raise _Problem("an alternative cost with {X} is not supported")
        return StaticAbilityLine(AlternativeReturnCost(cost, Selector(types=("Land",), supertypes=("Basic",),
                                                                      controller="you")), "")

    def changeling(self) -> StaticAbilityLine:
        """702.73a: "Changeling" -- "This object is every creature type." (a CDA, 604.3)."""
        return StaticAbilityLine(CreatureTypesCDA(every=True), "")

    def also_creature_types(self, _self: str, *words: Token) -> StaticAbilityLine:
        """"~ is also a Cleric, Rogue, Warrior, and Wizard." (604.3: creature types it has in
        every zone)."""
        names = tuple(_target_subtype(str(w)) for w in words)
        if len(set(names)) != len(names) or any(creature_type(n) is None for n in names):
            raise _Problem("not a list of distinct creature types")
        return StaticAbilityLine(CreatureTypesCDA(types=names), "")

    def enchantable_land(self) -> Selector:
        return Selector(types=("Land",), relation="enchanted")

    def enchantable_creature(self) -> Selector:
        return Selector(types=("Creature",), relation="enchanted")

    def enchantable_land_type(self, land_type: Token) -> Selector:
        return Selector(subtypes=(str(land_type),), relation="enchanted")

    def enchant(self, what: Selector) -> StaticAbilityLine:
        return StaticAbilityLine(EnchantRestriction(replace(what, relation="")), "")

    def group(self, other: Token | None, subtype: Token | None, plural: Token) -> Selector:
        sel = _permanent_you_control(_word(plural)[:-1])
        if subtype is not None:
            sel = replace(sel, subtypes=(_known_subtype(str(subtype)),))
        return replace(sel, other=other is not None)

    def group_of_chosen_yours(self, other: Token | None, plural: Token, kind: Token) -> Selector:
        """"Creatures you control of the chosen color" (Heraldic Banner) / "... of the chosen type"
        (Patchwork Banner): the value the source chose as it entered (614.12)."""
        return replace(self.group(other, None, plural), chosen=_CHOSEN_KINDS[_word(kind)])

    def group_of_chosen_all(self, other: Token | None, plural: Token, kind: Token) -> Selector:
        """"Creatures of the chosen color" (Gauntlet of Power): whoever controls them."""
        return replace(self.group(other, None, plural), controller="any", chosen=_CHOSEN_KINDS[_word(kind)])

    def group_colored(self, other: Token | None, color: Token, plural: Token) -> Selector:
        """"Other blue creatures you control" (105.2: of that color now, after layer 5)."""
        return replace(self.group(other, None, plural), colors=(_COLOR_WORDS[_word(color)],))

    def colored_get(self, color: Token, plural: Token, modifier: Token) -> StaticAbilityLine:
        """"Red creatures get +1/+1." (Gauntlet of Might): every red creature, whoever controls it
        (109.2; layer 7c, 613.4c)."""
        if _word(plural) != "creatures":
            raise _Problem("only creatures have power and toughness")
        what = Selector(types=("Creature",), colors=(_COLOR_WORDS[_word(color)],))
        return self.group_gets(what, modifier)

    def group_gets_for_each(self, affected: Selector, modifier: Token, per: Quantity) -> StaticAbilityLine:
        """"Other Elf creatures you control get +1/+1 for each +1/+1 counter on this creature."
        (Joraga Warcaller; counted as layer 7c applies, 613.4c)."""
        line = self.group_gets(affected, modifier)
        assert isinstance(line.effect, ModifyPTStatic)
        return StaticAbilityLine(replace(line.effect, per=per), "")

    def pt_per_counter(self, counter: Token, _self: str) -> Quantity:
        """"for each scream counter on this Aura" / "... +1/+1 counter on this creature" (122.1)."""
        return CountersOnSource(_counter(counter, 1))

    def group_subtypes(self, other: Token | None, plural: Token) -> Selector:
        """"Other Elves you control" (Elf permanents, 205.3m; plural -> singular)."""
        return Selector(subtypes=(_singular_subtype(str(plural)),), controller="you", other=other is not None)

    def all_permanents(self, other: Token | None, plural: Token) -> Selector:
        """"All creatures have ...": every creature on the battlefield, whoever controls it (109.2)."""
        kind = _word(plural)[:-1].capitalize()
        return Selector(types=() if kind == "Permanent" else (kind,), other=other is not None)

    def all_subtypes(self, other: Token | None, plural: Token) -> Selector:
        """"All Slivers have ...": every Sliver permanent on the battlefield, whoever controls it."""
        return Selector(subtypes=(_singular_subtype(str(plural)),), other=other is not None)

    def grant_linked_exiled_abilities(self, affected: Selector, _self: str) -> StaticAbilityLine:
        if affected.types != ("Creature",):
            raise _Problem("only creatures can have the abilities of exiled land cards")
        return StaticAbilityLine(GrantLinkedExiledAbilities(affected), "")

    def group_has(self, affected: Selector, ability: ActivatedAbility) -> StaticAbilityLine:
        """"this artifact" in the quoted ability is the object that has it (113.7a): one of the
        group ("Foods you control have "{T}, Sacrifice this artifact: ..."", Ninja Pizza)."""
        for noun in _group_nouns(affected):
            while noun in self.ctx.self_nouns:
                self.ctx.self_nouns.remove(noun)
        return StaticAbilityLine(GrantAbility(affected, ability), "")

    def each_two_subtypes_has(self, first: Token, second: Token, ability: ActivatedAbility) -> StaticAbilityLine:
        """"Each Fungus and Saproling you control has "{T}: Add {G}."" (Brightcap Badger; layer 6,
        613.1f): each permanent you control with either subtype (205.3)."""
        names = (_known_subtype(str(first)), _known_subtype(str(second)))
        if names[0] == names[1]:
            raise _Problem("the same subtype twice")
        return self.group_has(Selector(controller="you", any_subtype=names), ability)

    def equipped_has_ability(self, ability: ActivatedAbility) -> StaticAbilityLine:
        """"Equipped creature has "{T}: Add one mana of any color."" (Paradise Mantle; layer 6).
        "this creature" in the quoted ability is the creature that has it (113.7a: the equipped
        creature), not the Equipment."""
        while "creature" in self.ctx.self_nouns:
            self.ctx.self_nouns.remove("creature")
        return StaticAbilityLine(GrantAbility(_EQUIPPED, ability), "")

    def equipped_has_keywords(self, *keywords: Token) -> StaticAbilityLine:
        """"Equipped creature has vigilance." (layer 6, 613.1f)."""
        return self.enchanted_has_keywords(_EQUIPPED, *keywords)

    def equipped_gets(self, modifier: Token, *keywords: Token) -> StaticAbilityLine:
        """"Equipped creature gets +2/+0 [and has first strike]." (layer 7c, 613.4c; layer 6)."""
        return self.group_gets(_EQUIPPED, modifier, *keywords)

    def equipped_gets_for_each(self, modifier: Token, per: Quantity) -> StaticAbilityLine:
        """"Equipped creature gets +1/+1 for each basic land type among lands you control."
        (Manaforce Mace's domain; counted as layer 7c applies)."""
        power, toughness = (int(v) for v in str(modifier).split("/"))
        return StaticAbilityLine(ModifyPTStatic(_EQUIPPED, power, toughness, per=per), "")

    def enchanted_land_untaps_in_others(self) -> StaticAbilityLine:
        """Urban Burgeoning (613.1f; 502.3: read in each untap step of a player but its controller)."""
        granted = StaticAbilityLine(UntapDuringOthersUntap(), "Untap this land during each other player's untap step.")
        return StaticAbilityLine(GrantStatic(Selector(types=("Land",), relation="enchanted"), granted), "")

    def enchanted_land_has(self, what: Selector, ability: ActivatedAbility) -> StaticAbilityLine:
        if "Land" in what.types or any(t in BASIC_LAND_MANA for t in what.subtypes):
            # "Enchanted land has "{T}: This land deals 1 damage to any target."" (Barbed Field): "this
            # land" in the quoted ability is the land that has it (113.7, 613.1f), not the Aura
            self.ctx.self_nouns[:] = [n for n in self.ctx.self_nouns if n != "land"]
        return StaticAbilityLine(GrantAbility(what, ability), "")

    def group_gets(self, affected: Selector, modifier: Token, *keywords: Token) -> StaticAbilityLine:
        if affected.types != ("Creature",) and not (not affected.types and affected.subtypes
                                                    and all(t in CREATURE_TYPES for t in affected.subtypes)):
            raise _Problem("only creatures have power and toughness")
        power, toughness = (int(v) for v in str(modifier).split("/"))
        return StaticAbilityLine(ModifyPTStatic(affected, power, toughness,
                                                tuple(_word(k).capitalize() for k in keywords)), "")

    def each_with_counter_has_keywords(self, kind: Token, _article: Token, counter: Token,
                                       *keywords: Token) -> StaticAbilityLine:
        """"Each creature you control with a +1/+1 counter on it has trample." (Gnarlid Colony; layer
        6, 613.1f: whether it has the counter is read as the layer applies)."""
        sel = replace(_permanent_you_control(kind), with_counter=_counter(counter, 1))
        return self.group_have_keywords(sel, *keywords)

    def group_gains_quoted(self, group: Selector, _gain: Token, ability: ActivatedAbility) -> list[_Part]:
        """"Until end of turn, lands you control gain "{T}: Add one mana of any color."" (611.2c, 613.1f)."""
        while "land" in self.ctx.self_nouns:      # "this land" in it: the land that has it (113.7a)
            self.ctx.self_nouns.remove("land")
        return [_Part(GroupGainsUntilEndOfTurn(group, ability))]

    def each_with_counter_has_ability(self, kind: Token, _article: Token, counter: Token,
                                               ability: ActivatedAbility) -> StaticAbilityLine:
        """"Each creature you control with a +1/+1 counter on it has "{T}: Add one mana of any color.""
        (Jiang Yanggu, Wildcrafter; layer 6, 613.1f: the counter read as the layer applies)."""
        sel = replace(_permanent_you_control(kind), with_counter=_counter(counter, 1))
        return self.group_has(sel, ability)

    def group_have_keywords(self, affected: Selector, *keywords: Token) -> StaticAbilityLine:
        """"Other Goblins you control have haste." (layer 6, 613.1f)."""
        names = tuple(_word(k).capitalize() for k in keywords)
        if len(set(names)) != len(names):
            raise _Problem("a keyword is repeated")
        return StaticAbilityLine(ModifyPTStatic(affected, 0, 0, names), "")

    # "as long as" (611.3a): the effect applies whenever the condition holds, read continuously
    def static_condition(self, cond: Condition) -> Condition:
        return cond

    def self_untapped(self) -> Condition:
        return SelfUntapped()

    def self_has_counters(self, amount: int | str, counter: Token, _counters: Token) -> Condition:
        if not isinstance(amount, int):
            raise _Problem("the number of counters must be a number")
        return SelfHasCounters(str(counter).lower(), amount)

    def self_has_at_least_counters(self, n: int, counter: Token, _counters: Token) -> Condition:
        return SelfHasCounters(str(counter).lower(), n)

    def self_gets_as_long_as(self, _self: str, modifier: Token, keyword: Token | None,
                             cond: Condition) -> StaticAbilityLine:
        """"This creature gets +2/+2 as long as you control a Dinosaur." (Drover of the Mighty)."""
        return _self_static(modifier, (keyword,) if keyword is not None else (), cond)

    def cda_power(self, _self: str, total: tuple[Quantity, int]) -> StaticAbilityLine:
        return StaticAbilityLine(CharacteristicPT(total[0], True, False, total[1]), "")

    def cda_toughness(self, _self: str, total: tuple[Quantity, int]) -> StaticAbilityLine:
        return StaticAbilityLine(CharacteristicPT(total[0], False, True, total[1]), "")

    def cda_both(self, _self: str, total: tuple[Quantity, int]) -> StaticAbilityLine:
        return StaticAbilityLine(CharacteristicPT(total[0], True, True, total[1]), "")

    def pt_total_domain(self, twice: Token | None) -> tuple[Quantity, int]:
        return BasicLandTypesAmong(), 2 if twice is not None else 1

    def pt_total_you_control(self, twice: Token | None, plural: Token) -> tuple[Quantity, int]:
        return CountOf(_permanent_you_control(_word(plural)[:-1])), 2 if twice is not None else 1

    def pt_total_subtype_you_control(self, twice: Token | None, name: Token) -> tuple[Quantity, int]:
        return (CountOf(Selector(subtypes=(_subtype(str(name), plural=True),), controller="you")),
                2 if twice is not None else 1)

    def pt_total_on_battlefield(self, twice: Token | None, plural: Token) -> tuple[Quantity, int]:
        kind = _word(plural)[:-1].capitalize()
        return CountOf(Selector(types=() if kind == "Permanent" else (kind,))), 2 if twice is not None else 1

    def pt_total_subtype_on_battlefield(self, twice: Token | None, name: Token) -> tuple[Quantity, int]:
        return CountOf(Selector(subtypes=(_subtype(str(name), plural=True),))), 2 if twice is not None else 1

    def pt_domain(self) -> Quantity:
        return BasicLandTypesAmong()

    def self_gets_for_each(self, _self: str, modifier: Token, per: Quantity) -> StaticAbilityLine:
        """"This creature gets +1/+1 for each basic land type among lands you control." (Wayfaring Giant)."""
        power, toughness = (int(v) for v in str(modifier).split("/"))
        return StaticAbilityLine(ModifyPTStatic(Selector(relation="self"), power, toughness, per=per), "")

    def self_gets_per_counter_it(self, _self: str, modifier: Token, counter: Token) -> StaticAbilityLine:
        """"This creature gets +1/+1 for each oil counter on it." (Trawler Drake; "it" is the
        subject, the source itself; counted as layer 7c applies, 613.4c)."""
        return self.self_gets_for_each(_self, modifier, CountersOnSource(_counter(counter, 1)))

    def enchanted_gets_for_each(self, modifier: Token, per: Quantity) -> StaticAbilityLine:
        """"Enchanted creature gets +1/+1 for each basic land type among lands you control." (Strength of Unity)."""
        power, toughness = (int(v) for v in str(modifier).split("/"))
        return StaticAbilityLine(ModifyPTStatic(Selector(types=("Creature",), relation="enchanted"), power,
                                                toughness, per=per), "")

    def self_has_as_long_as(self, _self: str, keyword: Token, cond: Condition) -> StaticAbilityLine:
        """"This creature has hexproof as long as it's untapped." (Paradise Druid)."""
        return _self_static(None, (keyword,), cond)

    def as_long_as_self_gets(self, cond: Condition, _self: str, modifier: Token,
                             keyword: Token | None) -> StaticAbilityLine:
        return _self_static(modifier, (keyword,) if keyword is not None else (), cond)

    def as_long_as_self_has(self, cond: Condition, _self: str, keyword: Token) -> StaticAbilityLine:
        return _self_static(None, (keyword,), cond)

    def in_addition(self) -> bool:
        return True

    def nonbasic_lands_are(self, land_types: Token, additional: bool = False) -> StaticAbilityLine:
        subtype = _singular_land_type(land_types)
        return StaticAbilityLine(SetLandType(Selector(types=("Land",), nonbasic=True), subtype, additional), "")

    def each_land_is(self, _article: Token, land_type: Token, additional: bool = False) -> StaticAbilityLine:
        return StaticAbilityLine(SetLandType(Selector(types=("Land",)), str(land_type), additional), "")

    def enchanted_land_is(self, _article: Token, land_type: Token,
                          additional: bool = False) -> StaticAbilityLine:
        return StaticAbilityLine(SetLandType(Selector(types=("Land",), relation="enchanted"), str(land_type),
                                             additional), "")

    def enchanted_land_is_chosen(self, additional: Any = None) -> StaticAbilityLine:
        """"Enchanted land is the chosen type." (Phantasmal Terrain; 305.7, 614.12)."""
        return StaticAbilityLine(SetLandType(Selector(types=("Land",), relation="enchanted"), "",
                                             additional is not None, chosen=True), "")

    def self_land_is_chosen(self, additional: Any = None) -> StaticAbilityLine:
        """"This land is the chosen type [in addition to its other types]." (Thran Portal)."""
        return StaticAbilityLine(SetLandType(Selector(types=("Land",), relation="self"), "",
                                             additional is not None, chosen=True), "")

    def group_lands_are_chosen(self, affected: Selector, additional: Any = None) -> StaticAbilityLine:
        """"Lands you control are the chosen type in addition to their other types." (Realmwright)."""
        return StaticAbilityLine(SetLandType(_lands_only(affected), "", additional is not None, chosen=True), "")

    def all_of_land_type_are(self, of_type: Token, land_types: Token, additional: bool = False) -> StaticAbilityLine:
        """"All Mountains are Plains." (Conversion, Glaciers; 305.7)."""
        affected = Selector(types=("Land",), subtypes=(_singular_land_type(of_type),))
        return StaticAbilityLine(SetLandType(affected, _singular_land_type(land_types), additional), "")

    def all_lands_are(self, land_types: Token, additional: bool = False) -> StaticAbilityLine:
        """"All lands are Islands in addition to their other types." (Stormtide Leviathan)."""
        return StaticAbilityLine(SetLandType(Selector(types=("Land",)), _singular_land_type(land_types), additional), "")

    def group_lands_are(self, affected: Selector, land_types: Token, additional: bool = False) -> StaticAbilityLine:
        """"Lands you control are Plains." (Celestial Dawn; 305.7)."""
        return StaticAbilityLine(SetLandType(_lands_only(affected), _singular_land_type(land_types), additional), "")

    def group_every_basic_land_type(self, affected: Selector, _additional: bool) -> StaticAbilityLine:
        return StaticAbilityLine(AddEveryBasicLandType(_lands_only(affected)), "")

    def enchanted_every_basic_land_type(self, _additional: bool) -> StaticAbilityLine:
        return StaticAbilityLine(AddEveryBasicLandType(Selector(types=("Land",), relation="enchanted")), "")

    def untap_during_others_untap(self, _self: str) -> StaticAbilityLine:
        return StaticAbilityLine(UntapDuringOthersUntap(), "")

    def doesnt_untap(self, _self: str) -> StaticAbilityLine:
        return StaticAbilityLine(DoesntUntap(), "")

    def additional_land_each_turn(self) -> StaticAbilityLine:
        return StaticAbilityLine(AdditionalLandEachTurn(1), "")

    def additional_lands_each_turn(self, n: int) -> StaticAbilityLine:
        return StaticAbilityLine(AdditionalLandEachTurn(n), "")

    def doesnt_untap_if(self, _self: str, cond: Condition) -> StaticAbilityLine:
        """"This land doesn't untap during your untap step if it has a depletion counter on it."
        (Land Cap; 502.3, read as the untap step untaps)."""
        return StaticAbilityLine(DoesntUntap(cond), "")

    def no_maximum_hand_size(self) -> StaticAbilityLine:
        return StaticAbilityLine(NoMaximumHandSize(), "")

    def enchanted_has_keywords(self, what: Selector, *keywords: Token) -> StaticAbilityLine:
        """"Enchanted land has shroud." (Trace of Abundance; layer 6, 613.1f)."""
        names = tuple(_word(k).capitalize() for k in keywords)
        if len(set(names)) != len(names):
            raise _Problem("a keyword is repeated")
        return StaticAbilityLine(ModifyPTStatic(what, 0, 0, names), "")

    def keep_unspent_mana(self) -> StaticAbilityLine:
        return StaticAbilityLine(KeepUnspentMana(), "")

    # ---- replacement
    def twice(self) -> int:
        return 2

    def times(self, n: int) -> int:
        return n

    def mana_multiplier(self, factor: int) -> ReplacementAbility:
        if factor < 2:
            raise _Problem("a mana multiplier must be at least two")
        return ReplacementAbility(ManaMultiplier(factor), "")

    def basic_land_multiplier(self, factor: int) -> ReplacementAbility:
        """"If you tap a basic land for mana, it produces three times as much of that mana instead." (106.12b)"""
        if factor < 2:
            raise _Problem("a mana multiplier must be at least two")
        return ReplacementAbility(BasicLandManaMultiplier(factor), "")

    def mana_becomes_type(self, symbol: Token) -> ReplacementAbility:
        return ReplacementAbility(ManaBecomesType(str(symbol)[1]), "")

    # ---- the permanent's own prevention effects (615.1a, 615.5; cards/model_damage.py)
    def prevent_remove_one(self, _self: str, _a: Token, counter: Token, _self2: str) -> ReplacementAbility:
        """"If damage would be dealt to this creature, prevent that damage. Remove a +1/+1 counter
        from this creature." (the Phantoms: prevented with or without a counter)."""
        return ReplacementAbility(PreventDamageToSelf(_counter(counter, 1), "one"), "")

    def prevent_while(self, _self: str, _a: Token, counter: Token,
                              removed: tuple[str, Literal["one", "that_many"]], _it: str) -> ReplacementAbility:
        """"If damage would be dealt to this creature while it has a +1/+1 counter on it, prevent that
        damage and remove a +1/+1 counter / that many +1/+1 counters from it." (Oathsworn Knight,
        Ugin's Conjurant)."""
        kind = _counter(counter, 1)
        if removed[0] != kind:
            raise _Problem("the counter removed must be the one the prevention depends on")
        return ReplacementAbility(PreventDamageToSelf(kind, removed[1], while_counter=True), "")

    def prevent_while_reflexive(self, _self: str, _a: Token, counter: Token,
                                        removed: tuple[str, Literal["one", "that_many"]], _it: str,
                                        _self2: str) -> ReplacementAbility:
        """Magma Pummeler: "... prevent that damage and remove that many +1/+1 counters from it. When
        one or more counters are removed from this creature this way, it deals that much damage to
        any target." (615.5; the reflexive trigger, 603.12, targets as it is put on the stack)."""
        prevention = self.prevent_while(_self, _a, counter, removed, _it)
        text = "When one or more counters are removed from this creature this way, it deals that much damage to any target."
        reflexive = TriggeredAbility(CountersRemovedThisWay(), (DealThatMuchDamage(),), text,
                                     Targets(ANY_TARGET, players="any"))
        effect = prevention.effect
        assert isinstance(effect, PreventDamageToSelf)
        return replace(prevention, effect=replace(effect, reflexive=reflexive))

    def removed_one(self, _a: Token, counter: Token) -> tuple[str, str]:
        return _counter(counter, 1), "one"

    def removed_that_many(self, counter: Token, _word_: Token) -> tuple[str, str]:
        return _counter(counter, 2), "that_many"

    def prevent_each(self, _self: str, _a: Token, counter: Token, _b: Token,
                             removed: Token) -> ReplacementAbility:
        """"For each 1 damage that would be dealt to this creature, if it has a +1/+1 counter on it,
        remove a +1/+1 counter from it and prevent that 1 damage." (Rock Hydra)."""
        kind = _counter(counter, 1)
        if _counter(removed, 1) != kind:
            raise _Problem("the counter removed must be the one the prevention depends on")
        return ReplacementAbility(PreventDamageToSelf(kind, "each", while_counter=True), "")

    def explore_twice_instead(self) -> ReplacementAbility:
        return ReplacementAbility(ExploreTwiceInstead(), "")

    def enters_with_counter_of_choice(self, _self: str, _a: Token, first: Token, _b: Token,
                                      second: Token) -> ReplacementAbility:
        """"This creature enters with your choice of a flying counter or a first strike counter on
        it." (Helica Glider; 614.1c, chosen as it enters, 614.12)."""
        kinds = (_counter(first, 1), _counter(second, 1))
        if kinds[0] == kinds[1]:
            raise _Problem("a choice between one kind of counter")
        return ReplacementAbility(EntersWithCounterOfChoice(kinds), "")

    def enters_with_counters(self, _self: str, amount: int | Literal["X"], counter: Token,
                             _word_: Token) -> ReplacementAbility:
        return ReplacementAbility(EntersWithCounters(_counter(counter, amount), amount), "")

    # ---- kicker (702.33)
    def cant_be_countered(self) -> StaticAbilityLine:
        """"This spell can't be countered." (101.2; it functions on the stack, 113.6)."""
        return StaticAbilityLine(CantBeCountered(), "")

    def kicker(self, *symbols: Token) -> StaticAbilityLine:
        return StaticAbilityLine(Kicker(_kicker_cost(symbols)), "")

    def multikicker(self, *symbols: Token) -> StaticAbilityLine:
        return StaticAbilityLine(Kicker(_kicker_cost(symbols), multi=True), "")

    # ---- enters with counted or conditional counters (614.1c; game/counts.py)
    def worded_replacement(self, _word_: None, ability: Ability) -> Ability:
        """207.2c: an ability word ("Converge —", "Raid —") has no rules meaning."""
        return ability

    def enters_with_counters_for_each(self, _self: str, amount: int | Literal["X"], counter: Token,
                                      _word_: Token, count: EnterCount) -> ReplacementAbility:
        if amount == "X":
            raise _Problem('"X counters for each" is not supported')
        return ReplacementAbility(EntersWithCountedCounters(_counter(counter, amount), amount, count), "")

    def enters_with_counters_where_x(self, _self: str, amount: int | Literal["X"], counter: Token,
                                     _word_: Token, count: EnterCount) -> ReplacementAbility:
        if amount != "X":
            raise _Problem('"where X is" needs X counters')
        return ReplacementAbility(EntersWithCountedCounters(_counter(counter, 1), 1, count), "")

    def enters_with_counters_equal_to(self, _self: str, counter: Token, _word_: Token,
                                      count: EnterCount) -> ReplacementAbility:
        return ReplacementAbility(EntersWithCountedCounters(_counter(counter, 1), 1, count), "")

    def enters_with_counters_if(self, _self: str, amount: int | Literal["X"], counter: Token,
                                _word_: Token, condition: Condition) -> ReplacementAbility:
        if amount == "X":
            raise _Problem('"X counters ... if" is not supported')
        return ReplacementAbility(EntersWithCountedCounters(_counter(counter, amount), amount,
                                                            condition=condition), "")

    def enters_with_counters_kicked(self, _if: Token, amount: int | Literal["X"], counter: Token,
                                    _word_: Token) -> ReplacementAbility:
        noun = _word(_if).split()[2]
        if noun != "was":                       # "this creature": checked against the card's types
            self.ctx.self_nouns.append(noun)
        if amount == "X":
            raise _Problem('"if it was kicked, it enters with X counters" is not supported')
        return ReplacementAbility(EntersWithCountedCounters(_counter(counter, amount), amount, kicked=True), "")

    def enters_with_counters_kicked_keyword(self, _if: Token, amount: int | Literal["X"], counter: Token,
                                            _word_: Token, keyword: Token) -> ReplacementAbility:
        """"If this creature was kicked, it enters with two +1/+1 counters on it and with haste."
        (702.33d, 614.1c: it enters with the keyword too, and keeps it while on the battlefield)."""
        ability = self.enters_with_counters_kicked(_if, amount, counter, _word_)
        assert isinstance(ability.effect, EntersWithCountedCounters)
        return replace(ability, effect=replace(ability.effect, keywords=(_word(keyword).capitalize(),)))

    def enters_with_two_counters_kicked_keyword(self, _if: Token, amount: int | Literal["X"], counter: Token,
                                                _word_: Token, _article: Token, other: Token, _other_word: Token,
                                                keyword: Token) -> ReplacementAbility:
        """"If this creature was kicked, it enters with two +1/+1 counters and a trample counter on it
        and with haste." (Voidpouncer; 702.33d, 614.1c: one replacement, both kinds and the keyword)."""
        ability = self.enters_with_counters_kicked_keyword(_if, amount, counter, _word_, keyword)
        assert isinstance(ability.effect, EntersWithCountedCounters)
        kind = _counter(other, 1)
        if kind == ability.effect.counter:
            raise _Problem("the same kind of counter named twice")
        return replace(ability, effect=replace(ability.effect, also=((kind, 1),)))

    def each_you_control(self, other: Token | None, first: Token, second: Token | None) -> EnterCount:
        kinds = [_word(t).capitalize() for t in (first, second) if t is not None]
        if "Permanent" in kinds and len(kinds) > 1 or len(set(kinds)) != len(kinds):
            raise _Problem("an unsupported kind of permanent to count")
        if kinds == ["Permanent"]:
            what = Selector(controller="you")
        elif len(kinds) == 1:
            what = Selector(types=(kinds[0],), controller="you")
        else:
            what = Selector(any_of=tuple(kinds), controller="you")
        return EnterCount(what, other=other is not None)

    def each_card_in_your_graveyard(self, kind: Token) -> EnterCount:
        return EnterCount(Selector(zone="graveyard", types=(_word(kind).capitalize(),), controller="you"))

    def each_color_spent(self) -> EnterCount:
        return EnterCount(measure="colors_spent")

    def each_time_kicked(self) -> EnterCount:
        return EnterCount(measure="times_kicked")

    def each_creature_died_this_turn(self) -> EnterCount:
        return EnterCount(measure="died_this_turn")

    def each_subtype_card_in_your_graveyard(self, name: Token) -> EnterCount:
        """"for each Zombie card in your graveyard" (Diregraf Colossus): cards with that subtype (205.3)."""
        return EnterCount(Selector(zone="graveyard", subtypes=(_subtype(str(name), plural=False),), controller="you"))

    def total_life(self) -> EnterCount:
        """"where X is your life total" (Eternity Vessel; 119.1): as the permanent would enter (614.1c)."""
        return EnterLifeTotal()

    def total_life_gained_this_turn(self) -> EnterCount:
        """"the amount of life you've gained this turn" (Voracious Wurm; 119.3, `GameState.turn_counts`)."""
        return EnterCount(measure="life_gained_this_turn")

    def total_on_battlefield(self, other: Token | None, plural: Token) -> EnterCount:
        kind = _word(plural)[:-1].capitalize()
        return EnterCount(Selector(types=() if kind == "Permanent" else (kind,)), other=other is not None)

    def total_tapped_on_battlefield(self, plural: Token) -> EnterCount:
        """"where X is the number of tapped lands on the battlefield" (Ignition Team; 110.5, 614.1c)."""
        kind = _word(plural)[:-1].capitalize()
        return EnterTappedCount(Selector(types=() if kind == "Permanent" else (kind,)))

    def total_you_control(self, other: Token | None, plural: Token) -> EnterCount:
        return EnterCount(_permanent_you_control(_word(plural)[:-1]), other=other is not None)

    def total_cards_of_two_kinds_in_graveyard(self, one: Token, other: Token, owner: str) -> EnterCount:
        """"the number of instant and sorcery cards in all graveyards" (Academy Elite): each card
        that is either (a card is counted once)."""
        return EnterCount(Selector(zone="graveyard", any_of=_two_kinds(one, other),
                                   controller="you" if owner == "yours" else "any"))

    def total_cards_in_graveyard(self, kind: Token, owner: str) -> EnterCount:
        return EnterCount(Selector(zone="graveyard", types=(_word(kind).capitalize(),),
                                controller="you" if owner == "yours" else "any"))

    def total_mana_value_spells(self) -> EnterCount:
        return EnterCount(Selector(zone="graveyard", any_of=("Instant", "Sorcery"), controller="you"),
                       measure="mana_value")

    def graveyard_yours(self) -> str:
        return "yours"

    def graveyard_all(self) -> str:
        return "all"

    def enters_with_counters_adamant(self, n: int, color: str | None, _self: str, amount: int | Literal["X"],
                                     counter: Token, _word_: Token) -> ReplacementAbility:
        if amount == "X" or n < 1:
            raise _Problem("an unsupported amount in an Adamant ability")
        return ReplacementAbility(EntersWithCountedCounters(_counter(counter, amount), amount,
                                                            condition=ManaSpentAtLeast(n, color)), "")

    def spent_color(self, word: Token) -> str:
        return _COLOR_WORDS[_word(word)]

    def spent_same_color(self) -> None:
        return None

    def you_attacked_this_turn(self) -> Condition:
        return YouAttackedThisTurn()

    # ---- the spells cast this turn (601.2; issue 22, pool-casting; cards/model_casting.py)
    def casting_cast_it_from_hand(self) -> Condition:
        """"if you cast it from your hand" (the Myojin, Coal Stoker)."""
        return YouCastIt("hand")

    def casting_cast_it(self) -> Condition:
        """"if you cast it" (Iridescent Tiger): from any zone."""
        return YouCastIt()

    @v_args(meta=True, inline=True)
    def casting_cast_n_spells(self, meta: Any, n: int) -> Condition:
        """"if you've cast two or more spells this turn" (Effortless Master)."""
        return SpellsCastThisTurn(self.ctx.line.printed_span(meta.start_pos, meta.end_pos), at_least=n)

    @v_args(meta=True, inline=True)
    def casting_cast_kind_spell(self, meta: Any, _article: Token, kinds: dict[str, Any]) -> Condition:
        """"if you've cast a noncreature spell this turn" / "... an instant or sorcery spell ..."."""
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos)
        return SpellsCastThisTurn(text, spell=_spell_filter(text, kinds))

    def casting_enters_with_counters_unless(self, _self: str, amount: int | Literal["X"], counter: Token,
                                            _word_: Token, color: Token) -> ReplacementAbility:
        """614.1c: "This creature enters with two -1/-1 counters on it unless you've cast another
        red spell this turn." (Hotheaded Giant): the counters only if `you` cast no red spell
        this turn but this one (109.2), read as it would enter."""
        if amount == "X":
            raise _Problem('"X counters ... unless" is not supported')
        shade = _word(color)
        cond = SpellsCastThisTurn(f"you've cast no other {shade} spell this turn", at_least=0, at_most=0,
                                  color=_COLOR_WORDS[shade], other=True)
        return ReplacementAbility(EntersWithCountedCounters(_counter(counter, amount), amount, condition=cond), "")

    def casting_each_different_mana_cost(self) -> EnterCount:
        """"for each different mana cost among nonland cards in your graveyard" (Embodiment of
        Agonies; 202.1: {2}{B} and {1}{B}{B} differ; a card with no mana cost has none)."""
        return EnterCount(Selector(zone="graveyard", non=("Land",), controller="you"), measure="different_mana_costs")

    def casting_q_spell_colors(self) -> Quantity:
        return TriggerSpellColors()

    def casting_spell_all_colors(self) -> Condition:
        return TriggerSpellAllColors()

    def casting_each_other_spell_cast(self) -> EnterCount:
        """"for each other spell cast this turn" (Storm Entity): every player's, but this one."""
        return EnterCount(measure="spells_cast_this_turn", other=True)

    def casting_nth_spell(self, nth: Token) -> dict[str, Any]:
        """"your first spell each turn" (Rodeo Pyromancers): the caster's nth spell this turn."""
        return {"nth": {"first": 1, "second": 2, "third": 3}[_word(nth)]}

    @v_args(meta=True, inline=True)
    def casting_activated_sorcery_if(self, meta: Any, cost: Cost, *rest: Any) -> ActivatedAbility:
        """602.5b, 602.5d: "Activate only as a sorcery and only if <condition>." (Hall of Oracles)."""
        return replace(self.activated(meta, cost, *rest[:-1]), condition=rest[-1], sorcery_speed=True)

    def you_control_power_at_least(self, n: int) -> Condition:
        return YouControlPowerAtLeast(n)

    # ---- cards/model_conditions.py
    def you_control_toughness_at_least(self, n: int) -> Condition:
        return YouControlToughnessAtLeast(n)

    def not_your_turn(self) -> Condition:
        return NotYourTurn()

    def an_opponent_controls_at_least(self, n: int, what: Selector) -> Condition:
        if n < 1:
            raise _Problem("a count of permanents must be at least one")
        return AnOpponentControlsAtLeast(replace(what, controller="opponent"), n)

    def enter_condition(self, condition: Condition) -> Condition:
        return condition

    def enters_if_sacrifice(self, _bf: Any, _article: Token, untapped: Token | None,
                            what: EntersIfSacrifice) -> ReplacementAbility:
        """"If this land would enter, sacrifice a Forest instead. If you do, ..." (614.1a)."""
        return ReplacementAbility(replace(what, untapped=untapped is not None), "")

    def enters_if_sacrifice_lands(self, _bf: Any, n: int, untapped: Token | None) -> ReplacementAbility:
        """"If this land would enter, sacrifice two untapped lands instead. ..." (Lotus Vale; 614.1a)."""
        if not 2 <= n <= 4:
            raise _Problem("a number of lands to sacrifice from two to four")
        return ReplacementAbility(EntersIfSacrifice(untapped=untapped is not None, amount=n), "")

    def sacrificed_land_type(self, land_type: Token) -> EntersIfSacrifice:
        return EntersIfSacrifice(subtypes=(str(land_type),))

    def sacrificed_land(self) -> EntersIfSacrifice:
        return EntersIfSacrifice()

    def enters_tapped(self, _self: str, _bf: Any = None) -> ReplacementAbility:
        return ReplacementAbility(EntersTapped(), "")

    def enters_tapped_unless(self, _self: str, _bf: Any, condition: Condition) -> ReplacementAbility:
        return ReplacementAbility(EntersTapped(condition), "")

    def enters_tapped_if(self, n: int, other: Token | None, what: Selector, _self: str, _bf: Any) -> ReplacementAbility:
        return ReplacementAbility(EntersTapped(YouControl((what,), at_least=n, other=other is not None),
                                               unless=False), "")

    def enters_tapped_with_counters(self, _self: str, _bf: Any, amount: int | Literal["X"], kind: Token,
                                    _word_: Token) -> ReplacementAbility:
        return ReplacementAbility(EntersWithCounters(_counter(kind, amount), amount, tapped=True), "")

    def counter_amount(self, n: int | Literal["X"]) -> int | Literal["X"]:
        return n

    def battlefield(self) -> None:
        return None

    # ---- conditions
    def you_control_any(self, *what: Selector) -> Condition:
        return YouControl(tuple(what))

    def you_control_another_type(self, creature_type: Token) -> Condition:
        """"If you control another Mutant" (Black Tom Cassidy): one other than the source (109.2)."""
        if str(creature_type) not in CREATURE_TYPES:
            raise _Problem(f"{str(creature_type)!r} is not a creature type")
        return YouControl((Selector(subtypes=(str(creature_type),), controller="you"),), other=True)

    def total_power_at_least(self, n: int) -> Condition:
        """Formidable: "creatures you control have total power 8 or greater" (Circle of Elders)."""
        return QuantityAtLeast(TotalPower(_permanent_you_control("creature")), n)

    def same_name_at_least(self, n: int, what: Selector) -> Condition:
        """"you control three or more lands with the same name" (Sceptre of Eternal Glory, 201.2)."""
        return SameNameAtLeast(what, n)

    def you_control_at_least(self, n: int, other: Token | None, what: Selector) -> Condition:
        return YouControl((what,), at_least=n, other=other is not None)

    def you_control_at_most(self, n: int, other: Token | None, what: Selector) -> Condition:
        return YouControl((what,), at_least=0, at_most=n, other=other is not None)

    def graveyard_at_least(self, n: int) -> Condition:
        return CardsInYourZone("graveyard", at_least=n)

    def graveyard_typed_at_least(self, n: int, kind: Token) -> Condition:
        """"there are four or more creature cards in your graveyard"."""
        return CardsInYourZone("graveyard", at_least=n, card_type=_word(kind).capitalize())

    def graveyard_subtype_present(self, _article: Token, name: Token) -> Condition:
        """"there is an Elf card in your graveyard" (a card with the subtype, 205.3: an Elf
        creature card, an Elf tribal card or a Changeling card)."""
        return CardsInYourZone("graveyard", at_least=1, subtype=_subtype(str(name), plural=False))

    def graveyard_subtype_and_self_counter(self, article: Token, name: Token, _self: str, _article: Token,
                                           counter: Token) -> Condition:
        """"... and this creature has a -1/-1 counter on it" (Creakwood Safewright): both hold."""
        return AllConditions((self.graveyard_subtype_present(article, name), SelfHasCounters(_counter(counter, 1), 1)))

    def hand_empty(self) -> Condition:
        return CardsInYourZone("hand", at_most=0)

    def hand_at_least(self, n: int, _hand: Token) -> Condition:
        """"you have four or more cards in your hand" (402.1)."""
        return CardsInYourZone("hand", at_least=n)

    def hand_at_most(self, n: int, _hand: Token) -> Condition:
        """"you have one or fewer cards in hand"."""
        return CardsInYourZone("hand", at_most=n)

    def hand_zero_or(self, n: int) -> Condition:
        """"Activate only if you have exactly zero or seven cards in hand." (602.5b): either count."""
        return AnyCondition((CardsInYourZone("hand", at_least=0, at_most=0), CardsInYourZone("hand", at_least=n, at_most=n)))

    def hand_exactly(self, n: int) -> Condition:
        return CardsInYourZone("hand", at_least=n, at_most=n)

    def entered_this_turn(self, _self: str) -> Condition:
        return EnteredThisTurn()

    def entered_this_turn_or(self, _self: str, other: Condition) -> Condition:
        return AnyCondition((EnteredThisTurn(), other))

    def creature_died_this_turn(self) -> Condition:
        return CreatureDiedThisTurn()

    def opponent_lost_life_this_turn(self) -> Condition:
        return OpponentLostLifeThisTurn()

    def you_lost_permanent_this_turn(self) -> Condition:
        return YouLostPermanentThisTurn()

    def during_turn(self) -> Condition:
        return DuringYourTurn()

    def during_upkeep(self) -> Condition:
        return DuringYourTurn("upkeep")

    def opponents_at_least(self, n: int) -> Condition:
        return OpponentCount(n)

    def player_life_at_most(self, n: int) -> Condition:
        return PlayerLifeAtMost(n)

    def opponents_control_at_least(self, n: int, what: Selector) -> Condition:
        return OpponentsControl(replace(what, controller="opponent"), n)

    def a_typed_permanent(self, _article: Token, *rest: Token) -> Selector:
        supertypes = tuple(_word(t).capitalize() for t in rest[:-1] if t is not None)
        return replace(_permanent_you_control(rest[-1]), supertypes=supertypes)

    def a_land_type(self, _article: Token, land_type: Token) -> Selector:
        return Selector(subtypes=(str(land_type),), controller="you")

    def a_urzas_land(self, _article: Token, name: Token) -> Selector:
        """"an Urza's Power-Plant": a land with both subtypes, Urza's and Power-Plant (205.3i)."""
        urzas, kind = str(name).split(" ", 1)
        return Selector(types=("Land",), subtypes=(urzas, kind), controller="you")

    def you_control_both(self, first: Selector, second: Selector) -> Condition:
        """"you control an Urza's Power-Plant and an Urza's Tower": each of them."""
        return AllConditions((YouControl((first,)), YouControl((second,))))

    def you_played_land_this_turn(self) -> Condition:
        return YouPlayedLandThisTurn()

    def a_creature_type(self, _article: Token, creature_type: Token) -> Selector:
        """"a Dinosaur": a permanent of that creature type you control (205.3m)."""
        if str(creature_type) not in CREATURE_TYPES:
            raise _Problem(f"{str(creature_type)!r} is not a creature type")
        return Selector(subtypes=(str(creature_type),), controller="you")

    def typed_permanents(self, *rest: Token) -> Selector:
        supertypes = tuple(_word(t).capitalize() for t in rest[:-1] if t is not None)
        return replace(_permanent_you_control(_word(rest[-1])[:-1]), supertypes=supertypes)

    def land_types(self, plural: Token) -> Selector:
        word = str(plural)
        return Selector(subtypes=(word if word == "Plains" else word[:-1],), controller="you")

    def enters_tapped_unless_pay_life(self, _self: str, life: int) -> ReplacementAbility:
        return ReplacementAbility(EntersTappedUnlessPayLife(life), "")

    def choose_color_as_enters(self, _self: str) -> ReplacementAbility:
        return ReplacementAbility(ChooseColorAsEnters(), "")

    def choose_color_other_as_enters(self, _self: str, other: Token) -> ReplacementAbility:
        """"As this land enters, choose a color other than black." (Black Dragon Gate, 614.12): the
        named color is not among the options."""
        return ReplacementAbility(ChooseColorAsEnters(_COLOR_WORDS[str(other).split()[-1].lower()]), "")

    @v_args(meta=True, inline=True)
    def enters_tapped_choose_color(self, meta: Any, _self: str, _bf: Any, other: Token | None) -> "_Several":
        """"This land enters tapped. As it enters, choose a color [other than green]." (the Thriving
        lands): two replacement effects on one printed line, two abilities (614.1d, 614.12)."""
        printed = self.ctx.line.printed_span(meta.start_pos, meta.end_pos)
        cut = printed.find(".") + 1
        color = _COLOR_WORDS[str(other).split()[-1].lower()] if other is not None else None
        return _Several(((ReplacementAbility(EntersTapped(), ""), printed[:cut].strip()),
                         (ReplacementAbility(ChooseColorAsEnters(color), ""), printed[cut:].strip())))

    def enters_tapped_unless_reveal(self, _self: str, _article: Token, types: tuple[str, ...],
                                    _self2: str) -> ReplacementAbility:
        return ReplacementAbility(EntersTappedUnlessReveal(types), "")

    def enters_tapped_unless_reveal_or_control(self, _self: str, _a: Token, types: tuple[str, ...],
                                                        _self2: str, _b: Token, again: tuple[str, ...], _c: Token,
                                                        controlled: Token) -> ReplacementAbility:
        """"As this land enters, you may reveal a Dragon card from your hand. This land enters tapped
        unless you revealed a Dragon card this way or you control a Dragon." (614.1c, 614.12)"""
        found = creature_type(str(controlled))
        if types != again or found is None or (found,) != types:
            raise _Problem("the card revealed and the permanent controlled must be of one creature type")
        return ReplacementAbility(EntersTappedUnlessReveal(types, or_control=(found,)), "")

    def revealed_kind(self, types: tuple[str, ...]) -> tuple[str, ...]:
        return types

    def revealed_creature_type(self, word: Token) -> tuple[str, ...]:
        found = creature_type(str(word))
        if found is None:
            raise _Problem(f"{str(word)!r} is not a creature type (205.3m)")
        return (found,)

    def choose_creature_type_as_enters(self, _self: str) -> ReplacementAbility:
        return ReplacementAbility(ChooseCreatureTypeAsEnters(), "")

    def choose_land_type_as_enters(self, _self: str) -> ReplacementAbility:
        return ReplacementAbility(ChooseLandTypeAsEnters(), "")

    @v_args(meta=True, inline=True)
    def casting_choose_land_type_then_pay_life(self, meta: Any, _self: str, life: int) -> "_Several":
        """"As this land enters, choose a basic land type. Then you may pay 2 life. If you don't, it
        enters tapped." (Multiversal Passage; 614.12): the choice, then the payment (asked in that
        order), two replacement effects of one printed line."""
        printed = self.ctx.line.printed_span(meta.start_pos, meta.end_pos)
        cut = printed.find(".") + 1
        return _Several(((ReplacementAbility(ChooseLandTypeAsEnters(), ""), printed[:cut].strip()),
                         (ReplacementAbility(EntersTappedUnlessPayLife(life, after_choices=True), ""),
                          printed[cut:].strip())))
    # ---- further phrases (the `further_*` rules at the end of grammar.lark; the rest in parser_further.py)
    def if_no_counter_return(self, word: Any, condition: TriggerCondition, _self: str, _article: Token,
                                   counter: Token) -> TriggeredAbility:
        """"At the beginning of your end step, if this creature doesn't have a +1/+1 counter on it,
        return it to its owner's hand." (Shatterskull Charger): an intervening "if" (603.4) about
        the source, and "it" is the source (400.7)."""
        return TriggeredAbility(condition=condition, effects=(ReturnToOwnersHand("self"),), text="",
                                intervening=SelfHasNoCounters(_counter(counter, 1)))

    def enters_or_dies(self, _self: str, *sentences: Any) -> TriggeredAbility:
        """"Whenever this creature enters or dies, ..." (603.6a, 603.6c): one ability, either event."""
        return self.triggered(EntersOrDiesSelf(), *sentences)

    def whenever_permanent_enters(self, _article: Token, what: Token) -> TriggerCondition:
        """"Whenever an artifact enters" / "Whenever a creature enters" (603.6a): whoever controls it."""
        kind = _word(what).capitalize()
        return PermanentEnters(Selector(types=() if kind == "Permanent" else (kind,)))

    def another_colored_enters(self, color: Token, what: Token) -> TriggerCondition:
        """"Whenever another colorless creature you control enters" (105.2c) / "... another green
        creature you control enters" (105.2): its colors as it is on the battlefield."""
        sel = replace(_permanent_you_control(what), other=True)
        word = _word(color)
        if word == "colorless":
            return PermanentEnters(replace(sel, colorless=True))
        return PermanentEnters(replace(sel, colors=(_COLOR_WORDS[word],)))

    def cost_exile_self(self, _self: str) -> tuple[str, Any]:
        """"Exile this land" as a cost (602.2h): the source, from the battlefield to exile (406)."""
        return ("exile_self", True)

    def destroy_target_subtype(self, word: Token) -> _Part:
        """"Destroy target Equipment." (701.8a; 205.3: a permanent with that subtype)."""
        return _Part(Destroy(), targets=Targets(Selector(subtypes=(_target_subtype(str(word)),))))

    def damage_each_creature(self, source: str, n: int, other: Token | None,
                                   players: Token | None) -> _Part:
        """"This land deals 2 damage to each creature." / "... to each creature and each player" /
        "It deals 1 damage to each other creature and each player." (120.3)."""
        return _Part(DealDamageToEach(n, Selector(types=("Creature",), other=other is not None), players is not None),
                     it=source == "it")

    def owner_shuffles_target(self) -> _Part:
        """"Target creature's owner shuffles it into their library." (701.24a)."""
        return _Part(OwnerShufflesIntoLibrary(), targets=Targets(Selector(types=("Creature",))))

    def surveil_then(self, n: int, part: _Part) -> list[_Part]:
        """"Surveil 1, then remove a -1/-1 counter from this creature." (701.25a, then the next
        instruction, 608.2c)."""
        if not isinstance(part, _Part) or isinstance(part.effect, (MayDo, AddMana)) or part.token is not None:
            raise _Problem('that instruction cannot follow "surveil N, then"')
        return [self.surveil(n), part]

    def self_fewer_counters(self, _self: str, n: int, counter: Token, _counters: Token) -> Condition:
        """"if this creature has fewer than three +1/+1 counters on it" (122.1)."""
        if n < 1:
            raise _Problem("fewer than zero counters is never true")
        return SelfHasFewerCounters(_counter(counter, n), n)

    def control_named(self, first: Token, second: Token) -> Condition:
        """"If you control creatures named Mine Worker and Power Plant Worker" (201.2)."""
        names = (str(first), str(second))
        if names[0] == names[1]:
            raise _Problem("a name is named twice")
        return YouControlNamed(names)

    def card_types_in_graveyard(self, n: int) -> Condition:
        """"there are four or more card types among cards in your graveyard" (delirium, 205.2a)."""
        return CardTypesInGraveyardAtLeast(n)

    def becomes_land_type_lasting(self, target: tuple[str, Targets], _article: Token, land_type: Token) -> _Part:
        """"Target land becomes a Forest." (Thelonite Monk, Cyclopean Giant; 305.7, no end: 611.2c)."""
        if target[1].what.types != ("Land",):
            raise _Problem("only a land becomes a basic land type here")
        return _Part(BecomesLandTypeLasting(str(land_type)), targets=target[1])

    def exile_this_card(self) -> _Part:
        """"Exile this card." after "When this creature dies, ..." (400.7; checked in `_check_parts`)."""
        return _Part(ExileSourceCard())

    def draw_per_two_subtypes(self, first: Token, second: Token) -> _Part:
        """"Draw a card for each Locus and/or Sphere in your graveyard." (The Forgotten Place; 205.3:
        a card with either subtype or both, counted once, as it resolves, 608.2h)."""
        kinds = (_known_subtype(str(first)), _known_subtype(str(second)))
        if kinds[0] == kinds[1]:
            raise _Problem("a subtype is named twice")
        return _Part(DrawCounted(CountOf(Selector(zone="graveyard", controller="you", any_subtype=kinds))))

    def enchanted_land_is_types(self, _article: Token, *land_types: Token) -> StaticAbilityLine:
        """"Enchanted land is a Mountain, Forest, and Plains." (Lush Growth; 305.7, layer 4)."""
        names = tuple(str(t) for t in land_types)
        if len(set(names)) != len(names):
            raise _Problem("a land type is repeated")
        return StaticAbilityLine(SetLandTypes(Selector(types=("Land",), relation="enchanted"), names), "")

    def look_quality_historic(self) -> CardQuality:
        """"a historic card" (700.6: artifacts, legendaries and Sagas)."""
        return CardQuality(historic=True)

    def return_random_card(self, kind: Token) -> _Part:
        """"Return a creature card at random from your graveyard to your hand." (Haunted Fengraf)."""
        return _Part(ReturnRandomCardToHand(CardQuality(types=(_word(kind).capitalize(),))))

    def that_player_discards(self, n: int) -> _Part:
        """"It deals 3 damage to target player. That player discards a card." (Immersturm
        Skullcairn): the ability's one target player (checked in `_check_parts`; 701.9a)."""
        return _Part(DiscardCards(n, "target"), it=False)

    def remove_if_you_do_create(self, n: int | str, counter: Token, _word_: Token, _self: str,
                                      count: int, token: TokenSpec) -> list[_Part]:
        """"Remove a +1/+1 counter from this creature. If you do, create a 2/2 black Zombie creature
        token." (609.3, 111.1)."""
        if not isinstance(n, int):
            raise _Problem("removing X counters in an effect is not supported")
        made = self.create_tokens(count, token)
        return [_Part(RemoveCountersIfYouDo(_counter(counter, n), n, made.effect), token=made.token)]

    def target_draws_per_own_domain(self, targets: Targets) -> _Part:
        """"Target player draws a card for each basic land type among lands they control." (305.6)."""
        return _Part(TargetPlayerPerDomain("draw", "target"), targets=targets)

    def target_discards_per_domain(self, targets: Targets) -> _Part:
        """"Target player discards a card for each basic land type among lands you control." (305.6)."""
        return _Part(TargetPlayerPerDomain("discard", "you"), targets=targets)

    def you_discard(self, _article: Token, what: CardQuality) -> TriggerCondition:
        """"Whenever you discard a creature card" (701.9a)."""
        return YouDiscard("you", what)

    def opponent_discards(self, _article: Token, what: CardQuality) -> TriggerCondition:
        """"Whenever an opponent discards a land card" (701.9a)."""
        return YouDiscard("opponent", what)

    def discarded_kind(self, kind: Token) -> CardQuality:
        return CardQuality(types=(_word(kind).capitalize(),))

    def discarded_non(self, first: Token, second: Token) -> CardQuality:
        """"a noncreature, nonland card" (205.4b: neither type)."""
        kinds = (_word(first)[3:].capitalize(), _word(second)[3:].capitalize())
        if kinds[0] == kinds[1]:
            raise _Problem("a card type is named twice")
        return CardQuality(non=kinds)

    def enchanted_basic_group_gets(self, land_type: Token, subtype: Token, modifier: Token) -> StaticAbilityLine:
        """"As long as enchanted land is a basic Mountain, Goblin creatures get +0/+2." (Goblin Caves;
        611.3a: read continuously; every Goblin creature, whoever controls it, 613.4c)."""
        power, toughness = (int(v) for v in str(modifier).split("/"))
        affected = Selector(types=("Creature",), subtypes=(_known_subtype(str(subtype)),))
        return StaticAbilityLine(ModifyPTStatic(affected, power, toughness,
                                                condition=EnchantedIsBasicLandType(str(land_type))), "")

    def damage_each_subtype_creature(self, source: str, n: int, subtype: Token) -> _Part:
        """"it deals 1 damage to each Goblin creature" (Goblin Shrine; 205.3m, 120.3)."""
        return _Part(DealDamageToEach(n, Selector(types=("Creature",), subtypes=(_known_subtype(str(subtype)),))),
                     it=source == "it")

    def if_creature_pump(self, modifier: Token) -> list[_Part]:
        """"If it's a creature, it gets +1/+1 until end of turn." ("it": the one target of the
        instruction before, checked in `_check_parts`)."""
        power, toughness = (int(v) for v in str(modifier).split("/"))
        return [_Part(PumpTargetIfCreature(power, toughness))]

    def put_counters_on_each_subtypes(self, n: int, counter: Token, _word_: Token, names: tuple[str, ...],
                                            _entered: Token) -> _Part:
        """"Put a +1/+1 counter on each Frog, Rabbit, Raccoon, or Squirrel you control that entered the
        battlefield this turn." (Oakhollow Village; 205.3: one of the subtypes; 122.1)."""
        return _Part(PutCountersOnEach(_counter(counter, n), n,
                                       Selector(any_subtype=names, controller="you", entered_this_turn=True)))

    def flip_win(self, part: _Part) -> _Part:
        return part

    def flip_lose(self, part: _Part) -> _Part:
        return part

    @v_args(meta=True, inline=True)
    def flip_coin(self, meta: Any, may: Token | None, win: _Part | None, lose: _Part | None) -> list[_Part]:
        """"Flip a coin. If you lose the flip, ..." / "you may flip a coin. If you win the flip, ...
        If you lose the flip, ..." (705.1): the instructions of each result (608.2c)."""
        if win is None and lose is None:
            raise _Problem("a coin flip with nothing for either result is not supported")
        for p in (win, lose):
            if p is not None and (not isinstance(p, _Part) or p.targets is not None or p.token is not None
                                  or p.it or isinstance(p.effect, (AddMana, MayDo, IfThen))):
                raise _Problem("that instruction after a coin flip is not supported")
        flip = FlipCoin(win.effect if win is not None else None, lose.effect if lose is not None else None)
        if may is not None:
            return [_Part(MayDo(flip, "flip a coin"))]
        return [_Part(flip)]

    def damage_player_and_theirs(self, source: str, n: int) -> _Part:
        """"Chandra deals 10 damage to target player and each creature and planeswalker they control." (120.3)."""
        return _Part(DamagePlayerAndTheirs(n), targets=Targets(Selector(), players="any", objects=False),
                     it=source == "it")

    def all_creatures_color_lands_type(self, color: Token, land_types: Token) -> _Part:
        """"Until end of turn, all creatures become black and all lands become Swamps." (Nightcreep)."""
        return _Part(CreaturesColorLandsType(_COLOR_WORDS[_word(color)], _singular_subtype(str(land_types))))

    def cost_x_one_color(self) -> AddCounted:
        """"Add X mana of any one color." with X from the cost ("Remove X ki counters", 107.3)."""
        return AddCounted(CostX(), same=True)

    # ---- counters and zones (cards/model_counters.py, model_graveyard.py, model_library.py)
    def vanishing_n(self, n: int) -> "_Several":
        """702.63a: "Vanishing N" means "This permanent enters with N time counters on it," "At the
        beginning of your upkeep, if there is a time counter on this permanent, remove a time
        counter from it," and "When the last time counter is removed from this permanent,
        sacrifice it." (three abilities of one line)."""
        if n < 1:
            raise _Problem("Vanishing needs at least one time counter")
        return _Several(((ReplacementAbility(EntersWithCounters("time", n), ""), f"Vanishing {n}"),)
                        + self.vanishing_bare().abilities)

    def vanishing_bare(self) -> "_Several":
        """702.63b: "Vanishing" without a number: only the upkeep and the sacrifice abilities."""
        upkeep = TriggeredAbility(BeginningOfYourStep("upkeep"), (RemoveCounters("time", 1, "self"),), "",
                                  intervening=SelfHasCounters("time", 1))
        last = TriggeredAbility(LastCounterRemovedSelf("time"), (SacrificeSelf(),), "")
        return _Several(((upkeep, "At the beginning of your upkeep, if there is a time counter on this permanent, "
                                  "remove a time counter from it."),
                         (last, "When the last time counter is removed from this permanent, sacrifice it.")))

    def get_poison(self, n: int, _word_: Token) -> _Part:
        """"You get two poison counters." (122.1f)."""
        if n < 1:
            raise _Problem("a number of poison counters must be at least one")
        return _Part(GetPoison(n))

    def dies_put_those_counters(self, _self: str, target: tuple[str, Targets]) -> TriggeredAbility:
        """"When this creature dies, if it had counters on it, put those counters on target creature
        you control." (Iron Apprentice; 603.10a: the counters it had as it last existed; 603.4)."""
        return TriggeredAbility(DiesSelf(), (PutItsCounters(),), "", targets=target[1], intervening=SelfHadCounters())

    def it_was_kicked(self) -> Condition:
        """"When this creature enters, if it was kicked, ..." (702.33d, 603.4)."""
        return SelfWasKicked()

    def look_top_may(self, _article: Token, quality: Any, take: tuple[str, bool, bool], _ref: None,
                             where: str, other: str) -> _Part:
        """"Look at the top card of your library. If it's a land card, you may put it onto the
        battlefield tapped. If you don't put the card onto the battlefield, you may put it on the
        bottom of your library." (401.2, 608.2d; cards/model_library.py)."""
        to, tapped, reveal = take
        if where != to:
            raise _Problem('"If you don\'t put ..." names another place than the one before it')
        qualities = quality if isinstance(quality, tuple) else (quality,)
        if to == "battlefield" and not all(q.only_permanents for q in qualities):
            raise _Problem("a card put onto the battlefield that may be an instant, sorcery or Aura card is not supported")
        return _Part(LookAtTopCardMay(qualities, to, tapped, reveal, other))  # type: ignore[arg-type]

    def look_top_may_exile(self) -> _Part:
        """"Look at the top card of your library. You may exile that card." (Puresight Merrow)."""
        return _Part(LookAtTopCardMay((), "exile"))

    def quality_either(self, one: Token, other: Token) -> tuple[CardQuality, ...]:
        """"an instant or sorcery card": a card of either type."""
        kinds = _two_kinds(one, other)
        return tuple(CardQuality(types=(k,)) for k in kinds)

    def take_battlefield(self, tapped: Token | None) -> tuple[str, bool, bool]:
        return "battlefield", tapped is not None, False

    def take_hand_revealed(self) -> tuple[str, bool, bool]:
        return "hand", False, True

    def top_ref(self, *_: Any) -> None:
        return None

    def where_battlefield(self) -> str:
        return "battlefield"

    def where_hand(self) -> str:
        return "hand"

    def else_bottom(self) -> str:
        return "bottom"

    def else_graveyard(self) -> str:
        return "graveyard"

    def each_you_control_with_counter(self, other: Token | None, kind: Token, _article: Token,
                                              counter: Token) -> EnterCount:
        """"for each other creature you control with a +1/+1 counter on it" (614.1c; the object
        entering is not on the battlefield yet)."""
        return EnterCount(replace(_permanent_you_control(kind), with_counter=_counter(counter, 1)), other=other is not None)

    def sunburst_counters(self) -> ReplacementAbility:
        """702.44a: "Sunburst": a permanent that does not enter as a creature enters with a charge
        counter on it for each color of mana spent to cast it (none if it was not cast). Only on a
        noncreature card (a creature's +1/+1 counters are refused: the noun check in cards/pool)."""
        self.ctx.self_nouns.append("noncreature")
        return ReplacementAbility(EntersWithCountedCounters("charge", 1, EnterCount(measure="colors_spent")), "")

    def pt_total_counters_it(self, counter: Token, _word_: Token) -> tuple[Quantity, int]:
        """"Tidewalker's power and toughness are each equal to the number of time counters on it."
        (604.3: its own counters, none outside the battlefield)."""
        return CountersOnSource(_counter(counter, 2)), 1


def _ability_zone(cost: Cost, parts: list[_Part]) -> Literal["battlefield", "hand", "graveyard"]:
    """Where an activated ability functions (113.6b, 113.6k): the hand if its cost exiles or
    discards the card from there; the graveyard if its cost exiles it from there or an effect
    returns it from there; else the battlefield. A cost that needs the permanent is refused with
    another zone."""
    graveyard = cost.exile_self_from_graveyard or any(isinstance(p.effect, ReturnSelfFromGraveyard) for p in parts)
    hand = cost.exile_self_from_hand or cost.discard_self
    if graveyard and hand:
        raise _Problem("an ability that functions in both a hand and a graveyard is not supported")
    if graveyard:
        needs = [k for k in ("tap", "untap", "sacrifice_self", "remove_counters", "put_counters", "crew")
                 if getattr(cost, k)]
        if needs:
            raise _Problem(f"a cost paid from the graveyard cannot also {needs[0].replace('_', ' ')} a permanent (113.6k)")
        return "graveyard"
    return "hand" if hand else "battlefield"


def _kicker_cost(symbols: Iterable[Token]) -> ManaCost:
    cost = parse_mana_cost("".join(symbols))
    if cost.x:
        raise _Problem("a kicker cost with {X} is not supported")
    return cost


def _counter(kind: Token, amount: int | str) -> str:
    """"+1/+1", "charge" (122.1); "a counter" / "two counters" agree in number with their amount."""
    return str(kind) if kind.type == "COUNTER" else _word(kind)


# Subtypes other than creature types that "for each" / "the number of" may name (205.3).
_OTHER_SUBTYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Gate", "Desert", "Cave", "Lair",
                   "Locus", "Sphere", "Town", "Shrine", "Aura", "Saga", "Equipment", "Vehicle", "Treasure",
                   "Food", "Clue", "Map", "Gold", "Bobblehead",
                   "Chandra",   # a planeswalker type (205.3j): "a Chandra planeswalker spell" (Chandra's Embercat)
                   "Lesson", "Omen")


_CHOSEN_KINDS: dict[str, Literal["color", "creature_type"]] = {"color": "color", "type": "creature_type"}

# Subtypes whose plural is the word itself ("Eldrazi you control", "all Merfolk").
_SAME_PLURAL = ("Plains", "Eldrazi", "Merfolk", "Kithkin", "Treefolk", "Moonfolk")


def _subtype(word: str, *, plural: bool) -> str:
    """"Elves" -> "Elf", "Allies" -> "Ally", "Gates" -> "Gate" (205.3): a known subtype, or the
    phrase is refused (no guessing at a word the rules would then never match)."""
    from simulator.base.creature_types import CREATURE_TYPES
    known = set(CREATURE_TYPES) | set(_OTHER_SUBTYPES)
    if not plural:
        candidates = [word]
    else:
        candidates = [word] if word in _SAME_PLURAL else [word[:-1], word[:-2], word[:-3] + "y", word[:-3] + "f",
                                                      word[:-3] + "fe"]
    for c in candidates:
        if c in known:
            return c
    raise _Problem(f"{word!r} is not a subtype these rules know")
def _graveyard_targets(count: tuple[int, int], cards: Token, types: tuple[str, ...],
                       subtypes: tuple[str, ...]) -> Targets:
    """Target cards in your graveyard (115.1), "card"/"cards" agreeing with their number."""
    if count[1] < 1:
        raise _Problem("a target count must be at least one")
    if (count[1] > 1) != str(cards).lower().endswith("s"):
        raise _Problem('"card"/"cards" does not agree with the number of targets')
    return Targets(Selector(zone="graveyard", types=types, subtypes=subtypes, controller="you"), count[0], count[1])


def _two_kinds(one: Token, other: Token) -> tuple[str, ...]:
    """"instant or sorcery": two different card types, one of which a card must have."""
    kinds = (_word(one).capitalize(), _word(other).capitalize())
    if kinds[0] == kinds[1]:
        raise _Problem("a card type is named twice")
    return kinds


def _put_card_in_library(targets: Targets, where: Literal["top", "bottom"]) -> _Part:
    if targets.max != 1:
        raise _Problem("putting more than one card into a library is not supported (401.4: their order)")
    return _Part(PutCardInLibrary(where), targets=targets)


def _target_subtype(word: str) -> str:
    """"Goblin" in "target Goblin creature", "Assembly-Worker": a creature type of 205.3m or
    another subtype the rules know; else the phrase is refused (205.3)."""
    found = creature_type(word)
    if found is not None:
        return found
    if word in _OTHER_SUBTYPES:
        return word
    raise _Problem(f"{word!r} is not a subtype these rules know")


def _known_subtype(word: str) -> str:
    """"Elf" in "Other Elf creatures you control": a subtype the rules know (205.3)."""
    return _subtype(word, plural=False)


def _singular_subtype(plural: str) -> str:
    """"Elves" -> "Elf", "Caves" -> "Cave", "Goblins" -> "Goblin" (205.3)."""
    return _subtype(plural, plural=True)


def _self_static(modifier: Token | None, keywords: tuple[Token, ...], cond: Condition) -> StaticAbilityLine:
    """A static ability of the source itself with a condition (611.3a): +N/+N in layer 7c,
    keywords in layer 6."""
    power, toughness = (int(v) for v in str(modifier).split("/")) if modifier is not None else (0, 0)
    return StaticAbilityLine(ModifyPTStatic(Selector(relation="self"), power, toughness,
                                            tuple(_word(k).capitalize() for k in keywords), cond), "")


def _creature_type_word(word: Token) -> str:
    """"Human", "Elf": a creature type of 205.3m, or the line is refused naming the word."""
    found = creature_type(_word(word))
    if found is None:
        raise _Problem(f"{_word(word)!r} is not a creature type these rules know (205.3m)")
    return found


def _singular_land_type(plural: Token | str) -> str:
    """"Mountains" -> "Mountain", "Plains" -> "Plains" (a LAND_TYPES word; 205.3i)."""
    word = str(plural)
    return word if word == "Plains" else word[:-1]


def _lands_only(affected: Selector) -> Selector:
    """The lands of "Lands you control are ...": a land type goes on lands only (305.7)."""
    if affected.types != ("Land",) or affected.subtypes:
        raise _Problem(f"only lands can get a land type here, not {affected.describe(plural=True)}")
    return affected


# 205.3k: the subtypes of instants and sorceries a "Whenever you cast a[n] <subtype> spell" may name
_SPELL_TYPES = ("Adventure", "Arcane", "Chorus", "Lesson", "Omen", "Trap")


def _spell_subtype_word(word: Token) -> str:
    """"Zombie", "Arcane": a creature type (205.3m) or a spell type (205.3k), else refused."""
    if str(word) in _SPELL_TYPES:
        return str(word)
    return _creature_type_word(word)


# artifact subtypes (205.3g) a group may name: a Food, a Treasure, ... is an artifact
_ARTIFACT_SUBTYPES = ("Food", "Treasure", "Clue", "Map", "Gold", "Equipment", "Vehicle", "Bobblehead", "Powerstone")


def _group_nouns(affected: Selector) -> tuple[str, ...]:
    """The nouns ("creature", "artifact") every object of a group is, by its card types or by an
    artifact subtype: what "this <noun>" in an ability the group has may call the object."""
    nouns = [t.lower() for t in affected.types]
    if affected.subtypes and all(t in _ARTIFACT_SUBTYPES for t in affected.subtypes):
        nouns.append("artifact")
    return tuple(nouns)


def _permanent_you_control(word: Token | str) -> Selector:
    """"a creature" in "Sacrifice a creature" / "lands" in "lands you control": one you control."""
    kind = _word(word).capitalize()
    return Selector(types=() if kind == "Permanent" else (kind,), controller="you")


# --------------------------------------------------------------------------- errors

def _expected(names: Iterable[str]) -> str:
    patterns = _terminal_patterns()
    words: set[str] = set()
    for name in names:
        kind, value = patterns.get(name, ("re", name))
        if kind == "str":
            words.add(repr(value))
        else:
            words.add(_TERMINAL_WORDS.get(name, name.lower().replace("_", " ")))
    shown = sorted(words)
    more = f", ... ({len(shown) - 12} more)" if len(shown) > 12 else ""
    return ", ".join(shown[:12]) + more


def _refine(text: str, pos: int, names: Iterable[str]) -> tuple[int, set[str]]:
    """Moves an error position forward to the first word that differs from the
    closest expected phrase (so "If you tap a land" points at "land"), and
    narrows the expected terminals to those closest phrases."""
    patterns = _terminal_patterns()
    here = text[pos:].lower()
    names = set(names)
    best, closest = 0, set()
    for name in names:
        kind, value = patterns.get(name, ("re", ""))
        if kind != "str":
            continue
        value = value.lower()
        n = 0
        while n < min(len(value), len(here)) and value[n] == here[n]:
            n += 1
        if n > best:
            best, closest = n, {name}
        elif n == best and n:
            closest.add(name)
    cut = pos + best
    while cut > pos and not text[cut - 1].isspace():    # back to the start of the word
        cut -= 1
    if cut == pos:
        return pos, names
    return cut, closest


def _syntax_error(name: str, line: _Line, exc: UnexpectedInput, source: str | None) -> CardDataError:
    if isinstance(exc, UnexpectedCharacters):
        pos, allowed = _refine(line.text, exc.pos_in_stream or 0, exc.allowed or set())
        phrase = line.printed_from(pos)
        problem = (f"unknown phrase {phrase!r} in line {line.printed!r} "
                   f"(expected {_expected(allowed)})")
    elif isinstance(exc, UnexpectedEOF):
        problem = (f"line {line.printed!r} ends before its template is complete "
                   f"(expected {_expected(exc.expected)})")
    else:
        problem = f"cannot parse line {line.printed!r}: {exc}"
    return CardDataError(name, problem, source)


# --------------------------------------------------------------------------- entry points

def _lines(text: str) -> list[str]:
    """The card's lines, one ability (or spell instruction) each: a bulleted line ("• Draw two
    cards.") is a mode of the line before it (700.2), joined to it by a space."""
    out: list[str] = []
    for ln in (ln.strip() for ln in (text or "").splitlines()):
        if not ln:
            continue
        if ln.startswith("\u2022") and out:
            out[-1] += " " + ln
        else:
            out.append(ln)
    return out


def _parse_line(name: str, printed: str, start: str, source: str | None) -> tuple[Any, _Context]:
    line = _Line(printed, name)
    ctx = _Context(line)
    if not line.text:
        return None, ctx
    try:
        tree = _parser().parse(line.text, start=start)
    except UnexpectedInput as exc:
        raise _syntax_error(name, line, exc, source) from None
    if any(t.data == "_ambig" for t in tree.iter_subtrees()):
        raise CardDataError(name, f"line {printed!r} can be read in more than one way "
                                  "(grammar.lark is ambiguous here)", source)
    try:
        built = _Build(ctx).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, _Problem):
            raise CardDataError(name, f"{exc.orig_exc} in line {printed!r}", source) from None
        raise
    return built, ctx


def _is_devoid(printed: str) -> bool:
    """"Devoid (This card has no color.)" on an instant or sorcery; "As an additional cost to cast
    this spell, ..." (118.8: read as it is cast, a static ability of the card, 601.2b)."""
    line = re.sub(r"\([^)]*\)", "", printed).strip().lower()
    return line == "devoid" or line.startswith("as an additional cost to cast this spell,")


def parse_card_text(name: str, text: str, *, spell: bool = False,
                    source: str | None = None) -> ParsedText:
    """Parses a card's Oracle text: abilities for a permanent/token, or, with
    ``spell=True``, an instant's/sorcery's effects and targets (608.2)."""
    abilities: list[Ability] = []
    effects: list[Effect] = []
    parts: list[_Part] = []
    nouns: list[tuple[str, str]] = []
    tokens: list[TokenReference] = []
    for printed in _lines(text):
        if spell and _is_devoid(printed):
            # 702.114a: a characteristic-defining ability, in every zone: a spell's only static
            built, _ = _parse_line(name, printed, "ability", source)
            abilities.append(replace(built, text=printed))
            continue
        built, ctx = _parse_line(name, printed, "spell_line" if spell else "ability", source)
        if built is None:          # only reminder text
            continue
        nouns += [(n, printed) for n in ctx.self_nouns]
        tokens += [TokenReference(t, printed) for t in ctx.tokens]
        if spell and len(built) == 1 and isinstance(built[0], _InsteadPart):
            # Cabal Ritual: "Add {B}{B}{B}." then "Threshold — Add {B}{B}{B}{B}{B} instead if ...": the
            # mana of the instruction just before, replaced while the condition holds (608.2c)
            before = parts[-1].effect if parts else None
            if (not isinstance(before, AddMana) or before.restriction is not None or before.rider is not None
                    or not isinstance(before.mana, _INSTEAD_KINDS) or not isinstance(built[0].mana, _INSTEAD_KINDS)):
                raise CardDataError(name, '"add ... instead" must follow the "Add ..." it replaces', source)
            merged = replace(before, mana=AddInstead(before.mana, built[0].mana, built[0].condition))
            parts[-1] = replace(parts[-1], effect=merged)
            effects[-1] = merged
            continue
        if spell:
            parts += built
            effects += [p.effect for p in built]
        elif isinstance(built, _Several):
            abilities += [replace(a, text=text) for a, text in built.abilities]
        else:
            abilities.append(replace(built, text=printed))
    targets = None
    if spell:
        try:
            _check_parts(parts, "spell")
            targets = _count_targets(parts)
        except _Problem as exc:
            raise CardDataError(name, str(exc), source) from None
    return ParsedText(tuple(abilities), tuple(effects), targets, tuple(nouns), tuple(tokens))


def parse_oracle(name: str, text: str, *, source: str | None = None) -> tuple[Ability, ...]:
    """Parses the Oracle text of a permanent (one ability per line) into ability objects."""
    return parse_card_text(name, text, source=source).abilities


def parse_spell(name: str, text: str, *,
                source: str | None = None) -> tuple[tuple[Effect, ...], Targets | None]:
    """Parses an instant's or sorcery's text into its effects and its targets."""
    parsed = parse_card_text(name, text, spell=True, source=source)
    return parsed.spell_effects, parsed.spell_targets


_COST_RE = re.compile(r"\{(\d+|X|[WUBRGC]|[WUBRG]/[WUBRG]|2/[WUBRG])\}")


def parse_mana_cost(text: str, *, card: str = "?", source: str | None = None) -> ManaCost:
    """"{X}{1}{G}{G}" -> ManaCost(generic=1, x=1, symbols=("G", "G")) (107.4); hybrid symbols
    "{R/G}", "{2/W}" (107.4e) -> `hybrid`. Phyrexian symbols are not supported."""
    compact = text.replace(" ", "")
    symbols = _COST_RE.findall(compact)
    if not compact or "".join("{%s}" % s for s in symbols) != compact:
        raise CardDataError(card, f"unknown mana cost {text!r} (use symbols such as {{2}}{{G}}{{X}})",
                            source)
    generic = sum(int(s) for s in symbols if s.isdigit())
    hybrid = tuple(s for s in symbols if "/" in s)
    if any(h[0] == h[2] for h in hybrid):
        raise CardDataError(card, f"unknown mana cost {text!r} (a hybrid symbol of one color)", source)
    return ManaCost(generic=generic, x=symbols.count("X"), hybrid=hybrid,
                    symbols=tuple(s for s in symbols if not s.isdigit() and s != "X" and "/" not in s))


_DASH_RE = re.compile(r"\s+[\u2014\u2013-]\s+|\s*\u2014\s*")


def parse_type_line(text: str, *, card: str = "?", source: str | None = None
                    ) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """"Basic Land — Forest" -> (("Basic",), ("Land",), ("Forest",)) (205.1)."""
    pieces = _DASH_RE.split(text.strip(), maxsplit=1)
    left = pieces[0].split()
    subtypes = tuple(pieces[1].split()) if len(pieces) > 1 else ()
    if len(pieces) > 1 and not subtypes:
        raise CardDataError(card, f"type line {text!r} has a dash but no subtypes", source)
    supertypes: list[str] = []
    types: list[str] = []
    for word in left:
        if word in SUPERTYPES and not types:
            supertypes.append(word)
        elif word in CARD_TYPES:
            types.append(word)
        else:
            raise CardDataError(card, f"unknown card type {word!r} in type line {text!r}", source)
    if not types:
        raise CardDataError(card, f"type line {text!r} has no card type", source)
    if len(set(types)) != len(types) or len(set(supertypes)) != len(supertypes):
        raise CardDataError(card, f"type line {text!r} repeats a type", source)
    return tuple(supertypes), tuple(types), subtypes
