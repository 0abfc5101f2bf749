"""Effects that create tokens and then act on them (111.1): "They gain haste until end of turn.",
"If you control ..., create ... Otherwise, create ...", "Put X +1/+1 counters on it". Handled by
`rules/token_effects`; part of the model (`simulator.cards.model`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CreateTokensThatGain:
    """"Create two 1/1 colorless Spirit creature tokens. They gain haste until end of turn."
    (Sokenzan; 111.1, 611.2c): the tokens `create` (a `model.CreateTokens`) makes get `keywords`
    until end of turn (514.2)."""

    create: object
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class CreateTokensIf:
    """"If you control an Eldrazi Spawn, create three 0/1 colorless Eldrazi Spawn creature tokens.
    ... Otherwise, create one of those tokens." (Brood Birthing; 608.2c): `create` (a
    `model.CreateTokens`) with its amount if `condition` holds as it resolves, else `otherwise`."""

    condition: object
    create: object
    otherwise: int = 1


@dataclass(frozen=True)
class CreateTokenWithCounters:
    """"Then create a 0/0 green and blue Fractal creature token. Put X +1/+1 counters on it, where X is
    the number of growth counters on this enchantment." (Paradox Zone): one token created (111.1,
    `create`: a `model.CreateTokens` of one), then `per` (a `model.Quantity`, counted now, 608.2h)
    `counter` counters on it (122.1), before any state-based action can see it as a 0/0 (704.3)."""

    create: Any
    counter: str
    per: Any
