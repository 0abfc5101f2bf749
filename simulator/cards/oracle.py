"""Every real card's Oracle record, shipped with the package (``data/oracle.json.xz``) and looked
up by name, lazily: nothing is read until the first lookup, then the file is read once.

    >>> oracle_record("Llanowar Elves").text
    '{T}: Add {G}.'
    >>> is_real_card("My Homebrew Elf")
    False

The file is generated from MTGJSON's Oracle data, never edited by hand::

    python -m simulator.cards.oracle build AtomicCards.json.xz     # or .json / .json.gz
    python -m simulator.cards.oracle build oracle_corpus.json.gz   # a flat list of faces
    python -m simulator.cards.oracle show "Cabal Coffers"

A source is MTGJSON's ``AtomicCards.json`` (``{"meta": ..., "data": {name: [face, ...]}}``) or a
JSON list of faces with MTGJSON's field names; plain, gzip or xz (told apart by their first
bytes). Only the fields the rules read are kept (`FIELDS`); the texts are the Oracle data's,
reminder text included, unchanged. The build is deterministic (records sorted by name, no
time stamps), so rebuilding from the same source gives the same bytes.

A multi-face card (``"Fire // Ice"``, a transform card) is found by its full name and by each
face's name (``faceName``); a face name that is also another card's name finds that card.
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import lzma
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

__all__ = ["DATA_PATH", "FIELDS", "Oracle", "OracleDataError", "OracleRecord", "build", "is_real_card",
           "load_records", "oracle_names", "oracle_record", "package_oracle", "read_source", "records",
           "current_oracle", "import_user_data", "user_data_dir", "user_oracle_path"]

DATA_PATH = Path(__file__).with_name("data") / "oracle.json.xz"
FORMAT = "mtg-mana-simulator oracle records 1"

# MTGJSON card (face) fields kept, in this order in each stored row.
FIELDS = ("name", "faceName", "side", "manaCost", "type", "types", "subtypes", "supertypes", "text",
          "power", "toughness", "loyalty", "layout", "keywords")
_NAME, _FACE, _SIDE = 0, 1, 2           # their places in a row
_LISTS = frozenset({"types", "subtypes", "supertypes", "keywords"})
_INT_RE = re.compile(r"-?\d+")


class OracleDataError(ValueError):
    """A source file that is not MTGJSON Oracle data (names the file and the problem)."""


@dataclass(frozen=True)
class OracleRecord:
    """One real card face as the Oracle data gives it (MTGJSON's fields, snake_case)."""

    name: str                       # the card's name ("Fire // Ice" for both faces of a split card)
    face_name: str | None           # this face's name on a multi-face card
    side: str | None                # which face: "a" (the front), "b", ...; None for a one-face card
    mana_cost: str | None           # "{1}{G}{G}"; None for lands and cards without a cost
    type: str                       # the type line, "Basic Land — Forest"
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    text: str                       # Oracle text, reminder text included, one ability per line
    power: str | None               # strings, as printed: "2", "*", "1+*"
    toughness: str | None
    loyalty: str | None
    layout: str                     # "normal", "transform", "split", ...
    keywords: tuple[str, ...]

    @property
    def is_back(self) -> bool:
        """A face other than the front of a multi-face card (not a card of its own to a card file)."""
        return self.side not in (None, "a")

    @property
    def card_name(self) -> str:
        """The name the card has in play: the face's name on a multi-face card."""
        return self.face_name or self.name

    def card_entry(self) -> dict[str, Any]:
        """The ``[[card]]`` table of a card file for this face (`pool.py`'s keys). What a card
        file cannot say is passed on as it is (a "*" power, a "loyalty" key), for the pool's
        checks to refuse."""
        entry: dict[str, Any] = {"name": self.card_name, "type": self.type}
        if self.mana_cost:
            entry["cost"] = self.mana_cost
        for key in ("power", "toughness", "loyalty"):
            value = getattr(self, key)
            if value is not None:
                entry[key] = int(value) if _INT_RE.fullmatch(value) else value
        if self.text:
            entry["text"] = self.text
        return entry

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> "OracleRecord":
        d = dict(zip(FIELDS, row))
        return cls(name=d["name"], face_name=d["faceName"], side=d["side"], mana_cost=d["manaCost"],
                   type=d["type"] or "", types=tuple(d["types"] or ()),
                   subtypes=tuple(d["subtypes"] or ()), supertypes=tuple(d["supertypes"] or ()),
                   text=d["text"] or "", power=d["power"], toughness=d["toughness"],
                   loyalty=d["loyalty"], layout=d["layout"] or "normal",
                   keywords=tuple(d["keywords"] or ()))


# --------------------------------------------------------------------------- reading sources

def _read_bytes(path: Path) -> bytes:
    """The file's bytes, decompressed if it is gzip or xz (by its magic number)."""
    data = path.read_bytes()
    try:
        if data[:2] == b"\x1f\x8b":
            return gzip.decompress(data)
        if data[:6] == b"\xfd7zXZ\x00":
            return lzma.decompress(data)
    except (OSError, EOFError, lzma.LZMAError) as exc:
        raise OracleDataError(f"{path.name}: cannot decompress: {exc}") from None
    return data


def _load_json(path: Path) -> Any:
    try:
        return json.loads(_read_bytes(path))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise OracleDataError(f"{path.name}: not JSON: {exc}") from None


def _row(face: Any, where: str, source: str) -> list[Any]:
    """One face as a stored row: the kept fields, checked; absent ones None."""
    if not isinstance(face, dict):
        raise OracleDataError(f"{source}: {where}: a card face must be a JSON object")
    row: list[Any] = []
    for key in FIELDS:
        value = face.get(key)
        if key in _LISTS:
            ok = value is None or (isinstance(value, list) and all(isinstance(v, str) for v in value))
            value = value or None
        elif key in ("power", "toughness", "loyalty") and isinstance(value, (int, float)) \
                and not isinstance(value, bool):
            value = str(value)
            ok = True
        else:
            ok = value is None or isinstance(value, str)
        if not ok:
            raise OracleDataError(f"{source}: {where}: field {key!r} has the wrong type ({value!r})")
        row.append(value)
    if not row[_NAME]:
        raise OracleDataError(f"{source}: {where}: a card face needs a name")
    if not row[FIELDS.index("type")]:
        raise OracleDataError(f"{source}: {where} ({row[_NAME]}): a card face needs a type line")
    return row


_SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"})


def _scryfall_faces(card: dict[str, Any], where: str, source: str) -> list[dict[str, Any]]:
    """A Scryfall card object (its oracle-cards bulk file) as MTGJSON-shaped faces."""
    faces = card.get("card_faces")
    if not isinstance(faces, list) or not faces:
        faces = [card]
    out = []
    for i, face in enumerate(faces):
        if not isinstance(face, dict):
            raise OracleDataError(f"{source}: {where}: card_faces[{i}] must be a JSON object")
        type_line = face.get("type_line") or (card.get("type_line") if len(faces) == 1 else None)
        if not isinstance(type_line, str) or not type_line:
            raise OracleDataError(f"{source}: {where} ({card.get('name')}): a card face needs a type line")
        left, _, right = type_line.partition(" — ")
        words = left.split()
        multi = len(faces) > 1
        out.append({
            "name": card.get("name"), "faceName": face.get("name") if multi else None,
            "side": "abcdefgh"[i] if multi else None,
            "manaCost": face.get("mana_cost") or None, "type": type_line,
            "types": [w for w in words if w not in _SUPERTYPES],
            "supertypes": [w for w in words if w in _SUPERTYPES], "subtypes": right.split(),
            "text": face.get("oracle_text") or None, "power": face.get("power"),
            "toughness": face.get("toughness"), "loyalty": face.get("loyalty"),
            "layout": card.get("layout"), "keywords": card.get("keywords") or None,
        })
    return out


def _is_scryfall(document: Any) -> bool:
    return (isinstance(document, list) and bool(document) and isinstance(document[0], dict)
            and document[0].get("object") == "card")


def _source_rows(document: Any, source: str) -> list[list[Any]]:
    """The rows of an AtomicCards document, a Scryfall oracle-cards file or a flat list of
    faces, in the source's order."""
    rows: list[list[Any]] = []
    if _is_scryfall(document):
        for i, card in enumerate(document):
            if not isinstance(card, dict):
                raise OracleDataError(f"{source}: [{i}]: a card must be a JSON object")
            rows += [_row(face, f"[{i}]", source) for face in _scryfall_faces(card, f"[{i}]", source)]
        if not rows:
            raise OracleDataError(f"{source}: no card faces")
        return rows
    if isinstance(document, dict):
        data = document.get("data")
        if not isinstance(data, dict):
            raise OracleDataError(f"{source}: a JSON object must be MTGJSON's AtomicCards "
                                  '({"meta": ..., "data": {name: [face, ...]}})')
        for name, faces in data.items():
            if not isinstance(faces, list):
                raise OracleDataError(f"{source}: data[{name!r}] must be a list of faces")
            rows += [_row(face, f"data[{name!r}][{i}]", source) for i, face in enumerate(faces)]
    elif isinstance(document, list):
        for i, face in enumerate(document):
            row = _row(face, f"[{i}]", source)
            if row[_FACE] is None and " // " in row[_NAME]:
                row[_FACE] = row[_NAME].split(" // ")[0]   # the flat list keeps a multi-face card's front
            if row[_SIDE] is None and (row[_FACE] or face.get("face") or face.get("back")):
                # its own words: a front names its "back", a back face (own record) says "face": "back"
                row[_SIDE] = "b" if face.get("face") == "back" else "a"
            rows.append(row)
    else:
        raise OracleDataError(f"{source}: expected MTGJSON AtomicCards or a list of card faces")
    if not rows:
        raise OracleDataError(f"{source}: no card faces")
    return rows


def read_source(path: str | Path) -> list[list[Any]]:
    """The rows (see `FIELDS`) of an MTGJSON AtomicCards file or a flat list of faces, in the
    source's order; OracleDataError if it is neither."""
    path = Path(path)
    return _source_rows(_load_json(path), path.name)


def build(source: str | Path, out: str | Path = DATA_PATH) -> int:
    """Writes the package's compressed Oracle records from an MTGJSON source; the number of
    faces written. Identical faces given twice are kept once; a card's front comes first."""
    source = Path(source)
    raw = _read_bytes(source)
    try:
        document = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise OracleDataError(f"{source.name}: not JSON: {exc}") from None
    rows = _source_rows(document, source.name)
    # where the data came from, without any machine path: the file's name and digest, and
    # AtomicCards' own meta (version, date)
    meta: dict[str, Any] = {"file": source.name, "sha256": hashlib.sha256(raw).hexdigest()}
    if isinstance(document, dict) and isinstance(document.get("meta"), dict):
        meta["mtgjson"] = {k: v for k, v in document["meta"].items() if isinstance(v, str)}
    seen: set[str] = set()
    unique: list[list[Any]] = []
    for row in sorted(rows, key=lambda r: (r[_NAME], r[_SIDE] or "")):   # a card's front first
        key = json.dumps(row)
        if key not in seen:
            seen.add(key)
            unique.append(row)
    document = {"format": FORMAT, "source": meta, "fields": list(FIELDS), "records": unique}
    packed = lzma.compress(json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8"),
                           format=lzma.FORMAT_XZ, preset=9 | lzma.PRESET_EXTREME)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out.parent, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(packed)
        os.chmod(tmp, 0o644)                       # mkstemp's file is private; package data is not
        os.replace(tmp, out)
    except BaseException:
        os.unlink(tmp)
        raise
    return len(unique)


# --------------------------------------------------------------------------- the package's records

def load_records(path: str | Path) -> tuple[dict[str, Any], list[list[Any]]]:
    """(source meta, rows) of a file `build` wrote."""
    path = Path(path)
    document = _load_json(path)
    rows = _stored_rows(document, path.name)
    return document.get("source") or {}, rows


class Oracle:
    """The records of one file `build` wrote, looked up by name (full names first, then face
    names that are not a card's name)."""

    def __init__(self, rows: list[list[Any]], source: dict[str, Any] | None = None) -> None:
        self.rows = rows
        self.source = source or {}
        self._by_name: dict[str, int] = {}
        for i, row in enumerate(rows):
            self._by_name.setdefault(row[_NAME], i)
        for i, row in enumerate(rows):
            if row[_FACE]:
                self._by_name.setdefault(row[_FACE], i)
        for i, row in enumerate(rows):
            # a face the data does not hold (a flat list keeps a multi-face card's front only) is
            # still a real name: it finds the card, so the loader names it as that card's face
            for face in row[_NAME].split(" // ")[1:] if " // " in row[_NAME] else ():
                self._by_name.setdefault(face, i)

    @classmethod
    def load(cls, path: str | Path) -> "Oracle":
        source, rows = load_records(path)
        return cls(rows, source)

    def record(self, name: str) -> OracleRecord | None:
        """The real card of that name (or face name), None if none has it."""
        i = self._by_name.get(name)
        return None if i is None else OracleRecord.from_row(self.rows[i])

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def names(self) -> list[str]:
        """Every card's (full) name, sorted."""
        return sorted({row[_NAME] for row in self.rows})

    def __iter__(self) -> Iterator[OracleRecord]:
        return (OracleRecord.from_row(row) for row in self.rows)

    def __len__(self) -> int:
        return len(self.rows)


@cache
def package_oracle() -> Oracle:
    """The package's records (`DATA_PATH`), read on first use, once."""
    if not DATA_PATH.is_file():
        raise FileNotFoundError(f"the package's Oracle data {DATA_PATH.name} is missing: generate "
                                "it with `python -m simulator.cards.oracle build FILE`")
    return Oracle.load(DATA_PATH)


# --------------------------------------------------------------------------- the user's data

USER_FILE = "oracle.json.xz"


def user_data_dir() -> Path:
    """The user's data directory: `$SIMULATOR_DATA_DIR`, else `$XDG_DATA_HOME/mtg-mana-simulator`,
    else `~/.local/share/mtg-mana-simulator`."""
    explicit = os.environ.get("SIMULATOR_DATA_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "mtg-mana-simulator"


def user_oracle_path() -> Path:
    """Where `simulator cards import` keeps the user's Oracle records."""
    return user_data_dir() / USER_FILE


class Combined:
    """The user's imported records over the package's: a name the user's data has is its card
    (newer wording, newer sets), any other the package's."""

    def __init__(self, user: Oracle | None, package: Oracle) -> None:
        self.user, self.package = user, package

    def record(self, name: str) -> OracleRecord | None:
        found = self.user.record(name) if self.user is not None else None
        return found if found is not None else self.package.record(name)

    def __contains__(self, name: object) -> bool:
        return (self.user is not None and name in self.user) or name in self.package

    def names(self) -> list[str]:
        if self.user is None:
            return self.package.names()
        return sorted(set(self.user.names()) | set(self.package.names()))

    def __iter__(self) -> Iterator[OracleRecord]:
        """Every face: the user's, then the package's faces of the cards the user's data lacks."""
        if self.user is None:
            yield from self.package
            return
        yield from self.user
        mine = set(self.user.names())
        yield from (r for r in self.package if r.name not in mine)


@cache
def _combined(user_file: str, stamp: tuple[int, int] | None) -> Combined:
    user = Oracle.load(user_file) if stamp is not None else None
    return Combined(user, package_oracle())


def current_oracle() -> Combined:
    """The Oracle records every command reads: the user's imported data over the package's
    (each file read once per process, and again when the user's file changes)."""
    path = user_oracle_path()
    try:
        st = path.stat()
        stamp: tuple[int, int] | None = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    return _combined(str(path), stamp)


def import_user_data(source: str | Path) -> tuple[int, Path]:
    """`simulator cards import FILE`: the user's records rebuilt from MTGJSON AtomicCards, a
    Scryfall oracle-cards file or a flat list of faces; (faces written, where)."""
    out = user_oracle_path()
    return build(source, out), out


def oracle_record(name: str) -> OracleRecord | None:
    """The real card of that name (or face name), None if no real card has it."""
    return current_oracle().record(name)


def is_real_card(name: str) -> bool:
    """Whether a real card (or a face of one) has that name."""
    return name in current_oracle()


def oracle_names() -> list[str]:
    """Every real card's (full) name, sorted."""
    return current_oracle().names()


def _stored_rows(document: Any, source: str) -> list[list[Any]]:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise OracleDataError(f"{source}: not a file of `python -m simulator.cards.oracle build`")
    if document.get("fields") != list(FIELDS):
        raise OracleDataError(f"{source}: written with other fields ({document.get('fields')}): "
                              "rebuild it")
    rows: list[list[Any]] = document["records"]
    return rows


def records(path: str | Path | None = None) -> Iterator[OracleRecord]:
    """Every face of the Oracle data every command reads (`current_oracle`), or of `path` (a file
    `build` wrote, AtomicCards, Scryfall oracle cards or a flat list of faces), in the file's order."""
    if path is None:
        return iter(current_oracle())
    document = _load_json(Path(path))
    source = Path(path).name
    stored = isinstance(document, dict) and "format" in document
    rows = _stored_rows(document, source) if stored else _source_rows(document, source)
    return (OracleRecord.from_row(row) for row in rows)


# --------------------------------------------------------------------------- command line

def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m simulator.cards.oracle",
                                 description="The package's Oracle records: build them, look one up.")
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="write the package's records from MTGJSON data")
    b.add_argument("source", help="AtomicCards.json(.gz/.xz) or a JSON list of faces")
    b.add_argument("-o", "--out", default=str(DATA_PATH),
                   help="where to write (default: the package's data/oracle.json.xz)")
    s = sub.add_parser("show", help="print a real card's record as JSON")
    s.add_argument("name")
    args = ap.parse_args(argv)
    if args.command == "build":
        try:
            n = build(args.source, args.out)
        except (OSError, OracleDataError) as exc:
            print(f"simulator.cards.oracle: {exc}", file=sys.stderr)
            return 2
        print(f"{n} card faces written to {Path(args.out).name} ({Path(args.out).stat().st_size:,} bytes)")
        return 0
    record = oracle_record(args.name)
    if record is None:
        print(f"simulator.cards.oracle: no real card is named {args.name!r}", file=sys.stderr)
        return 1
    print(json.dumps(record.__dict__, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
