"""Rolling dice (706; issue 22, pool-keywords; cards/model_dice.py): "Roll a d20." and its result
table (706.2), "roll a six-sided die and put (remove) a number of +1/+1 counters ... equal to the
result", "As this creature enters, roll ... This creature enters with a number of ... counters on
it equal to the result / the total of those results." (614.1c), Hammer Jammer's "remove all
+1/+1 counters ..., then put a number ... equal to the result" (the die its "Whenever you roll a
die" trigger saw, game/triggers.py), and Temp of the Damned's "remove a funk counter from this
creature. If you can't, sacrifice it.".

Each die is one `DieRolled` event: its result, from 1 to its number of sides (706.1), is drawn from
the game's seed and the event's place in the log (as a coin flip, rules/misca.py, 705.2), so a
replay rolls the same. Nothing here modifies a result (706.2: the natural result is the result)."""
from __future__ import annotations

import random

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.layers import AbilityRef
from simulator.game.state import GameObject, StackItem
from simulator.rules.actions import ENTERS_REPLACEMENTS, Entering
from simulator.rules.context import Ctx, Frame
from simulator.rules.counters import remove_counters, sacrifice_self
from simulator.rules.effects import do_effect, handles


def roll_dice(ctx: Ctx, player: str, sides: int, n: int, source: str, source_card: str,
              cause: int | None) -> list[int]:
    """706.1: `player` rolls `n` dice of `sides` sides, one `DieRolled` each (each one may make
    "Whenever you roll a die" trigger, 603.2); their results, in order."""
    results = []
    for _ in range(n):
        result = random.Random(f"{ctx.state.seed}:{ctx.state.version + 1}:die").randint(1, sides)
        ctx.emit(ev.DieRolled(player=player, sides=sides, result=result, source=source, source_card=source_card),
                 "706.1", cause)
        results.append(result)
    return results


@handles(m.RollDie)
def _roll_die(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.RollDie, that: str,
              cause: int | None) -> tuple[list[Frame], str]:
    """706.1: the ability's controller rolls; 706.2: the instruction of the table's row the result
    is in (608.2c); or that many counters put on the source (122.1; it left: none, 400.7), or
    removed from it (as many as it has, at most: 609.3)."""
    [result] = roll_dice(ctx, item.controller, eff.sides, 1, item.source, item.source_card, cause)
    for row in eff.table:
        if row.low <= result <= row.high:
            return do_effect(ctx, item, spec, row.effect, that, cause)
    if eff.counters is not None and ctx.state.on_battlefield(item.source):
        if eff.remove:
            remove_counters(ctx, item.source, eff.counters, result, cause)
        else:
            ctx.emit(ev.CountersPlaced(object_id=item.source, counter=eff.counters, amount=result), "122.1", cause)
    return [], that


@handles(m.CountersBecomeResult)
def _counters_become_result(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CountersBecomeResult,
                            that: str, cause: int | None) -> tuple[list[Frame], str]:
    """Hammer Jammer: all its counters of the kind removed, then as many put on it as the result of
    the die its trigger saw (`amount`, 706.1); the source gone: nothing (400.7)."""
    result = int(item.data.get("amount") or 0)
    if not ctx.state.on_battlefield(item.source):
        return [], that
    has = ctx.state.objects[item.source].counters.get(eff.counter, 0)
    if has:
        ctx.emit(ev.CountersRemoved(object_id=item.source, counters={eff.counter: has}), "122.1", cause)
    if result:
        ctx.emit(ev.CountersPlaced(object_id=item.source, counter=eff.counter, amount=result), "122.1", cause)
    return [], that


@handles(m.RemoveCounterOrSacrifice)
def _remove_or_sacrifice(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.RemoveCounterOrSacrifice,
                         that: str, cause: int | None) -> tuple[list[Frame], str]:
    """"Remove a funk counter from this creature. If you can't, sacrifice it." (122.1, 701.21a):
    read as it resolves; the source gone: neither (400.7)."""
    if not ctx.state.on_battlefield(item.source):
        return [], that
    if ctx.state.objects[item.source].counters.get(eff.counter, 0) > 0:
        remove_counters(ctx, item.source, eff.counter, 1, cause)
    else:
        sacrifice_self(ctx, item.source, cause)
    return [], that


def _enters_with_rolled(ctx: Ctx, ref: AbilityRef, o: GameObject, how: Entering, x: int,
                        controller: str, paid_life: bool, cause: int) -> None:
    """614.1c, 706.1: as the permanent would enter its controller rolls the dice ("X": the X of
    the spell it was, 107.3m; none rolled for 0), then it enters with their total in counters."""
    eff: m.EntersWithRolledCounters = ref.ability.effect
    n = x if eff.dice == "X" else int(eff.dice)
    results = roll_dice(ctx, controller, eff.sides, n, o.id, o.card, cause)
    total = sum(results)
    rseq = ctx.emit(ev.ReplacementApplied(source=o.id, source_card=o.card, effect=ref.text, applies_to="enter",
                                          before={"counters": {}}, after={"counters": {eff.counter: total},
                                                                          "rolled": results}),
                    "614.1c", cause)
    how.counters.append((eff.counter, total, rseq))


ENTERS_REPLACEMENTS[m.EntersWithRolledCounters] = _enters_with_rolled
