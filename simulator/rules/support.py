"""Which cards the rules can play: every effect, trigger condition, cost part and mana kind of a
card must have its one handler, or the card is refused when its pool is loaded.

So an unsupported card is a load-time error (a card file that cannot be used, exit 2) and never
an "illegal action" in the middle of a game. The handlers are the registries themselves:
`effects.EFFECTS`, `mana_abilities.ACTIVATED_MANA` (with `could_produce.BASE_TYPES`: what an
activated mana ability could produce, 106.7) / `TRIGGERED_MANA` / `MANA_ABILITY_EXTRAS` / `TRIGGERED_MANA_EXTRAS`,
`triggers.CONDITIONS` and `activation.COSTS`; for static abilities the layers' tables
(`layers.layer_statics()`: `LAYER_4`, `LAYER_6`, `LAYER_7C`)
and `priority.STATICS_READ`; for replacement effects `could_produce.MANA_REPLACEMENTS`,
`actions.ENTERS_REPLACEMENTS` / `AS_ENTERS_CHOICES` and `explore.EXPLORE_REPLACEMENTS`.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Iterable

from simulator.cards import model as m
from simulator.base.errors import CardDataError
from simulator.game.conditions import CONDITION_READERS
from simulator.game.layers import LAYER_COUNTS, STATIC_CONDITIONS, layer_statics
from simulator.game.could_produce import BASE_TYPES, MANA_REPLACEMENTS
from simulator.game.quantities import QUANTITIES
from simulator.game.triggers import CONDITIONS
from simulator.rules.actions import AS_ENTERS_CHOICES, ENTERS_REPLACEMENTS
from simulator.rules.activation import COSTS
from simulator.rules.counters import nested_problems
from simulator.rules import resolution as _resolution  # noqa: F401  (imports every effect's handler module)
from simulator.rules.effects import EFFECTS, SPELL_MANA
from simulator.rules.explore import EXPLORE_REPLACEMENTS
from simulator.rules.damage import DAMAGE_PREVENTIONS
from simulator.rules.mana_abilities import ACTIVATED_MANA, MANA_ABILITY_EXTRAS, TRIGGERED_MANA
from simulator.rules.payment import SPEND_CHECKS
from simulator.rules.priority import STATICS_READ
from simulator.rules.spend_riders import SPEND_RIDERS
from simulator.rules.mana_abilities import TRIGGERED_MANA_EXTRAS


def static_handlers() -> set[type]:
    """Every static ability kind something reads (604): the layers (613) or the rules."""
    return layer_statics() | set(STATICS_READ)


def replacement_handlers() -> set[type]:
    """Every replacement effect kind something applies (614): to mana, entering, exploring."""
    return (set(MANA_REPLACEMENTS) | set(ENTERS_REPLACEMENTS) | set(AS_ENTERS_CHOICES) | set(EXPLORE_REPLACEMENTS)
            | set(DAMAGE_PREVENTIONS))


def _flat(effects: Iterable[Any]) -> list[Any]:
    """The instructions, a modal one's as those of all its modes (700.2: any may be chosen)."""
    return [x for e in effects for x in ([x for mode in e.modes for x in mode.effects]
                                         if isinstance(e, m.ChooseModes) else [e])]


def _effects(effects: Iterable[Any], where: str) -> list[str]:
    effects = _flat(effects)
    counts = [f"{where}: nothing counts {type(e.amount).__name__} for the tokens created" for e in effects
              if isinstance(e, m.CreateTokens) and not isinstance(e.amount, (int, m.PerCounter))
              and type(e.amount) not in QUANTITIES]
    return [f"{where}: no handler for the effect {type(e).__name__} ({e!r})"
            for e in effects if type(e) not in EFFECTS] + [p for e in effects for p in nested_problems(e, EFFECTS, where)] + counts


def _mana_ability(effects: Iterable[Any], kinds: Iterable[dict[type, Any]], extras: dict[type, Any],
                  where: str) -> list[str]:
    out = []
    for e in effects:
        if isinstance(e, m.AddMana):
            made = [e.mana, e.mana.base, e.mana.instead] if isinstance(e.mana, m.AddInstead) else [e.mana]
            out += [f"{where}: no handler for the mana kind {type(k).__name__} ({k!r})"
                    for k in made if any(type(k) not in table for table in kinds)]
            if isinstance(e.mana, m.AddInstead) and type(e.mana.condition) not in CONDITION_READERS:
                out.append(f"{where}: nothing reads the condition {type(e.mana.condition).__name__}")
        elif type(e) not in extras:
            out.append(f"{where}: no handler for the effect {type(e).__name__} ({e!r}) in a mana ability")
        else:
            out += nested_problems(e, extras, where)
    return out


