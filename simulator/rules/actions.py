"""Keyword actions and moves every part of the rules uses: a permanent enters the battlefield
(with its "as/enters" replacement effects, 614.1c), sacrifice (701.21a), draw (121.1), untap (502.3).

Below them all in the one-way layout: activation, casting, effects, resolution and
priority import this module; it imports only the decision context, the pending choices and
the model.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable

from simulator.game import events as ev
from simulator.cards import model as m
from simulator.game.conditions import holds
from simulator.game.counts import count_of
from simulator.game.layers import AbilityRef, Characteristics, all_characteristics, entering_characteristics
from simulator.base.errors import IllegalAction
from simulator.game.layers import chosen_value   # pool-miscb
from simulator.game.quantities import quantity   # pool-miscb
from simulator.game.state import ADDED_LATER, GameObject, GameState
from simulator.rules import choices as ch
from simulator.rules.choices import Choice
from simulator.rules.context import Ctx, Frame, Pause


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
    color: str = field(default="", metadata=ADDED_LATER)   # "As ... enters, choose a color" (614.12)
    creature_type: str = field(default="", metadata=ADDED_LATER)   # "... choose a creature type" (614.12)
    land_type: str = field(default="", metadata=ADDED_LATER)   # "... choose a basic land type" (614.12)
    tapped: bool = field(default=False, metadata=ADDED_LATER)   # "put it onto the battlefield tapped" (701.23a)
    # "As this land enters, you may reveal an Island or Swamp card from your hand." (614.12): the
    # card revealed; `reveal_answered`: the question was answered (with none revealed: "")
    revealed: str = field(default="", metadata=ADDED_LATER)
    reveal_answered: bool = field(default=False, metadata=ADDED_LATER)
    # "If this land would enter, sacrifice a Forest instead." (614.1a): the permanent chosen
    sacrificed: str = field(default="", metadata=ADDED_LATER)
    # "enters with your choice of a flying counter or a first strike counter on it" (614.12): the kind
    counter_kind: str = field(default="", metadata=ADDED_LATER)

    def _question(self, ctx: Ctx) -> Choice | None:
        """The "as it enters" choice still to make, or None. 614.12: asked only if the permanent
        as it would exist on the battlefield has the ability."""
        chars = entering_characteristics(ctx.state, self.object_id, self.controller, ctx.cards,
                                         self.attached_to)
        for ref in chars.replacements(m.EntersIfSacrifice):
            eff = ref.ability.effect
            options = sacrifice_instead_candidates(ctx, eff, self.controller)
            chosen = [c for c in self.sacrificed.split(",") if c] if self.sacrificed else []
            if len(chosen) < eff.amount and len(options) > eff.amount:
                left = [o for o in options if o not in chosen]
                which = "" if eff.amount == 1 else f" (one of them, {len(chosen) + 1} of {eff.amount})"
                return ch.Sacrifice(self.controller, tuple(left),
                                    f"{self.controller}: sacrifice {eff.describe()}{which} (its id) "
                                    f"for {chars.name} to enter the battlefield")
        for ref in chars.replacements(m.EntersTappedUnlessPayLife):
            life = ref.ability.effect.life
            if ref.ability.effect.after_choices:      # asked after the choices (Multiversal Passage)
                continue
            if not self.pay_life and ctx.state.players[self.controller].life >= life:
                return ch.PayLife.ask(self.controller, chars.name, life)
        for ref in chars.replacements(m.EntersTappedUnlessReveal):
            options = reveal_candidates(ctx, ref.ability.effect, self.controller, self.object_id)
            if not self.reveal_answered and options:
                return ch.Reveal.ask(self.controller, options, ref.ability.effect.describe(), chars.name)
        for kind, (choice, answered) in AS_ENTERS_CHOICES.items():
            refs = chars.replacements(kind)
            if not getattr(self, answered) and refs:
                return choice.as_enters(self.controller, chars.name, refs[0].ability.effect)
        for ref in chars.replacements(m.EntersTappedUnlessPayLife):
            life = ref.ability.effect.life
            if ref.ability.effect.after_choices and not self.pay_life and ctx.state.players[self.controller].life >= life:
                return ch.PayLife.ask(self.controller, chars.name, life)
        return None

    def ask(self, ctx: Ctx) -> Choice | None:
        """The choice it would stop for now (None: it enters at once)."""
        return self._question(ctx)

    def run(self, ctx: Ctx) -> list[Frame]:
        question = self._question(ctx)
        if question is not None:
            rule = {ch.PayLife: "614.1c", ch.Sacrifice: "614.1a"}.get(type(question), "614.12")
            raise Pause(question, self, rule, self.cause)
        enter_battlefield(ctx, self.object_id, self.controller, self.cause, self.rule_no, self.reason,
                          self.x, self.attached_to, self.pay_life == "pay", self.color or None,
                          self.creature_type or None, tapped=self.tapped, revealed=self.revealed or None,
                          sacrificed=self.sacrificed or None, land_type=self.land_type.capitalize() or None,
                          counter_kind=self.counter_kind or None)
        return []

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: as the question's kind parsed it (a color letter, a creature type, or "pay" /
        "tapped"); kept in the field of this frame its kind names in `AS_ENTERS_CHOICES`."""
        question = self._question(ctx)
        if isinstance(question, ch.Sacrifice):
            if not value:      # imperative: one of them must be sacrificed (101.3: "If you don't" is for none)
                raise IllegalAction(f"{player} must sacrifice one of {', '.join(question.options)} "
                                    f"for it to enter (it is not optional)", "614.1a")
            # "two untapped lands": each answer names one more (kept joined by ",")
            so_far = self.sacrificed + "," if self.sacrificed else ""
            return [dataclasses.replace(self, sacrificed=so_far + str(value[0]))]
        if isinstance(question, ch.Reveal):
            if value and value[0] not in question.options:
                raise IllegalAction(f"choose one of {', '.join(question.options)}, or []", "614.12")
            return [dataclasses.replace(self, revealed=str(value[0]) if value else "", reveal_answered=True)]
        for choice, answered in AS_ENTERS_CHOICES.values():
            if isinstance(question, choice):
                return [dataclasses.replace(self, **{answered: value})]
        return [dataclasses.replace(self, pay_life=value)]


