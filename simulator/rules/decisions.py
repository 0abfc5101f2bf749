"""decide(): the rules. Reads a state and a player's decision, returns the events it causes.

Nothing is written here: an illegal decision raises `IllegalAction` naming the
rule and the caller keeps the state it had. A legal one returns the new state
and its events, the decision itself first.

The top of the one-way rules layout: after an ability is activated, a spell
cast or a land played, the player receives priority again (117.3c) — added
here, so activation and casting never import priority.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Union

from simulator.game import events as ev
from simulator.cards.model import Cards
from simulator.base.errors import IllegalAction
from simulator.game.state import GameState
from simulator.rules.activation import ManaPayment, activate, activate_while_paying
from simulator.rules.answers import current, current_all
from simulator.rules.choices import asks_mana_payment, pending_choice
from simulator.rules.casting import cast, play_land
from simulator.rules.context import Ctx, Frame, decode_frame
from simulator.rules.priority import PriorityFlow, pass_priority
from simulator.rules.queries import require_game_on, require_priority


@dataclass(frozen=True)
class ActivateAbility:
    """Decision: activate an ability of a permanent (602.2)."""

    player: str
    source: str
    ability: int | str | None = None
    sacrifice: tuple[str, ...] = ()
    mana: str | None = None
    targets: tuple[str, ...] = ()
    pay_with: tuple["ActivateAbility", ...] = ()   # mana abilities activated while paying (602.2b)
    pay_restricted: str | None = None              # which paid letters come from restricted mana (106.6)
    x: int | None = None                           # X of its cost (107.3: {X}, "Remove X ... counters")
    tap: tuple[str, ...] = ()                      # tapped for "Tap an untapped creature you control"
    discard: tuple[str, ...] = ()                  # discarded for "Discard a card"
    counters: tuple[str, ...] = ()                 # the kinds removed for "Remove a counter from this creature"

    def describe(self) -> str:
        return f"activate {self.source}"


@dataclass(frozen=True)
class CastSpell:
    """Decision: cast a spell from hand (601.2)."""

    player: str
    card: str
    x: int | None = None
    pay: str | None = None
    targets: tuple[str, ...] = ()
    pay_with: tuple[ActivateAbility, ...] = ()     # mana abilities activated while paying (601.2g)
    pay_restricted: str | None = None              # which paid letters come from restricted mana (106.6)
    kicked: int = 0                                # how many times its kicker is paid (702.33, 601.2b)
    sacrifice: tuple[str, ...] = ()                # what pays "As an additional cost ..., sacrifice a creature" (118.8)
    alternative: bool = False                      # its alternative cost instead of its mana cost (118.9)
    returned: tuple[str, ...] = ()                 # what the alternative cost returns to its owner's hand
    mode: int = 0                                  # a modal spell's mode, 1-based as printed (601.2b, 700.2a)

    def describe(self) -> str:
        return f"cast {self.card}"


@dataclass(frozen=True)
class PlayLand:
    """Decision: play a land (305.1)."""

    player: str
    card: str

    def describe(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class PassPriority:
    """Decision: pass priority (117.3d)."""

    player: str

    def describe(self) -> str:
        return "pass priority"


@dataclass(frozen=True)
class Choose:
    """Decision: answer the pending choice (an order, a target, a color, ...)."""

    player: str
    answer: Any

    def describe(self) -> str:
        return f"choose {self.answer!r}"


Decision = Union[ActivateAbility, CastSpell, PlayLand, PassPriority, Choose]


# References are exact ids (a handle names its card wherever it moved) or card names.
def _payments(ctx: Ctx, entries: tuple[ActivateAbility, ...]) -> tuple[ManaPayment, ...]:
    s = ctx.state
    return tuple(ManaPayment(current(s, e.source), e.ability, current_all(s, e.sacrifice), e.mana,
                             current_all(s, e.targets), e.x, current_all(s, e.tap),
                             current_all(s, e.discard)) for e in entries)


def _activate(ctx: Ctx, d: ActivateAbility) -> list[Frame]:
    s = ctx.state
    return activate(ctx, d.player, current(s, d.source), d.ability, current_all(s, d.sacrifice), d.mana,
                    current_all(s, d.targets), _payments(ctx, d.pay_with), pay_restricted=d.pay_restricted, x=d.x,
                    tap=current_all(s, d.tap), discard=current_all(s, d.discard), counters=d.counters)


def _cast(ctx: Ctx, d: CastSpell) -> list[Frame]:
    while_paying = None
    if d.pay_with:
        def while_paying(ctx: Ctx, cause: int) -> None:
            activate_while_paying(ctx, d.player, _payments(ctx, d.pay_with), cause)
    return cast(ctx, d.player, d.card, d.x, d.pay, current_all(ctx.state, d.targets), while_paying, d.pay_restricted,
                d.kicked, current_all(ctx.state, d.sacrifice), d.alternative, current_all(ctx.state, d.returned),
                d.mode)


def _play(ctx: Ctx, d: PlayLand) -> list[Frame]:
    return play_land(ctx, d.player, d.card)


# An action taken with priority: its frames, after which the player receives priority again (117.3c).
ACTIONS: dict[type, Callable[[Ctx, Any], list[Frame]]] = {
    ActivateAbility: _activate, CastSpell: _cast, PlayLand: _play,
}


def decide(state: GameState, decision: Decision, cards: Cards) -> tuple[GameState, list[ev.Envelope]]:
    """Apply one decision: (new state, its events). Raises IllegalAction and changes nothing."""
    ctx = Ctx(state, cards)
    try:
        if isinstance(decision, Choose):
            _choose(ctx, decision)
        elif isinstance(decision, PassPriority):
            require_priority(state, decision.player)
            ctx.run(pass_priority(ctx, decision.player))
        elif isinstance(decision, ActivateAbility) and asks_mana_payment(state.pending, decision.player):
            # 605.3a: asked to pay mana ("... unless its controller pays {1}"), the player may
            # activate mana abilities first; they resolve at once and the choice stays pending
            if decision.pay_with:
                raise IllegalAction("activate the mana abilities one by one while the payment is asked", "605.3a")
            activate_while_paying(ctx, decision.player, _payments(ctx, (decision,)), None)
        elif type(decision) in ACTIONS:
            agenda = ACTIONS[type(decision)](ctx, decision)
            ctx.run(agenda + [PriorityFlow(decision.player, "117.3c", ctx.decision_seq)])
        else:
            raise TypeError(f"not a decision: {decision!r}")
    except IllegalAction as e:
        if e.player is None or e.what is None:
            raise IllegalAction(e.why, e.rule, player=e.player or decision.player,
                                what=e.what or decision.describe()) from None
        raise
    return ctx.state, ctx.out


def _choose(ctx: Ctx, d: Choose) -> None:
    pending = ctx.state.pending
    require_game_on(ctx.state)
    if pending is None:
        raise IllegalAction("there is no pending choice", "117.1")
    if d.player != pending["player"]:
        # 603.3b: each player orders only the triggered abilities they control.
        rule = "603.3b" if pending["kind"] == "order" else "608.2d"
        raise IllegalAction(f"the pending {pending['kind']} choice is {pending['player']}'s", rule)
    agenda = [decode_frame(f) for f in pending["agenda"]]
    resume = agenda.pop()
    ctx.emit(ev.ChoiceMade(player=d.player, kind=pending["kind"], answer=d.answer), pending.get("rule"))
    # the answer as the pending kind reads it: its one parser (rules/choices.py)
    answer = pending_choice(pending).parse(ctx.state, d.answer)
    agenda.extend(reversed(resume.answer(ctx, d.player, answer)))
    ctx.run_stack(agenda)


__all__ = ["ActivateAbility", "CastSpell", "PlayLand", "PassPriority", "Choose", "Decision", "decide"]
