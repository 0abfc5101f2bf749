"""Resolving the top of the stack (608): targets checked again (608.2b), the effects in
order (608.2c), permanent spells entering (608.3), sorceries to the graveyard last (608.2n)."""
from __future__ import annotations

from typing import Any

from dataclasses import dataclass, field

from simulator.game import events as ev
from simulator.cards import model as m
from simulator.game.state import ADDED_LATER, StackItem
from simulator.game.triggers import intervening_holds
from simulator.rules.actions import EnterBattlefield
from simulator.rules.context import Ctx, Frame
from simulator.rules.effects import do_effect
from simulator.rules import counters as _counters  # noqa: F401  (registers the counter effects' handlers)
from simulator.rules import equipment as _equipment  # noqa: F401  (registers the equip effect's handler)
from simulator.rules import amounts as _amounts  # noqa: F401  (registers the counted life effects' handlers)
from simulator.rules import graveyard as _graveyard  # noqa: F401  (registers the graveyard effects' handlers)
from simulator.rules import optional as _optional  # noqa: F401  (registers "you may ...", 608.2d)
from simulator.rules import seek as _seek  # noqa: F401  (registers seek, digital-only)
from simulator.rules import turn_effects as _turn_effects  # noqa: F401  (registers the effects on casting this turn)
from simulator.rules import counter_moves as _counter_moves  # noqa: F401  (registers moving counters, 122.5)
from simulator.rules import (  # noqa: F401  (register the handlers of their effects)
    coin_flips as _coin_flips, continuous_effects as _continuous_effects, countering as _countering,
    damage_effects as _damage_effects, delayed_triggers as _delayed_triggers, library_effects as _library_effects,
    life as _life, mana_effects as _mana_effects, sacrifice as _sacrifice, token_effects as _token_effects,
    untap as _untap)
from simulator.rules import fight as _fight  # noqa: F401  (registers fight, 701.14)
from simulator.rules import exile as _exile  # noqa: F401  (registers exiling a permanent, 406.2)
from simulator.rules.queries import PERMANENT_TYPES, spell_effects, stack_ability, still_legal


def _effects_and_targets(ctx: Ctx, item: StackItem) -> tuple[tuple[m.Effect, ...], m.Targets | None]:
    if item.kind == "spell":
        return spell_effects(ctx.cards, item)       # a modal spell's chosen modes (700.2a)
    ability = stack_ability(ctx.cards, item)
    return ability.effects, ability.targets


@dataclass(frozen=True)
class ResolveTop(Frame):
    """Resolve the top object of the stack (608.2)."""

    cause: int | None = None

    def run(self, ctx: Ctx) -> list[Frame]:
        item = ctx.state.top_of_stack()
        if item is None:
            return []
        effects, spec = _effects_and_targets(ctx, item)
        if spec is not None and item.targets and not any(
                still_legal(ctx.state, ctx.cards, spec, item.controller, t, item.source) for t in item.targets):
            return _countered(ctx, item)              # 608.2b
        if item.kind == "spell":
            card = ctx.cards.get(item.source_card)
            if any(t in card.types for t in PERMANENT_TYPES):
                ctx.emit(ev.SpellResolved(spell_id=item.id), "608.3", item.cause)
                attached = item.targets[0] if "Aura" in card.subtypes and item.targets else None
                # 608.3 / 614.12: it enters, after any "as it enters" choice
                return [EnterBattlefield(item.id, item.controller, item.cause, "608.3", "resolved",
                                         item.x, attached)]
            return [Effects(item.id, 0, "", item.cause), FinishSpell(item.id)]
        ability = stack_ability(ctx.cards, item)
        if isinstance(ability, m.TriggeredAbility) and not intervening_holds(
                ctx.state, ctx.cards, ability, item.controller, item.source, item.data):
            ctx.emit(ev.AbilityResolved(stack_id=item.id, condition_false=True), "603.4", item.cause)
            return []
        return [Effects(item.id, 0, "", item.cause), FinishAbility(item.id)]


def _countered(ctx: Ctx, item: StackItem) -> list[Frame]:
    if item.kind == "spell":
        ctx.emit(ev.SpellResolved(spell_id=item.id, countered=True), "608.2b", item.cause)
        ctx.move(item.id, "graveyard", "countered on resolution", "608.2b", item.cause)
    else:
        ctx.emit(ev.AbilityResolved(stack_id=item.id, countered=True), "608.2b", item.cause)
    return []


@dataclass(frozen=True)
class FinishSpell(Frame):
    """The last step of a spell resolving (608.2n): it leaves the stack."""

    spell_id: str

    def run(self, ctx: Ctx) -> list[Frame]:
        item = ctx.state.stack_item(self.spell_id)
        assert item is not None, self.spell_id
        ctx.emit(ev.SpellResolved(spell_id=self.spell_id), "608.2n", item.cause)
        ctx.move(self.spell_id, "graveyard", "resolved", "608.2n", item.cause)
        return []


@dataclass(frozen=True)
class FinishAbility(Frame):
    """The last step of an ability resolving (608.2): it leaves the stack."""

    stack_id: str

    def run(self, ctx: Ctx) -> list[Frame]:
        item = ctx.state.stack_item(self.stack_id)
        ctx.emit(ev.AbilityResolved(stack_id=self.stack_id), "608.2", item.cause if item else None)
        return []


@dataclass(frozen=True)
class Effects(Frame):
    """608.2c: the instructions of the resolving object, in order; `that` is the object an
    earlier instruction acted on ("That creature explores")."""

    stack_id: str
    index: int
    that: str
    cause: int | None
    # `that` is an object an EnterBattlefield frame moved after an "as it enters" question: "that"
    # names the permanent it became (400.7), or nothing if it did not enter (614.1a)
    follow: bool = field(default=False, metadata=ADDED_LATER)

    def run(self, ctx: Ctx) -> list[Frame]:
        item = ctx.state.stack_item(self.stack_id)
        assert item is not None, self.stack_id
        effects, spec = _effects_and_targets(ctx, item)
        if self.index >= len(effects):
            return []
        that = self.that
        if self.follow:
            moved = ctx.state.objects[that].moved_to if that in ctx.state.objects else None
            that = moved if moved is not None and ctx.state.on_battlefield(moved) else ""
        more, that = do_effect(ctx, item, spec, effects[self.index], that, self.cause)
        follow = bool(more) and isinstance(more[-1], EnterBattlefield) and more[-1].object_id == that
        return more + [Effects(self.stack_id, self.index + 1, that, self.cause, follow)]