def sacrifice_instead_candidates(ctx: Ctx, eff: m.EntersIfSacrifice, controller: str) -> list[str]:
    """The permanents `controller` could sacrifice for "If this land would enter, sacrifice a
    Forest instead." (their characteristics now, 613), in battlefield order."""
    chars = all_characteristics(ctx.state, ctx.cards)
    return [oid for oid in ctx.state.battlefield
            if ctx.state.objects[oid].controller == controller and oid in chars
            and all(t in chars[oid].types for t in eff.types) and all(t in chars[oid].subtypes for t in eff.subtypes)
            and not (eff.untapped and ctx.state.objects[oid].tapped)]


def _sacrificed_instead(ctx: Ctx, chars: Characteristics, o: GameObject, controller: str, sacrificed: str | None,
                        cause: int | None) -> str | None:
    """614.1a: "If this land would enter, sacrifice a Forest instead. If you do, put this land onto
    the battlefield. If you don't, put it into its owner's graveyard.": the permanent sacrificed
    (the one chosen, or the only one that fits) and None; none fits: it goes to its owner's
    graveyard instead (its id there)."""
    for ref in chars.replacements(m.EntersIfSacrifice):
        options = sacrifice_instead_candidates(ctx, ref.ability.effect, controller)
        if ref.ability.effect.amount > 1:
            return _sacrificed_several_instead(ctx, ref, o, options, sacrificed, cause)
        chosen = sacrificed if sacrificed in options else (options[0] if len(options) == 1 else None)
        if not options:
            ctx.emit(ev.ReplacementApplied(source=o.id, source_card=o.card, effect=ref.text, applies_to="enter",
                                           before={"zone": "battlefield"}, after={"zone": "graveyard"}),
                     "614.1a", cause)
            return ctx.move(o.id, "graveyard", "put into its owner's graveyard instead", "614.1a", cause)
        if chosen is None:
            raise IllegalAction(f"sacrifice one of {', '.join(options)} for {o.card} to enter", "614.1a")
        rseq = ctx.emit(ev.ReplacementApplied(source=o.id, source_card=o.card, effect=ref.text, applies_to="enter",
                                              before={"sacrificed": None}, after={"sacrificed": chosen}),
                        "614.1a", cause)
        sacrifice_permanent(ctx, chosen, rseq)
    return None


