"""Alembic migrations: the chain, upgrade/downgrade on empty and populated
databases, the store's tables matching them, and the alembic CLI from the
repository root. Both backends (the `store_url` fixture).
"""
from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory

from simulator.base.errors import StoreError
from simulator.store import (
    EventStore,
    NewEvent,
    alembic_config,
    make_engine,
    metadata,
    migrations_dir,
)

REPO = Path(__file__).resolve().parents[2]
HEAD = "0009"


def current_revision(url: str) -> str | None:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()
    finally:
        engine.dispose()


def table_names(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def triggers(url: str, raw_connect: Callable[[str], Any]) -> set[str]:
    conn = raw_connect(url)
    try:
        if "://" in url:
            rows = conn.execute(
                "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal "
                "AND tgrelid = 'events'::regclass").fetchall()
        else:
            rows = conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' "
                "AND tbl_name = 'events'").fetchall()
        return {r[0] for r in rows}
    finally:
        conn.close()


def dump(url: str, raw_connect: Callable[[str], Any]) -> tuple[list[tuple], list[tuple]]:
    """Every row of games and events, as the database holds them."""
    conn = raw_connect(url)
    try:
        games = conn.execute("SELECT * FROM games ORDER BY game_id").fetchall()
        events = conn.execute("SELECT * FROM events ORDER BY position").fetchall()
        return [tuple(r) for r in games], [tuple(r) for r in events]
    finally:
        conn.close()


def test_revision_chain_is_linear_with_one_head() -> None:
    script = ScriptDirectory.from_config(alembic_config())
    assert script.get_heads() == [HEAD]
    chain = [r.revision for r in script.walk_revisions("base", "heads")]
    assert chain == ["0009", "0008", "0007", "0006", "0005", "0004", "0003", "0002", "0001"]
    assert migrations_dir() == REPO / "migrations"


def test_upgrade_empty_database_to_head(store_url: str,
                                        raw_connect: Callable[[str], Any]) -> None:
    command.upgrade(alembic_config(store_url), "head")
    assert current_revision(store_url) == HEAD
    assert {"games", "events", "snapshots", "alembic_version"} <= table_names(store_url)
    assert triggers(store_url, raw_connect)  # append-only triggers present

    engine = make_engine(store_url)
    try:
        insp = sa.inspect(engine)
        assert {tuple(u["column_names"]) for u in insp.get_unique_constraints("events")} >= {
            ("game_id", "seq"), ("event_id",)}
        assert "ix_events_game_id_type" not in {i["name"] for i in insp.get_indexes("events")}   # 0007
        (fk,) = insp.get_foreign_keys("events")
        assert (fk["referred_table"], fk["constrained_columns"]) == ("games", ["game_id"])
        # The store's Core tables describe exactly what the migrations built.
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), metadata)
        assert diff == []
    finally:
        engine.dispose()


def test_opening_a_store_upgrades_to_head(store_url: str) -> None:
    with EventStore(store_url):
        pass
    assert current_revision(store_url) == HEAD


def test_downgrade_one_step_and_back_keeps_events(
        store_url: str, raw_connect: Callable[[str], Any]) -> None:
    with EventStore(store_url) as store:
        for gid in ("g1", "g2"):
            store.create_game(gid, f"title {gid}", source="x.toml")
            store.append(gid, [NewEvent(s, "ManaProduced", 1, {"mana": ["G"], "s": s},
                                        s - 1 or None, 1, "106.12a") for s in range(1, 31)],
                         0, state_digest=f"digest-{gid}")
    cfg = alembic_config(store_url)
    with_status = dump(store_url, raw_connect)
    command.downgrade(cfg, "0006")   # 0007 dropped only the unused (game_id, type) index: back
    engine = make_engine(store_url)
    try:
        assert "ix_events_game_id_type" in {i["name"] for i in sa.inspect(engine).get_indexes("events")}
    finally:
        engine.dispose()
    assert dump(store_url, raw_connect) == with_status
    # 0006 snapshot event hash, 0005 games-row triggers, 0004 drops only the games' status columns
    command.downgrade(cfg, "0003")
    assert current_revision(store_url) == "0003"
    before = dump(store_url, raw_connect)
    assert len(before[1]) == 60 and before[1] == with_status[1]
    assert [g[:6] for g in before[0]] == [g[:6] for g in with_status[0]]

    command.downgrade(cfg, "-1")
    assert current_revision(store_url) == "0002"
    assert "snapshots" not in table_names(store_url)
    assert triggers(store_url, raw_connect)
    assert dump(store_url, raw_connect) == before

    command.downgrade(cfg, "-1")
    assert current_revision(store_url) == "0001"
    assert triggers(store_url, raw_connect) == set()
    assert dump(store_url, raw_connect) == before

    command.upgrade(cfg, "head")
    assert current_revision(store_url) == HEAD
    assert triggers(store_url, raw_connect)
    after = dump(store_url, raw_connect)
    assert after[1] == before[1] and [g[:6] for g in after[0]] == [g[:6] for g in before[0]]

    with EventStore(store_url) as store:
        assert store.verify_chain("g1") == [] and store.verify_chain("g2") == []
        with pytest.raises(sa.exc.DBAPIError, match="append-only"):
            with store.engine.begin() as conn:
                conn.execute(sa.text("DELETE FROM events"))
        store.append("g1", [NewEvent(31, "ManaPoolEmptied", 1, {}, None, None, "500.4")], 30)
        assert store.verify_chain("g1") == []


