"""Loader and strict validator of recorded-game files (GAME_FORMAT.md, format 1).

`load_recorded_game(path, pool)` reads a ``.toml`` or ``.json`` file, checks
every rule of the format and returns a frozen `RecordedGame` plus the card pool
extended with the file's ``cards`` files. Nothing is ever written: this module
only parses. Every problem raises `simulator.base.errors.InvalidGameFile` naming the
file, the offending key path and the problem (and the line for syntax errors),
e.g. ``game.toml: at players[1].battlefield[2].card: unknown card 'Forrest'``.

Key paths
---------
Keys are joined with dots; **list indexes are 1-based everywhere**, so
``actions[3]`` is the third action (the same number as "action 3" in an
illegal-action message), ``players[1]`` the first player, ``players[1].
battlefield[2]`` that player's second permanent, ``cards[1]`` the first card
file, ``players[2].hand[3]`` the third card in the second player's hand.
Keys that are not plain identifiers are quoted: ``...counters["+1/+1"]``.

Card pool protocol
------------------
The pool is any object with ``__contains__(name) -> bool``,
``is_token(name) -> bool`` and ``with_file(path) -> pool`` (raising
`CardDataError` for a bad card file). If it can also list its card names
(``names()``, a ``names`` attribute, or iteration over names or objects with a
``.name``), engine-generated ids are checked against every card in it and
"did you mean" suggestions cover the whole pool; otherwise only the names the
file itself mentions (and simple re-capitalisations of the slug) are used.

References in actions
---------------------
``activate``, ``sacrifice``, ``targets`` and string entries of a ``choose``
list must be an id defined in the start position (a permanent's ``id``, or the
handle of a card in a library, hand, graveyard or exile: ``{ card = "...", id =
"..." }``), a known card name, or an id the engine will generate:
``<slug>-<n>`` where the slug is `slug(name)` of a known card or token
(``hangarback-walker-2``, ``thopter-1``). ``cast`` and ``play`` take a card name
or such an id. Ids are exact and case-sensitive and are kept exactly as
written; a ``choose`` answer is kept as written too and read by the pending
kind's one parser when it is applied (`simulator.rules.choices`): only a
``mana`` or ``color`` answer is mana letters. Here it must be an answer some
kind of choice reads (each kind's `readable`).
"""
from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic, Iterable, Protocol, Self, Sequence, TypeVar

from simulator.base.errors import CardDataError, InvalidGameFile
from simulator.formats.actions import ActionList
from simulator.formats.streamed import JSONItems, stream_game
from simulator.formats.keylines import line_of
from simulator.rules.choices import CHOICES, readable_by_some_kind
from simulator.base.ids import slug
from simulator.base.steps import STEPS
from simulator.base.limits import (MAX_ACTIONS, MAX_AMOUNT, MAX_CARD_FILES, MAX_CARDS, MAX_PLAYERS,
                              DocumentProblem, decode_document, read_bounded, read_document,
                              regular_file_problem)

__all__ = [
    "FORMAT_VERSION", "STEPS", "VERBS", "PermanentSpec", "PlayerSpec", "StartSpec",
    "Action", "RecordedGame", "load_recorded_game", "parse_recorded_game", "parse_actions", "slug",
    "decode_file",
]

FORMAT_VERSION = 1
VERBS = ("activate", "cast", "play", "pass", "resolve", "advance", "choose")
MANA_LETTERS = "WUBRGC"

TOP_KEYS = ("format", "title", "goal", "description", "seed", "cards", "start", "players", "actions", "expect",
            "$schema")
# `goal`, `description`: text for the reader of a puzzle (`export` keeps them; the rules ignore them)
# `expect`: expected results for `simulator check` (simulator/expect.py validates them; replay ignores them)
# "$schema": an editor hint (the path of docs/recorded-game.schema.json), read and ignored
START_KEYS = ("turn", "active", "step")
PLAYER_KEYS = ("name", "life", "mana_pool", "library", "hand", "graveyard", "exile", "battlefield")
ZONES = ("library", "hand", "graveyard", "exile")
ZONE_CARD_KEYS = ("card", "id")
PERMANENT_KEYS = ("card", "id", "tapped", "sick", "counters", "attached", "exiled", "chosen")
CHOSEN_KEYS = ("color", "creature_type", "land_type")   # what a permanent's "As this enters, choose ..." chose (614.12), by kind
VERB_KEYS: dict[str, tuple[str, ...]] = {
    "activate": ("player", "activate", "ability", "sacrifice", "mana", "targets", "pay_with", "pay_restricted", "x", "tap", "discard",
                 "counters"),
    "cast": ("player", "cast", "x", "pay", "pay_restricted", "targets", "pay_with", "kicked", "sacrifice",
             "alternative", "return", "mode"),
    "play": ("player", "play"),
    "pass": ("player", "pass"),
    "resolve": ("player", "resolve"),
    "advance": ("player", "advance"),
    "choose": ("player", "choose"),
}
PAY_WITH_KEYS = ("activate", "ability", "sacrifice", "mana", "targets", "x", "tap", "discard")   # an `activate` without `player`
PLAYER_REQUIRED = frozenset({"activate", "cast", "play", "pass", "choose"})
ACTION_KEYS = tuple(dict.fromkeys(k for keys in VERB_KEYS.values() for k in keys))

_GENERATED_ID = re.compile(r"^([a-z0-9]+(?:-[a-z0-9]+)*)-\d+$")
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


# --------------------------------------------------------------------------- the parsed game

