"""Cards as data: every card of the pool parses into the expected objects; the
grammar is strict (unknown phrases name the card and the phrase); user card
files load through CardPool.with_file."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from simulator.cards import (
    CardFileError, CardPool, load_card_file, parse_card_text, parse_mana_cost, parse_oracle,
    parse_spell, parse_type_line,
)
from simulator.cards.model import (
    ActivatedAbility, AddAnyColor, AddFixed, AddMana, AddOneOf, AddPerCount, AddProducedType,
    AddReflected, AdditionalLandPlay, BecomesTappedSelf, BeginningOfYourStep, Cost, CreateTokens,
    CreatureYouControlExplores, DealDamage, DiesSelf, DrawCards, EnchantedLandTappedForMana,
    EnchantRestriction, EntersSelf, EntersTappedUnlessPayLife, EntersWithCounters, ExileTargets,
    Explore, ExploreTwiceInstead, GainLife, GrantAbility, GrantLinkedExiledAbilities,
    KeepUnspentMana, Keyword, LandTappedForMana, ManaBecomesType, ManaCost, ManaMultiplier,
    PutCounters, ReplacementAbility, ReturnToBattlefield, SacrificeSelfUnless, SetLandType,
    SpellCastByYou, StaticAbilityLine, Targets, TokenSpec, TriggeredAbility,
)
from simulator.cards.model import (
    CREATURE_YOU_CONTROL, AddChosenColor, AddCommanderColor, ChooseColorAsEnters, ModifyPT, ModifyPTStatic,
    PerCounter, PermanentEnters, Recipient, Selector,
)
from simulator.base.errors import CardDataError, InvalidInput

POOL = CardPool.builtin()

TAP = Cost(tap=True)
LAND = Selector(types=("Land",))
ENCHANTED_LAND = Selector(types=("Land",), relation="enchanted")


def act(cost: Cost, *effects, text: str, targets=None, sorcery=False) -> ActivatedAbility:
    return ActivatedAbility(cost, tuple(effects), text, targets, sorcery)


def trig(condition, *effects, text: str, targets=None) -> TriggeredAbility:
    return TriggeredAbility(condition, tuple(effects), text, targets)


def static(effect, text: str) -> StaticAbilityLine:
    return StaticAbilityLine(effect, text)


def repl(effect, text: str) -> ReplacementAbility:
    return ReplacementAbility(effect, text)


def add(mana, to=Recipient.CONTROLLER) -> AddMana:
    return AddMana(mana, to)


def tap_add(mana, text: str) -> ActivatedAbility:
    return act(TAP, add(mana), text=text)


ANY_COLOR = "{T}: Add one mana of any color."
FETCH_TAX = "As {0} enters, you may pay 2 life. If you don't, it enters tapped."
LAND_FLARE = ("Whenever a player taps a land for mana, that player adds one mana of any type "
              "that land produced.")

# name -> (mana cost, supertypes, types, subtypes, P/T, colors, abilities)
EXPECTED: dict[str, tuple] = {
    # ------------------------------------------------------------------ lands
    **{basic: (None, ("Basic",), ("Land",), (basic,), None, (), ())
       for basic in ("Plains", "Island", "Swamp", "Mountain", "Forest")},
    "Wastes": (None, ("Basic",), ("Land",), (), None, (),
               (tap_add(AddFixed(("C",)), "{T}: Add {C}."),)),
    "Reflecting Pool": (None, (), ("Land",), (), None, (), (
        tap_add(AddReflected("type", "you"),
                "{T}: Add one mana of any type that a land you control could produce."),)),
    "Exotic Orchard": (None, (), ("Land",), (), None, (), (
        tap_add(AddReflected("color", "opponent"),
                "{T}: Add one mana of any color that a land an opponent controls could produce."),)),
    "Gaea's Cradle": (None, ("Legendary",), ("Land",), (), None, (), (
        tap_add(AddPerCount("G"), "{T}: Add {G} for each creature you control."),)),
    "Mana Confluence": (None, (), ("Land",), (), None, (), (
        act(Cost(tap=True, life=1), add(AddAnyColor(1)),
            text="{T}, Pay 1 life: Add one mana of any color."),)),
    "City of Brass": (None, (), ("Land",), (), None, (), (
        trig(BecomesTappedSelf(), DealDamage(1),
             text="Whenever this land becomes tapped, it deals 1 damage to you."),
        tap_add(AddAnyColor(1), ANY_COLOR))),
    "Crystal Vein": (None, (), ("Land",), (), None, (), (
        tap_add(AddFixed(("C",)), "{T}: Add {C}."),
        act(Cost(tap=True, sacrifice_self=True), add(AddFixed(("C", "C"))),
            text="{T}, Sacrifice this land: Add {C}{C}."))),
    "Llanowar Wastes": (None, (), ("Land",), (), None, (), (
        tap_add(AddFixed(("C",)), "{T}: Add {C}."),
        act(TAP, add(AddOneOf(("B", "G"))), DealDamage(1),
            text="{T}: Add {B} or {G}. This land deals 1 damage to you."))),
    "Urborg, Tomb of Yawgmoth": (None, ("Legendary",), ("Land",), (), None, (), (
        static(SetLandType(LAND, "Swamp", additional=True),
               "Each land is a Swamp in addition to its other land types."),)),
    "Steam Vents": (None, (), ("Land",), ("Island", "Mountain"), None, (), (
        repl(EntersTappedUnlessPayLife(2), FETCH_TAX.format("this land")),)),
    "Overgrown Tomb": (None, (), ("Land",), ("Swamp", "Forest"), None, (), (
        repl(EntersTappedUnlessPayLife(2), FETCH_TAX.format("this land")),)),
    # ------------------------------------------------------------------ creatures
    "Llanowar Elves": (ManaCost(0, 0, ("G",)), (), ("Creature",), ("Elf", "Druid"), (1, 1), ("G",),
                       (tap_add(AddFixed(("G",)), "{T}: Add {G}."),)),
    "Grizzly Bears": (ManaCost(1, 0, ("G",)), (), ("Creature",), ("Bear",), (2, 2), ("G",), ()),
    "Naga Vitalist": (ManaCost(1, 0, ("G",)), (), ("Creature",), ("Snake", "Druid"), (1, 2), ("G",), (
        tap_add(AddReflected("type", "you"),
                "{T}: Add one mana of any type that a land you control could produce."),)),
    "Harvester Druid": (ManaCost(1, 0, ("G",)), (), ("Creature",), ("Human", "Druid"), (1, 1), ("G",), (
        tap_add(AddReflected("color", "you"),
                "{T}: Add one mana of any color that a land you control could produce."),)),
    "Sylvok Explorer": (ManaCost(1, 0, ("G",)), (), ("Creature",), ("Human", "Druid"), (1, 1), ("G",), (
        tap_add(AddReflected("color", "opponent"),
                "{T}: Add one mana of any color that a land an opponent controls could produce."),)),
    "Pili-Pala": (ManaCost(2), (), ("Artifact", "Creature"), ("Scarecrow",), (1, 1), (), (
        static(Keyword("Flying"), "Flying"),
        act(Cost(mana=ManaCost(2), untap=True), add(AddAnyColor(1)),
            text="{2}, {Q}: Add one mana of any color. ({Q} is the untap symbol.)"))),
    "Merfolk Branchwalker": (ManaCost(1, 0, ("G",)), (), ("Creature",), ("Merfolk", "Scout"), (2, 1),
                             ("G",), (
        trig(EntersSelf(), Explore("self", 1),
             text="When this creature enters, it explores. (Reveal the top card of your library. Put that card into your hand if it's a land. Otherwise, put a +1/+1 counter on this creature, then put the card back or put it into your graveyard.)"),)),
    "Jadelight Ranger": (ManaCost(1, 0, ("G", "G")), (), ("Creature",),
                         ("Merfolk", "Scout", "Ranger"), (2, 1), ("G",), (
        trig(EntersSelf(), Explore("self", 2),
             text="When this creature enters, it explores, then it explores again. (Reveal the top card of your library. Put that card into your hand if it's a land. Otherwise, put a +1/+1 counter on this creature, then put the card back or put it into your graveyard. Then repeat this process.)"),)),
    "Jadelight Spelunker": (ManaCost(0, 1, ("G",)), (), ("Creature",), ("Merfolk", "Scout"), (1, 1),
                            ("G",), (
        trig(EntersSelf(), Explore("self", "X"),
             text="When this creature enters, it explores X times. (To have it explore, reveal the top card of your library. Put that card into your hand if it's a land. Otherwise, put a +1/+1 counter on that creature, then put the card back or put it into your graveyard.)"),)),
    "Wildgrowth Walker": (ManaCost(1, 0, ("G",)), (), ("Creature",), ("Elemental",), (1, 3), ("G",), (
        trig(CreatureYouControlExplores(), PutCounters("+1/+1", 1, "self"), GainLife(3),
             text="Whenever a creature you control explores, put a +1/+1 counter on "
                  "this creature and you gain 3 life."),)),
    "Topography Tracker": (ManaCost(2, 0, ("G",)), (), ("Creature",), ("Merfolk", "Scout"), (2, 2),
                           ("G",), (
        trig(EntersSelf(), CreateTokens("Map", 1),
             text="When this creature enters, create a Map token. (It's an artifact with \"{1}, {T}, Sacrifice this token: Target creature you control explores. Activate only as a sorcery.\")"),
        repl(ExploreTwiceInstead(), "If a creature you control would explore, instead it "
                                    "explores, then it explores again."))),
    "Steward of the Harvest": (ManaCost(3, 0, ("G",)), (), ("Creature",), ("Human", "Druid"), (3, 3),
                               ("G",), (
        trig(EntersSelf(), ExileTargets(),
             text="When this creature enters, exile up to three target land cards from your "
                  "graveyard.",
             targets=Targets(Selector(zone="graveyard", types=("Land",), controller="you"), 0, 3)),
        static(GrantLinkedExiledAbilities(),
               "Creatures you control have all activated abilities of all land cards exiled "
               "with this creature."))),
    "Hangarback Walker": (ManaCost(0, 2), (), ("Artifact", "Creature"), ("Construct",), (0, 0), (), (
        repl(EntersWithCounters("+1/+1", "X"),
             "This creature enters with X +1/+1 counters on it."),
        trig(DiesSelf(), CreateTokens("Thopter", PerCounter("+1/+1"), TokenSpec(
                 "Thopter", 1, 1, (), ("Artifact", "Creature"), ("Flying",), described=True)),
             text="When this creature dies, create a 1/1 colorless Thopter artifact creature "
                  "token with flying for each +1/+1 counter on this creature."),
        act(Cost(mana=ManaCost(1), tap=True), PutCounters(),
            text="{1}, {T}: Put a +1/+1 counter on this creature."))),
    "Endless One": (ManaCost(0, 1), (), ("Creature",), ("Eldrazi",), (0, 0), (), (
        repl(EntersWithCounters("+1/+1", "X"), "This creature enters with X +1/+1 counters on it."),)),
    "Nyxbloom Ancient": (ManaCost(4, 0, ("G", "G", "G")), (), ("Enchantment", "Creature"),
                         ("Elemental",), (5, 5), ("G",), (
        static(Keyword("Trample"), "Trample"),
        repl(ManaMultiplier(3), "If you tap a permanent for mana, it produces three times as much "
                                "of that mana instead."))),
    "Birds of Paradise": (ManaCost(0, 0, ("G",)), (), ("Creature",), ("Bird",), (0, 1), ("G",), (
        static(Keyword("Flying"), "Flying"),
        tap_add(AddAnyColor(1), ANY_COLOR))),
    "Elvish Mystic": (ManaCost(0, 0, ("G",)), (), ("Creature",), ("Elf", "Druid"), (1, 1), ("G",),
                      (tap_add(AddFixed(("G",)), "{T}: Add {G}."),)),
    "Seekers' Squire": (ManaCost(1, 0, ("B",)), (), ("Creature",), ("Human", "Scout"), (1, 2), ("B",), (
        trig(EntersSelf(), Explore("self", 1), text="When this creature enters, it explores. (Reveal the top card of your library. Put that card into your hand if it's a land. Otherwise, put a +1/+1 counter on this creature, then put the card back or put it into your graveyard.)"),)),
    "Tishana's Wayfinder": (ManaCost(2, 0, ("G",)), (), ("Creature",), ("Merfolk", "Scout"), (2, 2),
                            ("G",), (
        trig(EntersSelf(), Explore("self", 1), text="When this creature enters, it explores. (Reveal the top card of your library. Put that card into your hand if it's a land. Otherwise, put a +1/+1 counter on this creature, then put the card back or put it into your graveyard.)"),)),
    "Lotus Cobra": (ManaCost(1, 0, ("G",)), (), ("Creature",), ("Snake",), (2, 1), ("G",), (
        trig(PermanentEnters(Selector(types=("Land",), controller="you")), add(AddAnyColor(1)),
             text="Landfall — Whenever a land you control enters, add one mana of any color."),)),
    "Lurking Chupacabra": (ManaCost(3, 0, ("B",)), (), ("Creature",), ("Beast", "Horror"), (2, 3), ("B",), (
        trig(CreatureYouControlExplores(), ModifyPT(-2, -2),
             text="Whenever a creature you control explores, target creature an opponent controls gets "
                  "-2/-2 until end of turn.",
             targets=Targets(Selector(types=("Creature",), controller="opponent"))),)),
    # ------------------------------------------------------------------ artifacts
    "Fellwar Stone": (ManaCost(2), (), ("Artifact",), (), None, (), (
        tap_add(AddReflected("color", "opponent"),
                "{T}: Add one mana of any color that a land an opponent controls could produce."),)),
    "Ashnod's Altar": (ManaCost(3), (), ("Artifact",), (), None, (), (
        act(Cost(sacrifice=CREATURE_YOU_CONTROL), add(AddFixed(("C", "C"))),
            text="Sacrifice a creature: Add {C}{C}."),)),
    "Sol Ring": (ManaCost(1), (), ("Artifact",), (), None, (), (tap_add(AddFixed(("C", "C")), "{T}: Add {C}{C}."),)),
    "Arcane Signet": (ManaCost(2), (), ("Artifact",), (), None, (), (
        tap_add(AddCommanderColor(), "{T}: Add one mana of any color in your commander's color identity."),)),
    "Chromatic Lantern": (ManaCost(3), (), ("Artifact",), (), None, (), (
        static(GrantAbility(Selector(types=("Land",), controller="you"), tap_add(AddAnyColor(1), ANY_COLOR)),
               f'Lands you control have "{ANY_COLOR}"'),
        tap_add(AddAnyColor(1), ANY_COLOR))),
    # ------------------------------------------------------------------ enchantments
    "Wild Growth": (ManaCost(0, 0, ("G",)), (), ("Enchantment",), ("Aura",), None, ("G",), (
        static(EnchantRestriction(LAND), "Enchant land"),
        trig(EnchantedLandTappedForMana(), add(AddFixed(("G",)), to=Recipient.ENCHANTED_CONTROLLER),
             text="Whenever enchanted land is tapped for mana, its controller adds an additional "
                  "{G}."))),
    "Overgrowth": (ManaCost(2, 0, ("G",)), (), ("Enchantment",), ("Aura",), None, ("G",), (
        static(EnchantRestriction(LAND), "Enchant land"),
        trig(EnchantedLandTappedForMana(), add(AddFixed(("G", "G")), to=Recipient.ENCHANTED_CONTROLLER),
             text="Whenever enchanted land is tapped for mana, its controller adds an additional "
                  "{G}{G}."))),
    "Mana Flare": (ManaCost(2, 0, ("R",)), (), ("Enchantment",), (), None, ("R",), (
        trig(LandTappedForMana("any"), add(AddProducedType(), to=Recipient.TAPPING_PLAYER), text=LAND_FLARE),)),
    "Heartbeat of Spring": (ManaCost(2, 0, ("G",)), (), ("Enchantment",), (), None, ("G",), (
        trig(LandTappedForMana("any"), add(AddProducedType(), to=Recipient.TAPPING_PLAYER), text=LAND_FLARE),)),
    "Zendikar Resurgent": (ManaCost(5, 0, ("G", "G")), (), ("Enchantment",), (), None, ("G",), (
        trig(LandTappedForMana("you"), add(AddProducedType()),
             text="Whenever you tap a land for mana, add one mana of any type that land produced. "
                  "(The types of mana are white, blue, black, red, green, and colorless.)"),
        trig(SpellCastByYou("Creature"), DrawCards(1),
             text="Whenever you cast a creature spell, draw a card."))),
    "Contamination": (ManaCost(2, 0, ("B",)), (), ("Enchantment",), (), None, ("B",), (
        trig(BeginningOfYourStep("upkeep"), SacrificeSelfUnless(CREATURE_YOU_CONTROL),
             text="At the beginning of your upkeep, sacrifice this enchantment unless you sacrifice "
                  "a creature."),
        repl(ManaBecomesType("B"), "If a land is tapped for mana, it produces {B} instead of any "
                                   "other type and amount."))),
    "Mana Reflection": (ManaCost(4, 0, ("G", "G")), (), ("Enchantment",), (), None, ("G",), (
        repl(ManaMultiplier(2), "If you tap a permanent for mana, it produces twice as much of "
                                "that mana instead."),)),
    "Blood Moon": (ManaCost(2, 0, ("R",)), (), ("Enchantment",), (), None, ("R",), (
        static(SetLandType(Selector(types=("Land",), nonbasic=True), "Mountain"), "Nonbasic lands are Mountains."),)),
    "Upwelling": (ManaCost(3, 0, ("G",)), (), ("Enchantment",), (), None, ("G",), (
        static(KeepUnspentMana(), "Players don't lose unspent mana as steps and phases end."),)),
    "Gift of Paradise": (ManaCost(2, 0, ("G",)), (), ("Enchantment",), ("Aura",), None, ("G",), (
        static(EnchantRestriction(LAND), "Enchant land"),
        trig(EntersSelf(), GainLife(3), text="When this Aura enters, you gain 3 life."),
        static(GrantAbility(ENCHANTED_LAND, tap_add(AddAnyColor(2, same=True),
                                                      "{T}: Add two mana of any one color.")),
               'Enchanted land has "{T}: Add two mana of any one color."'))),
    "Spreading Seas": (ManaCost(1, 0, ("U",)), (), ("Enchantment",), ("Aura",), None, ("U",), (
        static(EnchantRestriction(LAND), "Enchant land"),
        trig(EntersSelf(), DrawCards(1), text="When this Aura enters, draw a card."),
        static(SetLandType(ENCHANTED_LAND, "Island"), "Enchanted land is an Island."))),
    "Fertile Ground": (ManaCost(1, 0, ("G",)), (), ("Enchantment",), ("Aura",), None, ("G",), (
        static(EnchantRestriction(LAND), "Enchant land"),
        trig(EnchantedLandTappedForMana(), add(AddAnyColor(1), to=Recipient.ENCHANTED_CONTROLLER),
             text="Whenever enchanted land is tapped for mana, its controller adds an additional one "
                  "mana of any color."))),
    "Utopia Sprawl": (ManaCost(0, 0, ("G",)), (), ("Enchantment",), ("Aura",), None, ("G",), (
        static(EnchantRestriction(Selector(subtypes=("Forest",))), "Enchant Forest"),
        repl(ChooseColorAsEnters(), "As this Aura enters, choose a color."),
        trig(EnchantedLandTappedForMana(Selector(subtypes=("Forest",), relation="enchanted")),
             add(AddChosenColor(), to=Recipient.ENCHANTED_CONTROLLER),
             text="Whenever enchanted Forest is tapped for mana, its controller adds an additional one "
                  "mana of the chosen color."))),
    "Cryptolith Rite": (ManaCost(1, 0, ("G",)), (), ("Enchantment",), (), None, ("G",), (
        static(GrantAbility(CREATURE_YOU_CONTROL, tap_add(AddAnyColor(1), ANY_COLOR)),
               f'Creatures you control have "{ANY_COLOR}"'),)),
    "Mirari's Wake": (ManaCost(3, 0, ("G", "W")), (), ("Enchantment",), (), None, ("W", "G"), (
        static(ModifyPTStatic(CREATURE_YOU_CONTROL, 1, 1),
               "Creatures you control get +1/+1."),       # the real card: no trample
        trig(LandTappedForMana("you"), add(AddProducedType()),
             text="Whenever you tap a land for mana, add one mana of any type that land produced."))),
    # ------------------------------------------------------------------ sorceries (no abilities)
    "Defossilize": (ManaCost(4, 0, ("B",)), (), ("Sorcery",), (), None, ("B",), ()),
    "Enter the Unknown": (ManaCost(0, 0, ("G",)), (), ("Sorcery",), (), None, ("G",), ()),
}

AURAS = {"Wild Growth", "Overgrowth", "Gift of Paradise", "Spreading Seas", "Fertile Ground", "Utopia Sprawl"}


# --------------------------------------------------------------------------- the built-in pool

def test_pool_holds_exactly_the_cards_of_cards_md() -> None:
    assert POOL.names() == sorted(EXPECTED)
    assert sorted(n for n in ("Map", "Thopter") if POOL.is_token(n)) == ["Map", "Thopter"]
    assert CardPool.builtin() is POOL           # parsed once


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_card_maps_to_expected_objects(name: str) -> None:
    cost, supertypes, types, subtypes, pt, colors, abilities = EXPECTED[name]
    card = POOL.get(name)
    assert card.name == name
    assert card.mana_cost == cost
    assert (card.supertypes, card.types, card.subtypes) == (supertypes, types, subtypes)
    assert (card.power, card.toughness) == (pt or (None, None))
    assert card.colors == colors
    assert card.abilities == abilities
    assert not card.is_token
    printed = [ln for ln in card.oracle.splitlines() if not re.fullmatch(r"\(.*\)", ln)]   # reminder-only lines
    assert printed == [a.text for a in abilities] or not abilities
    if name in AURAS:
        enchant = card.abilities[0].effect
        assert card.spell_targets == Targets(enchant.what)      # 303.4a
        assert card.spell_effects == ()
    elif "Sorcery" not in types:
        assert card.spell_targets is None and card.spell_effects == ()


def test_sorceries_keep_their_text_as_spell_effects() -> None:
    defossilize = POOL.get("Defossilize")
    assert defossilize.abilities == ()
    assert defossilize.spell_effects == (ReturnToBattlefield(), Explore("that creature", 2))
    assert defossilize.spell_targets == Targets(Selector(zone="graveyard", types=("Creature",), controller="you"))
    assert defossilize.oracle.startswith("Return target creature card from your graveyard to the "
                                         "battlefield. That creature explores, then it explores again. (")
    unknown = POOL.get("Enter the Unknown")
    assert unknown.abilities == ()
    assert unknown.spell_effects == (Explore("target", 1), AdditionalLandPlay(1))
    assert unknown.spell_targets == Targets(CREATURE_YOU_CONTROL)


def test_tokens() -> None:
    map_token = POOL.get("Map")
    assert map_token.is_token and map_token.mana_cost is None and map_token.colors == ()
    assert (map_token.types, map_token.subtypes) == (("Artifact",), ("Map",))
    text = ("{1}, {T}, Sacrifice this artifact: Target creature you control explores. "
            "Activate only as a sorcery.")
    assert map_token.abilities == (
        act(Cost(mana=ManaCost(1), tap=True, sacrifice_self=True), Explore("target", 1),
            text=text, targets=Targets(CREATURE_YOU_CONTROL), sorcery=True),)
    assert not map_token.abilities[0].is_mana_ability
    thopter = POOL.get("Thopter")
    assert thopter.is_token and thopter.colors == () and (thopter.power, thopter.toughness) == (1, 1)
    assert (thopter.types, thopter.subtypes) == (("Artifact", "Creature"), ("Thopter",))
    assert thopter.abilities == (static(Keyword("Flying"), "Flying"),)
    assert "Map" not in POOL.names() and "Thopter" in POOL


def test_mana_ability_classification() -> None:
    assert POOL.get("Llanowar Elves").abilities[0].is_mana_ability
    assert POOL.get("Wild Growth").abilities[1].is_mana_ability            # 605.1b
    assert not POOL.get("City of Brass").abilities[0].is_mana_ability      # adds no mana
    assert not POOL.get("Steward of the Harvest").abilities[0].is_mana_ability


def test_lookup() -> None:
    assert "Llanowar Elves" in POOL and "Black Lotus" not in POOL
    with pytest.raises(KeyError) as err:
        POOL.get("Black Lotus")
    assert err.value.args == ("Black Lotus",)
    assert not POOL.is_token("Forest")


# --------------------------------------------------------------------------- self references

def _no_text(obj):
    """The same ability with its text fields blanked (text keeps the printed wording)."""
    if isinstance(obj, StaticAbilityLine) and isinstance(obj.effect, GrantAbility):
        obj = dataclasses.replace(obj, effect=dataclasses.replace(
            obj.effect, ability=_no_text(obj.effect.ability)))
    return dataclasses.replace(obj, text="")


def _self_noun(name: str) -> str:
    card = POOL.get(name)
    if "Aura" in card.subtypes:
        return "this Aura"
    for card_type in ("Creature", "Land", "Artifact", "Enchantment"):
        if card_type in card.types:
            return f"this {card_type.lower()}"
    raise AssertionError(name)


NAMED = sorted(n for n in POOL.names() + ["Map"] if POOL.get(n).oracle)


@pytest.mark.parametrize("name", NAMED)
def test_this_noun_parses_like_the_name(name: str) -> None:
    card = POOL.get(name)
    noun = _self_noun(name) if name in card.oracle else ""
    rewritten = card.oracle.replace(name, noun)
    rewritten = re.sub(r"(^|\. )this", r"\1This", rewritten, flags=re.M)   # sentence starts
    spell = "Sorcery" in card.types
    parsed = parse_card_text(name, rewritten, spell=spell)
    assert tuple(map(_no_text, parsed.abilities)) == tuple(map(_no_text, card.abilities))
    assert parsed.spell_effects == card.spell_effects
    # ... and the printed wording is what the text field keeps (a line of reminder text alone,
    # a basic land's "({T}: Add {G}.)", is no ability: 207.2)
    lines = tuple(ln for ln in rewritten.splitlines() if not re.fullmatch(r"\(.*\)", ln))
    assert tuple(a.text for a in parsed.abilities) == lines or spell


def test_name_instead_of_this_creature() -> None:
    steward = POOL.get("Steward of the Harvest")
    named = steward.oracle.replace("this creature", "Steward of the Harvest")
    assert tuple(map(_no_text, parse_oracle("Steward of the Harvest", named))) == \
        tuple(map(_no_text, steward.abilities))


@pytest.mark.parametrize("noun", ["creature", "artifact"])
def test_every_fitting_self_noun_is_accepted(noun: str) -> None:
    text = (f"This {noun} enters with X +1/+1 counters on it.\n"
            f"{{1}}, {{T}}: Put a +1/+1 counter on this {noun}.")
    assert tuple(map(_no_text, parse_oracle("Hangarback Walker", text))) == tuple(
        map(_no_text, (POOL.get("Hangarback Walker").abilities[0],
                       POOL.get("Hangarback Walker").abilities[2])))


def test_curly_quotes_and_apostrophes() -> None:
    text = "Lands you control have \u201c{T}: Add one mana of any color.\u201d"
    (ability,) = parse_oracle("Chromatic Lantern", text)
    assert ability.text == text
    assert ability.effect.ability.text == ANY_COLOR
    assert _no_text(ability) == _no_text(POOL.get("Chromatic Lantern").abilities[0])
    (upwelling,) = parse_oracle("Upwelling", "Players don\u2019t lose unspent mana as steps and "
                                             "phases end.")
    assert upwelling.effect == KeepUnspentMana()
    (cradle,) = parse_oracle("Gaea\u2019s Cradle", "{T}: Add {G}. Gaea's Cradle deals 1 damage to you.")
    assert cradle.effects == (add(AddFixed(("G",))), DealDamage(1))   # either apostrophe


def test_case_of_first_word_and_reminder_text() -> None:
    (flying,) = parse_oracle("X", "flying (This creature can't be blocked except by creatures "
                                  "with flying or reach.)")
    assert flying.effect == Keyword("Flying")
    (elves,) = parse_oracle("Elves", "{T}: add {G}.  (Mana goes to your pool.)")
    assert elves.effects == (add(AddFixed(("G",))),)


def test_grammar_is_general() -> None:
    abilities = parse_oracle("Thing", "\n".join([
        "{X}{R}{R}, {T}, Pay 10 life: Add three mana of any one color.",
        "{T}: Add {W}, {U}, or {B}.",
        "{T}, Sacrifice an artifact: Add {C}{C}{C}. Thing deals 2 damage to you.",
        "When Thing enters, it explores four times.",
        "When this creature enters, put two +1/+1 counters on Thing and draw two cards.",
        "Whenever you cast an artifact spell, create two Map tokens.",
        "If you tap a permanent for mana, it produces four times as much of that mana instead.",
        "Thing enters with 3 +1/+1 counters on it.",
    ]))
    assert abilities[0] == act(Cost(mana=ManaCost(0, 1, ("R", "R")), tap=True, life=10),
                               add(AddAnyColor(3, same=True)), text=abilities[0].text)
    assert abilities[1].effects == (add(AddOneOf(("W", "U", "B"))),)
    assert abilities[2].cost == Cost(tap=True, sacrifice=Selector(types=("Artifact",), controller="you"))
    assert abilities[2].effects == (add(AddFixed(("C", "C", "C"))), DealDamage(2))
    assert abilities[3].effects == (Explore("self", 4),)
    assert abilities[4].effects == (PutCounters("+1/+1", 2), DrawCards(2))
    assert abilities[5] == trig(SpellCastByYou("Artifact"), CreateTokens("Map", 2),
                                text=abilities[5].text)
    assert abilities[6].effect == ManaMultiplier(4)
    assert abilities[7].effect == EntersWithCounters("+1/+1", 3)
    effects, targets = parse_spell("Ritual", "Add {B}{B}{B}.\nYou may play two additional lands "
                                             "this turn.")
    assert effects == (add(AddFixed(("B", "B", "B"))), AdditionalLandPlay(2)) and targets is None


# --------------------------------------------------------------------------- strictness

@pytest.mark.parametrize("name, text, phrase", [
    ("Elvish Seer", "{T}: Add {G}. Venture into the dungeon.", "Venture into the dungeon."),
    ("Bad Elf", "{T}: Add {1}.", "{1}."),
    ("Attacker", "Whenever Attacker attacks, draw a card.", "attacks, draw a card."),
    ("Doubler", "If you tap a land for mana, it produces twice as much of that mana instead.",
     "you tap a land for mana, it produces twice as much of that mana instead."),
    ("Quick", "Prowess", "Prowess"),
    ("Twice", "When Twice enters, it explores twice.", "twice."),
    ("Lantern", 'Lands you control have "{T}: Add {G}. Venture into the dungeon."', "Venture into the dungeon."),
    ("Moon", "Nonbasic lands are Wastes.", "Wastes."),
    ("Loud", "{T}: Add {G}!", "!"),
])
def test_unknown_phrase_names_card_and_phrase(name: str, text: str, phrase: str) -> None:
    with pytest.raises(CardDataError) as err:
        parse_oracle(name, text, source="mine.toml")
    error = err.value
    assert isinstance(error, InvalidInput)
    assert error.card == name and error.source == "mine.toml"
    assert f"unknown phrase {phrase!r}" in error.problem
    assert repr(text) in error.problem            # the whole line, as printed
    assert str(error).startswith(f"mine.toml: card {name!r}: ")


def test_unknown_venture_is_named() -> None:
    with pytest.raises(CardDataError, match="Venture into the dungeon"):
        parse_oracle("Llanowar Elves", "{T}: Add {G}. Venture into the dungeon.")


def test_incomplete_line() -> None:
    with pytest.raises(CardDataError, match="ends before its template is complete") as err:
        parse_oracle("Branchwalker", "When Branchwalker enters, it explores")
    assert err.value.card == "Branchwalker"


@pytest.mark.parametrize("text, why", [
    ("When Odd enters, that player adds {G}.", "that player adds"),
    ("Whenever you tap a land for mana, its controller adds {G}.", "its controller adds"),
    ("{T}: Add one mana of any type that land produced.", "that land produced"),
    ("{T}, {T}: Add {G}.", "more than one tap"),
    ("When Odd enters, exile target land card from your graveyard and exile target creature "
     "card from your graveyard.", "more than one set of targets"),
    ("When Odd enters, that creature explores.", "that creature"),
    # 603.2: "it" is what the trigger event names; an effect that cannot act on it is refused
    ("Whenever you cast a creature spell, it explores.", '"it" here is the spell cast'),
    ("Whenever you tap a land for mana, it explores.", '"it" here is the land tapped for mana'),
    ("Whenever a creature you control enters, it deals 1 damage to you.",
     '"it" here is the permanent that entered'),
    ("At the beginning of your upkeep, it explores.", '"it" does not refer to anything'),
])
def test_phrases_that_make_no_sense_where_they_are(text: str, why: str) -> None:
    with pytest.raises(CardDataError, match=why) as err:
        parse_oracle("Odd", text)
    assert err.value.card == "Odd"


@pytest.mark.parametrize("text, who", [
    ("When Odd enters, it explores.", "self"),
    ("When Odd dies, it explores.", "self"),
    ("Whenever a creature you control enters, it explores.", "entered"),
    ("Whenever a creature you control explores, it explores.", "explorer"),
    ("{T}: It explores.", "self"),
])
def test_it_is_what_the_trigger_event_names(text: str, who: str) -> None:
    """603.2, 701.44: "it" in a triggered ability binds to the object its event names (the
    entering creature of Path of Discovery), in any other ability to the object itself."""
    [ability] = parse_oracle("Odd", text)
    assert ability.effects == (Explore(who),)   # type: ignore[union-attr]


def test_it_deals_damage_is_the_source_itself() -> None:
    """"Whenever ~ becomes tapped, it deals 1 damage to you" (City of Brass): "it" is the land."""
    [ability] = parse_oracle("Odd", "Whenever Odd becomes tapped, it deals 1 damage to you.")
    assert ability.effects == (DealDamage(1),)   # type: ignore[union-attr]


def test_spell_lines_are_not_abilities_and_vice_versa() -> None:
    with pytest.raises(CardDataError, match="unknown phrase"):
        parse_oracle("Defossilize", "Return target creature card from your graveyard to the "
                                    "battlefield.")
    with pytest.raises(CardDataError, match="unknown phrase"):
        parse_spell("Rite", "{T}: Add {G}.")
    with pytest.raises(CardDataError, match="cannot refer to itself"):
        parse_spell("Rite", "Put a +1/+1 counter on Rite.")


# --------------------------------------------------------------------------- card files

def _write(tmp_path: Path, text: str, name: str = "cards.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


USER_CARDS = '''
[[card]]
name = "Fyndhorn Elves"
cost = "{G}"
type = "Creature - Elf Druid"
power = 1
toughness = 1
text = "{T}: Add {G}."

[[card]]
name = "Cartographer"
cost = "{1}{U}"
type = "Creature — Human Scout"
power = 1
toughness = 2
text = """
When this creature enters, create a Map token.
When Cartographer dies, create a 1/1 green Squirrel creature token for each +1/+1 counter on Cartographer.
"""

[[token]]
name = "Squirrel"
type = "Creature — Squirrel"
colors = ["G"]
power = 1
toughness = 1
'''


def test_user_card_file(tmp_path: Path) -> None:
    path = _write(tmp_path, USER_CARDS)
    pool = POOL.with_file(path)
    assert pool is not POOL and "Fyndhorn Elves" not in POOL
    mystic = pool.get("Fyndhorn Elves")
    assert mystic.subtypes == ("Elf", "Druid") and mystic.colors == ("G",)
    assert mystic.abilities == (tap_add(AddFixed(("G",)), "{T}: Add {G}."),)
    assert pool.get("Cartographer").abilities[1].effects == (CreateTokens("Squirrel", PerCounter("+1/+1"), TokenSpec(
        "Squirrel", 1, 1, ("G",), ("Creature",), described=True)),)
    assert pool.is_token("Squirrel") and "Squirrel" not in pool.names()
    assert set(POOL.names()) < set(pool.names())
    assert pool.with_file(path).names() == pool.names()        # same data again: fine
    assert [c.name for c in load_card_file(path)] == ["Fyndhorn Elves", "Cartographer", "Squirrel"]


def test_user_file_needs_its_tokens(tmp_path: Path) -> None:
    path = _write(tmp_path, USER_CARDS)
    with pytest.raises(CardDataError, match="'Map' token"):
        CardPool.from_files(path)                               # Map lives in the built-in pool


def test_bad_card_file_names_file_and_card(tmp_path: Path) -> None:
    path = _write(tmp_path, USER_CARDS.replace("{T}: Add {G}.", "{T}: Add {G}. Venture into the dungeon."))
    with pytest.raises(CardDataError) as err:
        POOL.with_file(path)
    assert err.value.card == "Fyndhorn Elves" and err.value.source == str(path)
    assert str(path) in str(err.value) and "'Fyndhorn Elves'" in str(err.value)
    assert "Venture into the dungeon" in str(err.value)


def test_redefining_a_card_differently_is_an_error(tmp_path: Path) -> None:
    path = _write(tmp_path, '[[card]]\nname = "Llanowar Elves"\ncost = "{G}"\n'
                            'type = "Creature — Elf Druid"\npower = 2\ntoughness = 2\n'
                            'text = "{T}: Add {G}."\n')
    with pytest.raises(CardDataError, match="already defined") as err:
        POOL.with_file(path)
    assert err.value.card == "Llanowar Elves" and err.value.source == str(path)
    same = _write(tmp_path, '[[card]]\nname = "Llanowar Elves"\ncost = "{G}"\n'
                            'type = "Creature — Elf Druid"\npower = 1\ntoughness = 1\n'
                            'text = "{T}: Add {G}."\n', "same.toml")
    assert POOL.with_file(same).names() == POOL.names()


@pytest.mark.parametrize("body, card, problem", [
    ('[[card]]\nname = "Elf"\ntype = "Creature — Elf"\npower = 1\ntoughness = 1\nflavor = "x"\n',
     "Elf", "unknown key(s) 'flavor'"),
    ('[[token]]\nname = "Gold"\ntype = "Artifact — Gold"\ncolors = []\ncost = "{1}"\n',
     "Gold", "unknown key(s) 'cost'"),
    ('[[card]]\nname = "Elf"\ncolors = ["G"]\ntype = "Creature — Elf"\npower = 1\ntoughness = 1\n',
     "Elf", "unknown key(s) 'colors'"),
    ('[[card]]\ntype = "Land"\n', "card #1", "missing key 'name'"),
    ('[[card]]\nname = "Nameless"\n', "Nameless", "missing key 'type'"),
    ('[[token]]\nname = "Gold"\ntype = "Artifact — Gold"\n', "Gold", "missing key 'colors'"),
    ('[[card]]\nname = "Elf"\ntype = "Creature — Elf"\n', "Elf", "needs power and toughness"),
    ('[[card]]\nname = "Rock"\ntype = "Artifact"\npower = 1\ntoughness = 1\n', "Rock",
     "only creatures"),
    ('[[card]]\nname = "Elf"\ncost = "{G/P}"\ntype = "Creature — Elf"\npower = 1\ntoughness = 1\n',
     "Elf", "unknown mana cost"),
    ('[[card]]\nname = "Elf"\ntype = "Creature Elf"\npower = 1\ntoughness = 1\n', "Elf",
     "unknown card type 'Elf'"),
    ('[[card]]\nname = "Dirt"\ncost = "{1}"\ntype = "Land"\n', "Dirt", "no mana cost"),
    ('[[card]]\nname = "Elf"\ntype = "Creature — Elf"\npower = "1"\ntoughness = 1\n', "Elf",
     "whole number"),
    ('[[card]]\nname = "Ward"\ncost = "{W}"\ntype = "Enchantment — Aura"\n'
     'text = "Enchanted land is an Island."\n', "Ward", "exactly one \"Enchant"),
    ('[[card]]\nname = "Sea"\ncost = "{U}"\ntype = "Enchantment"\n'
     'text = "Enchanted land is an Island."\n', "Sea", "not an Aura"),
    ('[[card]]\nname = "Pebble"\ntype = "Land"\ntext = "Sacrifice this creature: Add {C}."\n',
     "Pebble", '"this creature"'),
    ('[[card]]\nname = "Maker"\ncost = "{1}"\ntype = "Artifact"\n'
     'text = "{T}: Put a +1/+1 counter on this artifact."\n'
     '[[card]]\nname = "Maker2"\ncost = "{1}"\ntype = "Artifact"\n'
     'text = "When Maker2 enters, create a Junk token."\n', "Maker2", "'Junk' token"),
])
def test_bad_entries(tmp_path: Path, body: str, card: str, problem: str) -> None:
    path = _write(tmp_path, body)
    with pytest.raises(CardDataError) as err:
        POOL.with_file(path)
    assert err.value.card == card
    assert problem in err.value.problem
    assert err.value.source == str(path)


@pytest.mark.parametrize("body, problem", [
    ('[[cards]]\nname = "Elf"\n', "unknown top-level key(s) 'cards'"),
    ('name = "Elf"\n', "unknown top-level key(s) 'name'"),
    ('[[card]\nname = "Elf"\n', "not valid TOML"),
    ('card = "Elf"\n', "must be written as [[card]] tables"),
])
def test_bad_files(tmp_path: Path, body: str, problem: str) -> None:
    path = _write(tmp_path, body)
    with pytest.raises(CardFileError) as err:
        POOL.with_file(path)
    assert problem in str(err.value) and str(err.value).startswith(str(path))
    assert isinstance(err.value, CardDataError)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CardFileError, match="cannot read"):
        POOL.with_file(tmp_path / "nope.toml")


# --------------------------------------------------------------------------- small parsers

def test_type_lines() -> None:
    assert parse_type_line("Basic Land — Forest") == (("Basic",), ("Land",), ("Forest",))
    assert parse_type_line("Artifact Creature - Thopter") == ((), ("Artifact", "Creature"),
                                                              ("Thopter",))
    assert parse_type_line("Legendary Land") == (("Legendary",), ("Land",), ())
    with pytest.raises(CardDataError):
        parse_type_line("Creature —")


@given(st.builds(ManaCost, st.integers(0, 20), st.integers(0, 3),
                 st.lists(st.sampled_from("WUBRGC"), max_size=6).map(tuple)))
def test_mana_cost_text_round_trips(cost: ManaCost) -> None:
    assert parse_mana_cost(cost.text()) == cost


@given(st.lists(st.sampled_from("WUBRGC"), min_size=1, max_size=8))
def test_any_fixed_mana_parses(symbols: list[str]) -> None:
    text = "{T}: Add " + "".join("{%s}" % s for s in symbols) + "."
    (ability,) = parse_oracle("Rock", text)
    assert ability.effects == (add(AddFixed(tuple(symbols))),)
