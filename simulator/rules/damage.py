"""Damage (120), life loss (119.3) and destruction (701.8): what "deals N damage to any target",
"target player loses N life" and "Destroy target land" do, and the state-based actions that
follow from marked damage (704.5g, 704.5h) and from a planeswalker's loyalty or a battle's
defense reaching 0 (704.5i, 704.5v).

A source's lifelink (702.15b) and deathtouch (702.2b) are read from its characteristics as the
damage is dealt: layered on the battlefield; a spell on the stack, or a source that has left
the battlefield, as its printed card."""
from __future__ import annotations

from simulator.game import events as ev
from simulator.game.layers import Characteristics, all_characteristics, card_characteristics
from simulator.rules.context import Ctx


def _source_characteristics(ctx: Ctx, source: str, source_card: str) -> Characteristics:
    chars = all_characteristics(ctx.state, ctx.cards)
    if source in chars:
        return chars[source]
    return card_characteristics(ctx.cards.get(source_card))


def source_controller(ctx: Ctx, source: str, fallback: str) -> str:
    """The controller of a damage source (702.15b: lifelink's life goes to them)."""
    o = ctx.state.objects.get(source)
    if o is not None and (ctx.state.on_battlefield(source) or ctx.state.stack_item(source) is not None):
        return o.controller
    return fallback


def is_player(ctx: Ctx, ref: str) -> bool:
    """Whether a target is a player (115.4), not an object."""
    return ref in ctx.state.players and ref not in ctx.state.objects


def deal_damage(ctx: Ctx, source: str, source_card: str, controller: str, to: str, amount: int,
                cause: int | None) -> None:
    """120.3: `source` deals `amount` damage to the player or permanent `to`. 120.8: a source
    dealing 0 damage deals no damage at all. A player loses that much life (120.3a); a creature
    has it marked (120.3e); a planeswalker loses that many loyalty counters (120.3c), a battle
    that many defense counters (120.3h). Lifelink: the source's controller also gains that much
    life (702.15b)."""
    if amount <= 0:
        return
    amount -= _prevented(ctx, source, source_card, to, amount, cause)
    if amount <= 0:
        return
    chars = _source_characteristics(ctx, source, source_card)
    if is_player(ctx, to):
        if ctx.state.players[to].lost:
            return
        ctx.emit(ev.DamageDealt(source=source, source_card=source_card, player=to, amount=amount), "120.3a", cause)
    else:
        if not ctx.state.on_battlefield(to):
            return
        target = all_characteristics(ctx.state, ctx.cards)[to]
        ctx.emit(ev.DamageDealtToPermanent(source=source, source_card=source_card, object_id=to, amount=amount,
                                           marked=target.is_creature,
                                           deathtouch=target.is_creature and chars.has_keyword("Deathtouch")),
                 "120.3e" if target.is_creature else "120.3", cause)
        counters = ctx.state.objects[to].counters
        for kind, counter, rule in (("Planeswalker", "loyalty", "120.3c"), ("Battle", "defense", "120.3h")):
            if kind in target.types and counters.get(counter, 0):
                ctx.emit(ev.CountersRemoved(object_id=to, counters={counter: min(amount, counters[counter])}),
                         rule, cause)
                counters = ctx.state.objects[to].counters
    if chars.has_keyword("Lifelink"):
        ctx.emit(ev.LifeGained(player=source_controller(ctx, source, controller), amount=amount), "702.15b", cause)


def _prevented(ctx: Ctx, source: str, source_card: str, to: str, amount: int, cause: int | None) -> int:
    """615.7: a prevention shield on the player or permanent `to` prevents that much of the
    damage (each 1 damage, up to what is left of it); returns how much was prevented."""
    if is_player(ctx, to):
        shield = ctx.state.players[to].prevention
    elif ctx.state.on_battlefield(to):
        shield = ctx.state.objects[to].prevention
    else:
        return 0
    prevented = min(shield, amount)
    if prevented:
        ctx.emit(ev.DamagePrevented(to=to, amount=prevented, source=source, source_card=source_card), "615.7", cause)
    return prevented


