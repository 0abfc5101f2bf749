"""`holds`: whether a condition of a card's text is true now ("unless you control a Plains or
an Island", 614.1d; "Activate only if ...", 602.5b). One reader per condition kind
(`CONDITION_READERS`); `rules/support.py` refuses a card with a condition nothing reads.

The object a condition is asked for may not be on the battlefield yet (a land entering, 614.1d):
then it is not counted, whether or not the card says "other".
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from simulator.base.errors import IntegrityError
from simulator.base.registry import Registry
from simulator.cards import model as m
from simulator.game.layers import all_characteristics, graveyard_card_types
from simulator.game.layers import printed_colors
from simulator.game.selectors import cast_as, died_this_turn, select, spells_cast_this_turn
from simulator.game.state import GameState

Reader = Callable[[GameState, m.Cards, Any, str, "str | None"], bool]
CONDITION_READERS: Registry[Reader] = Registry("conditions")
reads = CONDITION_READERS.register


def holds(state: GameState, cards: m.Cards, cond: m.Condition, *, you: str, source: str | None = None) -> bool:
    """Whether `cond` is true now for an object `source` controlled (or to be controlled) by `you`."""
    return CONDITION_READERS[type(cond)](state, cards, cond, you, source)


def _in_game(state: GameState) -> list[str]:
    return [p for p in state.order if not state.players[p].lost]


@reads(m.YouControl)
def _you_control(state: GameState, cards: m.Cards, cond: m.YouControl, you: str, source: str | None) -> bool:
    found = {oid for sel in cond.what for oid in select(state, cards, sel, you=you, source=source)}
    if cond.other:
        found.discard(source or "")
    return len(found) >= cond.at_least and (cond.at_most is None or len(found) <= cond.at_most)


@reads(m.OpponentsControl)
def _opponents_control(state: GameState, cards: m.Cards, cond: m.OpponentsControl, you: str,
                       source: str | None) -> bool:
    return len([o for o in select(state, cards, cond.what, you=you, source=source) if o != source]) >= cond.at_least


@reads(m.OpponentCount)
def _opponents(state: GameState, cards: m.Cards, cond: m.OpponentCount, you: str, source: str | None) -> bool:
    return len([p for p in _in_game(state) if p != you]) >= cond.at_least


@reads(m.PlayerLifeAtMost)
def _life_at_most(state: GameState, cards: m.Cards, cond: m.PlayerLifeAtMost, you: str, source: str | None) -> bool:
    return any(state.players[p].life <= cond.life for p in _in_game(state))


@reads(m.CardsInYourZone)
def _cards_in_zone(state: GameState, cards: m.Cards, cond: m.CardsInYourZone, you: str, source: str | None) -> bool:
    ids = getattr(state.players[you], cond.zone)
    n = sum(1 for oid in ids
            if (not cond.card_type or cond.card_type in cards.get(state.objects[oid].card).types)
            and (not cond.subtype or cond.subtype in cards.get(state.objects[oid].card).subtypes))
    return n >= cond.at_least and (cond.at_most is None or n <= cond.at_most)


@reads(m.OtherThanEnteredAtLeast)
def _other_than_entered(state: GameState, cards: m.Cards, cond: m.OtherThanEnteredAtLeast, you: str,
                        source: str | None) -> bool:
    """Never read unbound: "other" is other than the permanent whose entering made the ability
    trigger (`game.triggers.intervening_holds` reads it with that one)."""
    raise IntegrityError("\"other\" than the permanent that entered is read with its trigger (intervening_holds)")


def other_than_entered_holds(state: GameState, cards: m.Cards, cond: m.OtherThanEnteredAtLeast, you: str,
                             entered: str | None) -> bool:
    """Valakut: at least `at_least` permanents of the subtype `you` controls now, not counting
    `entered` (603.2, 603.4)."""
    chars = all_characteristics(state, cards)
    n = sum(1 for oid in state.battlefield if oid != entered and state.objects[oid].controller == you
            and cond.subtype in chars[oid].subtypes)
    return n >= cond.at_least


@reads(m.CardsOfTypesInGraveyard)
def _cards_of_types(state: GameState, cards: m.Cards, cond: m.CardsOfTypesInGraveyard, you: str,
                    source: str | None) -> bool:
    """"there are two or more instant and/or sorcery cards in your graveyard" (205.2a)."""
    n = sum(1 for oid in state.players[you].graveyard
            if any(t in cards.get(state.objects[oid].card).types for t in cond.types))
    return n >= cond.at_least


@reads(m.SelfUntapped)
def _self_untapped(state: GameState, cards: m.Cards, cond: m.SelfUntapped, you: str, source: str | None) -> bool:
    o = state.objects.get(source or "")
    return o is not None and o.zone == "battlefield" and not o.tapped


@reads(m.SelfTapped)
def _self_tapped(state: GameState, cards: m.Cards, cond: m.SelfTapped, you: str, source: str | None) -> bool:
    """"if this land is tapped": the source is a tapped permanent (110.5)."""
    o = state.objects.get(source or "")
    return o is not None and o.zone == "battlefield" and o.tapped


@reads(m.SelfIsCreature)
def _self_is_creature(state: GameState, cards: m.Cards, cond: m.SelfIsCreature, you: str, source: str | None) -> bool:
    """"this permanent is a creature": its characteristics now (613; a crewed Vehicle, 702.122a)."""
    chars = all_characteristics(state, cards)
    return source is not None and source in chars and chars[source].is_creature


@reads(m.SelfHasCounters)
def _self_has_counters(state: GameState, cards: m.Cards, cond: m.SelfHasCounters, you: str,
                       source: str | None) -> bool:
    o = state.objects.get(source or "")
    return o is not None and o.counters.get(cond.counter, 0) >= cond.at_least


@reads(m.SelfWasKicked)
def _self_was_kicked(state: GameState, cards: m.Cards, cond: m.SelfWasKicked, you: str,
                     source: str | None) -> bool:
    """702.33d: "if it was kicked": the permanent was a spell whose kicker cost was paid."""
    o = state.objects.get(source or "")
    return o is not None and o.kicked > 0


@reads(m.SelfHadCounters)
def _self_had_counters(state: GameState, cards: m.Cards, cond: m.SelfHadCounters, you: str,
                       source: str | None) -> bool:
    """603.10a: "if it had counters on it": the source as it last existed (its record, 400.7)."""
    o = state.objects.get(source or "")
    return o is not None and any(n > 0 for n in o.counters.values())


@reads(m.SelfHasNoCounters)
def _self_has_no_counters(state: GameState, cards: m.Cards, cond: m.SelfHasNoCounters, you: str,
                          source: str | None) -> bool:
    """"there are no depletion counters on this land" (122.1): a source not on the battlefield
    (yet) has none."""
    obj = state.objects.get(source or "")
    return obj is None or obj.zone != "battlefield" or not obj.counters.get(cond.counter, 0)


@reads(m.DuringYourTurn)
def _during_your_turn(state: GameState, cards: m.Cards, cond: m.DuringYourTurn, you: str, source: str | None) -> bool:
    return state.active == you and (cond.step is None or state.step == cond.step)


@reads(m.YouAttackedThisTurn)
def _you_attacked(state: GameState, cards: m.Cards, cond: m.YouAttackedThisTurn, you: str, source: str | None) -> bool:
    """Raid (508.1): no player ever attacks in this simulator (there is no combat)."""
    return False


@reads(m.YouControlPowerAtLeast)
def _power_at_least(state: GameState, cards: m.Cards, cond: m.YouControlPowerAtLeast, you: str,
                    source: str | None) -> bool:
    """Ferocious: a creature you control with layered power (613.4) at least `power`, the
    source itself among them (Whisperer of the Wilds' own power counts); a permanent about to
    enter is not on the battlefield yet (614.12), so it never counts for its own condition."""
    chars = all_characteristics(state, cards)
    return any(c.is_creature and c.power is not None and c.power >= cond.power
               for oid, c in chars.items() if state.objects[oid].controller == you)


@reads(m.YouControlToughnessAtLeast)
def _toughness_at_least(state: GameState, cards: m.Cards, cond: m.YouControlToughnessAtLeast, you: str,
                        source: str | None) -> bool:
    """A creature you control with layered toughness (613.4) at least `toughness`."""
    chars = all_characteristics(state, cards)
    return any(c.is_creature and c.toughness is not None and c.toughness >= cond.toughness
               for oid, c in chars.items() if state.objects[oid].controller == you)


@reads(m.NotYourTurn)
def _not_your_turn(state: GameState, cards: m.Cards, cond: m.NotYourTurn, you: str, source: str | None) -> bool:
    """"it's not your turn": another player is the active player (500)."""
    return state.active != you


@reads(m.AnOpponentControlsAtLeast)
def _an_opponent_controls(state: GameState, cards: m.Cards, cond: m.AnOpponentControlsAtLeast, you: str,
                          source: str | None) -> bool:
    """Some one opponent controls `at_least` of them: counted per opponent, not added up."""
    found = select(state, cards, cond.what, you=you, source=source)
    return any(sum(1 for o in found if state.objects[o].controller == p) >= cond.at_least
               for p in _in_game(state) if p != you)


@reads(m.ManaSpentAtLeast)
def _mana_spent_at_least(state: GameState, cards: m.Cards, cond: m.ManaSpentAtLeast, you: str,
                         source: str | None) -> bool:
    """Adamant (601.2h): the colored mana spent to cast the spell `source` is on the stack."""
    item = state.stack_item(source) if source else None
    spent = item.colors_spent if item is not None else ""
    if cond.color is not None:
        return spent.count(cond.color) >= cond.amount
    return any(spent.count(c) >= cond.amount for c in "WUBRG")


@reads(m.ColorsSpentFewerThan)
def _colors_spent_fewer_than(state: GameState, cards: m.Cards, cond: m.ColorsSpentFewerThan, you: str,
                             source: str | None) -> bool:
    """Steel Exemplar (601.2h): fewer than `n` colors among the mana spent to cast the spell
    `source` is on the stack; not cast (no spell): none were spent."""
    item = state.stack_item(source) if source else None
    spent = item.colors_spent if item is not None else ""
    return len({c for c in spent if c in "WUBRG"}) < cond.n


@reads(m.CreatureDiedThisTurn)
def _creature_died(state: GameState, cards: m.Cards, cond: m.CreatureDiedThisTurn, you: str,
                   source: str | None) -> bool:
    """Morbid (700.4): any player's creature, this turn."""
    return bool(died_this_turn(state, cards))


@reads(m.OpponentLostLifeThisTurn)
def _opponent_lost_life(state: GameState, cards: m.Cards, cond: m.OpponentLostLifeThisTurn, you: str,
                        source: str | None) -> bool:
    """119.3 / 119.4: an opponent of `you` lost life this turn (one who left the game since is
    no opponent now, 800.4a)."""
    facts = state.this_turn
    return facts is not None and any(p != you and p in _in_game(state) for p in facts.lost_life)


@reads(m.YouLostPermanentThisTurn)
def _permanent_left(state: GameState, cards: m.Cards, cond: m.YouLostPermanentThisTurn, you: str,
                    source: str | None) -> bool:
    """Revolt: a permanent `you` controlled as it left the battlefield (its last known record)."""
    facts = state.this_turn
    return facts is not None and any(state.objects[o].controller == you for o in facts.left_battlefield)


@reads(m.TriggerSpellAllColors)
def _trigger_spell_all_colors(state: GameState, cards: m.Cards, cond: m.TriggerSpellAllColors, you: str,
                              source: str | None) -> bool:
    """Never read here: the spell is the trigger's (`rules.counters._if_then` reads `StackItem.data`)."""
    raise IntegrityError("whether the spell cast was all colors is read from the triggered ability (rules/counters.py)")


@reads(m.YouCastIt)
def _you_cast_it(state: GameState, cards: m.Cards, cond: m.YouCastIt, you: str, source: str | None) -> bool:
    """"if you cast it (from your hand)" (601.2): the source is, or came from, a spell `you` cast
    this turn (from the zone named)."""
    cast = cast_as(state, source) if source else None
    return cast is not None and cast.player == you and (not cond.from_zone or cast.zone == cond.from_zone)


def _spell_admitted(state: GameState, cards: m.Cards, spell: m.SpendOnlyToCast | None, color: str | None,
                    card: str, spell_id: str) -> bool:
    """A spell cast this turn is one the phrase names: its card's types (205.2a), subtypes and
    supertypes, its mana value with the X it had (202.3e), its colors (105.2; devoid, 702.114a)."""
    c = cards.get(card)
    if spell is not None:
        cost = c.mana_cost or m.ManaCost()
        record = state.objects.get(spell_id)
        mana_value = cost.mana_value + (record.x if record is not None else 0) * cost.x
        if not spell.admits(c.types, c.subtypes, c.supertypes, mana_value):
            return False
    return color is None or color in printed_colors(c)


@reads(m.SpellsCastThisTurn)
def _spells_cast(state: GameState, cards: m.Cards, cond: m.SpellsCastThisTurn, you: str, source: str | None) -> bool:
    """"if you've cast two or more spells this turn" / "... a noncreature spell ..." / "unless
    you've cast another red spell this turn" (601.2): `you`'s spells cast this turn that fit;
    "another": not the spell the source is or was (109.2)."""
    mine = cast_as(state, source) if source and cond.other else None
    n = sum(1 for c in spells_cast_this_turn(state)
            if c.player == you and not (mine is not None and c.spell == mine.spell)
            and _spell_admitted(state, cards, cond.spell, cond.color, c.card, c.spell))
    return n >= cond.at_least and (cond.at_most is None or n <= cond.at_most)


def describe_condition(cond: m.Condition) -> str:
    """The condition in words, for messages: "you control a Swamp"."""
    if isinstance(cond, m.YouControl):
        plural = cond.what[0].describe(plural=True).replace(" you control", "")
        if cond.at_most is not None:
            return f"you control {cond.at_most} or fewer {plural}"
        if cond.at_least > 1:
            return f"you control {cond.at_least} or more {plural}"
        return "you control " + " or ".join(s.describe().replace(" you control", "") for s in cond.what)
    if isinstance(cond, m.OpponentsControl):
        return f"your opponents control {cond.at_least} or more {cond.what.describe(plural=True).replace(' an opponent controls', '')}"
    if isinstance(cond, m.OpponentCount):
        return f"you have {cond.at_least} or more opponents"
    if isinstance(cond, m.PlayerLifeAtMost):
        return f"a player has {cond.life} or less life"
    if isinstance(cond, m.CardsInYourZone):
        where = "in your graveyard" if cond.zone == "graveyard" else "in your hand"
        if cond.at_most == 0:
            return f"you have no cards {where}"
        if cond.at_most is not None:
            return f"you have exactly {cond.at_most} cards {where}"
        if cond.subtype:
            return f"there is {'an' if cond.subtype[0] in 'AEIOU' else 'a'} {cond.subtype} card {where}"
        kind = f"{cond.card_type.lower()} cards" if cond.card_type else "cards"
        return f"there are {cond.at_least} or more {kind} {where}"
    if isinstance(cond, m.SelfUntapped):
        return "it's untapped"
    if isinstance(cond, m.SelfTapped):
        return "it is tapped"
    if isinstance(cond, m.SelfIsCreature):
        return "it is a creature"
    if isinstance(cond, m.SelfHasCounters):
        n = "a" if cond.at_least == 1 else f"{cond.at_least} or more"
        return f"it has {n} {cond.counter} counter{'s' if cond.at_least > 1 else ''} on it"
    if isinstance(cond, m.ManaSpentAtLeast):
        what = f"{cond.color} mana" if cond.color else "mana of the same color"
        return f"at least {cond.amount} {what} was spent to cast it"
    if isinstance(cond, m.YouAttackedThisTurn):
        return "you attacked this turn"
    if isinstance(cond, m.SelfWasKicked):
        return "it was kicked"
    if isinstance(cond, m.SelfHadCounters):
        return "it had counters on it"
    if isinstance(cond, m.YouControlPowerAtLeast):
        return f"you control a creature with power {cond.power} or greater"
    if isinstance(cond, m.YouControlToughnessAtLeast):
        return f"you control a creature with toughness {cond.toughness} or greater"
    if isinstance(cond, m.NotYourTurn):
        return "it's not your turn"
    if isinstance(cond, m.AnOpponentControlsAtLeast):
        return f"an opponent controls {cond.at_least} or more {cond.what.describe(plural=True).replace(' an opponent controls', '')}"
    if isinstance(cond, m.DuringYourTurn):
        return "during your upkeep" if cond.step == "upkeep" else "during your turn"
    if isinstance(cond, m.EnteredThisTurn):
        return "this entered this turn"
    if isinstance(cond, m.CreatureDiedThisTurn):
        return "a creature died this turn"
    if isinstance(cond, m.OpponentLostLifeThisTurn):
        return "an opponent lost life this turn"
    if isinstance(cond, m.YouLostPermanentThisTurn):
        return "a permanent you controlled left the battlefield this turn"
    if isinstance(cond, m.QuantityAtLeast) and isinstance(cond.per, m.CountWhere):    # cards/model_amounts.py
        shade = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}.get(cond.per.color, cond.per.color)
        noun = cond.per.what.describe(plural=True).replace(" you control", "")
        return f"you control {cond.n} or more {shade} {noun}".replace("  ", " ")
    if isinstance(cond, m.LandsWithDifferentNames):
        return f"you control {cond.at_least} or more lands with different names"
    if isinstance(cond, m.SameNameAtLeast):
        return f"you control {cond.n} or more {cond.what.describe(plural=True).replace(' you control', '')} with the same name"
    if isinstance(cond, m.QuantityAtLeast) and isinstance(cond.per, m.TotalPower):
        return f"creatures you control have total power {cond.n} or greater"
    if isinstance(cond, m.AllConditions):
        return " and ".join(describe_condition(c) for c in cond.conditions)   # type: ignore[arg-type]
    if isinstance(cond, m.YouPlayedLandThisTurn):
        return "you played a land this turn"
    if isinstance(cond, m.AnyCondition):
        return " or if ".join(describe_condition(c) for c in cond.conditions)   # type: ignore[arg-type]
    if isinstance(cond, m.YouCastIt):
        return "you cast it from your hand" if cond.from_zone == "hand" else "you cast it"
    if isinstance(cond, m.SpellsCastThisTurn):
        return cond.text
    if isinstance(cond, m.TriggerSpellAllColors):
        return "that spell was all colors"
    if isinstance(cond, m.SelfHasFewerCounters):
        return f"it has fewer than {cond.fewer_than} {cond.counter} counters on it"
    if isinstance(cond, m.YouControlNamed):
        return "you control creatures named " + " and ".join(cond.names)
    if isinstance(cond, m.EnchantedIsBasicLandType):
        return f"enchanted land is a basic {cond.land_type}"
    if isinstance(cond, m.CardTypesInGraveyardAtLeast):
        return f"there are {cond.at_least} or more card types among cards in your graveyard"
    return repr(cond)


