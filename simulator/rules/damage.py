"""Damage (120), life loss (119.3) and destruction (701.8): what "deals N damage to any target",
"target player loses N life" and "Destroy target land" do, and the state-based actions that
follow from marked damage (704.5g, 704.5h) and from a planeswalker's loyalty or a battle's
defense reaching 0 (704.5i, 704.5v).

A source's lifelink (702.15b) and deathtouch (702.2b) are read from its characteristics as the
damage is dealt: layered on the battlefield; a spell on the stack, or a source that has left
the battlefield, as its printed card.

A shield counter (122.1c): "If a permanent with a shield counter on it would be dealt damage or
destroyed, instead remove a shield counter from it." It is no ability (the permanent keeps it
whatever abilities it loses): any permanent with one has the replacement, however the counter got
there. The damage of one event is replaced whole and one counter removed, however much damage and
however many shield counters (no damage dealt: no lifelink, deathtouch or wither); with another
replacement or prevention effect on that damage, or a regeneration shield on that destruction, the
permanent's controller chooses the order (616.1: the `replacement` choice). An indestructible
permanent is not destroyed, so keeps its counter (702.12b); sacrifice, toughness 0 (704.5f) and
0 loyalty (704.5i) are no destruction."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

from simulator.base.registry import Registry
from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.layers import AbilityRef, Board, Characteristics, all_characteristics, card_characteristics
from simulator.rules import choices as ch
from simulator.rules.context import Ctx, Frame, Pause


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
                cause: int | None, order: tuple[int, ...] | None = None) -> None:
    """120.3: `source` deals `amount` damage to the player or permanent `to`. 120.8: a source
    dealing 0 damage deals no damage at all. A player loses that much life (120.3a); a creature
    has it marked (120.3e); a planeswalker loses that many loyalty counters (120.3c), a battle
    that many defense counters (120.3h). Lifelink: the source's controller also gains that much
    life (702.15b). The prevention effects that apply (`preventions`) apply first, in `order`
    (616.1: the option numbers, as the affected player or controller chose them; None: the one
    order there is, when fewer than two apply -- `damage_to_each` asks otherwise)."""
    if amount <= 0:
        return
    amount -= _prevented(ctx, source, source_card, to, amount, cause, order)
    if amount <= 0:
        return
    chars = _source_characteristics(ctx, source, source_card)
    counters_instead = chars.has_keyword("Wither")     # 120.3d (702.80a)
    if is_player(ctx, to):
        if ctx.state.players[to].lost:
            return
        ctx.emit(ev.DamageDealt(source=source, source_card=source_card, player=to, amount=amount), "120.3a", cause)
    else:
        if not ctx.state.on_battlefield(to):
            return
        target = all_characteristics(ctx.state, ctx.cards)[to]
        ctx.emit(ev.DamageDealtToPermanent(source=source, source_card=source_card, object_id=to, amount=amount,
                                           marked=target.is_creature and not counters_instead,
                                           deathtouch=target.is_creature and chars.has_keyword("Deathtouch")),
                 ("120.3d" if counters_instead else "120.3e") if target.is_creature else "120.3", cause)
        if target.is_creature and counters_instead:
            ctx.emit(ev.CountersPlaced(object_id=to, counter="-1/-1", amount=amount), "120.3d", cause)
        counters = ctx.state.objects[to].counters
        for kind, counter, rule in (("Planeswalker", "loyalty", "120.3c"), ("Battle", "defense", "120.3h")):
            if kind in target.types and counters.get(counter, 0):
                ctx.emit(ev.CountersRemoved(object_id=to, counters={counter: min(amount, counters[counter])}),
                         rule, cause)
                counters = ctx.state.objects[to].counters
    if chars.has_keyword("Lifelink"):
        ctx.emit(ev.LifeGained(player=source_controller(ctx, source, controller), amount=amount), "702.15b", cause)


class DamagePrevention(NamedTuple):
    """What the rules need of one kind of prevention effect of a permanent's own static ability
    on the damage that would be dealt to it (615.1a): whether it applies now, and applying it to
    the damage left (ctx, the permanent, its ability, the damage, the damage's source and card,
    cause) -> how much it prevented."""

    applies: Callable[[Ctx, str, Any], bool]
    prevent: Callable[[Ctx, str, Any, int, str, str, "int | None"], int]


# The prevention effects of permanents' own abilities, by effect type. This table IS the dispatch:
# which effects are found (`preventions`), what applying one does (`_prevented`) and which cards
# the load-time check accepts (rules/support.py).
DAMAGE_PREVENTIONS: Registry[DamagePrevention] = Registry("damage preventions")


SHIELD_COUNTER = "shield counter"     # the shield-counter replacement among `preventions` (122.1c)


def has_shield_counter(ctx: Ctx, oid: str) -> bool:
    """122.1c: a permanent on the battlefield with a shield counter on it."""
    return ctx.state.on_battlefield(oid) and ctx.state.objects[oid].counters.get("shield", 0) > 0


def _shield(ctx: Ctx, to: str) -> int:
    if is_player(ctx, to):
        return ctx.state.players[to].prevention
    return ctx.state.objects[to].prevention if ctx.state.on_battlefield(to) else 0


def preventions(ctx: Ctx, to: str) -> list[AbilityRef | str | None]:
    """The prevention and replacement effects that would apply to damage dealt to `to` now
    (616.1): its shield (615.7; None), then the prevention abilities of the permanent itself, in
    the order of its abilities, then its shield counters' replacement (122.1c; `SHIELD_COUNTER`)."""
    found: list[AbilityRef | str | None] = [None] if _shield(ctx, to) else []
    if not is_player(ctx, to) and ctx.state.on_battlefield(to):
        chars = all_characteristics(ctx.state, ctx.cards)[to]
        for kind, handler in DAMAGE_PREVENTIONS.items():
            found += [r for r in chars.replacements(kind) if handler.applies(ctx, to, r.ability.effect)]
        if has_shield_counter(ctx, to):
            found.append(SHIELD_COUNTER)
    return found


