"""Priority (117), state-based actions (704), putting triggers on the stack (603.3), steps and turns (500).

Each time a player would receive priority (117.5): state-based actions are
checked until none happen (704.3), then waiting triggered abilities go on the
stack in APNAP order (603.3b), and the check repeats; then the player gets
priority. When all players pass in succession (117.4) the top of the stack
resolves, or with an empty stack the step ends: mana empties (106.4) and the
next step's turn-based actions happen (502.3 untap, 504.1 draw).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from simulator.game import events as ev
from simulator.cards import model as m
from simulator.game.layers import ability_definition, all_characteristics
from simulator.base.errors import IllegalAction, IntegrityError
from simulator.game.selectors import is_selected
from simulator.game.state import ADDED_LATER, GameState, WaitingTrigger, live_tokens
from simulator.base.steps import STEPS
from simulator.rules.actions import UntapStep, doesnt_untap, draw_cards, may_stay_tapped, untap_step, untaps_in_others_untap
from simulator.rules import choices as ch
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.damage import DESTRUCTION, DestroyReplacement, damage_deaths, damage_to_remove, destroy, needs_destroy_choice
from simulator.rules.casting import cant_cast, extra_land_plays, has_kicker
from simulator.rules.cast_costs import additional_sacrifices, alternative_cost
from simulator.rules.effects import cant_be_countered
from simulator.rules.equipment import must_unattach
from simulator.rules.modal import choosable_modes
from simulator.rules.queries import choose_targets, target_candidates
from simulator.rules.reductions import spell_cost_read
from simulator.rules.resolution import ResolveTop

NO_PRIORITY_STEPS = ("untap", "cleanup")   # 502.4, 514.3
LANDS_PER_TURN = 1                          # 305.2


@dataclass(frozen=True)
class PriorityFlow(Frame):
    """117.5: before `player` receives priority, SBAs and waiting triggers."""

    player: str
    why: str = "117.3a"
    cause: int | None = None

    def run(self, ctx: Ctx) -> list[Frame]:
        while state_based_actions(ctx, self.cause, self):
            pass
        if ctx.state.game_over:
            return []
        legend = _legend_rule(ctx)
        if legend is not None:
            player, ids = legend
            raise Pause(ch.Legend.ask(player, ctx.state.objects[ids[0]].card, ids),
                        LegendRule(player, tuple(ids), self.cause, self), "704.5j", self.cause)
        if ctx.state.waiting:
            return [PlaceTriggers(self.cause), self]
        player = self.player
        if ctx.state.players[player].lost:
            player = next_player(ctx.state, player)
        ctx.emit(ev.PriorityReceived(player=player), self.why, self.cause)
        return []


def _legend_rule(ctx: Ctx) -> tuple[str, list[str]] | None:
    """704.5j: the first player (turn order) controlling two legendary permanents with one name."""
    s = ctx.state
    chars = all_characteristics(s, ctx.cards)
    legends = list(chars.legendary)
    if len(legends) < 2:
        return None
    for player in s.order:
        seen: dict[str, list[str]] = {}
        for oid in legends:
            if s.objects[oid].controller == player:
                seen.setdefault(chars[oid].name, []).append(oid)
        for ids in seen.values():
            if len(ids) >= 2:
                return player, ids
    return None


@dataclass(frozen=True)
class LegendRule(Frame):
    """704.5j: the player keeps one; the rest go to their owners' graveyards."""

    player: str
    options: tuple[Any, ...]
    cause: int | None
    then: Frame

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: the id of the one kept, one of the options (rules/choices.py `Legend`)."""
        keep = value
        for oid in self.options:
            if oid != keep and ctx.state.on_battlefield(oid):
                ctx.move(oid, "graveyard", "legend rule", "704.5j", self.cause)
        return [self.then]


def next_player(state: GameState, player: str) -> str:
    order = [p for p in state.order if not state.players[p].lost or p == player]
    i = order.index(player)
    for p in order[i + 1:] + order[:i + 1]:
        if not state.players[p].lost:
            return p
    return player


def players_in_game(state: GameState) -> list[str]:
    return [p for p in state.order if not state.players[p].lost]


# --------------------------------------------------------------------------- triggers to the stack

@dataclass(frozen=True)
class PlaceTriggers(Frame):
    """603.3b: the first player in APNAP order with waiting triggers puts them on the stack."""

    cause: int | None = None

    def run(self, ctx: Ctx) -> list[Frame]:
        s = ctx.state
        for player in s.apnap():
            mine = sorted((w for w in s.waiting if w.controller == player), key=lambda w: (w.timestamp, w.seq))
            if not mine:
                continue
            same = len({(w.source, w.ability) for w in mine}) == 1
            if len(mine) >= 2 and not same:
                options = [f"{w.text} ({w.source})" for w in mine]
                raise Pause(ch.Order.ask(player, options), OrderTriggers(player, tuple(w.id for w in mine)), "603.3b", mine[0].seq)
            return [PutTriggerOnStack(w.id) for w in mine]
        return []


@dataclass(frozen=True)
class OrderTriggers(Frame):
    """Pending: the order in which a player puts simultaneous triggered abilities on the stack
    (603.3b)."""

    player: str
    triggers: tuple[Any, ...]

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: the option numbers, first put on the stack first (rules/choices.py `Order`)."""
        return [PutTriggerOnStack(self.triggers[i - 1]) for i in value]