def test_full_base_head_cycle_on_empty_database(store_url: str) -> None:
    cfg = alembic_config(store_url)
    command.upgrade(cfg, "head")
    command.downgrade(cfg, "base")
    assert current_revision(store_url) is None
    assert table_names(store_url) <= {"alembic_version"}
    command.upgrade(cfg, "head")
    assert current_revision(store_url) == HEAD
    with EventStore(store_url) as store:
        store.create_game("g", "t")
        store.append("g", [NewEvent(1, "GameCreated", 1, {}, None, None, None)], 0)
        assert store.verify_chain("g") == []


def test_alembic_command_line_from_repo_root(store_url: str) -> None:
    """`alembic -x url=... upgrade head` from the repository root uses alembic.ini."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}

    def alembic(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "alembic", "-x", f"url={store_url}", *args],
                              cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout + done.stderr

    alembic("upgrade", "head")
    assert current_revision(store_url) == HEAD
    alembic("downgrade", "-1")
    previous = ScriptDirectory.from_config(alembic_config()).get_revision(HEAD).down_revision
    assert current_revision(store_url) == previous
    assert str(previous) in alembic("current")
    alembic("upgrade", "head")
    assert current_revision(store_url) == HEAD


@pytest.mark.parametrize("url", ["sqlite:///offline.sqlite",
                                 "postgresql+psycopg://u@localhost/offline"])
def test_offline_sql_rendering(url: str) -> None:
    """`alembic upgrade head --sql` renders the whole chain, triggers included."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "alembic", "-x", f"url={url}",
                           "upgrade", "head", "--sql"],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "CREATE TABLE events" in done.stdout
    assert "CREATE TRIGGER" in done.stdout
    assert not (REPO / "offline.sqlite").exists()


def test_failed_upgrade_leaves_nothing_half_done(
        store_url: str, raw_connect: Callable[[str], Any]) -> None:
    """Upgrades are one transaction on both backends (SQLite too). (The squatter's table has a
    name of the simulator's own: a database with other tables is refused before migrating.)"""
    conn = raw_connect(store_url)
    try:  # an unrelated object squatting on a name revision 0001 needs, at its last step
        conn.execute("CREATE TABLE snapshots (x INTEGER)")
        conn.execute("CREATE INDEX ix_events_game_id_type ON snapshots (x)")
    finally:
        conn.close()
    with pytest.raises(Exception, match="ix_events_game_id_type"):
        EventStore(store_url)
    assert table_names(store_url) == {"snapshots"}
    assert current_revision(store_url) is None


def test_database_from_a_newer_simulator_is_refused(
        store_url: str, raw_connect: Callable[[str], Any]) -> None:
    with EventStore(store_url):
        pass
    conn = raw_connect(store_url)
    try:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    finally:
        conn.close()
    with pytest.raises(StoreError, match="unknown to this simulator"):
        EventStore(store_url)



def _snapshot_triggers(url: str, raw_connect: Callable[[str], Any]) -> set[str]:
    conn = raw_connect(url)
    try:
        if "://" in url:
            rows = conn.execute("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal "
                                "AND tgrelid = 'snapshots'::regclass").fetchall()
        else:
            rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' "
                                "AND tbl_name = 'snapshots'").fetchall()
        return {r[0] for r in rows}
    finally:
        conn.close()


def _try(url: str, raw_connect: Callable[[str], Any], sql: str) -> str | None:
    """Run one statement as a stray SQL session would; the error text, None if it ran."""
    conn = raw_connect(url)
    try:
        conn.execute(sql)
        return None
    except Exception as e:   # the driver's own error class
        return str(e)
    finally:
        conn.close()


def test_snapshots_are_insert_only_and_the_migration_goes_both_ways(
        store_url: str, raw_connect: Callable[[str], Any]) -> None:
    """Migration 0008 (issue 24): UPDATE and DELETE of a snapshot are refused by the database
    (a stray session made `state` print a forged life total); downgrade drops the triggers
    (the data untouched), upgrade puts them back."""
    with EventStore(store_url) as store:
        store.create_game("g", "t")
        store.append("g", [NewEvent(1, "ManaProduced", 1, {"mana": ["G"]}, None, 1, "106.12a")], 0)
        store.save_snapshot("g", 1, {"life": 20}, "d" * 64)
    forge = "UPDATE snapshots SET digest = 'forged'"
    for sql in (forge, "DELETE FROM snapshots"):
        assert "insert-only" in (_try(store_url, raw_connect, sql) or ""), sql
    assert _snapshot_triggers(store_url, raw_connect)
    cfg = alembic_config(store_url)
    command.downgrade(cfg, "0007")
    assert _snapshot_triggers(store_url, raw_connect) == set()
    assert _try(store_url, raw_connect, forge) is None   # what 0007 allowed
    command.upgrade(cfg, "head")
    assert current_revision(store_url) == HEAD
    assert "insert-only" in (_try(store_url, raw_connect, "UPDATE snapshots SET digest = 'x'") or "")
    with EventStore(store_url) as store:   # inserting (the store's one write) still works
        store.append("g", [NewEvent(2, "ManaProduced", 1, {"mana": ["G"]}, None, 2, "106.12a")], 1)
        store.save_snapshot("g", 2, {"life": 20}, "e" * 64)
        assert [seq for seq, _ in store.snapshots("g")] == [1, 2]


