"""Casting spells (601) and playing lands (305.1, 305.2). The land enters the battlefield through
`actions.EnterBattlefield`; the caller (`decide`) gives priority afterwards (117.3c)."""
from __future__ import annotations

from typing import Any, Callable

from simulator.game import events as ev
from simulator.cards import model as m
from simulator.base.errors import IllegalAction
from simulator.game.layers import all_characteristics
from simulator.game.selectors import casting_effects, spells_cast_this_turn
from simulator.game.state import GameState
from simulator.rules.actions import EnterBattlefield
from simulator.rules.cast_costs import base_cost, chosen_costs, pay_other_costs
from simulator.rules.context import Ctx, Frame
from simulator.rules.modal import announced_mode
from simulator.rules.reductions import reduced, spell_reduction
from simulator.rules.payment import Spend, activate_purpose, cast_purpose, spend_from_pool
from simulator.rules.spend_riders import spent_on_spell, with_riders
from simulator.rules.queries import choose_targets, require_priority, require_sorcery_timing

TIMING_RULE = {"Sorcery": "307.1", "Creature": "302.1", "Artifact": "301.1", "Enchantment": "303.1",
               "Land": "305.1"}


def _card_in_hand(ctx: Ctx, player: str, name: str) -> str:
    """The card `name` names in the player's hand: its exact id, else its card name."""
    s = ctx.state
    oid = s.current_id(name)            # a handle names its card wherever it moved
    if oid in s.players[player].hand:
        return oid
    if oid in s.objects and s.objects[oid].zone != "moved":
        raise IllegalAction(f"{name} is not in {player}'s hand", "601.2a")
    for oid in s.players[player].hand:
        if s.objects[oid].card.lower() == name.lower():
            return oid
    raise IllegalAction(f"there is no {name} in {player}'s hand", "601.2a")


def counts_colors_spent(card: m.CardDefinition) -> bool:
    """Whether the card's text reads the mana spent to cast it (Converge: "for each color of mana
    spent to cast it"; Adamant: "If at least three white mana was spent ..."): then the payment
    records which spell it paid for."""
    return any(isinstance(a, m.ReplacementAbility) and isinstance(a.effect, m.EntersWithCountedCounters)
               and ((a.effect.count is not None and a.effect.count.measure == "colors_spent")
                    or isinstance(a.effect.condition, (m.ManaSpentAtLeast, m.ColorsSpentFewerThan)))
               for a in card.abilities)


def timing_rule(card: m.CardDefinition) -> str:
    for t in ("Sorcery", "Creature", "Artifact", "Enchantment", "Land"):
        if t in card.types:
            return TIMING_RULE[t]
    return "307.1"


def has_flash(card: m.CardDefinition) -> bool:
    """702.8a: "Flash" lets its controller cast the spell any time they could cast an instant."""
    return any(isinstance(a, m.StaticAbilityLine) and (
        (isinstance(a.effect, m.Keyword) and a.effect.name == "Flash")
        or (isinstance(a.effect, m.Keywords) and "Flash" in a.effect.names)) for a in card.abilities)


def instant_speed(card: m.CardDefinition) -> bool:
    """117.1a: an instant (or a spell with flash, 702.8a) may be cast whenever its controller has
    priority, also with objects on the stack; any other spell keeps 307.1's timing."""
    return "Instant" in card.types or has_flash(card)


def cant_cast(state: GameState, cards: m.Cards, player: str, card: m.CardDefinition) -> str:
    """601.3: why an effect prohibits `player` from casting `card` now ("" if none does): "You can
    cast only one more spell this turn." once they cast that one (Irencrag Feat), "You can't cast
    noncreature spells." of a permanent they control (Nikya of the Old Ways; 101.2)."""
    cast = sum(1 for c in spells_cast_this_turn(state) if c.player == player)
    for effect in casting_effects(state, player):
        if effect.kind == "one_more" and cast - effect.cast >= 1:
            return f"only one more spell could be cast this turn ({effect.source_card}), and it was"
    cost = card.mana_cost or m.ManaCost()
    chars = all_characteristics(state, cards)
    for oid in chars.statics:
        if state.objects[oid].controller != player:
            continue
        for ref in chars[oid].statics(m.CantCastSpells):
            if ref.ability.effect.spell.admits(card.types, card.subtypes, card.supertypes, cost.mana_value):
                return f"{ref.text} ({chars[oid].name})"
    return ""


