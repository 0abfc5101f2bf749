"""The simulator's error hierarchy, rooted in one `SimulatorError`.

Every error a user can cause is one of these, with a message that names what
was wrong in plain words; each class carries the CLI exit status it maps to
(`exit_code`), and the CLI never shows a traceback for them. The statuses are
stable (README "Exit status"; a test checks the table against `EXIT_STATUSES`):

====  =====================================================================
0     success
1     ``verify`` found a problem (`VerificationFailed`); ``check`` an unmet expectation
2     invalid input: a file, argument, game id, event or database URL
3     an illegal decision (nothing of it is written)
4     the database is unavailable or unusable: cannot be opened, corrupt,
      wrong password, server down, disk full, read-only when writing,
      written by a newer simulator, another writer appended first, or a
      stored event that does not decode (`CorruptEvent`: run ``verify``)
70    internal error: a bug of the simulator (EX_SOFTWARE of sysexits.h)
====  =====================================================================
"""
from __future__ import annotations

#: Exit status -> what it means; the single source for the README table.
EXIT_STATUSES: dict[int, str] = {
    0: "success",
    1: "`verify` found a problem (tampered, truncated or inconsistent log); `check` found an "
       "expectation not met or a stop no expectation names",
    2: "invalid input: a recorded-game or card file, an argument, a game id or event, "
       "a database URL (nothing is written)",
    3: "an illegal decision (nothing of it is written)",
    4: "the database is unavailable or unusable: cannot be opened, not a database, corrupt, "
       "wrong password, server down, disk full, read-only when writing, newer schema, "
       "another writer appended first, a stored event that does not decode",
    70: "internal error (a bug: please report it with SIMULATOR_DEBUG=1's traceback)",
}

EXIT_OK = 0
EXIT_VERIFY_FAILED = 1
EXIT_INVALID_INPUT = 2
EXIT_ILLEGAL = 3
EXIT_DATABASE = 4
EXIT_INTERNAL = 70


class SimulatorError(Exception):
    """Root of every error the simulator raises on purpose (a bare one is a bug: 70)."""

    exit_code = EXIT_INTERNAL


class InternalError(SimulatorError):
    """Something the simulator itself got wrong (exit 70)."""

    exit_code = EXIT_INTERNAL


class VerificationFailed(SimulatorError):
    """`verify` found a problem in the log (exit 1)."""

    exit_code = EXIT_VERIFY_FAILED


class InvalidInput(SimulatorError):
    """Input that cannot be used at all (exit 2)."""

    exit_code = EXIT_INVALID_INPUT


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


class InvalidDatabaseURL(InvalidInput):
    """A --db value that names no database the simulator can use (unparsable URL,
    unsupported scheme such as mysql://)."""


class IllegalAction(SimulatorError):
    """A decision the rules forbid; names the rule. Nothing of it is written (exit 3)."""

    exit_code = EXIT_ILLEGAL

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
    """The event store refused or failed an operation: the database is unavailable
    or unusable (exit 4)."""

    exit_code = EXIT_DATABASE


class DatabaseUnavailable(StoreError):
    """The database cannot be opened or used: missing, a directory, not a database,
    read-only, server refused, authentication failed, disk full, newer schema."""


class ConcurrencyError(StoreError):
    """Another writer appended first: the expected version is stale. Nothing written (exit 4)."""

    exit_code = 4


class IntegrityError(StoreError):
    """The stored log is inconsistent (hash chain broken, a seq missing)."""


class CorruptEvent(IntegrityError):
    """A stored event whose payload does not decode: readers stop and say so (exit 4)."""

    def __init__(self, game_id: str, seq: int, problem: str = "") -> None:
        self.game_id = game_id
        self.seq = seq
        self.problem = problem
        detail = f" ({problem})" if problem else ""
        super().__init__(f"event {seq} of game {game_id} is corrupt{detail}; run verify")
