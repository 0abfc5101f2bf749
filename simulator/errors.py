"""The simulator's error hierarchy, rooted in one `SimulatorError`.

Every error a user can cause is one of these, with a message that names what
was wrong; the CLI maps them to exit codes (GAME_FORMAT.md: 2 invalid input,
3 illegal decision) and never shows a traceback for them.
"""
from __future__ import annotations


class SimulatorError(Exception):
    """Root of every error the simulator raises on purpose."""

    exit_code = 1


class InvalidInput(SimulatorError):
    """Input that cannot be used at all (exit 2)."""

    exit_code = 2


class CardDataError(InvalidInput):
    """A card file that cannot be loaded: names the card and the phrase."""

    def __init__(self, card: str, problem: str, source: str | None = None) -> None:
        self.card = card
        self.problem = problem
        self.source = source
        where = f"{source}: " if source else ""
        super().__init__(f"{where}card {card!r}: {problem}")


class InvalidGameFile(InvalidInput):
    """A recorded-game file that breaks GAME_FORMAT.md: file, key path, problem."""

    def __init__(self, path: str, key: str, problem: str, line: int | None = None) -> None:
        self.path = path
        self.key = key
        self.problem = problem
        self.line = line
        at = f":{line}" if line else ""
        where = f" at {key}" if key else ""
        super().__init__(f"{path}{at}:{where}: {problem}" if where else f"{path}{at}: {problem}")


class NotFound(InvalidInput):
    """A game, event or object asked for that does not exist."""


class IllegalAction(SimulatorError):
    """A decision the rules forbid; names the rule. Nothing of it is written (exit 3)."""

    exit_code = 3

    def __init__(self, why: str, rule: str, *, player: str | None = None,
                 what: str | None = None, action: int | None = None) -> None:
        self.why = why
        self.rule = rule
        self.player = player
        self.what = what
        self.action = action
        super().__init__(self._text())

    def _text(self) -> str:
        head = ""
        if self.action is not None:
            head = f"action {self.action}: "
        if self.player and self.what:
            head += f"{self.player} cannot {self.what}: "
        elif self.what:
            head += f"cannot {self.what}: "
        return f"{head}{self.why} ({self.rule})"

    def located(self, action: int, player: str | None, what: str) -> "IllegalAction":
        """The same error, placed at a recorded game's action index."""
        return IllegalAction(self.why, self.rule, player=self.player or player,
                             what=self.what or what, action=action)


class StoreError(SimulatorError):
    """The event store refused or failed an operation."""


class ConcurrencyError(StoreError):
    """Another writer appended first: the expected version is stale. Nothing written."""


class IntegrityError(StoreError):
    """The log does not verify (hash chain broken, or replay disagrees)."""