def flash_this_turn(state: GameState, player: str, card: m.CardDefinition) -> bool:
    """"You may cast [creature] spells this turn as though they had flash." (611.2a, 702.8a): an
    effect of this turn lets `player` cast `card` any time they could cast an instant; such
    effects end in the cleanup step (514.2)."""
    return state.step != "cleanup" and any(
        e.kind == "flash" and (not e.types or any(t in card.types for t in e.types))
        for e in casting_effects(state, player))


WhilePaying = Callable[[Ctx, int], None]


def kicker_of(card: m.CardDefinition) -> m.Kicker | None:
    """The card's "Kicker [cost]" / "Multikicker [cost]" (702.33a, 702.33c), if any."""
    return next((a.effect for a in card.abilities
                 if isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.Kicker)), None)


def has_kicker(card: m.CardDefinition) -> bool:
    return kicker_of(card) is not None


def kicked_cost(card: m.CardDefinition, cost: m.ManaCost, kicked: int) -> m.ManaCost:
    """601.2f: the total cost is the mana cost plus the kicker cost once per kick (702.33a,
    702.33c); refused if the card has no kicker (702.33a) or is kicked twice without multikicker."""
    if not kicked:
        return cost
    kicker = kicker_of(card)
    if kicker is None:
        raise IllegalAction(f"{card.name} has no kicker", "702.33a")
    if kicked > 1 and not kicker.multi:
        raise IllegalAction(f"{card.name}'s kicker can be paid only once (it is not multikicker)", "702.33a")
    k = kicker.cost
    return m.ManaCost(generic=cost.generic + kicked * k.generic, x=cost.x, symbols=cost.symbols + k.symbols * kicked,
                      hybrid=cost.hybrid + k.hybrid * kicked)


def _uncounterable(units: tuple[dict[str, Any], ...]) -> bool:
    """Whether mana spent says "that spell can't be countered" (Cavern of Souls, Delighted Halfling)."""
    return any((u.get("restriction") or {}).get("uncounterable") for u in units)


