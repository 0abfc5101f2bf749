"""Effects on permanents of the model (issue 22, pool-pump): tapping and untapping target
permanents (701.26), returning a target permanent or the source to its owner's hand,
regeneration shields (701.19), prevention shields (615.7), and combat restrictions, which are inert here (no combat). The "until end of turn" changes of power, toughness and keywords are
`simulator.cards.model.ModifyPT` (611.2c, 613.4c, 613.1f). Part of the model
(`simulator.cards.model.Effect`); the handlers are in `simulator.rules.effects`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from simulator.cards.model import Quantity


@dataclass(frozen=True)
class TapTarget:
    """"Tap target creature." / "Tap target artifact or creature." / "Untap target land." /
    "Untap target Elf." (`untap`; 701.26a-b): each legal target as the ability resolves (608.2b);
    a target already tapped (untapped) stays so (701.26a: only an untapped permanent can be
    tapped)."""

    untap: bool = False


@dataclass(frozen=True)
class ReturnToOwnersHand:
    """"Return target legendary creature to its owner's hand." (`who` "target": each legal target
    as it resolves, 608.2b) / "Return this creature to its owner's hand." ("self": the source if
    it is still on the battlefield, 400.7): it becomes a new object in its owner's hand (400.7)."""

    who: Literal["target", "self"] = "target"


@dataclass(frozen=True)
class Regenerate:
    """"Regenerate this creature." / "Regenerate target creature." / "Regenerate target Elephant."
    (701.19a): a shield on the permanent (the source if it is still on the battlefield, or each
    legal target, 608.2b): the next time it would be destroyed this turn -- by a "destroy"
    effect or by lethal or deathtouch damage (704.5g, 704.5h) -- instead all damage is removed
    from it and its controller taps it (614.8); the shield is used up, and unused ones end in
    the cleanup step (514.2). Not destruction, so not replaced: sacrifice (701.21a), toughness 0
    or less (704.5f)."""

    who: Literal["target", "self"] = "self"


@dataclass(frozen=True)
class PreventDamage:
    """"Prevent the next 1 damage that would be dealt to any target this turn." (`to` "target":
    each legal target, a permanent or a player, 608.2b) / "... to you ..." ("you": the
    ability's controller) / "... to it ..." ("self": the source, if still on the battlefield)
    / "... to enchanted creature ..." ("enchanted": the creature the source Aura is attached to
    as the ability resolves, or was as the Aura last existed, 608.2h; Fylgja)
    / "Prevent the next X damage ..., where X is ..." (`x`, counted as it resolves, 608.2h):
    a shield (615.7): each 1 damage that would be dealt to it is prevented, up to `amount` in
    all, this turn (it ends in the cleanup step, 514.2). Prevented damage is not dealt: no life
    lost, no damage marked, no lifelink (702.15b) nor deathtouch (702.2b) from it."""

    amount: int = 1
    to: Literal["target", "you", "self", "enchanted"] = "target"
    x: "Quantity | None" = None


# Combat restrictions (506-509): this simulator has no combat, so nothing they restrict can
# happen in a game here. Like the combat keywords (flying, defender, ...) they are INERT: the
# card has them and they are shown, nothing reads them (docs/cards.md).

@dataclass(frozen=True)
class CombatRestriction:
    """"This creature can't block." / "This creature can't be blocked." / "Enchanted creature
    can't attack or block." (`what`: the printed restriction, lower case): a static ability
    with no effect without combat (inert)."""

    what: str


@dataclass(frozen=True)
class CombatRestrictionThisTurn:
    """"Target creature can't block this turn." / "... can't be blocked this turn." / "... can't
    attack or block this turn." (`what`): the target is chosen and checked as for any ability
    (115.1, 608.2b), and then nothing happens: there is no combat in this simulator (inert)."""

    what: str
