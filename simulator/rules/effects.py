"""The instructions of a resolving spell or ability (608.2c), one kind of effect at a time:
explore (701.44), counters (122.1), life (119.3), draw (121.1), damage (120.3a), tokens (111.1),
exile (607.2a), return to the battlefield, extra land plays (305.2), sacrifice-unless (701.21a)."""
from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, ClassVar

from simulator.game import events as ev
from simulator.cards import model as m
from simulator.cards.model_tokens import created_token
from simulator.base.abilityid import BASIC_LAND_TYPES
from simulator.base.errors import IllegalAction, IntegrityError
from simulator.base.registry import Registry
from simulator.game.conditions import holds
from simulator.game.could_produce import count_for
from simulator.game.layers import all_characteristics
from simulator.game.quantities import quantity
from simulator.game.selectors import select
from simulator.game.state import StackItem
from simulator.rules.actions import EnterBattlefield, draw_cards, enter_battlefield, sacrifice_permanent, skip_next_untap
from simulator.rules.actions import token_enters_with
from simulator.rules import choices as ch
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.damage import damage_to_each, destroy_each, lose_life
from simulator.rules.explore import ExploreFrame
from simulator.rules.library import (DiscardFrame, LookAtTopCardsFrame, LookAtTopFrame, LookAtTopN, SearchLibraryFrame,
                                     ShuffleLibrary, effect_index, mill, unwrapped)
from simulator.rules.mana_abilities import ResolveManaTrigger, any_color_mana, restriction_of
from simulator.rules.payment import Purpose, spend_from_pool
from simulator.rules.queries import spell_effects, stack_ability, stack_ability_id, still_legal
from simulator.rules.reductions import reduced, reduction_amount


def legal_targets(ctx: Ctx, item: StackItem, spec: m.Targets | None) -> list[str]:
    """608.2b: the targets of `item` still legal as it resolves."""
    if spec is None:
        return []
    return [t for t in item.targets if still_legal(ctx.state, ctx.cards, spec, item.controller, t, item.source)]


EffectHandler = Callable[[Ctx, StackItem, "m.Targets | None", Any, str, "int | None"], tuple[list[Frame], str]]
EFFECTS: Registry[EffectHandler] = Registry("effects")
handles = EFFECTS.register   # @handles(kind): the handler of one kind of effect


def do_effect(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: Any, that: str,
              cause: int | None) -> tuple[list[Frame], str]:
    """608.2c: do one instruction; returns frames to run next and the object "that" now names.
    Every effect kind a card can have is checked at load time (`support.unsupported`)."""
    handler = EFFECTS.get(type(eff))
    if handler is None:
        raise IllegalAction(f"unsupported effect {eff!r}", "608.2c")
    return handler(ctx, item, spec, eff, that, cause)


@handles(m.Explore)
def _explore(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.Explore, that: str,
             cause: int | None) -> tuple[list[Frame], str]:
    if eff.who == "self":
        explorer = item.source
    elif eff.who == "target":
        legal = legal_targets(ctx, item, spec)
        if not legal:
            return [], that
        explorer = legal[0]
    elif eff.who == "that creature":
        explorer = that
    else:   # "it": the object the trigger event named (603.2), kept on the stack object
        explorer = str(item.data.get(eff.who) or "")
    if not explorer:
        return [], that
    times = item.x if eff.times == "X" else int(eff.times)
    return [ExploreFrame(explorer, cause) for _ in range(times)], that


@handles(m.PutCounters)
def _put_counters(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PutCounters, that: str,
                  cause: int | None) -> tuple[list[Frame], str]:
    if eff.on == "target":
        for t in legal_targets(ctx, item, spec):
            ctx.emit(ev.CountersPlaced(object_id=t, counter=eff.counter, amount=eff.amount), "122.1", cause)
    elif ctx.state.on_battlefield(item.source):
        ctx.emit(ev.CountersPlaced(object_id=item.source, counter=eff.counter, amount=eff.amount), "122.1", cause)
    return [], that


@handles(m.GainLife)
def _gain_life(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.GainLife, that: str,
               cause: int | None) -> tuple[list[Frame], str]:
    ctx.emit(ev.LifeGained(player=item.controller, amount=eff.amount), "119.3", cause)
    return [], that


@handles(m.GetPoison)
def _get_poison(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.GetPoison, that: str,
                cause: int | None) -> tuple[list[Frame], str]:
    """"You get a poison counter.": its controller gets poison counters (122.1f; 704.5c)."""
    ctx.emit(ev.PoisonCountersReceived(player=item.controller, amount=eff.amount), "122.1f", cause)
    return [], that


@handles(m.GetEnergy)
def _get_energy(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.GetEnergy, that: str,
                cause: int | None) -> tuple[list[Frame], str]:
    """"You get {E}{E}.": its controller gets that many energy counters (107.14, 122.1)."""
    ctx.emit(ev.EnergyReceived(player=item.controller, amount=eff.amount), "107.14", cause)
    return [], that


@handles(m.DrawCards)
def _draw(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DrawCards, that: str,
          cause: int | None) -> tuple[list[Frame], str]:
    draw_cards(ctx, item.controller, eff.amount, "121.1", cause)
    return [], that


def _opponents(ctx: Ctx, player: str) -> list[str]:
    """Each opponent still in the game, in APNAP order (101.4, 102.3, 800.4a)."""
    return [p for p in ctx.state.apnap() if p != player and not ctx.state.players[p].lost]


@handles(m.DealDamage)
def _deal_damage(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DealDamage, that: str,
                 cause: int | None) -> tuple[list[Frame], str]:
    """120.3: to you, to each legal target (608.2b: an illegal one is not dealt damage), or to
    each opponent; rules/damage.py deals it (lifelink, deathtouch)."""
    if eff.to == "target":
        to = legal_targets(ctx, item, spec)
    elif eff.to == "each_opponent":
        to = _opponents(ctx, item.controller)
    elif eff.to == "that_player":    # the player the trigger event named (603.2), if still in the game
        named = str(item.data.get("player") or "")
        to = [named] if named in ctx.state.players and not ctx.state.players[named].lost else []
    else:
        to = [item.controller]
    return damage_to_each(ctx, item.source, item.source_card, item.controller, to, eff.amount, cause), that