@dataclass(frozen=True)
class PermanentSpec:
    """One permanent of the starting position."""

    card: str
    id: str | None
    tapped: bool = False
    sick: bool = False
    counters: tuple[tuple[str, int], ...] = ()   # sorted by kind; zero entries dropped
    attached: str | None = None                  # id of the permanent it enchants
    exiled: tuple[str, ...] = ()                 # linked cards in the OWNER's exile zone
    key: str = ""                                # e.g. "players[1].battlefield[2]"
    chosen: tuple[tuple[str, str], ...] = ()     # ("color", "R"): chosen as it entered (614.12)


@dataclass(frozen=True)
class PlayerSpec:
    """A player and their zones at the start (library top first, graveyard oldest first).

    The zone tuples hold card names; `handles` lists the cards written as
    ``{ card = "...", id = "..." }``: (zone, 0-based position in that zone, id)."""

    name: str
    life: int = 20
    library: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    graveyard: tuple[str, ...] = ()
    exile: tuple[str, ...] = ()
    battlefield: tuple[PermanentSpec, ...] = ()
    handles: tuple[tuple[str, int, str], ...] = ()
    mana_pool: tuple[tuple[str, int], ...] = ()   # ("G", 2): mana in the pool at the start (106.4)

    def handle(self, zone: str, index: int) -> str | None:
        """The id written for the `index`-th card (0-based) of `zone`, if any."""
        return next((h for z, i, h in self.handles if z == zone and i == index), None)


@dataclass(frozen=True)
class StartSpec:
    """Turn, active player (resolved to a name) and step the game starts in."""

    turn: int = 1
    active: str = ""
    step: str = "main1"


@dataclass(frozen=True)
class PayWith:
    """One entry of `pay_with`: a mana ability activated while paying (601.2g, 602.2b)."""

    activate: str
    ability: int | str | None = None
    sacrifice: tuple[str, ...] = ()
    mana: str | None = None
    targets: tuple[str, ...] = ()
    x: int | None = None
    tap: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()


@dataclass(frozen=True)
class Action:
    """One recorded decision; verb-specific fields are None/() when absent."""

    index: int                       # 1-based position in the file
    verb: str                        # one of VERBS
    player: str | None
    activate: str | None = None
    ability: int | str | None = None
    sacrifice: tuple[str, ...] = ()
    mana: str | None = None          # upper-case letters from WUBRGC
    targets: tuple[str, ...] = ()
    cast: str | None = None
    x: int | None = None
    pay: str | None = None           # upper-case letters from WUBRGC
    play: str | None = None
    advance: str | None = None
    choose: str | tuple[int | str, ...] | None = None
    key: str = ""                    # "actions[N]"
    pay_with: tuple[PayWith, ...] = ()   # `cast` / `activate`: mana abilities while paying
    pay_restricted: str | None = None    # `cast`, `activate`: which paid letters come from restricted mana
    tap: tuple[str, ...] = ()            # `activate`: the permanents tapped for "Tap an untapped creature ..."
    discard: tuple[str, ...] = ()        # `activate`: the cards discarded for "Discard a card"
    counters: tuple[str, ...] = ()       # `activate`: the kind of each counter removed for "Remove a counter from ..."
    kicked: int = 0                      # `cast`: how many times the kicker is paid (702.33)
    alternative: bool = False            # `cast`: its alternative cost instead of its mana cost (118.9)
    returned: tuple[str, ...] = ()       # `cast` (`return`): what the alternative cost returns to its owner's hand
    mode: int = 0                        # `cast`: a modal spell's mode, 1-based as printed (601.2b, 700.2a)


@dataclass(frozen=True)
class RecordedGame:
    """A validated recorded game."""

    path: str                        # the file as named by the caller
    format: int
    title: str
    seed: int
    card_files: tuple[str, ...]      # resolved absolute paths
    start: StartSpec
    players: tuple[PlayerSpec, ...]
    actions: Sequence[Action]        # an `ActionList` when parsed: read as a tuple of actions
    goal: str | None = None          # a puzzle's goal and description, for its reader
    description: str | None = None
    # the file's text as read and validated (None: not from a file); not part of the game's value
    text: str | None = field(default=None, compare=False, repr=False)


# --------------------------------------------------------------------------- reading files

def _is_real(name: str) -> bool:
    """Whether a real card has the name (False where this installation has no Oracle data)."""
    try:
        from simulator.cards.oracle import is_real_card
        return bool(is_real_card(name))
    except Exception:
        return False


class _DuplicateKey(Exception):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _DuplicateKey(k)
        out[k] = v
    return out


def decode_file(path: Path, name: str, stream_actions: bool = False) -> tuple[dict[str, Any], str]:
    """Read and decode the file by its extension, within the limits of `simulator.base.limits`;
    return the data and the source text. Syntax errors carry the line. `stream_actions`: a
    JSON file's ``actions`` may be a `JSONItems` (decoded as they are read: `formats.streamed`),
    for `_Parser.actions` alone."""
    ext = path.suffix.lower()
    if path.is_dir():
        games = sorted(p.name for p in path.iterdir() if p.suffix.lower() in (".toml", ".json"))
        hint = (f": name one of its {len(games)} game files, e.g. {str(path / games[0])!r} "
                f"(or replay them all: --jobs N)" if games
                else " (it holds no .toml or .json file)")
        raise InvalidGameFile(name, "", f"is a directory, not a recorded-game file{hint}")
    if ext not in (".toml", ".json"):
        raise InvalidGameFile(name, "", f"unsupported file type {path.suffix or '(none)'!r}: "
                                        "a recorded game is a .toml or .json file")
    try:
        if stream_actions and ext == ".json":
            raw = read_bounded(path)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = None
            streamed = stream_game(text, _no_duplicates) if text is not None else None
            if streamed is not None:
                return streamed, text   # type: ignore[return-value]
            return decode_document(raw, "json", json_hook=_no_duplicates)
        return read_document(path, ext[1:], json_hook=_no_duplicates)
    except DocumentProblem as e:
        line = e.line
        if line is None and e.key and e.text is not None:
            line = line_of(e.text, ext, e.key)
        raise InvalidGameFile(name, e.key, e.problem, line=line) from None
    except _DuplicateKey as e:
        raise InvalidGameFile(name, "", f"duplicate key {e.args[0]!r} in a JSON object") from None


