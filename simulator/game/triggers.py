"""The trigger dispatcher: which triggered abilities an event makes trigger (603.2).

`react(before, envelope, after, cards)` looks at one new event with the state on
both sides of it and returns the abilities that triggered, in timestamp order
of their sources. Leaves-the-battlefield abilities "look back in time"
(603.10a): they are found in `before`. The engine records each as
`AbilityTriggered` with `cause_seq` = the event's seq.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from simulator.game import events as ev
from simulator.base.abilityid import AbilityId
from simulator.cards import model as m
from simulator.game.conditions import holds, other_than_entered_holds
from simulator.game.layers import (Board, Characteristics, ability_definition, all_characteristics,
                                   last_known_characteristics, mana_rider, card_characteristics, printed_colors)
from simulator.game.selectors import spells_cast_this_turn
from simulator.game.selectors import facts_of
from simulator.game.state import GameState
from simulator.game.conditions import other_than_entered_holds   # pool-dmgtrig (603.4)
from simulator.game.layers import ability_definition   # pool-dmgtrig: delayed triggers (603.7)
from simulator.game.selectors import facts_of


@dataclass(frozen=True)
class Fired:
    """One triggered ability that triggered."""

    source: str
    source_card: str
    controller: str
    id: AbilityId                # which of the source's abilities (printed, or granted to it)
    ability: m.TriggeredAbility
    text: str
    rule: str
    timestamp: int
    data: dict[str, Any] = field(default_factory=dict)


def _triggered(chars: Characteristics, kind: type) -> list[Any]:
    return [r for r in chars.abilities
            if isinstance(r.ability, m.TriggeredAbility) and isinstance(r.ability.condition, kind)]


def _fire(state: GameState, oid: str, chars: Characteristics, kind: type, rule: str,
          data: dict[str, Any] | None = None) -> list[Fired]:
    o = state.objects[oid]
    return [Fired(oid, o.card, o.controller, r.id, r.ability, r.text, rule, o.timestamp, dict(data or {}))
            for r in _triggered(chars, kind)]


class _Look:
    """What a listener sees of one event: the states on both sides, the card pool and the
    characteristics after the event (computed at most once, and only if a listener asks)."""

    def __init__(self, before: GameState, after: GameState, cards: m.Cards) -> None:
        self.before = before
        self.after = after
        self.cards = cards
        self._chars: Board | None = None

    @property
    def chars(self) -> Board:
        if self._chars is None:
            self._chars = all_characteristics(self.after, self.cards)
        return self._chars

    def with_triggers(self) -> list[tuple[str, Characteristics]]:
        """The permanents with triggered abilities and their characteristics, in battlefield
        order (the others cannot trigger)."""
        chars = self.chars
        return [(oid, chars[oid]) for oid in chars.triggered]


Listener = Callable[[_Look, Any], list[Fired]]
# event type -> the listeners that look at it; a condition type -> the event types it listens to.
LISTENERS: dict[type, list[Listener]] = {}
CONDITIONS: dict[type, tuple[type, ...]] = {}


def listens(events: tuple[type, ...], conditions: tuple[type, ...]) -> Callable[[Listener], Listener]:
    """Register a listener for `events` that finds the abilities with these trigger conditions."""
    def register(fn: Listener) -> Listener:
        for e in events:
            LISTENERS.setdefault(e, []).append(fn)
        for c in conditions:
            CONDITIONS[c] = CONDITIONS.get(c, ()) + events
        return fn
    return register


def react(before: GameState, env: ev.Envelope, after: GameState, cards: m.Cards) -> list[Fired]:
    """The triggered abilities `env` made trigger, in timestamp order of their sources (603.3b).
    Only the listeners of this event type run: most events trigger nothing and cost nothing."""
    listeners = LISTENERS.get(type(env.event))
    if not listeners:
        return []
    look = _Look(before, after, cards)
    fired: list[Fired] = []
    for listener in listeners:
        fired += listener(look, env.event)
    fired = [f for f in fired if f.ability.intervening is None
             or intervening_holds(after, cards, f.ability, f.controller, f.source, f.data)]
    fired.sort(key=lambda f: f.timestamp)
    return fired


def intervening_holds(state: GameState, cards: m.Cards, ability: m.TriggeredAbility, controller: str,
                      source: str, data: Any = None) -> bool:
    """603.4: an ability with an intervening "if" clause triggers only if its condition is true
    as the event happens, and does something only if it is still true as it resolves. `data`: what
    made it trigger (the permanent that `entered`: Valakut's "other Mountains")."""
    if isinstance(ability.intervening, m.OtherThanEnteredAtLeast):
        entered = (data or {}).get("entered")
        return other_than_entered_holds(state, cards, ability.intervening, controller, entered)
    return ability.intervening is None or holds(state, cards, ability.intervening, you=controller, source=source)


@listens((ev.ZoneChanged, ev.TokenCreated), (m.EntersSelf,))
def _enters(look: _Look, e: Any) -> list[Fired]:
    if isinstance(e, ev.ZoneChanged) and e.to_zone != "battlefield":
        return []
    new_id = e.new_id if isinstance(e, ev.ZoneChanged) else e.object_id
    if new_id not in look.chars:
        return []
    return _fire(look.after, new_id, look.chars[new_id], m.EntersSelf, "603.6a")


@listens((ev.ZoneChanged, ev.TokenCreated), (m.EntersSelfUntapped,))
def _enters_untapped(look: _Look, e: Any) -> list[Fired]:
    """"When this land enters untapped" (603.6a): entered, and not tapped as it did."""
    if isinstance(e, ev.ZoneChanged) and (e.to_zone != "battlefield" or e.tapped):
        return []
    new_id = e.new_id if isinstance(e, ev.ZoneChanged) else e.object_id
    if new_id not in look.chars or look.after.objects[new_id].tapped:
        return []
    return _fire(look.after, new_id, look.chars[new_id], m.EntersSelfUntapped, "603.6a")


@listens((ev.ZoneChanged, ev.TokenCreated), (m.PermanentEnters,))
def _permanent_enters(look: _Look, e: Any) -> list[Fired]:
    """"Whenever a land you control enters" (landfall, 603.6a): another permanent entering."""
    if isinstance(e, ev.ZoneChanged) and e.to_zone != "battlefield":
        return []
    new_id = e.new_id if isinstance(e, ev.ZoneChanged) else e.object_id
    entered = look.chars.get(new_id)
    if entered is None:
        return []
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        o = look.after.objects[oid]
        for r in _triggered(c, m.PermanentEnters):
            what = r.ability.condition.what
            # "another colorless creature you control" (105.2c): its colors as it entered
            facts = facts_of(look.after, new_id, entered.colors, entered.power, entered.toughness) if what.needs_facts else None
            if what.matches(zone="battlefield", types=entered.types, subtypes=entered.subtypes,
                            supertypes=entered.supertypes, controller=look.after.objects[new_id].controller,
                            you=o.controller, related=False, is_source=oid == new_id, colors=entered.colors,
                            facts=facts):
                fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text, "603.6a",
                                   o.timestamp, {"entered": new_id}))
    return fired