@handles(m.LoseLife)
def _lose_life(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.LoseLife, that: str,
               cause: int | None) -> tuple[list[Frame], str]:
    """119.3: "target player loses N life" / "each opponent loses N life" / "you lose N life"."""
    if eff.who == "target":
        who = legal_targets(ctx, item, spec)
    elif eff.who == "each_opponent":
        who = _opponents(ctx, item.controller)
    else:
        who = [item.controller]
    for player in who:
        lose_life(ctx, player, eff.amount, cause)
    return [], that


@handles(m.Destroy)
def _destroy(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.Destroy, that: str,
             cause: int | None) -> tuple[list[Frame], str]:
    """701.8a: "Destroy target land." -- each legal target (608.2b), unless indestructible (702.12b);
    a regeneration shield or a shield counter replaces it (701.19a, 122.1c; both: 616.1, asked)."""
    return destroy_each(ctx, legal_targets(ctx, item, spec), "701.8a", cause), that


@handles(m.CreateTokens)
def _create_tokens(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CreateTokens, that: str,
                   cause: int | None) -> tuple[list[Frame], str]:
    n = eff.amount
    if isinstance(n, m.PerCounter):
        # 603.10a: the counters a dying source had (kept by the trigger); else its counters now
        counters = item.data["counters"] if "counters" in item.data else ctx.state.objects[item.source].counters
        n = int(dict(counters).get(n.counter, 0))
    elif isinstance(n, m.CostX):
        n = item.x                            # 107.3m: the X paid as it was activated
    elif isinstance(n, m.CountersOnSource):
        # the counters of a source sacrificed for the cost as it last existed (608.2h); "" every kind
        kept = dict(item.data["counters"] if "counters" in item.data else ctx.state.objects[item.source].counters)
        n = sum(int(v) for v in kept.values()) if not n.counter else int(kept.get(n.counter, 0))
    elif not isinstance(n, int):
        n = quantity(ctx.state, ctx.cards, n, source=item.source, you=item.controller)   # now (608.2h)
    token = created_token(ctx.cards, eff)    # 111.4: as its text describes it
    # "Its controller creates": the one target's controller, as it last existed (608.2h; the
    # ability resolved, so the target was legal as it began to)
    by = ctx.state.objects[item.targets[0]].controller if eff.by == "target_controller" else item.controller
    if eff.by == "target_player":      # "target opponent creates ...": the one target, a player (608.2b: legal)
        by = item.targets[0]
    before = ctx.state      # 111.1: the tokens enter at once; "already control" is before any (614.1c)
    for _ in range(int(n)):
        new_id = ctx.new_id(eff.token)
        seq = ctx.emit(ev.TokenCreated(object_id=new_id, token=token, controller=by, tapped=eff.tapped),
                       "111.1", cause)
        token_enters_with(ctx, before, new_id, seq)     # "Each other creature ... enters with ..." (614.1c)
    return [], that


@handles(m.ChooseModes)
def _choose_modes(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ChooseModes, that: str,
                  cause: int | None) -> tuple[list[Frame], str]:
    """700.2: never resolved itself: the modes were chosen as the object was cast or put on the
    stack (601.2b, 603.3c) and only their instructions resolve (`queries.stack_ability`,
    `queries.spell_effects`); a modal object on the stack with no mode recorded is a broken log."""
    raise IntegrityError(f"{item.id}: a modal spell or ability on the stack with no mode chosen (700.2)")


@handles(m.ExileTargets)
def _exile_targets(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ExileTargets, that: str,
                   cause: int | None) -> tuple[list[Frame], str]:
    for t in legal_targets(ctx, item, spec):
        ctx.move(t, "exile", "exiled", "607.2a", cause, exiled_with=item.source)
    return [], that


@handles(m.ReturnToBattlefield)
def _return_to_battlefield(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ReturnToBattlefield,
                           that: str, cause: int | None) -> tuple[list[Frame], str]:
    legal = legal_targets(ctx, item, spec)
    if not legal:
        return [], that
    # 107.3m: not cast, so X is 0
    frame = EnterBattlefield(legal[0], item.controller, cause or 0, "608.2c", "returned")
    if frame.ask(ctx) is not None:
        # an "as it enters" question first (614.12, 614.1c, 614.1a: a color, pay 2 life, reveal,
        # sacrifice a Forest instead): "that" is then the object it becomes (`Effects.follow`)
        return [frame], legal[0]
    new_id = enter_battlefield(ctx, legal[0], item.controller, cause, "608.2c", "returned", 0)
    return [], new_id


@handles(m.AdditionalLandPlay)
def _additional_land_play(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.AdditionalLandPlay,
                          that: str, cause: int | None) -> tuple[list[Frame], str]:
    ctx.emit(ev.LandPlayAdded(player=item.controller, amount=eff.amount), "305.2", cause)
    return [], that


@handles(m.SacrificeSelfUnless)
def _sacrifice_unless(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.SacrificeSelfUnless,
                      that: str, cause: int | None) -> tuple[list[Frame], str]:
    return [SacrificeUnless(item.id, item.source, item.controller, eff.unless_sacrifice.noun, cause)], that


@handles(m.AddMana)
def _add_mana(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.AddMana, that: str,
              cause: int | None) -> tuple[list[Frame], str]:
    """A triggered ability that adds mana without being a mana ability (605.1b: Lotus Cobra's
    landfall) resolves from the stack; any color is chosen now (608.2d). A spell that adds
    mana (Dark Ritual) is no mana ability either (605.1a: only abilities are): it adds its
    mana as it resolves (608.2c), `SpellMana`."""
    if item.kind == "spell":
        index = effect_index(spell_effects(ctx.cards, item)[0], eff)
        return [SpellMana(item.id, index, cause)], that
    ability = stack_ability(ctx.cards, item)
    if item.ability_kind == "activated":   # a loyalty ability's "Add ..." (605.1a: no mana ability)
        return [AbilityMana(item.id, effect_index(ability.effects, eff), cause)], that
    return [ResolveManaTrigger(cause or 0, item.source, item.source_card, item.controller, stack_ability_id(item),
                               dict(item.data), rule="608.2c", effect=effect_index(ability.effects, eff))], that