def _sacrificed_several_instead(ctx: Ctx, ref: AbilityRef, o: GameObject, options: list[str], sacrificed: str | None,
                                cause: int | None) -> str | None:
    """614.1a: "If this land would enter, sacrifice two untapped lands instead. If you do, put this
    land onto the battlefield. If you don't, put it into its owner's graveyard." (Lotus Vale): with
    fewer than two that fit none is sacrificed and it goes to the graveyard; with exactly two both
    are; with more, the two chosen."""
    eff = ref.ability.effect
    if len(options) < eff.amount:
        ctx.emit(ev.ReplacementApplied(source=o.id, source_card=o.card, effect=ref.text, applies_to="enter",
                                       before={"zone": "battlefield"}, after={"zone": "graveyard"}),
                 "614.1a", cause)
        return ctx.move(o.id, "graveyard", "put into its owner's graveyard instead", "614.1a", cause)
    chosen = options if len(options) == eff.amount else [c for c in (sacrificed or "").split(",") if c in options]
    if len(set(chosen)) != eff.amount:
        raise IllegalAction(f"sacrifice {eff.describe()} among {', '.join(options)} for {o.card} to enter", "614.1a")
    rseq = ctx.emit(ev.ReplacementApplied(source=o.id, source_card=o.card, effect=ref.text, applies_to="enter",
                                          before={"sacrificed": None}, after={"sacrificed": list(chosen)}),
                    "614.1a", cause)
    for victim in chosen:
        sacrifice_permanent(ctx, victim, rseq)
    return None


def reveal_candidates(ctx: Ctx, eff: m.EntersTappedUnlessReveal, controller: str, entering: str) -> list[str]:
    """The cards of `controller`'s hand that "you may reveal" (a card in a hand has its printed
    characteristics); never the entering card itself."""
    hand = ctx.state.players[controller].hand
    return [oid for oid in hand if oid != entering
            and any(s in ctx.cards.get(ctx.state.objects[oid].card).subtypes for s in eff.subtypes_any)]


@dataclass
class Entering:
    """How a permanent will enter, as its enters-replacement effects modify it (614.1c)."""

    tapped: bool = False
    counters: list[tuple[str, int, int]] = field(default_factory=list)   # (kind, n, seq of the replacement)
    put_tapped: bool = False     # the effect putting it onto the battlefield puts it there tapped
    revealed: str | None = None  # the card revealed for "you may reveal ... If you don't, ... tapped"
    counter_kind: str | None = None   # the kind chosen for "enters with your choice of a ... counter or ..."
    keywords: list[tuple[tuple[str, ...], int]] = field(default_factory=list)   # "... and with haste" (seq)
    # "... and as a Mutant in addition to its other types" (Master Biomancer): (subtypes, seq, source, its card)
    subtypes: list[tuple[tuple[str, ...], int, str, str]] = field(default_factory=list)


def _enters_with_counters(ctx: Ctx, ref: AbilityRef, o: GameObject, how: Entering, x: int,
                          controller: str, paid_life: bool, cause: int) -> None:
    eff = ref.ability.effect
    n = x if eff.amount == "X" else int(eff.amount)
    rseq = ctx.emit(ev.ReplacementApplied(source=o.id, source_card=o.card, effect=ref.text, applies_to="enter",
                                          before={"counters": {}}, after={"counters": {eff.counter: n}, "x": x}),
                    "614.1c", cause)
    how.counters.append((eff.counter, n, rseq))
    if eff.tapped and not how.tapped:
        how.tapped = True
        ctx.emit(ev.ReplacementApplied(source=o.id, source_card=o.card, effect=ref.text, applies_to="enter",
                                       before={"tapped": False}, after={"tapped": True}), "614.1d", cause)


def _enters_with_counter_of_choice(ctx: Ctx, ref: AbilityRef, o: GameObject, how: Entering, x: int,
                                   controller: str, paid_life: bool, cause: int) -> None:
    """614.1c: one counter of the kind chosen as it entered (614.12; the frame asked for it)."""
    kind = how.counter_kind
    if kind is None or kind not in ref.ability.effect.kinds:
        raise IllegalAction(f"{o.card} enters with one of {' or '.join(ref.ability.effect.kinds)} counter: "
                            f"none was chosen", "614.12")
    rseq = ctx.emit(ev.ReplacementApplied(source=o.id, source_card=o.card, effect=ref.text, applies_to="enter",
                                          before={"counters": {}}, after={"counters": {kind: 1}}), "614.1c", cause)
    how.counters.append((kind, 1, rseq))