@dataclass(frozen=True)
class PutTriggerOnStack(Frame):
    """603.3: a waiting trigger goes on the stack; targets are chosen now (603.3d)."""

    trigger_id: str
    modes: tuple[int, ...] = field(default=(), metadata=ADDED_LATER)   # a modal one's chosen modes (700.2b)

    def run(self, ctx: Ctx) -> list[Frame]:
        w = next((w for w in ctx.state.waiting if w.id == self.trigger_id), None)
        if w is None:
            return []
        ability = _triggered(ctx, w)
        choice = m.modal(ability.effects)
        if choice is not None and not self.modes:
            # 603.3c, 700.2b: the mode first, among those that can be chosen
            legal = choosable_modes(ctx.state, ctx.cards, choice, w.controller, w.source)
            if not legal:
                ctx.emit(ev.TriggerRemoved(trigger_id=w.id, source=w.source, source_card=w.source_card,
                                           controller=w.controller, text=w.text,
                                           reason="no mode could be chosen"), "700.2b", w.seq)
                return []
            raise Pause(ch.ModeChoice.ask(w.controller, [choice.modes[n - 1].text for n in legal], w.text),
                        TriggerMode(self.trigger_id, legal), "603.3c", w.seq)
        spec = m.with_modes(ability, self.modes).targets
        if spec is not None:
            candidates = target_candidates(ctx.state, ctx.cards, spec, w.controller, w.source)
            if candidates:
                raise Pause(ch.Target.ask(w.controller, candidates, w.text, spec.min, spec.max),
                            TriggerTargets(self.trigger_id, self.modes), "603.3d", w.seq)
            if spec.min > 0:
                # 603.3d: no legal choice for its targets: the ability is removed. It must leave
                # `waiting` too, or the next priority check would try to put it on the stack again.
                ctx.emit(ev.TriggerRemoved(trigger_id=w.id, source=w.source, source_card=w.source_card,
                                         controller=w.controller, text=w.text,
                                         reason="no legal targets"), "603.3d", w.seq)
                return []
        put_trigger(ctx, self.trigger_id, (), self.modes)
        return []


@dataclass(frozen=True)
class TriggerMode(Frame):
    """Pending: a modal triggered ability's mode, chosen as it is put on the stack (603.3c,
    700.2b); `legal`: the modes (1-based, printed order) its options stand for."""

    trigger_id: str
    legal: tuple[int, ...]

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        # `value`: the option number (rules/choices.py `ModeChoice`); then its targets (603.3d)
        return [PutTriggerOnStack(self.trigger_id, (self.legal[value - 1],))]