@reads(m.SameNameAtLeast)
def _same_name_at_least(state: GameState, cards: m.Cards, cond: m.SameNameAtLeast, you: str,
                        source: str | None) -> bool:
    """Sceptre of Eternal Glory (602.5b): `n` or more of the selected permanents with one name (201.2)."""
    chars = all_characteristics(state, cards)
    names = Counter(chars[oid].name for oid in select(state, cards, cond.what, you=you, source=source) if oid in chars)
    return bool(names) and max(names.values()) >= cond.n


@reads(m.EnteredThisTurn)
def _entered_this_turn(state: GameState, cards: m.Cards, cond: m.EnteredThisTurn, you: str,
                       source: str | None) -> bool:
    """"this land entered this turn": it is on the battlefield and became the object it is this
    turn. The rules here have no effect that changes control, so the turn it came under its
    controller's control (`control_since`, set as it enters; a starting permanent with `sick =
    true` came this turn) is the turn it entered."""
    return state.on_battlefield(source) and state.objects[source or ""].control_since == state.turn


@reads(m.AnyCondition)
def _any_condition(state: GameState, cards: m.Cards, cond: m.AnyCondition, you: str, source: str | None) -> bool:
    return any(CONDITION_READERS[type(c)](state, cards, c, you, source) for c in cond.conditions)


