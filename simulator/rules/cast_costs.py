"""Additional and alternative costs of casting a spell (cards/model_castcosts.py): what the `cast`
action names for them is checked as the spell is announced (601.2b: the choice of an alternative
cost, 118.9, and of what pays an additional one, 118.8), the total cost starts from the
alternative cost instead of the mana cost (601.2f; the mana value stays the mana cost's, 118.9c,
202.3), and the permanents are sacrificed or returned as the costs are paid (601.2h), after the
mana abilities activated while paying (601.2g)."""
from __future__ import annotations

from dataclasses import dataclass

from simulator.base.errors import IllegalAction
from simulator.cards import model as m
from simulator.game.selectors import select
from simulator.rules.actions import sacrifice_permanent
from simulator.rules.context import Ctx
from simulator.rules.queries import resolve_in_zone


@dataclass(frozen=True)
class CastCosts:
    """What the caster chose to pay a spell's additional and alternative costs with (ids)."""

    sacrificed: tuple[str, ...] = ()
    alternative: bool = False
    returned: tuple[str, ...] = ()


def additional_sacrifices(card: m.CardDefinition) -> list[m.AdditionalSacrifice]:
    return [a.effect for a in card.abilities
            if isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.AdditionalSacrifice)]


def alternative_cost(card: m.CardDefinition) -> m.AlternativeReturnCost | None:
    return next((a.effect for a in card.abilities
                 if isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.AlternativeReturnCost)), None)


def base_cost(card: m.CardDefinition, alternative: bool) -> m.ManaCost:
    """601.2f: the cost the total cost starts from: the alternative cost's mana (118.9) or the
    mana cost."""
    alt = alternative_cost(card)
    if alternative and alt is not None:
        return alt.mana
    return card.mana_cost or m.ManaCost()


def _mine(ctx: Ctx, player: str, what: m.Selector, source: str) -> list[str]:
    return select(ctx.state, ctx.cards, what, you=player, source=source)


def chosen_costs(ctx: Ctx, player: str, card: m.CardDefinition, oid: str, sacrifice: tuple[str, ...],
                 alternative: bool, returned: tuple[str, ...]) -> CastCosts:
    """601.2b: the permanents named for the costs, checked: exactly as many as each cost asks,
    each one the cost describes and controlled by the caster, none named twice."""
    s = ctx.state
    alt = alternative_cost(card)
    if alternative and alt is None:
        raise IllegalAction(f"{card.name} has no alternative cost (omit `alternative`)", "118.9")
    if returned and not alternative:
        raise IllegalAction(f"`return` names what pays {card.name}'s alternative cost: give `alternative = true` "
                            f"too", "118.9")
    back: list[str] = []
    if alternative and alt is not None:
        options = _mine(ctx, player, alt.returned, oid)
        if len(returned) != 1:
            raise IllegalAction(f"{card.name}'s alternative cost returns a {alt.returned.noun} "
                                f"{player} controls: name it (key `return`)", "601.2b")
        ref = resolve_in_zone(s, returned[0], options)
        if ref is None:
            raise IllegalAction(f"{returned[0]} is not a {alt.returned.noun} {player} controls", "601.2b")
        back.append(ref)
    costs = additional_sacrifices(card)
    need = sum(c.count for c in costs)
    if not costs and sacrifice:
        raise IllegalAction(f"{card.name} has no additional cost to sacrifice a permanent (omit `sacrifice`)",
                            "601.2b")
    if len(sacrifice) != need:
        words = " and ".join((f"{c.count} {c.what.noun}s" if c.count > 1 else f"a {c.what.noun}") for c in costs)
        raise IllegalAction(f"casting {card.name} costs sacrificing {words}: name {need} (key `sacrifice`)",
                            "601.2b")
    victims: list[str] = []
    pending = [c.what for c in costs for _ in range(c.count)]
    for r in sacrifice:
        ids = [oid_ for oid_ in s.battlefield if s.objects[oid_].controller == player]
        victim = resolve_in_zone(s, r, ids)
        fit = next((i for i, what in enumerate(pending) if victim is not None
                    and victim in _mine(ctx, player, what, oid)), None)
        if victim is None or fit is None:
            words = " or ".join(dict.fromkeys(w.noun for w in pending)) or "permanent"
            raise IllegalAction(f"{r} is not a {words} {player} controls", "601.2b")
        if victim in victims or victim in back:
            raise IllegalAction(f"{r} is named twice for the costs of {card.name}", "601.2b")
        pending.pop(fit)
        victims.append(victim)
    return CastCosts(tuple(victims), alternative, tuple(back))


def pay_other_costs(ctx: Ctx, card: m.CardDefinition, costs: CastCosts, cause: int) -> None:
    """601.2h: the costs that are not mana: each permanent named is sacrificed (701.21a) or
    returned to its owner's hand; one that left the battlefield while paying (a mana ability
    activated then, 601.2g) cannot pay: the casting is illegal."""
    s = ctx.state
    for oid in costs.sacrificed + costs.returned:
        if not s.on_battlefield(oid):
            raise IllegalAction(f"{oid}, named for the costs of {card.name}, left the battlefield while paying",
                                "601.2h")
    for oid in costs.sacrificed:
        sacrifice_permanent(ctx, oid, cause)
    for oid in costs.returned:
        ctx.move(oid, "hand", "returned", "601.2h", cause)