@dataclass(frozen=True)
class TriggerTargets(Frame):
    """Pending: a triggered ability's targets, chosen as it is put on the stack (603.3d)."""

    trigger_id: str
    modes: tuple[int, ...] = field(default=(), metadata=ADDED_LATER)   # a modal one's chosen modes (700.2b)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        w = next(w for w in ctx.state.waiting if w.id == self.trigger_id)
        ability = m.with_modes(_triggered(ctx, w), self.modes)
        # `value`: ids, card names and the options numbers stood for (rules/choices.py `Target`)
        targets = choose_targets(ctx.state, ctx.cards, ability.targets, w.controller, value, w.text, w.source)
        put_trigger(ctx, self.trigger_id, targets, self.modes)
        return []


def _triggered(ctx: Ctx, w: WaitingTrigger) -> m.TriggeredAbility:
    """The triggered ability a waiting trigger is an instance of (603.2), by its AbilityId."""
    found = ability_definition(ctx.cards, w.ability)
    if not isinstance(found, m.TriggeredAbility):
        raise IntegrityError(f"trigger {w.id}: {w.ability} is not a triggered ability")
    return found


def put_trigger(ctx: Ctx, trigger_id: str, targets: tuple[str, ...], modes: tuple[int, ...] = ()) -> None:
    """603.3: the trigger becomes an object on the stack; a modal one records its chosen modes
    (700.2b: `data["modes"]`, read by `queries.stack_ability`)."""
    w = next(w for w in ctx.state.waiting if w.id == trigger_id)
    src = ctx.state.objects.get(w.source)
    # 107.3m: only an enters-the-battlefield ability of the object uses the X of the spell it
    # was; any other ability (Hangarback Walker's "dies" trigger) sees the permanent's X, 0.
    etb = isinstance(_triggered(ctx, w).condition, (m.EntersSelf, m.EntersSelfUntapped))
    ctx.emit(ev.AbilityPutOnStack(stack_id=f"ability-{ctx.state.version + 1}", source=w.source,
                                source_card=w.source_card, controller=w.controller, text=w.text,
                                kind="triggered", ability=w.ability,
                                targets=targets, x=src.x if src and etb else 0,
                                data={**dict(w.data), **({"modes": tuple(modes)} if modes else {})},
                                trigger_id=w.id),
           "603.3", w.seq)


# --------------------------------------------------------------------------- state-based actions (704)

