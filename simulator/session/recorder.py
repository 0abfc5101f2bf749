"""Replaying recorded games into the event log, and reading games back from it.

`replay_file` validates the whole file first (nothing is written for an
invalid one), then stores the setup events and each decision's events in one
transaction per decision. An illegal decision stops the replay: what was
valid before it stays in the log, the illegal one writes nothing.

Snapshots: whenever a write takes a game's version across `SNAPSHOT_EVERY` × 2^k,
and at the end of a replay, the recorder also saves the live state (a cache beside
the log, see `EventStore.save_snapshot`). `state_from_store` folds from the latest
usable snapshot at or before the wanted seq; `verify` still folds from the
first event and checks every snapshot against that fold.
"""
from __future__ import annotations

import dataclasses
import hashlib
import heapq
import itertools
import re
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, overload

from simulator.session import audit
from simulator.game import events as ev
from simulator.base.bulk import bulk_allocation
from simulator.store.decoding import decode_rows, decode_stored, event_decoder, to_new_event
from simulator.base.errors import (CorruptEvent, IllegalAction, IntegrityError, InvalidInput, NotFound, SimulatorError,
                     StoreError)
from simulator.session.sources import PoolFromLog, builtin_edition, pool_from_source, source_payload
from simulator.session.status import outcome
from simulator.game.state import FoldError, GameState, evolve, fold_rows, project
from simulator.game.codec import (StateDigester, dict_digest, state_digest, state_digest_streamed, state_from_dict,
                                  state_from_text, state_text, state_to_dict)
from simulator.store import EventStore, NewEvent, StoredEvent
from simulator.store.chain import JSONText
from simulator.store.values import parse_payload

if TYPE_CHECKING:   # the engine and the rules are imported where a game is played, not to read one
    from simulator.session.game import EventWindow, Game
    from simulator.cards import CardPool   # and the card pool where a card is read (not by `log`, `why`)
    from simulator.cards.model import Cards
    from simulator.rules import Decision
    from simulator.formats.recorded import Action, RecordedGame   # (its kinds import the rules)

ADVANCE_LIMIT = 2000   # passes; a bound so a malformed game cannot loop forever
SNAPSHOT_EVERY = 200   # first snapshot point; then doubling (Recorder.snapshot_every overrides it)
REPLAY_BATCH = 32      # decisions per transaction while replaying a file (each stays all-or-nothing)



def _warn(message: str, *args: object) -> None:
    """A warning on this module's logger (logging is imported only when there is one to give)."""
    import logging
    logging.getLogger(__name__).warning(message, *args)


@dataclass
class ReplayResult:
    """A replayed recorded game: the game, its file, the illegal action that stopped it (if
    any) and the stored head."""

    game: Game
    recorded: RecordedGame
    error: IllegalAction | None = None
    earlier: tuple[str, ...] = ()    # games already replayed from the same file into this database
    head: tuple[int, str] = (0, "")   # (seq, hash) of the last stored event: keep it elsewhere


def load_pool(card_files: Iterable[str] = (), edition: int | None = None) -> CardPool:
    """The built-in pool (`edition`: of a stored game's; None: the current one) and the files."""
    from simulator.cards import CardPool   # here: `log` and `why` read no card (start-up)
    pool = CardPool.builtin() if edition is None else CardPool.builtin(edition)
    for f in card_files:
        pool = pool.with_file(f)
    return pool


