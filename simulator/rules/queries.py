"""Shared rules checks: priority, timing, summoning sickness, references, targets."""
from __future__ import annotations

from typing import Any

from simulator.cards import model as m
from simulator.base.abilityid import AbilityId
from simulator.game.layers import ability_definition, all_characteristics
from simulator.base.errors import IllegalAction, IntegrityError
from simulator.game.selectors import select
from simulator.game.state import GameObject, GameState, StackItem

MAIN_STEPS = ("main1", "main2")
PERMANENT_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")   # 110.4


def summoning_sick(state: GameState, obj: GameObject) -> bool:
    """302.6: not under its controller's control continuously since their most recent turn began."""
    return obj.control_since >= state.players[obj.controller].last_turn


def require_game_on(state: GameState) -> None:
    """104.1: once the game has ended nobody acts; the error says how it ended."""
    if state.game_over:
        lost = [f"{n} lost by {state.loss_rule(n)}" if state.loss_rule(n) else f"{n} lost"
                for n in state.order if state.players[n].lost]
        how = f": {', '.join(lost)}" if lost else ""
        raise IllegalAction(f"the game is over{how}", "104.1")


def require_priority(state: GameState, player: str) -> None:
    """117.1: a player acts only while they have priority."""
    if player not in state.players:
        raise IllegalAction(f"there is no player named {player!r}", "102.1")
    require_game_on(state)
    if state.pending is not None:
        raise IllegalAction(f"{state.pending['player']} must first answer the pending "
                            f"{state.pending['kind']} choice", "608.2d")
    if state.priority != player:
        who = state.priority or "no player"
        raise IllegalAction(f"{who} has priority, not {player}", "117.1")


def require_sorcery_timing(state: GameState, player: str, rule: str) -> None:
    """307.1-style timing: main phase of your own turn with an empty stack."""
    if state.active != player:
        raise IllegalAction(f"it is {state.active}'s turn", rule)
    if state.step not in MAIN_STEPS:
        raise IllegalAction(f"it is the {state.step} step, not a main phase", rule)
    if state.stack:
        raise IllegalAction("the stack is not empty", rule)


def resolve_permanent(state: GameState, ref: str, cards: m.Cards) -> str:
    """An id, or a card name unique on the battlefield (GAME_FORMAT)."""
    if ref in state.objects:
        if state.objects[ref].zone != "battlefield":
            raise IllegalAction(f"{ref} is not on the battlefield", "110.1")
        return ref
    named = [oid for oid in state.battlefield if state.objects[oid].card.lower() == ref.lower()]
    if not named:
        raise IllegalAction(f"there is no permanent {ref!r} on the battlefield", "110.1")
    if len(named) > 1:
        raise IllegalAction(f"{ref!r} is not unique on the battlefield ({', '.join(named)}); use an id", "110.1")
    return named[0]


def resolve_in_zone(state: GameState, ref: str, ids: list[str]) -> str | None:
    """An id among `ids`, or a card name unique among them."""
    if ref in ids:
        return ref
    named = [oid for oid in ids if state.objects[oid].card.lower() == ref.lower()]
    if len(named) == 1:
        return named[0]
    if len(named) > 1:
        raise IllegalAction(f"{ref!r} is not unique in its zone ({', '.join(named)}); use an id", "115.1")
    return None


def stack_ability_id(item: StackItem | None) -> AbilityId:
    """The AbilityId of an ability on the stack."""
    if item is None or item.ability is None:
        raise IntegrityError(f"{item.id if item else 'the object'} is not an ability on the stack")
    return item.ability


def stack_ability(cards: m.Cards, item: StackItem | None) -> m.ActivatedAbility | m.TriggeredAbility:
    """The ability an ability on the stack is, by its AbilityId (113.7a: independent of its source);
    a modal one as its chosen modes make it (700.2: only their instructions and targets)."""
    found = ability_definition(cards, stack_ability_id(item))
    if not isinstance(found, (m.ActivatedAbility, m.TriggeredAbility)):
        raise IntegrityError(f"{item.id if item else 'the object'}: {found!r} is not an activated or triggered ability")
    chosen: m.ActivatedAbility | m.TriggeredAbility = m.with_modes(found, item.data.get("modes") if item is not None else None)
    return chosen


