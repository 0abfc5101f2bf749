"""Mana abilities (605): what one makes (106.5, 106.7), the replacement effects on tapping a
permanent for mana (106.12b, ordered by its controller: 616.1), and the triggered mana
abilities that resolve right after it (605.4a).

A mana ability resolves at once (605.3b). Its production is one event, built
here: the base mana from the ability (and the player's `mana` choice), then
every replacement effect that applies to tapping it for mana (106.12b) — in
the order the player chooses when two or more apply (616.1) — then
`ManaProduced`. Triggered mana abilities it set off resolve right after
(605.4a), reading what was actually produced.
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from simulator.game import events as ev
from simulator.base.abilityid import ABILITY_ID, AbilityId, from_legacy
from simulator.cards import model as m
from simulator.game.layers import ability_definition
from simulator.base.errors import IllegalAction, IntegrityError
from simulator.base.registry import Registry
from simulator.game.conditions import holds
from simulator.game.quantities import devotion, quantity
from simulator.game.state import ADDED_LATER, GameObject
from simulator.game.could_produce import (Mana, apply_mana_replacement, count_for, mana_effect_of, mana_replacements,
                    mana_text, reflected_options)
from simulator.game.could_produce import colors_among
from simulator.rules import choices as ch
from simulator.rules.actions import draw_cards, return_during_next_untap, sacrifice_permanent, skip_next_untap
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.damage import deal_damage


# --------------------------------------------------------------------------- what a mana ability makes

def restriction_of(eff: m.AddMana, source: GameObject | None = None,
                   ability: AbilityId | None = None) -> dict[str, Any] | None:
    """The restriction mana added by `eff` carries into the pool (106.6), as events keep it.
    "of the chosen type" is the type chosen for `source` as it entered (614.12), fixed now: the
    mana keeps it if the source leaves. A rider ("If that mana is spent on ...") is carried as
    `RiderMana`, naming `ability`, the mana ability whose text holds it (only activated mana
    abilities have riders: `rules.support` refuses the others)."""
    if eff.rider is not None:
        if ability is None:
            raise IntegrityError(f"the rider {eff.rider.text!r} needs the mana ability that made the mana")
        return m.restriction_json(m.RiderMana(eff.rider.text, ability))
    r = eff.restriction
    if r is None:
        return None
    if isinstance(r, m.SpendOnlyToCastChosenType):
        r = dataclasses.replace(r, chosen=source.chosen_creature_type if source is not None else None)
    return m.restriction_json(r)


PlannedMana = Callable[[Ctx, str, Any, str, str], Mana]
# Mana kinds an activated mana ability can make: (ctx, player, kind, `mana` letters, the id of the
# object whose ability it is) -> mana.
ACTIVATED_MANA: Registry[PlannedMana] = Registry("activated mana")
makes = ACTIVATED_MANA.register   # @makes(kind): what an activated mana ability of this AddMana kind makes


def planned_mana(ctx: Ctx, player: str, oid: str, ab: m.ActivatedAbility, choice: str | None, x: int = 0,
                 sacrificed: tuple[str, ...] = ()) -> Mana:
    """The mana the ability's effect makes before replacement effects; checks the `mana` choice.
    `x`: the X announced for its cost (107.3), what "Add X mana" / "for each counter removed
    this way" adds; `sacrificed`: what its cost sacrifices ("the sacrificed artifact's mana value")."""
    eff = mana_effect_of(ab).mana
    if isinstance(eff, m.AddCounted) and isinstance(eff.amount, m.CostX):
        eff = dataclasses.replace(eff, amount=m.Fixed(x + eff.amount.plus))
    if isinstance(eff, m.AddCounted) and isinstance(eff.amount, m.SacrificedManaValue):
        value = sum(mana_value_of(ctx, victim) for victim in sacrificed)
        eff = dataclasses.replace(eff, amount=m.Fixed(value))
    plan = ACTIVATED_MANA.get(type(eff))
    if plan is None:
        raise IllegalAction(f"unsupported mana effect {eff!r}", "605.1a")
    return plan(ctx, player, eff, (choice or "").upper(), oid)


@makes(m.AddFixed)
def _fixed(ctx: Ctx, player: str, eff: m.AddFixed, letters: str, source: str) -> Mana:
    fixed = dict(Counter(eff.mana))
    if letters and Counter(letters) != Counter(eff.mana):
        raise IllegalAction(f"it adds {mana_text(fixed)}, not {mana_text(dict(Counter(letters)))}", "608.2d")
    return fixed


