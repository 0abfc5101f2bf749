"""Command line: a thin layer over the library (docs/recorded-games.md is the contract).

Exit status (`simulator.base.errors.EXIT_STATUSES`, README "Exit status"): 0 success;
1 `verify` found a problem; 2 invalid input (file, argument, game id, database
URL); 3 an illegal decision (the state after the last legal one is still
printed); 4 the database is unavailable or unusable; 70 internal error.
`main` is the single place that maps errors to statuses.
"""
from __future__ import annotations

import argparse
import functools
import os
import sys
from contextlib import contextmanager

from simulator.cli import progress
from simulator.base.errors import (EXIT_ILLEGAL, EXIT_INTERNAL, EXIT_INVALID_INPUT, EXIT_OK, EXIT_VERIFY_FAILED,
                     ConcurrencyError, DatabaseUnavailable, IllegalAction, InvalidInput, NotFound,
                     SimulatorError)
from simulator.base.lazy import lazy, lazy_module

# Heavy modules (SQLAlchemy, Alembic, lark, the rules) load on first use, not for --help:
# import library names here with lazy(...) (typed by the TYPE_CHECKING branch), never with
# a top-level `from .x import y` (tests/cli/test_startup.py checks what --help imports). Neither
# typing nor json is imported at run time for --help either (a few ms of start-up each).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from simulator.cli.help import Parser
    from typing import Any, Iterator, Sequence

    from simulator.session import audit
    from simulator.session import apply as apply_module
    from simulator.tools.expect import check_file
    from simulator.tools.export import export_game, to_json, to_toml, write_export
    from simulator.store.stream import event_lines
    from simulator.session.recorder import (chain_log, expect_head_problems, first_corrupt_event, game_pool, load_pool,
                         names_at, read_envelopes, replay_file, state_from_store, verify,
                                            why_from_store)
    from simulator.session.status import status_of, status_text
    from simulator.tools.resimulate import resimulate_text
    from simulator.tools.legal import legal_decisions
    from simulator.tools.produce import mana_report
    from simulator.store import EventStore
    from simulator.session.view import state_json, state_text
    from simulator.session.kept_views import keep_view, state_view
    from simulator.game.state import GameState
else:
    audit = lazy_module("simulator.session.audit")
    apply_module = lazy_module("simulator.session.apply")
    event_lines = lazy("simulator.store.stream", "event_lines")
    check_file = lazy("simulator.tools.expect", "check_file")
    legal_decisions = lazy("simulator.tools.legal", "legal_decisions")
    mana_report = lazy("simulator.tools.produce", "mana_report")
    export_game = lazy("simulator.tools.export", "export_game")
    to_json = lazy("simulator.tools.export", "to_json")
    to_toml = lazy("simulator.tools.export", "to_toml")
    write_export = lazy("simulator.tools.export", "write_export")
    game_pool = lazy("simulator.session.recorder", "game_pool")
    load_pool = lazy("simulator.session.recorder", "load_pool")
    read_envelopes = lazy("simulator.session.recorder", "read_envelopes")
    replay_file = lazy("simulator.session.recorder", "replay_file")
    state_from_store = lazy("simulator.session.recorder", "state_from_store")
    verify = lazy("simulator.session.recorder", "verify")
    why_from_store = lazy("simulator.session.recorder", "why_from_store")
    chain_log = lazy("simulator.session.recorder", "chain_log")
    names_at = lazy("simulator.session.recorder", "names_at")
    status_of = lazy("simulator.session.status", "status_of")
    status_text = lazy("simulator.session.status", "status_text")
    expect_head_problems = lazy("simulator.session.recorder", "expect_head_problems")
    first_corrupt_event = lazy("simulator.session.recorder", "first_corrupt_event")
    resimulate_text = lazy("simulator.tools.resimulate", "resimulate_text")
    EventStore = lazy("simulator.store", "EventStore")
    state_json = lazy("simulator.session.view", "state_json")
    state_text = lazy("simulator.session.view", "state_text")
    state_view = lazy("simulator.session.kept_views", "state_view")
    keep_view = lazy("simulator.session.kept_views", "keep_view")

DEFAULT_DB = "simulator.sqlite"


def _open_store(db: str, *, writable: bool = False) -> EventStore:
    """The store named by --db. Commands that only read open it read-only (nothing is
    written, not even the journal mode: works on a read-only mount or file); a command
    that appends must ask for `writable=True`."""
    if "://" not in db and not os.path.exists(db):
        raise NotFound(f"no database at {db!r} (replay a game with --db {db} first)")
    store = EventStore(db, readonly=not writable)
    for note in store.notes:
        print(f"simulator: {note}", file=sys.stderr)
    return store