@handles(m.ModifyPT)
def _modify_pt(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ModifyPT, that: str,
               cause: int | None) -> tuple[list[Frame], str]:
    """"gets -2/-2 until end of turn" / "... and gains flying until end of turn": locked in on
    the objects as it resolves (611.2c: each legal target, 608.2b; the source if it is still on
    the battlefield, 400.7; every object of a group then, not one that comes later), ended in the
    cleanup step (514.2). +N/+N is layer 7c (613.4c), keywords layer 6 (613.1f); "for each ..."
    is counted now (608.2h)."""
    if eff.who == "target":
        affected = legal_targets(ctx, item, spec)
    elif eff.who == "self":
        affected = [item.source] if ctx.state.on_battlefield(item.source) else []
    else:
        assert eff.group is not None, eff
        affected = select(ctx.state, ctx.cards, eff.group, you=item.controller, source=item.source)
    if isinstance(eff.per, m.CostX):     # "+X/+0" with X of the cost (107.3, 602.2b), announced as activated
        times = item.x + eff.per.plus
    else:
        times = 1 if eff.per is None else quantity(ctx.state, ctx.cards, eff.per, source=item.source,
                                                   you=item.controller)
    power, toughness = eff.power * times, eff.toughness * times
    for t in affected:
        if power or toughness:
            ctx.emit(ev.PowerToughnessChanged(object_id=t, power=power, toughness=toughness,
                                              source=item.source, source_card=item.source_card), "611.2c", cause)
        if eff.keywords:
            ctx.emit(ev.ContinuousEffectCreated(object_id=t, source=item.source, source_card=item.source_card,
                                                keywords=eff.keywords), "611.2c", cause)
    return [], that


@handles(m.TapTarget)
def _tap_target(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.TapTarget, that: str,
                cause: int | None) -> tuple[list[Frame], str]:
    """701.26a-b: "Tap target creature." / "Untap target land.": each legal target (608.2b) that
    is untapped (tapped); one already so is left as it is."""
    for t in legal_targets(ctx, item, spec):
        tapped = ctx.state.objects[t].tapped
        if eff.untap and tapped:
            ctx.emit(ev.PermanentUntapped(object_id=t), "701.26b", cause)
        elif not eff.untap and not tapped:
            ctx.emit(ev.PermanentTapped(object_id=t), "701.26a", cause)
    return [], that


@handles(m.ReturnToOwnersHand)
def _return_to_owners_hand(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ReturnToOwnersHand,
                           that: str, cause: int | None) -> tuple[list[Frame], str]:
    """"Return target creature to its owner's hand." / "Return this creature to its owner's
    hand.": each legal target (608.2b), or the source if it is still on the battlefield (a new
    object once it left, 400.7), moves to its owner's hand as a new object (400.7)."""
    if eff.who == "target":
        moving = legal_targets(ctx, item, spec)
    else:
        moving = [item.source] if ctx.state.on_battlefield(item.source) else []
    for t in moving:
        ctx.move(t, "hand", "returned to its owner's hand", "608.2c", cause)
    return [], that


@handles(m.Regenerate)
def _regenerate(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.Regenerate, that: str,
                cause: int | None) -> tuple[list[Frame], str]:
    """701.19a: "Regenerate this creature / target creature": a shield on the source (if still on
    the battlefield, 400.7) or each legal target (608.2b), used by the next destruction this turn."""
    if eff.who == "target":
        shielded = legal_targets(ctx, item, spec)
    else:
        shielded = [item.source] if ctx.state.on_battlefield(item.source) else []
    for t in shielded:
        ctx.emit(ev.RegenerationShieldCreated(object_id=t, source=item.source, source_card=item.source_card),
                 "701.19a", cause)
    return [], that


@handles(m.PreventDamage)
def _prevent_damage(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PreventDamage, that: str,
                    cause: int | None) -> tuple[list[Frame], str]:
    """615.7: "Prevent the next N damage that would be dealt to any target / you / it this
    turn": a shield of N (X counted now, 608.2h) on each legal target (608.2b), the ability's
    controller, or the source if it is still on the battlefield (400.7)."""
    if eff.to == "target":
        shielded = legal_targets(ctx, item, spec)
    elif eff.to == "you":
        shielded = [item.controller]
    elif eff.to == "enchanted":      # Fylgja: the creature its source is (or last was) attached to
        source = ctx.state.objects.get(item.source)
        attached = source.attached_to if source is not None else None
        shielded = [attached] if attached is not None and ctx.state.on_battlefield(attached) else []
    else:
        shielded = [item.source] if ctx.state.on_battlefield(item.source) else []
    amount = eff.amount if eff.x is None else quantity(ctx.state, ctx.cards, eff.x, source=item.source,
                                                       you=item.controller)
    for t in shielded:
        if amount > 0:
            ctx.emit(ev.PreventionShieldCreated(to=t, amount=amount, source=item.source, source_card=item.source_card),
                     "615.7", cause)
    return [], that


@handles(m.CombatRestrictionThisTurn)
def _combat_restriction(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CombatRestrictionThisTurn,
                        that: str, cause: int | None) -> tuple[list[Frame], str]:
    """"Target creature can't block this turn.": no combat in this simulator, so nothing it
    restricts can happen (inert, docs/cards.md); its targets were chosen and are checked as any."""
    return [], that


# Mana kinds a resolving spell can add: (ctx, the spell, kind, the `mana` answer) -> mana, or None
# when the player must choose first (608.2d).
SpellManaMaker = Callable[[Ctx, StackItem, Any, str], "dict[str, int] | None"]
SPELL_MANA: Registry[SpellManaMaker] = Registry("spell mana")


def _spell_fixed(ctx: Ctx, item: StackItem, eff: m.AddFixed, letters: str) -> dict[str, int] | None:
    return dict(Counter(eff.mana))


def _spell_any_color(ctx: Ctx, item: StackItem, eff: m.AddAnyColor, letters: str) -> dict[str, int] | None:
    """"Add three mana of any one color." / "... in any combination of colors": chosen as it
    resolves (608.2d)."""
    if not letters:
        return None
    return any_color_mana(eff, letters, where="")