def cast(ctx: Ctx, player: str, name: str, x: int | None, pay: str | None, targets: tuple[str, ...],
         while_paying: WhilePaying | None = None, pay_restricted: str | None = None, kicked: int = 0,
         sacrifice: tuple[str, ...] = (), alternative: bool = False, returned: tuple[str, ...] = (),
         mode: int = 0) -> list[Frame]:
    """601.2: the spell moves to the stack (601.2a), its targets are chosen (601.2c) and its total
    cost determined (601.2f); `while_paying` activates the mana abilities of `pay_with` then
    (601.2g); the cost is paid from the pool as it is after them (601.2h); only then has the
    spell become cast (601.2i). A target sacrificed while paying stays chosen: the spell is
    checked again as it resolves (608.2b). `sacrifice`, `alternative` and `returned` pay its
    additional and alternative costs (rules/cast_costs.py: chosen at 601.2b, paid at 601.2h)."""
    s = ctx.state
    require_priority(s, player)
    oid = _card_in_hand(ctx, player, name)
    card = ctx.cards.get(s.objects[oid].card)
    if "Land" in card.types:
        raise IllegalAction(f"{card.name} is a land: lands are played, not cast", "305.9")
    why = cant_cast(s, ctx.cards, player, card)
    if why:
        raise IllegalAction(why, "601.3")
    if not instant_speed(card) and not flash_this_turn(s, player, card):
        require_sorcery_timing(s, player, timing_rule(card))
    x = x or 0
    printed = card.mana_cost or m.ManaCost()
    if x and not printed.x:
        raise IllegalAction(f"{card.name} has no {{X}} in its mana cost", "107.3")
    mana_value = printed.mana_value + x * printed.x   # 202.3, 202.3e: of the mana cost, never the kicker
    modes, spec = announced_mode(s, ctx.cards, card, mode, player)            # 601.2b: a modal spell's mode
    others = chosen_costs(ctx, player, card, oid, sacrifice, alternative, returned)   # 601.2b
    cost = base_cost(card, others.alternative)  # 601.2f: an alternative cost instead of the mana cost (118.9)
    cost = kicked_cost(card, cost, kicked)      # 601.2b: announced; 601.2f: added to the total cost
    chosen = choose_targets(s, ctx.cards, spec, player, targets, card.name)     # 601.2c (700.2c: the mode's)
    purpose = cast_purpose(card, mana_value, kicked, owned=s.objects[oid].owner == player, cost_x=cost.x > 0)
    by = spell_reduction(s, ctx.cards, card, oid, player)     # 601.2f: determined before paying
    if by:
        cost, x_paid = reduced(cost, by, x), 0
    else:
        x_paid = x

    def paid() -> Spend:
        return spend_from_pool(ctx.state.players[player], cost, x_paid, pay, f"cast {card.name}", "601.2h", purpose,
                               pay_restricted)

    if while_paying is None:
        spend = paid()
    spell_id = ctx.new_id(card.name)
    seq = ctx.emit(ev.SpellCast(player=player, card=card.name, object_id=oid, spell_id=spell_id, x=x,
                              targets=chosen, kicked=kicked, alternative=others.alternative, modes=modes), "601.2",
                   defer_triggers=True)
    for effect in casting_effects(ctx.state, player):
        if effect.kind == "next_uncounterable":    # "The next spell you cast this turn can't be countered."
            ctx.emit(ev.SpellMadeUncounterable(spell_id=spell_id, source="", source_card=effect.source_card,
                                               next_spell=True), "101.2", seq)
            break
    if while_paying is not None:
        while_paying(ctx, seq)
        spend = paid()
    if spend.mana:
        # the spell is named when mana with a rider pays for it (106.6) or its card counts the mana
        # spent to cast it (Converge, Adamant); else the payload stays as it was
        spent = ctx.emit(ev.ManaSpent(player=player, mana=spend.mana, units=spend.units or None,
                                      spell=spell_id if with_riders(spend.units) or counts_colors_spent(card)
                                      or _uncounterable(spend.units) else None), "601.2h", seq)
        spent_on_spell(ctx, spend.units, spell_id, spent)
    pay_other_costs(ctx, card, others, seq)     # 601.2h: sacrifices and returns
    ctx.release_triggers()      # 601.2i: now it has become cast
    return []


def extra_land_plays(state: GameState, cards: m.Cards, player: str) -> int:
    """305.2: the additional lands the statics `player` controls let them play during their own
    turn ("You may play an additional land on each of your turns."), read now."""
    if state.active != player:
        return 0
    chars = all_characteristics(state, cards)
    return sum(eff.count for oid in chars.statics if state.objects[oid].controller == player
               for ref in chars[oid].statics(m.AdditionalLandEachTurn)
               for eff in (ref.ability.effect,))


def play_land(ctx: Ctx, player: str, name: str) -> list[Frame]:
    s = ctx.state
    require_priority(s, player)
    oid = _card_in_hand(ctx, player, name)
    card = ctx.cards.get(s.objects[oid].card)
    if "Land" not in card.types:
        raise IllegalAction(f"{card.name} is not a land", "305.1")
    require_sorcery_timing(s, player, "305.1")
    p = s.players[player]
    if p.lands_played >= p.land_plays + extra_land_plays(s, ctx.cards, player):
        raise IllegalAction(f"{player} has already played {p.lands_played} land(s) this turn", "305.2")
    seq = ctx.emit(ev.LandPlayed(player=player, card=card.name, object_id=oid), "305.1")
    return [EnterBattlefield(oid, player, seq, "305.1", "played")]