class Recorder:
    """Applies decisions to a game and appends them to the store, whole decisions per
    transaction (`batch` decisions at most; 1: each decision at once), so a replay that is
    killed leaves an exact prefix of the game ending on a decision boundary.

    Snapshots are spaced at doubling intervals: after a write that takes the game's version
    across `snapshot_every` × 2^k (class default `SNAPSHOT_EVERY`; 0 or None: never), the live
    state is saved as a snapshot at the write's last seq; `finish` adds one at the end (the
    latest). Their number grows with the log's logarithm, their total size stays about twice
    the last one's. `spacing="fixed"` takes one at every multiple of `snapshot_every` instead
    (faster `state --at N` anywhere, for a size that grows with the square of the game). The state digest (a hash of the whole state) is computed only for those
    writes and by `finish`, which records it on the game's row; other writes leave it unknown.
    Call `finish` when done (a replay that stops early still has its events)."""

    snapshot_every: int | None = SNAPSHOT_EVERY
    spacing: str = "doubling"

    def __init__(self, game: Game, store: EventStore | None, snapshot_every: int | None = None,
                 batch: int = 1, spacing: str | None = None) -> None:
        self.game = game
        self.store = store
        self.written = 0
        self.batch = max(1, batch)
        self._pending: list[ev.Envelope] = []
        self._decisions = 0
        self.head: tuple[int, str] = (0, "")   # (seq, hash) of the last event appended
        if snapshot_every is not None:
            self.snapshot_every = snapshot_every
        if spacing is not None:
            if spacing not in ("doubling", "fixed"):
                raise ValueError(f"snapshot spacing must be 'doubling' or 'fixed', not {spacing!r}")
            self.spacing = spacing

    def commit(self, envelopes: list[ev.Envelope]) -> None:
        """One decision's events (or the set-up's): written now or with the next batch."""
        if self.store is None or not envelopes:
            return
        self._pending.extend(envelopes)
        self._decisions += 1
        if self._decisions >= self.batch:
            self.flush()

    def flush(self, *, final: bool = False) -> None:
        """Write the pending decisions in one transaction (and a snapshot where one is due)."""
        if self.store is None:
            return
        with bulk_allocation():   # payloads, rows and the snapshot: acyclic, and large at set-up
            self._flush(final)

    def _flush(self, final: bool) -> None:
        assert self.store is not None
        envelopes, self._pending, self._decisions = self._pending, [], 0
        state = self.game.state
        last = envelopes[-1].seq if envelopes else state.version
        expected = envelopes[0].seq - 1 if envelopes else last
        every = self.snapshot_every
        due = bool(every and every > 0 and state.version == last
                   and (_next_snapshot_point(expected, every, self.spacing == "doubling") <= last or (final and last >= every)))
        # The digest is hashed a piece at a time for the write, and the snapshot's text written
        # (from the records, no dict of the state) only once the events are in: a long game's
        # set-up never holds its rows and its snapshot's text at once (issue 25, goal 3). At a
        # snapshot point the state is so hashed twice (`state_text` gives the same digest): one
        # more pass over the objects at each of a log's few snapshot points.
        digest = state_digest_streamed(state) if due or final else None
        if envelopes or digest is not None:
            head = self.store.write(self.game.game_id, _AsRows(envelopes), expected, state_digest=digest)
            if head is not None:
                self.head = head
        self.written += len(envelopes)
        if due and last > 0:
            digest, data = state_text(state)
            try:
                self.store.save_snapshot(self.game.game_id, last, JSONText(data), digest)
            except StoreError as e:   # a cache: the events are committed, the game goes on
                _warn("game %s: snapshot at seq %d not saved: %s", self.game.game_id, last, e)

    def finish(self) -> None:
        """Write what is pending, record the final state's digest and save the latest snapshot."""
        self.flush(final=True)

    def apply(self, decision: Decision) -> list[ev.Envelope]:
        out = self.game.apply(decision)
        self.commit(out)
        return out


class _AsRows(Sequence[NewEvent]):
    """Envelopes as the events the store appends (`to_new_event`), each made as it is read: a
    long write (a long game's set-up, a card placed for each card of its libraries) is taken a
    part at a time (`EventStore.write`), so its 18,000 rows' payloads are never all held at once."""

    def __init__(self, envelopes: list[ev.Envelope]) -> None:
        self._envelopes = envelopes

    def __len__(self) -> int:
        return len(self._envelopes)

    @overload
    def __getitem__(self, i: int) -> NewEvent: ...

    @overload
    def __getitem__(self, i: slice) -> list[NewEvent]: ...

    def __getitem__(self, i: int | slice) -> NewEvent | list[NewEvent]:
        if isinstance(i, slice):
            return [to_new_event(e) for e in self._envelopes[i]]
        return to_new_event(self._envelopes[i])


