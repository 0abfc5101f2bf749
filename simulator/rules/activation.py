"""Activating abilities (602) and paying their costs ({T} 107.5, {Q} 107.6, life 119.4,
sacrifice 701.21). A mana ability then resolves at once (605.3b: `mana_abilities`); any
other goes on the stack (602.2a). The caller (`decide`) gives priority afterwards (117.3c).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, Callable

from simulator.game import events as ev
from simulator.cards import model as m
from simulator.game.conditions import describe_condition, holds
from simulator.game.layers import AbilityRef, all_characteristics, characteristics
from simulator.base.errors import IllegalAction
from simulator.game.selectors import select
from simulator.game.state import GameObject
from simulator.rules.actions import sacrifice_permanent, skip_next_untap
from simulator.rules.choices import asks_mana_payment
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.mana_abilities import ProduceMana, planned_mana
from simulator.rules.reductions import ability_cost
from simulator.rules.payment import Spend, activate_purpose, cast_purpose, spend_from_pool
from simulator.rules.queries import (choose_targets, require_priority, require_sorcery_timing, resolve_in_zone,
                      resolve_permanent, summoning_sick)


def _norm(text: str) -> str:
    return text.strip().rstrip(".").strip().lower()


_REMINDER = re.compile(r"\s*\([^()]*\)")
_THIS = re.compile(r"\bthis (?:land|creature|artifact|enchantment|aura|permanent)\b", re.IGNORECASE)


def _older_wordings(text: str, card: str | None) -> set[str]:
    """The ability's text as older Oracle wordings wrote it: without its reminder text, and with
    the card's own name where today's text says "this land", "this creature", ..."""
    plain = _REMINDER.sub("", text)
    out = {_norm(plain)}
    if card:
        out.add(_norm(_THIS.sub(card, plain)))
    return out


def select_ability(acts: list[AbilityRef], which: int | str | None, name: str,
                   card: str | None = None) -> tuple[int, AbilityRef]:
    """GAME_FORMAT: a 1-based number, or the text as the object shows it now (or in the older
    wording that names the card, `card`, for "this land" and leaves out reminder text: the
    built-in cards' texts before they were the Oracle data's); omitted if only one."""
    if not acts:
        raise IllegalAction(f"{name} has no activated abilities", "602.1")
    if which is None:
        if len(acts) != 1:
            listing = "; ".join(f"{i}: {a.text}" for i, a in enumerate(acts, 1))
            raise IllegalAction(f"{name} has {len(acts)} activated abilities, say which ({listing})", "602.2")
        return 1, acts[0]
    if isinstance(which, int):
        if not 1 <= which <= len(acts):
            raise IllegalAction(f"{name} has no activated ability {which} (it has {len(acts)})", "602.2")
        return which, acts[which - 1]
    for i, a in enumerate(acts, 1):
        if _norm(a.text) == _norm(which):
            return i, a
    for i, a in enumerate(acts, 1):
        if _norm(which) in _older_wordings(a.text, card):
            return i, a
    listing = "; ".join(f"{i}: {a.text}" for i, a in enumerate(acts, 1))
    raise IllegalAction(f"{name} has no activated ability {which!r} ({listing})", "602.2")


@dataclass(frozen=True)
class ActivationPlan:
    """An activation checked against the rules (602.2b-h), nothing done yet: which ability, its
    targets, the mana to spend, what to sacrifice and, for a mana ability, the mana it makes."""

    player: str
    source: str
    card: str
    number: int
    ref: AbilityRef
    cost: m.Cost
    targets: tuple[str, ...]
    spend: Spend
    sacrificed: tuple[str, ...]
    mana: dict[str, Any] | None
    pay_restricted: str | None = None   # which paid letters come from restricted mana (106.6)
    x: int = 0                          # X of the cost (107.3), announced with it (602.2b, 601.2b)
    tapped: tuple[str, ...] = ()        # chosen for "Tap an untapped creature you control"
    discarded: tuple[str, ...] = ()     # chosen for "Discard a card"
    # "Remove a counter from this creature" (any kind): the kind of each counter removed (122.1)
    counter_kinds: tuple[str, ...] = ()


@dataclass(frozen=True)
class ManaPayment:
    """One entry of `pay_with`: a mana ability activated while paying a cost (601.2g, 602.2b),
    with the keys of an `activate` action."""

    source: str
    ability: int | str | None = None
    sacrifice: tuple[str, ...] = ()
    mana: str | None = None
    targets: tuple[str, ...] = ()
    x: int | None = None
    tap: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()


def cost_has_x(cost: m.Cost) -> bool:
    """107.3: the cost has an X for its controller to announce ({X}, "Remove X storage counters",
    "Remove any number of charge counters")."""
    return bool(cost.mana and cost.mana.x) or bool(cost.remove_counters and cost.remove_counters[1] == "X")


def plan_activation(ctx: Ctx, player: str, source: str, which: int | str | None, sacrifice: tuple[str, ...],
                    mana_choice: str | None, targets: tuple[str, ...], *, mana_later: bool = False,
                    while_paying: bool = False, pay_restricted: str | None = None,
                    x: int | None = None, tap: tuple[str, ...] = (),
                    discard: tuple[str, ...] = (), counters: tuple[str, ...] = ()) -> ActivationPlan:
    """Every check of an activation, as a plan; IllegalAction (naming the rule) if it is not legal.
    `mana_later`: the mana cost is paid after `pay_with` (its spend is worked out then).
    `while_paying`: a `pay_with` entry, made while the player pays a cost: only a mana ability
    may be activated then (605.3a)."""
    s = ctx.state
    if not (while_paying and asks_mana_payment(s.pending, player)):
        require_priority(s, player)
    in_hand = _card_in_hand(ctx, player, source) or _card_in_graveyard(ctx, player, source)
    oid = in_hand or resolve_permanent(s, source, ctx.cards)
    o = s.objects[oid]
    chars = characteristics(s, oid, ctx.cards)
    number, ref = select_ability(chars.activated_in_zone(o.zone), which, oid, o.card)
    ab: m.ActivatedAbility = ref.ability
    if while_paying and not ab.is_mana_ability:
        raise IllegalAction(f"{ref.text!r} of {oid} is not a mana ability: only mana abilities may be "
                            f"activated while paying a cost", "605.3a")
    if in_hand is None and o.controller != player:
        raise IllegalAction(f"it is controlled by {o.controller}", "602.2")
    if ab.sorcery_speed:
        require_sorcery_timing(s, player, "602.5d")
    if ab.instant_speed and while_paying:
        raise IllegalAction(f"{ref.text!r} can be activated only as an instant: with priority, not while "
                            f"paying a cost", "602.5e")
    if ab.is_loyalty_ability:
        require_loyalty_activation(ctx, o, ab, ref.text)
    if ab.condition is not None and not holds(s, ctx.cards, ab.condition, you=player, source=oid):
        words = describe_condition(ab.condition)
        raise IllegalAction(f"{ref.text!r} can be activated only {words if words.startswith('during') else 'if ' + words}",
                            "602.5b")
    if ab.per_turn and activated_this_turn(o, s.turn, activation_key(ref)) >= ab.per_turn:
        times = "once" if ab.per_turn == 1 else "twice" if ab.per_turn == 2 else f"{ab.per_turn} times"
        raise IllegalAction(f"{ref.text!r} of {oid} can be activated only {times} each turn, and it was "
                            f"activated {times} this turn", "602.5b")
    if ab.once and activated_this_turn(o, ONCE_TURN, activation_key(ref)):
        raise IllegalAction(f"{ref.text!r} of {oid} can be activated only once, and it was activated", "602.5b")
    cost = ab.cost
    if x and not cost_has_x(cost):
        raise IllegalAction(f"the cost of {ref.text!r} has no X (omit `x`)", "107.3")
    x = x or 0
    cost = ability_cost(s, ctx.cards, ab, oid, player, x)     # 601.2f, 602.2b: determined before paying
    if cost.tap and o.tapped:
        raise IllegalAction("it is tapped", "107.5")
    if cost.untap and not o.tapped:
        raise IllegalAction("it is untapped", "107.6")
    if (cost.tap or cost.untap) and chars.is_creature and summoning_sick(s, o) and not chars.has_keyword("Haste"):
        raise IllegalAction(f"it is a creature that has not been under {player}'s control "
                            f"continuously since their most recent turn began (summoning sickness)", "302.6")
    if cost.life and s.players[player].life < cost.life:
        raise IllegalAction(f"{player} cannot pay {cost.life} life with a life total of "
                            f"{s.players[player].life}", "119.4")
    if cost.energy and s.players[player].energy < cost.energy:
        raise IllegalAction(f"{player} cannot pay {'{E}' * cost.energy} with {s.players[player].energy} energy", "107.14")
    counter_kinds: tuple[str, ...] = ()
    if cost.remove_counters and not cost.remove_counters[0]:
        counter_kinds = _counters_chosen(o, int(cost.remove_counters[1]), counters)
    elif counters:
        raise IllegalAction(f"the cost of {ref.text!r} does not remove counters of any kind (omit `counters`)", "602.2h")
    elif cost.remove_counters:
        kind, printed = cost.remove_counters
        n = x if printed == "X" else int(printed)
        if o.counters.get(kind, 0) < n:
            raise IllegalAction(f"it has {o.counters.get(kind, 0)} {kind} counter(s), the cost removes {n}", "118.3")
    if cost.mill and len(s.players[player].library) < cost.mill:
        raise IllegalAction(f"{player} cannot mill {cost.mill} card(s) with {len(s.players[player].library)} in "
                            f"their library to pay the cost", "701.17b")
    sacrificed: list[str] = []
    if cost.sacrifice:
        sacrificed = _choose_sacrifice(ctx, player, cost.sacrifice, sacrifice, oid)
    elif sacrifice:
        raise IllegalAction(f"the cost of {ref.text!r} has no \"Sacrifice a ...\"", "602.2")
    tapped: tuple[str, ...] = ()
    if cost.tap_untapped:
        tapped = _choose_tapped(ctx, player, oid, cost, tap)
    elif cost.crew:
        tapped = _choose_crew(ctx, player, oid, cost.crew, tap)
    elif tap:
        raise IllegalAction(f"the cost of {ref.text!r} has no \"Tap an untapped ...\"", "602.2")
    discarded: tuple[str, ...] = ()
    if cost.discard:
        discarded = _choose_discarded(ctx, player, oid, cost.discard, discard)
    elif discard:
        raise IllegalAction(f"the cost of {ref.text!r} has no \"Discard a card\"", "602.2")
    chosen_targets = choose_targets(s, ctx.cards, ab.targets, player, targets, ref.text, oid)
    spend = Spend({})
    if cost.mana and not mana_later:
        spend = _spend(ctx, player, cost.mana, oid, pay_restricted, x)   # the object, whatever `source` named it by
    base = None
    if ab.is_mana_ability:
        base = planned_mana(ctx, player, oid, ab, mana_choice, x, tuple(sacrificed))
    elif mana_choice:
        raise IllegalAction(f"{ref.text!r} does not add mana", "605.1a")
    return ActivationPlan(player, oid, o.card, number, ref, cost, chosen_targets, spend, tuple(sacrificed), base,
                          pay_restricted, x, tapped, discarded, counter_kinds)


def _counters_chosen(o: GameObject, n: int, named: tuple[str, ...]) -> tuple[str, ...]:
    """"Remove a counter from this creature" / "Remove two counters ..." (122.1, 602.2h): counters of
    any kinds, as its controller chooses (the `counters` key: one kind per counter); without the
    key, the kinds are those it has when no choice is left (one kind, or exactly `n` counters)."""
    have = {k: v for k, v in o.counters.items() if v > 0}
    total = sum(have.values())
    if total < n:
        raise IllegalAction(f"it has {total} counter(s), the cost removes {n}", "118.3")
    if not named:
        if len(have) == 1:
            return (next(iter(have)),) * n
        if total == n:
            return tuple(k for k, v in sorted(have.items()) for _ in range(v))
        raise IllegalAction(f"it has counters of several kinds ({', '.join(sorted(have))}): name the {n} "
                            f"removed with `counters`", "602.2h")
    if len(named) != n:
        raise IllegalAction(f"the cost removes {n} counter(s): name {n} with `counters`, not {len(named)}", "602.2h")
    for kind in set(named):
        if named.count(kind) > have.get(kind, 0):
            raise IllegalAction(f"it has {have.get(kind, 0)} {kind} counter(s), `counters` names {named.count(kind)}",
                                "118.3")
    return tuple(named)


def activation_key(ref: AbilityRef) -> str:
    """Which ability a limit on activations each turn counts (602.5b): its id and, for a granted
    one, the object granting it (each grant is an ability of its own)."""
    return str(ref.id) + (f" granted by {ref.granted_by}" if ref.granted_by else "")


# The turn `ActivationCounted` names for an ability that may be activated "only once" (for that
# object, in any turn): no turn of a game is numbered 0, and the fold keeps these entries.
ONCE_TURN = 0

# What `ActivationCounted` records for any loyalty ability of a permanent: 606.3 limits them together.
LOYALTY_KEY = "loyalty ability"


def require_loyalty_activation(ctx: Ctx, o: GameObject, ab: m.ActivatedAbility, text: str) -> None:
    """606.3: a loyalty ability only when its controller could cast a sorcery (main phase, own
    turn, empty stack) and only if none of that permanent's loyalty abilities was activated this
    turn; 606.6 (118.3): a cost of "−N" cannot be paid without N loyalty counters to remove."""
    s = ctx.state
    require_sorcery_timing(s, o.controller, "606.3")
    if activated_this_turn(o, s.turn, LOYALTY_KEY):
        raise IllegalAction(f"a loyalty ability of {o.id} was already activated this turn: {text!r} cannot be "
                            f"(one loyalty ability of each permanent each turn)", "606.3")
    cost, have = ab.cost.loyalty or 0, o.counters.get("loyalty", 0)
    if cost < 0 and have < -cost:
        raise IllegalAction(f"{o.id} has {have} loyalty counter(s): the cost of {text!r} removes {-cost}", "606.6")


def activated_this_turn(o: GameObject, turn: int, key: str) -> int:
    """How many times `o` activated the ability `key` in `turn` (602.5b); a new object (400.7)
    has activated nothing."""
    return sum(1 for a in o.activations or () if a == f"{turn}|{key}")


def _card_in_hand(ctx: Ctx, player: str, source: str) -> str | None:
    """A card in `player`'s hand (id or unique name) with an ability that functions there
    (702.29a cycling), named by an `activate`; None: the source is a permanent."""
    s = ctx.state
    if source in s.objects and s.objects[source].zone == "battlefield":
        return None
    oid = resolve_in_zone(s, source, list(s.players[player].hand))
    if oid is None or not characteristics(s, oid, ctx.cards).activated_in_hand():
        return None
    return oid


def _card_in_graveyard(ctx: Ctx, player: str, source: str) -> str | None:
    """A card in `player`'s graveyard (id or unique name) with an ability that functions there
    (113.6k), named by an `activate`: only its owner activates it (602.2)."""
    s = ctx.state
    if source in s.objects and s.objects[source].zone == "battlefield":
        return None
    oid = resolve_in_zone(s, source, list(s.players[player].graveyard))
    if oid is None:
        o = s.objects.get(source)
        if o is not None and o.zone == "graveyard" and characteristics(s, source, ctx.cards).activated_in_graveyard():
            raise IllegalAction(f"{source} is in {o.owner}'s graveyard: only its owner may activate its abilities", "602.2")
        return None
    if not characteristics(s, oid, ctx.cards).activated_in_graveyard():
        return None
    return oid


def activate(ctx: Ctx, player: str, source: str, which: int | str | None, sacrifice: tuple[str, ...],
             mana_choice: str | None, targets: tuple[str, ...], pay_with: tuple[ManaPayment, ...] = (),
             *, cause: int | None = None, while_paying: bool = False,
             pay_restricted: str | None = None, x: int | None = None, tap: tuple[str, ...] = (),
             discard: tuple[str, ...] = (), counters: tuple[str, ...] = ()) -> list[Frame]:
    """602.2: announce the ability (a non-mana one goes on the stack first, 602.2a), then pay
    its costs, after activating the mana abilities of `pay_with` (602.2b, 601.2g); a mana
    ability then resolves at once (605.3b). `cause`/`while_paying`: this activation is itself
    a `pay_with` entry of the decision whose event is `cause`."""
    plan = plan_activation(ctx, player, source, which, sacrifice, mana_choice, targets,
                           mana_later=bool(pay_with), while_paying=while_paying, pay_restricted=pay_restricted, x=x,
                           tap=tap, discard=discard, counters=counters)
    ref, ab = plan.ref, plan.ref.ability
    s = ctx.state
    act = ctx.emit(ev.AbilityActivated(player=player, source=plan.source, source_card=plan.card,
                                       ability=ref.id, number=plan.number, text=ref.text,
                                       mana_ability=ab.is_mana_ability, granted_by=ref.granted_by,
                                       granted_by_card=s.objects[ref.granted_by].card if ref.granted_by else None,
                                       targets=plan.targets, x=plan.x),
                   "605.3a" if ab.is_mana_ability else "602.2", cause)
    if not ab.is_mana_ability:   # 602.2a: it goes on the stack first, then its costs are paid
        ctx.emit(ev.AbilityPutOnStack(stack_id=f"ability-{ctx.state.version + 1}", source=plan.source,
                                      source_card=plan.card, controller=player, text=ref.text, kind="activated",
                                      ability=ref.id, targets=plan.targets, x=plan.x),
                 "602.2a", act)
    if ab.is_loyalty_ability:   # 606.3: no other loyalty ability of this permanent this turn
        ctx.emit(ev.ActivationCounted(object_id=plan.source, ability=LOYALTY_KEY, turn=s.turn), "606.3", act)
    if ab.per_turn:   # 602.5b: counted as activated (the costs are paid below or it is illegal)
        ctx.emit(ev.ActivationCounted(object_id=plan.source, ability=activation_key(ref), turn=s.turn), "602.5b", act)
    if ab.once:       # "Activate only once.": counted for good (the turn ONCE_TURN)
        ctx.emit(ev.ActivationCounted(object_id=plan.source, ability=activation_key(ref), turn=ONCE_TURN), "602.5b", act)
    if pay_with:
        activate_while_paying(ctx, player, pay_with, act)
        plan = _recheck(ctx, plan)
    # 602.2h: pay the costs (in any order; recorded in a fixed one: COSTS' order).
    for part, pay in COSTS.items():
        if getattr(plan.cost, part):
            pay(ctx, plan, act)
    if ab.is_mana_ability:
        extra = tuple(i for i, e in enumerate(ab.effects) if not isinstance(e, m.AddMana))
        return [ProduceMana(player=player, source=plan.source, source_card=plan.card, text=ref.text,
                            mana=plan.mana or {}, tapped=plan.cost.tap, cause=act, ability=ref.id,
                            extra_effects=extra)]
    return []


def activate_while_paying(ctx: Ctx, player: str, entries: tuple[ManaPayment, ...], cause: int | None) -> None:
    """601.2g / 602.2b: with the total cost determined and before it is paid, the player
    activates these mana abilities (605.3a); each resolves at once, its triggered mana
    abilities too (605.4a). A choice one of them would wait for cannot be made in the middle
    of a payment here: give it in the entry (`mana`), or activate the ability before casting.
    `cause` None: the player is asked to pay by a pending choice (`asks_mana_payment`) and
    activates them as a decision of their own, which stays pending."""
    for entry in entries:
        frames = activate(ctx, player, entry.source, entry.ability, entry.sacrifice, entry.mana, entry.targets,
                          cause=cause, while_paying=True, x=entry.x, tap=entry.tap, discard=entry.discard)
        agenda = list(reversed(frames))
        while agenda:
            frame = agenda.pop()
            try:
                more = frame.run(ctx)
            except Pause as p:
                raise IllegalAction(f"activating {entry.source} while paying would wait for a {p.choice.kind} choice "
                                    f"({p.choice.prompt}): activate it before, with priority", "601.2g") from None
            agenda.extend(reversed(more))


def _recheck(ctx: Ctx, plan: ActivationPlan) -> ActivationPlan:
    """The costs of `plan` once the mana abilities of `pay_with` resolved (602.2b, 601.2h): the
    source and what is sacrificed must still be there as the cost needs, and the mana cost is
    paid from the pool as it is now."""
    s = ctx.state
    cost = plan.cost
    if (cost.discard_self or cost.exile_self_from_hand) and plan.source not in s.players[plan.player].hand:
        raise IllegalAction(f"{plan.source} left {plan.player}'s hand while its costs were paid", "602.2h")
    if (cost.tap or cost.untap or cost.sacrifice_self or cost.exile_self) and not s.on_battlefield(plan.source):
        raise IllegalAction(f"{plan.source} left the battlefield while its costs were paid", "602.2h")
    if cost.return_self_to_hand and not s.on_battlefield(plan.source):
        raise IllegalAction(f"{plan.source} left the battlefield while its costs were paid", "602.2h")
    if cost.tap and s.objects[plan.source].tapped:
        raise IllegalAction("it became tapped while its costs were paid", "107.5")
    if cost.untap and not s.objects[plan.source].tapped:
        raise IllegalAction("it is untapped", "107.6")
    for card in plan.discarded:
        if card not in s.players[plan.player].hand:
            raise IllegalAction(f"{card}, chosen to be discarded, left {plan.player}'s hand while paying", "701.9a")
    for other in plan.tapped:
        if not s.on_battlefield(other) or s.objects[other].tapped:
            raise IllegalAction(f"{other}, chosen to be tapped for the cost, is no longer an untapped permanent "
                                f"{plan.player} controls", "602.2h")
    for victim in plan.sacrificed:
        if not s.on_battlefield(victim):
            raise IllegalAction(f"{victim}, chosen to be sacrificed, left the battlefield while paying", "701.21a")
    if cost.life and s.players[plan.player].life < cost.life:
        raise IllegalAction(f"{plan.player} cannot pay {cost.life} life with a life total of "
                            f"{s.players[plan.player].life}", "119.4")
    if cost.energy and s.players[plan.player].energy < cost.energy:
        raise IllegalAction(f"{plan.player} cannot pay {'{E}' * cost.energy} with {s.players[plan.player].energy} "
                            f"energy", "107.14")
    if cost.mill and len(s.players[plan.player].library) < cost.mill:
        raise IllegalAction(f"{plan.player} has too few cards in their library left to mill", "701.17b")
    spend = (_spend(ctx, plan.player, cost.mana, plan.source, plan.pay_restricted, plan.x) if cost.mana
             else Spend({}))
    return dataclasses.replace(plan, spend=spend)


def _spend(ctx: Ctx, player: str, cost: m.ManaCost, source: str, pay_restricted: str | None = None,
           x: int = 0) -> Spend:
    """602.2h: the mana cost paid from the pool ({X} as announced, 107.3); restricted mana only
    where it may pay for activating an ability (106.6); `pay_restricted`: which letters come
    from restricted mana."""
    return spend_from_pool(ctx.state.players[player], cost, x, None, f"activate {source}", "602.2h",
                           activate_purpose(ctx.state, ctx.cards, source, cost_x=cost.x > 0), pay_restricted)


def _pay_mana(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    if plan.spend.mana:
        ctx.emit(ev.ManaSpent(player=plan.player, mana=plan.spend.mana, units=plan.spend.units or None), "602.2h", act)


def _tap(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    ctx.emit(ev.PermanentTapped(object_id=plan.source), "107.5", act)


def _untap(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    ctx.emit(ev.PermanentUntapped(object_id=plan.source), "107.6", act)


def _pay_life(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    ctx.emit(ev.LifePaid(player=plan.player, amount=plan.cost.life), "119.4", act)


def _pay_energy(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    """"Pay {E}": that many of its controller's energy counters removed (107.14)."""
    ctx.emit(ev.EnergyPaid(player=plan.player, amount=plan.cost.energy), "107.14", act)


