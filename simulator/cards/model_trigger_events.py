"""Trigger events of the model beyond those of `simulator.cards.model` (603.2, 603.6, 603.10a):
entering, dying and leaving the battlefield, discarding, playing a land, counters put or removed,
life gained, damage dealt, spells cast from elsewhere, a permanent tapped (for mana). Read by
`game/triggers`; part of the model (`simulator.cards.model`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal


@dataclass(frozen=True)
class EntersOrDiesSelf:
    """"Whenever this creature enters or dies" (603.6a entering, 603.6c dying: a
    leaves-the-battlefield trigger that looks back in time, 603.10a)."""

    it: ClassVar[str | None] = "self"


@dataclass(frozen=True)
class YouDiscard:
    """"Whenever you discard a creature card" / "... a noncreature, nonland card" (`whose` "you") /
    "Whenever an opponent discards a land card" ("opponent"): one card of that quality (`what`, a
    `CardQuality`: its printed types, as in the hand, 109.1) put from its owner's hand into their
    graveyard as a discard (701.9a: an effect's, a cost's, or the cleanup step's, 514.1)."""

    it: ClassVar[str | None] = None
    whose: Literal["you", "opponent"]
    what: Any


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
class CreatureDiesWithCounter:
    """"Whenever Slurrk or another creature you control dies, if it had a +1/+1 counter on it"
    (700.4, 603.10a): a creature that fits `what` (a `model.Selector`) dies with a counter of the
    kind `counter` on it as it last existed. The "if" is read as it triggers; as it resolves it
    reads the same last known information, so it is part of the trigger here (603.4)."""

    it: ClassVar[str | None] = None
    what: object = None
    counter: str = "+1/+1"


@dataclass(frozen=True)
class NontokenEnters:
    """"Whenever a nontoken creature enters the battlefield under your control" (The Alright Henge;
    603.6a, 111.1): a permanent that fits `what` (a `model.Selector` with `nontoken`) entering."""

    it: ClassVar[str | None] = "entered"
    what: object = None


@dataclass(frozen=True)
class DealtDamageSelf:
    """"Whenever this creature is dealt damage" (Hungering Hydra; 603.2, 120.3): damage dealt to
    the source (not prevented, 615.1a), once per damage event; the amount is the trigger's
    `amount` ("that many")."""

    it: ClassVar[str | None] = "self"


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
class YouGainLife:
    """"Whenever you gain life" (Prize Pig; 603.2, 119.3): once per life-gain event of its
    controller; the amount is the trigger's `amount` ("that many")."""

    it: ClassVar[str | None] = None


@dataclass(frozen=True)
class CountersRemovedThisWay:
    """"When one or more counters are removed from this creature this way" (Magma Pummeler): a
    reflexive trigger (603.12) of the prevention effect whose ability holds it: it triggers when
    that effect removes counters (615.5), the amount being how many."""

    it: ClassVar[str | None] = None


@dataclass(frozen=True)
class DiesSelfPower:
    """"When this creature dies, you gain life and draw cards equal to its power." (Lifeblood Hydra):
    "When <self> dies" (603.6c) whose effect reads its power as it last existed on the battlefield
    (603.10a), kept by the trigger (its `power`)."""

    it: ClassVar[str | None] = "self"


@dataclass(frozen=True)
class CastFromElsewhere:
    """"Whenever you cast a spell from anywhere other than your hand" (Sisterhood of Karn; 601.2,
    603.2): a spell its controller casts that was not in their hand as it began to be cast (its
    zone just before `SpellCast`)."""

    it: ClassVar[str | None] = "spell"


@dataclass(frozen=True)
class EnchantedBecomesTapped:
    """"Whenever enchanted land becomes tapped" (Contaminated Ground; 603.2, 701.26a): the
    permanent the source is attached to becomes tapped, for mana, for a cost or by an effect."""

    it: ClassVar[str | None] = "land"


@dataclass(frozen=True)
class SelfTappedForMana:
    """"Whenever you tap this creature for mana" / "Whenever you tap this land for mana" (Zhur-Taa
    Druid, Forbidden Orchard; 106.12a): its controller activated a mana ability of it with {T} in
    its cost that produced mana. Not a mana ability unless it adds mana (605.1b): these use the stack."""

    it: ClassVar[str | None] = "self"


@dataclass(frozen=True)
class LastCounterRemovedSelf:
    """"When the last time counter is removed from this permanent" (702.63a, vanishing's third
    ability): the source had at least one counter of the kind `counter` and now has none, however
    they were removed (an effect, a cost, 122.1)."""

    it: ClassVar[str | None] = "self"
    counter: str = "time"