def state_based_actions(ctx: Ctx, cause: int | None, flow: Frame | None = None) -> bool:
    """Perform all applicable SBAs simultaneously (704.3); True if any happened. A creature that
    would be destroyed with both a regeneration shield and a shield counter: before any of them
    is performed its controller chooses which replacement applies (616.1), then they are checked
    again (`flow` goes on)."""
    s = ctx.state
    chars = all_characteristics(s, ctx.cards)
    done = False
    losers = []
    for name in s.order:
        p = s.players[name]
        if p.lost:
            continue
        if p.life <= 0:
            losers.append((name, "life total 0 or less", "704.5a"))
        elif p.drew_from_empty:
            losers.append((name, "drew from an empty library", "704.5b"))
        elif p.poison >= 10:
            losers.append((name, "ten or more poison counters", "704.5c"))
    dying = []
    unattach = []     # 704.5n: Equipment that stays on the battlefield, unattached
    for oid in chars.sba:   # the creatures with toughness 0 or less and the Auras, in battlefield order
        c = chars[oid]
        if c.is_creature and c.toughness is not None and c.toughness <= 0:
            dying.append((oid, "704.5f"))
        elif "Aura" in c.subtypes:
            target = s.objects[oid].attached_to
            if target is None or not s.on_battlefield(target) or not _can_enchant(s, ctx.cards, oid, target):
                dying.append((oid, "704.5m"))
        elif must_unattach(s, chars, oid):
            unattach.append(oid)
    dying += [d for d in damage_deaths(ctx, chars) if d[0] not in {oid for oid, _ in dying}]
    for oid, rule in dying:
        if rule in DESTRUCTION and needs_destroy_choice(ctx, oid):
            raise Pause(ch.Replacement.ask(s.objects[oid].controller,
                                           [f"the regeneration shield on {oid}: regenerate it (701.19a)",
                                            f"a shield counter on {oid}: remove it instead (122.1c)"],
                                           f"{oid} ({s.objects[oid].card}) being destroyed"),
                        DestroyReplacement(oid, rule, cause, "state-based action", flow), "616.1", cause)
    # 704.5q: +1/+1 and -1/-1 counters annihilate (not on a permanent leaving in this same
    # check: 704.3 performs them at once, so it leaves with both, e.g. for Hangarback Walker)
    leaving = {oid for oid, _ in dying}
    annihilate = []
    for oid in chars.annihilate:   # the permanents with both kinds of counters
        counters = s.objects[oid].counters
        n = min(counters.get("+1/+1", 0), counters.get("-1/-1", 0))
        if n > 0 and oid not in leaving:
            annihilate.append((oid, n))
    gone_tokens = sorted((o for o in live_tokens(s) if o.zone in ("graveyard", "exile", "hand", "library")),
                         key=lambda o: o.timestamp)
    lost_at = {}
    for name, why, rule in losers:
        lost_at[name] = ctx.emit(ev.PlayerLost(player=name, reason=why), rule, cause)
        done = True
    checked = tuple(oid for oid in chars.damaged if s.objects[oid].deathtouched and oid not in {d for d, _ in dying})
    for oid in unattach:
        ctx.emit(ev.AttachedTo(object_id=oid, target=None), "704.5n", cause)
        done = True
    for oid, rule in dying:
        if rule in DESTRUCTION:    # destroyed: a regeneration shield replaces it (701.19a)
            destroy(ctx, oid, rule, cause, reason="state-based action")
        else:
            ctx.move(oid, "graveyard", "state-based action", rule, cause)
        done = True
    if checked:    # 704.5h looks only at damage since the last check (not itself an action)
        ctx.emit(ev.DeathtouchChecked(objects=checked), "704.5h", cause)
    for oid, n in annihilate:
        ctx.emit(ev.CountersRemoved(object_id=oid, counters={"+1/+1": n, "-1/-1": n}), "704.5q", cause)
        done = True
    for o in gone_tokens:
        ctx.emit(ev.TokenCeasedToExist(object_id=o.id, zone=o.zone), "704.5d", cause)
        done = True
    if losers:
        left = players_in_game(ctx.state)
        if len(left) <= 1:
            ctx.emit(ev.GameEnded(winner=left[0] if left else None), "104.2a", cause)
        else:   # 800.4a: a multiplayer game goes on without them
            for name, _, _ in losers:
                leave_game(ctx, name, lost_at[name])
    return done


def leave_game(ctx: Ctx, player: str, cause: int | None) -> None:
    """800.4a: everything `player` owns leaves the game; then the abilities on the stack they
    control (objects not represented by cards) cease to exist, and so do their triggered
    abilities waiting for the stack (their controller cannot put them there, 603.3); then what
    they still control is exiled. Not a state-based action: it happens as they leave. Priority
    then passes to the next player still in the game (`PriorityFlow`)."""
    s = ctx.state
    p = s.players[player]
    owned = [oid for oid in s.battlefield if s.objects[oid].owner == player]
    owned += [i.id for i in s.stack if i.kind == "spell" and i.id in s.objects and s.objects[i.id].owner == player]
    owned += [oid for zone in (p.hand, p.library, p.graveyard, p.exile) for oid in zone]
    owned += [oid for name in s.order if name != player
              for oid in s.players[name].exile if s.objects[oid].owner == player]
    abilities = tuple(i.id for i in s.stack if i.kind != "spell" and i.controller == player)
    triggers = tuple(w.id for w in s.waiting if w.controller == player)
    seq = ctx.emit(ev.PlayerLeftGame(player=player, objects=tuple(owned), abilities=abilities,
                                     triggers=triggers), "800.4a", cause)
    for oid in list(ctx.state.battlefield):
        if ctx.state.objects[oid].controller == player:
            ctx.move(oid, "exile", "its controller left the game", "800.4a", seq)


