"""The built-in card files written from the Oracle records, so a built-in card's data is exactly
the real card's (name, cost, type line, power/toughness and Oracle text, reminder text included).

    python -m simulator.cards.builtins            # rewrite simulator/cards/data/*.toml
    python -m simulator.cards.builtins --check    # exit 1 if a file differs from what it would write

Which real cards are built in, and in which file, is the files' own list of names (add a
``[[card]]`` with only its ``name`` to a file, then run this); each file's leading comment is
kept. ``tokens.toml`` is not generated: tokens are not Oracle cards. The records are the
package's (`oracle.DATA_PATH`, built by ``python -m simulator.cards.oracle build FILE``), never a
user's imported data, so the package's built-in pool does not depend on the machine.
"""
from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path
from typing import Any, Sequence

import tomli_w

from simulator.cards.oracle import DATA_PATH, Oracle

__all__ = ["GENERATED", "generated_file", "main"]

DATA_DIR = DATA_PATH.parent
TOKENS = "tokens.toml"


def _generated() -> list[Path]:
    return [p for p in sorted(DATA_DIR.glob("*.toml")) if p.name != TOKENS]


GENERATED: tuple[str, ...] = tuple(p.name for p in _generated())


def _header(text: str) -> str:
    """The file's leading comment lines (and the blank line after them)."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return "\n".join(lines) + "\n\n" if lines else ""


def generated_file(path: Path, oracle: Oracle) -> str:
    """The text `path` should have: its comment, then one ``[[card]]`` per name it lists, from
    the Oracle records. KeyError naming a card no real card has."""
    text = path.read_text(encoding="utf-8")
    entries: list[dict[str, Any]] = []
    for entry in tomllib.loads(text).get("card", []):
        record = oracle.record(entry["name"])
        if record is None or record.is_back:
            raise KeyError(f"{path.name}: {entry['name']!r} is not the name of a real card's front")
        entries.append(record.card_entry())
    return _header(text) + "\n".join(_card_table(e) for e in entries)


_ORDER = ("name", "cost", "type", "power", "toughness", "text")


def _card_table(entry: dict[str, Any]) -> str:
    """One ``[[card]]`` table in the hand-written files' layout: the keys in `pool.py`'s order,
    a text of several lines as a multi-line string."""
    lines = ["[[card]]"]
    for key in sorted(entry, key=lambda k: _ORDER.index(k) if k in _ORDER else len(_ORDER)):
        value = entry[key]
        if isinstance(value, str) and "\n" in value:
            body = value.replace("\\", "\\\\").replace('"""', '""\\"')
            lines.append(f'{key} = """\n{body}"""')
        else:
            lines.append(tomli_w.dumps({key: value}).strip())
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m simulator.cards.builtins",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a file is out of date, write nothing")
    args = ap.parse_args(argv)
    oracle = Oracle.load(DATA_PATH)
    stale = []
    for path in _generated():
        try:
            want = generated_file(path, oracle)
        except KeyError as exc:
            print(f"simulator.cards.builtins: {exc.args[0]}", file=sys.stderr)
            return 2
        if path.read_text(encoding="utf-8") != want:
            stale.append(path.name)
            if not args.check:
                path.write_text(want, encoding="utf-8")
    if args.check and stale:
        print(f"out of date: {', '.join(stale)} (run python -m simulator.cards.builtins)", file=sys.stderr)
        return 1
    print(f"{'out of date' if args.check else 'rewritten'}: {', '.join(stale) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