@reads(m.AllConditions)
def _all_conditions(state: GameState, cards: m.Cards, cond: m.AllConditions, you: str, source: str | None) -> bool:
    """"if you control an Urza's Power-Plant and an Urza's Tower": each of them holds."""
    return all(CONDITION_READERS[type(c)](state, cards, c, you, source) for c in cond.conditions)


@reads(m.YouPlayedLandThisTurn)
def _played_land(state: GameState, cards: m.Cards, cond: m.YouPlayedLandThisTurn, you: str,
                 source: str | None) -> bool:
    """"if you played a land this turn" (305.1; the count of land plays is reset as every turn begins)."""
    return state.players[you].lands_played > 0


# ---- counters, names, card types in a graveyard (cards/model_conditions.py)
@reads(m.SelfHasFewerCounters)
def _self_has_fewer_counters(state: GameState, cards: m.Cards, cond: m.SelfHasFewerCounters, you: str,
                             source: str | None) -> bool:
    """"if this creature has fewer than three +1/+1 counters on it" (122.1): a source that left the
    battlefield has none (400.7)."""
    o = state.objects.get(source or "")
    have = o.counters.get(cond.counter, 0) if o is not None and o.zone == "battlefield" else 0
    return have < cond.fewer_than


@reads(m.YouControlNamed)
def _you_control_named(state: GameState, cards: m.Cards, cond: m.YouControlNamed, you: str,
                       source: str | None) -> bool:
    """"If you control creatures named Mine Worker and Power Plant Worker" (201.2: the name of a
    creature is a characteristic, as it is now): one of each name."""
    chars = all_characteristics(state, cards)
    named = {c.name for oid, c in chars.items() if c.is_creature and state.objects[oid].controller == you}
    return all(n in named for n in cond.names)