@listens((ev.ZoneChanged,), (m.DiesSelf,))
def _dies(look: _Look, e: ev.ZoneChanged) -> list[Fired]:
    if e.from_zone != "battlefield" or e.to_zone != "graveyard":
        return []
    old = all_characteristics(look.before, look.cards).get(e.object_id)
    if old is None or not old.is_creature:   # 700.4: "dies"; 603.10a looks back in time
        return []
    o = look.before.objects[e.object_id]
    return _fire(look.before, e.object_id, old, m.DiesSelf, "603.10a", {"counters": dict(o.counters)})


@listens((ev.ZoneChanged,), (m.DiesSelfPower,))
def _dies_power(look: _Look, e: ev.ZoneChanged) -> list[Fired]:
    """"When this creature dies, ... equal to its power" (700.4, 603.10a): its power as it last
    existed on the battlefield, kept by the trigger."""
    if e.from_zone != "battlefield" or e.to_zone != "graveyard":
        return []
    old = all_characteristics(look.before, look.cards).get(e.object_id)
    if old is None or not old.is_creature:
        return []
    return _fire(look.before, e.object_id, old, m.DiesSelfPower, "603.10a", {"power": int(old.power or 0)})


@listens((ev.ZoneChanged,), (m.CreatureDies,))
def _creature_dies(look: _Look, e: ev.ZoneChanged) -> list[Fired]:
    """"Whenever another creature you control dies" (700.4): a leaves-the-battlefield ability
    (603.10a), so the creature and the permanents with the ability are read as they were just
    before the event (the source may have died at the same time)."""
    if e.from_zone != "battlefield" or e.to_zone != "graveyard":
        return []
    before = all_characteristics(look.before, look.cards)
    died = before.get(e.object_id)
    if died is None or not died.is_creature:
        return []
    controller = look.before.objects[e.object_id].controller
    fired: list[Fired] = []
    for oid in before.triggered:
        o = look.before.objects[oid]
        for r in _triggered(before[oid], m.CreatureDies):
            what = r.ability.condition.what
            facts = (facts_of(look.before, e.object_id, died.colors, died.power, died.toughness,
                              tuple(died.keywords())) if what.needs_facts else None)   # 603.10a: as it was
            if what.matches(zone="battlefield", types=died.types, subtypes=died.subtypes,
                            supertypes=died.supertypes, controller=controller, you=o.controller, related=False,
                            is_source=oid == e.object_id, colors=died.colors, facts=facts):
                fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text, "603.10a", o.timestamp))
    return fired


