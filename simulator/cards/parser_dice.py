"""The grammar's transformers of rolling dice (706; issue 22, pool-keywords;
cards/model_dice.py): a mixin of `parser._Build`. Each method is named after its grammar alias
(`dice_*`); the parser's helpers are read from `simulator.cards.parser` as the methods run (that
module imports this one)."""
from __future__ import annotations

import re
from typing import Any, Literal

from lark import Token, Transformer, v_args

from simulator.cards.model import AddMana, IfThen, MayDo, ReplacementAbility
from simulator.cards.model_dice import (CountersBecomeResult, DieResult, EntersWithRolledCounters,
                                        RemoveCounterOrSacrifice, RollDie, YouRollDie)

_SIDES = {"four": 4, "six": 6, "eight": 8, "ten": 10, "twelve": 12, "twenty": 20}


def _p() -> Any:
    """The parser module (its `_Part`, `_Problem` and helpers), imported as the methods run."""
    from simulator.cards import parser
    return parser


def _sides(tok: Token) -> int:
    """"d20" -> 20, "six-sided die" -> 6 (706.1)."""
    word = str(tok).lower()
    found = re.fullmatch(r"d(\d+)", word)
    return int(found.group(1)) if found else _SIDES[word.split("-")[0]]


@v_args(inline=True)
class DiceTransforms(Transformer[Any, Any]):
    """The `dice_*` transformers of `parser._Build`."""

    def dice_one(self, _article: Token, die: Token) -> tuple[int, int]:
        return 1, _sides(die)

    def dice_many(self, n: int | Literal["X"], dice: Token) -> tuple[int | Literal["X"], int]:
        return n, _sides(dice)

    def dice_the_result(self) -> str:
        return "result"

    def dice_the_total(self) -> str:
        return "total"

    def dice_whenever_you_roll(self) -> YouRollDie:
        return YouRollDie()

    def dice_enters_with_rolled(self, _self: str, dice: tuple[int | Literal["X"], int], _self2: str,
                                counter: Token, _word: Token, result: str) -> ReplacementAbility:
        """"As this creature enters, roll a six-sided die. This creature enters with a number of
        +1/+1 counters on it equal to the result." / "... roll X six-sided dice. ... equal to the
        total of those results." (614.1c, 706.1)."""
        n, sides = dice
        if (n == 1) != (result == "result"):
            raise _p()._Problem('"the result" is of one die, "the total of those results" of several')
        return ReplacementAbility(EntersWithRolledCounters(sides, n, _p()._counter(counter, 2)), "")

    def _one_die(self, dice: tuple[int | Literal["X"], int]) -> int:
        n, sides = dice
        if n != 1:
            raise _p()._Problem("rolling several dice here is not supported")
        return sides

    def dice_row_range(self, low: Token, _dash: Token, high: Token, part: Any) -> tuple[int, int, Any]:
        return int(low), int(high), part

    def dice_row_one(self, n: Token, part: Any) -> tuple[int, int, Any]:
        return int(n), int(n), part

    def dice_roll_table(self, dice: tuple[int | Literal["X"], int], *rows: tuple[int, int, Any]) -> list[Any]:
        """"Roll a d20." then "1—9 | ..." "10—20 | ..." (706.2): each result has the instruction of
        its row. The rows must cover every result once, in order; each row one plain instruction."""
        sides = self._one_die(dice)
        expected = 1
        table = []
        for low, high, part in rows:
            if low != expected or high < low:
                raise _p()._Problem("a die's result table must list every result once, in order")
            if (not isinstance(part, _p()._Part) or part.targets is not None or part.token is not None or part.it
                    or isinstance(part.effect, (AddMana, MayDo, IfThen))):
                raise _p()._Problem("that instruction in a die's result table is not supported")
            table.append(DieResult(low, high, part.effect))
            expected = high + 1
        if expected != sides + 1:
            raise _p()._Problem("a die's result table must list every result once, in order")
        return [_p()._Part(RollDie(sides, tuple(table)))]

    def dice_roll_put(self, dice: tuple[int | Literal["X"], int], counter: Token, _word: Token,
                      _self: str) -> list[Any]:
        """"roll a six-sided die and put a number of +1/+1 counters on this creature equal to the
        result" (706.1, 122.1)."""
        return [_p()._Part(RollDie(self._one_die(dice), counters=_p()._counter(counter, 2)))]

    def dice_roll_remove(self, dice: tuple[int | Literal["X"], int], counter: Token, _word: Token,
                         _self: str) -> list[Any]:
        """"roll a six-sided die and remove a number of +1/+1 counters from this creature equal to
        the result" (as many as it has, at most)."""
        return [_p()._Part(RollDie(self._one_die(dice), counters=_p()._counter(counter, 2), remove=True))]

    def dice_counters_become_result(self, counter: Token, _word: Token, _self: str, again: Token,
                                    _word2: Token) -> list[Any]:
        """"remove all +1/+1 counters from this creature, then put a number of +1/+1 counters on it
        equal to the result" (Hammer Jammer: the die its trigger saw)."""
        kind = _p()._counter(counter, 2)
        if _p()._counter(again, 2) != kind:
            raise _p()._Problem("two kinds of counters here are not supported")
        return [_p()._Part(CountersBecomeResult(kind))]

    def dice_remove_or_sacrifice(self, _article: Token, counter: Token, _self: str) -> list[Any]:
        """"Remove a funk counter from this creature. If you can't, sacrifice it." (122.1, 701.21a)."""
        return [_p()._Part(RemoveCounterOrSacrifice(_p()._counter(counter, 1)))]
