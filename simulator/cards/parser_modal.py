"""The grammar's transformers of modal spells and abilities (700.2; `cards/model_modal.py`): a
mixin of `parser._Build`. Each mode is built as the ability or instruction it would be on its
own (the same checks of what "it", "that player", ... name), then kept as a `Mode`. The
parser's helpers are read from `simulator.cards.parser` as the methods run (that module imports
this one)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Transformer, v_args

from simulator.cards.model import (AddMana, BecomesCreature, ChooseModes, CreateDelayedTrigger, GroupGainsUntilEndOfTurn,
                                   IfThen, MayDo, Mode, TriggeredAbility)


def _p() -> Any:
    """The parser module (its `_Part`, `_Problem` and helpers), imported as the methods run."""
    from simulator.cards import parser
    return parser


@dataclass(frozen=True)
class _Bullet:
    """One "• ..." of a modal line: its sentences, not yet built, and its printed text."""

    sentences: tuple[Any, ...]
    text: str


def _unwrapped(effect: Any) -> Any:
    while isinstance(effect, (IfThen, MayDo)):
        effect = effect.effect
    return effect


def _mode(effects: tuple[Any, ...], targets: Any, text: str) -> Mode:
    if any(isinstance(_unwrapped(e), AddMana) for e in effects):
        # 605.1: whether an ability is a mana ability would depend on the mode chosen
        raise _p()._Problem("mana in a mode of a modal spell or ability is not supported")
    if any(isinstance(_unwrapped(e), ChooseModes) for e in effects):
        raise _p()._Problem("a modal mode is not supported")
    for e in map(_unwrapped, effects):
        # what names an instruction by its place in the printed ability (a quoted ability's or a
        # delayed trigger's AbilityId, 613.1f, 603.7a) is not read through the modes here
        if (isinstance(e, (CreateDelayedTrigger, GroupGainsUntilEndOfTurn))
                or getattr(e, "granted_ability", None) is not None
                or (isinstance(e, BecomesCreature) and e.ability is not None)):
            raise _p()._Problem("a quoted ability or a delayed trigger in a mode is not supported")
    return Mode(effects, targets, text)


def _choose(choice: tuple[int, int], modes: list[Mode]) -> ChooseModes:
    minimum, maximum = choice
    if len(modes) < 2:
        raise _p()._Problem("a modal spell or ability has two or more modes (700.2)")
    return ChooseModes(tuple(modes), minimum, maximum)


@v_args(inline=True)
class ModalTransforms(Transformer[Any, Any]):
    """The `modal_*` transformers of `parser._Build`."""

    ctx: Any

    def modal_choose_one(self) -> tuple[int, int]:
        """"Choose one —" (700.2): exactly one mode."""
        return (1, 1)

    @v_args(meta=True, inline=True)
    def mode_bullet(self, meta: Any, *sentences: Any) -> _Bullet:
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).lstrip("\u2022").strip()
        return _Bullet(tuple(sentences), text)

    def modal_triggered(self, *items: Any) -> TriggeredAbility:
        """"When this creature enters, choose one — • ... • ..." (700.2b): each mode checked as
        the ability it would be with that instruction alone; the modes are chosen as it is put
        on the stack (603.3c)."""
        if items[0] is None:            # an ability word (207.2c) transforms to None
            items = items[1:]
        condition, choice, *bullets = items
        modes = []
        for bullet in bullets:
            alone = self.triggered(condition, *bullet.sentences)   # type: ignore[attr-defined]
            modes.append(_mode(alone.effects, alone.targets, bullet.text))
        return TriggeredAbility(condition=condition, effects=(_choose(choice, modes),), text="")

    def modal_spell_line(self, choice: tuple[int, int], *bullets: _Bullet) -> list[Any]:
        """"Choose one — • ... • ..." of an instant or sorcery (700.2a): each mode checked as the
        spell's instructions would be alone; the mode is chosen as it is cast (601.2b)."""
        p = _p()
        modes = []
        for bullet in bullets:
            parts = self.spell_line(*bullet.sentences)   # type: ignore[attr-defined]
            try:
                targets = p._count_targets(parts)
            except p._Problem:
                raise p._Problem("more than one set of targets in one mode is not supported") from None
            modes.append(_mode(tuple(part.effect for part in parts), targets, bullet.text))
        return [p._Part(_choose(choice, modes))]
