"""Optional instructions (608.2d; cards/model_optional.py): "you may <instruction>". As the
ability gets to it, its controller is asked (the pending `may`: "do" or "decline"); done, the
instruction runs as it would on its own (its targets the ability's, 608.2b); declined, nothing
of it happens."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.cards import model as m
from simulator.game.state import StackItem
from simulator.rules import choices as ch
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.effects import do_effect, handles, target_controller
from simulator.rules.library import effect_index
from simulator.rules.queries import spell_effects, stack_ability


def _effects_and_targets(ctx: Ctx, item: StackItem) -> tuple[tuple[Any, ...], m.Targets | None]:
    if item.kind == "spell":
        return spell_effects(ctx.cards, item)      # a modal spell's chosen modes (700.2a)
    ability = stack_ability(ctx.cards, item)
    return ability.effects, ability.targets


@handles(m.MayDo)
def _may_do(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.MayDo, that: str,
            cause: int | None) -> tuple[list[Frame], str]:
    effects, _ = _effects_and_targets(ctx, item)
    return [AskMay(item.id, effect_index(effects, eff), that, cause)], that


@dataclass(frozen=True)
class AskMay(Frame):
    """608.2d: the controller of the resolving `stack_id` chooses whether to do its effect number
    `effect` (a `MayDo`); "do" runs the instruction (608.2c), "decline" does nothing."""

    stack_id: str
    effect: int
    that: str
    cause: int | None

    def _item(self, ctx: Ctx) -> tuple[StackItem, m.MayDo, m.Targets | None]:
        item = ctx.state.stack_item(self.stack_id)
        assert item is not None, self.stack_id
        effects, spec = _effects_and_targets(ctx, item)
        eff = effects[self.effect]
        assert isinstance(eff, m.MayDo), eff
        return item, eff, spec

    def run(self, ctx: Ctx) -> list[Frame]:
        item, eff, _ = self._item(ctx)
        who = target_controller(ctx, item) if eff.who == "target_controller" else item.controller
        raise Pause(ch.May.ask(who, item.source_card, eff.text), self, "608.2d", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        if value != "do":
            return []
        item, eff, spec = self._item(ctx)
        more, _ = do_effect(ctx, item, spec, eff.effect, self.that, self.cause)
        return more