@reads(m.CardTypesInGraveyardAtLeast)
def _card_types_in_graveyard(state: GameState, cards: m.Cards, cond: m.CardTypesInGraveyardAtLeast, you: str,
                             source: str | None) -> bool:
    """"there are four or more card types among cards in your graveyard" (205.2a)."""
    return graveyard_card_types(state, cards, you) >= cond.at_least


@reads(m.EnchantedIsBasicLandType)
def _enchanted_is_basic(state: GameState, cards: m.Cards, cond: m.EnchantedIsBasicLandType, you: str,
                        source: str | None) -> bool:
    """"enchanted land is a basic Mountain": the permanent the source is attached to, now."""
    o = state.objects.get(source or "")
    land = o.attached_to if o is not None else None
    chars = all_characteristics(state, cards)
    return (land is not None and land in chars and "Basic" in chars[land].supertypes
            and cond.land_type in chars[land].subtypes)


@reads(m.LandsWithDifferentNames)
def _lands_with_different_names(state: GameState, cards: m.Cards, cond: m.LandsWithDifferentNames, you: str,
                                source: str | None) -> bool:
    """Field of the Dead (603.4): the distinct names (201.2) among the lands `you` controls, as
    they are now."""
    chars = all_characteristics(state, cards)
    names = {chars[oid].name for oid in select(state, cards, m.Selector(types=("Land",), controller="you"), you=you)
             if oid in chars}
    return len(names) >= cond.at_least