def _activated(ab: m.ActivatedAbility) -> list[str]:
    where = repr(ab.text)
    out = [f"{where}: no payment for the cost part {f.name!r}" for f in dataclasses.fields(ab.cost)
           if getattr(ab.cost, f.name) and f.name not in COSTS]
    if ab.condition is not None and type(ab.condition) not in CONDITION_READERS:
        out.append(f"{where}: nothing reads the condition {type(ab.condition).__name__}")
    if ab.reduction is not None and type(ab.reduction.per) not in QUANTITIES:
        out.append(f"{where}: nothing counts {type(ab.reduction.per).__name__} for a cost reduction")
    if ab.is_mana_ability:
        return out + _mana_ability(ab.effects, (ACTIVATED_MANA, BASE_TYPES), MANA_ABILITY_EXTRAS, where)
    if ab.is_loyalty_ability:   # 605.1a: no mana ability; its mana is added as it resolves (`AbilityMana`)
        out += [f"{where}: no handler for the mana kind {type(e.mana).__name__} ({e.mana!r}) of a loyalty ability"
                for e in ab.effects if isinstance(e, m.AddMana) and type(e.mana) not in SPELL_MANA]
    elif any(isinstance(e, m.AddMana) for e in ab.effects):   # it targets: no mana ability (605.1a)
        out.append(f"{where}: an activated ability that adds mana and has a target is not supported")
    if any(isinstance(e, m.ChooseModes) for e in ab.effects):
        out.append(f"{where}: a modal activated ability is not supported (its mode is announced as it is activated, 602.2b)")
    return out + _effects(ab.effects, where)


def _triggered(ab: m.TriggeredAbility) -> list[str]:
    where = repr(ab.text)
    out = []
    if type(ab.condition) not in CONDITIONS:
        out.append(f"{where}: no trigger listens for the condition {type(ab.condition).__name__}")
    if ab.intervening is not None and type(ab.intervening) not in CONDITION_READERS:
        out.append(f"{where}: nothing reads the condition {type(ab.intervening).__name__}")
    if ab.is_mana_ability:   # 605.1b: resolves at once, adding mana
        return out + _mana_ability(ab.effects, (TRIGGERED_MANA,), TRIGGERED_MANA_EXTRAS, where)
    # a triggered ability that adds mana from the stack (Lotus Cobra, 605.1b) adds it through
    # the same table as it resolves (ResolveManaTrigger)
    out += [f"{where}: no handler for the mana kind {type(e.mana).__name__} ({e.mana!r}) of a triggered ability"
            for e in (_unwrap_may(e) for e in ab.effects) if isinstance(e, m.AddMana) and type(e.mana) not in TRIGGERED_MANA]
    return out + _effects(ab.effects, where)


def _unwrap_may(e: Any) -> Any:
    """The instruction of "you may <instruction>" (608.2d); any other effect is itself."""
    return e.effect if isinstance(e, m.MayDo) else e


def _restrictions(card: m.CardDefinition) -> list[str]:
    """Every "Spend this mana only ..." restriction needs its check (106.6: `payment.SPEND_CHECKS`)."""
    effects = list(card.spell_effects)
    for a in card.abilities:
        if isinstance(a, (m.ActivatedAbility, m.TriggeredAbility)):
            effects += a.effects
        elif isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.GrantAbility):
            effects += a.effect.ability.effects
    effects = [_unwrap_may(e) for e in effects]
    return [f"no check for the mana restriction {type(e.restriction).__name__} ({e.restriction.text!r})"
            for e in effects if isinstance(e, m.AddMana) and e.restriction is not None
            and type(e.restriction) not in SPEND_CHECKS]


def _riders(card: m.CardDefinition) -> list[str]:
    """Every rider of mana (106.6) needs what applies it: `spend_riders.SPEND_RIDERS` for an
    effect on the spell, the trigger dispatcher (`CONDITIONS`) and the effects' handlers for a
    "When you spend this mana" trigger. Only an activated mana ability's mana carries one (it
    names that ability: `mana_abilities.restriction_of`)."""
    out = []
    lines: list[tuple[Any, bool]] = [(e, False) for e in card.spell_effects]
    for a in card.abilities:
        if isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.GrantAbility):
            a = a.effect.ability
        if isinstance(a, (m.ActivatedAbility, m.TriggeredAbility)):
            lines += [(e, isinstance(a, m.ActivatedAbility) and a.is_mana_ability) for e in a.effects]
    for e, activated_mana in lines:
        if not isinstance(e, m.AddMana) or e.rider is None:
            continue
        where = repr(e.rider.text)
        if not activated_mana:
            out.append(f"{where}: a rider on mana that is not made by an activated mana ability is not supported")
        elif isinstance(e.rider, m.SpentTrigger):
            out += _triggered(e.rider.ability)
        elif type(e.rider) not in SPEND_RIDERS:
            out.append(f"{where}: nothing applies the rider {type(e.rider).__name__}")
    return out


