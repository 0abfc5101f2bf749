"""The characteristics of a state made from one computed before are updated, not recomputed,
when no permanent affects others (`layers._updated`): only the objects changed since are
worked out again. That must give exactly what computing every layer of every permanent gives
(613), with the same permanents in each index and in battlefield order. Every scenario game
is played here with each updated board checked against a full computation of its state; and
the updates must happen (the growing-board workload updates far more often than it computes).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from simulator.game import layers
from simulator.session.recorder import replay_file

GAMES = sorted((Path(__file__).parent.parent / "games").glob("*.toml"))


def _same_board(got: layers.Board, want: layers.Board) -> None:
    assert list(got.items()) == list(want.items())          # the same characteristics, in battlefield order
    assert got.records == want.records
    assert got.effect_free == want.effect_free
    for name in layers._INDEXES:
        assert getattr(got, name) == getattr(want, name), name


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every board `_updated` makes compared with a full computation of the same state."""
    made = [0]
    update, compute = layers._updated, layers._compute

    def checking(prev, state, cards, read):  # type: ignore[no-untyped-def]
        board = update(prev, state, cards, read)
        if board is not None:
            made[0] += 1
            _same_board(board, layers._board(state, cards, compute(state, cards)))
        return board

    monkeypatch.setattr(layers, "_updated", checking)
    return made


def test_every_scenario_game_updates_boards_as_a_full_computation_would(checked):
    """All tests/games: blood moons, auras that fall off, counters that annihilate, tokens,
    legends, Steward of the Harvest, explore, players leaving a multiplayer game."""
    for path in GAMES:
        replay_file(path, None)
    assert checked[0] > 500


def test_the_growing_board_updates_more_than_it_computes(checked, monkeypatch):
    """A land a turn, tapped and untapped: each board is the last one with the land that
    changed (4.x of the performance goals), not a computation of the whole battlefield."""
    from bench.workloads import lands_game
    from simulator.cards import CardPool
    from simulator.formats.recorded import parse_recorded_game
    from simulator.session.game import Game
    from simulator.session.recorder import decisions_for

    full = [0]
    compute = layers._compute

    def counting(state, cards, only=None):  # type: ignore[no-untyped-def]
        if only is None:
            full[0] += 1
        return compute(state, cards, only)

    recorded, pool = parse_recorded_game(lands_game(30), "board.json", CardPool.builtin())
    game = Game(pool)
    game.setup(recorded)
    monkeypatch.setattr(layers, "_compute", counting)
    for action in recorded.actions:
        for decision in decisions_for(action, game):
            game.apply(decision)
    updated = checked[0]
    assert updated > 10 * full[0], (updated, full[0])