def _can_enchant(state: GameState, cards: m.Cards, aura: str, target: str) -> bool:
    """303.4a/704.5m: the Aura's "Enchant ..." still describes what it is attached to."""
    card = cards.get(state.objects[aura].card)
    for a in card.abilities:
        if isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.EnchantRestriction):
            return is_selected(state, cards, a.effect.what, target, you=state.objects[aura].controller)
    return True


# --------------------------------------------------------------------------- passing and steps

def pass_priority(ctx: Ctx, player: str) -> list[Frame]:
    """117.3d: the next player receives priority; 117.4: all passed -> resolve or end the step."""
    seq = ctx.emit(ev.PriorityPassed(player=player), "117.3d")
    s = ctx.state
    if set(players_in_game(s)) <= set(s.passed):
        if s.stack:
            return [ResolveTop(seq), PriorityFlow(s.active, "117.3b", seq)]
        return [EndStep(seq)]
    return [PriorityFlow(next_player(s, player), "117.3d", seq)]


def keeps_mana(state: GameState, cards: m.Cards) -> bool:
    """Upwelling: players don't lose unspent mana as steps and phases end."""
    chars = all_characteristics(state, cards)
    for oid in chars.statics:
        if chars[oid].statics(m.KeepUnspentMana):
            return True
    return False


def no_maximum_hand_size(state: GameState, cards: m.Cards, player: str) -> bool:
    """402.2: a permanent `player` controls says "You have no maximum hand size."."""
    chars = all_characteristics(state, cards)
    return any(state.objects[oid].controller == player and chars[oid].statics(m.NoMaximumHandSize)
               for oid in chars.statics)


# The static abilities the rules read outside the layers (the layers' are
# `layers.layer_statics()`), by effect type: the function that reads them.
STATICS_READ: dict[type, Callable[..., bool | int]] = {
    m.KeepUnspentMana: keeps_mana,
    m.EnchantRestriction: _can_enchant,
    m.DoesntUntap: doesnt_untap,           # the untap step (502.3)
    m.UntapDuringOthersUntap: untaps_in_others_untap,   # the other players' untap steps (502.3)
    m.MayNotUntap: lambda state, cards: bool(may_stay_tapped(state, cards)),   # the untap step: `stay_tapped` (502.3)
    m.Kicker: has_kicker,                  # casting: the kicked total cost (601.2f, 702.33)
    m.NoMaximumHandSize: no_maximum_hand_size,   # the cleanup step (514.1)
    m.AdditionalLandEachTurn: extra_land_plays,  # playing a land (305.2)
    m.CombatRestriction: lambda *_: False,       # "can't block": no combat here, nothing asks (inert)
    m.AdditionalSacrifice: lambda card: bool(additional_sacrifices(card)),   # casting: 601.2b, 601.2h (rules/cast_costs.py)
    m.AlternativeReturnCost: lambda card: alternative_cost(card) is not None,  # casting: 118.9 (rules/cast_costs.py)
    m.CreatureTypesCDA: lambda *_: True,         # changeling (702.73a): the card's subtypes, built in (cards/pool.py)
    m.CantBeCountered: cant_be_countered,  # an effect that would counter the spell (101.2, 701.6a)
    m.SpellCostReduction: spell_cost_read,  # casting: the total cost (601.2f)
    m.CantCastSpells: lambda *a: bool(cant_cast(*a)),   # casting: "You can't cast noncreature spells." (601.3)
}


