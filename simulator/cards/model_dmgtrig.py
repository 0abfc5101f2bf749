"""Damage and prevention of the model (issue 22, pool-dmgtrig): prevention effects of a
permanent's static ability on the damage that would be dealt to it (615.1a), with the additional
effect that follows each prevention (615.5) -- the Phantoms' "If damage would be dealt to this
creature, prevent that damage. Remove a +1/+1 counter from this creature.", Oathsworn Knight's
and Ugin's Conjurant's "... while it has a +1/+1 counter on it, prevent that damage and remove a
+1/+1 counter / that many +1/+1 counters from it.", Rock Hydra's "For each 1 damage that would
be dealt to this creature, if it has a +1/+1 counter on it, remove a +1/+1 counter from it and
prevent that 1 damage.". Part of the model (`simulator.cards.model.ReplacementEffect`); applied
by `simulator.rules.damage` (`DAMAGE_PREVENTIONS`), in the order the affected permanent's
controller chooses among the effects that apply (616.1)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal


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
class DealtDamageSelf:
    """"Whenever this creature is dealt damage" (Hungering Hydra; 603.2, 120.3): damage dealt to
    the source (not prevented, 615.1a), once per damage event; the amount is the trigger's
    `amount` ("that many")."""

    it: ClassVar[str | None] = "self"


@dataclass(frozen=True)
class PutCountersThatMany:
    """"put that many +1/+1 counters on it" (Hungering Hydra): as many `counter` counters on the
    source as the damage its trigger saw (603.2); gone from the battlefield, nothing happens (400.7:
    "It must survive the damage to get the counters.")."""

    counter: str = "+1/+1"


@dataclass(frozen=True)
class DestroyThatLand:
    """"destroy that land" (Price of Glory): the land its "taps a land for mana" trigger saw
    (603.2, 106.12a), if it is still that permanent (400.7); 701.8a, indestructible and
    regeneration as for any destruction."""


@dataclass(frozen=True)
class CountersPutOn:
    """"Whenever one or more +1/+1 counters are put on another non-Hydra creature you control"
    (Wildwood Scourge) / "Whenever one or more -1/-1 counters are put on a creature" (Wickersmith's
    Tools): once for each event that puts `counter` counters on a permanent `what` describes (a
    `model.Selector`; 603.2), one that enters with them included (122.6)."""

    it: ClassVar[str | None] = None
    counter: str
    what: Any


@dataclass(frozen=True)
class LifeTotalsBecomeCreatures:
    """"Each player's life total becomes the number of creatures they control." (Shaman of
    Forgotten Ways): every count taken first, as it resolves (608.2h), then each player still in
    the game gains or loses the difference (119.5), in APNAP order (101.4)."""


@dataclass(frozen=True)
class EntersWithXMore:
    """"This creature enters with X +1/+1 counters on it. If X is 5 or more, it enters with an
    additional X +1/+1 counters on it." (Apocalypse Hydra; 614.1c, 107.3m): X of the spell it was;
    `at_least` or more: twice X."""

    counter: str = "+1/+1"
    at_least: int = 5


@dataclass(frozen=True)
class BeginningOfNextTurnUpkeep:
    """"at the beginning of the next turn's upkeep" (Barbed Sextant, Astrolabe, Jinx): the
    condition of a delayed triggered ability (603.7a): the first upkeep that begins in a later
    turn than the one it was created in, whoever's turn it is; it triggers once (603.7b)."""

    it: ClassVar[str | None] = None


@dataclass(frozen=True)
class CreateDelayedTrigger:
    """"Draw a card at the beginning of the next turn's upkeep." (603.7a): as it resolves, the
    effect creates the delayed triggered ability `ability` (a `model.TriggeredAbility`),
    controlled by the controller of the spell or ability that created it (603.7d); its
    AbilityId is the kind "delayed" at the creating text's place (`base.abilityid`). `remember`
    "target_mana_value": the mana value of the spell the creating spell targets, kept with it
    ("that spell's mana value", Mana Drain)."""

    ability: Any
    remember: Literal["", "target_mana_value"] = ""


@dataclass(frozen=True)
class BeginningOfYourNextMainPhase:
    """"At the beginning of your next main phase" (Mana Drain; 603.7a): a delayed trigger's
    condition: the next main phase (precombat or postcombat, 505.1) of its controller's turn to
    begin after it was created; `first`: "your next first main phase" (Plasm Capture: only a
    precombat main phase); once (603.7b)."""

    it: ClassVar[str | None] = None
    first: bool = False


@dataclass(frozen=True)
class AddThatSpellsManaValue:
    """"add an amount of {C} equal to that spell's mana value" (Mana Drain): the mana value of the
    spell the creating spell targeted, as it last existed on the stack (202.3e: with its X), kept
    with the delayed trigger as it was created (603.7c); not a mana ability (605.1b): added as the
    trigger resolves (608.2c). `any_colors`: "add X mana in any combination of colors, where X is
    that spell's mana value" (Plasm Capture: its controller chooses the colors as it resolves, 608.2d)."""

    any_colors: bool = False


@dataclass(frozen=True)
class HalfSourceX:
    """"half X ..., rounded down" (Hydroid Krasis' "When you cast this spell, you gain half X life
    and draw half X cards. Round down each time."): the X of the spell its cast trigger's source is
    (107.3, 202.3e; as it last existed on the stack if it has left it, 608.2h), halved and rounded
    down (107.1a). A `model.Quantity`."""


