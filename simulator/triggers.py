"""The trigger dispatcher: which triggered abilities an event makes trigger (603.2).

`react(before, envelope, after, pool)` looks at one new event with the state on
both sides of it and returns the abilities that triggered, in timestamp order
of their sources. Leaves-the-battlefield abilities "look back in time"
(603.10a): they are found in `before`. The engine records each as
`AbilityTriggered` with `cause_seq` = the event's seq.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import events as ev
from .cards import model as m
from .characteristics import Characteristics, all_characteristics, last_known_characteristics
from .state import GameState


@dataclass(frozen=True)
class Fired:
    """One triggered ability that triggered."""

    source: str
    source_card: str
    controller: str
    index: int                   # index in the source card's abilities
    ability: m.TriggeredAbility
    text: str
    rule: str
    timestamp: int
    data: dict = field(default_factory=dict)


def _triggered(chars: Characteristics, kind: type) -> list:
    return [r for r in chars.abilities
            if isinstance(r.ability, m.TriggeredAbility) and isinstance(r.ability.condition, kind)]


def _fire(state: GameState, oid: str, chars: Characteristics, kind: type, rule: str,
          data: dict | None = None) -> list[Fired]:
    o = state.objects[oid]
    return [Fired(oid, o.card, o.controller, r.index, r.ability, r.text, rule, o.timestamp, dict(data or {}))
            for r in _triggered(chars, kind)]


def react(before: GameState, env: ev.Envelope, after: GameState, pool) -> list[Fired]:
    e = env.event
    fired: list[Fired] = []
    chars = all_characteristics(after, pool)

    if isinstance(e, ev.ZoneChanged) and e.to_zone == "battlefield" or isinstance(e, ev.TokenCreated):
        new_id = e.new_id if isinstance(e, ev.ZoneChanged) else e.object_id
        if new_id in chars:
            fired += _fire(after, new_id, chars[new_id], m.EntersSelf, "603.6a")

    if isinstance(e, ev.ZoneChanged) and e.from_zone == "battlefield" and e.to_zone == "graveyard":
        old = all_characteristics(before, pool).get(e.object_id)
        if old is not None and old.is_creature:   # 700.4: "dies"; 603.10a looks back in time
            o = before.objects[e.object_id]
            fired += _fire(before, e.object_id, old, m.DiesSelf, "603.10a",
                           {"counters": dict(o.counters)})

    if isinstance(e, ev.PermanentTapped) and e.object_id in chars:
        fired += _fire(after, e.object_id, chars[e.object_id], m.BecomesTappedSelf, "603.2")

    if isinstance(e, ev.ManaProduced) and e.tapped_for_mana and any(e.mana.values()):
        # 106.12a: "tapped for mana" triggers only when the ability produced mana.
        is_land = last_known_characteristics(e.source, pool, after, before).is_land
        data = {"player": e.player, "land": e.source, "land_card": e.source_card, "produced": dict(e.mana)}
        for oid, c in chars.items():
            o = after.objects[oid]
            if is_land and o.attached_to == e.source:
                fired += _fire(after, oid, c, m.EnchantedLandTappedForMana, "106.12a", data)
            if is_land:
                for r in _triggered(c, m.LandTappedForMana):
                    if r.ability.condition.whose == "any" or o.controller == e.player:
                        fired.append(Fired(oid, o.card, o.controller, r.index, r.ability, r.text,
                                           "106.12a", o.timestamp, dict(data)))

    if isinstance(e, ev.SpellCast):
        spell_types = pool.get(e.card).types
        for oid, c in chars.items():
            o = after.objects[oid]
            for r in _triggered(c, m.SpellCastByYou):
                if o.controller == e.player and r.ability.condition.card_type in spell_types:
                    fired.append(Fired(oid, o.card, o.controller, r.index, r.ability, r.text, "603.2",
                                       o.timestamp, {"spell": e.spell_id, "card": e.card}))

    if isinstance(e, ev.CreatureExplored):
        explorer = last_known_characteristics(e.object_id, pool, after, before)
        if explorer.is_creature:
            for oid, c in chars.items():
                o = after.objects[oid]
                if o.controller == e.controller:
                    fired += _fire(after, oid, c, m.CreatureYouControlExplores, "603.2",
                                   {"explorer": e.object_id})

    if isinstance(e, ev.StepBegan):
        for oid, c in chars.items():
            o = after.objects[oid]
            for r in _triggered(c, m.BeginningOfYourStep):
                if r.ability.condition.step == e.step and o.controller == after.active:
                    fired.append(Fired(oid, o.card, o.controller, r.index, r.ability, r.text, "503.1a",
                                       o.timestamp))

    fired.sort(key=lambda f: f.timestamp)
    return fired