def _next_snapshot_point(after: int, every: int, doubling: bool) -> int:
    """The first snapshot point above `after`: of every, 2·every, 4·every, ... (doubling)
    or of every, 2·every, 3·every, ... (fixed)."""
    if not doubling:
        return (after // every + 1) * every
    point = every
    while point <= after:
        point *= 2
    return point


def decisions_for(action: Action, game: Game) -> Iterator[Decision]:
    """The decisions one recorded action stands for (`resolve`, `advance` are several passes)."""
    from simulator import rules
    player = action.player or ""   # the loader requires a player for these verbs
    pay_with = tuple(rules.ActivateAbility(player, p.activate, p.ability, p.sacrifice, p.mana, p.targets, x=p.x,
                                           tap=p.tap, discard=p.discard)
                     for p in action.pay_with)
    if action.verb == "activate":
        yield rules.ActivateAbility(player, action.activate or "", action.ability, tuple(action.sacrifice),
                              action.mana, tuple(action.targets), pay_with, action.pay_restricted, action.x,
                              tuple(action.tap), tuple(action.discard), tuple(action.counters))
    elif action.verb == "cast":
        yield rules.CastSpell(player, action.cast or "", action.x, action.pay, tuple(action.targets), pay_with,
                              action.pay_restricted, action.kicked, tuple(action.sacrifice), action.alternative,
                              tuple(action.returned), action.mode)
    elif action.verb == "play":
        yield rules.PlayLand(player, action.play or "")
    elif action.verb == "pass":
        yield rules.PassPriority(player)
    elif action.verb == "choose":
        value = action.choose
        yield rules.Choose(player, list(value) if isinstance(value, tuple) else value)
    elif action.verb == "resolve":
        yield from _resolve(action, game)
    elif action.verb == "advance":
        yield from _advance(action, game)
    else:  # pragma: no cover - the loader admits only the verbs above
        raise ValueError(action.verb)


def _holder(game: Game, action: Action, what: str) -> str:
    s = game.state
    if s.pending is not None:
        raise IllegalAction(f"{s.pending['player']} must first answer the pending {s.pending['kind']} choice",
                            "608.2d", player=action.player or s.pending["player"], what=what)
    from simulator.rules.queries import require_game_on
    try:
        require_game_on(s)
    except IllegalAction as e:
        raise IllegalAction(e.why, e.rule, player=action.player, what=what) from None
    if s.priority is None:
        raise IllegalAction("no player has priority", "117.1", player=action.player, what=what)
    return s.priority


def _resolve(action: Action, game: Game) -> Iterator[Decision]:
    """Every player passes once, from the player with priority, so the top object resolves."""
    from simulator import rules
    holder = _holder(game, action, "resolve the top of the stack")
    if not game.state.stack:
        raise IllegalAction("the stack is empty", "117.4", player=action.player or holder,
                            what="resolve the top of the stack")
    n = len([p for p in game.state.order if not game.state.players[p].lost])
    top = game.state.stack[-1].id
    for _ in range(n):
        s = game.state
        if s.priority is None or s.pending is not None or s.game_over or not s.stack or s.stack[-1].id != top:
            return
        yield rules.PassPriority(s.priority)


def _advance(action: Action, game: Game) -> Iterator[Decision]:
    """Players pass until the named step next begins (this turn or a later one)."""
    from simulator import rules
    _holder(game, action, f"advance to {action.advance}")
    target = action.advance
    seen = len(game.events)
    for _ in range(ADVANCE_LIMIT):
        s = game.state
        if s.priority is None or s.pending is not None or s.game_over:
            return
        yield rules.PassPriority(s.priority)
        events = game.events
        for i in range(seen, len(events)):
            e = events[i].event
            if isinstance(e, ev.StepBegan) and e.step == target:
                return
        seen = len(events)
    raise IllegalAction(f"the {target} step did not begin within {ADVANCE_LIMIT} passes", "500.1",
                        player=action.player, what=f"advance to {target}")


def replay_file(path: str | Path, db: str | None, *, card_files: Iterable[str] = (),
                snapshot_every: int | None = None,
                on_action: Callable[[int], None] | None = None,
                started: Callable[[str], None] | None = None,
                after_action: Callable[[int, Game], None] | None = None,
                keep_events: bool = True) -> ReplayResult:
    """Validate, then replay a recorded game into `db` (None: in memory only).
    `snapshot_every`: events between snapshots (None: `Recorder.snapshot_every`, 0: none);
    `on_action(1)` is called after each recorded action (a progress bar).
    `started(game_id)` is called once the game exists in the store, before any event; the
    game's row says "replaying" until the replay ends (complete, waiting or stopped).
    `after_action(index, game)` is called after each action's decisions are applied.
    `keep_events` False (with a `db`): the game's `events` forget each action's events once it
    is applied (`EventWindow`: they are in the store; `len` still counts them), so a long
    replay does not hold its whole log in memory."""
    card_files = tuple(card_files)
    pool = load_pool(card_files)
    from simulator.formats.recorded import load_recorded_game
    recorded, pool = load_recorded_game(path, pool)
    from simulator.session.game import EventWindow, Game
    game = Game(pool, keep_events=keep_events or db is None)   # refuses cards the rules cannot play before anything is written
    source = source_payload(path, (*card_files, *recorded.card_files), fmt=recorded.format,
                            oracle_cards=pool.oracle_cards(),
                            text=recorded.text, texts=pool.file_text)
    store = EventStore(db) if db is not None else None
    try:
        earlier: tuple[str, ...] = ()
        if store is not None:
            earlier = same_source_games(store, path)
            store.create_game(game.game_id, recorded.title, source=str(path))
        if started is not None:
            started(game.game_id)
        rec = Recorder(game, store, snapshot_every, batch=REPLAY_BATCH)
        rec.commit(game.setup(recorded, source))
        result = ReplayResult(game, recorded, earlier=earlier)
        for action in recorded.actions:
            try:
                for decision in decisions_for(action, game):
                    rec.apply(decision)
                if after_action is not None:
                    after_action(action.index, game)
            except IllegalAction as e:
                what = describe_action(action)
                result.error = e.located(action.index, action.player, what)
                break
            if on_action is not None:
                on_action(1)
            if isinstance(game.events, EventWindow):
                game.events.forget()
        rec.finish()
        if store is not None:
            done = outcome(game.state, result.error)
            store.set_status(game.game_id, done.status, done.action, done.message)
        result.head = rec.head
        return result
    finally:
        if store is not None:
            store.close()


def same_source_games(store: EventStore, path: str | Path) -> tuple[str, ...]:
    """Ids of the games in `store` replayed from the same file (the path as given, or the same
    resolved file): a second replay adds an independent copy, which users should hear about."""
    wanted = Path(path).resolve()
    found = []
    for info in store.games():
        if not info.source:
            continue
        if info.source == str(path) or Path(info.source).resolve() == wanted:
            found.append(info.game_id)
    return tuple(found)


def describe_action(action: Action) -> str:
    """What an action tried, for an illegal-action message ("activate forest-a")."""
    return {"activate": f"activate {action.activate}", "cast": f"cast {action.cast}",
            "play": f"play {action.play}", "pass": "pass priority", "resolve": "resolve the top of the stack",
            "advance": f"advance to {action.advance}", "choose": f"choose {action.choose!r}"}[action.verb]


# --------------------------------------------------------------------------- reading back

def read_envelopes(store: EventStore, game_id: str, upto: int | None = None,
                   after: int = 0) -> Iterator[ev.Envelope]:
    """A game's events with ``after < seq <= upto`` as envelopes, streamed (CorruptEvent, exit 4,
    at the first that does not decode): the fold's columns only, repeated payloads decoded once."""
    return decode_rows(game_id, store.read_rows(game_id, upto, after))


_ESCAPES = re.compile(r"\\[bfu]")   # what may escape a control character or a surrogate in a JSON text


def restore_snapshot(store: EventStore, game_id: str, upto: int | None = None) -> GameState | None:
    """The state of the latest usable snapshot at or before `upto` (None: the latest), or None.

    A snapshot is used only if its stored state still hashes to the digest saved
    with it and it restores (`state_from_dict` accepts it: the same records as
    this build's state, so a snapshot written by a build with other state fields
    is not used); one that does not is skipped in favour of an earlier one.
    Snapshots are a cache: `verify` is what compares them with the log."""
    at = upto
    while True:
        why = "its state does not match its digest"
        state: GameState | None = None
        try:
            with store.latest_snapshot_pieces(game_id, at) as found:
                if found is None:
                    return None
                seq, digest, pieces = found
                # read a slice at a time, parsed an object at a time (issue 25, goal 3) while no
                # slice escapes anything (no control character nor lone surrogate to refuse)
                state = state_from_text(_plain_pieces(pieces))
            matches = state_digest_streamed(state) == digest
        except _NotPlain:   # an escape, DEL or a non-ASCII character: the whole text, the plain way
            text_found = store.latest_snapshot_text(game_id, at)
            if text_found is None:
                return None
            seq, text, digest = text_found
            try:
                data = parse_payload(text)
                matches = dict_digest(data) == digest
                state = state_from_dict(data) if matches else GameState()
            except (ValueError, TypeError, KeyError, AttributeError) as e:
                matches, why = False, f"it does not restore ({e})"
        except (ValueError, TypeError, KeyError, AttributeError) as e:
            matches, why = False, f"it does not restore ({e})"
        if matches and state is not None:
            if state.version == seq and state.game_id == game_id:
                return state
            why = f"it is the state of {state.game_id} after event {state.version}"
        _warn("game %s: snapshot at seq %d skipped: %s", game_id, seq, why)
        if seq <= 1:
            return None
        at = seq - 1


class _NotPlain(Exception):
    """A snapshot's text that escapes something (or is not ASCII): parsed the plain way."""


def _plain_pieces(pieces: Iterator[str]) -> Iterator[str]:
    """`pieces`, raising `_NotPlain` at the first that is not ASCII or holds DEL or an escape
    (one cut between two pieces too)."""
    last = ""
    for piece in pieces:
        if not piece.isascii() or "\x7f" in piece or _ESCAPES.search(last + piece):
            raise _NotPlain
        last = piece[-1:]
        yield piece


def state_from_store(store: EventStore, game_id: str, upto: int | None = None, *,
                     snapshots: bool = True) -> GameState:
    """The state the log describes after event `upto` (all events if None).

    Starts from the latest snapshot at or before `upto` and folds the events after
    it (`snapshots=False`, or no usable snapshot: a fold from the first event).
    Either way the result is the pure fold of the log."""
    start = restore_snapshot(store, game_id, upto) if snapshots else None
    return fold_after(store, game_id, start, upto)


def fold_after(store: EventStore, game_id: str, start: GameState | None, upto: int | None = None) -> GameState:
    """The state after event `upto` (all events if None), folded from `start` (a restored
    snapshot: the events after it; None: from the first event)."""
    decode = event_decoder(game_id)
    if start is None:
        return fold_rows(store.read_rows(game_id, upto), GameState(game_id=game_id), decode, upto)
    return fold_rows(store.read_rows(game_id, upto, after=start.version), start, decode, upto)


def why_from_store(store: EventStore, game_id: str, log: dict[int, ev.Envelope] | None, seq: int) -> dict[str, Any]:
    """`audit.why` for a stored game: the states of the chain's objects are folded from the latest
    usable snapshot at or before the chain's first event (the first event without one), over the
    events from there to `seq` only, streamed. `log`: the chain's events at least (None: read
    by `chain_log`)."""
    if log is None:
        log = chain_log(store, game_id, seq)
    first = min(e.seq for e in audit.chain(log, seq))
    start = restore_snapshot(store, game_id, first)
    after = 0 if start is None else start.version
    return audit.why(log, seq, game_id, start, _read_around(store, game_id, log, after, seq))


def _read_around(store: EventStore, game_id: str, known: dict[int, ev.Envelope], after: int,
                 upto: int) -> Iterator[ev.Envelope]:
    """`read_envelopes(store, game_id, upto, after)`, the events of `known` (already read and
    decoded) taken from it and only the gaps between them read: `why`'s fold starts at the first
    event when there is no snapshot before its chain, and the first event (GameCreated) carries
    the whole recorded file (megabytes in a long game) that `chain_log` has just decoded."""
    at = after
    for seq in sorted(s for s in known if after < s <= upto):
        if seq - 1 > at:
            yield from read_envelopes(store, game_id, upto=seq - 1, after=at)
        yield known[seq]
        at = seq
    if upto > at:
        yield from read_envelopes(store, game_id, upto=upto, after=at)


def names_at(store: EventStore, game_id: str, seq: int) -> audit.Names:
    """The names users see for the objects of a stored game up to event `seq` (one name per
    object: a handled card's handle), from the state folded up to it."""
    return audit.Names.of_state(state_from_store(store, game_id, seq))


def chain_log(store: EventStore, game_id: str, seq: int) -> dict[int, ev.Envelope]:
    """The events of `audit.chain(..., seq)` by seq, each read on its own (not the whole log):
    the event, its cause, the cause's cause... back to the decision ({} if there is no event
    `seq`)."""
    log: dict[int, ev.Envelope] = {}
    at: int | None = seq
    while at is not None and at not in log:
        env = next(read_envelopes(store, game_id, upto=at, after=at - 1), None)
        if env is None or env.seq != at:
            break
        log[at] = env
        at = env.cause_seq
    return log


def game_from_store(store: EventStore, game_id: str, pool: Cards | None = None) -> Game:
    """The stored game, ready for more decisions (`pool` None: the game's own, from its log)."""
    from simulator.session.game import load_game
    if pool is None:
        pool = game_pool(store, game_id).pool
    return load_game(pool, read_envelopes(store, game_id), game_id)


def game_pool(store: EventStore, game_id: str, card_files: Iterable[str] = ()) -> PoolFromLog:
    """The card pool of a stored game, from its log alone: the built-in cards plus the card files
    stored in its GameCreated event (and `card_files`, e.g. `--cards`). A game stored before logs
    kept their card files reads with the built-in pool (plus `card_files`) and a note saying so.
    The event is read without its recorded file's text (4 MB in a million-event game's log: a
    peak of memory for nothing, issue 25, goal 3)."""
    row = store.row_without(game_id, 1, ("source", "text"))   # the recorded file's text: not needed here
    first = next(decode_rows(game_id, [row]), None) if row is not None else None
    source = getattr(first.event, "source", None) if first is not None else None
    found = pool_from_source(source, game_id, load_pool(card_files, builtin_edition(source)))
    if source is None:
        found = _old_game_pool(store, game_id, found)
    return found


def _old_game_pool(store: EventStore, game_id: str, found: PoolFromLog) -> PoolFromLog:
    """An old game: its recorded file's card files too, if that file is still where it was."""
    path = store.game(game_id).source
    if not path or not Path(path).is_file():
        return found
    from simulator.formats.recorded import load_recorded_game
    try:
        _, pool = load_recorded_game(path, found.pool)
    except SimulatorError:
        return found
    return PoolFromLog(pool, f"{found.note} and the card files named by {path}")


def checked_fold(store: EventStore, game_id: str,
                 visit: Callable[[ev.Envelope, GameState], None] | None = None) -> GameState:
    """The state the whole log describes, folded from the first event (`project`; `visit` sees
    the state after each event); CorruptEvent at the first event whose payload does not decode
    ("payload does not decode (...)") or does not apply to the state before it (a payload of the
    right shape naming objects that do not exist...)."""
    seq = 0   # the event being decoded or folded

    def decoded() -> Iterator[ev.Envelope]:
        nonlocal seq
        for row in store.read(game_id):
            seq = row.seq
            try:
                env = decode_stored(row)
            except CorruptEvent as e:
                raise CorruptEvent(game_id, row.seq, f"payload does not decode ({e.problem})") from None
            yield env

    try:
        return project(decoded(), GameState(game_id=game_id), visit=visit)
    except CorruptEvent:
        raise
    except Exception as e:
        raise CorruptEvent(game_id, seq, "the event does not apply to the state before it "
                                         f"({type(e).__name__}: {e})") from None


def first_corrupt_event(store: EventStore, game_id: str) -> CorruptEvent | None:
    """The first event of the game that does not decode or fold, or None."""
    try:
        checked_fold(store, game_id)
    except CorruptEvent as e:
        return e
    return None


_HEAD_FORMS = (
    re.compile(r"^(?P<hash>[0-9a-f]+)\s+game\s+(?P<game>\S+)\s+seq\s+(?P<seq>\d+)$"),      # simulator head
    re.compile(r"^head:\s+game\s+(?P<game>\S+)\s+seq\s+(?P<seq>\d+)\s+(?P<hash>[0-9a-f]+)$"),  # replay, apply
    re.compile(r"^(?P<seq>\d+):(?P<hash>[0-9a-f]+)$"),                                          # SEQ:HASH
)
MIN_HEAD_DIGITS = 32   # 128 bits of the sha256: a prefix nobody can match by trying


def parse_expected_head(text: str) -> tuple[str | None, int, str]:
    """`--expect-head`: (game or None, seq, hash) from the line `simulator head` printed
    ("HASH  game G seq N"), the one replay and apply print ("head: game G seq N HASH"), or
    "SEQ:HASH". The seq is required (the event must be that one) and the hash to at least
    MIN_HEAD_DIGITS hex digits. InvalidInput otherwise."""
    wanted = " ".join(text.strip().lower().split())
    for form in _HEAD_FORMS:
        m = form.match(wanted)
        if m:
            digest = m.group("hash")
            if len(digest) < MIN_HEAD_DIGITS or len(digest) > 64:
                break
            game = m.groupdict().get("game")
            return game, int(m.group("seq")), digest
    raise InvalidInput(f"--expect-head {text.strip()!r}: give the head kept from replay, apply or "
                       "`simulator head`: the whole line it printed, or SEQ:HASH, with the seq and "
                       f"at least {MIN_HEAD_DIGITS} of the hash's 64 hex digits")


def expect_head_problems(store: EventStore, game_id: str, expected: str) -> list[str]:
    """`verify --expect-head`: the log must still hold, at the seq kept, the event whose hash
    was kept outside the database (it may have grown since). [] if it does; else one line
    saying the log was truncated or rewritten before that event."""
    game, seq, digest = parse_expected_head(expected)
    if game is not None and game != game_id.lower():
        raise InvalidInput(f"--expect-head names game {game}, but game {game_id} is verified: "
                           f"verify {game}")
    head_seq, head = store.head(game_id)
    try:
        stored = store.get_event(game_id, seq).hash
    except NotFound:
        return [f"game {game_id}: the expected head seq {seq} {digest[:12]} is not in the log "
                f"(head now: seq {head_seq} {head[:12] or '-'}): the log was truncated"]
    if not stored.startswith(digest):
        return [f"game {game_id} seq {seq}: the expected head {digest[:12]} is not the event there "
                f"(its hash is {stored[:12]}): the log was rewritten"]
    return []


def metadata_problems(store: EventStore, game_id: str, created: ev.Event | None = None) -> list[str]:
    """The games row's metadata that the hash chain does not cover, checked against the
    GameCreated event it does: the title, and the recorded file's name (docs/reliability.md
    lists what cannot be checked: created_at, status, recorded_at, event ids). `created`: the
    log's first event, already decoded (verify's fold has it; else it is read here)."""
    info = store.game(game_id)
    if info.version < 1:
        return []
    if created is None:
        try:
            created = decode_stored(store.get_event(game_id, 1)).event
        except (CorruptEvent, NotFound):
            return []   # reported by the fold
    if not isinstance(created, ev.GameCreated):
        return [f"game {game_id} seq 1: the first event is {type(created).__name__}, not GameCreated"]
    problems = []
    if info.title != created.title:
        problems.append(f"game {game_id}: the games row's title {info.title!r} is not the one the log "
                        f"records ({created.title!r}): the row was edited")
    stored_file = (created.source or {}).get("file")
    if info.source and stored_file and Path(info.source).name != stored_file:
        problems.append(f"game {game_id}: the games row's source {info.source!r} is not the file the log "
                        f"records ({stored_file!r}): the row was edited")
    return problems


def verify(store: EventStore, game_id: str, on_events: Callable[[int], None] | None = None) -> list[str]:
    """Hash chain intact, the log (folded from its first event) gives the state digest
    recorded with the last batch, and every snapshot agrees with that fold at its seq.
    `on_events(n)`: called as the fold goes, every 1,000 events (a progress bar).

    One read of the log: each row's hash is checked as it goes by (`EventStore.checked_rows`)
    and the row decoded and folded in place (`fold_rows`: repeated payloads decoded once), the
    digester reading the fold's state at each snapshot's seq; a row that does not decode or
    fold stops the fold, not the chain's check of the rows after it."""
    info = store.game(game_id)
    snaps = dict(store.snapshots(game_id))
    chain: list[str] = []
    rows = store.checked_rows(game_id, chain)
    try:
        state, folded, created = _verify_fold(game_id, rows, sorted(snaps), on_events)
    except CorruptEvent as e:
        for _ in rows:   # the rest of the chain is still checked
            pass
        return chain + [f"game {game_id} seq {e.seq}: {e.problem}"]
    for _ in rows:
        pass
    problems = chain
    problems += metadata_problems(store, game_id, created)
    if on_events is not None:
        on_events(state.version % 1000)
    if info.state_digest:
        final = folded[state.version][0] if state.version in folded else state_digest(state)
        if final != info.state_digest:
            problems.append(f"game {game_id}: replaying the log gives a different state than was recorded "
                            f"(digest {final[:12]} != {info.state_digest[:12]})")
    problems += _snapshot_problems(store, game_id, snaps, folded)
    return problems


def _verify_fold(game_id: str, rows: Iterator[tuple[Any, ...]], points: list[int],
                 on_events: Callable[[int], None] | None
                 ) -> tuple[GameState, dict[int, tuple[str, str]], ev.Event | None]:
    """The fold of the stored `rows` from the first event (`checked_fold`'s errors), with the state's
    digest after each seq of `points` (ascending) the log has, and the hash of the text a snapshot
    of it stores: ``(state, {seq: (digest, text hash)}, the first event)``
    (`StateDigester.digests`). One fold in place (`fold_rows` with stops), the digester reading its
    state at each point (and `on_events` told at every thousandth event). The first event is
    kept for `metadata_problems` without its recorded file (megabytes in a long game, decoded
    again otherwise)."""
    folded: dict[int, tuple[str, str]] = {}
    digester = StateDigester()
    wanted = set(points)
    first: list[ev.Event] = []
    stops: Iterable[int] = heapq.merge([1], points, *([] if on_events is None else [itertools.count(1000, 1000)]))

    def at_stop(env: ev.Envelope, state: GameState) -> None:
        seq = env.seq
        if seq == 1:
            e = env.event
            first.append(dataclasses.replace(e, source={"file": e.source.get("file")} if e.source else e.source)
                         if isinstance(e, ev.GameCreated) else e)
        if seq in wanted:
            folded[seq] = digester.digests(state)
        if on_events is not None and seq % 1000 == 0:
            on_events(1000)

    try:
        state = fold_rows(rows, GameState(game_id=game_id), event_decoder(game_id), None, stops, at_stop)
    except CorruptEvent as e:   # only the decoding raises it: the events do not
        raise CorruptEvent(game_id, e.seq, f"payload does not decode ({e.problem})") from None
    except FoldError as e:
        raise CorruptEvent(game_id, e.seq, "the event does not apply to the state before it "
                                           f"({type(e.cause).__name__}: {e.cause})") from None
    return state, folded, first[0] if first else None


def _pieces_hash(store: EventStore, game_id: str, seq: int) -> str | None:
    """sha256 hex of the stored text (UTF-8) of the snapshot at `seq`, read and hashed a slice at
    a time (the latest snapshot of a long game is megabytes: never held whole); None if the
    snapshot at `seq` is not one the readers would find (not tied to the chain)."""
    with store.latest_snapshot_pieces(game_id, seq) as found:
        if found is None or found[0] != seq:
            return None
        h = hashlib.sha256()
        for piece in found[2]:
            h.update(piece.encode())
        return h.hexdigest()


def _snapshot_problems(store: EventStore, game_id: str, snaps: dict[int, str],
                       folded: dict[int, tuple[str, str]]) -> list[str]:
    """Each snapshot against the fold: tied to the log's event at its seq, its digest the fold's
    there, and (one the readers would use) its stored state that state: its stored text the
    canonical JSON of the folded state (hashed), or the state it restores to of that digest."""
    problems = []
    links = {seq: (saved, now) for seq, saved, now in store.snapshot_links(game_id)}
    texts = {seq: _pieces_hash(store, game_id, seq) for seq, (saved, now) in links.items()
             if saved is not None and saved == now}
    for seq, digest in snaps.items():
        saved, now = links.get(seq, (None, None))
        if saved is not None and now is not None and saved != now:
            problems.append(f"game {game_id} snapshot seq {seq}: not tied to the log (it was taken "
                            f"after an event {seq} with hash {saved[:12]}, the log has {now[:12]})")
            continue
        if seq not in folded:
            problems.append(f"game {game_id} snapshot seq {seq}: the log has no event {seq}")
            continue
        at, text_hash = folded[seq]
        if digest != at:
            problems.append(f"game {game_id} snapshot seq {seq}: snapshot digest {digest[:12]} != "
                            f"the log folded to seq {seq} ({at[:12]})")
            continue
        if saved is None:   # saved before snapshots were tied to the chain: never used
            continue
        if texts.get(seq) in (digest, text_hash):   # its stored text: the canonical JSON of the folded state
            continue
        found = store.latest_snapshot(game_id, seq)
        try:
            ok = found is not None and found[0] == seq and \
                state_digest(state_from_dict(found[1])) == digest
            why = "its stored state does not match its digest"
        except (ValueError, TypeError, KeyError, AttributeError) as e:
            ok, why = False, f"its stored state does not restore ({e})"
        if not ok:
            problems.append(f"game {game_id} snapshot seq {seq}: {why}")
    return problems


__all__ = ["expect_head_problems", "checked_fold", "first_corrupt_event", "replay_file", "ReplayResult", "Recorder", "decisions_for", "state_from_store", "verify", "why_from_store", "chain_log",
           "restore_snapshot", "SNAPSHOT_EVERY",
           "read_envelopes", "fold_after", "game_from_store", "game_pool", "load_pool", "IntegrityError", "NotFound"]
