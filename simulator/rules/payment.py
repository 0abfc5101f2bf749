"""Paying mana costs from the pool (601.2h, 602.2h).

Without `pay`, GAME_FORMAT.md fixes the payment: coloured symbols first with
mana of that colour, then generic with colorless first, then W, U, B, R, G.
With `pay`, the letters must be in the pool and pay the cost exactly.
"""
from __future__ import annotations

from collections import Counter
from typing import Mapping

from simulator.cards import model as m
from simulator.base.errors import IllegalAction
from simulator.base.symbols import mana_text

GENERIC_ORDER = ("C", "W", "U", "B", "R", "G")


def cost_text(cost: m.ManaCost, x: int) -> str:
    generic = cost.generic + x * cost.x
    return m.ManaCost(generic=generic, symbols=cost.symbols).text()


def pay_mana(pool: Mapping[str, int], cost: m.ManaCost | None, x: int, pay: str | None, what: str,
             rule: str = "601.2h") -> dict[str, int]:
    """The mana spent from `pool` to pay `cost` with X=`x`; IllegalAction if it cannot be paid."""
    if cost is None:
        return {}
    have = Counter({k: v for k, v in dict(pool).items() if v})
    need_generic = cost.generic + x * cost.x
    symbols = Counter(cost.symbols)
    shown = cost_text(cost, x)
    if pay is not None:
        offered = Counter(pay.upper())
        if offered - have:
            raise IllegalAction(f"the pool ({mana_text(dict(have)) or 'empty'}) does not hold "
                                f"{mana_text(dict(offered))}", rule)
        rest = offered.copy()
        for sym, n in symbols.items():
            if rest[sym] < n:
                raise IllegalAction(f"{mana_text(dict(offered)) or 'nothing'} does not pay {shown}", rule)
            rest[sym] -= n
        if sum(rest.values()) != need_generic:
            raise IllegalAction(f"{mana_text(dict(offered)) or 'nothing'} does not pay {shown} exactly", rule)
        return dict(+offered)
    spent: Counter[str] = Counter()
    left = have.copy()
    for sym, n in symbols.items():
        if left[sym] < n:
            raise IllegalAction(f"not enough mana to pay {shown}: the pool holds "
                                f"{mana_text(dict(have)) or 'nothing'}", rule)
        left[sym] -= n
        spent[sym] += n
    for t in GENERIC_ORDER:
        if not need_generic:
            break
        take = min(left[t], need_generic)
        left[t] -= take
        spent[t] += take
        need_generic -= take
    if need_generic:
        raise IllegalAction(f"not enough mana to pay {shown}: the pool holds "
                            f"{mana_text(dict(have)) or 'nothing'}", rule)
    return dict(+spent)
