"""Mana abilities (605): what one makes (106.5, 106.7), the replacement effects on tapping a
permanent for mana (106.12b, ordered by its controller: 616.1), and the triggered mana
abilities that resolve right after it (605.4a).

A mana ability resolves at once (605.3a). Its production is one event, built
here: the base mana from the ability (and the player's `mana` choice), then
every replacement effect that applies to tapping it for mana (106.12b) — in
the order the player chooses when two or more apply (616.1) — then
`ManaProduced`. Triggered mana abilities it set off resolve right after
(605.4a), reading what was actually produced.
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Any

from .. import events as ev
from ..cards import model as m
from ..errors import IllegalAction
from ..mana import (add_mana_effect, apply_mana_replacement, creatures_controlled, mana_replacements,
                    mana_text, reflected_options)
from .context import Ctx, Frame, Pause
from .queries import locate_ability, option_order


# --------------------------------------------------------------------------- what a mana ability makes

def planned_mana(g: Ctx, player: str, oid: str, ab: m.ActivatedAbility, choice: str | None) -> dict:
    """The mana the ability's effect makes before replacement effects; checks the `mana` choice."""
    eff = add_mana_effect(ab).mana
    letters = (choice or "").upper()
    if isinstance(eff, m.AddFixed):
        fixed = dict(Counter(eff.mana))
        if letters and Counter(letters) != Counter(eff.mana):
            raise IllegalAction(f"it adds {mana_text(fixed)}, not {mana_text(dict(Counter(letters)))}", "608.2d")
        return fixed
    if isinstance(eff, m.AddPerCount):
        n = creatures_controlled(g.state, g.pool, player)
        made = {eff.mana: n} if n else {}
        # 608.2d: the amount is counted, not chosen; a `mana` answer must say exactly that.
        if letters and Counter(letters) != Counter(made):
            raise IllegalAction(f"it adds {mana_text(made) or 'no mana'} ({{{eff.mana}}} for each of the {n} "
                                f"creature(s) {player} controls), not {mana_text(dict(Counter(letters)))}",
                                "608.2d")
        return made
    if isinstance(eff, m.AddOneOf):
        return _pick_one(letters, list(eff.choices), 1, "608.2d")
    if isinstance(eff, m.AddAnyColor):
        if eff.same and len(letters) == 1:
            letters = letters * eff.amount
        if len(letters) != eff.amount or any(c not in m.COLORS for c in letters):
            raise IllegalAction(f"choose {eff.amount} mana of {'one' if eff.same else 'any'} color "
                                f"(key `mana`, letters from WUBRG)", "608.2d")
        if eff.same and len(set(letters)) != 1:
            raise IllegalAction("the mana must all be of one color", "608.2d")
        return dict(Counter(letters))
    if isinstance(eff, m.AddReflected):
        options = reflected_options(g.state, g.pool, player, eff)
        if not options:
            # 106.5 / 106.7: no type can be defined: the ability is still activated (its costs
            # are paid) and produces no mana; naming a type anyway is a choice that isn't allowed.
            if letters:
                raise IllegalAction(f"no type of mana can be defined for it: a land "
                                    f"{'you control' if eff.whose == 'you' else 'an opponent controls'} "
                                    f"could produce no {eff.kind} of mana, so it adds none "
                                    f"(omit `mana`), not {letters}", "106.7")
            return {}
        return _pick_one(letters, options, 1, "106.7")
    raise IllegalAction(f"unsupported mana effect {eff!r}", "605.1a")


def _pick_one(letters: str, options: list[str], amount: int, rule: str) -> dict:
    shown = ", ".join("{%s}" % o for o in options)
    if not letters:
        if len(options) == 1:
            return {options[0]: amount}
        raise IllegalAction(f"choose the mana it adds (key `mana`): one of {shown}", rule)
    if len(letters) != 1 or letters not in options:
        raise IllegalAction(f"it can add only one of {shown}, not {letters}", rule)
    return {letters: amount}


