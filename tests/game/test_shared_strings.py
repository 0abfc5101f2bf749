"""A fold from the first event shares one string object per card name, player and zone among
the object records (`game.state._shared`), as a restored snapshot does: a long game's records do
not each hold a copy decoded from their own event (issue 25, goal 3: 4 MiB of 18,000 objects
at a million events)."""
from __future__ import annotations

from pathlib import Path

from simulator.session.recorder import replay_file, state_from_store
from simulator.store import EventStore

REPO = Path(__file__).resolve().parents[2]


def test_object_records_share_their_names(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    gid = replay_file(REPO / "examples" / "forest_and_elves.toml", db).game.state.game_id
    with EventStore(db) as store:
        for state in (state_from_store(store, gid, snapshots=False), state_from_store(store, gid)):
            objects = list(state.objects.values())
            assert len(objects) > 5
            for field in ("card", "owner", "zone", "controller"):
                values = [getattr(o, field) for o in objects]
                assert len({id(v) for v in values}) == len(set(values)), field