def _spell_one_of(ctx: Ctx, item: StackItem, eff: m.AddOneOf, letters: str) -> dict[str, int] | None:
    if len(eff.choices) == 1:
        return {eff.choices[0]: 1}
    if not letters:
        return None
    if letters not in eff.choices:
        raise IllegalAction(f"it adds one of {', '.join('{%s}' % c for c in eff.choices)}, not {letters}", "608.2d")
    return {letters: 1}


def _spell_per_count(ctx: Ctx, item: StackItem, eff: m.AddPerCount, letters: str) -> dict[str, int] | None:
    n = count_for(ctx.state, ctx.cards, eff, item.controller)
    return {eff.mana: n} if n else {}


def _spell_instead(ctx: Ctx, item: StackItem, eff: m.AddInstead, letters: str) -> dict[str, int] | None:
    """Cabal Ritual: "Add {B}{B}{B}." / "Threshold — Add {B}{B}{B}{B}{B} instead if there are seven or
    more cards in your graveyard.": the condition read as the spell resolves (608.2c; the spell
    itself is on the stack, not in the graveyard), then that mana as its kind makes it."""
    chosen = eff.instead if holds(ctx.state, ctx.cards, eff.condition, you=item.controller,  # type: ignore[arg-type]
                                  source=item.source) else eff.base
    return SPELL_MANA[type(chosen)](ctx, item, chosen, letters)


SPELL_MANA.add(m.AddFixed, _spell_fixed)
SPELL_MANA.add(m.AddInstead, _spell_instead)
SPELL_MANA.add(m.AddAnyColor, _spell_any_color)
SPELL_MANA.add(m.AddOneOf, _spell_one_of)
SPELL_MANA.add(m.AddPerCount, _spell_per_count)