@listens((ev.ZoneChanged,), (m.YouSacrifice,))
def _you_sacrifice(look: _Look, e: ev.ZoneChanged) -> list[Fired]:
    """"Whenever you sacrifice an artifact" (701.21a: a permanent its controller puts into the
    graveyard as a sacrifice): read as things were just before (603.10a), so a source sacrificed
    itself sees its own sacrifice unless its text says "another"."""
    if e.from_zone != "battlefield" or e.reason != "sacrificed":
        return []
    before = all_characteristics(look.before, look.cards)
    gone = before.get(e.object_id)
    if gone is None:
        return []
    record = look.before.objects[e.object_id]
    fired: list[Fired] = []
    for oid in before.triggered:
        o = look.before.objects[oid]
        if o.controller != record.controller:
            continue
        for r in _triggered(before[oid], m.YouSacrifice):
            cond = r.ability.condition
            if cond.nontoken and record.is_token:
                continue
            if cond.what.matches(zone="battlefield", types=gone.types, subtypes=gone.subtypes,
                                 supertypes=gone.supertypes, controller=record.controller, you=o.controller,
                                 related=False, is_source=oid == e.object_id):
                fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text, "603.10a", o.timestamp))
    return fired


@listens((ev.ZoneChanged,), (m.PutIntoGraveyardSelf,))
def _put_into_graveyard(look: _Look, e: ev.ZoneChanged) -> list[Fired]:
    """"When this artifact is put into a graveyard from the battlefield" (603.6c): any card
    type; it looks back in time (603.10a) at the permanent as it last existed."""
    if e.from_zone != "battlefield" or e.to_zone != "graveyard":
        return []
    old = all_characteristics(look.before, look.cards).get(e.object_id)
    if old is None:
        return []
    o = look.before.objects[e.object_id]
    return _fire(look.before, e.object_id, old, m.PutIntoGraveyardSelf, "603.10a", {"counters": dict(o.counters)})


@listens((ev.PermanentTapped,), (m.BecomesTappedSelf,))
def _becomes_tapped(look: _Look, e: ev.PermanentTapped) -> list[Fired]:
    if e.object_id not in look.chars:
        return []
    counters = look.after.objects[e.object_id].counters

    def has_counter(f: Fired) -> bool:    # "... while it has a -1/-1 counter on it": as it becomes tapped
        c = f.ability.condition
        return not isinstance(c, m.BecomesTappedSelf) or not c.with_counter or counters.get(c.with_counter, 0) > 0
    return [f for f in _fire(look.after, e.object_id, look.chars[e.object_id], m.BecomesTappedSelf, "603.2")
            if has_counter(f)]


@listens((ev.ManaProduced,), (m.SelfTappedForMana,))
def _self_tapped_for_mana(look: _Look, e: ev.ManaProduced) -> list[Fired]:
    """"Whenever you tap this creature for mana" (106.12a: only when the ability produced mana;
    "you": its controller, the only player who activates its mana abilities, 602.2)."""
    if not e.tapped_for_mana or not any(e.mana.values()) or e.source not in look.chars.triggered:
        return []
    o = look.after.objects[e.source]
    if o.controller != e.player:
        return []
    return _fire(look.after, e.source, look.chars[e.source], m.SelfTappedForMana, "106.12a",
                 {"player": e.player, "produced": dict(e.mana)})


@listens((ev.ManaProduced,), (m.EnchantedLandTappedForMana, m.LandTappedForMana))
def _tapped_for_mana(look: _Look, e: ev.ManaProduced) -> list[Fired]:
    # 106.12a: "tapped for mana" triggers only when the ability produced mana.
    if not e.tapped_for_mana or not any(e.mana.values()):
        return []
    tapped = last_known_characteristics(e.source, look.cards, look.after, look.before)
    if not tapped.is_land:
        return []
    data = {"player": e.player, "land": e.source, "land_card": e.source_card, "produced": dict(e.mana)}
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        o = look.after.objects[oid]
        if o.attached_to == e.source:
            # "enchanted land" / "enchanted Forest": the tapped permanent must still fit (Selector)
            for r in _triggered(c, m.EnchantedLandTappedForMana):
                if r.ability.condition.what.matches(zone="battlefield", types=tapped.types,
                                                    subtypes=tapped.subtypes, supertypes=tapped.supertypes,
                                                    controller=e.player, you=o.controller, related=True):
                    fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text, "106.12a",
                                       o.timestamp, {**data, "enchanted": True}))
        for r in _triggered(c, m.LandTappedForMana):
            cond = r.ability.condition
            if cond.land_type is not None and cond.land_type not in tapped.subtypes:
                continue
            if cond.basic and "Basic" not in tapped.supertypes:
                continue
            if cond.nonbasic and "Basic" in tapped.supertypes:
                continue
            if cond.snow and "Snow" not in tapped.supertypes:
                continue
            if cond.of_chosen_color and not (o.chosen_color and e.mana.get(o.chosen_color)):
                continue
            if cond.not_their_turn and look.after.active == e.player:
                continue
            if cond.whose == "any" or (o.controller == e.player) == (cond.whose == "you"):
                fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text,
                                   "106.12a", o.timestamp, dict(data)))
    return fired


