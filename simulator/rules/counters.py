"""Counter effects (122) and the instructions they come with, as a resolving ability does them
(608.2c) and as a mana ability does them while it resolves at once (605.3b): "remove a depletion
counter from this land", "Remove a -1/-1 counter from target creature", "Put a brick counter on
this artifact." after the mana it adds, "sacrifice it" (701.21a) and "If there are no depletion
counters on this land, sacrifice it." (an instruction done only if its condition holds as the
ability gets to it); counters put on the permanent a trigger event named ("put a +1/+1
counter on it"), "that many" counters after damage, a source's counters of a kind moved onto a
target as it leaves (603.10a), "you may remove a counter. If you do, ..." (609.3), "remove those
counters and untap it". The kinds are `simulator.cards.model_counters`; the handlers are registered
in `effects.EFFECTS` and `mana_abilities.MANA_ABILITY_EXTRAS` (imported by `resolution` and
`support`, so every game has them)."""
from __future__ import annotations

from typing import Any

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.conditions import holds
from simulator.game.state import StackItem
from simulator.game.quantities import quantity
from simulator.game.selectors import select
from simulator.game.triggers import spell_colors
from simulator.base.symbols import COLORS
from simulator.rules.actions import draw_cards, sacrifice_permanent
from simulator.rules.context import Ctx, Frame
from simulator.rules.effects import EFFECTS, do_effect, handles, legal_targets
from simulator.rules.mana_abilities import MANA_ABILITY_EXTRAS, ProduceMana
from simulator.rules.queries import still_legal


def remove_counters(ctx: Ctx, oid: str, counter: str, amount: int, cause: int | None) -> None:
    """Remove up to `amount` counters of the kind `counter` from a permanent (122.1); with none
    there, nothing happens (609.3: what cannot be done is not)."""
    if not ctx.state.on_battlefield(oid):
        return
    n = min(amount, ctx.state.objects[oid].counters.get(counter, 0))
    if n:
        ctx.emit(ev.CountersRemoved(object_id=oid, counters={counter: n}), "122.1", cause)


def sacrifice_self(ctx: Ctx, source: str, cause: int | None) -> None:
    """"sacrifice it": the source, if it is still that permanent (400.7: a new object otherwise)."""
    if ctx.state.on_battlefield(source):
        sacrifice_permanent(ctx, source, cause)


@handles(m.RemoveCounters)
def _remove(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.RemoveCounters, that: str,
            cause: int | None) -> tuple[list[Frame], str]:
    if eff.on == "target":
        for t in _legal(ctx, item, spec):
            remove_counters(ctx, t, eff.counter, eff.amount, cause)
    else:
        remove_counters(ctx, item.source, eff.counter, eff.amount, cause)
    return [], that


@handles(m.SacrificeSelf)
def _sacrifice(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.SacrificeSelf, that: str,
               cause: int | None) -> tuple[list[Frame], str]:
    sacrifice_self(ctx, item.source, cause)
    return [], that


@handles(m.IfThen)
def _if_then(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.IfThen, that: str,
             cause: int | None) -> tuple[list[Frame], str]:
    """608.2c: the condition is read as the ability gets to this instruction."""
    if isinstance(eff.condition, m.TriggerSpellAllColors):       # "If that spell was all colors" (105.2)
        if len(trigger_spell_colors(ctx, item)) < len(COLORS):
            return [], that
    elif not holds(ctx.state, ctx.cards, eff.condition, you=item.controller, source=item.source):
        return [], that
    return do_effect(ctx, item, spec, eff.effect, that, cause)


def source_counters(ctx: Ctx, item: StackItem) -> dict[str, int]:
    """The counters on the source: as it last existed on the battlefield for a leaves-the-
    battlefield trigger (603.10a: kept by the trigger), else as it is now (its record keeps them
    once it left, 608.2h)."""
    if "counters" in item.data:
        return {str(k): int(v) for k, v in dict(item.data["counters"]).items()}
    return dict(ctx.state.objects[item.source].counters)


def trigger_spell_colors(ctx: Ctx, item: StackItem) -> tuple[str, ...]:
    """The colors of the spell whose casting made `item` trigger (105.2; devoid, 702.114a; `data`
    names it), as it is, or as it last existed once it left the stack."""
    spell = str(item.data.get("spell") or "")
    return spell_colors(ctx.state, ctx.cards, spell) if spell in ctx.state.objects else ()


