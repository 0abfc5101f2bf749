"""`simulator play`: play a game at the terminal, one decision at a time.

The session shows the state, then the pending choice or the numbered legal
decisions (`legal.legal_decisions`), and reads a line:

- a number: that decision; `{...}`: an action in the recorded-game syntax
  (validated like a file: a bad one is explained and nothing is written);
- `undo`: a NEW game forked at the previous decision (the log stays
  append-only: the old game is kept, play goes on in the fork);
- `why N`: event N explained back to its decision; `state`: the state again;
  `help`; `quit` (or end of input).

Every decision is appended to the log at once (`apply.commit_apply`: one
transaction, optimistic concurrency) and, when there is one, to the recorded
file as an `[[actions]]` table; an undo edits that file to the fork's decisions
(tools/roundtrip.py: its comments, `#:schema`, [[expect]] and shorthands stay), so the
file always replays to the game being played.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TextIO

import tomli_w

from simulator.session import audit
from simulator.session.apply import commit_apply, prepare_apply
from simulator.session.game import Game
from simulator.base.errors import IllegalAction, InvalidInput, SimulatorError
from simulator.tools.export import export_game, to_json, to_toml
from simulator.tools.legal import LegalDecision, legal_decisions
from simulator.tools.roundtrip import rewrite_actions
from simulator.formats.recorded import decode_file, parse_recorded_game
from simulator.session.recorder import Recorder, decisions_for, game_pool, read_envelopes, state_from_store, why_from_store
from simulator.session.status import outcome
from simulator.store import EventStore
from simulator.session.view import shown_id, state_text

__all__ = ["PlaySession", "fork_game"]

HELP = ("type a number to make that decision, or an action like {player = \"Alice\", pass = true};\n"
        "undo (fork a new game at the previous decision), why N, log [N], state, help, quit;\n"
        "Tab completes commands, ids and card names, the arrow keys edit the line and recall earlier ones")
COMMANDS = ("why", "log", "undo", "state", "help", "quit")
ACTION_WORDS = ("player", "activate", "ability", "cast", "play", "pass", "resolve", "advance", "choose",
                "mana", "targets", "sacrifice", "pay", "pay_with", "x", "true")


def fork_game(store: EventStore, game_id: str, keep: int) -> str:
    """A new game replaying the first `keep` decisions of `game_id` (its setup included);
    the old game and its log are untouched. Returns the new game's id."""
    envelopes = list(read_envelopes(store, game_id))
    pool = game_pool(store, game_id).pool
    exported = export_game(envelopes, pool, keep_file=False)   # one action per decision
    data = {k: v for k, v in exported.game.items() if k != "cards"}   # the pool already has them
    data["actions"] = data.get("actions", [])[:keep]
    recorded, _ = parse_recorded_game(data, f"fork of {game_id}", pool)
    game = Game(pool)
    store.create_game(game.game_id, recorded.title, source=store.game(game_id).source)
    rec = Recorder(game, store)
    rec.commit(game.setup(recorded, getattr(envelopes[0].event, "source", None)))
    for action in recorded.actions:
        for decision in decisions_for(action, game):
            rec.apply(decision)
    done = outcome(game.state, None)
    store.set_status(game.game_id, done.status, done.action, done.message)
    return game.game_id


