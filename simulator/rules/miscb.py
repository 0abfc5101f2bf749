"""Handlers of the second half of the miscellaneous phrases (issue 22, pool-miscb): the kinds of
`simulator.cards.model_miscb`, registered in `effects.EFFECTS` (imported by `resolution` and
`support`, so every game has them)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from simulator.base.errors import IllegalAction
from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.conditions import holds
from simulator.game.could_produce import colors_among
from simulator.game.layers import AbilityRef, all_characteristics
from simulator.game.quantities import quantity
from simulator.game.selectors import select
from simulator.game.state import GameObject, StackItem
from simulator.rules import choices as ch
from simulator.rules.actions import ENTERS_REPLACEMENTS, Entering, draw_cards, sacrifice_permanent
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.counters import source_counters
from simulator.rules.effects import do_effect, handles, legal_targets
from simulator.rules.mana_abilities import makes, mana_text


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


@makes(m.AddEachColorAmong)
def _each_color_among(ctx: Ctx, player: str, eff: m.AddEachColorAmong, letters: str, source: str) -> dict[str, int]:
    """Bloom Tender: one mana of each color among the permanents now (605.3a); none: no mana
    (106.5). Counted, not chosen: a `mana` answer must say exactly that (608.2d)."""
    colors = colors_among(ctx.state, ctx.cards, m.AddColorAmong(eff.what), player, source)
    made = {c: 1 for c in colors}
    if letters and Counter(letters) != Counter(made):
        raise IllegalAction(f"it adds {mana_text(made) or 'no mana'}, one of each color among the permanents "
                            f"{player} controls, not {letters}", "608.2d")
    return made


@makes(m.AddChosenColorCounted)
def _chosen_color_counted(ctx: Ctx, player: str, eff: m.AddChosenColorCounted, letters: str,
                          source: str) -> dict[str, int]:
    """Three Tree City: the color chosen as it resolves (608.2d: `mana`, one letter, or that letter
    as many times as it adds), that many as the amount counts now (605.3a); 0: no mana."""
    n = quantity(ctx.state, ctx.cards, eff.amount, source=source, you=player)   # type: ignore[arg-type]
    if n == 0:
        if letters:
            raise IllegalAction(f"it adds no mana now (the amount is 0): omit `mana`, not {letters}", "608.2d")
        return {}
    if not letters or len(set(letters)) != 1 or letters[0] not in m.COLORS or len(letters) not in (1, n):
        raise IllegalAction(f"choose a color (key `mana`: one letter from WUBRG, or it {n} times)", "608.2d")
    return {letters[0]: n}


@handles(m.CreateTokensThatGain)
def _create_tokens_that_gain(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CreateTokensThatGain,
                             that: str, cause: int | None) -> tuple[list[Frame], str]:
    """The tokens created (111.1) gain the keywords until end of turn (611.2c: those tokens only)."""
    before = set(ctx.state.battlefield)
    assert isinstance(eff.create, m.CreateTokens)
    frames, that = do_effect(ctx, item, spec, eff.create, that, cause)
    source_card = ctx.state.objects[item.source].card
    for oid in [o for o in ctx.state.battlefield if o not in before]:
        ctx.emit(ev.ContinuousEffectCreated(object_id=oid, source=item.source, source_card=source_card,
                                            keywords=eff.keywords), "611.2c", cause)
    return frames, that


@handles(m.CreateTokensIf)
def _create_tokens_if(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CreateTokensIf,
                      that: str, cause: int | None) -> tuple[list[Frame], str]:
    """608.2c: the condition read as it resolves; the tokens as the text describes them (111.4)."""
    assert isinstance(eff.create, m.CreateTokens)
    yes = holds(ctx.state, ctx.cards, eff.condition, you=item.controller, source=item.source)   # type: ignore[arg-type]
    create = eff.create if yes else replace(eff.create, amount=eff.otherwise)
    return do_effect(ctx, item, spec, create, that, cause)


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


@handles(m.EachPlayerWithNamedDraws)
def _each_player_with_named_draws(ctx: Ctx, item: StackItem, spec: m.Targets | None,
                                  eff: m.EachPlayerWithNamedDraws, that: str,
                                  cause: int | None) -> tuple[list[Frame], str]:
    """Bonder's Ornament: the players who control a permanent with the source's name now (201.2,
    its name as it is: layers), each draws, in turn order from the active player (101.4, 121.1)."""
    chars = all_characteristics(ctx.state, ctx.cards)
    name = ctx.cards.get(item.source_card).name
    drawing = [p for p in ctx.state.apnap() if not ctx.state.players[p].lost
               and any(ctx.state.objects[o].controller == p and o in chars and chars[o].name == name
                       for o in ctx.state.battlefield)]
    for player in drawing:
        draw_cards(ctx, player, eff.amount, "121.1", cause)
    return [], that


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


@handles(m.HighestLifeWins)
def _highest_life_wins(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.HighestLifeWins, that: str,
                       cause: int | None) -> tuple[list[Frame], str]:
    """Celestial Convergence: the player still in the game with the most life wins (104.2b); two or
    more tied for the most: a draw (104.4c). Either way the game ends at once (104.1)."""
    if ctx.state.game_over:
        return [], that
    players = [p for p in ctx.state.order if not ctx.state.players[p].lost]
    best = max(ctx.state.players[p].life for p in players)
    top = [p for p in players if ctx.state.players[p].life == best]
    if len(top) == 1:
        ctx.emit(ev.GameEnded(winner=top[0]), "104.2b", cause)
    else:
        ctx.emit(ev.GameEnded(winner=None), "104.4c", cause)
    return [], that
