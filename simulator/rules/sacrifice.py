"""Sacrifices of chosen permanents (701.21): "sacrifice two lands", "Target opponent sacrifices a
creature of their choice" (the choosing player's choice, 701.21a), "As this enchantment enters,
sacrifice all lands you control" (614.1c), "sacrifice it unless you tap an untapped artifact or
land you control".
Each handler is registered in `rules/effects` (or the registry it names) when this module is
imported (by `rules/resolution`, so every game has them)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.base.errors import IllegalAction
from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.layers import AbilityRef, all_characteristics
from simulator.game.selectors import select
from simulator.game.state import GameObject, StackItem
from simulator.rules import choices as ch
from simulator.rules.actions import ENTERS_REPLACEMENTS, Entering, sacrifice_permanent
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.effects import SacrificeSourceUnless, handles, legal_targets
from simulator.rules.library import effect_index, unwrapped
from simulator.rules.queries import stack_ability


@handles(m.ChosenPermanents)
def _chosen_permanents(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ChosenPermanents, that: str,
                       cause: int | None) -> tuple[list[Frame], str]:
    """"sacrifice two lands" / "Target opponent sacrifices a creature of their choice" / "return
    two lands you control to their owner's hand": the player chooses among the permanents that
    fit now, as it resolves (608.2c)."""
    if eff.who == "target":
        players = [p for p in legal_targets(ctx, item, spec) if p in ctx.state.players]
    else:
        players = [item.controller]
    assert isinstance(eff.what, m.Selector)
    frames: list[Frame] = []
    for player in players:
        options = tuple(select(ctx.state, ctx.cards, eff.what, you=player, source=item.source))
        frames.append(ChoosePermanentsFrame(player, options, eff.amount, eff.action, cause))
    return frames, that


@dataclass(frozen=True)
class ChoosePermanentsFrame(Frame):
    """`player` chooses `n` of `options` (the permanents that fit as it resolved) and sacrifices
    them (701.21a) or returns them to their owner's hand, all at once; with `n` or fewer, all of
    those still on the battlefield without asking."""

    player: str
    options: tuple[str, ...]
    n: int
    action: str
    cause: int | None

    def _left(self, ctx: Ctx) -> list[str]:
        return [o for o in self.options if ctx.state.on_battlefield(o)]

    def run(self, ctx: Ctx) -> list[Frame]:
        left = self._left(ctx)
        if len(left) <= self.n:
            return self._do(ctx, left)
        verb = "sacrifice" if self.action == "sacrifice" else "return to its owner's hand"
        raise Pause(ch.ChoosePermanents.ask(self.player, left, [ctx.state.objects[o].card for o in left], self.n,
                                            verb), self, "608.2c", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: the ids chosen (rules/choices.py `ChoosePermanents`)."""
        chosen = [str(v) for v in value]
        left = self._left(ctx)
        if len(chosen) != self.n or any(c not in left for c in chosen):
            raise IllegalAction(f"choose exactly {self.n} of {', '.join(left)}", "608.2c")
        return self._do(ctx, chosen)

    def _do(self, ctx: Ctx, chosen: list[str]) -> list[Frame]:
        for oid in chosen:
            if self.action == "sacrifice":
                sacrifice_permanent(ctx, oid, self.cause)
            else:
                ctx.move(oid, "hand", "returned to its owner's hand", "608.2c", self.cause)
        return []


def _sacrifice_as_enters(ctx: Ctx, ref: AbilityRef, o: GameObject, how: Entering, x: int, controller: str,
                         paid_life: bool, cause: int) -> None:
    """Overlaid Terrain / Sheltered Valley: its controller's permanents that fit are sacrificed,
    all at once (701.21a), as the permanent enters (614.1c) or instead of its entering first
    (614.1a); then it enters. None fits: nothing is sacrificed."""
    eff: m.SacrificeAsEnters = ref.ability.effect
    assert isinstance(eff.what, m.Selector)
    chars = all_characteristics(ctx.state, ctx.cards)
    name = ctx.cards.get(o.card).name
    victims = [oid for oid in select(ctx.state, ctx.cards, eff.what, you=controller)
               if oid != o.id and (not eff.same_name or (oid in chars and chars[oid].name == name))]
    if not victims:
        return
    rule = "614.1a" if eff.same_name else "614.1c"
    rseq = ctx.emit(ev.ReplacementApplied(source=o.id, source_card=o.card, effect=ref.text, applies_to="enter",
                                          before={"sacrificed": []}, after={"sacrificed": victims}), rule, cause)
    for oid in victims:
        sacrifice_permanent(ctx, oid, rseq)


ENTERS_REPLACEMENTS[m.SacrificeAsEnters] = _sacrifice_as_enters


@handles(m.SacrificeUnlessTap)
def _sacrifice_unless_tap(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.SacrificeUnlessTap,
                          that: str, cause: int | None) -> tuple[list[Frame], str]:
    ability = stack_ability(ctx.cards, item)
    return [TapOrSacrifice(item.id, effect_index(ability.effects, eff), item.source, item.controller, cause)], that


@dataclass(frozen=True)
class TapOrSacrifice(SacrificeSourceUnless):
    """"sacrifice it unless you tap an untapped artifact or land you control" (608.2c): a
    `tap_unless` choice among the untapped permanents that fit (none: the source is sacrificed
    without asking, 701.21a); one tapped (701.26a), the source stays. A source no longer on the
    battlefield is not sacrificed (400.7)."""

    stack_id: str
    effect: int
    source: str
    player: str
    cause: int | None

    def _effect(self, ctx: Ctx) -> m.SacrificeUnlessTap:
        item = ctx.state.stack_item(self.stack_id)
        eff = unwrapped(stack_ability(ctx.cards, item).effects[self.effect])
        assert isinstance(eff, m.SacrificeUnlessTap), eff
        return eff

    def _candidates(self, ctx: Ctx) -> list[str]:
        eff = self._effect(ctx)
        chars = all_characteristics(ctx.state, ctx.cards)
        return [oid for oid in ctx.state.battlefield
                if ctx.state.objects[oid].controller == self.player and oid in chars
                and not ctx.state.objects[oid].tapped
                and (not eff.types or any(t in chars[oid].types for t in eff.types))]

    def _ask(self, ctx: Ctx, options: list[str]) -> Any:
        return ch.TapUnless.ask(self.player, options, self._effect(ctx).describe(),
                                ctx.state.objects[self.source].card)

    def _do(self, ctx: Ctx, chosen: str) -> None:
        ctx.emit(ev.PermanentTapped(object_id=chosen), "701.26a", self.cause)