@dataclass(frozen=True)
class ActivePlayerGainsPerDomain:
    """"that player gains 1 life for each basic land type among lands they control" (Collapsing
    Borders, "At the beginning of each player's upkeep, ..."): "that player" is the player whose
    upkeep it is, the active player as the ability resolves in that step (102.1, 305.6; 119.3)."""

    times: int = 1


@dataclass(frozen=True)
class DamageActivePlayer:
    """"Then this enchantment deals 3 damage to that player." (Collapsing Borders): to the player
    whose upkeep it is (102.1; 120.3a)."""

    amount: int


@dataclass(frozen=True)
class YouGainLife:
    """"Whenever you gain life" (Prize Pig; 603.2, 119.3): once per life-gain event of its
    controller; the amount is the trigger's `amount` ("that many")."""

    it: ClassVar[str | None] = None


@dataclass(frozen=True)
class RemoveAllCountersAndUntap:
    """"remove those counters and untap it" (Prize Pig, after "if there are three or more ribbon
    counters on this creature"): every `counter` counter on the source removed (122.1), then the
    source untapped (701.26b); gone from the battlefield, nothing happens (400.7)."""

    counter: str


@dataclass(frozen=True)
class CountersRemovedThisWay:
    """"When one or more counters are removed from this creature this way" (Magma Pummeler): a
    reflexive trigger (603.12) of the prevention effect whose ability holds it: it triggers when
    that effect removes counters (615.5), the amount being how many."""

    it: ClassVar[str | None] = None


@dataclass(frozen=True)
class DealThatMuchDamage:
    """"it deals that much damage to any target" (Magma Pummeler's reflexive trigger): the source
    (as it last existed, if gone) deals as much damage as its trigger's amount to each legal
    target (608.2b; 120.3)."""


@dataclass(frozen=True)
class LifeTotalBecomes:
    """"you may have your life total become the number of charge counters on this artifact" (Eternity
    Vessel; the "you may" is a `MayDo`): the amount `per` (a `model.Quantity`) counted as it resolves
    (608.2h); its controller gains or loses the difference (119.5; none: no event, 119.9)."""

    per: Any


@dataclass(frozen=True)
class DiesSelfPower:
    """"When this creature dies, you gain life and draw cards equal to its power." (Lifeblood Hydra):
    "When <self> dies" (603.6c) whose effect reads its power as it last existed on the battlefield
    (603.10a), kept by the trigger (its `power`)."""

    it: ClassVar[str | None] = "self"


@dataclass(frozen=True)
class GainLifeAndDrawPower:
    """"you gain life and draw cards equal to its power" (Lifeblood Hydra): the power its dies
    trigger kept (603.10a; 0 or less: nothing, 107.1b, 119.9): that much life (119.3), then that many
    cards (121.1)."""


@dataclass(frozen=True)
class CardsOfTypesInGraveyard:
    """"there are two or more instant and/or sorcery cards in your graveyard" (Dark Petition's spell
    mastery): at least `at_least` cards in its controller's graveyard with one of the card types
    `types` (205.2a). A `model.Condition`."""

    at_least: int
    types: tuple[str, ...]


@dataclass(frozen=True)
class AddManaIf:
    """"Spell mastery — If there are two or more instant and/or sorcery cards in your graveyard, add
    {B}{B}{B}." (Dark Petition): an instruction of a resolving spell (608.2c), done only if the
    condition holds as it gets there; the mana (`mana`, mana letters -> amount) is no mana ability's
    (605.1a)."""

    condition: Any
    mana: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class CreateTokenWithCounters:
    """"Then create a 0/0 green and blue Fractal creature token. Put X +1/+1 counters on it, where X is
    the number of growth counters on this enchantment." (Paradox Zone): one token created (111.1,
    `create`: a `model.CreateTokens` of one), then `per` (a `model.Quantity`, counted now, 608.2h)
    `counter` counters on it (122.1), before any state-based action can see it as a 0/0 (704.3)."""

    create: Any
    counter: str
    per: Any


@dataclass(frozen=True)
class CastFromElsewhere:
    """"Whenever you cast a spell from anywhere other than your hand" (Sisterhood of Karn; 601.2,
    603.2): a spell its controller casts that was not in their hand as it began to be cast (its
    zone just before `SpellCast`)."""

    it: ClassVar[str | None] = "spell"


@dataclass(frozen=True)
class OtherThanEnteredAtLeast:
    """"if you control at least five other Mountains" (Valakut, the Molten Pinnacle's "Whenever a
    Mountain you control enters, if ..."): at least `at_least` permanents with the subtype
    `subtype` its controller controls other than the one whose entering made it trigger (603.2):
    an intervening "if" (603.4), read as it triggers and as it resolves (the one that entered may
    be gone by then: then every such permanent counts). A `model.Condition`, read by
    `game.triggers.intervening_holds` with its trigger's `entered`."""

    subtype: str
    at_least: int


@dataclass(frozen=True)
class PayThenGainLife:
    """"you may pay {W}{W}. If you do, you gain 1 life." (Farmstead's granted upkeep trigger; the "you
    may" is a `MayDo`): "do" pays `cost` from its controller's pool now (608.2c; too little mana is an
    illegal answer), then they gain `life` (119.3)."""

    cost: Any
    life: int