@makes(m.AddPerCount)
def _per_count(ctx: Ctx, player: str, eff: m.AddPerCount, letters: str, source: str) -> Mana:
    n = count_for(ctx.state, ctx.cards, eff, player)
    made = {eff.mana: n} if n else {}
    # 608.2d: the amount is counted, not chosen; a `mana` answer must say exactly that.
    if letters and Counter(letters) != Counter(made):
        raise IllegalAction(f"it adds {mana_text(made) or 'no mana'} ({{{eff.mana}}} for each of the {n} "
                            f"{eff.per.noun}(s) {player} controls), not {mana_text(dict(Counter(letters)))}",
                            "608.2d")
    return made


@makes(m.AddOneOfCombos)
def _one_of_groups(ctx: Ctx, player: str, eff: m.AddOneOfCombos, letters: str, source: str) -> Mana:
    """"Add {W}{W}, {W}{U}, or {U}{U}.": the `mana` answer is one group's letters (any order)."""
    shown = ", ".join("".join("{%s}" % c for c in o) for o in eff.options)
    chosen = [o for o in eff.options if Counter(o) == Counter(letters)]
    if not chosen:
        raise IllegalAction(f"choose the mana it adds (key `mana`): one of {shown}"
                            + (f", not {letters}" if letters else ""), "608.2d")
    return dict(Counter(chosen[0]))


@makes(m.AddOneOf)
def _one_of(ctx: Ctx, player: str, eff: m.AddOneOf, letters: str, source: str) -> Mana:
    return _pick_one(letters, list(eff.choices), 1, "608.2d")


def any_color_mana(eff: m.AddAnyColor, letters: str, where: str = "key `mana`, ") -> Mana:
    """The mana of "Add N mana of any one color" / "... in any combination of colors" from the
    player's letters (608.2d: chosen as the ability or spell resolves); one letter of "any one
    color" stands for all N. `where`: how the refusal says the letters are given."""
    if eff.same and len(letters) == 1:
        letters = letters * eff.amount
    if len(letters) != eff.amount or any(c not in m.COLORS for c in letters):
        raise IllegalAction(f"choose {eff.amount} mana of {'one' if eff.same else 'any'} color "
                            f"({where}letters from WUBRG)", "608.2d")
    if eff.same and len(set(letters)) != 1:
        raise IllegalAction("the mana must all be of one color", "608.2d")
    return dict(Counter(letters))


@makes(m.AddAnyColor)
def _any_color(ctx: Ctx, player: str, eff: m.AddAnyColor, letters: str, source: str) -> Mana:
    return any_color_mana(eff, letters)


@makes(m.AddReflected)
def _reflected(ctx: Ctx, player: str, eff: m.AddReflected, letters: str, source: str) -> Mana:
    options = reflected_options(ctx.state, ctx.cards, player, eff)
    if not options:
        # 106.5 / 106.7: no type can be defined: the ability is still activated (its costs
        # are paid) and produces no mana; naming a type anyway is a choice that isn't allowed.
        if letters:
            raise IllegalAction(f"no type of mana can be defined for it: a {'basic ' if eff.basic else ''}land "
                                f"{'you control' if eff.whose == 'you' else 'an opponent controls'} "
                                f"could produce no {eff.kind} of mana, so it adds none "
                                f"(omit `mana`), not {letters}", "106.7")
        return {}
    return _pick_one(letters, options, 1, "106.7")


@makes(m.AddCommanderColor)
def _commander_color(ctx: Ctx, player: str, eff: m.AddCommanderColor, letters: str, source: str) -> Mana:
    """Arcane Signet: no commander, no color identity: no mana (106.5, as Command Tower); naming a
    color anyway is a choice that isn't there."""
    if letters:
        raise IllegalAction(f"there is no commander, so no color can be chosen: it adds no mana "
                            f"(omit `mana`), not {letters}", "106.5")
    return {}


@makes(m.AddFixedOrChosenColor)
def _fixed_or_chosen(ctx: Ctx, player: str, eff: m.AddFixedOrChosenColor, letters: str, source: str) -> Mana:
    """Thriving Grove: {G}, or the color chosen as it entered (614.12); none chosen: {G} only (106.5)."""
    chosen = ctx.state.objects[source].chosen_color
    options = [eff.mana] + ([chosen] if chosen and chosen != eff.mana else [])
    return _pick_one(letters, options, 1, "608.2d")


