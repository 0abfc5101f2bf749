"""Riders of spent mana (106.6): "If that mana is spent on a creature spell, it gains haste
until end of turn." — an additional effect on the spell the mana pays for, applied as the cost
is paid (601.2h), one handler per rider kind in `SPEND_RIDERS`.

The other kind, "When you spend this mana to cast ...", is a triggered ability (603.2): the
trigger dispatcher (`game.triggers`, condition `WhenManaSpent`) sees it in the `ManaSpent`
event, which names the spell. Mana with a rider spent on an ability does nothing: only a
spell is "spent on" here (602.2h pays an ability's cost with it like any other mana).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from simulator.cards import model as m
from simulator.base.registry import Registry
from simulator.game import events as ev
from simulator.game.layers import mana_rider
from simulator.rules.context import Ctx

# (ctx, the rider, the unit of mana spent {type, amount, source, restriction}, the spell's id,
# its card, the ManaSpent seq) -> the rider's effect on that spell.
RiderHandler = Callable[[Ctx, Any, dict[str, Any], str, m.CardDefinition, int], None]
SPEND_RIDERS: Registry[RiderHandler] = Registry("spend riders")


def with_riders(units: Iterable[dict[str, Any]]) -> bool:
    """Whether some of these spent units carry a rider (106.6)."""
    return any((u.get("restriction") or {}).get("kind") == "rider" for u in units)


def spent_on_spell(ctx: Ctx, units: Iterable[dict[str, Any]], spell_id: str, cause: int) -> None:
    """The riders of the units that paid for the spell `spell_id` (601.2h, 106.6), each once per
    unit of mana in the order they were spent; a trigger kind is the trigger dispatcher's."""
    card = ctx.cards.get(ctx.state.objects[spell_id].card)
    for u in units:
        rider = mana_rider(ctx.cards, u.get("restriction"))
        if rider is None or isinstance(rider, m.SpentTrigger):
            continue
        SPEND_RIDERS[type(rider)](ctx, rider, u, spell_id, card, cause)


def _spell_admitted(ctx: Ctx, spell_id: str, card: m.CardDefinition, spell: m.SpendOnlyToCast) -> bool:
    o = ctx.state.objects[spell_id]
    cost = card.mana_cost or m.ManaCost()
    item = ctx.state.stack_item(spell_id)
    return spell.admits(card.types, card.subtypes, card.supertypes, cost.mana_value + o.x * cost.x,
                        item.kicked if item is not None else 0)


@SPEND_RIDERS.register(m.SpentSpellUncounterable)
def _uncounterable(ctx: Ctx, rider: m.SpentSpellUncounterable, unit: dict[str, Any], spell_id: str,
                   card: m.CardDefinition, cause: int) -> None:
    """"If that mana is spent on an instant or sorcery spell, that spell can't be countered."
    (Boseiju, Who Shelters All; 101.2): a spell the phrase names; any other, nothing."""
    if not _spell_admitted(ctx, spell_id, card, rider.spell):
        return
    source = unit.get("source") or ""
    source_card = ctx.state.objects[source].card if source in ctx.state.objects else ""
    ctx.emit(ev.SpellMadeUncounterable(spell_id=spell_id, source=source, source_card=source_card), "106.6", cause)


@SPEND_RIDERS.register(m.SpentSpellGains)
def _gains(ctx: Ctx, rider: m.SpentSpellGains, unit: dict[str, Any], spell_id: str, card: m.CardDefinition,
           cause: int) -> None:
    """"If that mana is spent on a creature spell, it gains haste [until end of turn]": the
    spell gains the keyword now, and keeps it as the permanent it becomes (400.7a); so 302.6
    does not stop that creature's {T} abilities. A spell the phrase does not name gains nothing."""
    if not _spell_admitted(ctx, spell_id, card, rider.spell):
        return
    source = unit.get("source") or ""
    source_card = ctx.state.objects[source].card if source in ctx.state.objects else ""
    ctx.emit(ev.ContinuousEffectCreated(object_id=spell_id, source=source, source_card=source_card,
                                        keywords=rider.keywords, until_end_of_turn=rider.until_end_of_turn),
             "106.6", cause)