@dataclass
class PlaySession:
    """One interactive session on a stored game (and, optionally, its recorded file)."""

    store: EventStore
    game_id: str
    out: TextIO
    recorded_file: Path | None = None

    def _print(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def decisions_made(self) -> int:
        """How many player decisions the game has (after its setup)."""
        return sum(1 for e in read_envelopes(self.store, self.game_id)
                   if e.event.decision and e.seq == e.decision_seq and e.type != "GameCreated")

    def show(self) -> list[LegalDecision]:
        """Print the state and what can be done now; return the numbered decisions."""
        state = state_from_store(self.store, self.game_id)
        pool = game_pool(self.store, self.game_id).pool
        self._print(state_text(state, pool, state.version))
        if state.game_over:
            self._print("The game is over.")
            return []
        if state.pending is not None:
            p = state.pending
            self._print(f"Pending {p['kind']} choice for {p['player']}: {p['prompt']}")
        legal = legal_decisions(state, pool)
        for i, d in enumerate(legal, 1):
            self._print(f"  {i:>3}. {d.label}    {d.toml()}")
        return legal

    def apply(self, action: dict[str, Any]) -> None:
        """Apply one action (validated like a file) to the log and the recorded file."""
        prepared = prepare_apply(self.store, self.game_id, [("<play>", [action])])
        commit_apply(self.store, prepared)
        if self.recorded_file is not None:
            self._record(action)
        self._print(f"applied: events {prepared.expected + 1}..{prepared.game.state.version}")

    def _is_json(self) -> bool:
        return self.recorded_file is not None and self.recorded_file.suffix.lower() == ".json"

    def _record(self, action: dict[str, Any]) -> None:
        """The action appended to the recorded file in its own syntax: an `[[actions]]` table
        to a TOML file; a JSON file is written again as JSON with the action added."""
        assert self.recorded_file is not None
        if self._is_json():
            data, _ = decode_file(self.recorded_file, str(self.recorded_file))
            data["actions"] = [*data.get("actions", []), action]
            self.recorded_file.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n",
                                          encoding="utf-8")
            return
        with self.recorded_file.open("a", encoding="utf-8") as f:
            f.write("\n[[actions]]\n" + tomli_w.dumps(action))

    def undo(self) -> None:
        made = self.decisions_made()
        if made == 0:
            self._print("nothing to undo: no decision has been made in this game")
            return
        old = self.game_id
        self.game_id = fork_game(self.store, old, made - 1)
        if self.recorded_file is not None:
            self._rewrite_file(made - 1)
        self._print(f"undone: game {old} is kept; play goes on in game {self.game_id} "
                    f"(forked before decision {made})")

    def _rewrite_file(self, decisions: int) -> None:
        """The recorded file made to say the fork's decisions: the user's file edited, not
        rebuilt (its comments, `#:schema` line, [[expect]] and shorthands stay:
        tools/roundtrip.py); a file this cannot read is rebuilt from the fork's log."""
        assert self.recorded_file is not None
        envelopes = list(read_envelopes(self.store, self.game_id))
        pool = game_pool(self.store, self.game_id).pool
        exported = export_game(envelopes, pool, keep_file=False)
        try:
            rw = rewrite_actions(self.recorded_file.read_text(encoding="utf-8"),
                                 "json" if self.recorded_file.suffix.lower() == ".json" else "toml",
                                 pool, decisions, list(exported.game.get("actions", ())))
            text = rw.text
        except (SimulatorError, ValueError, OSError):
            text = to_toml(exported, f"Played with `simulator play` (game {self.game_id}).")
        self.recorded_file.write_text(text, encoding="utf-8")

    def words(self) -> list[str]:
        """What Tab completes: the commands, the words of an action, the players, the ids and
        card names of the objects in the game's public zones and hands (as the prompt shows them)."""
        state = state_from_store(self.store, self.game_id)
        names: list[str] = [*COMMANDS, *ACTION_WORDS, *state.order]
        for oid in state.battlefield:
            names += [str(shown_id(state, oid)), state.objects[oid].card]
        for p in state.players.values():
            for oid in (*p.hand, *p.graveyard, *p.exile):
                names += [str(shown_id(state, oid)), state.objects[oid].card]
        return sorted(dict.fromkeys(names))

    def log(self, arg: str) -> None:
        """The last N events (default 10), one line each: seq, type, rule, cause, in words."""
        try:
            n = int(arg) if arg else 10
        except ValueError:
            self._print(f"log takes a number of events, not {arg!r}")
            return
        events = list(read_envelopes(self.store, self.game_id))
        names = audit.names_of(events)
        for e in events[-n:] if n > 0 else events:
            cause = f" ← #{e.cause_seq}" if e.cause_seq is not None else "  [decision]"
            self._print(f"#{e.seq:<4} {e.type:<20} {e.cited or '-':<8}{cause}  {audit.describe(e, names)}")

    def why(self, arg: str) -> None:
        try:
            seq = int(arg.lstrip("#"))
        except ValueError:
            self._print(f"why needs an event number, not {arg!r}")
            return
        log = audit.index_log(read_envelopes(self.store, self.game_id))
        if seq not in log:
            self._print(f"there is no event {seq} (events 1..{len(log)})")
            return
        self._print(audit.why_text(why_from_store(self.store, self.game_id, log, seq)))

    def run(self, read_line: Callable[[], str | None]) -> int:
        """The loop; `read_line` returns None at the end of input. Returns an exit status."""
        self._print(f"game {self.game_id} — {HELP}")
        legal = self.show()
        while True:
            line = read_line()
            if line is None:
                return 0
            line = line.strip()
            if not line:
                continue
            word, _, rest = line.partition(" ")
            try:
                if word in ("quit", "exit", "q"):
                    return 0
                if word == "help":
                    self._print(HELP)
                    continue
                if word == "state":
                    legal = self.show()
                    continue
                if word == "why":
                    self.why(rest.strip())
                    continue
                if word == "log":
                    self.log(rest.strip())
                    continue
                if word == "undo":
                    self.undo()
                elif line.isascii() and line.isdigit():   # not "²": isdigit() alone takes it
                    n = int(line) if len(line) <= 9 else 0
                    if not 1 <= n <= len(legal):
                        self._print(f"no decision {n}: choose 1..{len(legal)}")
                        continue
                    self.apply(legal[n - 1].action)
                elif line.startswith("{"):
                    from simulator.session.apply import parse_inline
                    self.apply(parse_inline(line, 1))
                else:
                    self._print(f"unknown command {line!r}; {HELP}")
                    continue
            except (IllegalAction, InvalidInput) as e:
                self._print(f"not done: {e}")
                continue
            except SimulatorError as e:
                self._print(f"not done: {e}")
                continue
            legal = self.show()
