"""Re-simulation: do the stored decisions still play the same under the current rules?

`resimulate(store, game_id, pool)` takes the game's starting position from the log (its
set-up batch, the events up to the first player decision), then re-decides every stored
decision with `decide` — the pure rules function of this build — and compares the events
it makes now with the events stored then, field by field (type, payload, cause, decision,
rule). The first difference is reported as ``seq N: stored ... vs now ...``; a decision the
rules now refuse is reported with the rules' reason.

A stored decision event names the decision (who passed, played, cast or activated what,
with which targets and X, or answered what); the details a recorded action may add are
recovered from the decision's own stored events: the mana paid (`ManaSpent`), the
permanents sacrificed as a cost, the colors chosen for "any color" mana (`ManaProduced`).
Each plausible reading is tried and the one that reproduces the stored events is kept, so a
game re-simulates cleanly exactly when some decision the current rules accept makes the same
events.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.game import events as ev
from simulator.cards.model import Cards
from simulator.store.decoding import decode_stored
from simulator.base.errors import IllegalAction, NotFound
from simulator.rules import ActivateAbility, CastSpell, Choose, Decision, PassPriority, PlayLand, decide
from simulator.game.state import GameState, project
from simulator.store import EventStore
from simulator.base.symbols import mana_letters

__all__ = ["Divergence", "resimulate", "resimulate_text"]

_COLORS = ("W", "U", "B", "R", "G", "C")


@dataclass(frozen=True)
class Divergence:
    """The first place where the current rules disagree with the stored log."""

    game_id: str
    seq: int
    stored: str
    now: str

    def __str__(self) -> str:
        return f"game {self.game_id} seq {self.seq}: stored {self.stored} vs now {self.now}"


def _candidates(batch: list[ev.Envelope]) -> list[Decision]:
    """The decisions the stored decision event can stand for, most literal first."""
    e = batch[0].event
    rest = [b.event for b in batch[1:]]
    if isinstance(e, ev.PriorityPassed):
        return [PassPriority(e.player)]
    if isinstance(e, ev.LandPlayed):
        return [PlayLand(e.player, e.object_id), PlayLand(e.player, e.card)]
    if isinstance(e, ev.ChoiceMade):
        answer = list(e.answer) if isinstance(e.answer, tuple) else e.answer
        return [Choose(e.player, answer)]
    if isinstance(e, ev.SpellCast):
        paid = "".join(mana_letters(r.mana) for r in rest if isinstance(r, ev.ManaSpent) and r.player == e.player)
        restricted = "".join(str(u["type"]) * int(u["amount"]) for r in rest
                             if isinstance(r, ev.ManaSpent) and r.player == e.player for u in r.units or ())
        # what paid its additional and alternative costs (601.2h): caused by the casting itself
        cast_sacrificed = tuple(r.event.object_id for r in batch[1:] if isinstance(r.event, ev.ZoneChanged)
                                and r.cause_seq == batch[0].seq and r.event.reason == "sacrificed")
        cast_returned = tuple(r.event.object_id for r in batch[1:] if isinstance(r.event, ev.ZoneChanged)
                              and r.cause_seq == batch[0].seq and r.event.reason == "returned"
                              and r.rule == "601.2h")
        out: list[Decision] = []
        for card in (e.object_id, e.card):
            for pay in (None, paid or None):
                for pay_with in _pay_with_readings(batch):
                    for pay_restricted in (None, restricted):
                        out.append(CastSpell(e.player, card, e.x, pay, tuple(e.targets), pay_with, pay_restricted,
                                             e.kicked, cast_sacrificed, e.alternative, cast_returned,
                                             e.modes[0] if e.modes else 0))
        return list(dict.fromkeys(out))
    if isinstance(e, ev.AbilityActivated):
        sacrificed = tuple(r.object_id for r in rest if isinstance(r, ev.ZoneChanged)
                           and r.reason == "sacrificed" and r.from_zone == "battlefield")
        produced = "".join(mana_letters(r.mana) for r in rest
                           if isinstance(r, ev.ManaProduced) and r.source == e.source)
        manas: list[str | None] = [None, produced or None, *_COLORS]
        if any(isinstance(r.event, ev.AbilityActivated) for r in batch[1:]):
            # pay_with (602.2b): what the activation itself sacrificed is what it caused
            sacrificed = tuple(r.event.object_id for r in batch[1:] if isinstance(r.event, ev.ZoneChanged)
                               and r.cause_seq == batch[0].seq and r.event.reason == "sacrificed"
                               and r.event.from_zone == "battlefield")
        restricted = "".join(str(u["type"]) * int(u["amount"]) for r in batch[1:]
                             if isinstance(r.event, ev.ManaSpent) and r.cause_seq == batch[0].seq
                             for u in r.event.units or ())
        tapped = tuple(r.event.object_id for r in batch[1:] if isinstance(r.event, ev.PermanentTapped)
                       and r.cause_seq == batch[0].seq and r.rule == "602.2h")   # not the {T} (107.5)
        discarded = tuple(r.event.object_id for r in batch[1:] if isinstance(r.event, ev.ZoneChanged)
                          and r.cause_seq == batch[0].seq and r.event.reason == "discarded"
                          and r.event.object_id != e.source)
        # "Remove a counter from this creature" (any kinds): the kinds removed, or none named
        kinds = tuple(r.event.counter for r in batch[1:] if isinstance(r.event, ev.CountersPaid)
                      and r.cause_seq == batch[0].seq and r.event.object_id == e.source and r.rule == "602.2h"
                      for _ in range(r.event.amount))
        out = []
        for sac in dict.fromkeys(((), sacrificed)):
            for mana in dict.fromkeys(manas):
                for pay_with in _pay_with_readings(batch):
                    for pay_restricted in (None, restricted):
                        # "Discard your hand" (701.9a) discards with no `discard` choice
                        for disc in dict.fromkeys((discarded, ())):
                            for named in dict.fromkeys(((), kinds)):
                                out.append(ActivateAbility(e.player, e.source, e.number, sac, mana, tuple(e.targets),
                                                           pay_with, pay_restricted, e.x or None, tapped, disc,
                                                           named))
        return list(dict.fromkeys(out))
    return []


def _pay_with_readings(batch: list[ev.Envelope]) -> list[tuple[ActivateAbility, ...]]:
    """`pay_with` as the decision's own mana-ability activations show it (601.2g): each with what
    it sacrificed, once without and once with the mana it made as its `mana` answer."""
    head = batch[0]
    inner = [i for i, r in enumerate(batch) if i and isinstance(r.event, ev.AbilityActivated)
             and r.cause_seq == head.seq]
    if not inner:
        return [()]
    plain, told, own = [], [], []
    for n, i in enumerate(inner):
        a: Any = batch[i].event
        end = inner[n + 1] if n + 1 < len(inner) else len(batch)
        # what this activation caused: the outer cost's own sacrifice ("Sacrifice this land", paid
        # after the mana abilities, 601.2h) follows the last of them but is not theirs
        part = [r.event for r in batch[i + 1:end] if r.cause_seq == batch[i].seq]
        sac = tuple(r.object_id for r in part if isinstance(r, ev.ZoneChanged) and r.reason == "sacrificed"
                    and r.from_zone == "battlefield" and r.object_id != a.source)   # not "Sacrifice this"
        made = "".join(mana_letters(r.mana) for r in part if isinstance(r, ev.ManaProduced) and r.source == a.source)
        tapped = tuple(r.event.object_id for r in batch[i + 1:end] if isinstance(r.event, ev.PermanentTapped)
                       and r.cause_seq == batch[i].seq and r.rule == "602.2h")
        discarded = tuple(r.event.object_id for r in batch[i + 1:end] if isinstance(r.event, ev.ZoneChanged)
                          and r.cause_seq == batch[i].seq and r.event.reason == "discarded")
        plain.append(ActivateAbility(a.player, a.source, a.number, sac, None, tuple(a.targets), x=a.x or None,
                                     tap=tapped, discard=discarded))
        # "Sacrifice a Goblin" paid with the source itself: then it is the choice
        with_self = tuple(r.object_id for r in part if isinstance(r, ev.ZoneChanged) and r.reason == "sacrificed"
                          and r.from_zone == "battlefield")
        own.append(ActivateAbility(a.player, a.source, a.number, with_self, made or None, tuple(a.targets),
                                   x=a.x or None, tap=tapped, discard=discarded))
        told.append(ActivateAbility(a.player, a.source, a.number, sac, made or None, tuple(a.targets),
                                    x=a.x or None, tap=tapped, discard=discarded))
    return list(dict.fromkeys([tuple(plain), tuple(told), tuple(own)]))


#: Payload fields that are the engine's internal encoding or words, not game facts: a pending
#: choice's `agenda` (how resolution continues once answered) may be spelled differently by
#: another build (frame names moved to a registry), and its `prompt` worded differently ("a
#: Eldrazi card" became "an Eldrazi card"), while the game is the same.
INTERNAL_FIELDS = {"ChoiceRequested": ("agenda", "prompt")}


def _key(env: ev.Envelope, now: ev.Envelope | None = None) -> tuple[int, str, dict[str, Any], int | None, int | None, str | None]:
    """What is compared of a stored event (`now`: the event made now in its place, which may
    complete what an old version did not record, `events.completed_by`)."""
    event = env.event if now is None else ev.completed_by(env.event, now.event)
    payload = event.payload()
    for name in INTERNAL_FIELDS.get(env.type, ()):
        payload.pop(name, None)
    # the rule in the current numbering (game/citations.py): a log an older build wrote cites
    # 701.7a for a destruction the rules now cite as 701.8a, and that is the same game
    return (env.seq, env.type, payload, env.cause_seq, env.decision_seq, env.cited)


def _show(env: ev.Envelope | None) -> str:
    if env is None:
        return "nothing"
    return f"{env.type} {env.event.payload()} (rule {env.rule}, cause {env.cause_seq})"


def _first_difference(stored: list[ev.Envelope], now: list[ev.Envelope]) -> tuple[int, str, str]:
    for i in range(max(len(stored), len(now))):
        s = stored[i] if i < len(stored) else None
        n = now[i] if i < len(now) else None
        if s is None or n is None or _key(s, n) != _key(n):
            either = s or n
            assert either is not None   # i < the longer list's length
            return either.seq, _show(s), _show(n)
    raise AssertionError("no difference")  # pragma: no cover - callers compare first


def resimulate(store: EventStore, game_id: str, pool: Cards) -> Divergence | None:
    """None when every stored decision, re-decided now, makes exactly the stored events."""
    envs = [decode_stored(r) for r in store.read(game_id)]
    batches = list(ev.decision_batches(envs))
    if not batches:
        return None
    state = project(batches[0], GameState(game_id=game_id))   # the starting position, as stored
    for batch in batches[1:]:
        first_now: list[ev.Envelope] | None = None
        refused: IllegalAction | None = None
        matched = None
        for decision in _candidates(batch):
            try:
                after, out = decide(state, decision, pool)
            except IllegalAction as e:
                refused = refused or e
                continue
            except KeyError as e:   # a card of the game that the pool does not have
                raise NotFound(f"game {game_id} seq {batch[0].seq}: cannot re-decide without card "
                               f"{e.args[0]!r} (give its card file with --cards FILE)") from None
            if len(out) == len(batch) and all(_key(s, n) == _key(n) for s, n in zip(batch, out)):
                matched = after
                break
            if first_now is None:
                first_now = out
        if matched is None:
            head = batch[0]
            if first_now is not None:
                seq, stored, now = _first_difference(batch, first_now)
                return Divergence(game_id, seq, stored, now)
            why = f"refused: {refused}" if refused else "no decision of this build makes such an event"
            return Divergence(game_id, head.seq, _show(head), why)
        state = matched
    return None


def resimulate_text(store: EventStore, game_id: str, pool: Cards) -> list[str]:
    """`verify --resimulate`: [] or one line naming the first divergence."""
    found = resimulate(store, game_id, pool)
    return [] if found is None else [str(found)]