def _game_id(store: EventStore, game: str | None) -> str:
    if game is None:
        return store.latest_game()
    ids = [g.game_id for g in store.games()]
    if game in ids:
        return game
    matches = [i for i in ids if i.startswith(game)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        titles = {g.game_id: g.title for g in store.games()}
        shown = "; ".join(f"{i} ({titles.get(i) or 'untitled'})" for i in matches[:10])
        more = f"; and {len(matches) - 10} more" if len(matches) > 10 else ""
        raise NotFound(f"game id {game!r} is ambiguous: {len(matches)} games start with it: "
                       f"{shown}{more}. Give more of the id")
    raise NotFound(f"no game {game!r} in {store.url} (`simulator games --db {store.url}` lists "
                   f"the {len(ids)} game(s) it holds)")


@contextmanager
def _opened(args: argparse.Namespace, game: str | None = None,
            name_it: bool = False, writable: bool = False) -> Iterator[tuple[EventStore, str]]:
    """The store named by --db and the game asked for (default: the latest; `name_it`: say
    which on stderr, so --json output on stdout stays clean; `writable` for commands that append).
    An unexpected failure while reading a game whose log has a corrupt event is reported as that
    event (CorruptEvent, exit 4: "event N of game G is corrupt; run verify"), not as a bug."""
    store = _open_store(args.db, writable=writable)
    try:
        gid = _game_id(store, game)
        if name_it and game is None:
            info = store.game(gid)
            print(f"game {_shown(gid)} ({_shown(info.title)}), the most recent in {args.db}", file=sys.stderr)
        try:
            yield store, gid
        except (SimulatorError, BrokenPipeError, KeyboardInterrupt):
            raise
        except Exception:
            corrupt = first_corrupt_event(store, gid)
            if corrupt is not None:
                raise corrupt from None
            raise
    finally:
        store.close()


def _shown(text: object) -> str:
    """Metadata outside the hash chain (a games row's title or id, which whoever can write the
    database may set) as printable text: control characters shown escaped, never sent to the
    terminal."""
    import re
    return re.sub("[\x00-\x08\x0b-\x1f\x7f-\x9f]", lambda m: f"\\x{ord(m.group()):02x}", str(text))


def _print_json(value: Any) -> None:
    import json
    print(json.dumps(value, indent=2, ensure_ascii=False))


# --------------------------------------------------------------------------- commands

def _announce(game_id: str) -> None:
    """The game id first, on stderr: an interrupted replay can still be found (`games`)."""
    print(f"game {game_id}", file=sys.stderr, flush=True)


def cmd_replay(args: argparse.Namespace) -> int:
    if len(args.file) > 1 or args.jobs is not None:
        return _replay_batch(args)
    args.file = args.file[0]
    show = progress.wanted(args.json)
    with progress.bar(f"replay {os.path.basename(args.file)}", _action_count(args.file) if show else None,
                      show) as step:
        result = replay_file(args.file, args.db, card_files=args.cards or (), on_action=step,
                             started=_announce, keep_events=False)
    game = result.game
    view = state_json(game.state, game.pool, len(game.events))
    if args.json:
        _print_json(view)
    else:
        from simulator.cli.terminal import print_state
        print_state(view, len(game.events), getattr(args, "color", "auto"))
    if result.head[0] == len(game.events) > 0:   # the state of the stored log's head: kept for `state`
        _keep_final_view(args.db, game.game_id, len(game.events), view)
    if result.earlier:
        print(f"note: {args.file} was already replayed into {args.db} as game "
              f"{', '.join(result.earlier)}; this is another copy, game {game.game_id} "
              f"(commands default to the newest game; `simulator games --db {args.db}` lists them)",
              file=sys.stderr)
    if result.error is not None:   # standard error is exactly the contract's message here
        print(str(result.error), file=sys.stderr)
        return EXIT_ILLEGAL
    _print_head(game.game_id, result.head)
    return EXIT_OK


def _keep_final_view(db: str, game_id: str, seq: int, view: Any) -> None:
    """Best effort: a replay that succeeded does not fail for its kept view."""
    try:
        with EventStore(db, readonly=True) as store:
            keep_view(store, game_id, seq, view)
    except SimulatorError:
        pass


def _action_count(path: str) -> int | None:
    """How many actions a game file holds, for the progress bar (None: unknown)."""
    try:
        from simulator.formats.recorded import load_recorded_game
        return len(load_recorded_game(path, load_pool())[0].actions)
    except SimulatorError:
        return None   # replay_file reports the problem


def _replay_batch(args: argparse.Namespace) -> int:
    """Several files (or directories of them) into one database, in parallel processes."""
    from simulator.session import batch
    files = batch.game_files(args.file)
    jobs = args.jobs if args.jobs is not None else batch.default_jobs()
    with progress.bar(f"replay {len(files)} games", len(files), progress.wanted(args.json)) as step:
        outcomes = batch.replay_many(files, args.db, jobs=jobs, card_files=args.cards or (), advance=step)
    if args.json:
        _print_json([o.as_json() for o in outcomes])
    else:
        print(batch.summary_table(outcomes))
    return batch.exit_status(outcomes)


def _print_head(game_id: str, head: tuple[int, str]) -> None:
    """The head hash on stderr after a complete replay: keep it outside the database, give it
    to verify --expect-head (after an illegal decision, `simulator head` prints it)."""
    if head[1]:
        print(f"head: game {game_id} seq {head[0]} {head[1]}", file=sys.stderr)


def cmd_head(args: argparse.Namespace) -> int:
    with _opened(args, args.game) as (store, gid):
        seq, digest = store.head(gid)
        if args.json:
            _print_json({"game": gid, "seq": seq, "hash": digest})
        else:
            print(f"{digest}  game {gid} seq {seq}")
        return EXIT_OK


def cmd_state(args: argparse.Namespace) -> int:
    with _opened(args, args.game, name_it=True) as (store, gid):
        info = store.game(gid)
        if args.at is not None and not 0 <= args.at <= info.version:
            raise NotFound(f"game {gid} has events 1..{info.version}; there is no event {args.at}")
        n = args.at if args.at is not None else info.version
        view = state_view(store, gid, n, args.at, getattr(args, "cards", None) or (),
                          lambda note: print(f"simulator: {note}", file=sys.stderr))
        if getattr(args, "svg", None):
            from simulator.viewer.board import board_svg
            _write_output(args.svg, board_svg(view))
            if args.svg != "-":
                print(f"wrote {args.svg}: the position after event {n}", file=sys.stderr)
        elif args.json:
            _print_json(view)
        else:
            from simulator.cli.terminal import print_state
            print_state(view, n, getattr(args, "color", "auto"))
        return 0


def _state_at(args: argparse.Namespace) -> "Iterator[tuple[GameState, Any, str]]":
    """The state of the game asked for, now or just after event --at, with its card pool."""
    with _opened(args, args.game, name_it=True) as (store, gid):
        info = store.game(gid)
        if args.at is not None and not 0 <= args.at <= info.version:
            raise NotFound(f"game {gid} has events 1..{info.version}; there is no event {args.at}")
        yield state_from_store(store, gid, args.at), _pool_for(store, gid, args), gid


def cmd_legal(args: argparse.Namespace) -> int:
    """Every decision a player may make now (`legal_decisions`): the recorded-game action of each."""
    for state, pool, _ in _state_at(args):
        found = legal_decisions(state, pool)
        if args.json:
            _print_json([{"player": d.decision.player, "action": d.action, "toml": d.toml(), "label": d.label}
                         for d in found])
            return 0
        if not found:
            print("no decision is legal now (the game is over)" if state.game_over else "no decision is legal now")
        for i, d in enumerate(found, 1):
            print(f"{i:>3}. {d.label}")
            print(f"     {d.toml()}")
    return 0


def cmd_mana(args: argparse.Namespace) -> int:
    """What each of a player's permanents could produce now, by ability and mana choice."""
    for state, pool, _ in _state_at(args):
        pending_player = state.pending["player"] if state.pending is not None else None
        player = args.player or state.priority or pending_player or state.active
        if player not in state.players:
            raise InvalidInput(f"--player {player!r}: no such player (players: {', '.join(state.order)})")
        report = mana_report(state, pool, player)
        if args.json:
            _print_json({"player": player, "permanents": report})
            return 0
        print(f"{player}'s permanents: what each could produce now (106.7, after replacement effects)")
        if not any(e["abilities"] for e in report):
            print("  no permanent with a mana ability")
        for e in report:
            if not e["abilities"]:
                continue
            types = "".join("{%s}" % t for t in e["could_produce"]) or "nothing"
            print(f"  {e['id']} ({e['card']}): could produce {types}")
            for a in e["abilities"]:
                print(f"    {a['number']}. {a['text']}   cost: {a['cost'] or 'none'}")
                for c in a["choices"]:
                    choice = f"mana = \"{c['mana']}\": " if c["mana"] else ""
                    if not c["legal"]:
                        print(f"       {choice}cannot now: {c['why_not']}")
                        continue
                    line = f"       {choice}adds {c['adds'] or 'no mana'}"
                    extra = [*c["also"], *([c["pending"]] if c["pending"] else [])]
                    print(line + "".join(f"; {x}" for x in extra))
    return 0


def _pool_for(store: EventStore, gid: str, args: argparse.Namespace) -> Any:
    """The game's card pool, from its log alone (the built-in cards plus the card files stored
    with it, and any --cards); a game stored before logs kept their cards says so on stderr."""
    found = game_pool(store, gid, getattr(args, "cards", None) or ())
    if found.note:
        print(f"simulator: {found.note}", file=sys.stderr)
    return found.pool


def rule_matches(rule: str | None, wanted: str) -> bool:
    """`--rule 106.12` selects 106.12 and its subrules 106.12a, 106.12b; `--rule 106` all of 106.x.
    A prefix must end on a rule boundary: 106.1 is not 106.12, 603.1 is not 603.10a."""
    rule = rule or ""
    wanted = wanted.strip()
    if not wanted or not rule.startswith(wanted):
        return False
    rest = rule[len(wanted):]
    return not rest or not rest[0].isdigit()


def cmd_log(args: argparse.Namespace) -> int:
    from simulator.game.events import EVENT_TYPES
    unknown = [t for t in args.type or () if t not in EVENT_TYPES]
    if unknown:   # a typo would otherwise print an empty log
        raise NotFound(f"unknown event type {', '.join(map(repr, unknown))} "
                       f"(known: {', '.join(sorted(EVENT_TYPES))})")
    def keep(env: Any) -> bool:
        return (not args.type or env.type in args.type) and \
            (not args.rule or any(rule_matches(env.cited, r) for r in args.rule))   # current numbers

    with _opened(args, args.game) as (store, gid):
        if args.nl:
            for line in event_lines(store, gid, keep):
                print(line)
            return 0
        names = audit.Names()   # the words name objects as the state does; payloads keep the ids
        rows = []
        for env in read_envelopes(store, gid):
            names.see(env)
            if keep(env):
                rows.append(env)
        if args.json:
            _print_json([{"seq": e.seq, "type": e.type, "rule": e.cited, "cause": e.cause_seq,
                          "decision": e.decision_seq, "payload": e.event.payload(),
                          "text": audit.describe(e, names)} for e in rows])
        else:
            from simulator.cli.terminal import print_table
            lines = [f"{'seq':>5}  {'type':<20} {'rule':<9} {'cause':>5} {'dec':>5}  what"]
            table = []
            for e in rows:
                cause = "" if e.cause_seq is None else str(e.cause_seq)
                what = audit.describe(e, names)
                lines.append(f"{e.seq:>5}  {e.type:<20} {e.cited or '-':<9} {cause:>5} "
                             f"{e.decision_seq or '':>5}  {what}")
                table.append((e.seq, e.type, e.cited or "-", cause, e.decision_seq or "", what))
            print_table(("seq", "type", "rule", "cause", "dec", "what"), table, args.color,
                        right=(0, 3, 4), plain="\n".join(lines))
        return 0


def cmd_verify(args: argparse.Namespace) -> int:
    if args.expect_head and args.all:
        raise InvalidInput("--expect-head names the head of one game: give GAME, not --all")
    store = _open_store(args.db)
    try:
        ids = [g.game_id for g in store.games()] if args.all else [_game_id(store, args.game)]
        bad = 0
        results = []
        total = sum(store.game(gid).version for gid in ids)
        damaged = store.integrity_problems()   # the file itself: broken pages, indexes (SQLite)
        with progress.bar("verify", total, progress.wanted(args.json)) as step:
            try:
                checked = [(gid, damaged + verify(store, gid, on_events=step)) for gid in ids]
            except DatabaseUnavailable:
                if not damaged:
                    raise
                checked = [(gid, damaged) for gid in ids]   # too damaged to read on
        for gid, problems in checked:
            if args.expect_head:
                problems = problems + expect_head_problems(store, gid, args.expect_head)
            if args.resimulate and not problems:
                problems = problems + resimulate_text(store, gid, _pool_for(store, gid, args))
            info = store.game(gid)
            results.append({"game": gid, "title": info.title, "events": info.version,
                            "ok": not problems, "problems": [str(p) for p in problems]})
            if problems:
                bad += 1
                for p in problems:
                    print(p, file=sys.stderr)
            elif not args.json:
                print(f"game {gid}: {info.version} events, hash chain intact, log replays to the recorded state"
                      + (", expected head present" if args.expect_head else "")
                      + (", every decision re-decided now makes the stored events" if args.resimulate else ""))
        if args.all:
            for gid, n in store.orphan_events():
                bad += 1
                problem = (f"game {gid}: {n} events but no games row (the game was deleted from the "
                           "games table)")
                results.append({"game": gid, "title": None, "events": n, "ok": False, "problems": [problem]})
                print(problem, file=sys.stderr)
        if args.json:
            _print_json(results)
        return EXIT_VERIFY_FAILED if bad else EXIT_OK
    finally:
        store.close()


def cmd_triggers(args: argparse.Namespace) -> int:
    with _opened(args, args.game) as (store, gid):
        log = audit.index_log(read_envelopes(store, gid))
        report = audit.trigger_report(log)
        if args.json:
            _print_json(report)
        else:
            from simulator.cli.terminal import print_table
            lines, table = [], []
            for t in report:
                chain = " ← ".join(f"#{c['seq']} {c['type']} ({c['rule']})" for c in t["cause"])
                lines.append(f"#{t['seq']} {t['source']} ({t['source_id']}, {t['controller']}) "
                             f"[{t['rule']}] ← {chain}")
                table.append((f"#{t['seq']}", t["source"], t["source_id"], t["controller"], t["rule"], chain))
            print_table(("seq", "source", "id", "controller", "rule", "cause"), table, args.color,
                        plain="\n".join(lines))
        return 0


def cmd_why(args: argparse.Namespace) -> int:
    game, seq_text = args.game, args.seq
    try:
        seq = int(seq_text.lstrip("#"))
    except ValueError:
        raise NotFound(f"SEQ must be an event number, not {seq_text!r}")
    with _opened(args, game, name_it=True) as (store, gid):
        log = chain_log(store, gid, seq)   # the chain's events only: not the whole log
        if seq not in log:
            info = store.game(gid)
            raise NotFound(f"game {gid} ({info.title}) has events 1..{info.version}: there is no event "
                           f"#{seq}" + ("" if game else "; the latest game was used "
                                        f"(`simulator games --db {args.db}` lists them)"))
        if args.svg or args.html:
            from simulator.viewer import why_html, why_svg
            report = why_from_store(store, gid, log, seq)
            page = why_svg([report]) if args.svg else why_html([report], audit.why_text(report))
            _write_output(args.svg or args.html, page)
            if (args.svg or args.html) != "-":
                print(f"wrote {args.svg or args.html}: the causal graph of event {seq} "
                      f"({len(report['chain'])} links)", file=sys.stderr)
        elif args.dot:
            print(audit.why_dot(log, [seq], names_at(store, gid, seq)))
        elif args.json:
            _print_json(why_from_store(store, gid, log, seq))
        else:
            print(audit.why_text(why_from_store(store, gid, log, seq)))
        return 0


def cmd_view(args: argparse.Namespace) -> int:
    from simulator.viewer import game_page
    with _opened(args, args.game) as (store, gid):
        page = game_page(read_envelopes(store, gid), _pool_for(store, gid, args), gid)
    _write_output(args.output, page)
    if args.output != "-":
        print(f"wrote {args.output} ({len(page.encode()) // 1024 + 1} KB): open it in a browser", file=sys.stderr)
    return 0


def _split_game(items: list[str]) -> tuple[str | None, list[str]]:
    """`apply [GAME] ACTION...`: the first item is the game unless it is an inline table or a file."""
    first = items[0]
    if first.lstrip().startswith("{") or os.path.exists(first):
        return None, items
    return first, items[1:]


def cmd_apply(args: argparse.Namespace) -> int:
    game, items = _split_game(args.items)
    if not items:
        raise NotFound("no action given: simulator apply [GAME] ACTION... "
                       "(e.g. '{player = \"Alice\", pass = true}' or a file of [[actions]])")
    groups = apply_module.actions_from_args(items)
    with _opened(args, game, name_it=True, writable=True) as (store, gid):
        try:
            prepared = apply_module.prepare_apply(store, gid, groups, args.cards or ())
            apply_module.commit_apply(store, prepared)
        except ConcurrencyError as e:
            raise ConcurrencyError(f"{e}; run it again to apply your actions to the game as it is now") from e
        pool = prepared.game.pool
        head = store.head(gid)
    state = prepared.game.state
    if args.json:
        _print_json(state_json(state, pool, state.version))
    else:
        print(state_text(state, pool, state.version))
    first = prepared.expected + 1
    print(f"game {gid}: applied {prepared.actions} action(s), events {first}..{state.version}"
          if prepared.events else f"game {gid}: nothing to apply", file=sys.stderr)
    _print_head(gid, head)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from pathlib import Path

    from simulator.cli.play import PlaySession
    recorded = None
    if args.file:
        result = replay_file(args.file, args.db, card_files=args.cards or (), started=_announce)
        gid = result.game.game_id
        recorded = Path(args.file)
        if result.error is not None:
            print(f"{result.error}; the file's later actions are not played, and new decisions "
                  f"go to the log only", file=sys.stderr)
            recorded = None
    store = _open_store(args.db, writable=True)
    try:
        if not args.file:
            gid = _game_id(store, args.game)
        session = PlaySession(store, gid, sys.stdout, recorded)
        from simulator.cli.prompt import line_reader
        return session.run(line_reader(session.words))
    finally:
        store.close()


def cmd_check(args: argparse.Namespace) -> int:
    results = [check_file(f, args.cards or ()) for f in args.files]
    if args.json:
        _print_json([r.as_dict() for r in results])
    else:
        for r in results:
            if r.ok:
                stop = f"; stopped as expected: {r.stopped}" if r.stopped else ""
                print(f"{r.file}: {r.checked} expectation(s) met{stop}")
            for failure in r.failures:
                print(failure.text())
    return 0 if all(r.ok for r in results) else 1


def cmd_export(args: argparse.Namespace) -> int:
    with _opened(args, args.game, name_it=True) as (store, gid):
        exported = export_game(read_envelopes(store, gid), _pool_for(store, gid, args), args.at)
        n = store.game(gid).version
    what = f"the position after event {args.at}" if args.at is not None else f"events 1..{n}"
    text = to_json(exported) if args.json else to_toml(
        exported, f"Exported by `simulator export` from game {gid} ({what}).")
    for w in exported.warnings:
        print(f"simulator: export --at {args.at}: {w}", file=sys.stderr)
    if args.output in (None, "-"):
        sys.stdout.write(text)
        for c in exported.card_files:
            print(f"simulator: the game needs cards/{c['file']} (stored in its log): "
                  f"export with -o FILE to write it beside the game", file=sys.stderr)
        return 0
    for path in write_export(exported, args.output, text):
        print(f"wrote {path}", file=sys.stderr)
    return 0


def _write_output(path: str, text: str) -> None:
    """Write `text` to `path` ("-": standard output)."""
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise NotFound(f"cannot write {path}: {e.strerror}") from e


def cmd_games(args: argparse.Namespace) -> int:
    store = _open_store(args.db)
    try:
        games = store.games()
        if args.json:
            _print_json([{"game": g.game_id, "title": g.title, "events": g.version,
                          "created_at": str(g.created_at), "source": g.source, **status_of(g)} for g in games])
            return 0
        from simulator.cli.terminal import print_table
        plain = "\n".join(f"{_shown(g.game_id)}  {g.version:>6} events  {_shown(g.created_at)}  {_shown(g.title)}  "
                          f"[{_shown(status_text(g))}]" for g in games)
        print_table(("game", "events", "created", "title", "status"),
                    [(_shown(g.game_id), g.version, _shown(g.created_at), _shown(g.title), _shown(status_text(g)))
                     for g in games], args.color, right=(1,), plain=plain)
        return 0
    finally:
        store.close()


def cmd_completion(args: argparse.Namespace) -> int:
    from simulator.cli.help import completion_script
    print(completion_script(build_parser(), args.shell), end="")
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    from simulator.cli import cardinfo
    from simulator.cli import docs_gen
    words = list(args.name or ())
    if words[:1] == ["import"]:
        return _cards_import(words[1:])
    if len(words) > 1:
        raise InvalidInput(f"cards: one card name at a time, not {len(words)} words "
                           "(quote a name with spaces; `cards import FILE` imports Oracle data)")
    if args.coverage is not None:
        from simulator.tools.coverage import main as coverage_main
        return coverage_main([args.coverage] if args.coverage else [])
    pool = load_pool(args.cards or ())
    if args.markdown:
        print(docs_gen.cards_markdown(pool), end="")
        return 0
    if words:
        status = cardinfo.card_status(pool, words[0])
        if args.json:
            _print_json(cardinfo.status_data(status))
        else:
            tests = cardinfo.tested_by(status.name, docs_gen.GAMES) if docs_gen.GAMES.is_dir() else []
            print(cardinfo.status_text(status, tests))
        return 0
    if args.text is not None or args.type is not None or args.supported is not None:
        rows = cardinfo.search(pool, args.text, args.type, args.supported)
        if args.json:
            _print_json([{"name": n, "cost": c, "type": t,
                          **({"supported": r is None, "refusal": r} if args.supported is not None else {})}
                         for n, c, t, r in rows])
        else:
            for n, c, t, _ in rows:
                print(f"{n:<26} {c or '':<13} {t}".rstrip())
        return 0
    names = sorted(set(pool.names()) | set(pool.token_names()), key=lambda n: (pool.is_token(n), n))
    described = [cardinfo.describe(pool.get(n)) for n in names]
    if args.json:
        _print_json(described)
    else:
        for d in described:
            print(cardinfo.card_line(d) + ("  (token)" if d["token"] else ""))
    return 0


def _cards_import(files: list[str]) -> int:
    """`simulator cards import FILE`: the user's Oracle data, every command reads it."""
    from simulator.cards.oracle import OracleDataError, import_user_data
    if len(files) != 1:
        raise InvalidInput("cards import: name one file (MTGJSON AtomicCards.json, plain/.gz/.xz, "
                           "or Scryfall's oracle-cards JSON)")
    try:
        n, where = import_user_data(files[0])
    except FileNotFoundError:
        raise InvalidInput(f"cards import: {files[0]}: file not found") from None
    except OSError as e:
        raise InvalidInput(f"cards import: {files[0]}: cannot read it: {e.strerror or e}") from None
    except OracleDataError as e:
        raise InvalidInput(f"cards import: {e}") from None
    print(f"{n} card faces imported into {where}; every command now reads them before the "
          "package's Oracle data")
    return 0


# --------------------------------------------------------------------------- parser

class _VersionAction(argparse.Action):
    """--version, looked up only when asked for (importlib.metadata is not free at start-up)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=argparse.SUPPRESS, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_args: Any) -> None:
        from simulator.cli.help import package_version
        print(f"simulator {package_version()}")
        parser.exit()


@functools.cache
def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, built once per process: parsing never changes it, and
    `main` may run many times in one process (argparse's set-up, with a gettext lookup per
    argument, was a third of a short in-process command)."""
    from simulator.cli.help import Parser, polish
    p = Parser(prog="simulator", description="Event-sourced simulator of Magic's mana, "
               "tapping and explore rules: replay recorded games, audit why triggers fired.")
    p.add_argument("--version", action=_VersionAction, help="print the version and exit")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", title="commands")

    _recording_commands(sub)
    _reading_commands(sub)
    _explaining_commands(sub)
    _playing_commands(sub)
    _output_commands(sub)
    return polish(p)


def _cards_option(sp: argparse.ArgumentParser, help: str = "extra card file (repeatable)") -> None:
    """The repeatable --cards option of every command that reads cards."""
    sp.add_argument("--cards", action="append", metavar="FILE", help=help)


def _game_argument(sp: argparse.ArgumentParser) -> None:
    """The optional GAME positional of every command that reads one stored game."""
    from simulator.cli.help import GAME_HELP
    sp.add_argument("game", nargs="?", metavar="GAME", help=GAME_HELP)


def _db_option(sp: argparse.ArgumentParser) -> None:
    """The --db option every command that opens a database has."""
    sp.add_argument("--db", default=DEFAULT_DB,
                    help=f"SQLite file or SQLAlchemy URL (default: ./{DEFAULT_DB})")


def _recording_commands(sub: "argparse._SubParsersAction[Parser]") -> None:
    """The commands that record games: replay."""
    r = sub.add_parser("replay", help="replay a recorded game into the event log and print the final state")
    r.add_argument("file", metavar="FILE", nargs="+",
                   help="the recorded game, a .toml or .json file (format: docs/recorded-games.md); "
                        "several files, or directories with --jobs: a batch replay")
    r.add_argument("--jobs", type=int, metavar="N",
                   help="batch replay with N processes, this one included (default for several files: one per CPU)")
    r.add_argument("--json", action="store_true",
                   help="print the final state as JSON (docs/recorded-games.md, Output); "
                        "a batch: one outcome per file")
    _cards_option(r)
    _db_option(r)
    r.set_defaults(func=cmd_replay)


def _reading_commands(sub: "argparse._SubParsersAction[Parser]") -> None:
    """The commands that read a stored game: state, log, verify."""
    s = sub.add_parser("state", help="the state of a stored game, now or after event N")
    _game_argument(s)
    s.add_argument("--at", type=int, metavar="N",
                   help="the state just after event N (0: before the first event; default: now)")
    s_out = s.add_mutually_exclusive_group()
    s_out.add_argument("--json", action="store_true", help="print the state as JSON")
    s_out.add_argument("--svg", metavar="FILE",
                       help="draw the position as SVG: the battlefield as cards, tapped ones sideways (- for stdout)")
    _cards_option(s, "extra card file the game needs (repeatable; its own files are found by itself)")
    _db_option(s)
    s.set_defaults(func=cmd_state)

    le = sub.add_parser("legal", help="every decision a player may make now, as recorded-game actions")
    _game_argument(le)
    le.add_argument("--at", type=int, metavar="SEQ", help="just after event SEQ (default: now)")
    le.add_argument("--json", action="store_true",
                    help="a JSON list: player, action (the recorded-game action), toml, label")
    _cards_option(le, "extra card file the game needs (repeatable; its own files are found by itself)")
    _db_option(le)
    le.set_defaults(func=cmd_legal)

    mn = sub.add_parser("mana", help="what each of a player's permanents could produce now, and at what cost")
    _game_argument(mn)
    mn.add_argument("--at", type=int, metavar="SEQ", help="just after event SEQ (default: now)")
    mn.add_argument("--player", metavar="P", help="whose permanents (default: the player with priority)")
    mn.add_argument("--json", action="store_true",
                    help="JSON: player, permanents [{id, card, could_produce, abilities [{number, text, cost, "
                         "choices [{mana, adds, mana_pool, also, pending, legal, why_not}]}]}]")
    _cards_option(mn, "extra card file the game needs (repeatable; its own files are found by itself)")
    _db_option(mn)
    mn.set_defaults(func=cmd_mana)

    lg = sub.add_parser("log", help="every event: seq, type, rule, cause")
    _game_argument(lg)
    lg.add_argument("--type", action="append", metavar="TYPE",
                    help="only events of this type, e.g. ManaAdded (repeatable)")
    lg.add_argument("--rule", action="append",
                    metavar="RULE",
                    help="only events under this rule: 106.12 selects 106.12, 106.12a, ... (repeatable)")
    lg_out = lg.add_mutually_exclusive_group()
    lg_out.add_argument("--json", action="store_true",
                        help="print the events as JSON (seq, type, rule, cause, decision, payload, text)")
    lg_out.add_argument("--nl", action="store_true",
                        help="one JSON object per line and event: seq, type, rule, cause, decision, payload, "
                             "hash (a stable stream for diffing against another engine's log)")
    _db_option(lg)
    lg.set_defaults(func=cmd_log)

    v = sub.add_parser("verify", help="check the hash chain and that the log replays to the recorded state")
    _game_argument(v)
    v.add_argument("--all", action="store_true",
                   help="every game in the database, and events whose game row is missing")
    v.add_argument("--json", action="store_true",
                   help="print one JSON object per game: game, title, events, ok, problems")
    v.add_argument("--resimulate", action="store_true",
                   help="also re-decide every stored decision with the current rules and report the first "
                        "event that differs (seq, stored vs now): do recorded games still play the same?")
    _cards_option(v, "extra card file for --resimulate (repeatable)")
    v.add_argument("--expect-head", metavar="HEAD",
                   help="the head kept from replay/apply/`simulator head` (the line it printed, or SEQ:HASH): "
                        "the log must still hold that event at that seq (detects truncation and rewriting "
                        "by whoever can write the file)")
    _db_option(v)
    v.set_defaults(func=cmd_verify)


def _explaining_commands(sub: "argparse._SubParsersAction[Parser]") -> None:
    """The commands that explain a stored game: triggers, why."""
    t = sub.add_parser("triggers", help="every triggered ability that triggered, with its cause chain")
    _game_argument(t)
    t.add_argument("--json", action="store_true",
                   help="print the list as JSON: seq, source, source_id, controller, rule, cause")
    _db_option(t)
    t.set_defaults(func=cmd_triggers)

    w = sub.add_parser("why", help="explain one event: its causes back to the player's decision")
    _game_argument(w)
    w.add_argument("seq", metavar="SEQ", help="the event's number (as `log` shows it; #16 works too)")
    fmt = w.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="the chain as JSON")
    fmt.add_argument("--dot", action="store_true",
                     help="Graphviz DOT of the causal graph (draw it with Graphviz's dot)")
    fmt.add_argument("--svg", metavar="FILE", help="write the causal graph as SVG (no Graphviz needed; - for stdout)")
    fmt.add_argument("--html", metavar="FILE", help="write a page with the graph, the chain in words and its rules")
    _db_option(w)
    w.set_defaults(func=cmd_why)