@listens((ev.SpellCast,), (m.SpellCastByYou,))
def _spell_cast(look: _Look, e: ev.SpellCast) -> list[Fired]:
    spell_types = look.cards.get(e.card).types
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        o = look.after.objects[oid]
        for r in _triggered(c, m.SpellCastByYou):
            if o.controller == e.player and r.ability.condition.card_type in spell_types:
                fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text, "603.2",
                                   o.timestamp, {"spell": e.spell_id, "card": e.card}))
    return fired


def spell_colors(state: GameState, cards: m.Cards, spell_id: str) -> tuple[str, ...]:
    """A spell's colors on the stack (105.2): an until end of turn effect's on it, the latest
    (613.7a), else its card's (202.2; devoid, 702.114a)."""
    set_by = [c for c in state.continuous_effects if c.object_id == spell_id and c.colors is not None]
    if set_by:
        return tuple(max(set_by, key=lambda c: c.timestamp).colors or ())
    return printed_colors(cards.get(state.objects[spell_id].card))


@listens((ev.SpellCast,), (m.CastsSpell,))
def _casts_spell(look: _Look, e: ev.SpellCast) -> list[Fired]:
    """"Whenever you cast a noncreature spell" / "Whenever an opponent casts a red spell" (601.2,
    603.2): the spell as it is on the stack (its mana value with X, 202.3e)."""
    card = look.cards.get(e.card)
    cost = card.mana_cost or m.ManaCost()
    mana_value = cost.mana_value + look.after.objects[e.spell_id].x * cost.x
    colors = spell_colors(look.after, look.cards, e.spell_id)
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        o = look.after.objects[oid]
        for r in _triggered(c, m.CastsSpell):
            cond = r.ability.condition
            if cond.caster == "you" and e.player != o.controller or cond.caster == "opponent" and e.player == o.controller:
                continue
            if cond.spell is not None and not cond.spell.admits(card.types, card.subtypes, card.supertypes, mana_value,
                                                                e.kicked):
                continue
            if cond.subtypes_any and not set(cond.subtypes_any) & set(card.subtypes):
                continue
            if cond.mana_values and mana_value not in cond.mana_values:
                continue
            if cond.color is not None and cond.color not in colors:
                continue
            if cond.colored == "multicolored" and len(colors) < 2 or cond.colored == "colorless" and colors:
                continue
            if cond.colored == "chosen" and not (o.chosen_color and o.chosen_color in colors):
                continue
            if cond.x_in_cost and not cost.x:      # "a spell with {X} in its mana cost" (107.3)
                continue
            if cond.nth and len([c for c in spells_cast_this_turn(look.after) if c.player == e.player]) != cond.nth:
                continue      # "your first spell each turn": this spell is not the caster's first this turn
            fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text, "603.2",
                               o.timestamp, {"spell": e.spell_id, "card": e.card}))
    return fired


@listens((ev.SpellCast,), (m.CastFromElsewhere,))
def _cast_from_elsewhere(look: _Look, e: ev.SpellCast) -> list[Fired]:
    """"Whenever you cast a spell from anywhere other than your hand" (601.2, 603.2): where the card
    was as it began to be cast (its record before the cast)."""
    was = look.before.objects.get(e.object_id)
    if was is None or was.zone == "hand":
        return []
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        o = look.after.objects[oid]
        if o.controller == e.player:
            fired += _fire(look.after, oid, c, m.CastFromElsewhere, "603.2", {"spell": e.spell_id, "card": e.card})
    return fired


@listens((ev.SpellCast,), (m.CastSelf,))
def _cast_self(look: _Look, e: ev.SpellCast) -> list[Fired]:
    """"When you cast this spell" (601.2i): an ability of the spell itself, on the stack (113.6)."""
    chars = card_characteristics(look.cards.get(e.card))
    spell = look.after.objects[e.spell_id]
    return [Fired(e.spell_id, e.card, e.player, r.id, r.ability, r.text, "601.2i", spell.timestamp,
                  {"spell": e.spell_id, "card": e.card})
            for r in _triggered(chars, m.CastSelf)]