class FilePool(Protocol):
    """The card pool protocol above: what validating a file needs of a pool."""

    def __contains__(self, name: object) -> bool: ...

    def is_token(self, name: str) -> bool: ...

    def with_file(self, path: str) -> Self | None: ...


P = TypeVar("P", bound=FilePool)
_Items = TypeVar("_Items", bound=Sequence[Any])


def load_recorded_game(path: str | Path, pool: P) -> tuple[RecordedGame, P]:
    """Parse + validate a recorded-game file; return the game and the pool extended
    with the file's ``cards`` files."""
    name = str(path)
    data, text = decode_file(Path(path), name, stream_actions=True)
    try:
        game, extended = parse_recorded_game(data, name, pool)
        return replace(game, text=text), extended
    except InvalidGameFile as e:
        if e.line is None and e.key and e.path == name:
            line = line_of(text, Path(path).suffix, e.key)
            if line is not None:
                raise InvalidGameFile(e.path, e.key, e.problem, line=line) from None
        raise


def parse_recorded_game(data: Any, path: str | Path, pool: P) -> tuple[RecordedGame, P]:
    """Validate an already-decoded mapping as if it came from the file at `path`
    (used for messages, the default title and resolving ``cards``)."""
    return _Parser(str(path), pool).game(data)


def parse_actions(data: Any, path: str, pool: FilePool, players: Iterable[str],
                  ids: Iterable[str] = ()) -> Sequence[Action]:
    """Validate a list of `[[actions]]` entries for a game already under way (`simulator apply`,
    `simulator play`): the same checks, key paths and messages as in a file, with the game's
    players and object ids standing in for its starting position."""
    parser = _Parser(str(path), pool)
    parser.player_names = list(players)
    parser.ids = {i: "the stored game" for i in ids}
    return parser.actions(data)


# --------------------------------------------------------------------------- validation

def _join(base: str, key: str) -> str:
    if not _IDENTIFIER.match(key):
        key_text = json.dumps(key, ensure_ascii=False)
        return f"{base}[{key_text}]" if base else f"[{key_text}]"
    return f"{base}.{key}" if base else key


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, int):
        return f"integer {value}"
    if isinstance(value, float):
        return f"number {value}"
    if isinstance(value, str):
        return f"string {value!r}"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def _pool_names(pool: FilePool) -> set[str] | None:
    """Every card name the pool can list, or None if it cannot list them."""
    try:
        src = getattr(pool, "names", None)
        if callable(src):
            src = src()
        if src is None:
            if not hasattr(pool, "__iter__"):
                return None
            src = pool
        names = set()
        for item in src:
            n = item if isinstance(item, str) else getattr(item, "name", None)
            if isinstance(n, str):
                names.add(n)
        tokens = getattr(pool, "token_names", None)
        if callable(tokens):
            for t in tokens():
                names.add(t)
                # a token its card's text describes, "Prism (0/1 colorless artifact creature)"
                # (model_tokens.described_name): created with ids of its own name, "prism-1"
                if t.endswith(")") and " (" in t:
                    names.add(t.split(" (", 1)[0])
        return names
    except Exception:  # a pool that cannot list itself: fall back to the file's names
        return None


