"""A game in play: its state, its log so far, and `apply(decision)`.

`Game` is the library's front door. It keeps the current state and the
events made so far; `apply` runs `decide` and either returns the new events
(state advanced) or raises `IllegalAction` with nothing changed. Persisting
is the caller's job (see `session/recorder.py`), one batch per decision.
"""
from __future__ import annotations

import uuid
from typing import Any, Iterable, Iterator, Sequence, overload

from simulator.game import events as ev
from simulator.base.bulk import bulk_allocation
from simulator.cards.model import Cards
from simulator.base.errors import IllegalAction
from simulator.formats.recorded import RecordedGame
from simulator.rules import Decision, decide
from simulator.rules.context import Ctx
from simulator.rules.actions import untap_step
from simulator.rules.priority import EndStep, PriorityFlow
from simulator.rules.support import check_cards
from simulator.game.state import STATE_VERSION, GameState, project


class EventWindow(Sequence[ev.Envelope]):
    """A game's events as a list that may forget the ones already kept elsewhere (a replay
    into a store: the log is there, and holding a million events in memory is what made
    `simulator replay`'s memory grow with the game). Indexes stay those of the whole log:
    `len` counts every event, `window[i]` and `window[i:]` answer for events not forgotten
    (IndexError for one that is)."""

    def __init__(self) -> None:
        self._held: list[ev.Envelope] = []
        self._dropped = 0   # events forgotten, all before the held ones

    def __len__(self) -> int:
        return self._dropped + len(self._held)

    @overload
    def __getitem__(self, index: int) -> ev.Envelope: ...
    @overload
    def __getitem__(self, index: slice) -> list[ev.Envelope]: ...

    def __getitem__(self, index: int | slice) -> ev.Envelope | list[ev.Envelope]:
        n = len(self)
        if isinstance(index, slice):
            start, stop, step = index.indices(n)
            if step != 1 or (start < self._dropped and start < stop):
                raise IndexError(f"events before #{self._dropped + 1} are forgotten")
            return self._held[max(start - self._dropped, 0):max(stop - self._dropped, 0)]
        i = index + n if index < 0 else index
        if not self._dropped <= i < n:
            raise IndexError(f"event index {index} is not held (held: {self._dropped}..{n - 1})")
        return self._held[i - self._dropped]

    def __iter__(self) -> Iterator[ev.Envelope]:
        if self._dropped:
            raise IndexError(f"events before #{self._dropped + 1} are forgotten")
        return iter(self._held)

    def append(self, env: ev.Envelope) -> None:
        self._held.append(env)

    def extend(self, envs: Iterable[ev.Envelope]) -> None:
        self._held.extend(envs)

    def forget(self) -> None:
        """Let go of every event held so far (they are counted still)."""
        self._dropped += len(self._held)
        self._held = []


class Game:
    """A game: pool of cards, current state, and the events in its log (`keep_events` False:
    an `EventWindow` the caller lets forget what it has stored)."""

    def __init__(self, pool: Cards, game_id: str | None = None, keep_events: bool = True) -> None:
        check_cards(pool)   # an unsupported card is refused here, never an illegal action later
        self.pool = pool
        self.state = GameState(game_id=game_id or uuid.uuid4().hex)
        self.events: list[ev.Envelope] | EventWindow = [] if keep_events else EventWindow()

    @property
    def game_id(self) -> str:
        return self.state.game_id

    def setup(self, recorded: RecordedGame, source: dict[str, Any] | None = None) -> list[ev.Envelope]:
        """The starting position as events (`GameCreated`, `CardPlaced`, ...). `source`: the
        recorded file and card files to keep in the log (`simulator.session.sources.source_payload`)."""
        with bulk_allocation():
            return self._setup(recorded, source)

    def _setup(self, recorded: RecordedGame, source: dict[str, Any] | None = None) -> list[ev.Envelope]:
        ctx = Ctx(self.state, self.pool)
        start = recorded.start
        ctx.emit(ev.GameCreated(title=recorded.title, players=tuple(p.name for p in recorded.players),
                              life=tuple(p.life for p in recorded.players), turn=start.turn,
                              active=start.active, step=start.step, seed=recorded.seed, source=source,
                              state_version=STATE_VERSION),
               "103.1")   # 103: starting the game (here: from the recorded starting position)
        created = ctx.out[0].seq
        # Handles first, so engine-chosen ids never take a handle's name.
        handles = {perm.id for p in recorded.players for perm in p.battlefield if perm.id}
        handles |= {h for p in recorded.players for _, _, h in p.handles}
        taken = set(handles)

        def new_id(card: str) -> str:
            oid = ctx.new_id(card)
            n = int(oid.rsplit("-", 1)[1])
            stem = oid.rsplit("-", 1)[0]
            while oid in taken:
                n += 1
                oid = f"{stem}-{n}"
            taken.add(oid)
            return oid

        for p in recorded.players:
            for perm in p.battlefield:
                oid = perm.id or new_id(perm.card)
                taken.add(oid)
                ctx.emit(ev.CardPlaced(object_id=oid, card=perm.card, owner=p.name, zone="battlefield",
                                     controller=p.name, tapped=perm.tapped, sick=perm.sick,
                                     counters=dict(perm.counters), attached_to=perm.attached,
                                     is_token=self.pool.is_token(perm.card),
                                     chosen_color=dict(perm.chosen).get("color"),
                                     chosen_creature_type=dict(perm.chosen).get("creature_type"),
                                     chosen_land_type=dict(perm.chosen).get("land_type")),
                         "110.1", created)
                for card in perm.exiled:
                    ctx.emit(ev.CardPlaced(object_id=new_id(card), card=card, owner=p.name, zone="exile",
                                         exiled_with=oid), "607.2a", created)
        for p in recorded.players:
            for zone in ("library", "hand", "graveyard", "exile"):
                for i, card in enumerate(getattr(p, zone)):
                    handle = p.handle(zone, i)
                    ctx.emit(ev.CardPlaced(object_id=handle or new_id(card), card=card, owner=p.name,
                                         zone=zone, handle=handle is not None), "400.1", created)
        for p in recorded.players:
            if p.mana_pool:      # mana already in the pool at the start (a puzzle, an export --at)
                ctx.emit(ev.ManaAdded(player=p.name, mana=dict(p.mana_pool)), "106.4", created)
        if start.step == "untap":
            untap_step(ctx, created)
            ctx.run([EndStep(created)])
        elif start.step == "cleanup":
            ctx.run([EndStep(created)])
        else:
            ctx.run([PriorityFlow(start.active, "117.3a", created)])
        self.state = ctx.state
        self.events.extend(ctx.out)
        return ctx.out

    def apply(self, decision: Decision) -> list[ev.Envelope]:
        """Apply one decision; returns its events. On IllegalAction nothing changes."""
        state, out = decide(self.state, decision, self.pool)
        self.state = state
        self.events.extend(out)
        return out


def load_game(pool: Cards, envelopes: Iterable[ev.Envelope], game_id: str) -> Game:
    """A Game rebuilt from a stored log, ready for more decisions."""
    game = Game(pool, game_id)
    game.state = project(envelopes, game.state, visit=lambda env, _: game.events.append(env))
    return game


__all__ = ["EventWindow", "Game", "load_game", "IllegalAction"]
