"""Effects on casting spells for the rest of the turn (611.2a, 601.3; issue 22, pool-casting;
cards/model_casting.py): "You may cast spells this turn as though they had flash." (Alchemist's
Refuge), "The next spell you cast this turn can't be countered." (Mistrise Village), "You can cast
only one more spell this turn." (Irencrag Feat). Each resolving one is a `CastingEffectCreated`
event (kept in `GameState.turn_counts.effects`, dropped as the next turn begins); `rules/casting.py`
reads them as a spell is cast. Also a cost paid as an ability resolves: "you may pay {4}. If you
do, untap this artifact." (Mana Vault; the pending `may_pay`, 608.2d). Registered in
`effects.EFFECTS` (imported by `resolution`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.selectors import spells_cast_this_turn
from simulator.game.state import StackItem
from simulator.rules import choices as ch
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.effects import do_effect, handles, pay_for_effect
from simulator.rules.library import effect_index
from simulator.rules.queries import stack_ability


@handles(m.FlashThisTurn)
def _flash_this_turn(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.FlashThisTurn, that: str,
                     cause: int | None) -> tuple[list[Frame], str]:
    types = eff.spell.types if eff.spell is not None else ()
    ctx.emit(ev.CastingEffectCreated(player=item.controller, kind="flash", source=item.source,
                                     source_card=item.source_card, types=types), "611.2a", cause)
    return [], that


@handles(m.NextSpellUncounterable)
def _next_uncounterable(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.NextSpellUncounterable,
                        that: str, cause: int | None) -> tuple[list[Frame], str]:
    ctx.emit(ev.CastingEffectCreated(player=item.controller, kind="next_uncounterable", source=item.source,
                                     source_card=item.source_card), "611.2a", cause)
    return [], that


@handles(m.OnlyOneMoreSpell)
def _only_one_more(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.OnlyOneMoreSpell, that: str,
                   cause: int | None) -> tuple[list[Frame], str]:
    """601.3: the spells its controller has cast this turn so far (this one, if a spell, among
    them): one more may be cast, then none."""
    cast = sum(1 for c in spells_cast_this_turn(ctx.state) if c.player == item.controller)
    ctx.emit(ev.CastingEffectCreated(player=item.controller, kind="one_more", source=item.source,
                                     source_card=item.source_card, cast=cast), "611.2a", cause)
    return [], that


@handles(m.MayPayThen)
def _may_pay_then(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.MayPayThen, that: str,
                  cause: int | None) -> tuple[list[Frame], str]:
    ability = stack_ability(ctx.cards, item)
    return [AskMayPay(item.id, effect_index(ability.effects, eff), item.controller, cause)], that


@dataclass(frozen=True)
class AskMayPay(Frame):
    """608.2d: the controller of the resolving `stack_id` pays the mana of its effect number
    `effect` (a `MayPayThen`) from their pool ("pay": then its instruction is done; too little
    mana is an illegal answer; mana abilities may be activated first, 605.3a) or declines."""

    stack_id: str
    effect: int
    player: str
    cause: int | None

    def _effect(self, ctx: Ctx) -> tuple[StackItem, m.MayPayThen]:
        item = ctx.state.stack_item(self.stack_id)
        assert item is not None, self.stack_id
        eff = stack_ability(ctx.cards, item).effects[self.effect]
        assert isinstance(eff, m.MayPayThen), eff
        return item, eff

    def run(self, ctx: Ctx) -> list[Frame]:
        item, eff = self._effect(ctx)
        raise Pause(ch.MayPay.ask(self.player, item.source_card, eff.text(), "untap it"), self, "608.2d", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: "pay" or "decline" (rules/choices.py `MayPay`)."""
        if value != "pay":
            return []
        item, eff = self._effect(ctx)
        pay_for_effect(ctx, self.player, m.ManaCost(generic=eff.generic, symbols=eff.symbols), item.source_card,
                       self.cause)
        more, _ = do_effect(ctx, item, None, eff.effect, "", self.cause)
        return more