@reads(m.YouControlModifiedCreature)
def _you_control_modified(state: GameState, cards: m.Cards, cond: m.YouControlModifiedCreature, you: str,
                          source: str | None) -> bool:
    """Heir of the Ancient Fang (700.9): a creature `you` controls with a counter on it, equipped,
    or enchanted by an Aura `you` control."""
    return any(_modified(state, cards, oid)
               for oid in select(state, cards, m.Selector(types=("Creature",), controller="you"), you=you))


def _modified(state: GameState, cards: m.Cards, oid: str) -> bool:
    """700.9: a counter on it, an Equipment attached to it, or an Aura its controller controls."""
    if any(n > 0 for n in state.objects[oid].counters.values()):
        return True
    chars = all_characteristics(state, cards)
    controller = state.objects[oid].controller
    return any(state.objects[a].attached_to == oid and a in chars and (
        "Equipment" in chars[a].subtypes or ("Aura" in chars[a].subtypes and state.objects[a].controller == controller))
        for a in state.battlefield)


@reads(m.SelfModified)
def _self_modified(state: GameState, cards: m.Cards, cond: m.SelfModified, you: str, source: str | None) -> bool:
    """"As long as this creature is modified" read outside the layers (700.9)."""
    return source is not None and state.on_battlefield(source) and _modified(state, cards, source)
