"""Modal triggered abilities (700.2b, 603.3c; `cards/model_modal.py`): the mode is chosen as the
ability is put on the stack, before its targets (603.3d; 700.2c: only the chosen mode's). A mode
whose targets cannot be chosen cannot be chosen (700.2b); with no mode that can, the ability is
removed. The chosen mode is recorded on the stack object (`data["modes"]`), which
`queries.stack_ability` reads (its instructions and targets as it resolves, 608.2b-c)."""
from __future__ import annotations

from simulator.base.errors import IllegalAction
from simulator.cards import model as m
from simulator.game.state import GameState
from simulator.rules.queries import target_candidates


def choosable_modes(state: GameState, cards: m.Cards, choice: m.ChooseModes, controller: str,
                    source: str | None) -> tuple[int, ...]:
    """The modes (1-based, in printed order) that may be chosen now (700.2a, 700.2b): each whose
    targets, if it needs any (115.1: not "up to"), have a legal choice."""
    return tuple(n for n, mode in enumerate(choice.modes, 1)
                 if mode.targets is None or mode.targets.min == 0
                 or len(target_candidates(state, cards, mode.targets, controller, source)) >= mode.targets.min)


def announced_mode(state: GameState, cards: m.Cards, card: m.CardDefinition, mode: int, player: str
                   ) -> tuple[tuple[int, ...], m.Targets | None]:
    """601.2b, 700.2a: the mode a player announces as they cast `card` (the `cast` key `mode`,
    1-based as printed) and the targets that mode has (700.2c): `((mode,), targets)`; a spell
    that is not modal has no mode to announce: `((), its targets)`."""
    choice = m.modal(card.spell_effects)
    if choice is None:
        if mode:
            raise IllegalAction(f"{card.name} is not modal: it has no mode to choose", "700.2")
        return (), card.spell_targets
    count = len(choice.modes)
    if not mode:
        raise IllegalAction(f"{card.name} is modal: announce its mode (key `mode`, 1..{count})", "601.2b")
    if not 1 <= mode <= count:
        raise IllegalAction(f"{card.name} has no mode {mode}: its modes are 1..{count}", "700.2")
    if mode not in choosable_modes(state, cards, choice, player, None):
        raise IllegalAction(f"mode {mode} of {card.name} cannot be chosen: its targets have no legal choice", "700.2a")
    return (mode,), choice.modes[mode - 1].targets