def _enters_with_counted_counters(ctx: Ctx, ref: AbilityRef, o: GameObject, how: Entering, x: int,
                                  controller: str, paid_life: bool, cause: int) -> None:
    """614.1c: "enters with a +1/+1 counter on it for each ..." / "... where X is ..." / "... if
    <condition>" / "If this creature was kicked, it enters with ...": the count and the condition
    are read as it would enter (game/counts.py, game/conditions.py); kicked and colors spent are
    those of the spell it was (702.33d, 601.2h). A condition that is false: no replacement."""
    eff: m.EntersWithCountedCounters = ref.ability.effect
    item = ctx.state.stack_item(o.id)
    if eff.kicked and not (item is not None and item.kicked):
        return
    if eff.condition is not None and not holds(ctx.state, ctx.cards, eff.condition, you=controller, source=o.id):
        return
    n = eff.per * (count_of(ctx.state, ctx.cards, eff.count, you=controller, source=o.id) if eff.count else 1)
    after: dict[str, Any] = {"counters": {eff.counter: n, **dict(eff.also)}}
    if eff.keywords:
        after["keywords"] = list(eff.keywords)
    rseq = ctx.emit(ev.ReplacementApplied(source=o.id, source_card=o.card, effect=ref.text, applies_to="enter",
                                          before={"counters": {}}, after=after),
                    "614.1c", cause)
    how.counters.append((eff.counter, n, rseq))
    for kind, more in eff.also:
        how.counters.append((kind, more, rseq))
    if eff.keywords:
        how.keywords.append((eff.keywords, rseq))


def _enters_with_x_more(ctx: Ctx, ref: AbilityRef, o: GameObject, how: Entering, x: int,
                        controller: str, paid_life: bool, cause: int) -> None:
    """614.1c, 107.3m: X counters, the X of the spell it was; X of `at_least` or more: X more
    (Apocalypse Hydra)."""
    eff: m.EntersWithXMore = ref.ability.effect
    n = 2 * x if x >= eff.at_least else x
    rseq = ctx.emit(ev.ReplacementApplied(source=o.id, source_card=o.card, effect=ref.text, applies_to="enter",
                                          before={"counters": {}}, after={"counters": {eff.counter: n}}),
                    "614.1c", cause)
    how.counters.append((eff.counter, n, rseq))


def _each_amount(state: GameState, cards: m.Cards, ref: AbilityRef, source: str, card: str,
                 chars: Characteristics, controller: str, is_source: bool) -> int | None:
    """How many counters `source`'s "Each other Warrior creature you control enters with an
    additional +1/+1 counter on it." puts on a permanent of `card` entering with `chars` under
    `controller` (614.12: as it would exist on the battlefield); None: it does not fit. The count
    is read in `state`, as it would enter ("for each Angel you already control": not the entering
    one; "equal to this creature's power": the source's now); "if its mana value is 4 or less"
    (202.3: as printed, X is 0 on the battlefield)."""
    eff: m.EachEntersWithCounters = ref.ability.effect
    src = state.objects[source]
    if not any(sel.matches(zone="battlefield", types=chars.types, subtypes=chars.subtypes, supertypes=chars.supertypes,
                           controller=controller, you=src.controller, related=False, is_source=is_source,
                           colors=chars.colors, chosen=chosen_value(sel, src))
               for sel in eff.what if isinstance(sel, m.Selector)):
        return None
    n = eff.amount
    if eff.per is not None:
        n *= quantity(state, cards, eff.per, source=source, you=src.controller)   # type: ignore[arg-type]
    if eff.mana_value_at_most is not None:
        cost = cards.get(card).mana_cost
        if (cost.mana_value if cost is not None else 0) > eff.mana_value_at_most:
            n = eff.otherwise
    return n


def _each_applied(ctx: Ctx, ref: AbilityRef, source: str, source_card: str, n: int, cause: int | None) -> int:
    eff: m.EachEntersWithCounters = ref.ability.effect
    after: dict[str, Any] = {"counters": {eff.counter: n}}
    if eff.add_subtypes:
        after["subtypes"] = list(eff.add_subtypes)
    return ctx.emit(ev.ReplacementApplied(source=source, source_card=source_card, effect=ref.text, applies_to="enter",
                                          before={"counters": {}}, after=after), "614.1c", cause)


