"""The model of land effects (issue 22's "lands" family): the bounce lands' "sacrifice it unless
you return an untapped Island you control to its owner's hand". Part of the model (`cards.model`
puts the effects in its `Effect` union); kept apart so each family of card text has its own
module."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from simulator.cards.model import Selector


@dataclass(frozen=True)
class SacrificeUnlessReturn:
    """"sacrifice it unless you return an untapped Island you control to its owner's hand"
    (Coral Atoll; 701.21a, 608.2c) / "... unless you return a non-Lair land you control ..."
    (Crosis's Catacombs): as the ability resolves its controller may return one permanent they
    control with all of `types`, one of `subtypes` if any, untapped if `untapped`, without the
    subtype `not_subtype`; if they don't, the source is sacrificed (if still on the battlefield)."""

    types: tuple[str, ...] = ("Land",)
    subtypes: tuple[str, ...] = ()
    untapped: bool = False
    not_subtype: str | None = None

    def describe(self) -> str:
        """"an untapped Island you control", "a non-Lair land you control"."""
        words = (["untapped"] if self.untapped else []) + ([f"non-{self.not_subtype}"] if self.not_subtype else [])
        words += list(self.subtypes) or [t.lower() for t in self.types]
        text = " ".join(words)
        return ("an " if text[0] in "aeiouAEIOU" else "a ") + text + " you control"


# --------------------------------------------------------------------------- conditions (602.5b)

@dataclass(frozen=True)
class EnteredThisTurn:
    """"Activate only if this land entered this turn" (Dark Fortress, Mirrex): the object came
    onto the battlefield this turn (a new object each time it enters, 400.7)."""


@dataclass(frozen=True)
class AnyCondition:
    """"... if this land entered this turn or if you control a basic land": true when one of
    `conditions` is."""

    conditions: tuple[object, ...]


# --------------------------------------------------------------------------- manlands (613.1, 611.2c)

@dataclass(frozen=True)
class BecomesCreature:
    """"Until end of turn, this land becomes a 3/3 green and blue Elemental creature with
    hexproof. It's still a land." (Lumbering Falls) / "This artifact becomes a 2/2 white and blue
    Bird artifact creature with flying until end of turn." (Azorius Keyrune): an effect locked in
    on the object with the ability (611.2c), ended in the cleanup step (514.2): the card types
    `types` and creature `subtypes` added (layer 4; `still_land`: "It's still a land.", 205.1b),
    its colors set to `colors` (layer 5; None: no color named, unchanged), `keywords` added
    (layer 6) and its base power and toughness set (layer 7b, 613.4b)."""

    power: int | None         # None: unchanged (Crew's "becomes an artifact creature", 702.122a)
    toughness: int | None
    colors: tuple[str, ...] | None = None
    subtypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ("Creature",)
    keywords: tuple[str, ...] = ()
    still_land: bool = False
    # "Target land you control becomes a 3/3 Elemental creature with haste until end of turn. It's
    # still a land." (Llanowar Loamspeaker): on each legal target (608.2b) instead of the source
    who: Literal["self", "target"] = "self"
    # "This land becomes a 3/3 Elemental artifact creature that's still a land." (Stalking
    # Stones): no end (611.2a: until the object leaves the battlefield, 400.7)
    lasting: bool = False
    # "with all creature types" (205.3m: Mutavault; every type of `base.creature_types`)
    all_creature_types: bool = False
    # "with "{B}: Regenerate this creature"" (Spawning Pool; layer 6, 613.1f): the one quoted
    # ability it gains (its `AbilityId` is of kind "quoted", at this effect's ability line)
    ability: Any = None

    @property
    def granted_ability(self) -> Any:
        """The quoted ability the effect gives (`layers.ability_definition`), or None."""
        return self.ability


def retained_types_problem(card_types: tuple[str, ...], eff: BecomesCreature) -> str | None:
    """205.1a: an effect that gives an object new card types replaces the ones it had, unless
    it says it keeps them ("It's still a land.", 205.1b). The rules here only add types, so a
    card whose own types the effect would take away is refused at load; so is a creature card
    (its creature types would be replaced)."""
    if eff.who == "target" or eff.still_land:
        # 205.1b: "It's still a land." keeps every prior type, supertype and subtype; a target's
        # effect is checked at load on its own (the parser: "in addition", still a land, a Vehicle)
        return None
    kept = set(eff.types)
    lost = [t for t in card_types if t not in kept]
    if "Creature" in card_types:
        return "a creature becoming another creature (its creature types replaced, 205.1a) is not supported"
    if lost:
        return (f"it would stop being {' '.join(lost).lower()} (205.1a: the new card types replace the old ones), "
                f"which is not supported")
    return None


# --------------------------------------------------------------------------- replacement effects (614)

@dataclass(frozen=True)
class EntersTappedUnlessReveal:
    """"As this land enters, you may reveal an Island or Swamp card from your hand. If you don't,
    this land enters tapped." (Choked Estuary; 614.1c, 614.12): the controller reveals a card of
    their hand with one of `subtypes_any`, or it enters tapped."""

    subtypes_any: tuple[str, ...]
    # "This land enters tapped unless you revealed a Dragon card this way or you control a Dragon."
    # (Temple of the Dragon Queen): a permanent with one of these subtypes its controller controls
    # as it would enter (614.1d) keeps it untapped too
    or_control: tuple[str, ...] = ()

    def describe(self) -> str:
        names = list(self.subtypes_any)
        what = names[0] if len(names) == 1 else (" or ".join(names) if len(names) == 2
                                                 else ", ".join(names[:-1]) + ", or " + names[-1])
        return ("an " if what[0] in "AEIOU" else "a ") + what + " card"


_NUMBER_WORDS = {2: "two", 3: "three", 4: "four"}


@dataclass(frozen=True)
class EntersIfSacrifice:
    """"If this land would enter, sacrifice a Forest instead. If you do, put this land onto the
    battlefield. If you don't, put it into its owner's graveyard." (Heart of Yavimaya, Lake of the
    Dead, Soldevi Excavations: "an untapped Island"; 614.1a): however it would enter, its
    controller first sacrifices one permanent they control with all of `types` and `subtypes`
    (untapped if `untapped`) — which one is their choice when several fit, and it is not optional
    when one does (the instruction is imperative: "If you don't" is for when none fits, 101.3);
    then it enters. None fits: it goes to its owner's graveyard instead and never enters (a land
    played this way is still the turn's land play, 305.2)."""

    types: tuple[str, ...] = ("Land",)
    subtypes: tuple[str, ...] = ()
    untapped: bool = False
    # "sacrifice two untapped lands instead" (Lotus Vale, Scorched Ruins): that many, each chosen
    # in turn when more fit; fewer fit: none is sacrificed and it goes to its owner's graveyard
    amount: int = 1

    def describe(self) -> str:
        """"a Forest", "an untapped Island", "two untapped lands"."""
        words = (["untapped"] if self.untapped else []) + (list(self.subtypes) or [t.lower() for t in self.types])
        text = " ".join(words)
        if self.amount > 1:
            return f"{_NUMBER_WORDS.get(self.amount, str(self.amount))} {text}s"
        return ("an " if text[0] in "aeiouAEIOU" else "a ") + text


@dataclass(frozen=True)
class SacrificeIfNoCounters:
    """"{T}, Remove a depletion counter from this land: Add {B}{B}. If there are no depletion
    counters on this land, sacrifice it." (Peat Bog, Saprazzan Skerry; 701.21a): after the mana,
    the source is sacrificed if it has no `counter` counters left (a mana ability: at once,
    605.3a)."""

    counter: str


@dataclass(frozen=True)
class SacrificeUnlessPay:
    """"When this land enters, sacrifice it unless you pay {1}." (Rupture Spire, Gateway Plaza;
    608.2c, 701.21a): as the ability resolves its controller pays the mana (`generic` and the
    colored `symbols`) from their pool, or the source is sacrificed (if still on the battlefield)."""

    generic: int = 0
    symbols: tuple[str, ...] = ()
    # "This cost is reduced by {2} for each basic land type among lands you control." (Draco): a
    # `CostReduction` of the generic mana, counted as the ability resolves (pool-casting)
    reduction: Any = None

    def text(self) -> str:
        return ("{%d}" % self.generic if self.generic or not self.symbols else "") + "".join(
            "{%s}" % s for s in self.symbols)


@dataclass(frozen=True)
class BecomesLandTypeOfChoice:
    """"Target land becomes the basic land type of your choice until end of turn." (Mystic
    Compass, Reef Shaman; 305.7: its old land types and rules-text abilities are gone, it has the
    new type's mana ability) / "Until end of turn, target land you control becomes the basic land
    type of your choice in addition to its other types." (`additional`, Navigator's Compass). The
    type is chosen as it resolves (608.2d: the `land_type` choice); locked in on the target
    (611.2c), ended in the cleanup step (514.2)."""

    additional: bool = False


@dataclass(frozen=True)
class BecomesBasicLandType:
    """"Target land becomes an Island until end of turn." (Tidal Warrior) / "... becomes a Plains or
    an Island until end of turn." (Tundra Kavu: one of `land_types`, chosen as it resolves, 608.2d,
    the `land_type` choice among them). 305.7: its old land types and rules-text abilities are gone,
    it has the new type's mana ability; locked in on the target (611.2c), ended in the cleanup step
    (514.2)."""

    land_types: tuple[str, ...]


@dataclass(frozen=True)
class EachLandBecomesChosenType:
    """"Choose a basic land type. Each land you control becomes that type until end of turn."
    (Terraformer, Elsewhere Flask): the type is chosen as it resolves (608.2d, the `land_type`
    choice); then one effect on each land its controller controls then (611.2c: the lands are
    locked in, a land played later is not affected), its land type set (305.7: its old land types
    and rules-text abilities gone, the new type's mana ability) until the cleanup step (514.2)."""


@dataclass(frozen=True)
class LandsGainEveryBasicLandType:
    """"Lands you control gain all basic land types until end of turn." (Energybending): one effect
    on each land its controller controls as it resolves (611.2c: locked in), the five basic land
    types added to its others (layer 4, 613.1d) and so their mana abilities (305.6), until the
    cleanup step (514.2)."""


# --------------------------------------------------------------------------- land types (305.7, layer 4)

@dataclass(frozen=True)
class AddEveryBasicLandType:
    """"Lands you control are every basic land type in addition to their other types." (Prismatic
    Omen, Dryad of the Ilysian Grove) / "Enchanted land is every basic land type in addition to its
    other types." (Nylea's Presence): layer 4 (613.1d) adds Plains, Island, Swamp, Mountain and
    Forest to the `affected` lands, which then have each type's mana ability (305.6); nothing is
    removed and no ability is lost (305.7 applies to an effect that sets a land type)."""

    affected: "Selector"


# --------------------------------------------------------------------------- mana (106.1)

@dataclass(frozen=True)
class AddFixedOrChosenColor:
    """"{T}: Add {G} or one mana of the chosen color." (the Thriving lands): `mana`, or the color
    its source's controller chose as it entered (614.12); none chosen: only `mana` (106.5)."""

    mana: str
