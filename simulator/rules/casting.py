"""Casting spells (601), playing lands (305.1, 305.2) and permanents entering the battlefield
with their replacement effects (614.1c: enters with X counters, 107.3m; "As ... enters, you may
pay 2 life. If you don't, it enters tapped.")."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import events as ev
from ..cards import model as m
from ..errors import IllegalAction
from .queries import choose_targets, require_priority, require_sorcery_timing
from .context import Ctx, Frame, Pause
from .payment import pay_mana
from .priority import PriorityFlow

TIMING_RULE = {"Sorcery": "307.1", "Creature": "302.1", "Artifact": "301.1", "Enchantment": "303.1",
               "Land": "305.1"}
PERMANENT_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")


def _card_in_hand(g: Ctx, player: str, name: str) -> str:
    s = g.state
    for oid in s.players[player].hand:
        if s.objects[oid].card.lower() == name.lower():
            return oid
    raise IllegalAction(f"there is no {name} in {player}'s hand", "601.2a")


def timing_rule(card: m.CardDefinition) -> str:
    for t in ("Sorcery", "Creature", "Artifact", "Enchantment", "Land"):
        if t in card.types:
            return TIMING_RULE[t]
    return "307.1"


def cast(g: Ctx, player: str, name: str, x: int | None, pay: str | None, targets: tuple) -> list[Frame]:
    s = g.state
    require_priority(s, player)
    oid = _card_in_hand(g, player, name)
    card = g.pool.get(s.objects[oid].card)
    if "Land" in card.types:
        raise IllegalAction(f"{card.name} is a land: lands are played, not cast", "305.9")
    require_sorcery_timing(s, player, timing_rule(card))
    x = x or 0
    cost = card.mana_cost or m.ManaCost()
    if x and not cost.x:
        raise IllegalAction(f"{card.name} has no {{X}} in its mana cost", "107.3")
    chosen = choose_targets(s, g.pool, card.spell_targets, player, targets, card.name)
    spend = pay_mana(s.players[player].pool, cost, x, pay, f"cast {card.name}")
    spell_id = g.new_id(card.name)
    seq = g.emit(ev.SpellCast(player=player, card=card.name, object_id=oid, spell_id=spell_id, x=x,
                              targets=chosen), "601.2", defer_triggers=True)
    if spend:
        g.emit(ev.ManaSpent(player=player, mana=spend), "601.2h", seq)
    g.release_triggers()      # 601.2i: now it has become cast
    return [PriorityFlow(player, "117.3c", seq)]


def play_land(g: Ctx, player: str, name: str) -> list[Frame]:
    s = g.state
    require_priority(s, player)
    oid = _card_in_hand(g, player, name)
    card = g.pool.get(s.objects[oid].card)
    if "Land" not in card.types:
        raise IllegalAction(f"{card.name} is not a land", "305.1")
    require_sorcery_timing(s, player, "305.1")
    p = s.players[player]
    if p.lands_played >= p.land_plays:
        raise IllegalAction(f"{player} has already played {p.lands_played} land(s) this turn", "305.2")
    seq = g.emit(ev.LandPlayed(player=player, card=card.name, object_id=oid), "305.1")
    return [EnterBattlefield(oid, player, seq, "305.1", "played"), PriorityFlow(player, "117.3c", seq)]


@dataclass(frozen=True)
class EnterBattlefield(Frame):
    """An object moves onto the battlefield, asking for any "As ... enters" choice first."""

    object_id: str
    controller: str
    cause: int
    rule_no: str
    reason: str
    x: int = 0
    attached_to: str | None = None
    pay_life: str = ""          # "", "pay" or "tapped"

    def run(self, g: Ctx) -> list[Frame]:
        card = g.pool.get(g.state.objects[self.object_id].card)
        for a in card.abilities:
            if isinstance(a, m.ReplacementAbility) and isinstance(a.effect, m.EntersTappedUnlessPayLife):
                if not self.pay_life and g.state.players[self.controller].life >= a.effect.life:
                    raise Pause(self.controller, "pay_life", ["pay", "tapped"],
                                f"{self.controller}: pay {a.effect.life} life for {card.name} to enter "
                                f"untapped (\"pay\"), or let it enter tapped (\"tapped\")",
                                self, "614.1c", self.cause)
        enter_battlefield(g, self.object_id, self.controller, self.cause, self.rule_no, self.reason,
                          self.x, self.attached_to, self.pay_life == "pay")
        return []

    def answer(self, g: Ctx, player: str, value: Any) -> list[Frame]:
        v = value[0] if isinstance(value, (list, tuple)) and len(value) == 1 else value
        text = str(v).lower()
        if v is True or text in ("pay", "yes"):
            choice = "pay"
        elif v is False or text in ("tapped", "no", "decline"):
            choice = "tapped"
        else:
            raise IllegalAction("answer \"pay\" (pay the life) or \"tapped\" (enter tapped)", "614.1c")
        return [EnterBattlefield(self.object_id, self.controller, self.cause, self.rule_no, self.reason,
                                 self.x, self.attached_to, choice)]


def enter_battlefield(g: Ctx, object_id: str, controller: str, cause: int, rule: str, reason: str,
                      x: int = 0, attached_to: str | None = None, paid_life: bool = False) -> str:
    """Move the object onto the battlefield with its own enters-replacement effects applied
    (614.1c); returns the new object's id. `x` is the X of the spell it was (107.3m), else 0."""
    o = g.state.objects[object_id]
    card = g.pool.get(o.card)
    tapped = False
    counters: list[tuple[str, int, int]] = []
    for a in card.abilities:
        if not isinstance(a, m.ReplacementAbility):
            continue
        eff = a.effect
        if isinstance(eff, m.EntersWithCounters):
            n = x if eff.amount == "X" else int(eff.amount)
            rseq = g.emit(ev.ReplacementApplied(source=object_id, source_card=o.card, effect=a.text,
                                                applies_to="enter", before={"counters": {}},
                                                after={"counters": {eff.counter: n}, "x": x}),
                          "614.1c", cause)
            counters.append((eff.counter, n, rseq))
        elif isinstance(eff, m.EntersTappedUnlessPayLife):
            if paid_life:
                g.emit(ev.LifePaid(player=controller, amount=eff.life), "614.1c", cause)
            else:
                tapped = True
                g.emit(ev.ReplacementApplied(source=object_id, source_card=o.card, effect=a.text,
                                             applies_to="enter", before={"tapped": False},
                                             after={"tapped": True}), "614.1c", cause)
    new_id = g.move(object_id, "battlefield", reason, rule, cause, controller=controller, tapped=tapped,
                    attached_to=attached_to, x=x)
    for counter, n, rseq in counters:
        if n:
            g.emit(ev.CountersPlaced(object_id=new_id, counter=counter, amount=n), "107.3m", rseq)
    return new_id