def each_enters_with(ctx: Ctx, ref: AbilityRef, source: str, o: GameObject, chars: Characteristics, how: Entering,
                     controller: str, cause: int | None) -> None:
    """614.1c: `source`'s "Each other ... you control enters with an additional +1/+1 counter on
    it." on the card `o` about to enter (`_each_amount`), its counters kept in `how`."""
    n = _each_amount(ctx.state, ctx.cards, ref, source, o.card, chars, controller, source == o.id)
    if n is None:
        return
    eff: m.EachEntersWithCounters = ref.ability.effect
    src_card = ctx.state.objects[source].card
    rseq = _each_applied(ctx, ref, source, src_card, n, cause)
    how.counters.append((eff.counter, n, rseq))
    if eff.add_subtypes:
        how.subtypes.append((eff.add_subtypes, rseq, source, src_card))


def token_enters_with(ctx: Ctx, before: GameState, token: str, cause: int | None) -> None:
    """614.1c for a token just created (111.1): the "Each other creature you control enters with
    an additional +1/+1 counter on it." effects of the permanents that were on the battlefield
    (`before`), on the token as it is there, counted in `before` ("for each Angel you already
    control": not the token itself); its counters are put on it at once, as `enter_battlefield`
    puts a card's."""
    o = ctx.state.objects[token]
    chars = all_characteristics(ctx.state, ctx.cards).get(token)
    if chars is None:
        return
    board = all_characteristics(before, ctx.cards)
    found: list[tuple[m.EachEntersWithCounters, int, int, str, str]] = []
    for source in board.replacing:
        for ref in board[source].replacements(m.EachEntersWithCounters):
            n = _each_amount(before, ctx.cards, ref, source, o.card, chars, o.controller, False)
            if n is not None:
                card = before.objects[source].card
                found.append((ref.ability.effect, n, _each_applied(ctx, ref, source, card, n, cause), source, card))
    for eff, n, rseq, source, card in found:
        if n:
            ctx.emit(ev.CountersPlaced(object_id=token, counter=eff.counter, amount=n), "614.1c", rseq)
        if eff.add_subtypes:
            ctx.emit(ev.ContinuousEffectCreated(object_id=token, source=source, source_card=card,
                                                subtypes=eff.add_subtypes, until_end_of_turn=False), "614.1c", rseq)


def _each_enters_with_own(ctx: Ctx, ref: AbilityRef, o: GameObject, how: Entering, x: int,
                          controller: str, paid_life: bool, cause: int) -> None:
    """The permanent's own "Each Dragon you control enters with ..." applies to itself too, if it
    fits and the text does not say "other" (614.12: its own replacement effects); "Each other
    ..." never does (109.2). Those of permanents on the battlefield: `enter_battlefield`."""
    chars = entering_characteristics(ctx.state, o.id, controller, ctx.cards)
    each_enters_with(ctx, ref, o.id, o, chars, how, controller, cause)


def _enters_tapped(ctx: Ctx, ref: AbilityRef, o: GameObject, how: Entering, x: int,
                   controller: str, paid_life: bool, cause: int) -> None:
    """614.1d: "enters tapped", or "enters tapped unless <condition>" / "If <condition>, ...
    enters tapped", the condition read now, before the permanent is on the battlefield."""
    eff: m.EntersTapped = ref.ability.effect
    if eff.condition is not None and holds(ctx.state, ctx.cards, eff.condition, you=controller,
                                           source=o.id) == eff.unless:
        return
    if how.tapped:
        return
    how.tapped = True
    ctx.emit(ev.ReplacementApplied(source=o.id, source_card=o.card, effect=ref.text, applies_to="enter",
                                   before={"tapped": False}, after={"tapped": True}), "614.1d", cause)