def _counted(ctx: Ctx, item: StackItem, per: Any) -> int:
    """What "X" / "for each" counts as the ability resolves (608.2h)."""
    if isinstance(per, m.TriggerSpellColors):     # "the number of colors that spell is"
        return len(trigger_spell_colors(ctx, item))
    if isinstance(per, m.CountersOnSource):
        kept = source_counters(ctx, item)
        return sum(kept.values()) if not per.counter else kept.get(per.counter, 0)   # "": every kind
    if isinstance(per, m.CostX):          # 107.3m: the X of the spell an enters trigger's permanent was, or
        return item.x + per.plus          # the X announced as the ability was activated (602.2b)
    if isinstance(per, m.SourceStat) and not ctx.state.on_battlefield(item.source):
        return 0      # only ever "its power" of counters put on the source itself, which is gone
    return quantity(ctx.state, ctx.cards, per, source=item.source, you=item.controller)


@handles(m.PutCountersCounted)
def _put_counted(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PutCountersCounted, that: str,
                 cause: int | None) -> tuple[list[Frame], str]:
    n = _counted(ctx, item, eff.per)
    on = _legal(ctx, item, spec) if eff.on == "target" else [item.source]
    for oid in on:
        if n and ctx.state.on_battlefield(oid):
            ctx.emit(ev.CountersPlaced(object_id=oid, counter=eff.counter, amount=n), "122.1", cause)
    return [], that


@handles(m.PutItsCounters)
def _put_its_counters(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PutItsCounters, that: str,
                      cause: int | None) -> tuple[list[Frame], str]:
    """Each kind of counter, as many as the source had (603.10a), in the order of their names."""
    counters = source_counters(ctx, item)
    for oid in _legal(ctx, item, spec):
        for kind, n in sorted(counters.items()):
            if n:
                ctx.emit(ev.CountersPlaced(object_id=oid, counter=kind, amount=n), "122.1", cause)
    return [], that


@handles(m.DrawCounted)
def _draw_counted(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DrawCounted, that: str,
                  cause: int | None) -> tuple[list[Frame], str]:
    who = ctx.state.active if eff.who == "active_player" else item.controller
    draw_cards(ctx, who, _counted(ctx, item, eff.per), "121.1", cause)
    return [], that


@handles(m.PutCountersOnEach)
def _put_on_each(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PutCountersOnEach, that: str,
                 cause: int | None) -> tuple[list[Frame], str]:
    """On each permanent the phrase describes as the ability resolves (608.2h), in battlefield order."""
    for oid in select(ctx.state, ctx.cards, eff.affected, you=item.controller, source=item.source):
        ctx.emit(ev.CountersPlaced(object_id=oid, counter=eff.counter, amount=eff.amount), "122.1", cause)
    return [], that


@handles(m.DoubleCounters)
def _double(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DoubleCounters, that: str,
            cause: int | None) -> tuple[list[Frame], str]:
    """701.10e: each gets as many more counters of the kind as it has now; none, nothing happens."""
    if eff.affected is None:
        on = [item.source] if ctx.state.on_battlefield(item.source) else []
    else:
        on = select(ctx.state, ctx.cards, eff.affected, you=item.controller, source=item.source)
    for oid in on:
        n = ctx.state.objects[oid].counters.get(eff.counter, 0)
        if n > 0:
            ctx.emit(ev.CountersPlaced(object_id=oid, counter=eff.counter, amount=n), "701.10e", cause)
    return [], that


def _legal(ctx: Ctx, item: StackItem, spec: m.Targets | None) -> list[str]:
    """The targets still legal as the ability resolves (608.2b)."""
    return [t for t in item.targets if spec is not None and still_legal(ctx.state, ctx.cards, spec, item.controller, t, item.source)]


# ---- the same instructions in a mana ability (605.3b: done as it resolves, no stack)

def _put_on_source(ctx: Ctx, p: ProduceMana, eff: m.PutCounters) -> None:
    """Pyramid of the Pantheon: "Add one mana of any color. Put a brick counter on this artifact." """
    if ctx.state.on_battlefield(p.source):
        ctx.emit(ev.CountersPlaced(object_id=p.source, counter=eff.counter, amount=eff.amount), "122.1", p.cause)


def _remove_from_source(ctx: Ctx, p: ProduceMana, eff: m.RemoveCounters) -> None:
    remove_counters(ctx, p.source, eff.counter, eff.amount, p.cause)


def _if_then_mana(ctx: Ctx, p: ProduceMana, eff: m.IfThen) -> None:
    """Hickory Woodlot: "... Add {G}{G}. If there are no depletion counters on this land,
    sacrifice it." (the counter was removed to pay the cost, 602.2h; read now, 608.2c)."""
    if holds(ctx.state, ctx.cards, eff.condition, you=p.player, source=p.source):
        MANA_ABILITY_EXTRAS[type(eff.effect)](ctx, p, eff.effect)