@makes(m.AddChosenColor)
def _chosen_color(ctx: Ctx, player: str, eff: m.AddChosenColor, letters: str, source: str) -> Mana:
    """Sol Grail, Quirion Elves: "Add one mana of the chosen color", the color chosen as the
    source entered (614.12). None chosen (it was put onto the battlefield without the choice):
    the type is undefined and it adds no mana (106.5); naming a color is then no choice."""
    color = ctx.state.objects[source].chosen_color
    if not color:
        if letters:
            raise IllegalAction(f"no color was chosen as {source} entered: it adds no mana (omit `mana`), "
                                f"not {letters}", "106.5")
        return {}
    if letters and (set(letters) != {color} or len(letters) > eff.amount):
        raise IllegalAction(f"it adds {{{color}}}, the color chosen as {source} entered, not {letters}", "608.2d")
    return {color: eff.amount}


@makes(m.AddColorAmong)
def _color_among(ctx: Ctx, player: str, eff: m.AddColorAmong, letters: str, source: str) -> Mana:
    """Mox Amber: one of the colors among the objects now (605.3a); none: no type can be defined,
    the ability is activated and adds nothing (106.5)."""
    options = colors_among(ctx.state, ctx.cards, eff, player, source)
    if not options:
        if letters:
            raise IllegalAction(f"no color can be defined for it: none among the objects it names, so it adds "
                                f"none (omit `mana`), not {letters}", "106.5")
        return {}
    return _pick_one(letters, options, 1, "106.1")


@makes(m.AddInstead)
def _instead(ctx: Ctx, player: str, eff: m.AddInstead, letters: str, source: str) -> Mana:
    """"Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead.":
    the condition is read as the mana ability resolves (605.3b, 608.2c), then the mana it names
    is made as that kind is."""
    chosen = eff.instead if holds(ctx.state, ctx.cards, eff.condition, you=player, source=source) else eff.base  # type: ignore[arg-type]
    return ACTIVATED_MANA[type(chosen)](ctx, player, chosen, letters, source)


def counted_mana(eff: m.AddCounted, n: int, letters: str) -> Mana:
    """The mana of "Add X mana of any one color / in any combination of {U} and/or {R}, where X
    is ..." / "an amount of {G} equal to ..." with X = `n` now, from the player's letters (608.2d:
    chosen as it resolves): one letter of "any one color" stands for all X; with one color
    possible no letters are needed."""
    shown = "/".join(eff.colors)
    if n == 0:
        if letters:
            raise IllegalAction(f"X is 0 now: it adds no mana (omit `mana`), not {letters}", "608.2d")
        return {}
    if len(eff.colors) == 1 and not letters:
        return {eff.colors[0]: n}
    if eff.same and len(letters) == 1:
        letters = letters * n
    if len(letters) != n or any(c not in eff.colors for c in letters):
        raise IllegalAction(f"X is {n} now: choose {n} mana of {'one color' if eff.same else 'those colors'} "
                            f"(key `mana`, {n} letters from {shown}){', not ' + letters if letters else ''}", "608.2d")
    if eff.same and len(set(letters)) != 1:
        raise IllegalAction("the mana must all be of one color", "608.2d")
    chosen = Counter(letters)
    return {c: chosen[c] for c in m.MANA_TYPES if chosen[c]}   # one order whatever the letters' order


def mana_value_of(ctx: Ctx, oid: str) -> int:
    """202.3: the mana value of a permanent: of its card's mana cost (a token's: 0, 111.4; an X
    in it is 0 on the battlefield, 202.3e)."""
    cost = ctx.cards.get(ctx.state.objects[oid].card).mana_cost
    return 0 if cost is None else cost.mana_value


@makes(m.AddDevotionOfChosenColor)
def _devotion_chosen(ctx: Ctx, player: str, eff: m.AddDevotionOfChosenColor, letters: str, source: str) -> Mana:
    """Nykthos: the color is the `mana` letter (608.2d; its letter repeated as often as the mana
    it makes says the same); the amount is the devotion to it (700.5). `mana` omitted: a color
    whose devotion is 0, which adds nothing (only while there is one)."""
    if not letters:
        if all(devotion(ctx.state, ctx.cards, c, player) for c in m.COLORS):
            raise IllegalAction("choose a color (key `mana`, a letter from WUBRG)", "608.2d")
        return {}
    color = letters[0]
    if color not in m.COLORS or set(letters) != {color}:
        raise IllegalAction(f"choose one color (key `mana`, a letter from WUBRG), not {letters}", "608.2d")
    n = devotion(ctx.state, ctx.cards, color, player)
    if len(letters) > 1 and len(letters) != n:
        raise IllegalAction(f"the devotion to {color} is {n}: it adds {n} mana, not {len(letters)}", "608.2d")
    return {color: n} if n else {}