def _enters_tapped_unless_pay_life(ctx: Ctx, ref: AbilityRef, o: GameObject, how: Entering, x: int,
                                   controller: str, paid_life: bool, cause: int) -> None:
    if paid_life:
        ctx.emit(ev.LifePaid(player=controller, amount=ref.ability.effect.life), "614.1c", cause)
        return
    if how.put_tapped:      # put onto the battlefield tapped anyway: the replacement changes nothing
        return
    how.tapped = True
    ctx.emit(ev.ReplacementApplied(source=o.id, source_card=o.card, effect=ref.text, applies_to="enter",
                                   before={"tapped": False}, after={"tapped": True}), "614.1c", cause)


def _enters_tapped_unless_reveal(ctx: Ctx, ref: AbilityRef, o: GameObject, how: Entering, x: int,
                                 controller: str, paid_life: bool, cause: int) -> None:
    """614.12: the card revealed is shown (CardRevealed); none revealed: it enters tapped (614.1c)."""
    if how.revealed is not None and how.revealed in ctx.state.players[controller].hand:
        card = ctx.state.objects[how.revealed].card
        ctx.emit(ev.CardRevealed(player=controller, object_id=how.revealed, card=card), "614.12", cause)
        return
    if how.tapped:
        return
    if ref.ability.effect.or_control:
        # "... or you control a Dragon": the permanents its controller controls now (613)
        chars = all_characteristics(ctx.state, ctx.cards)
        if any(ctx.state.objects[oid].controller == controller and oid in chars
               and set(ref.ability.effect.or_control) & set(chars[oid].subtypes) for oid in ctx.state.battlefield):
            return
    how.tapped = True
    ctx.emit(ev.ReplacementApplied(source=o.id, source_card=o.card, effect=ref.text, applies_to="enter",
                                   before={"tapped": False}, after={"tapped": True}), "614.1c", cause)


# "As ~ enters, choose ..." (614.12): asked by EnterBattlefield before it enters, by effect type:
# the pending choice kind it asks (its `as_enters(controller, card name, the effect)`), and the field of the
# frame keeping the answer.
# The dispatch of `_question` and `answer`, and read by the load-time check (rules/support.py).
AS_ENTERS_CHOICES: dict[type, tuple[type[ch.Color] | type[ch.CreatureType] | type[ch.LandType] | type[ch.CounterKind],
                                   str]] = {
    m.ChooseColorAsEnters: (ch.Color, "color"),
    m.ChooseCreatureTypeAsEnters: (ch.CreatureType, "creature_type"),
    m.ChooseLandTypeAsEnters: (ch.LandType, "land_type"),
    m.EntersWithCounterOfChoice: (ch.CounterKind, "counter_kind"),
}

# The replacement effects that modify how a permanent enters (614.1c, 614.12), by effect type.
def _applied_before(ctx: Ctx, ref: AbilityRef, o: GameObject, how: Entering, x: int,
                    controller: str, paid_life: bool, cause: int) -> None:
    """Applied by `enter_battlefield` before the others (`_sacrificed_instead`: where it goes)."""


ENTERS_REPLACEMENTS: dict[type, Callable[..., None]] = {
    m.EntersIfSacrifice: _applied_before,
    m.EntersWithCounters: _enters_with_counters,
    m.EntersWithCountedCounters: _enters_with_counted_counters,
    m.EntersTappedUnlessPayLife: _enters_tapped_unless_pay_life,
    m.EntersTapped: _enters_tapped,
    m.EntersTappedUnlessReveal: _enters_tapped_unless_reveal,
    m.EntersWithCounterOfChoice: _enters_with_counter_of_choice,
    m.EntersWithXMore: _enters_with_x_more,
    m.EachEntersWithCounters: _each_enters_with_own,
}