def spell_effects(cards: m.Cards, item: StackItem) -> tuple[tuple[m.Effect, ...], m.Targets | None]:
    """A spell's instructions and targets on the stack (608.2c); a modal spell's those of the
    modes chosen as it was cast (601.2b, 700.2a)."""
    card = cards.get(item.source_card)
    return m.chosen_effects(card.spell_effects, card.spell_targets, item.data.get("modes"))


# --------------------------------------------------------------------------- targets (115, 601.2c)

def player_candidates(state: GameState, spec: m.Targets, controller: str) -> list[str]:
    """The players `spec` may target (115.4: "target player", "target opponent", "any
    target"), in turn order: players still in the game (800.4a), opponents only for "target
    opponent" (102.3)."""
    if not spec.players:
        return []
    return [p for p in state.order if not state.players[p].lost
            and (spec.players == "any" or p != controller)]


def target_candidates(state: GameState, cards: m.Cards, spec: m.Targets, controller: str,
                      source: str | None = None) -> list[str]:
    """Every object (then every player, 115.4) that is a legal target for `spec` now, in a stable
    order (115.1): not a permanent with shroud (702.18a), nor one with hexproof an opponent
    controls (702.11b). `source`: the object whose spell or ability it is ("another target
    artifact": never the source itself, 109.2)."""
    players = player_candidates(state, spec, controller)
    if not spec.objects:
        return players
    found = select(state, cards, spec.what, you=controller, source=source)
    if spec.what.zone != "battlefield":
        return found + players
    chars = all_characteristics(state, cards)
    return [oid for oid in found if not chars[oid].has_keyword("Shroud") and not (
        chars[oid].has_keyword("Hexproof") and state.objects[oid].controller != controller)] + players


def choose_targets(state: GameState, cards: m.Cards, spec: m.Targets | None, controller: str,
                   refs: tuple[Any, ...] | list[Any], what: str, source: str | None = None) -> tuple[str, ...]:
    """Resolve and check chosen targets (601.2c, 115.1); errors name the rule."""
    refs = tuple(refs or ())
    if spec is None:
        if refs:
            raise IllegalAction(f"{what} has no targets", "115.1")
        return ()
    legal = target_candidates(state, cards, spec, controller, source)
    chosen = []
    for r in refs:
        zone_ids = _zone_ids_for(state, spec, controller)
        # a player is named by their name (115.4), after an exact object id
        oid = (str(r) if spec.players and str(r) in state.players and str(r) not in state.objects
               else resolve_in_zone(state, str(r), zone_ids if spec.objects else []))
        if oid is None or oid not in legal:
            raise IllegalAction(f"{r} is not a legal target: {what} needs {_describe(spec)}", "115.1")
        if oid in chosen:
            raise IllegalAction(f"{r} is chosen twice as a target", "115.3")
        chosen.append(oid)
    if not spec.min <= len(chosen) <= spec.max:
        need = f"{spec.min}" if spec.min == spec.max else f"{spec.min} to {spec.max}"
        raise IllegalAction(f"{what} needs {need} target(s): {_describe(spec)}, got {len(chosen)}", "601.2c")
    return tuple(chosen)


def _zone_ids_for(state: GameState, spec: m.Targets, controller: str) -> list[str]:
    if spec.what.zone == "graveyard":
        owners = [controller] if spec.what.controller == "you" else list(state.order)
        return [oid for p in owners for oid in state.players[p].graveyard]
    if spec.what.zone == "stack":
        return [i.id for i in state.stack if i.kind == "spell"]
    return list(state.battlefield)


def _describe(spec: m.Targets) -> str:
    return spec.describe()


def still_legal(state: GameState, cards: m.Cards, spec: m.Targets, controller: str, oid: str,
                source: str | None = None) -> bool:
    """608.2b: a target is checked again on resolution."""
    return oid in target_candidates(state, cards, spec, controller, source)


