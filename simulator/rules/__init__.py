"""decide(): the rules. Reads a state and a player's decision, returns the events it causes.

Nothing is written here: an illegal decision raises `IllegalAction` naming the
rule and the caller keeps the state it had. A legal one returns the new state
and its events, the decision itself first.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from ..errors import IllegalAction
from ..state import GameState
from .activation import activate
from .casting import cast, play_land
from .context import Ctx, decode_frame
from .priority import pass_priority
from .. import events as ev


@dataclass(frozen=True)
class ActivateAbility:
    player: str
    source: str
    ability: int | str | None = None
    sacrifice: tuple = ()
    mana: str | None = None
    targets: tuple = ()

    def describe(self) -> str:
        return f"activate {self.source}"


@dataclass(frozen=True)
class CastSpell:
    player: str
    card: str
    x: int | None = None
    pay: str | None = None
    targets: tuple = ()

    def describe(self) -> str:
        return f"cast {self.card}"


@dataclass(frozen=True)
class PlayLand:
    player: str
    card: str

    def describe(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class PassPriority:
    player: str

    def describe(self) -> str:
        return "pass priority"


@dataclass(frozen=True)
class Choose:
    player: str
    answer: Any

    def describe(self) -> str:
        return f"choose {self.answer!r}"


Decision = Union[ActivateAbility, CastSpell, PlayLand, PassPriority, Choose]


def decide(state: GameState, decision: Decision, pool: Any) -> tuple[GameState, list[ev.Envelope]]:
    """Apply one decision: (new state, its events). Raises IllegalAction and changes nothing."""
    g = Ctx(state, pool)
    try:
        if isinstance(decision, Choose):
            _choose(g, decision)
        else:
            if isinstance(decision, ActivateAbility):
                agenda = activate(g, decision.player, decision.source, decision.ability, tuple(decision.sacrifice),
                                  decision.mana, tuple(decision.targets))
            elif isinstance(decision, CastSpell):
                agenda = cast(g, decision.player, decision.card, decision.x, decision.pay, tuple(decision.targets))
            elif isinstance(decision, PlayLand):
                agenda = play_land(g, decision.player, decision.card)
            elif isinstance(decision, PassPriority):
                from .queries import require_priority
                require_priority(state, decision.player)
                agenda = pass_priority(g, decision.player)
            else:
                raise TypeError(f"not a decision: {decision!r}")
            g.run(agenda)
    except IllegalAction as e:
        if e.player is None or e.what is None:
            raise IllegalAction(e.why, e.rule, player=e.player or decision.player,
                                what=e.what or decision.describe()) from None
        raise
    return g.state, g.out


def _choose(g: Ctx, d: Choose) -> None:
    pending = g.state.pending
    if g.state.game_over:
        raise IllegalAction("the game is over", "104.1")
    if pending is None:
        raise IllegalAction("there is no pending choice", "117.1")
    if d.player != pending["player"]:
        # 603.3b: each player orders only the triggered abilities they control.
        rule = "603.3b" if pending["kind"] == "order" else "608.2d"
        raise IllegalAction(f"the pending {pending['kind']} choice is {pending['player']}'s", rule)
    agenda = [decode_frame(f) for f in pending["agenda"]]
    resume = agenda.pop()
    g.emit(ev.ChoiceMade(player=d.player, kind=pending["kind"], answer=d.answer), pending.get("rule"))
    agenda.extend(reversed(resume.answer(g, d.player, d.answer)))
    g.run_stack(agenda)


__all__ = ["ActivateAbility", "CastSpell", "PlayLand", "PassPriority", "Choose", "Decision", "decide"]