def enter_battlefield(ctx: Ctx, object_id: str, controller: str, cause: int | None, rule: str, reason: str,
                      x: int = 0, attached_to: str | None = None, paid_life: bool = False,
                      color: str | None = None, creature_type: str | None = None, *, tapped: bool = False,
                      revealed: str | None = None, sacrificed: str | None = None,
                      land_type: str | None = None, counter_kind: str | None = None) -> str:
    """Move the object onto the battlefield with its enters-replacement effects applied (614.1c);
    returns the new object's id. `x` is the X of the spell it was (107.3m), else 0; `tapped`:
    the effect putting it there puts it onto the battlefield tapped (an "enters tapped"
    replacement then changes nothing).

    614.12: the effects are those of the permanent as it would exist on the battlefield, with
    the continuous effects that would then apply (a shock land that would be a Mountain under
    Blood Moon has no "pay 2 life" ability: it enters untapped and nobody is asked)."""
    o = ctx.state.objects[object_id]
    chars = entering_characteristics(ctx.state, object_id, controller, ctx.cards, attached_to)
    instead = _sacrificed_instead(ctx, chars, o, controller, sacrificed, cause)
    if instead is not None:
        return instead
    chars = entering_characteristics(ctx.state, object_id, controller, ctx.cards, attached_to)
    how = Entering(tapped=tapped, put_tapped=tapped, revealed=revealed, counter_kind=counter_kind)
    for ref in chars.abilities:
        if isinstance(ref.ability, m.ReplacementAbility) and type(ref.ability.effect) in ENTERS_REPLACEMENTS:
            ENTERS_REPLACEMENTS[type(ref.ability.effect)](ctx, ref, o, how, x, controller, paid_life, cause)
    board = all_characteristics(ctx.state, ctx.cards)
    for source in board.replacing:     # "Each other creature you control enters with ..." (614.1c)
        for ref in board[source].replacements(m.EachEntersWithCounters):
            each_enters_with(ctx, ref, source, o, chars, how, controller, cause)
    new_id = ctx.move(object_id, "battlefield", reason, rule, cause, controller=controller, tapped=how.tapped,
                      attached_to=attached_to, x=x, **({"chosen_color": color} if color else {}),
                      **({"chosen_creature_type": creature_type} if creature_type else {}),
                      **({"chosen_land_type": land_type} if land_type else {}))
    loyalty = ctx.cards.get(o.card).loyalty
    if loyalty and "Planeswalker" in chars.types:   # 306.5b: its printed loyalty, as loyalty counters
        ctx.emit(ev.CountersPlaced(object_id=new_id, counter="loyalty", amount=loyalty), "306.5b", cause)
    for counter, n, rseq in how.counters:
        if n:
            ctx.emit(ev.CountersPlaced(object_id=new_id, counter=counter, amount=n), "107.3m", rseq)
    for keywords, rseq in how.keywords:     # "... and with haste": it has them while it stays (614.1c, 611.2a)
        ctx.emit(ev.ContinuousEffectCreated(object_id=new_id, source=new_id, source_card=o.card,
                                            keywords=keywords, until_end_of_turn=False), "614.1c", rseq)
    for subtypes, rseq, source, source_card in how.subtypes:   # "... and as a Mutant ..." (613.1d, 611.2a)
        ctx.emit(ev.ContinuousEffectCreated(object_id=new_id, source=source, source_card=source_card,
                                            subtypes=subtypes, until_end_of_turn=False), "614.1c", rseq)
    return new_id


def sacrifice_permanent(ctx: Ctx, oid: str, cause: int | None) -> None:
    """701.21a: move it from the battlefield to its owner's graveyard."""
    ctx.move(oid, "graveyard", "sacrificed", "701.21a", cause)


def doesnt_untap(state: GameState, cards: m.Cards, oid: str, chars: Characteristics) -> bool:
    """"<self> doesn't untap during your untap step." (Basalt Monolith, Mana Vault); "... if it
    has a depletion counter on it" (Land Cap: the condition read as the untap step untaps)."""
    return any(ref.ability.effect.condition is None
               or holds(state, cards, ref.ability.effect.condition, you=state.objects[oid].controller, source=oid)
               for ref in chars.statics(m.DoesntUntap))