@dataclass(frozen=True)
class ProduceMana(Frame):
    """The mana production event of a resolving mana ability (106.12, 106.12b)."""

    player: str
    source: str
    source_card: str
    text: str
    mana: dict
    tapped: bool
    cause: int
    extra_effects: tuple = ()
    ability_card: str = ""
    ability_index: int = -1

    def run(self, g: Ctx) -> list[Frame]:
        reps = []
        if self.tapped and any(self.mana.values()):
            ab = _ability(g, self)
            reps = mana_replacements(g.state, g.pool, self.source, self.player, ab)
        if len(reps) >= 2:
            options = [f"{r.text} ({oid})" for oid, r in reps]
            raise Pause(self.player, "replacement", options,
                        f"{self.player}: order the replacement effects on tapping {self.source} for mana "
                        f"(first listed applies first)",
                        ManaReplacementOrder(self, tuple(oid for oid, _ in reps)), "616.1", self.cause)
        return self.finish(g, [oid for oid, _ in reps])

    def finish(self, g: Ctx, order: list[str]) -> list[Frame]:
        mana = dict(self.mana)
        cause = self.cause
        ab = _ability(g, self)
        available = {oid: r for oid, r in mana_replacements(g.state, g.pool, self.source, self.player, ab)}
        for oid in order:
            ref = available[oid]
            after = apply_mana_replacement(ref.ability.effect, mana)
            cause = g.emit(ev.ReplacementApplied(source=oid, source_card=g.state.objects[oid].card,
                                                 effect=ref.text, applies_to="mana",
                                                 before=mana, after=after),
                           "106.12b", cause)
            mana = after
        rule = "106.12" if self.tapped else "605.3a"
        if not any(self.mana.values()) and isinstance(add_mana_effect(ab).mana, m.AddReflected):
            rule = "106.5"      # undefined type (106.7); zero of a defined type (Cradle) is not 106.5
        g.mana_triggers = []
        produced = g.emit(ev.ManaProduced(player=self.player, source=self.source, source_card=self.source_card,
                                          mana=mana, tapped_for_mana=self.tapped, ability_text=self.text),
                          rule, cause)
        if any(mana.values()):
            g.emit(ev.ManaAdded(player=self.player, mana=mana, source=self.source), "106.4", produced)
        for i in self.extra_effects:
            eff = ab.effects[i]
            if isinstance(eff, m.DealDamage):
                g.emit(ev.DamageDealt(source=self.source, source_card=self.source_card, player=self.player,
                                      amount=eff.amount), "120.3a", self.cause)
        triggers = [ResolveManaTrigger.of(t) for t in g.mana_triggers]
        g.mana_triggers = []
        return triggers


def _ability(g: Ctx, p: ProduceMana) -> m.ActivatedAbility:
    return locate_ability(g.pool, p.ability_card, p.ability_index, p.text)


@dataclass(frozen=True)
class ManaReplacementOrder(Frame):
    production: ProduceMana
    options: tuple

    def answer(self, g: Ctx, player: str, value: Any) -> list[Frame]:
        order = option_order(value, len(self.options), "replacement")
        return self.production.finish(g, [self.options[i - 1] for i in order])


# --------------------------------------------------------------------------- triggered mana abilities

@dataclass(frozen=True)
class ResolveManaTrigger(Frame):
    """605.4a: a triggered mana ability resolves right after the mana ability that triggered it."""

    trigger_seq: int
    source: str
    source_card: str
    controller: str
    ability: int
    data: dict
    chosen: str = ""

    @classmethod
    def of(cls, env: ev.Envelope) -> "ResolveManaTrigger":
        t = env.event
        return cls(env.seq, t.source, t.source_card, t.controller, t.ability, dict(t.data))

    def run(self, g: Ctx) -> list[Frame]:
        ability = g.pool.get(self.source_card).abilities[self.ability]
        for eff in ability.effects:
            if not isinstance(eff, m.AddMana):
                continue
            recipient = self._recipient(g, eff.to)
            mana = self._mana(g, eff.mana)
            if any(mana.values()):
                g.emit(ev.ManaAdded(player=recipient, mana=mana, source=self.source), "106.12a", self.trigger_seq)
        return []

    def _recipient(self, g: Ctx, to: str) -> str:
        if to == "that player":
            return self.data["player"]
        if to == "its controller":
            return g.state.objects[self.data["land"]].controller
        return self.controller

    def _mana(self, g: Ctx, eff: m.ManaEffect) -> dict:
        if isinstance(eff, m.AddFixed):
            return dict(Counter(eff.mana))
        if isinstance(eff, m.AddProducedType):
            produced = self.data.get("produced", {})
            types = [k for k in m.MANA_TYPES if produced.get(k)]
            if not types:
                return {}
            if self.chosen:
                return {self.chosen: eff.amount}
            if len(types) == 1:
                return {types[0]: eff.amount}
            raise Pause(self.controller, "mana", types,
                        f"{self.controller}: choose the type of mana {self.source_card} adds",
                        ManaTriggerChoice(self, tuple(types)), "605.4a", self.trigger_seq)
        raise IllegalAction(f"unsupported triggered mana effect {eff!r}", "605.1b")


@dataclass(frozen=True)
class ManaTriggerChoice(Frame):
    trigger: ResolveManaTrigger
    options: tuple

    def answer(self, g: Ctx, player: str, value: Any) -> list[Frame]:
        letter = "".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
        letter = letter.upper()
        if letter not in self.options:
            shown = ", ".join("{%s}" % o for o in self.options)
            raise IllegalAction(f"the mana must be one of {shown}", "605.4a")
        return [dataclasses.replace(self.trigger, chosen=letter)]
