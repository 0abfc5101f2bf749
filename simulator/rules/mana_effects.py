"""Mana counted or chosen as a mana ability or a spell resolves (106.1, 605.3a): one mana of each
color among permanents, an amount of the chosen color, "that spell's mana value" (Mana Drain's
delayed trigger), mana added only "If ..." (608.2c).
Each handler is registered in `rules/effects` (or the registry it names) when this module is
imported (by `rules/resolution`, so every game has them)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from simulator.base.errors import IllegalAction
from simulator.base.symbols import COLORS
from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.conditions import holds
from simulator.game.could_produce import colors_among
from simulator.game.quantities import quantity
from simulator.game.state import StackItem
from simulator.rules import choices as ch
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.effects import handles
from simulator.rules.mana_abilities import makes, mana_text


@makes(m.AddEachColorAmong)
def _each_color_among(ctx: Ctx, player: str, eff: m.AddEachColorAmong, letters: str, source: str) -> dict[str, int]:
    """Bloom Tender: one mana of each color among the permanents now (605.3a); none: no mana
    (106.5). Counted, not chosen: a `mana` answer must say exactly that (608.2d)."""
    colors = colors_among(ctx.state, ctx.cards, m.AddColorAmong(eff.what), player, source)
    made = {c: 1 for c in colors}
    if letters and Counter(letters) != Counter(made):
        raise IllegalAction(f"it adds {mana_text(made) or 'no mana'}, one of each color among the permanents "
                            f"{player} controls, not {letters}", "608.2d")
    return made


@makes(m.AddChosenColorCounted)
def _chosen_color_counted(ctx: Ctx, player: str, eff: m.AddChosenColorCounted, letters: str,
                          source: str) -> dict[str, int]:
    """Three Tree City: the color chosen as it resolves (608.2d: `mana`, one letter, or that letter
    as many times as it adds), that many as the amount counts now (605.3a); 0: no mana."""
    n = quantity(ctx.state, ctx.cards, eff.amount, source=source, you=player)   # type: ignore[arg-type]
    if n == 0:
        if letters:
            raise IllegalAction(f"it adds no mana now (the amount is 0): omit `mana`, not {letters}", "608.2d")
        return {}
    if not letters or len(set(letters)) != 1 or letters[0] not in m.COLORS or len(letters) not in (1, n):
        raise IllegalAction(f"choose a color (key `mana`: one letter from WUBRG, or it {n} times)", "608.2d")
    return {letters[0]: n}


@handles(m.AddThatSpellsManaValue)
def _add_that_spells_mana_value(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.AddThatSpellsManaValue,
                                that: str, cause: int | None) -> tuple[list[Frame], str]:
    """Mana Drain's delayed trigger: {C} as much as the mana value it kept (0: no mana, 106.5);
    not a mana ability (605.1b), added as it resolves (608.2c)."""
    n = int(item.data.get("amount") or 0)
    if n > 0 and eff.any_colors:
        return [ManaOfColorsChosen(item.controller, item.source, item.source_card, n, cause)], that
    if n > 0:
        ctx.emit(ev.ManaAdded(player=item.controller, mana={"C": n}, source=item.source), "608.2c", cause)
    return [], that


@dataclass(frozen=True)
class ManaOfColorsChosen(Frame):
    """Plasm Capture's delayed trigger: `amount` mana in any combination of colors, the colors chosen
    by its controller as it resolves (608.2d: the `mana` choice, `amount` letters among W U B R G)."""

    player: str
    source: str
    source_card: str
    amount: int
    cause: int | None

    def run(self, ctx: Ctx) -> list[Frame]:
        raise Pause(ch.ManaType.ask(self.player, self.source_card, COLORS, f"{self.amount} colors"), self,
                    "608.2d", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: mana letters (rules/choices.py `ManaType`): exactly `amount` of them, each a color."""
        letters = str(value)
        if len(letters) != self.amount or any(c not in COLORS for c in letters):
            raise IllegalAction(f"X is {self.amount}: choose {self.amount} mana letters among W U B R G, not {letters}",
                                "608.2d")
        chosen = Counter(letters)
        ctx.emit(ev.ManaAdded(player=self.player, mana={c: chosen[c] for c in COLORS if chosen[c]}, source=self.source),
                 "608.2c", self.cause)
        return []


@handles(m.AddManaIf)
def _add_mana_if(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.AddManaIf, that: str,
                 cause: int | None) -> tuple[list[Frame], str]:
    """Dark Petition's spell mastery: the condition read as the spell gets there (608.2c; the spell
    itself is on the stack, not in the graveyard); true, the mana is added (106.4; no mana ability,
    605.1a)."""
    if holds(ctx.state, ctx.cards, eff.condition, you=item.controller, source=item.source):
        ctx.emit(ev.ManaAdded(player=item.controller, mana=dict(eff.mana), source=item.id), "608.2c", cause)
    return [], that