@listens((ev.ZoneChanged,), (m.CastSelf,))
def _cycled_self(look: _Look, e: ev.ZoneChanged) -> list[Fired]:
    """"When you cast or cycle Drownyard Lurker" (702.29c: when the card is discarded to pay a
    cycling cost): it triggers from the graveyard, the card it is there (its owner controls it)."""
    if e.from_zone != "hand" or e.to_zone != "graveyard" or e.reason != "discarded":
        return []
    top = look.after.stack[-1] if look.after.stack else None
    if top is None or top.kind != "ability" or top.source != e.object_id or top.ability is None:
        return []
    paid_for = ability_definition(look.cards, top.ability)
    if not (isinstance(paid_for, m.ActivatedAbility) and paid_for.cycling):
        return []
    card = look.after.objects[e.new_id]
    chars = card_characteristics(look.cards.get(e.card))
    return [Fired(e.new_id, e.card, card.owner, r.id, r.ability, r.text, "702.29c", card.timestamp, {"card": e.card})
            for r in _triggered(chars, m.CastSelf) if r.ability.condition.or_cycle]


@listens((ev.CreatureExplored,), (m.CreatureYouControlExplores,))
def _explored(look: _Look, e: ev.CreatureExplored) -> list[Fired]:
    if not last_known_characteristics(e.object_id, look.cards, look.after, look.before).is_creature:
        return []
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        if look.after.objects[oid].controller == e.controller:
            fired += _fire(look.after, oid, c, m.CreatureYouControlExplores, "603.2", {"explorer": e.object_id})
    return fired


@listens((ev.DamageDealtToPermanent,), (m.DealtDamageSelf,))
def _dealt_damage(look: _Look, e: ev.DamageDealtToPermanent) -> list[Fired]:
    """"Whenever this creature is dealt damage" (120.3, 603.2): the damage dealt to the source
    (prevented damage is not dealt, 615.1a), its amount kept as "that many"."""
    if e.object_id not in look.chars or e.amount <= 0:
        return []
    return _fire(look.after, e.object_id, look.chars[e.object_id], m.DealtDamageSelf, "603.2", {"amount": e.amount})


@listens((ev.LifeGained,), (m.YouGainLife,))
def _you_gain_life(look: _Look, e: ev.LifeGained) -> list[Fired]:
    """"Whenever you gain life" (603.2, 119.3): each life-gain event of the source's controller."""
    if e.amount <= 0:
        return []
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        if look.after.objects[oid].controller == e.player:
            fired += _fire(look.after, oid, c, m.YouGainLife, "603.2", {"amount": e.amount})
    return fired


@listens((ev.SpellCast, ev.AbilityPutOnStack), (m.BecomesTargetOfOpponent,))
def _becomes_target_of_opponent(look: _Look, e: ev.SpellCast | ev.AbilityPutOnStack) -> list[Fired]:
    """Ward (702.21a): "Whenever this permanent becomes the target of a spell or ability an
    opponent controls": a spell as it is cast (601.2c; its triggers wait until it is cast, 601.2i)
    or an ability as it is put on the stack (602.2a, 603.3) that names a permanent among its
    targets, once per spell or ability, if its controller is an opponent of the permanent's (102.3)."""
    if isinstance(e, ev.SpellCast):
        by, controller = e.spell_id, e.player
    else:
        by, controller = e.stack_id, e.controller
    fired: list[Fired] = []
    for oid in dict.fromkeys(e.targets):
        if oid not in look.chars or not look.after.on_battlefield(oid):
            continue
        if look.after.objects[oid].controller == controller:
            continue
        fired += _fire(look.after, oid, look.chars[oid], m.BecomesTargetOfOpponent, "702.21a", {"targeted_by": by})
    return fired


@listens((ev.DieRolled,), (m.YouRollDie,))
def _you_roll_die(look: _Look, e: ev.DieRolled) -> list[Fired]:
    """"Whenever you roll a die" (603.2, 706.1): each die its controller rolls, one event each;
    the die's result is the trigger's `amount` ("the result"). A permanent that rolled as it
    entered was not on the battlefield yet (614.1c): its own roll does not make it trigger."""
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        if look.after.objects[oid].controller == e.player:
            fired += _fire(look.after, oid, c, m.YouRollDie, "603.2", {"amount": e.result})
    return fired


@listens((ev.CountersRemoved,), (m.CountersRemovedThisWay,))
def _removed_this_way(look: _Look, e: ev.CountersRemoved) -> list[Fired]:
    """603.12: "When one or more counters are removed from this creature this way": the counters its
    own prevention effect removed (615.5), the amount being how many."""
    if e.prevention is None or e.object_id not in look.chars:
        return []
    o = look.after.objects[e.object_id]
    fired: list[Fired] = []
    for ref in look.chars[e.object_id].abilities:
        effect = getattr(ref.ability, "effect", None)
        reflexive = getattr(effect, "reflexive", None)
        if (isinstance(ref.ability, m.ReplacementAbility) and ref.text == e.prevention
                and isinstance(reflexive, m.TriggeredAbility)
                and isinstance(reflexive.condition, m.CountersRemovedThisWay)):
            fired.append(Fired(e.object_id, o.card, o.controller, ref.id.reflexive(), reflexive, reflexive.text,
                               "603.12", o.timestamp, {"amount": sum(e.counters.values())}))
    return fired


