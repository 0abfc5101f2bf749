"""Conditions about the spells cast this turn (601.2; issue 22, pool-casting), read from
`GameState.turn_counts.spells` (one entry per spell cast this turn, in the order cast, dropped as
the next turn begins): "if you cast it from your hand" (the Myojin, Coal Stoker), "if you cast it"
(Iridescent Tiger), "if you've cast two or more spells this turn" (Effortless Master), "if you've
cast a noncreature spell this turn" (H.E.R.B.I.E.), "Activate only if you've cast an instant or
sorcery spell this turn" (Potioner's Trove), "unless you've cast another red spell this turn"
(Hotheaded Giant). Part of the model (`simulator.cards.model.Condition`); read by
`simulator.game.conditions` (as a permanent enters, 614.1c; as an ability triggers and resolves,
603.4; "Activate only if", 602.5b)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from simulator.cards.model import SpendOnlyToCast


@dataclass(frozen=True)
class YouCastIt:
    """"if you cast it" / "if you cast it from your hand" (601.2): the object the ability is of
    was a spell its controller cast (`from_zone` "hand": from their hand; "": from anywhere),
    this turn. Asked as it enters (614.1c: the spell on the stack is that object) or as an
    enters trigger triggers and resolves (603.4: the permanent the spell became, 608.3). A
    permanent put onto the battlefield by an effect, or a token, was not cast."""

    from_zone: Literal["", "hand"] = ""


@dataclass(frozen=True)
class SpellsCastThisTurn:
    """"if you've cast two or more spells this turn" / "if you've cast a noncreature spell this
    turn" / "unless you've cast another red spell this turn" (601.2): how many spells `you` cast
    this turn that `spell` admits (None: any; `SpendOnlyToCast.admits`, the spell's card types)
    and of `color` (the spell's colors, 105.2, devoid 702.114a); `other`: not the spell the
    source is or was (109.2: "another"). Holds when the count is at least `at_least` and, if
    `at_most` is set, at most that ("unless ... another red spell": none, `at_most` 0)."""

    text: str = ""        # the phrase as printed ("you've cast two or more spells this turn")
    at_least: int = 1
    at_most: int | None = None
    spell: "SpendOnlyToCast | None" = None
    color: str | None = None
    other: bool = False


# --------------------------------------------------------------------------- effects on casting this turn
# Effects of a resolving ability on the spells its controller casts for the rest of the turn
# (611.2a: "this turn"; 514.2: they end in the cleanup step), kept in
# `GameState.turn_counts.effects` (the `CastingEffectCreated` event) and read by
# `rules/casting.py` as a spell is cast (601.3: what allows or prohibits casting it).

@dataclass(frozen=True)
class FlashThisTurn:
    """"You may cast spells this turn as though they had flash." (Alchemist's Refuge) / "... creature
    spells ..." (Winding Canyons): the spells `spell` admits (None: every spell) may be cast any
    time their caster could cast an instant (702.8a), for the rest of the turn."""

    spell: "SpendOnlyToCast | None" = None


@dataclass(frozen=True)
class NextSpellUncounterable:
    """"The next spell you cast this turn can't be countered." (Mistrise Village; 101.2): the next
    spell its controller casts this turn, whatever it is; used up by that spell."""


@dataclass(frozen=True)
class OnlyOneMoreSpell:
    """"You can cast only one more spell this turn." (Irencrag Feat; 601.3): after the next spell
    its controller casts this turn, they can cast no spell for the rest of the turn."""


@dataclass(frozen=True)
class CantCastSpells:
    """"You can't cast noncreature spells." (Nikya of the Old Ways; 601.3, 101.2): a static
    ability; its controller can't cast a spell `spell` admits while it applies."""

    spell: "SpendOnlyToCast"


# --------------------------------------------------------------------------- a cost paid as an ability resolves

@dataclass(frozen=True)
class MayPayThen:
    """"At the beginning of your upkeep, you may pay {4}. If you do, untap this artifact." (Mana
    Vault, Jasconian Isle; 608.2d): as the ability resolves its controller pays the mana
    (`generic` and colored `symbols`) from their pool, or declines (the pending `may_pay`; they
    may activate mana abilities first, 605.3a); paid, `effect` (a model Effect) is done."""

    generic: int
    symbols: tuple[str, ...]
    effect: Any

    def text(self) -> str:
        return ("{%d}" % self.generic if self.generic or not self.symbols else "") + "".join(
            "{%s}" % s for s in self.symbols)



# --------------------------------------------------------------------------- the spell a cast trigger names

@dataclass(frozen=True)
class TriggerSpellColors:
    """"where X is the number of colors that spell is" (Crystal, Inhuman Princess): the colors of
    the spell whose casting made the ability trigger (105.2; devoid, 702.114a), as it last existed;
    a Quantity only an ability with a "Whenever you cast ..." trigger has (`StackItem.data`)."""


@dataclass(frozen=True)
class TriggerSpellAllColors:
    """"If that spell was all colors, ..." (Jenson Carthalion; 105.2: white, blue, black, red and
    green): a condition about the spell whose casting made the ability trigger, read as the
    ability gets to it (608.2c)."""
