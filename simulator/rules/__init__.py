"""The rules: `decide(state, decision, cards)` and the decisions a player makes.

Modules import one way only (checked by `lint-imports`, see pyproject.toml):
decisions > priority > resolution > {effects, activation, casting} >
{explore, mana_abilities, payment} > actions > queries > context.
"""
from simulator.rules.decisions import ActivateAbility, CastSpell, Choose, Decision, PassPriority, PlayLand, decide

__all__ = ["ActivateAbility", "CastSpell", "PlayLand", "PassPriority", "Choose", "Decision", "decide"]
