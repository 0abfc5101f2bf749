"""Conditions about what happened this turn, read from `GameState.this_turn` (folded from the
turn's events): Morbid "if a creature died this turn" (700.4), "if an opponent lost life this
turn" (119.3), Revolt "if a permanent you controlled left the battlefield this turn". Part of
the model (`simulator.cards.model.Condition`); read by `simulator.game.conditions` (as a
permanent enters, 614.1c; as an ability triggers and resolves, 603.4; "Activate only if",
602.5b). Nothing reads them in a static ability yet ("as long as ...": refused at load)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CreatureDiedThisTurn:
    """"if a creature died this turn" (Morbid): a creature, any player's, was put into a
    graveyard from the battlefield this turn (700.4)."""


@dataclass(frozen=True)
class OpponentLostLifeThisTurn:
    """"if an opponent lost life this turn": an opponent of the ability's controller lost life
    this turn (119.3: damage, "loses N life", and paying life, 119.4; 0 is no loss)."""


@dataclass(frozen=True)
class YouLostPermanentThisTurn:
    """"if a permanent you controlled left the battlefield this turn" (Revolt): one the
    controller controlled as it left, to any zone (tokens too)."""
