"""Miscellaneous effects (issue 22, pool-misca; cards/model_misca.py), one handler each:
damage to each creature (and each player), 120.3; "Target creature's owner shuffles it into
their library.", 701.24a."""
from __future__ import annotations

from simulator.cards import model as m
from simulator.game.selectors import select
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.damage import deal_damage
from simulator.rules.effects import handles, legal_targets
from simulator.rules.library import ShuffleLibrary


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
