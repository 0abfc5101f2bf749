"""An event-sourced rules simulator for Magic: The Gathering's mana, tapping and explore rules.

Library first: `replay_file` replays a recorded game into an event log,
`Game.apply` applies decisions, `audit.why` explains any event back to the
player's decision with the rule behind each step.
"""
from .engine import Game
from .errors import (ConcurrencyError, IllegalAction, IntegrityError, InvalidGameFile, InvalidInput,
                     NotFound, SimulatorError, StoreError)
from .rules import ActivateAbility, CastSpell, Choose, PassPriority, PlayLand, decide
from .state import GameState, evolve

__all__ = ["Game", "GameState", "evolve", "decide", "ActivateAbility", "CastSpell", "Choose", "PassPriority",
           "PlayLand", "SimulatorError", "IllegalAction", "InvalidGameFile", "InvalidInput", "NotFound",
           "StoreError", "ConcurrencyError", "IntegrityError"]