def lose_life(ctx: Ctx, player: str, amount: int, cause: int | None) -> None:
    """119.3: a player loses life (not damage: lifelink and prevention have no part in it)."""
    if amount > 0 and not ctx.state.players[player].lost:
        ctx.emit(ev.LifeLost(player=player, amount=amount), "119.3", cause)


def is_indestructible(ctx: Ctx, oid: str) -> bool:
    """702.12b: an indestructible permanent is not destroyed (by lethal damage, deathtouch or
    a "destroy" effect)."""
    return all_characteristics(ctx.state, ctx.cards)[oid].has_keyword("Indestructible")


def destroy(ctx: Ctx, oid: str, rule: str, cause: int | None, reason: str = "destroyed") -> bool:
    """701.8a: to destroy a permanent is to move it to its owner's graveyard; 702.12b: an
    indestructible one stays; 701.19a: a regenerated one stays (its shield used). True when it
    was destroyed."""
    if not ctx.state.on_battlefield(oid) or is_indestructible(ctx, oid) or regenerated_instead(ctx, oid, cause):
        return False
    ctx.move(oid, "graveyard", reason, rule, cause)
    return True


def regenerated_instead(ctx: Ctx, oid: str, cause: int | None) -> bool:
    """701.19a / 614.8: a permanent with a regeneration shield that would be destroyed is not:
    the shield is used up, all damage is removed from it and its controller taps it (if it is
    untapped; no combat here to remove it from). True when a shield applied."""
    o = ctx.state.objects[oid]
    if not o.regeneration:
        return False
    ctx.emit(ev.Regenerated(object_id=oid), "701.19a", cause)
    if not ctx.state.objects[oid].tapped:
        ctx.emit(ev.PermanentTapped(object_id=oid), "701.19a", cause)
    return True


def damage_deaths(ctx: Ctx, chars: dict[str, Characteristics]) -> list[tuple[str, str]]:
    """The permanents the state-based actions put into a graveyard for damage and counters
    (704.3, checked at once): a creature with lethal damage (704.5g) or damage from a deathtouch
    source (704.5h), unless indestructible (702.12b); a planeswalker with 0 loyalty (704.5i); a
    battle with 0 defense (704.5v) — neither of those two is destruction."""
    out = []
    s = ctx.state
    for oid in s.battlefield:
        c, o = chars[oid], s.objects[oid]
        if "Planeswalker" in c.types and o.counters.get("loyalty", 0) <= 0:
            out.append((oid, "704.5i"))
        elif "Battle" in c.types and o.counters.get("defense", 0) <= 0 and not _has_trigger_pending(ctx, oid):
            out.append((oid, "704.5v"))
        elif c.is_creature and c.toughness is not None and c.toughness > 0 and not c.has_keyword(
                "Indestructible") and (o.damage >= c.toughness or (o.deathtouched and o.damage > 0)):
            out.append((oid, "704.5g" if o.damage >= c.toughness else "704.5h"))
    return out


def _has_trigger_pending(ctx: Ctx, oid: str) -> bool:
    """704.5v: a battle that is the source of a triggered ability that has triggered but not yet
    left the stack stays."""
    s = ctx.state
    return any(w.source == oid for w in s.waiting) or any(
        i.source == oid and i.ability_kind == "triggered" for i in s.stack)


def damage_to_remove(ctx: Ctx) -> tuple[str, ...]:
    """514.2: the permanents with damage marked, whose damage the cleanup step removes."""
    return tuple(oid for oid in ctx.state.battlefield if ctx.state.objects[oid].damage or
                 ctx.state.objects[oid].deathtouched)


__all__ = ["DESTRUCTION", "damage_deaths", "damage_to_remove", "deal_damage", "destroy", "is_indestructible",
           "is_player", "lose_life", "regenerated_instead", "source_controller"]

# the state-based actions that destroy (704.5g, 704.5h): regeneration may replace them (701.19a);
# the others put a permanent into a graveyard without destroying it (704.5f, 704.5i, 704.5v, ...)
DESTRUCTION = ("704.5g", "704.5h")