@makes(m.AddCounted)
def _counted(ctx: Ctx, player: str, eff: m.AddCounted, letters: str, source: str) -> Mana:
    return counted_mana(eff, quantity(ctx.state, ctx.cards, eff.amount, source=source, you=player), letters)


def _pick_one(letters: str, options: list[str], amount: int, rule: str) -> Mana:
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
    mana: Mana
    tapped: bool
    cause: int
    ability: AbilityId = field(metadata=ABILITY_ID)
    extra_effects: tuple[Any, ...] = ()

    @classmethod
    def legacy_args(cls, args: dict[str, Any]) -> dict[str, Any]:
        """Agendas stored before ids named the ability by `ability_card` and `ability_index`."""
        if "ability_card" not in args:
            return args
        args = dict(args)
        ability = from_legacy(str(args.pop("ability_card")), int(args.pop("ability_index")),
                              str(args["text"]), str(args["source_card"]))
        return {**args, "ability": ability.to_json()}

    def run(self, ctx: Ctx) -> list[Frame]:
        reps = []
        if self.tapped and any(self.mana.values()):
            ab = _ability(ctx, self)
            reps = mana_replacements(ctx.state, ctx.cards, self.source, self.player, ab)
        if len(reps) >= 2:
            options = [f"{r.text} ({oid})" for oid, r in reps]
            raise Pause(ch.Replacement.ask(self.player, options,
                                           f"tapping {self.source} for mana (first listed applies first)"),
                        ManaReplacementOrder(self, tuple(oid for oid, _ in reps)), "616.1", self.cause)
        return self.finish(ctx, [oid for oid, _ in reps])

    def finish(self, ctx: Ctx, order: list[str]) -> list[Frame]:
        mana = dict(self.mana)
        cause = self.cause
        ab = _ability(ctx, self)
        available = {oid: r for oid, r in mana_replacements(ctx.state, ctx.cards, self.source, self.player, ab)}
        for oid in order:
            ref = available[oid]
            after = apply_mana_replacement(ref.ability.effect, mana)
            cause = ctx.emit(ev.ReplacementApplied(source=oid, source_card=ctx.state.objects[oid].card,
                                                 effect=ref.text, applies_to="mana",
                                                 before=mana, after=after),
                           "106.12b", cause)
            mana = after
        rule = "106.12" if self.tapped else "605.3a"
        if not any(self.mana.values()) and isinstance(mana_effect_of(ab).mana,
                                                      (m.AddReflected, m.AddCommanderColor, m.AddChosenColor,
                                                       m.AddColorAmong)):
            rule = "106.5"      # undefined type (106.7); zero of a defined type (Cradle) is not 106.5
        first = len(ctx.out)
        produced = ctx.emit(ev.ManaProduced(player=self.player, source=self.source, source_card=self.source_card,
                                          mana=mana, tapped_for_mana=self.tapped, ability_text=self.text),
                          rule, cause)
        if any(mana.values()):
            ctx.emit(ev.ManaAdded(player=self.player, mana=mana, source=self.source,
                                  restriction=restriction_of(mana_effect_of(ab),
                                                              ctx.state.objects.get(self.source), self.ability)),
                     "106.4", produced)
        for i in self.extra_effects:
            eff = ab.effects[i]
            MANA_ABILITY_EXTRAS[type(eff)](ctx, self, eff)
        # 605.4a: the triggered mana abilities these events set off resolve now.
        return [ResolveManaTrigger.of(env) for env in ctx.out[first:]
                if isinstance(env.event, ev.AbilityTriggered) and env.event.mana_ability]


# Effects of a mana ability besides its AddMana, done as it resolves: (ctx, production, effect).
MANA_ABILITY_EXTRAS: Registry[Callable[[Ctx, ProduceMana, Any], None]] = Registry("mana ability extras")