def _prevented(ctx: Ctx, source: str, source_card: str, to: str, amount: int, cause: int | None,
               order: tuple[int, ...] | None) -> int:
    """615.7: a prevention shield on the player or permanent `to` prevents that much of the
    damage (each 1 damage, up to what is left of it); a prevention ability of the permanent
    (`DAMAGE_PREVENTIONS`) what it says; a shield counter replaces all the damage left (122.1c: one
    counter removed). In `order` (616.1); each one applies only if it still does once those
    before it have (616.1e: no damage left, no counter left). Returns how much was prevented or
    replaced."""
    found = preventions(ctx, to)
    if order is not None:
        found = [found[i - 1] for i in order]
    left = amount
    for ref in found:
        if left <= 0:
            break
        if ref is None:
            prevented = min(_shield(ctx, to), left)
            if prevented:
                ctx.emit(ev.DamagePrevented(to=to, amount=prevented, source=source, source_card=source_card),
                         "615.7", cause)
            left -= prevented
        elif ref == SHIELD_COUNTER:
            if has_shield_counter(ctx, to):
                ctx.emit(ev.CountersRemoved(object_id=to, counters={"shield": 1},
                                            instead=f"{left} damage from {source_card} ({source})"), "122.1c", cause)
                left = 0
        elif isinstance(ref, AbilityRef) and ctx.state.on_battlefield(to):
            handler = DAMAGE_PREVENTIONS[type(ref.ability.effect)]
            if handler.applies(ctx, to, ref.ability.effect):
                left -= handler.prevent(ctx, to, ref, left, source, source_card, cause)
    return amount - left


def _applies_to_self(ctx: Ctx, oid: str, eff: m.PreventDamageToSelf) -> bool:
    """Oathsworn Knight's "while it has a +1/+1 counter on it": read as the damage would be dealt."""
    return not eff.while_counter or ctx.state.objects[oid].counters.get(eff.counter, 0) > 0


def _prevent_to_self(ctx: Ctx, oid: str, ref: AbilityRef, amount: int, source: str, source_card: str,
                     cause: int | None) -> int:
    """615.1a: "prevent that damage": all of it (Rock Hydra: 1 for each counter it has); 615.5:
    then the counters are removed -- one if it has one (a Phantom with none: the damage is still
    prevented), that many (Ugin's Conjurant: as many as it has)."""
    eff = ref.ability.effect
    assert isinstance(eff, m.PreventDamageToSelf)
    o = ctx.state.objects[oid]
    has = o.counters.get(eff.counter, 0)
    prevented = min(amount, has) if eff.remove == "each" else amount
    if prevented <= 0:
        return 0
    seq = ctx.emit(ev.DamagePreventedByAbility(to=oid, amount=prevented, source=source, source_card=source_card,
                                               by=oid, by_card=o.card, effect=ref.text), "615.1a", cause)
    removed = min(1, has) if eff.remove == "one" else min(prevented, has)
    if removed:
        ctx.emit(ev.CountersRemoved(object_id=oid, counters={eff.counter: removed}, prevention=ref.text), "615.5", seq)
    return prevented


DAMAGE_PREVENTIONS.add(m.PreventDamageToSelf, DamagePrevention(_applies_to_self, _prevent_to_self))


