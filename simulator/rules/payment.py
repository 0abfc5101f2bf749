"""Paying mana costs from the pool (601.2h, 602.2h).

Without `pay`, GAME_FORMAT.md fixes the payment: coloured symbols first with
mana of that colour, then generic with colorless first, then W, U, B, R, G.
With `pay`, the letters must be in the pool and pay the cost exactly.

A hybrid symbol (107.4e) is paid with one of its halves: without `pay`, after the coloured
symbols, with the first of its colors the pool still holds, else ({2/W}) with two generic;
with `pay`, any way the letters pay the whole cost exactly.
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from simulator.cards import model as m
from simulator.base.errors import IllegalAction
from simulator.base.registry import Registry
from simulator.base.symbols import mana_text
from simulator.game.layers import characteristics, printed_colors
from simulator.game.state import GameState, ManaUnit, Player, pool_units

GENERIC_ORDER = ("C", "W", "U", "B", "R", "G")


def cost_text(cost: m.ManaCost, x: int) -> str:
    generic = cost.generic + x * cost.x
    return m.ManaCost(generic=generic, symbols=cost.symbols, hybrid=cost.hybrid).text()


def _halves(symbol: str) -> list[tuple[str | None, int]]:
    """The ways to pay one hybrid symbol: (a color, 0) or (None, 2 generic) for {2/W}."""
    a, b = symbol.split("/")
    return [(None, 2) if part == "2" else (part, 0) for part in (a, b)]


def pay_mana(pool: Mapping[str, int], cost: m.ManaCost | None, x: int, pay: str | None, what: str,
             rule: str = "601.2h", colored_only: Mapping[str, int] | None = None) -> dict[str, int]:
    """The mana spent from `pool` to pay `cost` with X=`x`; IllegalAction if it cannot be paid.
    `colored_only`: how much of each type in the pool can't be spent to pay generic mana costs
    (106.6: Jegantha's kind of restriction): it pays only colored symbols of its type."""
    if cost is None:
        return {}
    only = Counter({k: v for k, v in dict(colored_only or {}).items() if v})
    have = Counter({k: v for k, v in dict(pool).items() if v})
    need_generic = cost.generic + x * cost.x
    symbols = Counter(cost.symbols)
    shown = cost_text(cost, x)
    if pay is not None and cost.hybrid:
        offered = Counter(pay.upper())
        if offered - have:
            raise IllegalAction(f"the pool ({mana_text(dict(have)) or 'empty'}) does not hold "
                                f"{mana_text(dict(offered))}", rule)
        for way in itertools.product(*(_halves(h) for h in cost.hybrid)):
            need = symbols + Counter(c for c, _ in way if c)
            generic = need_generic + sum(g for _, g in way)
            rest = offered - need
            if (not need - offered and sum(rest.values()) == generic
                    and all(n <= have[t] - only[t] for t, n in rest.items())):   # 106.6
                return dict(+offered)
        raise IllegalAction(f"{mana_text(dict(offered)) or 'nothing'} does not pay {shown} exactly", rule)
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
        for t, n in rest.items():
            if n > have[t] - only[t]:
                raise IllegalAction(f"{mana_text({t: n})} of {mana_text(dict(offered))} would pay generic mana, "
                                    f"and only {max(0, have[t] - only[t])} {{{t}}} in the pool may", "106.6")
        return dict(+offered)
    spent: Counter[str] = Counter()
    left = have.copy()
    for sym, n in symbols.items():
        if left[sym] < n:
            raise IllegalAction(f"not enough mana to pay {shown}: the pool holds "
                                f"{mana_text(dict(have)) or 'nothing'}", rule)
        left[sym] -= n
        spent[sym] += n
        only[sym] = max(0, only[sym] - n)      # colored symbols use mana that pays only them first
    for h in cost.hybrid:
        for color, generic in sorted(_halves(h), key=lambda way: way[0] is None):   # colors first
            if color is None:
                need_generic += generic
                break
            if left[color]:
                left[color] -= 1
                spent[color] += 1
                break
        else:
            raise IllegalAction(f"not enough mana to pay {shown}: the pool holds "
                                f"{mana_text(dict(have)) or 'nothing'}", rule)
    for t in GENERIC_ORDER:
        if not need_generic:
            break
        take = min(left[t] - only[t], need_generic)
        left[t] -= take
        spent[t] += take
        need_generic -= take
    if need_generic:
        raise IllegalAction(f"not enough mana to pay {shown}: the pool holds "
                            f"{mana_text(dict(have)) or 'nothing'}", rule)
    return dict(+spent)


# --------------------------------------------------------------------------- restricted mana (106.6)

@dataclass(frozen=True)
class Purpose:
    """What a payment pays for, as restrictions on mana read it (106.6): casting a spell with
    these card types and subtypes (601.2h), or activating an ability (602.2h)."""

    kind: str                              # "cast" | "activate" | "effect" ("unless you pay {1}", 608.2c)
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    name: str = ""                         # the spell's or the ability's source's card name
    supertypes: tuple[str, ...] = ()       # the spell's ("a legendary spell")
    mana_value: int = 0                    # the spell's, X included (202.3e)
    kicked: int = 0                        # the spell's kicks (702.33d: "kicked spells")
    colors: tuple[str, ...] = ()           # the spell's, or the ability's source's (105.2)
    on_battlefield: bool = False           # the ability's source is a permanent
    owned: bool = True                     # the spell's caster owns it (108.3; cast from their own hand)
    cost_x: bool = False                   # the total cost paid contains {X} (107.3)
    mana_cost_x: bool = False              # the spell's mana cost contains {X}
    # the zone a spell is cast from (601.2a): a hand, the only zone these rules cast spells from
    # ("You can't spend this mana to cast spells from your hand.", Karolina Dean)
    zone: str = "hand"

    def words(self) -> str:
        if self.kind == "effect":
            return f"for an effect of {self.name}"
        return f"for {'casting' if self.kind == 'cast' else 'activating an ability of'} {self.name}"


SpendCheck = Callable[[Any, Purpose], bool]
# One check per restriction kind of `cards.model`: may mana with it pay for this purpose?
SPEND_CHECKS: Registry[SpendCheck] = Registry("mana restrictions")


@SPEND_CHECKS.register(m.SpendOnlyToCast)
def _only_to_cast(r: m.SpendOnlyToCast, purpose: Purpose) -> bool:
    if purpose.kind != "cast":
        return r.abilities
    if r.not_owned and purpose.owned:      # "spells you don't own"
        return False
    return r.admits(purpose.types, purpose.subtypes, purpose.supertypes, purpose.mana_value, purpose.kicked)


@SPEND_CHECKS.register(m.SpendOnlyFor)
def _only_for(r: m.SpendOnlyFor, purpose: Purpose) -> bool:
    """"... to cast artifact spells or activate abilities of artifacts" (106.6): one of its uses."""
    if purpose.kind == "cast":
        return any(k.admits(purpose.types, purpose.subtypes, purpose.supertypes, purpose.colors) for k in r.spells)
    if purpose.kind == "activate":
        return any(k.admits(purpose.types, purpose.subtypes, purpose.colors, purpose.on_battlefield)
                   for k in r.sources)
    return False


def cast_purpose(card: m.CardDefinition, mana_value: int = 0, kicked: int = 0, owned: bool = True,
                 cost_x: bool | None = None) -> Purpose:
    """Casting `card` as restrictions on mana read it (601.2h): its types, colors (202.2); `owned`:
    its caster owns it (108.3); `cost_x`: the total cost has {X} (None: as its mana cost has)."""
    mana_cost_x = bool(card.mana_cost is not None and card.mana_cost.x)
    return Purpose("cast", card.types, card.subtypes, card.name, card.supertypes, mana_value, kicked,
                   printed_colors(card), owned=owned, cost_x=mana_cost_x if cost_x is None else cost_x,
                   mana_cost_x=mana_cost_x)


def activate_purpose(state: GameState, cards: m.Cards, source: str, cost_x: bool = False) -> Purpose:
    """Activating an ability of `source` (602.2h): the source as it is now (613); `cost_x`: the
    ability's cost has {X} (107.3)."""
    chars = characteristics(state, source, cards)
    return Purpose("activate", chars.types, chars.subtypes, state.objects[source].card, chars.supertypes,
                   colors=chars.colors, on_battlefield=source in state.battlefield, cost_x=cost_x)


@SPEND_CHECKS.register(m.SpendOnlyOnXCosts)
def _only_x_costs(r: m.SpendOnlyOnXCosts, purpose: Purpose) -> bool:
    """"Spend this mana only on costs that contain {X}." (Rosheen Meanderer): any part of such a cost."""
    return purpose.cost_x


@SPEND_CHECKS.register(m.SpendOnlyOnCommander)
def _only_commander(r: m.SpendOnlyOnCommander, purpose: Purpose) -> bool:
    """"Spend this mana only to cast your commander.": no commander in these games (903.3)."""
    return False


@SPEND_CHECKS.register(m.SpendOnlyToCastMvOrX)
def _only_mv_or_x(r: m.SpendOnlyToCastMvOrX, purpose: Purpose) -> bool:
    """"... spells with mana value 5 or greater or spells with {X} in their mana costs." (Troyan)."""
    return purpose.kind == "cast" and (purpose.mana_value >= r.min_mana_value or purpose.mana_cost_x)


@SPEND_CHECKS.register(m.NotToCastSpells)
def _not_to_cast(r: m.NotToCastSpells, purpose: Purpose) -> bool:
    """"You can't spend this mana to cast spells [from your hand]." (106.6): anything else."""
    return purpose.kind != "cast" or (r.from_hand and purpose.zone != "hand")


@SPEND_CHECKS.register(m.RiderMana)
def _with_rider(r: m.RiderMana, purpose: Purpose) -> bool:
    """Mana with a rider may be spent any way (106.6: the rider is what spending it does)."""
    return True


@SPEND_CHECKS.register(m.SpendOnlyToCastChosenType)
def _only_chosen_type(r: m.SpendOnlyToCastChosenType, purpose: Purpose) -> bool:
    """Cavern of Souls: a creature spell of the type chosen for the mana's source (205.3m);
    Secluded Courtyard (`or_activate`): or an ability of a creature source of that type, as the
    source is now (602.2h)."""
    kinds = ("cast", "activate") if r.or_activate else ("cast",)
    return (purpose.kind in kinds and "Creature" in purpose.types
            and r.chosen is not None and r.chosen in purpose.subtypes)


@SPEND_CHECKS.register(m.SpendOnlyToActivate)
def _only_to_activate(r: m.SpendOnlyToActivate, purpose: Purpose) -> bool:
    return purpose.kind == "activate"


@SPEND_CHECKS.register(m.NotForGenericCosts)
def _not_for_generic(r: m.NotForGenericCosts, purpose: Purpose) -> bool:
    """It may pay for anything, but only colored symbols (`pay_mana`'s `colored_only`)."""
    return True


def _colored_only(restriction: Any) -> bool:
    return restriction is not None and restriction.get("kind") == "colored"


def _chosen(restriction: Any) -> str:
    """What "the chosen type" of a restriction is (Cavern of Souls), for messages."""
    if restriction is None or restriction.get("kind") != "chosen_type":
        return ""
    return f" (the chosen type: {restriction.get('chosen') or 'none'})"


def may_pay(restriction: Any, purpose: Purpose) -> bool:
    """Whether a unit with this restriction (JSON, or None) may pay for `purpose` (106.6)."""
    if restriction is None:
        return True
    r = m.restriction_from_json(restriction)
    return SPEND_CHECKS[type(r)](r, purpose)


@dataclass(frozen=True)
class Spend:
    """The mana a payment takes from a pool: totals by type, and the restricted units among them
    (each {type, amount, source, restriction}; the rest is unrestricted mana)."""

    mana: dict[str, int]
    units: tuple[dict[str, Any], ...] = ()


def spend_from_pool(p: Player, cost: m.ManaCost | None, x: int, pay: str | None, what: str, rule: str,
                    purpose: Purpose, pay_restricted: str | None = None) -> Spend:
    """601.2h / 602.2h with restricted mana (106.6): the cost is paid with mana the restrictions
    allow for `purpose` (`pay` picks letters among those, as `pay_mana`). Of each type, restricted
    units that may pay are spent before unrestricted ones, oldest first, unless `pay_restricted`
    says exactly which letters come from restricted units (the rest: unrestricted)."""
    units = pool_units(p)
    usable = [u for u in units if may_pay(u.restriction, purpose)]
    barred = [u for u in units if not may_pay(u.restriction, purpose)]
    totals: Counter[str] = Counter()
    only: Counter[str] = Counter()
    for u in usable:
        totals[u.type] += u.amount
        if _colored_only(u.restriction):
            only[u.type] += u.amount
    try:
        spent = pay_mana(totals, cost, x, pay, what, rule, only)
    except IllegalAction:
        blamed = barred + [u for u in usable if _colored_only(u.restriction)]
        if blamed:
            try:
                pay_mana(p.pool, cost, x, pay, what, rule)
            except IllegalAction:
                pass
            else:
                u = blamed[0]
                raise IllegalAction(f"{mana_text({u.type: u.amount})} in the pool (from {u.source}) can't pay "
                                    f"{purpose.words()}: \"{u.restriction['text']}\"{_chosen(u.restriction)}",
                                    "106.6") from None
        raise
    symbols = Counter(cost.symbols) if cost is not None else Counter()
    return Spend(spent, _restricted_taken(usable, spent, pay_restricted, rule, symbols))


def _restricted_taken(usable: list[ManaUnit], spent: dict[str, int], pay_restricted: str | None,
                      rule: str, symbols: Counter[str]) -> tuple[dict[str, Any], ...]:
    wanted = Counter((pay_restricted or "").upper())
    if pay_restricted is not None:
        if wanted - Counter(spent):
            raise IllegalAction(f"pay_restricted {pay_restricted!r} is not part of the mana paid "
                                f"({mana_text(spent)})", rule)
        for t, n in spent.items():
            free = sum(u.amount for u in usable if u.type == t and u.restriction is None)
            if n - wanted[t] > free:
                raise IllegalAction(f"only {free} unrestricted {{{t}}} in the pool: {n - wanted[t]} would be "
                                    f"needed besides pay_restricted {pay_restricted!r}", rule)
    taken: list[dict[str, Any]] = []
    for t, n in spent.items():
        need = wanted[t] if pay_restricted is not None else n
        colored = symbols[t]        # what mana that can't pay generic costs may pay of this type
        # mana that pays only colored symbols first (onto the symbols), then other restricted mana
        for u in sorted(usable, key=lambda u: not _colored_only(u.restriction)):
            if not need:
                break
            if u.type == t and u.restriction is not None:
                k = min(need, u.amount)
                if _colored_only(u.restriction):
                    k = min(k, colored)
                    colored -= k
                    if not k:
                        continue
                taken.append({"type": t, "amount": k, "source": u.source, "restriction": u.restriction})
                need -= k
        if pay_restricted is not None and need:
            raise IllegalAction(f"the pool has no more restricted {{{t}}} that may pay this "
                                f"(pay_restricted {pay_restricted!r})", "106.6")
    return tuple(taken)
