"""Delayed triggered abilities (603.7): an effect that creates one ("Draw a card at the beginning
of the next turn's upkeep.", "At the beginning of your next main phase, add ..."), from a
resolving spell or ability or from a mana ability (605.4a).
Each handler is registered in `rules/effects` (or the registry it names) when this module is
imported (by `rules/resolution`, so every game has them)."""
from __future__ import annotations

from simulator.base.abilityid import AbilityId, DELAYED
from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.effects import handles
from simulator.rules.library import effect_index
from simulator.rules.mana_abilities import MANA_ABILITY_EXTRAS, ProduceMana
from simulator.rules.queries import stack_ability_id


def _create_delayed(ctx: Ctx, ability: AbilityId, controller: str, source: str, source_card: str,
                    eff: m.CreateDelayedTrigger, cause: int | None, amount: int = 0) -> None:
    """603.7a: the delayed trigger, controlled by the creating spell's or ability's controller (603.7d)."""
    ctx.emit(ev.DelayedTriggerCreated(delayed_id=f"delayed-{ctx.state.version + 1}", ability=ability,
                                      controller=controller, source=source, source_card=source_card,
                                      text=eff.ability.text, amount=amount), "603.7a", cause)


def _target_mana_value(ctx: Ctx, item: StackItem) -> int:
    """202.3e: the mana value of the spell `item` targets, as it last existed on the stack (its X
    included; countered since, its record is kept, 400.7)."""
    if not item.targets:
        return 0
    spell = ctx.state.objects.get(item.targets[0])
    if spell is None:
        return 0
    cost = ctx.cards.get(spell.card).mana_cost or m.ManaCost()
    return cost.mana_value + spell.x * cost.x


@handles(m.CreateDelayedTrigger)
def _delayed(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CreateDelayedTrigger, that: str,
             cause: int | None) -> tuple[list[Frame], str]:
    """"Draw a card at the beginning of the next turn's upkeep." of an instant (Jinx: its effect's
    number) or an ability (its line)."""
    if item.kind == "spell":
        index = effect_index(ctx.cards.get(item.source_card).spell_effects, eff)
        ability = AbilityId(DELAYED, item.source_card, index)
    else:
        ability = stack_ability_id(item).delayed()
    amount = _target_mana_value(ctx, item) if eff.remember == "target_mana_value" else 0
    _create_delayed(ctx, ability, item.controller, item.source, item.source_card, eff, cause, amount)
    return [], that


def _delayed_in_mana_ability(ctx: Ctx, p: ProduceMana, eff: m.CreateDelayedTrigger) -> None:
    """Barbed Sextant: "{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a card at
    the beginning of the next turn's upkeep.": the delayed trigger is created as the mana ability
    resolves (605.3b, 603.7a)."""
    _create_delayed(ctx, p.ability.delayed(), p.player, p.source, p.source_card, eff, p.cause)


MANA_ABILITY_EXTRAS.add(m.CreateDelayedTrigger, _delayed_in_mana_ability)
