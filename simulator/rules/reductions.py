"""601.2f cost reductions: "This spell costs {1} less to cast for each basic land type among lands
you control." (a static ability of the card being cast) and "This ability costs {1} less to
activate for each pressure counter on this artifact." (part of the activated ability). The
amount is counted as the total cost is determined (601.2f, before any mana is paid) and reduces
only its generic mana -- an {X} included, as announced -- never below zero; colored symbols stay.
The kinds are `simulator.cards.model_costs`."""
from __future__ import annotations

import dataclasses

from simulator.cards import model as m
from simulator.game.quantities import quantity
from simulator.game.state import GameState


def reduction_amount(state: GameState, cards: m.Cards, reduction: m.CostReduction, *, source: str,
                     you: str) -> int:
    """How much generic mana `reduction` takes off now (601.2f)."""
    return reduction.generic * quantity(state, cards, reduction.per, source=source, you=you)


def reduced(cost: m.ManaCost, by: int, x: int = 0) -> m.ManaCost:
    """`cost` with `by` less generic mana (601.2f); {X} is counted at its announced value `x`
    (107.3), so a reduced cost has no X left in it."""
    if not by:
        return cost
    return dataclasses.replace(cost, generic=max(0, cost.generic + x * cost.x - by), x=0)


def spell_reduction(state: GameState, cards: m.Cards, card: m.CardDefinition, oid: str, player: str) -> int:
    """What the card's own "This spell costs {1} less to cast for each ..." lines take off."""
    return sum(reduction_amount(state, cards, a.effect.reduction, source=oid, you=player)
               for a in card.abilities
               if isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.SpellCostReduction))


def ability_cost(state: GameState, cards: m.Cards, ab: m.ActivatedAbility, oid: str, player: str,
                 x: int = 0) -> m.Cost:
    """The ability's cost with its "This ability costs {1} less ..." applied (601.2f, 602.2b)."""
    if ab.reduction is None or ab.cost.mana is None:
        return ab.cost
    by = reduction_amount(state, cards, ab.reduction, source=oid, you=player)
    return dataclasses.replace(ab.cost, mana=reduced(ab.cost.mana, by, x))


def spell_cost_read(cards: m.Cards, card: m.CardDefinition) -> bool:
    """STATICS_READ: the rules read a spell's cost reduction as it is cast (601.2f)."""
    return any(isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.SpellCostReduction)
               for a in card.abilities)