EXAMPLE = REPO / "examples" / "forest_and_elves.toml"


def _event_log(url: str, raw_connect: Callable[[str], Any]) -> list[dict[str, Any]]:
    conn = raw_connect(url)
    try:
        cur = conn.execute("SELECT * FROM event_log ORDER BY game_id, seq")
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row)) for row in cur.fetchall()]
    finally:
        conn.close()


def test_event_log_view_reads_the_log_and_the_migration_goes_both_ways(
        store_url: str, raw_connect: Callable[[str], Any]) -> None:
    """Migration 0009 (issue 23, "Browse the database"): the view `event_log` shows each event
    with its game's title and the payload's main fields as columns, on SQLite and PostgreSQL
    alike (each with its own JSON functions); downgrading drops it and nothing else, and
    upgrading again brings it back."""
    import json

    from simulator.session.recorder import replay_file

    gid = replay_file(EXAMPLE, store_url).game.game_id
    rows = _event_log(store_url, raw_connect)
    assert list(rows[0]) == [
        "game_id", "title", "seq", "type", "rule", "cause_seq", "decision_seq", "player", "card",
        "object_id", "new_id", "mana", "text"]
    with EventStore(store_url, readonly=True) as store:
        stored = list(store.read(gid))
    assert [(r["game_id"], r["seq"], r["type"], r["rule"], r["cause_seq"], r["decision_seq"]) for r in rows] == \
        [(gid, e.seq, e.type, e.rule, e.cause_seq, e.decision_seq) for e in stored]
    assert {r["title"] for r in rows} == {"Forest and Elves: Wild Growth, a sick Elf, the next turn"}
    by_seq = {r["seq"]: r for r in rows}
    # the worked example's events 13-16 (README): Forest tapped, Wild Growth's trigger, its {G}
    assert (by_seq[13]["type"], by_seq[13]["player"], by_seq[13]["card"], by_seq[13]["object_id"]) == \
        ("ManaProduced", "Alice", "Forest", "forest-a")
    assert json.loads(by_seq[13]["mana"]) == {"G": 1} and by_seq[13]["text"] == "{T}: Add {G}."
    assert (by_seq[14]["type"], by_seq[14]["card"], by_seq[14]["object_id"]) == \
        ("AbilityTriggered", "Wild Growth", "wild-growth")
    assert by_seq[14]["text"].startswith("Whenever enchanted land is tapped for mana")
    assert (by_seq[16]["type"], by_seq[16]["rule"], by_seq[16]["object_id"]) == ("ManaAdded", "106.12a", "wild-growth")
    assert json.loads(by_seq[16]["mana"]) == {"G": 1} and by_seq[16]["card"] is None
    # GameCreated's `source` is the recorded file (an object), not an object id
    assert by_seq[1]["type"] == "GameCreated" and by_seq[1]["object_id"] is None and by_seq[1]["player"] is None
    cast = next(r for r in rows if r["type"] == "SpellCast")
    assert (cast["player"], cast["card"]) == ("Alice", "Llanowar Elves")
    assert cast["object_id"] == "llanowar-elves-1" and cast["new_id"] == "llanowar-elves-2"   # hand, stack
    resolved = next(r for r in rows if r["type"] == "SpellResolved")
    assert (resolved["object_id"], resolved["new_id"]) == ("llanowar-elves-2", None)
    entered = next(r for r in rows if r["type"] == "ZoneChanged" and r["card"] == "Llanowar Elves")
    assert (entered["player"], entered["object_id"], entered["new_id"]) == ("Alice", "llanowar-elves-2",
                                                                             "llanowar-elves-3")
    placed = next(r for r in rows if r["type"] == "CardPlaced" and r["object_id"] == "forest-a")
    assert (placed["player"], placed["card"]) == ("Alice", "Forest")   # its owner

    cfg = alembic_config(store_url)
    before = dump(store_url, raw_connect)
    command.downgrade(cfg, "0008")
    assert current_revision(store_url) == "0008"
    with pytest.raises(Exception, match="event_log"):
        _event_log(store_url, raw_connect)
    assert dump(store_url, raw_connect) == before
    command.upgrade(cfg, "head")
    assert current_revision(store_url) == HEAD
    assert _event_log(store_url, raw_connect) == rows
    with EventStore(store_url) as store:
        assert store.verify_chain(gid) == []
