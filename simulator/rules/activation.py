"""Activating abilities (602) and paying their costs ({T} 107.5, {Q} 107.6, life 119.4,
sacrifice 701.21). A mana ability then resolves at once (605.3a: `mana_abilities`); any
other goes on the stack (602.2a). The caller (`decide`) gives priority afterwards (117.3c).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from simulator.game import events as ev
from simulator.cards import model as m
from simulator.game.layers import AbilityRef, characteristics
from simulator.base.errors import IllegalAction
from simulator.game.selectors import select
from simulator.rules.actions import sacrifice_permanent
from simulator.rules.context import Ctx, Frame
from simulator.rules.mana_abilities import ProduceMana, planned_mana
from simulator.rules.payment import pay_mana
from simulator.rules.queries import (choose_targets, require_priority, require_sorcery_timing, resolve_in_zone,
                      resolve_permanent, summoning_sick)


def _norm(text: str) -> str:
    return text.strip().rstrip(".").strip().lower()


def select_ability(acts: list[AbilityRef], which: int | str | None, name: str) -> tuple[int, AbilityRef]:
    """GAME_FORMAT: a 1-based number, or the text as the object shows it now; omitted if only one."""
    if not acts:
        raise IllegalAction(f"{name} has no activated abilities", "602.1")
    if which is None:
        if len(acts) != 1:
            listing = "; ".join(f"{i}: {a.text}" for i, a in enumerate(acts, 1))
            raise IllegalAction(f"{name} has {len(acts)} activated abilities, say which ({listing})", "602.2")
        return 1, acts[0]
    if isinstance(which, int):
        if not 1 <= which <= len(acts):
            raise IllegalAction(f"{name} has no activated ability {which} (it has {len(acts)})", "602.2")
        return which, acts[which - 1]
    for i, a in enumerate(acts, 1):
        if _norm(a.text) == _norm(which):
            return i, a
    listing = "; ".join(f"{i}: {a.text}" for i, a in enumerate(acts, 1))
    raise IllegalAction(f"{name} has no activated ability {which!r} ({listing})", "602.2")


@dataclass(frozen=True)
class ActivationPlan:
    """An activation checked against the rules (602.2b-h), nothing done yet: which ability, its
    targets, the mana to spend, what to sacrifice and, for a mana ability, the mana it makes."""

    player: str
    source: str
    card: str
    number: int
    ref: AbilityRef
    cost: m.Cost
    targets: tuple[str, ...]
    spend: dict[str, Any]
    sacrificed: tuple[str, ...]
    mana: dict[str, Any] | None


def plan_activation(ctx: Ctx, player: str, source: str, which: int | str | None, sacrifice: tuple[str, ...],
                    mana_choice: str | None, targets: tuple[str, ...]) -> ActivationPlan:
    """Every check of an activation, as a plan; IllegalAction (naming the rule) if it is not legal."""
    s = ctx.state
    require_priority(s, player)
    oid = resolve_permanent(s, source, ctx.cards)
    o = s.objects[oid]
    chars = characteristics(s, oid, ctx.cards)
    number, ref = select_ability(chars.activated(), which, oid)
    ab: m.ActivatedAbility = ref.ability
    if o.controller != player:
        raise IllegalAction(f"it is controlled by {o.controller}", "602.2")
    if ab.sorcery_speed:
        require_sorcery_timing(s, player, "602.5d")
    cost = ab.cost
    if cost.tap and o.tapped:
        raise IllegalAction("it is tapped", "107.5")
    if cost.untap and not o.tapped:
        raise IllegalAction("it is untapped", "107.6")
    if (cost.tap or cost.untap) and chars.is_creature and summoning_sick(s, o):
        raise IllegalAction(f"it is a creature that has not been under {player}'s control "
                            f"continuously since their most recent turn began (summoning sickness)", "302.6")
    if cost.life and s.players[player].life < cost.life:
        raise IllegalAction(f"{player} cannot pay {cost.life} life with a life total of "
                            f"{s.players[player].life}", "119.4")
    sacrificed: list[str] = []
    if cost.sacrifice:
        sacrificed = _choose_sacrifice(ctx, player, cost.sacrifice, sacrifice)
    elif sacrifice:
        raise IllegalAction(f"the cost of {ref.text!r} has no \"Sacrifice a ...\"", "602.2")
    chosen_targets = choose_targets(s, ctx.cards, ab.targets, player, targets, ref.text)
    spend = pay_mana(s.players[player].pool, cost.mana, 0, None, f"activate {source}", "602.2h") if cost.mana else {}
    base = None
    if ab.is_mana_ability:
        base = planned_mana(ctx, player, oid, ab, mana_choice)
    elif mana_choice:
        raise IllegalAction(f"{ref.text!r} does not add mana", "605.1a")
    return ActivationPlan(player, oid, o.card, number, ref, cost, chosen_targets, spend, tuple(sacrificed), base)


def activate(ctx: Ctx, player: str, source: str, which: int | str | None, sacrifice: tuple[str, ...],
             mana_choice: str | None, targets: tuple[str, ...]) -> list[Frame]:
    """602.2: announce the ability (a non-mana one goes on the stack first, 602.2a), then pay
    its costs; a mana ability then resolves at once (605.3a)."""
    plan = plan_activation(ctx, player, source, which, sacrifice, mana_choice, targets)
    ref, ab = plan.ref, plan.ref.ability
    s = ctx.state
    act = ctx.emit(ev.AbilityActivated(player=player, source=plan.source, source_card=plan.card,
                                       ability=ref.id, number=plan.number, text=ref.text,
                                       mana_ability=ab.is_mana_ability, granted_by=ref.granted_by,
                                       granted_by_card=s.objects[ref.granted_by].card if ref.granted_by else None,
                                       targets=plan.targets),
                   "605.3a" if ab.is_mana_ability else "602.2")
    if not ab.is_mana_ability:   # 602.2a: it goes on the stack first, then its costs are paid
        ctx.emit(ev.AbilityPutOnStack(stack_id=f"ability-{ctx.state.version + 1}", source=plan.source,
                                      source_card=plan.card, controller=player, text=ref.text, kind="activated",
                                      ability=ref.id, targets=plan.targets),
                 "602.2a", act)
    # 602.2h: pay the costs (in any order; recorded in a fixed one: COSTS' order).
    for part, pay in COSTS.items():
        if getattr(plan.cost, part):
            pay(ctx, plan, act)
    if ab.is_mana_ability:
        extra = tuple(i for i, e in enumerate(ab.effects) if not isinstance(e, m.AddMana))
        return [ProduceMana(player=player, source=plan.source, source_card=plan.card, text=ref.text,
                            mana=plan.mana or {}, tapped=plan.cost.tap, cause=act, ability=ref.id,
                            extra_effects=extra)]
    return []


def _pay_mana(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    if plan.spend:
        ctx.emit(ev.ManaSpent(player=plan.player, mana=plan.spend), "602.2h", act)


def _tap(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    ctx.emit(ev.PermanentTapped(object_id=plan.source), "107.5", act)


def _untap(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    ctx.emit(ev.PermanentUntapped(object_id=plan.source), "107.6", act)


def _pay_life(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    ctx.emit(ev.LifePaid(player=plan.player, amount=plan.cost.life), "119.4", act)


def _sacrifice_self(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    sacrifice_permanent(ctx, plan.source, act)


def _sacrifice_chosen(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    for victim in plan.sacrificed:
        sacrifice_permanent(ctx, victim, act)


# One payment per part of a cost (a field of `Cost`), in the order they are recorded.
COSTS: dict[str, Callable[[Ctx, ActivationPlan, int], None]] = {
    "mana": _pay_mana, "tap": _tap, "untap": _untap, "life": _pay_life,
    "sacrifice_self": _sacrifice_self, "sacrifice": _sacrifice_chosen,
}


def _choose_sacrifice(ctx: Ctx, player: str, what: m.Selector, refs: tuple[str, ...]) -> list[str]:
    s = ctx.state
    if len(refs) != 1:
        raise IllegalAction(f"choose one {what.noun} to sacrifice (key `sacrifice`)", "701.21a")
    mine = [oid for oid in s.battlefield if s.objects[oid].controller == player]
    oid = resolve_in_zone(s, str(refs[0]), mine)
    if oid is None or oid not in select(s, ctx.cards, what, you=player):
        raise IllegalAction(f"{refs[0]} is not a {what.noun} {player} controls", "701.21a")
    return [oid]


