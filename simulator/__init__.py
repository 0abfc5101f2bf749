"""An event-sourced rules simulator for Magic: The Gathering's mana, tapping and explore rules.

Library first: `replay_file` replays a recorded game into an event log,
`Game.apply` applies decisions, `audit.why` explains any event back to the
player's decision with the rule behind each step.

The names below are imported on first use (PEP 562), so that `import simulator`
(and `simulator --help`) does not pay for the rules engine or the database layer.
"""
from __future__ import annotations

from importlib import import_module
TYPE_CHECKING = False   # typing is not imported at run time (start-up)

_EXPORTS = {
    "Game": ".session.game", "GameState": ".game.state", "evolve": ".game.state", "decide": ".rules",
    "ActivateAbility": ".rules", "CastSpell": ".rules", "Choose": ".rules", "PassPriority": ".rules",
    "PlayLand": ".rules", "SimulatorError": ".base.errors", "IllegalAction": ".base.errors",
    "InvalidGameFile": ".base.errors", "InvalidInput": ".base.errors", "NotFound": ".base.errors",
    "StoreError": ".base.errors", "ConcurrencyError": ".base.errors", "IntegrityError": ".base.errors",
}

__all__ = list(_EXPORTS)

if TYPE_CHECKING:
    from typing import Any

    from simulator.session.game import Game
    from simulator.base.errors import (ConcurrencyError, IllegalAction, IntegrityError, InvalidGameFile, InvalidInput,
                         NotFound, SimulatorError, StoreError)
    from simulator.rules import ActivateAbility, CastSpell, Choose, PassPriority, PlayLand, decide
    from simulator.game.state import GameState, evolve


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'simulator' has no attribute {name!r}")
    value = getattr(import_module(module, __name__), name)
    globals()[name] = value
    return value