def _playing_commands(sub: "argparse._SubParsersAction[Parser]") -> None:
    """The commands that play, check or continue games: play, check, apply."""
    pl = sub.add_parser("play", help="play a game at the terminal: numbered legal decisions, undo, why",
                        epilog="examples: simulator play examples/forest_and_elves.toml --db play.sqlite; "
                               "simulator play --db play.sqlite --game 1a2b. At the prompt: a number, an action "
                               "like {player = \"Alice\", pass = true}, undo, why N, state, help, quit")
    pl.add_argument("file", nargs="?", metavar="FILE",
                    help="a recorded game to start from (replayed first; new decisions are appended to it)")
    pl.add_argument("--game", metavar="GAME",
                    help="continue this stored game instead (id or unique prefix; default: the latest)")
    _cards_option(pl)
    _db_option(pl)
    pl.set_defaults(func=cmd_play)

    ck = sub.add_parser("check", help="replay recorded games in memory and check their [[expect]] sections",
                        epilog="example: simulator check tests/games/*.toml. Exit status: 0 every expectation met, "
                               "1 some not (each named with file, expectation and the value found), 2 invalid file")
    ck.add_argument("files", nargs="+", metavar="FILE", help="recorded-game files (.toml or .json)")
    ck.add_argument("--json", action="store_true",
                    help="a JSON list, one entry per file: file, ok, expectations, stopped, stopped_at, failures "
                         "(file, expectation, key, expected, actual, message)")
    _cards_option(ck)
    ck.set_defaults(func=cmd_check)

    ap = sub.add_parser("apply", help="continue a stored game: apply more decisions to its log",
                        epilog="examples: simulator apply --db game.sqlite '{player = \"Alice\", activate = \"forest-a\"}'; "
                               "simulator apply 1a2b --db game.sqlite more_actions.toml. Exit status: 0 applied, "
                               "2 invalid action (nothing written), 3 illegal decision (nothing written), "
                               "4 another writer appended first (nothing written: run it again)")
    ap.add_argument("items", nargs="+", metavar="[GAME] ACTION",
                    help="optional game id (or unique prefix; default: the latest game), then actions: each a TOML "
                         "inline table in the recorded-game syntax, or a .toml/.json file of [[actions]]")
    ap.add_argument("--json", action="store_true", help="print the state after them as JSON (docs/recorded-games.md)")
    _cards_option(ap)
    _db_option(ap)
    ap.set_defaults(func=cmd_apply)


