"""`why N` reads the events it explains (issue 25): its chain, each event by seq, and the fold
from the nearest snapshot before the chain's first event up to N, not the whole log. An event
after N that no longer decodes does not change its answer (`verify` is what finds that)."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from clirun import run

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "examples" / "forest_and_elves.toml")


def test_why_answers_from_the_events_up_to_n(tmp_path):
    db = str(tmp_path / "g.sqlite")
    assert run("replay", EXAMPLE, "--db", db).code == 0
    before = run("why", "16", "--json", "--db", db)
    assert before.code == 0, before.err
    con = sqlite3.connect(db, isolation_level=None)
    for (name,) in con.execute("select name from sqlite_master where type='trigger'").fetchall():
        con.execute(f'DROP TRIGGER "{name}"')
    last = con.execute("select max(seq) from events").fetchone()[0]
    assert last > 16
    con.execute("update events set payload='{not json' where seq > 16")
    con.close()
    after = run("why", "16", "--json", "--db", db)
    assert after.code == 0, after.err
    assert after.out == before.out
    later = run("why", str(last), "--db", db)
    assert later.code == 4 and f"event {last} of game" in later.err, later.err
    missing = run("why", str(last + 1), "--db", db)
    assert missing.code == 2 and f"has events 1..{last}: there is no event #{last + 1}" in missing.err, missing.err
