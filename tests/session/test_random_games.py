"""Random legal games (docs/reliability.md): a hypothesis state machine sets up a random board
from the whole card pool and plays random decisions from `legal_decisions`, storing each in a
real SQLite event store. After every decision:

* the live state equals the pure fold of the stored log;
* the hash chain verifies;
* every event's cause chain ends at a decision, with a rule on every link;
* no mana pool holds a negative amount;
* no event taps a permanent that was already tapped (no cost paid twice with one tap);
* `why` explains every new event.

(The checks are tests/invariants.py's: the smoke test of every accepted real card,
tests/cards/test_pool_smoke.py, holds games to the same ones.)

A failing example is written as a recorded game to tests/games/regressions/ (the last one
hypothesis tries is the shrunk one); every game there is replayed by
`test_regression_games_hold_the_invariants`."""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from invariants import check_invariants, check_taps
from reliability_stats import record
from scenario import migrated_db
from simulator.session.game import Game
from simulator.base.errors import InvalidGameFile
from simulator.tools.legal import legal_decisions
from simulator.formats.recorded import load_recorded_game, parse_recorded_game
from simulator.session.recorder import Recorder, decisions_for, load_pool
from simulator.store import EventStore

ROOT = Path(__file__).resolve().parents[2]
REGRESSIONS = ROOT / "tests" / "games" / "regressions"
POOL = load_pool()
CARDS = sorted(POOL.names())
PERMANENTS = [c for c in CARDS if "Aura" not in POOL.get(c).type_line
              and not {"Instant", "Sorcery"} & set(POOL.get(c).types)]
TOTALS = {"games": 0, "decisions": 0}


def board() -> st.SearchStrategy[dict[str, Any]]:
    """A recorded game's start: two players, random permanents, hands and libraries."""
    def player(name: str) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({
            "name": st.just(name),
            "battlefield": st.lists(st.builds(lambda c, t: {"card": c, "tapped": t},
                                              st.sampled_from(PERMANENTS), st.booleans()), max_size=6),
            "hand": st.lists(st.sampled_from(CARDS), max_size=4),
            "library": st.lists(st.sampled_from(CARDS), max_size=6),
        })
    return st.builds(lambda a, b: {"format": 1, "title": "random board", "players": [a, b]},
                     player("Alice"), player("Bob"))


class RandomLegalGame(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="random-game-"))
        self.store = EventStore(migrated_db(self.folder / "g.sqlite"))
        self.doc: dict[str, Any] = {}
        self.actions: list[dict[str, Any]] = []

    @initialize(start=board())
    def set_up(self, start: dict[str, Any]) -> None:
        self.doc = start
        try:
            recorded, pool = parse_recorded_game(start, self.folder / "game.json", POOL)
        except InvalidGameFile:   # a board the format refuses is not a game to play
            self.game = None
            return
        self.game = Game(pool)
        self.store.create_game(self.game.game_id, "random")
        self.rec = Recorder(self.game, self.store, snapshot_every=25)
        before = self.game.state
        self.rec.commit(self.game.setup(recorded))
        self.guard(lambda: (check_taps(before, self.game.events), check_invariants(
            self.store, self.game, self.game.events)))
        TOTALS["games"] += 1

    def guard(self, check: Any) -> None:
        try:
            check()
        except AssertionError:
            self.save_failure()
            raise

    def save_failure(self) -> None:
        REGRESSIONS.mkdir(parents=True, exist_ok=True)
        doc = {**self.doc, "title": "random legal game that broke an invariant", "actions": self.actions}
        (REGRESSIONS / "random_game_failure.json").write_text(json.dumps(doc, indent=1) + "\n")

    @precondition(lambda self: self.game is not None and not self.game.state.game_over)
    @rule(data=st.data())
    def decide(self, data: st.DataObject) -> None:
        legal = legal_decisions(self.game.state, self.game.pool)
        if not legal:
            return
        pick = data.draw(st.sampled_from(legal), label="decision")
        self.actions.append(pick.action)
        before, start = self.game.state, len(self.game.events)
        try:
            self.rec.apply(pick.decision)
        except Exception:
            self.save_failure()
            raise
        new = self.game.events[start:]
        self.guard(lambda: (check_taps(before, new), check_invariants(self.store, self.game, new)))
        TOTALS["decisions"] += 1

    @precondition(lambda self: self.game is None or self.game.state.game_over)
    @rule()
    def finished(self) -> None:
        """Nothing left to decide (a refused board, or the game is over)."""

    def teardown(self) -> None:
        self.store.close()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.mark.fuzz
def test_random_legal_games(fuzz_budget):
    TOTALS.update(games=0, decisions=0)
    machine = RandomLegalGame
    machine.TestCase.settings = settings(
        max_examples=200 if fuzz_budget.long else 5, stateful_step_count=40 if fuzz_budget.long else 12,
        deadline=None, database=None, suppress_health_check=list(HealthCheck))
    machine.TestCase().runTest()
    record("random_games", games=TOTALS["games"], decisions=TOTALS["decisions"])


REGRESSION_GAMES = sorted(REGRESSIONS.glob("*.json")) + sorted(REGRESSIONS.glob("*.toml"))
# Games the invariant checker also runs on, so the check itself is exercised even while no
# random game has ever failed (tests/games/regressions/ then holds only its README).
WITNESS_GAMES = [ROOT / "tests" / "games" / name for name in (
    "card_cobra_landfall.toml", "card_wake_contamination.toml", "card_chupacabra_ends_in_cleanup.toml")]


@pytest.mark.parametrize("path", REGRESSION_GAMES + WITNESS_GAMES,
                         ids=[p.name for p in REGRESSION_GAMES + WITNESS_GAMES])
def test_regression_games_hold_the_invariants(path, tmp_path):
    recorded, pool = load_recorded_game(path, POOL)
    with EventStore(tmp_path / "g.sqlite") as store:
        game = Game(pool)
        store.create_game(game.game_id, recorded.title)
        rec = Recorder(game, store)
        rec.commit(game.setup(recorded))
        check_invariants(store, game, game.events)
        for action in recorded.actions:
            before, start = game.state, len(game.events)
            for decision in decisions_for(action, game):
                rec.apply(decision)
            check_taps(before, game.events[start:])
            check_invariants(store, game, game.events[start:])
