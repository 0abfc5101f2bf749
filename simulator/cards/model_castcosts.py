"""Additional and alternative costs of casting a spell (601.2b, 601.2f, 601.2h; 118.8, 118.9):
"As an additional cost to cast this spell, sacrifice a creature." and the Borderposts' "You may
pay {1} and return a basic land you control to its owner's hand rather than pay this spell's
mana cost." The `cast` action names what pays them (`sacrifice`, `alternative` and `return`,
docs/recorded-games.md); `simulator.rules.cast_costs` checks and pays them. Part of the model
(`cards.model` keeps them as static abilities of the card, 118.8d/118.9: they are read as the
spell is cast)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:    # cards.model imports this module
    from simulator.cards.model import ManaCost, Selector


@dataclass(frozen=True)
class AdditionalSacrifice:
    """"As an additional cost to cast this spell, sacrifice a creature." / "... sacrifice two
    lands." (118.8, 601.2b): casting it, its controller sacrifices `count` permanents they
    control that are `what` (chosen as it is cast, 601.2b; sacrificed as the costs are paid,
    601.2h). Not optional: without them the spell can't be cast (118.3)."""

    what: "Selector"
    count: int = 1


@dataclass(frozen=True)
class AlternativeReturnCost:
    """"You may pay {1} and return a basic land you control to its owner's hand rather than pay
    this spell's mana cost." (118.9, the Borderposts): cast with `alternative`, the total cost is
    `mana` (not the mana cost, 118.9c: its mana value stays that of its mana cost, 202.3) plus
    returning one permanent the caster controls that is `returned` to its owner's hand
    (601.2h)."""

    mana: "ManaCost"
    returned: "Selector"


# The cast-time costs a card may have, by kind (the rules read them through `rules.cast_costs`)
CAST_COSTS = (AdditionalSacrifice, AlternativeReturnCost)