@listens((ev.CountersPlaced,), (m.CountersPutOn,))
def _counters_put(look: _Look, e: ev.CountersPlaced) -> list[Fired]:
    """"Whenever one or more +1/+1 counters are put on another creature you control" (603.2): each
    event that puts such counters on a permanent that fits (as it entered with them too, 122.6)."""
    put_on = look.chars.get(e.object_id)
    if put_on is None or e.amount <= 0:
        return []
    controller = look.after.objects[e.object_id].controller
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        o = look.after.objects[oid]
        for r in _triggered(c, m.CountersPutOn):
            cond = r.ability.condition
            if cond.counter == e.counter and cond.what.matches(
                    zone="battlefield", types=put_on.types, subtypes=put_on.subtypes, supertypes=put_on.supertypes,
                    controller=controller, you=o.controller, related=False, is_source=oid == e.object_id):
                fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text, "603.2", o.timestamp))
    return fired


# Where the rules say "at the beginning of" that step abilities trigger.
STEP_TRIGGER_RULES = {"upkeep": "503.1a"}   # the others: 603.2, the step beginning is the event


@listens((ev.StepBegan,), (m.BeginningOfYourStep,))
def _step_began(look: _Look, e: ev.StepBegan) -> list[Fired]:
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        o = look.after.objects[oid]
        for r in _triggered(c, m.BeginningOfYourStep):
            cond = r.ability.condition
            if cond.step == e.step and (cond.each or o.controller == look.after.active):
                fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text,
                                   STEP_TRIGGER_RULES.get(e.step, "603.2"), o.timestamp))
    return fired


@listens((ev.StepBegan,), (m.BeginningOfNextTurnUpkeep, m.BeginningOfYourNextMainPhase))
def _delayed_step(look: _Look, e: ev.StepBegan) -> list[Fired]:
    """603.7b: a delayed trigger "at the beginning of the next turn's upkeep" triggers at the first
    upkeep of a later turn than the one it was created in; "at the beginning of your next main
    phase" at the next main phase of its controller's turn to begin (505.1: precombat or
    postcombat); once (its AbilityTriggered ends it)."""
    fired: list[Fired] = []
    for d in look.after.delayed:
        if look.after.players[d.controller].lost:     # 800.4a: a player who left: their abilities are gone
            continue
        ability = ability_definition(look.cards, d.ability)
        assert isinstance(ability, m.TriggeredAbility)
        cond = ability.condition
        if (isinstance(cond, m.BeginningOfNextTurnUpkeep) and e.step == "upkeep" and look.after.turn > d.turn
                or isinstance(cond, m.BeginningOfYourNextMainPhase)
                and e.step in (("main1",) if cond.first else ("main1", "main2"))
                and look.after.active == d.controller):
            data: dict[str, Any] = {"delayed": d.id}
            if d.amount:
                data["amount"] = d.amount
            fired.append(Fired(d.source, d.source_card, d.controller, d.ability, ability, d.text, "603.7b", 0, data))
    return fired


@listens((ev.ManaSpent,), (m.WhenManaSpent,))
def _mana_spent(look: _Look, e: ev.ManaSpent) -> list[Fired]:
    """"When you spend this mana to cast a Dragon creature spell, ..." (106.6, 603.2): mana
    with that rider paid for a spell its condition admits (the spell as it is on the stack,
    X included, 202.3e). Once per mana of it; its source is the object that made the mana,
    as it last existed (Scaled Nurturer may be gone). Spent on an ability: nothing."""
    if e.spell is None:
        return []
    spell = look.after.objects[e.spell]
    card = look.cards.get(spell.card)
    cost = card.mana_cost or m.ManaCost()
    fired: list[Fired] = []
    for u in e.units or ():
        restriction = u.get("restriction")
        rider = mana_rider(look.cards, restriction)
        if not isinstance(rider, m.SpentTrigger):
            continue
        condition = rider.ability.condition
        assert isinstance(condition, m.WhenManaSpent)
        item = look.after.stack_item(e.spell)
        if not condition.spell.admits(card.types, card.subtypes, card.supertypes, cost.mana_value + spell.x * cost.x,
                                      item.kicked if item is not None else 0):
            continue
        made = m.restriction_from_json(restriction)
        assert isinstance(made, m.RiderMana)
        source = look.after.objects.get(u.get("source") or "")
        if source is None:
            continue
        for _ in range(int(u["amount"])):
            fired.append(Fired(source.id, source.card, e.player, made.ability.spent(), rider.ability, rider.text,
                               "106.6", source.timestamp, {"spell": e.spell, "card": spell.card}))
    return fired


