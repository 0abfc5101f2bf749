"""Modal spells and abilities (700.2): "Choose one —" followed by a bulleted list of modes.

A modal ability's (or instant's, sorcery's) only instruction is a `ChooseModes`; the modes are
chosen as the spell is cast (601.2b, 700.2a) or the triggered ability is put on the stack (603.3c,
700.2b), before any target (700.2c: only the targets of a chosen mode are chosen), and recorded on
the stack object (`StackItem.data["modes"]`, the 1-based mode numbers in the order printed). As
it resolves, only the chosen modes' instructions exist (608.2c: in the order written).
`rules/modal.py` holds the rules; `rules/queries.stack_ability` and `chosen_spell` give the
resolving object's chosen instructions and targets. Part of the model: `cards.model` puts
`ChooseModes` in its `Effect` union."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:     # the model's kinds; `cards.model` imports this module
    from simulator.cards.model import Targets


@dataclass(frozen=True)
class Mode:
    """One bulleted option of a modal spell or ability (700.2): its instructions, in order, and
    what it targets, if anything (700.2c)."""

    effects: tuple[Any, ...]
    targets: "Targets | None"
    text: str                              # the bullet as printed, without the bullet

    def describe(self) -> str:
        return self.text


@dataclass(frozen=True)
class ChooseModes:
    """"Choose one —" (700.2): `minimum`..`maximum` different modes (700.2d: a mode is chosen
    once); only "Choose one —" is read here (minimum = maximum = 1)."""

    modes: tuple[Mode, ...]
    minimum: int = 1
    maximum: int = 1

    def describe(self) -> str:
        count = "one" if (self.minimum, self.maximum) == (1, 1) else f"{self.minimum} to {self.maximum}"
        return f"choose {count} — " + " • ".join(m.text for m in self.modes)


def modal(effects: tuple[Any, ...]) -> ChooseModes | None:
    """The `ChooseModes` of a modal ability's or spell's instructions (its only one), else None."""
    return effects[0] if len(effects) == 1 and isinstance(effects[0], ChooseModes) else None


def chosen_effects(effects: tuple[Any, ...], targets: "Targets | None", modes: Any
                   ) -> tuple[tuple[Any, ...], "Targets | None"]:
    """The instructions and targets a modal object has with `modes` chosen (the 1-based mode
    numbers, 700.2): the chosen modes' instructions in the order printed (608.2c), the targets
    of the one that has any (700.2c). Not modal, or no mode recorded: as printed."""
    choice = modal(effects)
    if choice is None or not modes:
        return effects, targets
    picked = [choice.modes[n - 1] for n in sorted(int(n) for n in modes)]
    aimed = [mode.targets for mode in picked if mode.targets is not None]
    return tuple(e for mode in picked for e in mode.effects), (aimed[0] if aimed else None)


def with_modes(ability: Any, modes: Any) -> Any:
    """A modal activated or triggered ability as it is on the stack with `modes` chosen: its
    instructions and targets those of the chosen modes (`chosen_effects`); else as printed."""
    if not modes or modal(ability.effects) is None:
        return ability
    effects, targets = chosen_effects(ability.effects, ability.targets, modes)
    return replace(ability, effects=effects, targets=targets)