def _output_commands(sub: "argparse._SubParsersAction[Parser]") -> None:
    """The commands that write a game or list things: export, view, cards, head, games, completion."""
    ex = sub.add_parser("export", help="write a stored game as a recorded game (format 1) from its log",
                        epilog="examples: simulator export --db game.sqlite -o again.toml; "
                               "simulator export --db game.sqlite --at 12 -o puzzle.toml")
    _game_argument(ex)
    ex.add_argument("--at", type=int, metavar="SEQ",
                    help="export the position just after event SEQ as a new starting position, "
                         "without actions (what format 1 cannot express is listed on stderr)")
    ex.add_argument("-o", "--output", metavar="FILE",
                    help="write the game there (its custom card files go to cards/ beside it); "
                         "default: standard output")
    ex.add_argument("--json", action="store_true", help="write the recorded game as JSON instead of TOML")
    _cards_option(ex)
    _db_option(ex)
    ex.set_defaults(func=cmd_export)

    vw = sub.add_parser("view", help="write the game as one self-contained HTML page (timeline, state, why)",
                        epilog="example: simulator view --db game.sqlite -o game.html "
                               "(then open game.html#seq=16 in a browser)")
    _game_argument(vw)
    vw.add_argument("-o", "--output", default="game.html", metavar="FILE",
                    help="the HTML file to write (default: game.html; - for stdout)")
    _cards_option(vw)
    _db_option(vw)
    vw.set_defaults(func=cmd_view)

    c = sub.add_parser("cards", help="the supported cards: Oracle text and the abilities the engine parsed",
                       epilog="examples:\n  simulator cards\n  simulator cards \"Wild Growth\"\n"
                              "  simulator cards \"Cabal Coffers\"      (a real card: plays, or why not)\n"
                              "  simulator cards --text explore --supported\n"
                              "  simulator cards import AtomicCards.json.xz\n"
                              "  simulator cards --coverage AtomicCards.json.xz\n"
                              "  simulator cards --json\n  simulator cards \"My Card\" --cards my_cards.toml")
    c.add_argument("name", nargs="*", metavar="NAME",
                   help="one card (exact name, or a unique case-insensitive prefix; any real card by its "
                        "name): whether a game plays it; `import FILE`: import newer Oracle data "
                        "(MTGJSON AtomicCards or Scryfall oracle cards) into the user data directory "
                        "($SIMULATOR_DATA_DIR, else $XDG_DATA_HOME/mtg-mana-simulator); default: list "
                        "the built-in cards")
    c.add_argument("--text", metavar="WORDS", help="search real cards whose Oracle text contains WORDS")
    c.add_argument("--type", metavar="WORDS", help="search real cards whose type line contains WORDS")
    ok = c.add_mutually_exclusive_group()
    ok.add_argument("--supported", dest="supported", action="store_const", const=True,
                    help="only the cards a game plays (each checked as a game would: slow without --text/--type)")
    ok.add_argument("--refused", dest="supported", action="store_const", const=False,
                    help="only the cards a game refuses at load")
    c.add_argument("--coverage", nargs="?", const="", metavar="FILE",
                   help="the coverage report: per in-scope class, cards accepted and refused, and the "
                        "refusal clusters (FILE: MTGJSON Oracle data; default: the Oracle data in use)")
    out = c.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the card(s) as JSON, parsed model included")
    out.add_argument("--markdown", action="store_true",
                     help="print the card reference docs/cards.md (python -m simulator.cli.docs_gen writes it)")
    _cards_option(c, "also load this card file (repeatable)")
    c.set_defaults(func=cmd_cards)
    hd = sub.add_parser("head", help="the hash of a game's last event, to keep outside the database",
                        epilog="example: simulator head --db game.sqlite > head.txt; later: "
                               "simulator verify --db game.sqlite --expect-head \"$(cat head.txt)\"")
    _game_argument(hd)
    hd.add_argument("--json", action="store_true", help='{"game", "seq", "hash"}')
    _db_option(hd)
    hd.set_defaults(func=cmd_head)

    gm = sub.add_parser("games", help="list the games in a database, with each game's status")
    gm.add_argument("--json", action="store_true",
                    help="print the games as JSON: game, title, events, created_at, source, status (complete | "
                         "stopped | waiting | interrupted | unknown), action, message")
    _db_option(gm)
    gm.set_defaults(func=cmd_games)

    cp = sub.add_parser("completion", help="print a shell completion script (bash, zsh or tcsh)")
    cp.add_argument("shell", choices=("bash", "zsh", "tcsh"), help="the shell to complete for")
    cp.set_defaults(func=cmd_completion)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; the single place that maps errors to exit statuses."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:   # --help (0) or a usage error (2)
        return EXIT_OK if e.code is None else e.code if isinstance(e.code, int) else EXIT_INVALID_INPUT
    if getattr(args, "func", None) is None:     # `simulator` alone: say what it can do
        parser.print_help()
        return EXIT_OK
    try:
        return args.func(args)
    except IllegalAction as e:
        print(str(e), file=sys.stderr)
        return e.exit_code
    except SimulatorError as e:
        print(f"simulator: {e}", file=sys.stderr)
        return e.exit_code
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        print("simulator: interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # a bug of ours, not the user's: say so plainly
        if os.environ.get("SIMULATOR_DEBUG"):
            raise
        if type(e).__module__.split(".")[0] in ("psycopg", "sqlite3", "sqlalchemy"):
            # the database failed where no store handler stood (a connection lost mid-way)
            from simulator.base.errors import EXIT_DATABASE
            first = str(getattr(e, "orig", None) or e).strip().splitlines()
            print(f"simulator: the database failed: {first[0] if first else type(e).__name__}",
                  file=sys.stderr)
            return EXIT_DATABASE
        print(f"simulator: internal error ({type(e).__name__}: {e}); "
              f"set SIMULATOR_DEBUG=1 for the traceback", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
