"""Effects that create tokens and then act on them (111.1): tokens that gain an ability until end
of turn, tokens created only if a condition holds (608.2c), a token with X +1/+1 counters put on
it (122.1).
Each handler is registered in `rules/effects` (or the registry it names) when this module is
imported (by `rules/resolution`, so every game has them)."""
from __future__ import annotations

from dataclasses import replace

from simulator.cards import model as m
from simulator.cards.model_tokens import created_token
from simulator.game import events as ev
from simulator.game.conditions import holds
from simulator.game.quantities import quantity
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.effects import do_effect, handles


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


@handles(m.CreateTokenWithCounters)
def _create_with_counters(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CreateTokenWithCounters,
                          that: str, cause: int | None) -> tuple[list[Frame], str]:
    """Paradox Zone: the token (111.1, as its text describes it, 111.4), then X counters on it, X
    counted now (608.2h); a 0/0 then is no state-based action's yet (704.3: checked after)."""
    token = created_token(ctx.cards, eff.create)
    oid = ctx.new_id(eff.create.token)
    ctx.emit(ev.TokenCreated(object_id=oid, token=token, controller=item.controller), "111.1", cause)
    n = quantity(ctx.state, ctx.cards, eff.per, source=item.source, you=item.controller)
    if n and ctx.state.on_battlefield(oid):
        ctx.emit(ev.CountersPlaced(object_id=oid, counter=eff.counter, amount=n), "122.1", cause)
    return [], that