def _damage_to_you(ctx: Ctx, p: ProduceMana, eff: m.DealDamage) -> None:
    """"This land deals 1 damage to you." (120.3a; lifelink, 702.15b: rules/damage.py); "... to
    each opponent" (a mana ability has no targets, 605.1a)."""
    if eff.to == "each_opponent":
        to = [o for o in ctx.state.apnap() if o != p.player and not ctx.state.players[o].lost]
    else:
        to = [p.player]
    for who in to:
        deal_damage(ctx, p.source, p.source_card, p.player, who, eff.amount, p.cause)


MANA_ABILITY_EXTRAS.add(m.DealDamage, _damage_to_you)


def _draw(ctx: Ctx, p: ProduceMana, eff: m.DrawCards) -> None:
    """Chromatic Sphere, the Eggs: "Add {U}{B}. Draw a card." The whole mana ability resolves at
    once, the draw too (605.3a, 605.3b), even in the middle of paying a cost (601.2g); from an
    empty library the draw fails and the player loses at the next check (121.4, 704.5b)."""
    draw_cards(ctx, p.player, eff.amount, "121.1", p.cause)


MANA_ABILITY_EXTRAS.add(m.DrawCards, _draw)


def _poison(ctx: Ctx, p: ProduceMana, eff: m.GetPoison) -> None:
    """Mox Poison: "{T}: Add one mana of any color. You get two poison counters." (122.1f): as the
    mana ability resolves, even while a cost is paid (605.3a); ten or more and the player loses at
    the next check of state-based actions (704.5c)."""
    ctx.emit(ev.PoisonCountersReceived(player=p.player, amount=eff.amount), "122.1f", p.cause)


MANA_ABILITY_EXTRAS.add(m.GetPoison, _poison)


def _skip_next_untap(ctx: Ctx, p: ProduceMana, eff: m.SkipNextUntap) -> None:
    """Cinder Marsh: "{T}: Add {B} or {R}. This land doesn't untap during your next untap step." (502.3)"""
    skip_next_untap(ctx, p.source, p.player, p.cause)


MANA_ABILITY_EXTRAS.add(m.SkipNextUntap, _skip_next_untap)


def _return_during_next_untap(ctx: Ctx, p: ProduceMana, eff: m.ReturnDuringNextUntap) -> None:
    """Undiscovered Paradise: "{T}: Add one mana of any color. During your next untap step, as you
    untap your permanents, return this land to its owner's hand." (502.3)"""
    return_during_next_untap(ctx, p.source, p.player, p.cause)


MANA_ABILITY_EXTRAS.add(m.ReturnDuringNextUntap, _return_during_next_untap)


def _sacrifice_if_no_counters(ctx: Ctx, p: ProduceMana, eff: m.SacrificeIfNoCounters) -> None:
    """Peat Bog: "... Add {B}{B}. If there are no depletion counters on this land, sacrifice it."
    (701.21a): read after the cost removed one (602.2h) and the mana was added; a source no
    longer on the battlefield is not sacrificed. Caused by the mana just made (the event before
    it), not by the activation: a cost's sacrifice is the activation's (export, resimulate)."""
    o = ctx.state.objects.get(p.source)
    if o is not None and o.zone == "battlefield" and not o.counters.get(eff.counter, 0):
        sacrifice_permanent(ctx, p.source, ctx.out[-1].seq if ctx.out else p.cause)


MANA_ABILITY_EXTRAS.add(m.SacrificeIfNoCounters, _sacrifice_if_no_counters)


def _ability(ctx: Ctx, p: ProduceMana) -> m.ActivatedAbility:
    found = ability_definition(ctx.cards, p.ability)
    if not isinstance(found, m.ActivatedAbility):
        raise IntegrityError(f"{p.ability} of {p.source} is not an activated ability")
    return found


