"""`EventStore.row_without`: one event's row with a member of its payload left out by the
database (SQLite's json_remove, PostgreSQL's jsonb #-): what `game_pool` reads of a game's
first event, without the recorded file's text (megabytes in a long game; issue 25, goal 3)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from simulator.base.errors import CorruptEvent, NotFound
from simulator.session.recorder import game_pool, read_envelopes, replay_file
from simulator.session.sources import pool_from_source
from simulator.store import EventStore

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "mana_flare_choice.toml"   # with a card file of its own


def test_the_first_event_without_its_recorded_file(store_url: str) -> None:
    gid = replay_file(EXAMPLE, store_url).game.state.game_id
    with EventStore(store_url) as store:
        whole = next(store.read_rows(gid, 1))
        row = store.row_without(gid, 1, ("source", "text"))
        assert row is not None and row[:3] == whole[:3] and row[4:] == whole[4:]
        payload, expected = json.loads(row[3]), json.loads(whole[3])
        assert expected["source"].pop("text") == EXAMPLE.read_text(encoding="utf-8")
        assert payload == expected   # everything else as stored, the card files too
        assert store.row_without(gid, 10_000, ("source", "text")) is None
        plain = store.row_without(gid, 5, ("source", "text"))   # no such member: the payload as stored
        assert plain is not None and json.loads(plain[3]) == json.loads(next(store.read_rows(gid, 5, after=4))[3])
        with pytest.raises(NotFound):
            store.row_without("no-such-game", 1, ("source", "text"))
        with pytest.raises(ValueError, match="plain keys"):
            store.row_without(gid, 1, ("source", "te'xt"))
        first = next(read_envelopes(store, gid, upto=1)).event   # the whole event, as read before
        assert payload["source"]["card_files"] and list(first.source["card_files"]) == payload["source"]["card_files"]
        assert game_pool(store, gid).pool.names() == pool_from_source(first.source, gid).pool.names()


def test_a_first_event_that_is_not_json_is_still_reported_corrupt(tmp_path: Path) -> None:
    """An edited SQLite file whose first payload is not JSON: the row comes back as stored and
    its decoder names event 1 (what reading the whole row did)."""
    from tampering import attacker
    db = str(tmp_path / "g.sqlite")
    gid = replay_file(EXAMPLE, db).game.state.game_id
    con = attacker(db)
    con.execute("UPDATE events SET payload = '{not json' WHERE game_id = ? AND seq = 1", (gid,))
    con.close()
    with EventStore(db) as store:
        assert store.row_without(gid, 1, ("source", "text"))[3] == "{not json"
        with pytest.raises(CorruptEvent) as found:
            game_pool(store, gid)
    assert found.value.seq == 1


def test_payload_pieces_join_to_the_stored_text(store_url: str) -> None:
    """`EventStore.payload_pieces`: the stored payload text a slice at a time (SQLite's blob I/O,
    else `substr`), what `kept_views` hashes of a game's first event without holding it whole."""
    gid = replay_file(EXAMPLE, store_url).game.state.game_id
    with EventStore(store_url) as store:
        whole = next(store.read_rows(gid, 1))[3]
        with store.payload_pieces(gid, 1, size=300) as pieces:
            assert pieces is not None
            got = list(pieces)
        assert len(got) > 2 and "".join(got) == whole
        with store.payload_pieces(gid, 10_000) as none:
            assert none is None