@listens((ev.PermanentTapped,), (m.EnchantedBecomesTapped,))
def _enchanted_becomes_tapped(look: _Look, e: ev.PermanentTapped) -> list[Fired]:
    """"Whenever enchanted land becomes tapped" (Contaminated Ground; 603.2): each Aura attached
    to the permanent that became tapped, however it did (701.26a)."""
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        o = look.after.objects[oid]
        if o.attached_to == e.object_id:
            fired += _fire(look.after, oid, c, m.EnchantedBecomesTapped, "603.2",
                           {"land": e.object_id, "land_card": look.after.objects[e.object_id].card, "enchanted": True})
    return fired


# ---- entering or dying, discarding (cards/model_trigger_events.py)
@listens((ev.ZoneChanged, ev.TokenCreated), (m.EntersOrDiesSelf,))
def _enters_or_dies_enters(look: _Look, e: Any) -> list[Fired]:
    """"Whenever this creature enters or dies": its entering (603.6a)."""
    if isinstance(e, ev.ZoneChanged) and e.to_zone != "battlefield":
        return []
    new_id = e.new_id if isinstance(e, ev.ZoneChanged) else e.object_id
    if new_id not in look.chars:
        return []
    return _fire(look.after, new_id, look.chars[new_id], m.EntersOrDiesSelf, "603.6a")


@listens((ev.ZoneChanged,), (m.EntersOrDiesSelf,))
def _enters_or_dies_dies(look: _Look, e: ev.ZoneChanged) -> list[Fired]:
    """"Whenever this creature enters or dies": its dying (700.4), looked back at (603.10a)."""
    if e.from_zone != "battlefield" or e.to_zone != "graveyard":
        return []
    old = all_characteristics(look.before, look.cards).get(e.object_id)
    if old is None or not old.is_creature:
        return []
    o = look.before.objects[e.object_id]
    return _fire(look.before, e.object_id, old, m.EntersOrDiesSelf, "603.10a", {"counters": dict(o.counters)})


@listens((ev.ZoneChanged,), (m.YouDiscard,))
def _you_discard(look: _Look, e: ev.ZoneChanged) -> list[Fired]:
    """"Whenever you discard a creature card" / "Whenever an opponent discards ..." (701.9a): a
    card put from its owner's hand into their graveyard as a discard, its printed types (109.1)."""
    if e.reason != "discarded" or e.from_zone != "hand" or e.to_zone != "graveyard":
        return []
    card = look.cards.get(e.card)
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        o = look.after.objects[oid]
        for r in _triggered(c, m.YouDiscard):
            cond = r.ability.condition
            if (e.owner == o.controller) != (cond.whose == "you"):
                continue
            if cond.what.matches(card.types, card.supertypes, card.subtypes):
                fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text, "603.2",
                                   o.timestamp, {"card": e.card}))
    return fired


# ---- leaves the battlefield, a land played, put into a graveyard (cards/model_trigger_events.py)

@listens((ev.ZoneChanged,), (m.LeavesSelf,))
def _leaves_self(look: _Look, e: ev.ZoneChanged) -> list[Fired]:
    """"When this creature leaves the battlefield" (603.6c): the source moves from the battlefield
    to any zone; it looks back in time (603.10a), its counters as it last existed kept."""
    if e.from_zone != "battlefield":
        return []
    old = all_characteristics(look.before, look.cards).get(e.object_id)
    if old is None:
        return []
    o = look.before.objects[e.object_id]
    return _fire(look.before, e.object_id, old, m.LeavesSelf, "603.10a", {"counters": dict(o.counters)})


@listens((ev.LandPlayed,), (m.YouPlayAnotherLand,))
def _you_play_another_land(look: _Look, e: ev.LandPlayed) -> list[Fired]:
    """"When you play another land" (City of Traitors; 305.1): a land its controller plays; the
    land played is not on the battlefield yet, and never the source (it is already there)."""
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        o = look.after.objects[oid]
        if o.controller == e.player and oid != e.object_id:
            fired += _fire(look.after, oid, c, m.YouPlayAnotherLand, "603.2")
    return fired


@listens((ev.ZoneChanged,), (m.PutIntoGraveyardFromBattlefield,))
def _put_into_graveyard_from_battlefield(look: _Look, e: ev.ZoneChanged) -> list[Fired]:
    """"Whenever another creature or artifact you control is put into a graveyard from the
    battlefield" (603.6c): read as things were just before (603.10a)."""
    if e.from_zone != "battlefield" or e.to_zone != "graveyard":
        return []
    before = all_characteristics(look.before, look.cards)
    gone = before.get(e.object_id)
    if gone is None:
        return []
    controller = look.before.objects[e.object_id].controller
    fired: list[Fired] = []
    for oid in before.triggered:
        o = look.before.objects[oid]
        for r in _triggered(before[oid], m.PutIntoGraveyardFromBattlefield):
            what = r.ability.condition.what
            if isinstance(what, m.Selector) and what.matches(
                    zone="battlefield", types=gone.types, subtypes=gone.subtypes, supertypes=gone.supertypes,
                    controller=controller, you=o.controller, related=False, is_source=oid == e.object_id,
                    colors=gone.colors):
                fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text, "603.10a", o.timestamp))
    return fired