@dataclass(frozen=True)
class ManaReplacementOrder(Frame):
    """Pending: the order of replacement effects on mana a permanent is tapped for (106.12b,
    616.1)."""

    production: ProduceMana
    options: tuple[Any, ...]

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: the option numbers, first applied first (rules/choices.py `Replacement`)."""
        return self.production.finish(ctx, [self.options[i - 1] for i in value])


# --------------------------------------------------------------------------- triggered mana abilities

@dataclass(frozen=True)
class ResolveManaTrigger(Frame):
    """605.4a: a triggered mana ability resolves right after the mana ability that triggered it.
    Also the mana effect of a triggered ability that is not a mana ability (Lotus Cobra, 605.1b),
    resolving from the stack: then `rule` is 608.2c and `effect` names its one AddMana."""

    trigger_seq: int
    source: str
    source_card: str
    controller: str
    ability: AbilityId = field(metadata=ABILITY_ID)
    data: dict[str, Any] = field(default_factory=dict)
    chosen: str = ""
    rule: str = field(default="106.12a", metadata=ADDED_LATER)
    effect: int = field(default=-1, metadata=ADDED_LATER)     # -1: every AddMana effect

    @classmethod
    def legacy_args(cls, args: dict[str, Any]) -> dict[str, Any]:
        """Agendas stored before ids named the ability by its index in the source's card."""
        if isinstance(args.get("ability"), int):
            return {**args, "ability": AbilityId.printed(str(args["source_card"]), args["ability"]).to_json()}
        return args

    @classmethod
    def of(cls, env: ev.Envelope) -> "ResolveManaTrigger":
        t = env.event
        assert isinstance(t, ev.AbilityTriggered), t   # `of` is only given AbilityTriggered envelopes
        return cls(env.seq, t.source, t.source_card, t.controller, t.ability, t.trigger_data())

    @property
    def choice_rule(self) -> str:
        """605.4a for a triggered mana ability, 608.2d for one that uses the stack."""
        return "605.4a" if self.rule == "106.12a" else "608.2d"

    def run(self, ctx: Ctx) -> list[Frame]:
        ability = ability_definition(ctx.cards, self.ability)
        if not isinstance(ability, m.TriggeredAbility):
            raise IntegrityError(f"{self.ability} of {self.source} is not a triggered ability")
        for i, eff in enumerate(ability.effects):
            if isinstance(eff, m.MayDo) and self.effect == i:
                eff = eff.effect      # "you may add {C}{C}." (608.2d): its controller chose to (rules/optional)
            if not isinstance(eff, m.AddMana) or self.effect not in (-1, i):
                continue
            recipient = self._recipient(ctx, eff.to)
            mana = self._mana(ctx, eff.mana)
            if any(mana.values()):
                ctx.emit(ev.ManaAdded(player=recipient, mana=mana, source=self.source,
                                      restriction=restriction_of(eff, ctx.state.objects.get(self.source))),
                         self.rule, self.trigger_seq)
        if self.effect == -1:
            # a triggered mana ability's other instructions, after its mana (605.3b: it resolves at
            # once, whole): "That land doesn't untap ...", "Then that land deals 1 damage ..."
            for eff in ability.effects:
                if not isinstance(eff, m.AddMana):
                    TRIGGERED_MANA_EXTRAS[type(eff)](ctx, self, eff)
        return []

    def _recipient(self, ctx: Ctx, to: m.Recipient) -> str:
        if to is m.Recipient.TAPPING_PLAYER:
            return self.data["player"]
        if to is m.Recipient.ENCHANTED_CONTROLLER:
            return ctx.state.objects[self.data["land"]].controller
        if to is m.Recipient.CASTER:            # "Whenever a player casts ..., that player adds": the spell's
            return ctx.state.objects[self.data["spell"]].controller   # controller, who cast it (601.2a), as it last was
        if to is m.Recipient.ACTIVE_PLAYER:     # "each player's ... phase, that player adds": the active player
            return ctx.state.active
        return self.controller

    def _mana(self, ctx: Ctx, eff: m.ManaEffect) -> Mana:
        make = TRIGGERED_MANA.get(type(eff))
        if make is None:
            raise IllegalAction(f"unsupported triggered mana effect {eff!r}", "605.1b")
        return make(ctx, self, eff)


# Mana kinds a triggered mana ability can add (605.1b): (ctx, trigger, kind) -> mana.
TRIGGERED_MANA: Registry[Callable[[Ctx, ResolveManaTrigger, Any], Mana]] = Registry("triggered mana")


def _trigger_fixed(ctx: Ctx, t: ResolveManaTrigger, eff: m.AddFixed) -> Mana:
    return dict(Counter(eff.mana))


def _trigger_produced_type(ctx: Ctx, t: ResolveManaTrigger, eff: m.AddProducedType) -> Mana:
    """Mana Reflection-like: one of the types the land produced (605.4a: chosen as it resolves)."""
    produced = t.data.get("produced", {})
    types = [k for k in m.MANA_TYPES if produced.get(k)]
    if not types:
        return {}
    if t.chosen:
        return {t.chosen: eff.amount}
    if len(types) == 1:
        return {types[0]: eff.amount}
    raise Pause(ch.ManaType.ask(t.controller, t.source_card, types),
                ManaTriggerChoice(t, tuple(types)), t.choice_rule, t.trigger_seq)


