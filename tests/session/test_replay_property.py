"""Property: replaying the stored log (a pure fold, no rules) reproduces the live state exactly,
for random sequences of legal decisions."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from scenario import migrated_db
from simulator.cards import CardPool
from simulator.game.layers import characteristics
from simulator.session.game import Game
from simulator.base.errors import IllegalAction
from simulator.formats.recorded import parse_recorded_game
from simulator.session.recorder import Recorder, state_from_store
from simulator.rules import ActivateAbility, CastSpell, Choose, PassPriority, PlayLand
from simulator.game.state import project
from simulator.game.codec import state_digest
from simulator.store import EventStore

START = {
    "format": 1,
    "players": [
        {"name": "Alice", "library": ["Forest", "Merfolk Branchwalker", "Grizzly Bears", "Forest", "Plains"] * 2,
         "hand": ["Forest", "Llanowar Elves", "Grizzly Bears", "Merfolk Branchwalker"],
         "battlefield": [{"card": "Forest", "id": "f1"}, {"card": "Forest", "id": "f2"},
                         {"card": "City of Brass", "id": "cob"}, {"card": "Llanowar Elves", "id": "elf", "sick": True},
                         {"card": "Wild Growth", "id": "wg", "attached": "f1"}]},
        {"name": "Bob", "library": ["Island", "Swamp", "Llanowar Elves"] * 3, "hand": ["Swamp", "Llanowar Elves"],
         "battlefield": [{"card": "Swamp", "id": "s1"}, {"card": "Mana Flare", "id": "flare"}]},
    ],
}


def candidates(game: Game) -> list:
    s = game.state
    if s.pending is not None:
        p = s.pending
        opts = list(p["options"])
        if p["kind"] in ("order", "replacement"):
            return [Choose(p["player"], list(range(1, len(opts) + 1)))]
        if p["kind"] == "target":
            return [Choose(p["player"], opts[:1]), Choose(p["player"], [])]
        return [Choose(p["player"], o) for o in opts]
    holder = s.priority
    if holder is None:
        return []
    out: list = [PassPriority(holder)]
    for oid in s.battlefield:
        if s.objects[oid].controller != holder:
            continue
        for n, ref in enumerate(characteristics(s, oid, game.pool).activated(), 1):
            for mana in (None, "G", "R"):
                out.append(ActivateAbility(holder, oid, n, mana=mana))
    for oid in s.players[holder].hand:
        card = s.objects[oid].card
        out.append(PlayLand(holder, card))
        out.append(CastSpell(holder, card))
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=5, max_size=60))
def test_stored_log_replays_to_the_live_state(tmp_path_factory, picks):
    pool = CardPool.builtin()
    recorded, pool = parse_recorded_game(START, "property.toml", pool)
    db = migrated_db(tmp_path_factory.mktemp("prop") / "g.sqlite")
    store = EventStore(db)
    try:
        game = Game(pool)
        store.create_game(game.game_id, "property")
        rec = Recorder(game, store)
        rec.commit(game.setup(recorded))
        for pick in picks:
            options = candidates(game)
            if not options:
                break
            for k in range(len(options)):
                try:
                    rec.apply(options[(pick + k) % len(options)])
                    break
                except IllegalAction:
                    continue
        rec.finish()
        live = game.state
        assert state_digest(project(game.events, type(live)(game_id=game.game_id))) == state_digest(live)
        stored = state_from_store(store, game.game_id)
        assert state_digest(stored) == state_digest(live)
        assert store.game(game.game_id).state_digest == state_digest(live)
        assert store.verify_chain(game.game_id) == []
    finally:
        store.close()
