"""The invariants every legal game holds after each decision (the random-game test,
tests/session/test_random_games.py, and the smoke test of every accepted real card,
tests/cards/test_pool_smoke.py):

* the live state equals the pure fold of the stored log (the digests agree);
* the hash chain verifies;
* every event's cause chain ends at a decision, with a rule on every link;
* no mana pool holds a negative amount;
* no event taps a permanent that was already tapped (no cost paid twice with one tap);
* `why` explains every new event."""
from __future__ import annotations

from simulator.game import events as ev
from simulator.game.codec import state_digest
from simulator.game.state import GameState, evolve
from simulator.session import audit
from simulator.session.game import Game
from simulator.session.recorder import read_envelopes, state_from_store
from simulator.store import EventStore

__all__ = ["check_invariants", "check_taps"]


def check_invariants(store: EventStore, game: Game, new: list[ev.Envelope]) -> None:
    gid = game.game_id
    assert state_digest(state_from_store(store, gid, snapshots=False)) == state_digest(game.state), \
        "the live state differs from the fold of the stored log"
    assert store.verify_chain(gid) == []
    log = audit.index_log(read_envelopes(store, gid))
    for env in new:
        link, seen = env, set()
        while True:
            assert link.rule, f"event {link.seq} ({link.type}) has no rule"
            assert link.seq not in seen, f"cause cycle at {link.seq}"
            seen.add(link.seq)
            if link.cause_seq is None:
                assert link.seq == link.decision_seq or link.type == "GameCreated", \
                    f"the cause chain of {env.seq} ends at {link.seq}, not at a decision"
                break
            link = log[link.cause_seq]
        audit.why(log, env.seq, gid)
    for name, p in game.state.players.items():
        assert all(v >= 0 for v in p.pool.values()), f"{name}'s mana pool went negative: {dict(p.pool)}"


def check_taps(before: GameState, new: list[ev.Envelope]) -> None:
    state = before
    for env in new:
        if isinstance(env.event, ev.PermanentTapped):
            obj = state.objects.get(env.event.object_id)
            assert obj is not None and not obj.tapped, f"event {env.seq} taps an already tapped permanent"
        state = evolve(state, env)
