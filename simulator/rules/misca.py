"""Miscellaneous effects (issue 22, pool-misca; cards/model_misca.py), one handler each:
damage to each creature (and each player), 120.3; "Target creature's owner shuffles it into
their library.", 701.24a."""
from __future__ import annotations

import random

from simulator.game import events as ev
from simulator.cards import model as m
from simulator.game.layers import all_characteristics
from simulator.game.selectors import select
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.damage import deal_damage
from simulator.rules.effects import do_effect, handles, legal_targets
from simulator.game.quantities import quantity
from simulator.rules.actions import draw_cards
from simulator.rules.library import DiscardFrame, ShuffleLibrary


@handles(m.DealDamageToEach)
def _damage_each(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DealDamageToEach, that: str,
                 cause: int | None) -> tuple[list[Frame], str]:
    """120.3: the source deals the damage to each creature (each other creature: not itself, 109.2)
    on the battlefield as the ability resolves, then to each player in the game in APNAP order
    (101.4); 120.3e / 120.3a. The state-based actions wait until it has resolved (704.3)."""
    creatures = select(ctx.state, ctx.cards, eff.creatures, you=item.controller, source=item.source)
    for oid in creatures:
        deal_damage(ctx, item.source, item.source_card, item.controller, oid, eff.amount, cause)
    if eff.players:
        for who in [p for p in ctx.state.apnap() if not ctx.state.players[p].lost]:
            deal_damage(ctx, item.source, item.source_card, item.controller, who, eff.amount, cause)
    return [], that


@handles(m.OwnerShufflesIntoLibrary)
def _owner_shuffles(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.OwnerShufflesIntoLibrary, that: str,
                    cause: int | None) -> tuple[list[Frame], str]:
    """701.24a: the target (608.2b: if still legal) is put into its owner's library, then that
    player shuffles it (a token put there ceases to exist, 111.7)."""
    frames: list[Frame] = []
    for t in legal_targets(ctx, item, spec):
        owner = ctx.state.objects[t].owner
        ctx.move(t, "library", "shuffled into its owner's library", "701.24a", cause)
        frames.append(ShuffleLibrary(owner, cause))
    return frames, that


@handles(m.BecomesLandTypeLasting)
def _becomes_land_type_lasting(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.BecomesLandTypeLasting,
                               that: str, cause: int | None) -> tuple[list[Frame], str]:
    """"Target land becomes a Forest." (611.2c: locked in on the target, 305.7: its land type set;
    "This effect lasts indefinitely.": no end)."""
    for t in legal_targets(ctx, item, spec):
        ctx.emit(ev.ContinuousEffectCreated(object_id=t, source=item.source, source_card=item.source_card,
                                            land_type=eff.land_type, until_end_of_turn=False), "611.2c", cause)
    return [], that


@handles(m.ExileSourceCard)
def _exile_source_card(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ExileSourceCard, that: str,
                       cause: int | None) -> tuple[list[Frame], str]:
    """"When this creature dies, ... Exile this card.": the card it became in the graveyard (400.7);
    gone from there (a new object), nothing happens."""
    source = ctx.state.objects.get(item.source)
    card = (source.moved_to if source is not None else None) or ""
    o = ctx.state.objects.get(card)
    if o is not None and card in ctx.state.players[o.owner].graveyard:
        ctx.move(card, "exile", "exiled", "400.7", cause)
    return [], that


@handles(m.ReturnRandomCardToHand)
def _return_random_card(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ReturnRandomCardToHand, that: str,
                        cause: int | None) -> tuple[list[Frame], str]:
    """One card of the kind at random from its controller's graveyard into their hand (drawn from
    the game's seed and the event's place in the log, so a replay returns the same card); none:
    nothing happens (608.2c)."""
    s = ctx.state
    options = [oid for oid in s.players[item.controller].graveyard
               if eff.what.matches(ctx.cards.get(s.objects[oid].card).types,
                                   ctx.cards.get(s.objects[oid].card).supertypes,
                                   ctx.cards.get(s.objects[oid].card).subtypes)]
    if options:
        chosen = random.Random(f"{s.seed}:{s.version + 1}:random").choice(options)
        that = ctx.move(chosen, "hand", "returned at random", "608.2c", cause)
    return [], that