def _option(ctx: Ctx, to: str, ref: AbilityRef | str | None) -> str:
    if ref is None:
        return f"the prevention shield on {to} (615.7)"
    if isinstance(ref, str):
        return f"a shield counter on {to}: remove it instead (122.1c)"
    return f"{ref.text} ({to})"


def damage_to_each(ctx: Ctx, source: str, source_card: str, controller: str, to: list[str] | tuple[str, ...],
                   amount: int, cause: int | None) -> list[Frame]:
    """120.3: `amount` damage to each of `to` in turn; where two or more prevention effects would
    apply to one of them, its controller (the player, if it is one) chooses their order first
    (616.1): the frames that ask and go on, else none."""
    for i, who in enumerate(to):
        if amount > 0 and len(preventions(ctx, who)) >= 2:
            return [DamageEach(source, source_card, controller, tuple(to[i:]), amount, cause)]
        deal_damage(ctx, source, source_card, controller, who, amount, cause)
    return []


@dataclass(frozen=True)
class DamageEach(Frame):
    """Damage to each of `to`, the first of which has two or more prevention effects that would
    apply: its controller (or the player) orders them (616.1), then the damage is dealt to it and
    to the rest."""

    source: str
    source_card: str
    controller: str
    to: tuple[str, ...]
    amount: int
    cause: int | None

    def run(self, ctx: Ctx) -> list[Frame]:
        who = self.to[0]
        found = preventions(ctx, who)
        if len(found) < 2:
            deal_damage(ctx, self.source, self.source_card, self.controller, who, self.amount, self.cause)
            return damage_to_each(ctx, self.source, self.source_card, self.controller, self.to[1:], self.amount,
                                  self.cause)
        chooser = who if is_player(ctx, who) else ctx.state.objects[who].controller
        raise Pause(ch.Replacement.ask(chooser, [_option(ctx, who, r) for r in found],
                                       f"{self.amount} damage from {self.source_card} ({self.source}) to {who}"),
                    self, "616.1", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: the option numbers, first applied first (rules/choices.py `Replacement`)."""
        deal_damage(ctx, self.source, self.source_card, self.controller, self.to[0], self.amount, self.cause,
                    tuple(value))
        return damage_to_each(ctx, self.source, self.source_card, self.controller, self.to[1:], self.amount,
                              self.cause)


def lose_life(ctx: Ctx, player: str, amount: int, cause: int | None, rule: str = "119.3") -> None:
    """119.3: a player loses life (not damage: lifelink and prevention have no part in it)."""
    if amount > 0 and not ctx.state.players[player].lost:
        ctx.emit(ev.LifeLost(player=player, amount=amount), rule, cause)


def is_indestructible(ctx: Ctx, oid: str) -> bool:
    """702.12b: an indestructible permanent is not destroyed (by lethal damage, deathtouch or
    a "destroy" effect)."""
    return all_characteristics(ctx.state, ctx.cards)[oid].has_keyword("Indestructible")


def destruction_replacements(ctx: Ctx, oid: str) -> list[str]:
    """The replacement effects that would apply if the permanent `oid` were destroyed now:
    "regeneration" (701.19a: a regeneration shield) and "shield counter" (122.1c), in that order;
    none for an indestructible one (702.12b: it is not destroyed)."""
    if not ctx.state.on_battlefield(oid) or is_indestructible(ctx, oid):
        return []
    return ([REGENERATION] if ctx.state.objects[oid].regeneration else []) + (
        [SHIELD_COUNTER] if has_shield_counter(ctx, oid) else [])


REGENERATION = "regeneration"


def destroy(ctx: Ctx, oid: str, rule: str, cause: int | None, reason: str = "destroyed",
            first: str | None = None) -> bool:
    """701.8a: to destroy a permanent is to move it to its owner's graveyard; 702.12b: an
    indestructible one stays; 701.19a: a regenerated one stays (its shield used); 122.1c: one
    with a shield counter stays, a shield counter removed. With both a regeneration shield and a
    shield counter its controller chooses which applies (616.1; `first`, else asked here: a caller
    that does more after it asks first, `destroy_each`); once one has, the permanent is no longer
    being destroyed (616.1e). True when it was destroyed."""
    found = destruction_replacements(ctx, oid)
    if not ctx.state.on_battlefield(oid) or is_indestructible(ctx, oid):
        return False
    if len(found) >= 2 and first is None:
        raise Pause(_destroy_choice(ctx, oid), DestroyReplacement(oid, rule, cause, reason), "616.1", cause)
    if found:
        if (first or found[0]) == SHIELD_COUNTER:
            ctx.emit(ev.CountersRemoved(object_id=oid, counters={"shield": 1}, instead="being destroyed"),
                     "122.1c", cause)
            return False
        if regenerated_instead(ctx, oid, cause):
            return False
    ctx.move(oid, "graveyard", reason, rule, cause)
    return True


def _destroy_choice(ctx: Ctx, oid: str) -> ch.Replacement:
    options = [f"the regeneration shield on {oid}: regenerate it (701.19a)",
               f"a shield counter on {oid}: remove it instead (122.1c)"]
    return ch.Replacement.ask(ctx.state.objects[oid].controller, options,
                              f"{oid} ({ctx.state.objects[oid].card}) being destroyed")


def needs_destroy_choice(ctx: Ctx, oid: str) -> bool:
    """Whether destroying `oid` now asks its controller the order of two replacements (616.1)."""
    return len(destruction_replacements(ctx, oid)) >= 2


@dataclass(frozen=True)
class DestroyReplacement(Frame):
    """A permanent that would be destroyed has both a regeneration shield and a shield counter:
    its controller chooses which replacement applies (616.1); then `then`, if any (the
    state-based actions checked again, 704.3)."""

    object_id: str
    rule: str
    cause: int | None
    reason: str = "destroyed"
    then: Frame | None = None

    def run(self, ctx: Ctx) -> list[Frame]:
        if needs_destroy_choice(ctx, self.object_id):
            raise Pause(_destroy_choice(ctx, self.object_id), self, "616.1", self.cause)
        destroy(ctx, self.object_id, self.rule, self.cause, self.reason)
        return [self.then] if self.then is not None else []

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: the option numbers, first applied first (rules/choices.py `Replacement`)."""
        first = REGENERATION if tuple(value)[0] == 1 else SHIELD_COUNTER
        destroy(ctx, self.object_id, self.rule, self.cause, self.reason, first=first)
        return [self.then] if self.then is not None else []


def destroy_each(ctx: Ctx, oids: list[str] | tuple[str, ...], rule: str, cause: int | None) -> list[Frame]:
    """701.8a: each of `oids` destroyed in turn; where one has two replacements to order, its
    controller chooses first (616.1): the frames that ask and go on, else none."""
    for i, oid in enumerate(oids):
        if needs_destroy_choice(ctx, oid):
            return [DestroyReplacement(oid, rule, cause), DestroyEach(tuple(oids[i + 1:]), rule, cause)]
        destroy(ctx, oid, rule, cause)
    return []


@dataclass(frozen=True)
class DestroyEach(Frame):
    """The rest of the permanents a "destroy" instruction destroys, after a choice (616.1)."""

    object_ids: tuple[str, ...]
    rule: str
    cause: int | None

    def run(self, ctx: Ctx) -> list[Frame]:
        return destroy_each(ctx, self.object_ids, self.rule, self.cause)


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


def damage_deaths(ctx: Ctx, chars: Board) -> list[tuple[str, str]]:
    """The permanents the state-based actions put into a graveyard for damage and counters
    (704.3, checked at once): a creature with lethal damage (704.5g) or damage from a deathtouch
    source (704.5h), unless indestructible (702.12b); a planeswalker with 0 loyalty (704.5i); a
    battle with 0 defense (704.5v) — neither of those two is destruction."""
    out = []
    s = ctx.state
    for oid in chars.damaged:   # (in battlefield order: only these may be put there by 704.5g-i, v)
        c, o = chars[oid], s.objects[oid]
        if "Planeswalker" in c.types and o.counters.get("loyalty", 0) <= 0:
            out.append((oid, "704.5i"))
        elif "Battle" in c.types and o.counters.get("defense", 0) <= 0 and not _has_trigger_pending(ctx, oid):
            out.append((oid, "704.5v"))
        elif c.is_creature and c.toughness is not None and c.toughness > 0 and not c.has_keyword(
                "Indestructible") and (o.damage >= c.toughness or o.deathtouched):   # 704.5h: wither's damage is not marked
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
    s = ctx.state
    return tuple(oid for oid in all_characteristics(s, ctx.cards).damaged
                 if s.objects[oid].damage or s.objects[oid].deathtouched)


__all__ = ["DAMAGE_PREVENTIONS", "DESTRUCTION", "DamageEach", "DestroyEach", "DestroyReplacement", "SHIELD_COUNTER",
           "damage_deaths", "damage_to_each", "preventions", "damage_to_remove", "deal_damage", "destroy",
           "destroy_each", "destruction_replacements", "has_shield_counter", "is_indestructible", "is_player",
           "lose_life", "needs_destroy_choice", "regenerated_instead", "source_controller"]

# the state-based actions that destroy (704.5g, 704.5h): regeneration may replace them (701.19a);
# the others put a permanent into a graveyard without destroying it (704.5f, 704.5i, 704.5v, ...)
DESTRUCTION = ("704.5g", "704.5h")