@dataclass(frozen=True)
class SpellMana(Frame):
    """608.2c: a resolving spell's "Add ..." instruction (Dark Ritual, Seething Song, Channel the
    Suns). Not a mana ability (605.1a names only activated abilities, 605.1b only triggered
    ones): the spell used the stack and the mana is added as it resolves; it empties from the
    pool as any other mana (106.4). A choice of color is made now (608.2d)."""

    stack_id: str
    effect: int
    cause: int | None
    chosen: str = ""

    def _effect(self, ctx: Ctx, item: StackItem) -> m.AddMana:
        eff = spell_effects(ctx.cards, item)[0][self.effect]
        assert isinstance(eff, m.AddMana), eff
        return eff

    def _source(self, item: StackItem) -> str:
        return item.id

    def run(self, ctx: Ctx) -> list[Frame]:
        item = ctx.state.stack_item(self.stack_id)
        assert item is not None, self.stack_id
        eff = self._effect(ctx, item)
        mana = SPELL_MANA[type(eff.mana)](ctx, item, eff.mana, self.chosen)
        if mana is None:
            what = eff.mana
            options = list(getattr(what, "choices", ())) or list(m.COLORS)
            raise Pause(ch.ManaType.spell(item.controller, item.source_card, options), self, "608.2d", self.cause)
        if any(mana.values()):
            ctx.emit(ev.ManaAdded(player=item.controller, mana=mana, source=self._source(item),
                                  restriction=restriction_of(eff)), "608.2c", self.cause)
        return []

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: mana letters among the options (rules/choices.py `ManaType`); how many the
        effect takes is checked as it resolves (`SPELL_MANA`)."""
        return [dataclasses.replace(self, chosen=value)]


@dataclass(frozen=True)
class AbilityMana(SpellMana):
    """608.2c: the "Add ..." instruction of a resolving activated ability that is not a mana
    ability: a loyalty ability's ("[+1]: Add {R}{R}.", 605.1a excludes loyalty abilities). It
    used the stack like a spell's; a choice of color is made now (608.2d); the mana's source is
    the permanent (`effect`: the index of the AddMana among the ability's effects)."""

    def _effect(self, ctx: Ctx, item: StackItem) -> m.AddMana:
        eff = stack_ability(ctx.cards, item).effects[self.effect]
        assert isinstance(eff, m.AddMana), eff
        return eff

    def _source(self, item: StackItem) -> str:
        return item.source


class SacrificeSourceUnless(Frame):
    """The shape every "sacrifice <this> unless you <do something to one permanent you control>"
    shares (608.2c, 701.21a): the permanents that could be chosen, none: the source is sacrificed
    without asking; answered `[]` (the source is sacrificed) or `[one of them]` (done to it, the
    source stays). A source no longer on the battlefield is not sacrificed (400.7). Each subclass
    (a frozen dataclass with `source`, `player` and `cause` among its fields) says what may be
    chosen, how it is asked and what is done to the one chosen."""

    source: str              # annotations only: the fields are each subclass's own
    player: str
    cause: int | None
    rule: ClassVar[str] = "608.2c"

    def _candidates(self, ctx: Ctx) -> list[str]:
        raise NotImplementedError

    def _ask(self, ctx: Ctx, options: list[str]) -> Any:
        raise NotImplementedError

    def _effect(self, ctx: Ctx) -> Any:
        """The resolving effect, whose `describe()` says what may be chosen (the default refusal's words)."""
        raise NotImplementedError

    def _refusal(self, ctx: Ctx) -> str:
        return f"choose {self._effect(ctx).describe()}, or []"

    def _do(self, ctx: Ctx, chosen: str) -> None:
        raise NotImplementedError

    def _sacrifice(self, ctx: Ctx) -> list[Frame]:
        if ctx.state.on_battlefield(self.source):
            sacrifice_permanent(ctx, self.source, self.cause)
        return []

    def run(self, ctx: Ctx) -> list[Frame]:
        options = self._candidates(ctx)
        if not options:
            return self._sacrifice(ctx)
        raise Pause(self._ask(ctx, options), self, self.rule, self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: [] or [the id of one of the options]."""
        if not value:
            return self._sacrifice(ctx)
        if value[0] not in self._candidates(ctx):
            raise IllegalAction(self._refusal(ctx), self.rule)
        self._do(ctx, str(value[0]))
        return []


@dataclass(frozen=True)
class SacrificeUnless(SacrificeSourceUnless):
    """"sacrifice <self> unless you sacrifice a creature" (Contamination)."""

    stack_id: str
    source: str
    player: str
    kind: str                # what may be sacrificed, in words ("creature"), for the prompt
    cause: int | None

    def _candidates(self, ctx: Ctx) -> list[str]:
        item = ctx.state.stack_item(self.stack_id)
        ability = stack_ability(ctx.cards, item)
        what = next(e.unless_sacrifice for e in ability.effects if isinstance(e, m.SacrificeSelfUnless))
        return select(ctx.state, ctx.cards, what, you=self.player)

    rule: ClassVar[str] = "701.21a"

    def _ask(self, ctx: Ctx, options: list[str]) -> Any:
        return ch.Sacrifice.unless(self.player, options, self.kind, ctx.state.objects[self.source].card)

    def _refusal(self, ctx: Ctx) -> str:
        return f"choose one {self.kind} {self.player} controls, or []"

    def _do(self, ctx: Ctx, chosen: str) -> None:
        sacrifice_permanent(ctx, chosen, self.cause)


@handles(m.LookAtTop)
def _look_at_top(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.LookAtTop, that: str,
                 cause: int | None) -> tuple[list[Frame], str]:
    """701.22a scry N / 701.25a surveil N: the ability's controller looks and chooses (scry 1 and
    surveil 1: top or bottom / graveyard, as stored games asked it)."""
    if eff.amount == 1:
        return [LookAtTopFrame(item.controller, eff.action, cause)], that
    return [LookAtTopN(item.controller, eff.action, eff.amount, cause)], that


@handles(m.ReturnToHand)
def _return_to_hand(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ReturnToHand, that: str,
                    cause: int | None) -> tuple[list[Frame], str]:
    return [ReturnChosen(item.id, item.controller, cause)], that


@dataclass(frozen=True)
class ReturnChosen(Frame):
    """"return a land you control to its owner's hand": chosen as it resolves (608.2c); one
    candidate is taken without asking, several ask a `return` choice (an id)."""

    stack_id: str
    player: str
    cause: int | None

    def _candidates(self, ctx: Ctx) -> tuple[list[str], m.Selector]:
        ability = stack_ability(ctx.cards, ctx.state.stack_item(self.stack_id))
        what = next(e.what for e in ability.effects if isinstance(e, m.ReturnToHand))
        return select(ctx.state, ctx.cards, what, you=self.player), what

    def run(self, ctx: Ctx) -> list[Frame]:
        options, what = self._candidates(ctx)
        if len(options) <= 1:
            for oid in options:
                ctx.move(oid, "hand", "returned to its owner's hand", "608.2c", self.cause)
            return []
        raise Pause(ch.Return.ask(self.player, what.describe(), options), self, "608.2c", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: the chosen id (rules/choices.py `Return`), one of the options."""
        options, what = self._candidates(ctx)
        if value not in options:
            raise IllegalAction(f"choose one of {', '.join(options)}: {what.describe()}", "608.2c")
        chosen = str(value)
        ctx.move(chosen, "hand", "returned to its owner's hand", "608.2c", self.cause)
        return []


@handles(m.SkipNextUntap)
def _skip_next_untap(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.SkipNextUntap, that: str,
                     cause: int | None) -> tuple[list[Frame], str]:
    skip_next_untap(ctx, item.source, item.controller, cause)
    return [], that


@handles(m.UntapSelf)
def _untap_self(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.UntapSelf, that: str,
                cause: int | None) -> tuple[list[Frame], str]:
    """"Untap this artifact.": the same object, if it is still on the battlefield and tapped."""
    if ctx.state.on_battlefield(item.source) and ctx.state.objects[item.source].tapped:
        ctx.emit(ev.PermanentUntapped(object_id=item.source), "608.2c", cause)
    return [], that


# --------------------------------------------------------------------------- library (701.23, 701.24)

@handles(m.SearchLibrary)
def _search_library(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.SearchLibrary, that: str,
                    cause: int | None) -> tuple[list[Frame], str]:
    """701.23a: the controller searches their library, puts what they find where it says, then
    shuffles (701.24a)."""
    effects = (spell_effects(ctx.cards, item)[0] if item.kind == "spell"
               else stack_ability(ctx.cards, item).effects)
    players = _players(ctx, item, spec, eff.who)   # type: ignore[arg-type]  # the grammar's `Players`
    return [SearchLibraryFrame(item.id, effect_index(effects, eff), p, cause) for p in players], that


def _players(ctx: Ctx, item: StackItem, spec: m.Targets | None, who: m.Players) -> list[str]:
    """The players an instruction names: its controller, its legal target players (608.2b), each
    opponent or each player still in the game, in APNAP order (101.4)."""
    if who == "target":
        return legal_targets(ctx, item, spec)
    if who == "each_opponent":
        return _opponents(ctx, item.controller)
    if who == "each_player":
        return [p for p in ctx.state.apnap() if not ctx.state.players[p].lost]
    if who == "target_controller":
        return [target_controller(ctx, item)]
    return [item.controller]


def target_controller(ctx: Ctx, item: StackItem) -> str:
    """The controller of the ability's one target permanent, as it is now or as it last existed
    (608.2h: Ghost Quarter's land, destroyed by the instruction before)."""
    return ctx.state.objects[item.targets[0]].controller


def _card_count(ctx: Ctx, item: StackItem, amount: m.CardCount) -> int:
    """A printed number, or the quantity it names read now (608.2h; never negative, 107.1b)."""
    if isinstance(amount, int):
        return amount
    return quantity(ctx.state, ctx.cards, amount, source=item.source, you=item.controller)


@handles(m.Mill)
def _mill(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.Mill, that: str,
          cause: int | None) -> tuple[list[Frame], str]:
    """701.17a: each player named mills, one after the other in APNAP order (101.4)."""
    n = _card_count(ctx, item, eff.amount)
    for player in _players(ctx, item, spec, eff.who):
        mill(ctx, player, n, cause)
    return [], that


@handles(m.PlayersDraw)
def _players_draw(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PlayersDraw, that: str,
                  cause: int | None) -> tuple[list[Frame], str]:
    """121.1: each player named draws, in APNAP order (101.4); 121.4: from an empty library."""
    n = _card_count(ctx, item, eff.amount)
    for player in _players(ctx, item, spec, eff.who):
        draw_cards(ctx, player, n, "121.1", cause)
    return [], that


@handles(m.ShuffleYourLibrary)
def _shuffle_your_library(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ShuffleYourLibrary, that: str,
                          cause: int | None) -> tuple[list[Frame], str]:
    """701.24a: the ability's controller shuffles their library."""
    return [ShuffleLibrary(item.controller, cause)], that


@handles(m.LookAtTopOfLibrary)
def _look_at_top_of_library(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.LookAtTopOfLibrary,
                            that: str, cause: int | None) -> tuple[list[Frame], str]:
    """401.2: the controller looks at the top card of the target player's library (608.2b: a legal
    target); an empty library shows nothing."""
    for player in _players(ctx, item, spec, "target"):
        library = ctx.state.players[player].library
        if library:
            top = library[0]
            ctx.emit(ev.TopCardLookedAt(player=item.controller, owner=player, object_id=top,
                                        card=ctx.state.objects[top].card), "401.2", cause)
    return [], that


@handles(m.DiscardCards)
def _discard_cards(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DiscardCards, that: str,
                   cause: int | None) -> tuple[list[Frame], str]:
    """701.9a: each player named discards, choosing in APNAP order (101.4)."""
    players = tuple(_players(ctx, item, spec, eff.who))
    return ([DiscardFrame(players, eff.amount, cause)] if players else []), that


@handles(m.ExileGraveyard)
def _exile_graveyard(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ExileGraveyard, that: str,
                     cause: int | None) -> tuple[list[Frame], str]:
    """406.2: every card of each graveyard named is exiled (of the card type `kind` only, if any:
    its printed types, 205.2a)."""
    for player in _players(ctx, item, spec, eff.who):
        for oid in list(ctx.state.players[player].graveyard):
            if eff.kind is None or eff.kind in ctx.cards.get(ctx.state.objects[oid].card).types:
                ctx.move(oid, "exile", "exiled", "406.2", cause)
    return [], that


@handles(m.LookAtTopCards)
def _look_at_top_cards(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.LookAtTopCards, that: str,
                       cause: int | None) -> tuple[list[Frame], str]:
    """608.2c: look at the top N cards (N read now, 608.2h), take some, put the rest where it says."""
    effects = (spell_effects(ctx.cards, item)[0] if item.kind == "spell"
               else stack_ability(ctx.cards, item).effects)
    n = _card_count(ctx, item, eff.amount)
    return [LookAtTopCardsFrame(item.id, effect_index(effects, eff), item.controller, n, cause)], that


# --------------------------------------------------------------------------- lands (cards/model_lands.py)

@handles(m.SacrificeUnlessReturn)
def _sacrifice_unless_return(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.SacrificeUnlessReturn,
                             that: str, cause: int | None) -> tuple[list[Frame], str]:
    ability = stack_ability(ctx.cards, item)
    return [ReturnOrSacrifice(item.id, effect_index(ability.effects, eff), item.source, item.controller, cause)], that


@dataclass(frozen=True)
class ReturnOrSacrifice(SacrificeSourceUnless):
    """"sacrifice it unless you return an untapped Island you control to its owner's hand" (the
    bounce lands): chosen as it resolves (608.2c): a `return_unless` choice among the permanents
    that fit (none: nothing to ask, the source is sacrificed, 701.21a). The source itself may be
    returned if it fits (an untapped non-Lair land); a source no longer on the battlefield is not
    sacrificed."""

    stack_id: str
    effect: int
    source: str
    player: str
    cause: int | None

    def _effect(self, ctx: Ctx) -> m.SacrificeUnlessReturn:
        eff = unwrapped(stack_ability(ctx.cards, ctx.state.stack_item(self.stack_id)).effects[self.effect])
        assert isinstance(eff, m.SacrificeUnlessReturn), eff
        return eff

    def _candidates(self, ctx: Ctx) -> list[str]:
        eff = self._effect(ctx)
        chars = all_characteristics(ctx.state, ctx.cards)
        out = []
        for oid in select(ctx.state, ctx.cards, m.Selector(types=eff.types, controller="you"), you=self.player):
            c = chars[oid]
            if eff.subtypes and not any(s in c.subtypes for s in eff.subtypes):
                continue
            if eff.not_subtype and eff.not_subtype in c.subtypes:
                continue
            if eff.untapped and ctx.state.objects[oid].tapped:
                continue
            out.append(oid)
        return out

    def _ask(self, ctx: Ctx, options: list[str]) -> Any:
        return ch.ReturnUnless.ask(self.player, options, self._effect(ctx).describe(),
                                   ctx.state.objects[self.source].card)

    def _do(self, ctx: Ctx, chosen: str) -> None:
        ctx.move(chosen, "hand", "returned to its owner's hand", "608.2c", self.cause)


@handles(m.BecomesCreature)
def _becomes_creature(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.BecomesCreature, that: str,
                      cause: int | None) -> tuple[list[Frame], str]:
    """"Until end of turn, this land becomes a 3/3 ... creature ...": one effect locked in on the
    source as it resolves (611.2c; a source that left the battlefield is a new object or none,
    400.7: nothing happens), its parts in layers 4, 5, 6 and 7b (613.1), ended in cleanup (514.2).
    "Target land ... becomes ...": on each legal target instead (608.2b); "that's still a land":
    no end (611.2a, `until_end_of_turn` False); "all creature types": every one (205.3m); a
    quoted ability: its `AbilityId` of kind quoted, at the resolving ability's place (613.1f)."""
    if eff.who == "target":
        affected = legal_targets(ctx, item, spec)
    else:
        affected = [item.source] if ctx.state.on_battlefield(item.source) else []
    abilities = (stack_ability_id(item).quoted().to_json(),) if eff.ability is not None else ()
    for t in affected:
        ctx.emit(ev.ContinuousEffectCreated(
            object_id=t, source=item.source, source_card=item.source_card, types=eff.types,
            subtypes=eff.subtypes, colors=eff.colors, keywords=eff.keywords, abilities=abilities, power=eff.power,
            toughness=eff.toughness, until_end_of_turn=not eff.lasting, all_creature_types=eff.all_creature_types),
            "611.2c", cause)
    return [], that


@handles(m.SacrificeIfNoCounters)
def _sacrifice_if_no_counters(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.SacrificeIfNoCounters,
                              that: str, cause: int | None) -> tuple[list[Frame], str]:
    """"If there are no depletion counters on this land, sacrifice it." as it resolves (701.21a):
    the source, if still on the battlefield (400.7) with none of them."""
    o = ctx.state.objects.get(item.source)
    if o is not None and o.zone == "battlefield" and not o.counters.get(eff.counter, 0):
        sacrifice_permanent(ctx, item.source, cause)
    return [], that


@handles(m.SacrificeUnlessPay)
def _sacrifice_unless_pay(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.SacrificeUnlessPay,
                          that: str, cause: int | None) -> tuple[list[Frame], str]:
    ability = stack_ability(ctx.cards, item)
    return [PayOrSacrifice(item.id, effect_index(ability.effects, eff), item.source, item.controller, cause)], that


def pay_for_effect(ctx: Ctx, player: str, cost: m.ManaCost, card: str, cause: int | None) -> None:
    """608.2c: `player` pays `cost` for an effect of `card` ("... unless you pay {1}") from their
    pool now; restricted mana only where its restriction allows paying for an effect (106.6). Too
    little mana is an illegal answer (nothing is written)."""
    spend = spend_from_pool(ctx.state.players[player], cost, 0, None, f"pay for {card}", "608.2c",
                            Purpose("effect", name=card))
    if spend.mana:
        ctx.emit(ev.ManaSpent(player=player, mana=spend.mana, units=spend.units or None), "608.2c", cause)


@dataclass(frozen=True)
class PayOrSacrifice(Frame):
    """"sacrifice it unless you pay {1}" (Rupture Spire): a `pay_unless` choice as it resolves
    (608.2c). "pay" pays the mana from the player's pool now (restricted mana only where its
    restriction allows paying for an effect, 106.6; the player may activate mana abilities while
    the choice is pending, 605.3a); "sacrifice" sacrifices the
    source if it is still on the battlefield (701.21a)."""

    stack_id: str
    effect: int
    source: str
    player: str
    cause: int | None

    def _effect(self, ctx: Ctx) -> m.SacrificeUnlessPay:
        eff = unwrapped(stack_ability(ctx.cards, ctx.state.stack_item(self.stack_id)).effects[self.effect])
        assert isinstance(eff, m.SacrificeUnlessPay), eff
        return eff

    def _cost(self, ctx: Ctx) -> m.ManaCost:
        """The mana to pay; "This cost is reduced by {2} for each ..." (Draco) counted now (608.2h)."""
        eff = self._effect(ctx)
        cost = m.ManaCost(generic=eff.generic, symbols=eff.symbols)
        if eff.reduction is None:
            return cost
        return reduced(cost, reduction_amount(ctx.state, ctx.cards, eff.reduction, source=self.source, you=self.player))

    def run(self, ctx: Ctx) -> list[Frame]:
        raise Pause(ch.PayUnless.ask(self.player, ctx.state.objects[self.source].card, self._cost(ctx).text()),
                    self, "608.2c", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: "pay" or "sacrifice" (rules/choices.py `PayUnless`)."""
        if value == "pay":
            pay_for_effect(ctx, self.player, self._cost(ctx), ctx.state.objects[self.source].card, self.cause)
            return []
        if ctx.state.on_battlefield(self.source):
            sacrifice_permanent(ctx, self.source, self.cause)
        return []


def cant_be_countered(ctx: Ctx, spell_id: str) -> bool:
    """101.2: a spell whose card says "This spell can't be countered." (113.6: it functions on the
    stack), or cast with mana that says "that spell can't be countered" (Cavern of Souls)."""
    item = ctx.state.stack_item(spell_id)
    card = ctx.cards.get(ctx.state.objects[spell_id].card)
    return (item is not None and item.uncounterable) or any(
        isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.CantBeCountered) for a in card.abilities)


def counter_spell(ctx: Ctx, spell_id: str, rule: str, cause: int | None) -> None:
    """701.6a: the spell leaves the stack for its owner's graveyard without resolving (no refund,
    701.6b); one that can't be countered stays (101.2)."""
    if ctx.state.stack_item(spell_id) is None or cant_be_countered(ctx, spell_id):
        return
    ctx.move(spell_id, "graveyard", "countered", rule, cause)


@handles(m.CounterTargetSpell)
def _counter_target_spell(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CounterTargetSpell,
                          that: str, cause: int | None) -> tuple[list[Frame], str]:
    """"Counter target spell [unless its controller pays {1}]." (701.6a, 608.2c): the target, if
    still legal (608.2b). The payment is asked only of a spell it could counter (101.2)."""
    for t in legal_targets(ctx, item, spec):
        if not eff.unless:
            counter_spell(ctx, t, "701.6a", cause)
        elif not cant_be_countered(ctx, t):
            controller = ctx.state.stack_item(t).controller    # type: ignore[union-attr]
            return [PayOrCountered(t, controller, eff.unless_generic, eff.unless_symbols, item.source_card, cause)], that
    return [], that


@dataclass(frozen=True)
class PayOrCountered(Frame):
    """"... unless its controller pays {1}": a `counter_unless` choice of the spell's controller as
    the counterspell resolves (608.2c). "pay" pays the mana from their pool now (restricted mana
    only where its restriction allows paying for an effect, 106.6; that player may activate mana
    abilities while the choice is pending, 605.3a); "countered" counters it (701.6a)."""

    spell: str
    player: str
    generic: int
    symbols: tuple[str, ...]
    source_card: str
    cause: int | None

    def _cost(self) -> m.ManaCost:
        return m.ManaCost(generic=self.generic, symbols=tuple(self.symbols))

    def run(self, ctx: Ctx) -> list[Frame]:
        raise Pause(ch.CounterUnless.ask(self.player, ctx.state.objects[self.spell].card, self._cost().text()),
                    self, "608.2c", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: "pay" or "countered" (rules/choices.py `CounterUnless`)."""
        if value == "pay":
            pay_for_effect(ctx, self.player, self._cost(), self.source_card, self.cause)
            return []
        counter_spell(ctx, self.spell, "701.6a", self.cause)
        return []


@handles(m.BecomesLandTypeOfChoice)
def _becomes_land_type_of_choice(ctx: Ctx, item: StackItem, spec: m.Targets | None,
                                 eff: m.BecomesLandTypeOfChoice, that: str,
                                 cause: int | None) -> tuple[list[Frame], str]:
    legal = legal_targets(ctx, item, spec)
    if not legal:
        return [], that
    return [ChooseLandType(item.id, legal[0], eff.additional, item.controller, cause)], that


@handles(m.BecomesBasicLandType)
def _becomes_basic_land_type(ctx: Ctx, item: StackItem, spec: m.Targets | None,
                             eff: m.BecomesBasicLandType, that: str,
                             cause: int | None) -> tuple[list[Frame], str]:
    """"Target land becomes an Island until end of turn." (305.7, 611.2c); with two types named
    ("a Plains or an Island") the one is chosen as it resolves (608.2d)."""
    legal = legal_targets(ctx, item, spec)
    if not legal:
        return [], that
    if len(eff.land_types) == 1:
        set_land_type(ctx, item, legal[0], eff.land_types[0], cause)
        return [], that
    return [ChooseLandTypeAmong(item.id, legal[0], " ".join(eff.land_types), item.controller, cause)], that


def set_land_type(ctx: Ctx, item: StackItem, target: str, land_type: str, cause: int | None) -> None:
    """One effect locked in on the land (611.2c): its land type set (305.7) until end of turn."""
    if ctx.state.on_battlefield(target):
        ctx.emit(ev.ContinuousEffectCreated(object_id=target, source=item.source, source_card=item.source_card,
                                            land_type=land_type), "611.2c", cause)


@dataclass(frozen=True)
class ChooseLandTypeAmong(Frame):
    """"Target land becomes a Plains or an Island until end of turn": one of the named types
    (`among`, space-separated), chosen as it resolves (608.2d, the `land_type` choice)."""

    stack_id: str
    target: str
    among: str
    player: str
    cause: int | None

    def run(self, ctx: Ctx) -> list[Frame]:
        raise Pause(ch.LandType.ask(self.player, ctx.state.objects[self.target].card, self.among.split()),
                    self, "608.2d", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: one of the named types, in lower case (rules/choices.py `LandType`)."""
        item = ctx.state.stack_item(self.stack_id)
        assert item is not None, self.stack_id
        set_land_type(ctx, item, self.target, str(value).capitalize(), self.cause)
        return []


@handles(m.EachLandBecomesChosenType)
def _each_land_becomes_chosen_type(ctx: Ctx, item: StackItem, spec: m.Targets | None,
                                   eff: m.EachLandBecomesChosenType, that: str,
                                   cause: int | None) -> tuple[list[Frame], str]:
    """"Choose a basic land type. Each land you control becomes that type until end of turn.":
    the type is chosen now (608.2d), then each land is affected (ChooseLandTypeForEach)."""
    return [ChooseLandTypeForEach(item.id, item.controller, cause)], that


@dataclass(frozen=True)
class ChooseLandTypeForEach(Frame):
    """"Choose a basic land type. Each land you control becomes that type until end of turn." (608.2d,
    the `land_type` choice): then one effect on each land `player` controls now (611.2c: locked in),
    its land type set (305.7) until the cleanup step (514.2)."""

    stack_id: str
    player: str
    cause: int | None

    def run(self, ctx: Ctx) -> list[Frame]:
        raise Pause(ch.LandType.ask(self.player, "each land you control"), self, "608.2d", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: a basic land type word in lower case (rules/choices.py `LandType`)."""
        item = ctx.state.stack_item(self.stack_id)
        assert item is not None, self.stack_id
        for land in lands_controlled(ctx, self.player):
            set_land_type(ctx, item, land, str(value).capitalize(), self.cause)
        return []


def lands_controlled(ctx: Ctx, player: str) -> list[str]:
    """The lands `player` controls now, as the layers make them (611.2c: those an effect locks in)."""
    chars = all_characteristics(ctx.state, ctx.cards)
    return [oid for oid in ctx.state.battlefield
            if ctx.state.objects[oid].controller == player and "Land" in chars[oid].types]


@handles(m.LandsGainEveryBasicLandType)
def _lands_gain_every_basic_land_type(ctx: Ctx, item: StackItem, spec: m.Targets | None,
                                      eff: m.LandsGainEveryBasicLandType, that: str,
                                      cause: int | None) -> tuple[list[Frame], str]:
    """"Lands you control gain all basic land types until end of turn.": 611.2c, layer 4 (305.6)."""
    for land in lands_controlled(ctx, item.controller):
        ctx.emit(ev.ContinuousEffectCreated(object_id=land, source=item.source, source_card=item.source_card,
                                            subtypes=BASIC_LAND_TYPES), "611.2c", cause)
    return [], that


@dataclass(frozen=True)
class ChooseLandType(Frame):
    """"Target land becomes the basic land type of your choice until end of turn": the type is
    chosen as it resolves (608.2d, the `land_type` choice), then one effect locked in on the land
    (611.2c): its land type set (305.7), or, `additional`, the type added to its others."""

    stack_id: str
    target: str
    additional: bool
    player: str
    cause: int | None

    def run(self, ctx: Ctx) -> list[Frame]:
        raise Pause(ch.LandType.ask(self.player, ctx.state.objects[self.target].card), self, "608.2d", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: a basic land type word in lower case (rules/choices.py `LandType`)."""
        item = ctx.state.stack_item(self.stack_id)
        assert item is not None, self.stack_id
        land_type = str(value).capitalize()
        if ctx.state.on_battlefield(self.target):
            parts: dict[str, Any] = {"subtypes": (land_type,)} if self.additional else {"land_type": land_type}
            ctx.emit(ev.ContinuousEffectCreated(object_id=self.target, source=item.source,
                                                source_card=item.source_card, **parts), "611.2c", self.cause)
        return []