@handles(m.TargetPlayerPerDomain)
def _target_per_domain(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.TargetPlayerPerDomain, that: str,
                       cause: int | None) -> tuple[list[Frame], str]:
    """Domain (305.6): the basic land types among lands the target (or the controller) controls,
    counted as it resolves (608.2h); the target player, if still legal (608.2b), draws that many
    (121.1) or discards that many (701.9a); none counted: nothing."""
    frames: list[Frame] = []
    for player in legal_targets(ctx, item, spec):
        whose = player if eff.whose == "target" else item.controller
        n = quantity(ctx.state, ctx.cards, m.BasicLandTypesAmong(), source=item.source, you=whose)
        if n <= 0:
            continue
        if eff.action == "draw":
            draw_cards(ctx, player, n, "121.1", cause)
        else:
            frames.append(DiscardFrame((player,), n, cause))
    return frames, that


@handles(m.PumpTargetIfCreature)
def _pump_if_creature(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PumpTargetIfCreature, that: str,
                      cause: int | None) -> tuple[list[Frame], str]:
    """"If it's a creature, it gets +1/+1 until end of turn.": the target, if still legal (608.2b)
    and a creature now (613), locked in (611.2c)."""
    chars = all_characteristics(ctx.state, ctx.cards)
    for t in legal_targets(ctx, item, spec):
        if t in chars and chars[t].is_creature:
            ctx.emit(ev.PowerToughnessChanged(object_id=t, power=eff.power, toughness=eff.toughness,
                                              source=item.source, source_card=item.source_card), "611.2c", cause)
    return [], that


@handles(m.FlipCoin)
def _flip_coin(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.FlipCoin, that: str,
               cause: int | None) -> tuple[list[Frame], str]:
    """705.1: the ability's controller flips a coin (won or lost from the game's seed and the
    event's place in the log, 705.2); then the instruction for that result (608.2c)."""
    won = random.Random(f"{ctx.state.seed}:{ctx.state.version + 1}:coin").random() < 0.5
    ctx.emit(ev.CoinFlipped(player=item.controller, won=won), "705.1", cause)
    then = eff.win if won else eff.lose
    if then is None:
        return [], that
    return do_effect(ctx, item, spec, then, that, cause)


@handles(m.DamagePlayerAndTheirs)
def _damage_player_and_theirs(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DamagePlayerAndTheirs,
                              that: str, cause: int | None) -> tuple[list[Frame], str]:
    """120.3: the target player (608.2b: if still legal), then each creature and planeswalker that
    player controls as it resolves (120.3e, 120.3c); the state-based actions wait (704.3)."""
    for player in legal_targets(ctx, item, spec):
        chars = all_characteristics(ctx.state, ctx.cards)
        theirs = [oid for oid in ctx.state.battlefield if ctx.state.objects[oid].controller == player
                  and oid in chars and ("Creature" in chars[oid].types or "Planeswalker" in chars[oid].types)]
        deal_damage(ctx, item.source, item.source_card, item.controller, player, eff.amount, cause)
        for oid in theirs:
            deal_damage(ctx, item.source, item.source_card, item.controller, oid, eff.amount, cause)
    return [], that


@handles(m.CreaturesColorLandsType)
def _creatures_color_lands_type(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CreaturesColorLandsType,
                                that: str, cause: int | None) -> tuple[list[Frame], str]:
    """611.2c: the creatures and lands on the battlefield as it resolves, each locked in: a creature
    becomes that color (layer 5), a land that land type (305.7, layer 4), until end of turn."""
    chars = all_characteristics(ctx.state, ctx.cards)
    for oid in list(ctx.state.battlefield):
        c = chars.get(oid)
        if c is None:
            continue
        if c.is_creature:
            ctx.emit(ev.ContinuousEffectCreated(object_id=oid, source=item.source, source_card=item.source_card,
                                                colors=(eff.color,)), "611.2c", cause)
        if c.is_land:
            ctx.emit(ev.ContinuousEffectCreated(object_id=oid, source=item.source, source_card=item.source_card,
                                                land_type=eff.land_type), "611.2c", cause)
    return [], that