MANA_ABILITY_EXTRAS.add(m.PutCounters, _put_on_source)
MANA_ABILITY_EXTRAS.add(m.RemoveCounters, _remove_from_source)
MANA_ABILITY_EXTRAS.add(m.SacrificeSelf, lambda ctx, p, eff: sacrifice_self(ctx, p.source, p.cause))
MANA_ABILITY_EXTRAS.add(m.IfThen, _if_then_mana)


def nested_problems(eff: Any, table: Any, where: str) -> list[str]:
    """What the rules cannot do of an "if ..., ..." instruction: its condition needs a reader,
    its instruction a handler in `table` (the effects' or a mana ability's)."""
    from simulator.game.conditions import CONDITION_READERS
    if isinstance(eff, m.MayDo):     # "you may <instruction>" (608.2d)
        inner = [] if type(eff.effect) in table else [
            f"{where}: no handler for the effect {type(eff.effect).__name__} ({eff.effect!r})"]
        return inner + nested_problems(eff.effect, table, where)
    if not isinstance(eff, m.IfThen):
        return []
    out = []
    if type(eff.condition) not in CONDITION_READERS:
        out.append(f"{where}: nothing reads the condition {type(eff.condition).__name__}")
    if type(eff.effect) not in table:
        out.append(f"{where}: no handler for the effect {type(eff.effect).__name__} ({eff.effect!r})")
    return out + nested_problems(eff.effect, table, where)


__all__ = ["EFFECTS", "nested_problems", "remove_counters", "sacrifice_self"]


@handles(m.PutCountersOnIt)
def _put_counters_on_it(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PutCountersOnIt, that: str,
                        cause: int | None) -> tuple[list[Frame], str]:
    """"put a +1/+1 counter on it": on the permanent the trigger event named (603.2), kept on
    the stack object; gone from the battlefield, it is a new object and gets none (400.7)."""
    oid = str(item.data.get(eff.who) or "")
    if oid and ctx.state.on_battlefield(oid):
        ctx.emit(ev.CountersPlaced(object_id=oid, counter=eff.counter, amount=eff.amount), "122.1", cause)
    return [], that


@handles(m.PutItsCountersOfKind)
def _put_its_counters_of_kind(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PutItsCountersOfKind,
                              that: str, cause: int | None) -> tuple[list[Frame], str]:
    """"put its +1/+1 counters on target creature you control": as many as the source had as it
    last existed (603.10a, kept by the trigger), on each legal target (608.2b)."""
    n = source_counters(ctx, item).get(eff.counter, 0)
    if n > 0:
        for oid in legal_targets(ctx, item, spec):
            ctx.emit(ev.CountersPlaced(object_id=oid, counter=eff.counter, amount=n), "122.1", cause)
    return [], that


@handles(m.RemoveCountersIfYouDo)
def _remove_if_you_do(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.RemoveCountersIfYouDo,
                      that: str, cause: int | None) -> tuple[list[Frame], str]:
    """"remove a +1/+1 counter from it. If you do, draw a card.": the counters removed from the
    source (122.1); only if it had that many (still on the battlefield, 400.7) is `then` done."""
    source = item.source
    if not ctx.state.on_battlefield(source) or ctx.state.objects[source].counters.get(eff.counter, 0) < eff.amount:
        return [], that
    ctx.emit(ev.CountersRemoved(object_id=source, counters={eff.counter: eff.amount}), "122.1", cause)
    return do_effect(ctx, item, spec, eff.then, that, cause)


@handles(m.PutCountersThatMany)
def _put_that_many(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PutCountersThatMany, that: str,
                   cause: int | None) -> tuple[list[Frame], str]:
    """122.1: as many counters as the trigger's damage on the source, if it is still the permanent
    that was dealt the damage (400.7)."""
    n = int(item.data.get("amount") or 0)
    if n > 0 and ctx.state.on_battlefield(item.source):
        ctx.emit(ev.CountersPlaced(object_id=item.source, counter=eff.counter, amount=n), "122.1", cause)
    return [], that


@handles(m.RemoveAllCountersAndUntap)
def _remove_all_and_untap(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.RemoveAllCountersAndUntap,
                          that: str, cause: int | None) -> tuple[list[Frame], str]:
    """Prize Pig: every counter of the kind removed (122.1), then it untaps (701.26b)."""
    if not ctx.state.on_battlefield(item.source):
        return [], that
    n = ctx.state.objects[item.source].counters.get(eff.counter, 0)
    if n:
        ctx.emit(ev.CountersRemoved(object_id=item.source, counters={eff.counter: n}), "122.1", cause)
    if ctx.state.objects[item.source].tapped:
        ctx.emit(ev.PermanentUntapped(object_id=item.source), "701.26b", cause)
    return [], that
