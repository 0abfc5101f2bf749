"""The grammar's transformers of ward (702.21; issue 22, pool-keywords; cards/model_ward.py) and of
cumulative upkeep (702.24, cards/model_cumulative_upkeep.py), two keywords that are triggered
abilities: a
mixin of `parser._Build`, its methods named after their grammar aliases; the parser's helpers are
read from `simulator.cards.parser` as the methods run (that module imports this one)."""
from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args

from simulator.cards.model import BeginningOfYourStep, Keyword, Keywords, StaticAbilityLine, TriggeredAbility
from simulator.cards.model_cumulative_upkeep import CumulativeUpkeep
from simulator.cards.model_ward import BecomesTargetOfOpponent, CounterUnlessPays


def _p() -> Any:
    from simulator.cards import parser
    return parser


def _ward(symbols: tuple[Token, ...]) -> TriggeredAbility:
    """702.21a: "Ward {2}" is "Whenever this permanent becomes the target of a spell or ability an
    opponent controls, counter that spell or ability unless that player pays {2}."."""
    cost = _p().parse_mana_cost("".join(str(s) for s in symbols))
    if cost.x or cost.hybrid:
        raise _p()._Problem("a ward cost with {X} or hybrid mana is not supported")
    return TriggeredAbility(BecomesTargetOfOpponent(), (CounterUnlessPays(cost.generic, tuple(cost.symbols)),), "")


@v_args(inline=True)
class WardTransforms(Transformer[Any, Any]):
    """The `ward*` transformers of `parser._Build`."""

    def ward(self, *symbols: Token) -> TriggeredAbility:
        return _ward(symbols)

    def ward_with_keywords(self, *parts: Token) -> Any:
        """"Flying, ward {2}" / "Trample, ward {2}": the keywords' static line, then ward's
        triggered ability (two abilities of one line, each with its part of the text)."""
        words = [p for p in parts if p.type == "KEYWORD"]
        symbols = tuple(p for p in parts if p.type != "KEYWORD")
        names = tuple(_p()._word(w).capitalize() for w in words)
        if len(set(names)) != len(names):
            raise _p()._Problem("a keyword is repeated")
        static = StaticAbilityLine(Keyword(names[0]) if len(names) == 1 else Keywords(names), "")
        cost = "".join(str(s) for s in symbols)
        return _p()._Several(((static, ", ".join(n.capitalize() for n in names)), (_ward(symbols), f"Ward {cost}")))

    def cumulative_upkeep(self, *symbols: Token) -> TriggeredAbility:
        """702.24a: "Cumulative upkeep {1}{U}": at the beginning of its controller's upkeep, an age
        counter, then that cost for each age counter, or it is sacrificed."""
        cost = _p().parse_mana_cost("".join(str(s) for s in symbols))
        if cost.x or cost.hybrid:
            raise _p()._Problem("a cumulative upkeep cost with {X} or hybrid mana is not supported")
        return TriggeredAbility(BeginningOfYourStep("upkeep"), (CumulativeUpkeep(cost.generic, tuple(cost.symbols)),), "")

    def cumulative_upkeep_add(self, *symbols: Token) -> TriggeredAbility:
        """702.24a: "Cumulative upkeep—Add {R}." (Braid of Fire): paying the cost adds that mana."""
        letters = tuple(str(s)[1] for s in symbols)
        return TriggeredAbility(BeginningOfYourStep("upkeep"), (CumulativeUpkeep(0, letters, add=True),), "")
