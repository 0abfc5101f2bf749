"""Batch replay: many recorded games replayed into one database (SQLite or PostgreSQL) by
parallel worker processes, each game exactly as `replay_file` replays it alone, and a summary
of what happened to each: its game id and events, or why it stopped (an illegal decision, an
invalid file, a database problem)."""
from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

from simulator.base.errors import NotFound, SimulatorError

if TYPE_CHECKING:
    from multiprocessing.queues import Queue


#: A progress callback: called with the number of units of work just done.
Advance = Callable[[int], None]

GAME_SUFFIXES = (".toml", ".json")


@dataclass(frozen=True)
class Outcome:
    """What replaying one file did: `status` 0 (every decision applied), else the exit status
    its failure has on its own (3 illegal decision, 2 invalid file, ...) and `error` says why."""

    file: str
    game_id: str | None
    events: int
    status: int
    error: str | None

    def as_json(self) -> dict[str, Any]:
        return asdict(self)



def _no_step(n: int = 1) -> None:
    """No progress callback: nothing to advance."""


def game_files(paths: Iterable[str]) -> list[str]:
    """The files named, a directory standing for its recorded games (*.toml, *.json, sorted)."""
    files: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            found = sorted(str(f) for f in path.iterdir() if f.suffix in GAME_SUFFIXES and f.is_file())
            if not found:
                raise NotFound(f"{p}: a directory without recorded games (*.toml, *.json)")
            files += found
        else:
            files.append(p)
    return files


def replay_one(path: str, db: str, card_files: Sequence[str] = ()) -> Outcome:
    """Replay one file into `db` (in this process); every failure becomes the Outcome's error."""
    from simulator.session.recorder import replay_file

    try:
        result = replay_file(path, db, card_files=card_files, keep_events=False)
    except SimulatorError as e:
        return Outcome(path, None, 0, e.exit_code, str(e))
    except Exception as e:   # a bug of ours: reported for this game, the others go on
        return Outcome(path, None, 0, 70, f"internal error ({type(e).__name__}: {e})")
    error = result.error
    return Outcome(path, result.game.game_id, len(result.game.events),
                   0 if error is None else error.exit_code, None if error is None else str(error))


def replay_many(paths: Sequence[str], db: str, *, jobs: int = 1, card_files: Sequence[str] = (),
                advance: Advance | None = None) -> list[Outcome]:
    """Replay every file into `db` with `jobs` worker processes; outcomes in the files' order.
    The database is opened (created, migrated) once first, so workers never race to migrate."""
    from simulator.store import EventStore

    EventStore(db).close()
    step = advance or _no_step
    if jobs <= 1 or len(paths) <= 1:
        outcomes = []
        for p in paths:
            outcomes.append(replay_one(p, db, card_files))
            step(1)
        return outcomes
    by_path: dict[int, Outcome] = {}
    # spawn: a fresh interpreter per worker, nothing inherited from this process (open
    # connections, a progress bar's thread). This process is one of the `jobs`: it replays
    # games while the jobs - 1 workers start up (an interpreter and the simulator's imports
    # each). Every process takes the next game from one shared counter, so none sits idle
    # while another still has games queued (an executor's queue would hold games back).
    context = multiprocessing.get_context("spawn")
    counter = context.Value("i", 0)
    results: Queue[tuple[int, Outcome]] = context.Queue()
    workers = min(jobs, len(paths)) - 1
    with _terminate_as_exit(), ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=_share,
            initargs=(counter, results, os.getpid())) as pool:
        try:
            running = [pool.submit(_take_games, list(paths), db, tuple(card_files)) for _ in range(workers)]
            while (i := _next_game(counter)) < len(paths):
                by_path[i] = replay_one(paths[i], db, card_files)
                step(1)
            while len(by_path) < len(paths):
                try:
                    i, outcome = results.get(timeout=0.5)
                except queue.Empty:
                    for future in running:   # a worker that died raises here instead of hanging
                        if future.done():
                            future.result()
                    continue
                by_path[i] = outcome
                step(1)
        except BaseException:   # SIGTERM, ^C, an error: no worker takes another game
            with counter.get_lock():
                counter.value = len(paths)
            raise
    return [by_path[i] for i in range(len(paths))]


@contextmanager
def _terminate_as_exit() -> Iterator[None]:
    """SIGTERM ends the batch like ^C: the workers finish the game each is replaying (a game is
    never left half-written by the batch itself), take no other, and exit; then this process
    exits with 143 (128 + SIGTERM). Only in the main thread, where signals are handled."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, _frame: Any) -> None:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


_SHARED: dict[str, Any] = {}   # in a worker: the game counter and the results queue


def _share(counter: Any, results: Any, parent: int) -> None:
    """A worker's initializer: the counter and queue it shares with the batch's process, and a
    watch on that process: when it dies (kill -9), the worker exits too instead of waiting
    forever for work that will not come (it would finish its game first only if it could)."""
    _SHARED.update(counter=counter, results=results)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()


def _watch_parent(parent: int) -> None:
    """Exit this worker once its parent is gone (it is then re-parented: getppid changes). A
    game being written is left as an exact prefix, as a kill leaves it (docs/reliability.md)."""
    while True:
        time.sleep(PARENT_CHECK_S)
        if os.getppid() != parent:
            os._exit(1)


PARENT_CHECK_S = 0.5


def _next_game(counter: Any) -> int:
    """Take the index of the next game to replay (every process of the batch draws from it)."""
    with counter.get_lock():
        i = int(counter.value)
        counter.value = i + 1
    return i


def _take_games(paths: list[str], db: str, card_files: tuple[str, ...]) -> None:
    """A worker's loop: replay the next game until none is left; each outcome goes to the queue."""
    counter, results = _SHARED["counter"], _SHARED["results"]
    while (i := _next_game(counter)) < len(paths):
        results.put((i, replay_one(paths[i], db, card_files)))


def exit_status(outcomes: Sequence[Outcome]) -> int:
    """0 when every game replayed completely, else the most serious of their statuses."""
    return max((o.status for o in outcomes), default=0)


def summary_table(outcomes: Sequence[Outcome]) -> str:
    """One line per file (game id, events, result), then the totals."""
    width = max([len(o.file) for o in outcomes] + [4])
    lines = [f"{'file':<{width}}  {'game':<12}  {'events':>7}  result"]
    for o in outcomes:
        result = "ok" if o.status == 0 else f"exit {o.status}: {o.error}"
        lines.append(f"{o.file:<{width}}  {(o.game_id or '-')[:12]:<12}  {o.events:>7}  {result}")
    failed = sum(1 for o in outcomes if o.status)
    lines.append(f"{len(outcomes)} games, {sum(o.events for o in outcomes)} events, {failed} failed")
    return "\n".join(lines)


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))