def _retained_types(card: m.CardDefinition) -> list[str]:
    """"<self> becomes a 2/2 ... creature": the card's own types must be kept (205.1a-b)."""
    out = []
    for a in card.abilities:
        if isinstance(a, (m.ActivatedAbility, m.TriggeredAbility)):
            for e in _flat(a.effects):
                problem = m.retained_types_problem(card.types, e) if isinstance(e, m.BecomesCreature) else None
                if problem:
                    out.append(f"{a.text!r}: {problem}")
                quoted = getattr(e, "granted_ability", None)      # "with "{B}: Regenerate this creature""
                if isinstance(quoted, m.ActivatedAbility):
                    out += _activated(quoted)
                elif quoted is not None:
                    out.append(f"{a.text!r}: a quoted ability of kind {type(quoted).__name__} is not supported")
    return out


def unsupported(card: m.CardDefinition) -> list[str]:
    """What the rules cannot do of `card` (empty: every part has its handler)."""
    out = _effects(card.spell_effects, "its spell effect") + _restrictions(card) + _riders(card)
    out += [f"its spell effect: no handler for the mana kind {type(e.mana).__name__} ({e.mana!r}) of a spell"
            for e in card.spell_effects if isinstance(e, m.AddMana) and type(e.mana) not in SPELL_MANA]
    out += _retained_types(card)
    if any(isinstance(e, m.ChooseModes) for e in card.spell_effects) and m.modal(card.spell_effects) is None:
        out.append("its spell effect: a modal instruction with other instructions beside it is not supported")
    for e in _flat(card.spell_effects):       # a quoted ability a spell gives ("lands you control gain "{T}: ..."")
        quoted = getattr(e, "granted_ability", None)
        if isinstance(quoted, m.ActivatedAbility):
            out += _activated(quoted)
        elif quoted is not None:
            out.append(f"its spell effect: a quoted ability of kind {type(quoted).__name__} is not supported")
    for a in card.abilities:
        if isinstance(a, m.ActivatedAbility):
            out += _activated(a)
        elif isinstance(a, m.TriggeredAbility):
            out += _triggered(a)
        elif isinstance(a, m.StaticAbilityLine):
            if type(a.effect) not in static_handlers():
                out.append(f"{a.text!r}: nothing reads the static ability {type(a.effect).__name__}")
            condition = getattr(a.effect, "condition", None)
            if condition is not None and type(condition) not in STATIC_CONDITIONS:
                out.append(f"{a.text!r}: nothing reads the condition {type(condition).__name__} of a static ability")
            if isinstance(a.effect, m.SpellCostReduction) and type(a.effect.reduction.per) not in QUANTITIES:
                out.append(f"{a.text!r}: nothing counts {type(a.effect.reduction.per).__name__} for a cost reduction")
            per = getattr(a.effect, "per", None)
            if per is not None and type(per) not in LAYER_COUNTS:
                out.append(f"{a.text!r}: nothing counts {type(per).__name__} for a static ability")
            if isinstance(a.effect, m.GrantAbility):
                granted = a.effect.ability
                out += _triggered(granted) if isinstance(granted, m.TriggeredAbility) else _activated(granted)
        elif isinstance(a, m.ReplacementAbility):
            if type(a.effect) not in replacement_handlers():
                out.append(f"{a.text!r}: nothing applies the replacement effect {type(a.effect).__name__}")
            condition = getattr(a.effect, "condition", None)
            if condition is not None and type(condition) not in CONDITION_READERS:
                out.append(f"{a.text!r}: nothing reads the condition {type(condition).__name__}")
    return out


def check_cards(cards: m.Cards) -> None:
    """Refuse a card pool with a card the rules cannot play (CardDataError: exit 2)."""
    for name in cards.names() + cards.token_names():   # a token's abilities too (111.4)
        problems = unsupported(cards.get(name))
        if problems:
            raise CardDataError(name, "the rules cannot play it: " + "; ".join(problems))