def _trigger_any_color(ctx: Ctx, t: ResolveManaTrigger, eff: m.AddAnyColor) -> Mana:
    """Fertile Ground, Lotus Cobra: the color is chosen as the ability resolves (605.4a, 608.2d)."""
    if t.chosen:
        return {t.chosen: eff.amount}
    raise Pause(ch.ManaType.ask(t.controller, t.source_card, m.COLORS, "color"),
                ManaTriggerChoice(t, m.COLORS), t.choice_rule, t.trigger_seq)


def _trigger_chosen_color(ctx: Ctx, t: ResolveManaTrigger, eff: m.AddChosenColor) -> Mana:
    """Utopia Sprawl: the color chosen as its source entered (614.12); none: undefined, no mana (106.5)."""
    color = ctx.state.objects[t.source].chosen_color
    return {color: eff.amount} if color else {}


def _trigger_counted(ctx: Ctx, t: ResolveManaTrigger, eff: m.AddCounted) -> Mana:
    """Sanctum of Fruitful Harvest: "add X mana of any one color, where X is the number of Shrines
    you control": X read and the color chosen as it resolves (608.2d, 608.2h). (The parser
    refuses "any combination" in a triggered ability: one choice of a type is asked here.)"""
    n = quantity(ctx.state, ctx.cards, eff.amount, source=t.source, you=t.controller)
    if n == 0:
        return {}
    if len(eff.colors) == 1:
        return {eff.colors[0]: n}
    if t.chosen:
        return {t.chosen: n}
    raise Pause(ch.ManaType.ask(t.controller, t.source_card, eff.colors, "color"),
                ManaTriggerChoice(t, eff.colors), t.choice_rule, t.trigger_seq)


# The instructions of a triggered mana ability besides adding mana, done after it (605.3b):
# (ctx, the resolving trigger, the effect).
TRIGGERED_MANA_EXTRAS: Registry[Callable[[Ctx, "ResolveManaTrigger", Any], None]] = Registry("triggered mana extras")


def _trigger_skips_untap(ctx: Ctx, t: ResolveManaTrigger, eff: m.SkipsNextUntap) -> None:
    """Winter's Night: "That land doesn't untap during its controller's next untap step." (502.3)"""
    land = str(t.data.get("land") or "")
    if land and ctx.state.on_battlefield(land):
        skip_next_untap(ctx, land, ctx.state.objects[land].controller, t.trigger_seq)


def _trigger_land_deals_damage(ctx: Ctx, t: ResolveManaTrigger, eff: m.LandDealsDamage) -> None:
    """Barbflare Gremlin: "Then that land deals 1 damage to that player." (120.3): the land as it
    is now, or as it last existed (608.2h), to the player who tapped it."""
    land = ctx.state.objects.get(str(t.data.get("land") or ""))
    if land is not None:
        deal_damage(ctx, land.id, land.card, land.controller, str(t.data["player"]), eff.amount, t.trigger_seq)


TRIGGERED_MANA_EXTRAS.add(m.SkipsNextUntap, _trigger_skips_untap)
TRIGGERED_MANA_EXTRAS.add(m.LandDealsDamage, _trigger_land_deals_damage)
TRIGGERED_MANA.add(m.AddCounted, _trigger_counted)
TRIGGERED_MANA.add(m.AddFixed, _trigger_fixed)
TRIGGERED_MANA.add(m.AddProducedType, _trigger_produced_type)
TRIGGERED_MANA.add(m.AddAnyColor, _trigger_any_color)
TRIGGERED_MANA.add(m.AddChosenColor, _trigger_chosen_color)


@dataclass(frozen=True)
class ManaTriggerChoice(Frame):
    """Pending: the type of mana a "tapped for mana" trigger adds (106.12a)."""

    trigger: ResolveManaTrigger
    options: tuple[Any, ...]

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: letters among the options (rules/choices.py `ManaType`); this effect adds one type."""
        if len(value) != 1:
            shown = ", ".join("{%s}" % o for o in self.options)
            raise IllegalAction(f"the mana must be one of {shown}, one type, not {value}", self.trigger.choice_rule)
        return [dataclasses.replace(self.trigger, chosen=value)]