def untap_step(ctx: Ctx, cause: int | None, stay_tapped: tuple[str, ...] = ()) -> None:
    """502.3: the active player untaps all their permanents, but those with "doesn't untap
    during your untap step" (502.3, 113.6) and those they chose to keep tapped (`stay_tapped`:
    "You may choose not to untap this land during your untap step."); and the other players'
    permanents that "untap during each other player's untap step". A "doesn't untap during its
    controller's next untap step" ends in that step even on a permanent already untapped then: it
    does not wait for a later one (502.3; Frost Titan's ruling)."""
    s = ctx.state
    chars = all_characteristics(s, ctx.cards)
    marked = chars.untap_marks
    tapped = set(chars.tapped)
    for oid in marked:   # the step came: an untapped permanent's skip ends unused (in battlefield order)
        if s.objects[oid].skips_untap_of == s.active and oid not in tapped:
            ctx.emit(ev.UntapSkipped(object_id=oid, player=s.active, was_untapped=True), "502.3", cause)
    for oid in chars.tapped:   # in battlefield order
        o = s.objects[oid]
        if o.skips_untap_of == s.active:      # "doesn't untap during your next untap step": this one
            ctx.emit(ev.UntapSkipped(object_id=oid, player=s.active), "502.3", cause)
            continue
        if oid in stay_tapped:
            ctx.emit(ev.UntapDeclined(object_id=oid, player=s.active), "502.3", cause)
            continue
        if o.controller == s.active and o.tapped and not doesnt_untap(s, ctx.cards, oid, chars[oid]):
            ctx.emit(ev.PermanentUntapped(object_id=oid), "502.3", cause)
        elif o.controller != s.active and o.tapped and untaps_in_others_untap(chars[oid]):
            ctx.emit(ev.PermanentUntapped(object_id=oid), "502.3", cause)
    # "During your next untap step, as you untap your permanents, return this land to its owner's
    # hand." (Undiscovered Paradise): at the same time (502.3), tapped or not
    for oid in [oid for oid in marked if ctx.state.on_battlefield(oid)
                and ctx.state.objects[oid].returns_in_untap_of == s.active]:
        ctx.move(oid, "hand", "returned to its owner's hand", "502.3", cause)


def may_stay_tapped(state: GameState, cards: m.Cards) -> list[str]:
    """The tapped permanents the active player controls that would untap in their untap step and
    that say "You may choose not to untap this land during your untap step." (502.3), in
    battlefield order: the options of the `stay_tapped` choice."""
    chars = all_characteristics(state, cards)
    return [oid for oid in chars.tapped
            if state.objects[oid].controller == state.active and state.objects[oid].tapped
            and state.objects[oid].skips_untap_of != state.active and chars[oid].statics(m.MayNotUntap)
            and not doesnt_untap(state, cards, oid, chars[oid])]


@dataclass(frozen=True)
class UntapStep(Frame):
    """502.3: the untap step's untapping, after the active player chose which of their
    permanents with "You may choose not to untap ..." stay tapped (asked only when there is one)."""

    cause: int | None

    def run(self, ctx: Ctx) -> list[Frame]:
        options = may_stay_tapped(ctx.state, ctx.cards)
        if not options:
            untap_step(ctx, self.cause)
            return []
        raise Pause(ch.StayTapped.ask(ctx.state.active, options), self, "502.3", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: the permanents chosen to stay tapped (rules/choices.py `StayTapped`)."""
        untap_step(ctx, self.cause, tuple(str(v) for v in value))
        return []


def untaps_in_others_untap(chars: Characteristics) -> bool:
    """"Untap this artifact during each other player's untap step." (Bender's Waterskin, Victory
    Chimes): it untaps in the untap step of each player but its controller, as theirs do (502.3)."""
    return bool(chars.statics(m.UntapDuringOthersUntap))


def skip_next_untap(ctx: Ctx, oid: str, player: str, cause: int | None, rule: str = "502.3") -> None:
    """"<self> doesn't untap during your next untap step" (502.3): `player` is the ability's
    controller; nothing happens if the object left the battlefield (it is a new object, 400.7).
    Exerting it (701.43a) is the same."""
    if ctx.state.on_battlefield(oid):
        ctx.emit(ev.UntapSkipScheduled(object_id=oid, player=player), rule, cause)


def return_during_next_untap(ctx: Ctx, oid: str, player: str, cause: int | None) -> None:
    """"During your next untap step, ..., return this land to its owner's hand" (502.3): `player`
    is the ability's controller; nothing happens if the object left the battlefield (400.7)."""
    if ctx.state.on_battlefield(oid) and ctx.state.objects[oid].returns_in_untap_of != player:
        ctx.emit(ev.ReturnInUntapScheduled(object_id=oid, player=player), "502.3", cause)


def draw_cards(ctx: Ctx, player: str, n: int, rule: str, cause: int | None) -> None:
    for _ in range(n):
        lib = ctx.state.players[player].library
        if not lib:
            ctx.emit(ev.DrawFailed(player=player), "121.4", cause)
            continue
        top = ctx.state.objects[lib[0]]
        ctx.emit(ev.CardDrawn(player=player, object_id=top.id, new_id=ctx.new_id(top.card), card=top.card),
               rule, cause)