def _ending_this_turn(ctx: Ctx) -> int:
    """514.2: how many "until end of turn" effects end as the cleanup step's damage is removed,
    the shields "this turn" among them (701.19a, 615.7)."""
    s = ctx.state
    return (len(s.pt_changes) + sum(1 for c in s.continuous_effects if c.until_end_of_turn)
            + sum(s.objects[oid].regeneration + bool(s.objects[oid].prevention)
                  for oid in all_characteristics(s, ctx.cards).shielded)
            + sum(1 for p in s.players.values() if p.prevention))


@dataclass(frozen=True)
class EndStep(Frame):
    """The step ends (mana empties, 106.4) and the next one begins with its turn-based actions."""

    cause: int | None = None

    def run(self, ctx: Ctx) -> list[Frame]:
        s = ctx.state
        if s.step == "cleanup" and damage_to_remove(ctx):
            # 514.2: after the discard (514.1), damage marked on permanents is removed ...
            ctx.emit(ev.DamageRemoved(objects=damage_to_remove(ctx)), "514.2", self.cause)
            s = ctx.state
        ending = _ending_this_turn(ctx) if s.step == "cleanup" else 0
        if ending:
            # ... and, at the same time, "until end of turn" effects end
            ctx.emit(ev.UntilEndOfTurnEffectsEnded(count=ending), "514.2", self.cause)
            s = ctx.state
        if not keeps_mana(s, ctx.cards):
            for name in s.order:
                pool = dict(s.players[name].pool)
                if pool:
                    ctx.emit(ev.ManaPoolEmptied(player=name, mana=pool), "106.4", self.cause)
        i = STEPS.index(s.step)
        if i + 1 < len(STEPS):
            step = STEPS[i + 1]
        else:
            ctx.emit(ev.TurnBegan(turn=s.turn + 1, active=next_player(s, s.active),
                                land_plays=LANDS_PER_TURN), "500.1", self.cause)
            step = STEPS[0]
        return begin_step(ctx, step, self.cause)


def begin_step(ctx: Ctx, step: str, cause: int | None) -> list[Frame]:
    seq = ctx.emit(ev.StepBegan(step=step), "500.1", cause)
    s = ctx.state
    if step == "untap" and may_stay_tapped(s, ctx.cards):
        return [UntapStep(seq), EndStep(seq)]      # 502.3: the active player chooses first
    if step == "untap":
        untap_step(ctx, seq)
    elif step == "draw" and not s.players[s.active].lost:   # 800.4j: nobody draws for them
        # 103.8a: in a two-player game the starting player skips the draw of the game's first
        # turn; 103.8c: in a multiplayer game (one that BEGAN with more than two players,
        # 800.1: `order` keeps every seat) nobody skips it
        if s.turn != 1 or len(s.order) > 2:
            draw_cards(ctx, s.active, 1, "504.1", seq)
    if step == "cleanup":
        return [DiscardToHandSize(ctx.state.active, seq), EndStep(seq)]
    if step in NO_PRIORITY_STEPS:
        return [EndStep(seq)]
    return [PriorityFlow(ctx.state.active, "117.3a", seq)]


MAX_HAND_SIZE = ch.Discard.hand_size   # 402.2


@dataclass(frozen=True)
class DiscardToHandSize(Frame):
    """514.1: in the cleanup step the active player discards down to their maximum hand size."""

    player: str
    cause: int | None

    def run(self, ctx: Ctx) -> list[Frame]:
        hand = list(ctx.state.players[self.player].hand)
        excess = len(hand) - MAX_HAND_SIZE
        if excess <= 0 or no_maximum_hand_size(ctx.state, ctx.cards, self.player):
            return []
        raise Pause(ch.Discard.ask(self.player, hand, excess), self, "514.1", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        hand = list(ctx.state.players[self.player].hand)
        excess = len(hand) - MAX_HAND_SIZE
        chosen = list(value)   # ids in the hand, each once (rules/choices.py `Discard`)
        if len(chosen) != excess:
            raise IllegalAction(f"discard exactly {excess} card(s), not {len(chosen)}", "514.1")
        for oid in chosen:
            ctx.move(oid, "graveyard", "discarded", "514.1", self.cause)
        return []


