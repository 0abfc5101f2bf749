"""How a stored game stands: complete, stopped by an illegal decision, waiting on a choice,
or interrupted (a replay that never finished).

The store keeps the outcome of the last replay or `apply` in the game's row
(`games.status`, migration 0004); `status_of` turns that row into what `games`
shows. The log itself never records an illegal decision (it writes nothing).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.base.errors import IllegalAction
from simulator.game.state import GameState
from simulator.store import GameInfo

REPLAYING = "replaying"
COMPLETE = "complete"
WAITING = "waiting"
STOPPED = "stopped"

__all__ = ["Outcome", "outcome", "status_of", "status_text"]


@dataclass(frozen=True)
class Outcome:
    """What to record in the game's row after a replay or an apply."""

    status: str
    action: int | None = None
    message: str | None = None


def outcome(state: GameState, error: IllegalAction | None) -> Outcome:
    """The status after applying a game's actions: stopped on `error`, else waiting on the
    pending choice, else complete."""
    if error is not None:
        unplaced = IllegalAction(error.why, error.rule, player=error.player, what=error.what)
        return Outcome(STOPPED, error.action, str(unplaced))
    if state.pending is not None and not state.game_over:
        p = state.pending
        return Outcome(WAITING, None, f"{p['player']} must answer the pending {p['kind']} choice")
    return Outcome(COMPLETE)


def status_of(info: GameInfo) -> dict[str, Any]:
    """{"status", "action", "message"} for `games --json`: complete | stopped | waiting |
    interrupted (still marked as replaying: the replay never finished) | unknown (a game
    stored before statuses were kept)."""
    status = info.status
    if status is None:
        return {"status": "unknown", "action": None, "message": "stored before game statuses were kept"}
    if status == REPLAYING:
        return {"status": "interrupted", "action": None,
                "message": f"the replay stopped after event {info.version} without finishing"}
    return {"status": status, "action": info.status_action, "message": info.status_message}


def status_text(info: GameInfo) -> str:
    """One line: "complete", "stopped at action 3: ...", "waiting: Alice must answer ...", ..."""
    s = status_of(info)
    if s["status"] == STOPPED:
        return f"stopped at action {s['action']}: {s['message']}"
    if s["message"] and s["status"] != COMPLETE:
        return f"{s['status']}: {s['message']}"
    return s["status"]