def _sacrifice_self(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    sacrifice_permanent(ctx, plan.source, act)


def _sacrifice_chosen(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    for victim in plan.sacrificed:
        sacrifice_permanent(ctx, victim, act)


def _remove_counters(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    if plan.counter_kinds:     # counters of any kinds, chosen (122.1)
        for kind in dict.fromkeys(plan.counter_kinds):
            ctx.emit(ev.CountersPaid(object_id=plan.source, counter=kind, amount=plan.counter_kinds.count(kind)),
                     "602.2h", act)
        return
    kind, printed = plan.cost.remove_counters or ("", 0)
    n = plan.x if printed == "X" else int(printed)
    if n:     # X = 0: nothing is removed (107.3)
        ctx.emit(ev.CountersPaid(object_id=plan.source, counter=kind, amount=n), "602.2h", act)


def _loyalty(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    """606.4: the cost of a loyalty ability is putting loyalty counters on the permanent or
    removing them from it ("[0]" does neither: nothing is paid)."""
    n = plan.cost.loyalty or 0
    if n > 0:
        ctx.emit(ev.CountersPlaced(object_id=plan.source, counter="loyalty", amount=n), "606.4", act)
    elif n < 0:
        ctx.emit(ev.CountersPaid(object_id=plan.source, counter="loyalty", amount=-n), "606.4", act)


def _put_counters(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    """"Put a -1/-1 counter on this creature:" (602.2h): it may be paid whatever the creature's
    toughness; one with toughness 0 is put into its owner's graveyard at the next check (704.5f)."""
    kind, n = plan.cost.put_counters or ("", 0)
    ctx.emit(ev.CountersPlaced(object_id=plan.source, counter=kind, amount=n), "602.2h", act)


def _tap_untapped(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    for other in plan.tapped:
        ctx.emit(ev.PermanentTapped(object_id=other), "602.2h", act)


def _exile_from_graveyard(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    """"Exile this card from your graveyard": it moves to exile as the cost is paid (602.2h, 406)."""
    ctx.move(plan.source, "exile", "exiled", "602.2h", act)


def _exile_from_hand(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    """The card moves from its owner's hand to exile as the cost is paid (602.2h, 406)."""
    ctx.move(plan.source, "exile", "exiled", "602.2h", act)


def _exile_self(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    """"Exile this land" (602.2h): the source moves from the battlefield to exile (406)."""
    ctx.move(plan.source, "exile", "exiled", "602.2h", act)


def _discard(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    """701.9a: the chosen cards move from the hand to the graveyard."""
    for card in plan.discarded:
        ctx.move(card, "graveyard", "discarded", "701.9a", act)


def _mill(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    """701.17a: the top card(s) of the library into the graveyard."""
    for _ in range(plan.cost.mill):
        top = ctx.state.players[plan.player].library[0]
        ctx.move(top, "graveyard", "milled", "701.17a", act)


def _discard_hand(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    """"Discard your hand" (701.9a): every card in its controller's hand to the graveyard, in the
    hand's order (none: the cost is paid all the same)."""
    for card in list(ctx.state.players[plan.player].hand):
        ctx.move(card, "graveyard", "discarded", "701.9a", act)


def _discard_self(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    """701.9a: the card moves from its owner's hand to their graveyard (the cycling cost)."""
    ctx.move(plan.source, "graveyard", "discarded", "701.9a", act)


def _return_self_to_hand(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    """"Return this creature to its owner's hand" (602.2h): the source moves from the battlefield
    to its owner's hand (400.7: a new object; a token ceases to exist, 111.8)."""
    ctx.move(plan.source, "hand", "returned", "602.2h", act)


def _exert(ctx: Ctx, plan: ActivationPlan, act: int) -> None:
    """"Exert this creature" (701.43a): it won't untap during its controller's next untap step;
    exerted again before then, the same untap step (701.43b)."""
    skip_next_untap(ctx, plan.source, plan.player, act, "701.43a")


# One payment per part of a cost (a field of `Cost`), in the order they are recorded.
COSTS: dict[str, Callable[[Ctx, ActivationPlan, int], None]] = {
    "mana": _pay_mana, "tap": _tap, "untap": _untap, "life": _pay_life, "energy": _pay_energy,
    "sacrifice_self": _sacrifice_self, "sacrifice": _sacrifice_chosen, "remove_counters": _remove_counters,
    "put_counters": _put_counters,
    "discard_self": _discard_self, "tap_untapped": _tap_untapped, "mill": _mill,
    "discard": _discard, "discard_hand": _discard_hand, "exile_self_from_hand": _exile_from_hand,
    "exile_self_from_graveyard": _exile_from_graveyard, "crew": _tap_untapped, "loyalty": _loyalty,
    "exile_self": _exile_self,
    "exert": _exert,
    "return_self_to_hand": _return_self_to_hand,
}


def _choose_discarded(ctx: Ctx, player: str, source: str, n: int, refs: tuple[str, ...]) -> tuple[str, ...]:
    """"Discard a card": cards of its controller's hand (701.9a), chosen (`discard`); not the
    card whose ability it is, if that is in the hand."""
    s = ctx.state
    hand = [oid for oid in s.players[player].hand if oid != source]
    if len(refs) != n:
        raise IllegalAction(f"choose {n} card(s) in {player}'s hand to discard (key `discard`)", "701.9a")
    out: list[str] = []
    for ref in refs:
        oid = resolve_in_zone(s, str(ref), [h for h in hand if h not in out])
        if oid is None:
            raise IllegalAction(f"{ref} is not a card in {player}'s hand to discard", "701.9a")
        out.append(oid)
    return tuple(out)


def _choose_tapped(ctx: Ctx, player: str, source: str, cost: m.Cost, refs: tuple[str, ...]) -> tuple[str, ...]:
    """"Tap an untapped creature you control" / "Tap three untapped Elves you control": that many
    different untapped permanents of a kind the cost names, chosen by its controller (`tap`).
    302.6 limits only {T} and {Q} costs of a creature's own abilities: a creature that came under
    its control this turn may be tapped for it, the source too. With {T} in the same cost the
    source is tapped by that symbol, so it cannot be one of those chosen; "Tap another untapped
    artifact you control" never names the source (109.2, `Selector.other`)."""
    s = ctx.state
    n, kinds = cost.tap_untapped or (0, ())
    words = " or ".join(k.noun for k in kinds)
    if len(refs) != n:
        raise IllegalAction(f"choose {n} untapped {words} {player} controls to tap (key `tap`)", "602.2h")
    mine = [oid for oid in s.battlefield if s.objects[oid].controller == player]
    out: list[str] = []
    for ref in refs:
        oid = resolve_in_zone(s, str(ref), [o for o in mine if o not in out])
        if oid == source and any(k.other for k in kinds):
            raise IllegalAction(f"{oid} is the source: the cost taps another {words}", "109.2")
        if oid is None or not any(oid in select(s, ctx.cards, k, you=player, source=source) for k in kinds):
            article = "an" if words[:1].lower() in "aeiou" else "a"
            raise IllegalAction(f"{ref} is not {article} {words} {player} controls"
                                + (" (each once)" if n > 1 else ""), "602.2h")
        if s.objects[oid].tapped:
            raise IllegalAction(f"{oid} is already tapped: the cost taps an untapped {words}", "602.2h")
        if cost.tap and oid == source:
            raise IllegalAction(f"{oid} is tapped by the {{T}} of the same cost: choose another {words}", "602.2h")
        out.append(oid)
    return tuple(out)


def _choose_crew(ctx: Ctx, player: str, source: str, n: int, refs: tuple[str, ...]) -> tuple[str, ...]:
    """Crew N (702.122a): "Tap any number of other untapped creatures you control with total
    power N or greater": the creatures chosen (`tap`), each once, their power as the layers make
    it now (613.4). 302.6 limits only {T} and {Q} costs of a creature's own abilities: creatures
    that came under their controller's control this turn may crew; the Vehicle itself may not
    ("other")."""
    s = ctx.state
    chars = all_characteristics(s, ctx.cards)
    mine = [oid for oid in s.battlefield if s.objects[oid].controller == player]
    out: list[str] = []
    for ref in refs:
        oid = resolve_in_zone(s, str(ref), [o for o in mine if o not in out])
        if oid is None or oid not in chars or not chars[oid].is_creature:
            raise IllegalAction(f"{ref} is not a creature {player} controls (each once)", "702.122a")
        if oid == source:
            raise IllegalAction(f"{oid} cannot crew itself: Crew taps other creatures", "702.122a")
        if s.objects[oid].tapped:
            raise IllegalAction(f"{oid} is already tapped: Crew taps untapped creatures", "702.122a")
        out.append(oid)
    total = sum(max(chars[oid].power or 0, 0) for oid in out)
    if total < n:
        raise IllegalAction(f"Crew {n}: the creatures tapped (key `tap`) have total power {total}, "
                            f"not {n} or greater", "702.122a")
    return tuple(out)


def _choose_sacrifice(ctx: Ctx, player: str, what: m.Selector, refs: tuple[str, ...], source: str) -> list[str]:
    s = ctx.state
    if len(refs) != 1:
        raise IllegalAction(f"choose one {what.noun} to sacrifice (key `sacrifice`)", "701.21a")
    mine = [oid for oid in s.battlefield if s.objects[oid].controller == player]
    oid = resolve_in_zone(s, str(refs[0]), mine)
    if oid is None or oid not in select(s, ctx.cards, what, you=player, source=source):
        noun = what.noun
        kind = ("another " + noun[6:] if noun.startswith("other ")
                else ("an " if noun[0].lower() in "aeiou" else "a ") + noun)
        raise IllegalAction(f"{refs[0]} is not {kind} {player} controls", "701.21a")
    return [oid]