@listens((ev.ZoneChanged, ev.TokenCreated), (m.PermanentEntersWhile,))
def _permanent_enters_while(look: _Look, e: Any) -> list[Fired]:
    """"Whenever another creature you control enters while this creature has a -1/-1 counter on
    it" (603.6a, 603.2): as `_permanent_enters`, and the source has that counter as it enters."""
    if isinstance(e, ev.ZoneChanged) and e.to_zone != "battlefield":
        return []
    new_id = e.new_id if isinstance(e, ev.ZoneChanged) else e.object_id
    entered = look.chars.get(new_id)
    if entered is None:
        return []
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        o = look.after.objects[oid]
        for r in _triggered(c, m.PermanentEntersWhile):
            cond = r.ability.condition
            if (isinstance(cond.what, m.Selector) and o.counters.get(cond.counter, 0) > 0
                    and cond.what.matches(zone="battlefield", types=entered.types, subtypes=entered.subtypes,
                                          supertypes=entered.supertypes,
                                          controller=look.after.objects[new_id].controller, you=o.controller,
                                          related=False, is_source=oid == new_id, colors=entered.colors)):
                fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text, "603.6a",
                                   o.timestamp, {"entered": new_id}))
    return fired


@listens((ev.ZoneChanged,), (m.CreatureDiesWithCounter,))
def _creature_dies_with_counter(look: _Look, e: ev.ZoneChanged) -> list[Fired]:
    """"Whenever Slurrk or another creature you control dies, if it had a +1/+1 counter on it"
    (700.4): as `_creature_dies`, and the creature had that counter as it last existed (603.10a)."""
    if e.from_zone != "battlefield" or e.to_zone != "graveyard":
        return []
    before = all_characteristics(look.before, look.cards)
    died = before.get(e.object_id)
    if died is None or not died.is_creature:
        return []
    record = look.before.objects[e.object_id]
    fired: list[Fired] = []
    for oid in before.triggered:
        o = look.before.objects[oid]
        for r in _triggered(before[oid], m.CreatureDiesWithCounter):
            cond = r.ability.condition
            if (isinstance(cond.what, m.Selector) and record.counters.get(cond.counter, 0) > 0
                    and cond.what.matches(zone="battlefield", types=died.types, subtypes=died.subtypes,
                                          supertypes=died.supertypes, controller=record.controller, you=o.controller,
                                          related=False, is_source=oid == e.object_id, colors=died.colors)):
                fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text, "603.10a", o.timestamp))
    return fired


@listens((ev.ZoneChanged, ev.TokenCreated), (m.NontokenEnters,))
def _nontoken_enters(look: _Look, e: Any) -> list[Fired]:
    """"Whenever a nontoken creature enters the battlefield under your control" (The Alright Henge;
    603.6a, 111.1): as `_permanent_enters`, the entering permanent's facts read (not a token)."""
    if isinstance(e, ev.ZoneChanged) and e.to_zone != "battlefield":
        return []
    new_id = e.new_id if isinstance(e, ev.ZoneChanged) else e.object_id
    entered = look.chars.get(new_id)
    if entered is None:
        return []
    facts = facts_of(look.after, new_id, entered.colors, entered.power, entered.toughness, tuple(entered.keywords()))
    fired: list[Fired] = []
    for oid, c in look.with_triggers():
        o = look.after.objects[oid]
        for r in _triggered(c, m.NontokenEnters):
            what = r.ability.condition.what
            if isinstance(what, m.Selector) and what.matches(
                    zone="battlefield", types=entered.types, subtypes=entered.subtypes, supertypes=entered.supertypes,
                    controller=look.after.objects[new_id].controller, you=o.controller, related=False,
                    is_source=oid == new_id, colors=entered.colors, facts=facts):
                fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text, "603.6a",
                                   o.timestamp, {"entered": new_id}))
    return fired


@listens((ev.CountersRemoved, ev.CountersPaid), (m.LastCounterRemovedSelf,))
def _last_counter_removed(look: _Look, e: ev.CountersRemoved | ev.CountersPaid) -> list[Fired]:
    """"When the last time counter is removed from this permanent" (702.63a): it had one or more
    and now has none, whether an effect or a cost removed them (122.1)."""
    oid = e.object_id
    if oid not in look.chars or oid not in look.before.objects:
        return []
    fired: list[Fired] = []
    o = look.after.objects[oid]
    for r in _triggered(look.chars[oid], m.LastCounterRemovedSelf):
        kind = r.ability.condition.counter
        if look.before.objects[oid].counters.get(kind, 0) > 0 and not o.counters.get(kind, 0):
            fired.append(Fired(oid, o.card, o.controller, r.id, r.ability, r.text, "702.63a", o.timestamp))
    return fired