class _Parser(Generic[P]):
    """One validation pass over a decoded recorded game."""

    def __init__(self, path: str, pool: P) -> None:
        self.path = path
        self.pool = pool
        self.mentioned: set[str] = set()      # card names the file mentions
        self.raw: Any = None                  # the decoded file (to name every unknown card at once)
        self.ids: dict[str, str] = {}         # id -> key path of the permanent
        self.player_names: list[str] = []
        self._names: set[str] | None = None   # cache of _pool_names(pool), once `_names_read`
        self._names_read = False

    # ---- helpers
    def fail(self, key: str, problem: str) -> InvalidGameFile:
        return InvalidGameFile(self.path, key, problem)

    def table(self, value: Any, key: str, what: str = "a table") -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(key, f"must be {what}, not {_type_name(value)}")
        return value

    def check_keys(self, table: dict[str, Any], known: Iterable[str], base: str) -> None:
        known = tuple(known)
        for k in table:
            if k not in known:
                close = difflib.get_close_matches(str(k), known, n=1, cutoff=0.6)
                hint = (f" (did you mean {close[0]!r}?)" if close
                        else f" (known keys: {', '.join(known)})")
                raise self.fail(_join(base, str(k)), f"unknown key {k!r}{hint}")

    def string(self, value: Any, key: str) -> str:
        if not isinstance(value, str):
            raise self.fail(key, f"must be a string, not {_type_name(value)}")
        if not value.strip():
            raise self.fail(key, "must be a non-empty string")
        return value

    def integer(self, value: Any, key: str, minimum: int | None = None,
                maximum: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be an integer, not {_type_name(value)}")
        if minimum is not None and value < minimum:
            raise self.fail(key, f"must be at least {minimum}, not {value}")
        if maximum is not None and value > maximum:
            raise self.fail(key, f"must be at most {maximum} (a limit of the simulator), not {value}")
        return value

    def at_most(self, items: _Items, key: str, limit: int, what: str) -> _Items:
        """`items`, or an error if there are more than `limit` of them (simulator.base.limits)."""
        if len(items) > limit:
            raise self.fail(key, f"{len(items)} {what}, over the limit of {limit}")
        return items

    def boolean(self, value: Any, key: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, not {_type_name(value)}")
        return value

    def list_of(self, value: Any, key: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list, not {_type_name(value)}")
        return value

    def mana_letters(self, value: Any, key: str, allow_empty: bool = False) -> str:
        if not isinstance(value, str):
            raise self.fail(key, f"must be a string of mana letters (W U B R G C), "
                                 f"not {_type_name(value)}")
        letters = value.strip().upper()
        if not letters and not allow_empty:
            raise self.fail(key, "must name at least one mana letter (W U B R G C)")
        bad = [c for c in letters if c not in MANA_LETTERS]
        if bad:
            where = f" (in {value!r})" if len(letters) > 1 else ""
            raise self.fail(key, f"{bad[0]!r} is not a mana letter{where}: "
                                 "one letter per mana, from W U B R G C")
        return letters

    def pool_names(self) -> set[str] | None:
        if not self._names_read:
            self._names, self._names_read = _pool_names(self.pool), True
        return self._names

    def known_names(self) -> set[str]:
        return (self.pool_names() or set()) | self.mentioned

    def card(self, value: Any, key: str, tokens: bool = True) -> str:
        name = self.string(value, key)
        if name not in self.pool:
            self.real_card(name, key)
        if name not in self.pool:
            raise self.fail(key, self.unknown_cards_problem(name, key))
        if not tokens and self.pool.is_token(name):
            raise self.fail(key, f"{name!r} is a token; tokens exist only on the battlefield")
        self.mentioned.add(name)
        return name

    def real_card(self, name: str, key: str) -> None:
        """A real card not in the pool: taken from the Oracle data if the pool can
        (`with_real_card`, optional in the protocol), or refused naming it, the line and the phrase."""
        take = getattr(self.pool, "with_real_card", None)
        if take is None:
            return
        try:
            extended = take(name)
        except CardDataError as e:
            raise self.fail(key, str(e)) from e
        if extended is not None:
            self.pool, self._names_read = extended, False

    def cards(self, value: Any, key: str, tokens: bool = False) -> tuple[str, ...]:
        items = self.list_of(value, key)
        return tuple(self.card(v, f"{key}[{i}]", tokens) for i, v in enumerate(items, 1))

    def unknown_card(self, name: str) -> str:
        """'Forrest' (did you mean 'Forest'?), or what the real card pool says of the name."""
        close = difflib.get_close_matches(name, sorted(self.known_names()), n=1, cutoff=0.6)
        if close:
            return f"{name!r} (did you mean {close[0]!r}?)"
        try:
            from simulator.cards.oracle import is_real_card
            real = is_real_card(name)
        except Exception:      # no Oracle data in this installation: say nothing about it
            return repr(name)
        if real:
            return f"{name!r} (a real card, but not one the rules here support)"
        return f"{name!r} (no real card has that name)"

    def unknown_cards_problem(self, name: str, key: str) -> str:
        """The problem of an unknown card at `key`, naming every other unknown card of the
        starting position too (a file with three misspelt cards is told of all three at once),
        and where card files are explained."""
        takes_real = getattr(self.pool, "with_real_card", None) is not None
        others = [(k, n) for k, n in self.starting_cards()
                  if k != key and n not in self.pool and not (takes_real and _is_real(n))]
        text = f"unknown card {self.unknown_card(name)}"
        if others:
            text += f"; {len(others) + 1} unknown cards in all, also " + ", ".join(
                f"{self.unknown_card(n)} at {k}" for k, n in others)
        return (text + ". A card this simulator plays is a built-in one (`simulator cards` lists them) or "
                "comes from a card file (docs/cards.md, section \"Card files\")")

    def starting_cards(self) -> list[tuple[str, str]]:
        """(key path, card name) of every card the raw starting position names, in file order
        (read without validating: for naming every unknown card in one message)."""
        out: list[tuple[str, str]] = []
        players = self.raw.get("players") if isinstance(self.raw, dict) else None
        for i, p in enumerate(players if isinstance(players, list) else [], 1):
            if not isinstance(p, dict):
                continue
            for zone in ZONES:
                entries = p.get(zone)
                for j, v in enumerate(entries if isinstance(entries, list) else [], 1):
                    if isinstance(v, str):
                        out.append((f"players[{i}].{zone}[{j}]", v))
                    elif isinstance(v, dict) and isinstance(v.get("card"), str):
                        out.append((f"players[{i}].{zone}[{j}].card", v["card"]))
            field_ = p.get("battlefield")
            for j, b in enumerate(field_ if isinstance(field_, list) else [], 1):
                if not isinstance(b, dict):
                    continue
                if isinstance(b.get("card"), str):
                    out.append((f"players[{i}].battlefield[{j}].card", b["card"]))
                exiled = b.get("exiled")
                for k, c in enumerate(exiled if isinstance(exiled, list) else [], 1):
                    if isinstance(c, str):
                        out.append((f"players[{i}].battlefield[{j}].exiled[{k}]", c))
        return out

    def zone_cards(self, value: Any, key: str) -> tuple[tuple[str, ...], list[tuple[int, str]]]:
        """A library/hand/graveyard/exile list: names, or ``{ card, id }`` tables with a handle.
        Returns the names and the (0-based position, id) of every handle."""
        names: list[str] = []
        handles: list[tuple[int, str]] = []
        for i, v in enumerate(self.list_of(value, key), 1):
            ikey = f"{key}[{i}]"
            if isinstance(v, dict):
                self.check_keys(v, ZONE_CARD_KEYS, ikey)
                if "card" not in v:
                    raise self.fail(f"{ikey}.card", "missing required key 'card'")
                names.append(self.card(v["card"], f"{ikey}.card", tokens=False))
                if "id" in v:
                    handles.append((i - 1, self.new_id(v["id"], f"{ikey}.id")))
            elif isinstance(v, str):
                names.append(self.card(v, ikey, tokens=False))
            else:
                raise self.fail(ikey, f"must be a card name or a table {{ card = \"...\", id = \"...\" }}, "
                                      f"not {_type_name(v)}")
        return tuple(names), handles

    def new_id(self, value: Any, key: str) -> str:
        """An id defined by the file: unique in the game (permanents and cards in every zone)."""
        oid = self.string(value, key)
        if oid in self.ids:
            raise self.fail(key, f"duplicate id {oid!r} (first used at {self.ids[oid]})")
        self.ids[oid] = key.rsplit(".", 1)[0]
        return oid

    def player_ref(self, value: Any, key: str) -> str:
        name = self.string(value, key)
        if name not in self.player_names:
            raise self.fail(key, f"unknown player {name!r} (players: "
                                 f"{', '.join(self.player_names)})")
        return name

    def is_generated_id(self, ref: str) -> bool:
        m = _GENERATED_ID.match(ref)
        if not m:
            return False
        stem = m.group(1)
        names = self.pool_names()
        if names is not None:
            return any(slug(n) == stem for n in names | self.mentioned)
        if any(slug(n) == stem for n in self.mentioned):
            return True
        words = stem.split("-")   # pool cannot list names: try the plain spellings
        guesses = (" ".join(w.capitalize() for w in words), "-".join(w.capitalize() for w in words))
        return any(g in self.pool for g in guesses)

    def reference(self, value: Any, key: str) -> str:
        ref = self.string(value, key)
        if self.is_reference(ref):
            return ref
        raise self.fail(key, f"unknown id or card name {ref!r}")

    def references(self, value: Any, key: str) -> tuple[str, ...]:
        items = self.list_of(value, key)
        return tuple(self.reference(v, f"{key}[{i}]") for i, v in enumerate(items, 1))

    def step(self, value: Any, key: str) -> str:
        s = self.string(value, key)
        if s not in STEPS:
            close = difflib.get_close_matches(s, STEPS, n=1, cutoff=0.6)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise self.fail(key, f"unknown step {s!r} ({hint}steps: {' '.join(STEPS)})")
        return s

    # ---- sections
    def game(self, data: Any) -> tuple[RecordedGame, P]:
        top = self.table(data, "", "a table (a JSON object) at the top level")
        self.raw = top
        self.check_keys(top, TOP_KEYS, "")
        if "format" not in top:
            raise self.fail("format", f"missing required key 'format' (format = {FORMAT_VERSION})")
        fmt = self.integer(top["format"], "format")
        if fmt != FORMAT_VERSION:
            raise self.fail("format", f"unsupported format {fmt}: this simulator reads "
                                      f"format {FORMAT_VERSION}")
        title = Path(self.path).stem
        if "title" in top:
            title = top["title"]
            if not isinstance(title, str):
                raise self.fail("title", f"must be a string, not {_type_name(title)}")
        if "$schema" in top:
            self.string(top["$schema"], _join("", "$schema"))
        goal = self.string(top["goal"], "goal") if "goal" in top else None
        description = self.string(top["description"], "description") if "description" in top else None
        seed = self.integer(top["seed"], "seed") if "seed" in top else 0
        card_files = self.card_files(top.get("cards", []))
        if "players" not in top:
            raise self.fail("players", "missing required key 'players' (at least one player)")
        players = self.players(top["players"])
        start = self.start(top.get("start", {}))
        actions = self.actions(top.get("actions", []))
        game = RecordedGame(self.path, fmt, title, seed, card_files, start, players, actions,
                            goal, description)
        return game, self.pool

    def card_files(self, value: Any) -> tuple[str, ...]:
        files = []
        base = Path(self.path).resolve().parent
        entries = self.at_most(self.list_of(value, "cards"), "cards", MAX_CARD_FILES, "card files")
        for i, entry in enumerate(entries, 1):
            key = f"cards[{i}]"
            rel = self.string(entry, key)
            file = (base / rel).resolve()
            bad = regular_file_problem(file)
            if bad == "file not found":
                raise self.fail(key, f"card file {rel!r} not found (looked for {file})")
            if bad:
                raise self.fail(key, f"card file {rel!r} {bad}")
            try:
                extended = self.pool.with_file(str(file))
            except CardDataError as e:
                raise self.fail(key, str(e)) from e
            except OSError as e:
                raise self.fail(key, f"cannot read card file {rel!r}: {e.strerror or e}") from e
            if extended is not None:
                self.pool, self._names_read = extended, False
            files.append(str(file))
        return tuple(files)

    def start(self, value: Any) -> StartSpec:
        start = self.table(value, "start")
        self.check_keys(start, START_KEYS, "start")
        turn = self.integer(start["turn"], "start.turn", 1) if "turn" in start else 1
        active = (self.player_ref(start["active"], "start.active") if "active" in start
                  else self.player_names[0])
        step = self.step(start["step"], "start.step") if "step" in start else "main1"
        return StartSpec(turn, active, step)

    def players(self, value: Any) -> tuple[PlayerSpec, ...]:
        items = self.at_most(self.list_of(value, "players"), "players", MAX_PLAYERS, "players")
        if not items:
            raise self.fail("players", "needs at least one player")
        players = []
        pending_attach: list[tuple[PermanentSpec, str]] = []
        cards = 0
        for i, item in enumerate(items, 1):
            key = f"players[{i}]"
            p = self.table(item, key)
            self.check_keys(p, PLAYER_KEYS, key)
            if "name" not in p:
                raise self.fail(f"{key}.name", "missing required key 'name'")
            name = self.string(p["name"], f"{key}.name")
            if name in self.player_names:
                first = self.player_names.index(name) + 1
                raise self.fail(f"{key}.name", f"duplicate player name {name!r} "
                                               f"(also players[{first}])")
            self.player_names.append(name)
            life = self.integer(p["life"], f"{key}.life") if "life" in p else 20
            pool: dict[str, int] = {}
            if "mana_pool" in p:
                mkey = f"{key}.mana_pool"
                for letter, n in self.table(p["mana_pool"], mkey, "a table of mana letter -> amount, "
                                                                  "e.g. { G = 2 }").items():
                    if letter not in MANA_LETTERS:
                        raise self.fail(_join(mkey, letter), f"unknown mana type {letter!r} "
                                                             f"(one of {' '.join(MANA_LETTERS)}, 106.1b)")
                    n = self.integer(n, _join(mkey, letter), 0, MAX_AMOUNT)
                    if n:
                        pool[letter] = n
            zones: dict[str, tuple[str, ...]] = {}
            handles: list[tuple[str, int, str]] = []
            for z in ZONES:
                if z in p:
                    zones[z], found = self.zone_cards(p[z], f"{key}.{z}")
                    handles += [(z, i, h) for i, h in found]
            battlefield = tuple(
                self.permanent(perm, f"{key}.battlefield[{j}]")
                for j, perm in enumerate(self.list_of(p.get("battlefield", []),
                                                      f"{key}.battlefield"), 1))
            pending_attach += [(perm, f"{perm.key}.attached") for perm in battlefield
                               if perm.attached is not None]
            players.append(PlayerSpec(name, life, battlefield=battlefield, handles=tuple(handles),
                                      mana_pool=tuple((k, pool[k]) for k in MANA_LETTERS if k in pool),
                                      **zones))
            cards += sum(map(len, zones.values())) + sum(1 + len(b.exiled) for b in battlefield)
            if cards > MAX_CARDS:
                raise self.fail(key, f"more than {MAX_CARDS} cards in the starting zones "
                                     "(a limit of the simulator)")
        permanents = {perm.id for p in players for perm in p.battlefield if perm.id}
        for perm, key in pending_attach:     # ids may be defined after the Aura
            if perm.attached not in permanents:
                raise self.fail(key, f"no permanent with id {perm.attached!r} "
                                     "in the start position")
        return tuple(players)

    def permanent(self, value: Any, key: str) -> PermanentSpec:
        t = self.table(value, key)
        self.check_keys(t, PERMANENT_KEYS, key)
        if "card" not in t:
            raise self.fail(f"{key}.card", "missing required key 'card'")
        card = self.card(t["card"], f"{key}.card", tokens=True)
        pid = self.new_id(t["id"], f"{key}.id") if "id" in t else None
        tapped = self.boolean(t["tapped"], f"{key}.tapped") if "tapped" in t else False
        sick = self.boolean(t["sick"], f"{key}.sick") if "sick" in t else False
        counters: dict[str, int] = {}
        if "counters" in t:
            ckey = f"{key}.counters"
            for kind, n in self.table(t["counters"], ckey,
                                      'a table of counter kind -> number, e.g. { "+1/+1" = 2 }'
                                      ).items():
                self.string(kind, ckey)
                n = self.integer(n, _join(ckey, kind), 0, MAX_AMOUNT)
                if n:
                    counters[kind] = n
        attached = None
        if "attached" in t:
            attached = self.string(t["attached"], f"{key}.attached")
            if attached == pid:
                raise self.fail(f"{key}.attached", f"a permanent cannot be attached to itself "
                                                   f"({pid!r})")
        exiled = self.cards(t["exiled"], f"{key}.exiled") if "exiled" in t else ()
        chosen = self.chosen(t["chosen"], f"{key}.chosen", card) if "chosen" in t else ()
        return PermanentSpec(card, pid, tapped, sick, tuple(sorted(counters.items())),
                             attached, exiled, key, chosen)

    def chosen(self, value: Any, key: str, card: str) -> tuple[tuple[str, str], ...]:
        """`chosen = { color = "R" }`: a color (105.1) for a card that says "As this enters,
        choose a color", `{ creature_type = "Elf" }` (205.3m) for one that says "As this enters,
        choose a creature type", `{ land_type = "Island" }` (205.3i) for one that says "As this enters,
        choose a basic land type" (614.12); a choice the card does not make is refused, not ignored."""
        from simulator.base.creature_types import creature_type
        from simulator.cards import model as m

        t = self.table(value, key, 'a table of what was chosen as it entered, e.g. { color = "R" }')
        self.check_keys(t, CHOSEN_KEYS, key)
        out = []
        if "color" in t:
            color = self.string(t["color"], f"{key}.color")
            if color not in ("W", "U", "B", "R", "G"):
                raise self.fail(f"{key}.color", f"must be one of W U B R G (a color, 105.1), not {color!r}")
            self._chooses(card, m.ChooseColorAsEnters, f"{key}.color", "a color")
            get = getattr(self.pool, "get", None)
            if get is not None and any(isinstance(a, m.ReplacementAbility) and isinstance(a.effect, m.ChooseColorAsEnters)
                                       and a.effect.other_than == color for a in get(card).abilities):
                raise self.fail(f"{key}.color", f"{card} chooses a color other than {color} as it enters (614.12)")
            out.append(("color", color))
        if "creature_type" in t:
            text = self.string(t["creature_type"], f"{key}.creature_type")
            kind = creature_type(text)
            if kind is None:
                raise self.fail(f"{key}.creature_type", f"{text!r} is not a creature type (205.3m: \"Elf\", "
                                                        "\"Human\", ...; case ignored)")
            self._chooses(card, m.ChooseCreatureTypeAsEnters, f"{key}.creature_type", "a creature type")
            out.append(("creature_type", kind))
        if "land_type" in t:
            text = self.string(t["land_type"], f"{key}.land_type")
            land = text.strip().capitalize()
            if land not in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
                raise self.fail(f"{key}.land_type", f"{text!r} is not a basic land type (205.3i: Plains, Island, "
                                                    "Swamp, Mountain or Forest; case ignored)")
            self._chooses(card, m.ChooseLandTypeAsEnters, f"{key}.land_type", "a basic land type")
            out.append(("land_type", land))
        return tuple(out)

    def _chooses(self, card: str, effect: type, key: str, what: str) -> None:
        """The card says "As this enters, choose <what>" (614.12), or `key` is refused."""
        from simulator.cards import model as m

        get = getattr(self.pool, "get", None)     # a pool that only lists names cannot say
        if get is None:
            return
        if not any(isinstance(a, m.ReplacementAbility) and isinstance(a.effect, effect)
                   for a in get(card).abilities):
            raise self.fail(key, f"{card} does not choose {what} as it enters "
                                 f"(\"As this enters, choose {what}\", 614.12)")

    def actions(self, value: Any) -> ActionList[Action]:
        listed = value if isinstance(value, JSONItems) else self.list_of(value, "actions")
        items = self.at_most(listed, "actions", MAX_ACTIONS, "actions")
        return ActionList(self.action(item, i) for i, item in enumerate(items, 1))

    def action(self, value: Any, index: int) -> Action:
        key = f"actions[{index}]"
        t = self.table(value, key)
        self.check_keys(t, ACTION_KEYS, key)
        verbs = [v for v in VERBS if v in t]
        if len(verbs) != 1:
            problem = ("has no action verb" if not verbs
                       else f"has {len(verbs)} action verbs ({', '.join(verbs)})")
            raise self.fail(key, f"{problem}: exactly one of {', '.join(VERBS)} is required")
        verb = verbs[0]
        for k in t:
            if k not in VERB_KEYS[verb]:
                raise self.fail(f"{key}.{k}", f"key {k!r} is not allowed with {verb!r} "
                                              f"(allowed: {', '.join(VERB_KEYS[verb])})")
        player = None
        if "player" in t:
            player = self.player_ref(t["player"], f"{key}.player")
        elif verb in PLAYER_REQUIRED:
            raise self.fail(f"{key}.player", f"missing required key 'player' for {verb!r}")
        f: dict[str, Any] = {}

        def at(k: str) -> str:
            return f"{key}.{k}"

        if verb == "activate":
            f.update(self.activation(t, key))
            if "pay_restricted" in t:
                f["pay_restricted"] = self.mana_letters(t["pay_restricted"], at("pay_restricted"), allow_empty=True)
            if "counters" in t:   # "Remove a counter from this creature" (any kind, 122.1): one kind per counter
                kinds = self.at_most(self.list_of(t["counters"], at("counters")), at("counters"), MAX_AMOUNT, "counters")
                f["counters"] = tuple(self.string(k, f"{at('counters')}[{i}]").strip() for i, k in enumerate(kinds, 1))
        elif verb == "cast":
            f["cast"] = self.card_or_handle(t["cast"], at("cast"))
            if "x" in t:
                f["x"] = self.integer(t["x"], at("x"), 0, MAX_AMOUNT)
            if "pay" in t:
                f["pay"] = self.mana_letters(t["pay"], at("pay"), allow_empty=True)
            if "pay_restricted" in t:
                f["pay_restricted"] = self.mana_letters(t["pay_restricted"], at("pay_restricted"), allow_empty=True)
            if "kicked" in t:
                f["kicked"] = self.integer(t["kicked"], at("kicked"), 0, MAX_AMOUNT)
            if "sacrifice" in t:      # "As an additional cost to cast this spell, sacrifice a creature." (118.8)
                f["sacrifice"] = self.references(t["sacrifice"], at("sacrifice"))
            if "alternative" in t:    # "... rather than pay this spell's mana cost." (118.9)
                f["alternative"] = self.boolean(t["alternative"], at("alternative"))
            if "return" in t:
                f["returned"] = self.references(t["return"], at("return"))
            if "mode" in t:           # "Choose one —" (601.2b, 700.2a): the mode's number as printed
                f["mode"] = self.integer(t["mode"], at("mode"), 1, MAX_AMOUNT)
        elif verb == "play":
            f["play"] = self.card_or_handle(t["play"], at("play"))
        elif verb in ("pass", "resolve"):
            if t[verb] is not True:
                raise self.fail(at(verb), f"must be true, not {_type_name(t[verb])}")
        elif verb == "advance":
            f["advance"] = self.step(t["advance"], at("advance"))
        elif verb == "choose":
            f["choose"] = self.choice(t["choose"], at("choose"))
        if "targets" in t:
            f["targets"] = self.references(t["targets"], at("targets"))
        if "pay_with" in t:
            f["pay_with"] = self.pay_with(t["pay_with"], at("pay_with"))
        return Action(index, verb, player, key=key, **f)

    def activation(self, t: dict[str, Any], key: str) -> dict[str, Any]:
        """The keys of an `activate` (an action, or an entry of `pay_with`)."""
        f: dict[str, Any] = {"activate": self.reference(t["activate"], f"{key}.activate")}
        if "ability" in t:
            ab = t["ability"]
            f["ability"] = (self.string(ab, f"{key}.ability") if isinstance(ab, str)
                            else self.ability_index(ab, f"{key}.ability"))
        if "sacrifice" in t:
            f["sacrifice"] = self.references(t["sacrifice"], f"{key}.sacrifice")
        if "mana" in t:
            f["mana"] = self.mana_letters(t["mana"], f"{key}.mana")
        if "x" in t:      # X of the ability's cost ({X}, "Remove X storage counters", 107.3)
            f["x"] = self.integer(t["x"], f"{key}.x", 0, MAX_AMOUNT)
        if "tap" in t:    # "Tap an untapped creature you control" (602.2h)
            f["tap"] = self.references(t["tap"], f"{key}.tap")
        if "discard" in t:    # "Discard a card" (701.9a)
            f["discard"] = self.references(t["discard"], f"{key}.discard")
        return f

    def pay_with(self, value: Any, key: str) -> tuple[PayWith, ...]:
        """`pay_with`: a list of tables, each with the keys of an `activate` action but `player`."""
        items = self.at_most(self.list_of(value, key), key, MAX_ACTIONS, "entries")
        out = []
        for i, item in enumerate(items, 1):
            ikey = f"{key}[{i}]"
            t = self.table(item, ikey)
            self.check_keys(t, PAY_WITH_KEYS, ikey)
            if "activate" not in t:
                raise self.fail(f"{ikey}.activate", "missing required key 'activate' (the permanent whose "
                                                    "mana ability is activated while paying)")
            f = self.activation(t, ikey)
            if "targets" in t:
                f["targets"] = self.references(t["targets"], f"{ikey}.targets")
            out.append(PayWith(**f))
        return tuple(out)

    def ability_index(self, value: Any, key: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be a 1-based ability number or the ability's text, "
                                 f"not {_type_name(value)}")
        return self.integer(value, key, 1)

    def card_or_handle(self, value: Any, key: str) -> str:
        """`cast`/`play`: an id the file gave a card (kept exactly), else a card name."""
        if isinstance(value, str) and value in self.ids:
            return value
        return self.card(value, key, tokens=False)

    def choice(self, value: Any, key: str) -> str | tuple[int | str, ...]:
        """A `choose` answer, kept exactly as written: it is read by the pending kind's parser when
        it is applied (`simulator.rules.choices`). Before the game runs the kind is not known, so
        here it must be readable by SOME kind (each kind says how it is written: `readable`)."""
        if isinstance(value, bool) or not isinstance(value, (str, int, list)):
            raise self.fail(key, f"must be a string or a list (or an option number), not {_type_name(value)}")
        answer: str | tuple[int | str, ...]
        if isinstance(value, str):
            answer = self.string(value, key)
        elif isinstance(value, int):
            answer = (self.integer(value, key, 1),)
        else:
            items: list[int | str] = []
            for i, item in enumerate(value, 1):
                ikey = f"{key}[{i}]"
                if isinstance(item, str):
                    items.append(self.string(item, ikey))
                elif isinstance(item, int) and not isinstance(item, bool):
                    items.append(self.integer(item, ikey, 1))
                else:
                    raise self.fail(ikey, f"must be an option number (1-based) or an id or card "
                                          f"name, not {_type_name(item)}")
            answer = tuple(items)
        if readable_by_some_kind(answer, self.is_reference):
            return answer
        if isinstance(answer, tuple):   # a list no kind reads: name its first unknown reference
            for i, item in enumerate(answer, 1):
                if isinstance(item, str):
                    self.reference(item, f"{key}[{i}]")
        words = ", ".join(f'"{w}"' for cls in CHOICES.values() for w in getattr(cls, "words", ()))
        raise self.fail(key, f"{value!r} is not an answer to any kind of pending choice: one is a word "
                             f"({words}), mana letters (W U B R G C), an id or card name, an option "
                             "number, or a list of option numbers, ids or card names "
                             "(docs/recorded-games.md, \"Pending choices\")")

    def is_reference(self, ref: str) -> bool:
        """An id the file defines, a known card name, an id the engine will generate, or a
        player's name (a target, 115.4)."""
        return ref in self.ids or ref in self.pool or self.is_generated_id(ref) or ref in self.player_names
