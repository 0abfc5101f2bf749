"""The methods `dataclasses` writes for the record classes (the card model, the events, the
state), compiled once and kept on disk, so that a command does not compile them again at
every start (compiling them was a third of the start-up of `simulator state`).

`dataclasses` makes each class's `__init__`, `__eq__`, `__hash__`, `__repr__`, ... as Python
source and runs it through `exec`. Between `compiling(name)` and `close()` (a module's class
definitions), its `exec` is given the code object compiled from the very same source text,
read from the cache when it is there: the methods are the ones `dataclasses` makes, exactly.
An entry is looked up by the whole source text, so a changed class is a new entry and a stale
one is never used; the file is written again (with what this import used only) when something
was missing. It lives beside the parsed-card cache (`$SIMULATOR_CACHE_DIR`, else
`$XDG_CACHE_HOME/mtg-mana-simulator`, else `~/.cache/mtg-mana-simulator`), one file per module
and Python version; deleting it is always safe, and a file that cannot be read or written is
ignored. `SIMULATOR_CACHE_DIR=""` switches it off."""
from __future__ import annotations

import builtins
import dataclasses
import marshal
import os
import sys

from simulator.base.kept import cache_folder

TYPE_CHECKING = False   # typing is not imported at run time (start-up)
if TYPE_CHECKING:
    from typing import Any

_CODE = type(compile("", "<string>", "exec"))


def _path(name: str) -> str | None:
    folder = cache_folder("generated")
    return None if folder is None else os.path.join(folder, f"{name}.{sys.implementation.cache_tag}.marshal")


def _read(path: str | None) -> dict[str, Any]:
    """The code objects kept at `path` by source text ({} if none yet, or unreadable)."""
    if path is not None:
        try:
            with open(path, "rb") as f:
                found = marshal.loads(f.read())   # (marshal.load reads a file in small pieces)
            if isinstance(found, dict):
                return found
        except (OSError, EOFError, ValueError, TypeError):
            pass
    return {}


def _write(path: str | None, codes: dict[str, Any]) -> None:
    """Keep `codes` at `path`, whole or not at all (a read-only or full disk: compiled next time too)."""
    if path is None:
        return
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "wb") as f:
            f.write(marshal.dumps(codes))
        os.replace(tmp, path)
    except OSError:
        pass


class Compiled:
    """The code `dataclasses` generates while one module defines its classes (`compiling`)."""

    def __init__(self, module: str) -> None:
        self.path = _path(module)
        self.known: dict[str, Any] = _read(self.path)
        self.used: dict[str, Any] = {}
        self.missed = False
        self._before = dataclasses.__dict__.get("exec")
        dataclasses.exec = self._exec    # type: ignore[attr-defined]

    def _exec(self, source: Any, globals: Any = None, locals: Any = None) -> None:
        if not isinstance(source, str):
            builtins.exec(source, globals, locals)
            return
        code = self.known.get(source)
        if type(code) is not _CODE:
            code = compile(source, "<string>", "exec")
            self.missed = True
        self.used[source] = code
        builtins.exec(code, globals, locals)

    def close(self) -> None:
        """The module's classes are defined: `dataclasses` compiles for itself again, and the
        cache is written if anything had to be compiled."""
        if self._before is None:
            del dataclasses.exec    # type: ignore[attr-defined]
        else:
            dataclasses.exec = self._before   # type: ignore[attr-defined]
        used, self.known, self.used = self.used, {}, {}   # the classes hold their methods: free the rest
        if self.missed:
            _write(self.path, used)


def compiling(module: str) -> Compiled:
    """Call before a module's dataclasses, and `close()` the result after them."""
    return Compiled(module)


class CompiledSources:
    """Code a module writes as source text for itself at run time (the store's payload
    builders), compiled once and kept in one file named `name` in `compiling`'s folder, with
    its rules: looked up by the whole text, so a changed source is a new entry and a stale one
    is never used; a file that cannot be read or written is ignored.

    `find(source)` gives the code compiled from exactly that text, or None; `keep(sources)`
    compiles the texts not yet known and writes the file again with exactly these (the caller
    gives every text it may ask for, so the file holds no stale entry)."""

    def __init__(self, name: str) -> None:
        self.path = _path(name)
        self._known: dict[str, Any] | None = None

    def _loaded(self) -> dict[str, Any]:
        if self._known is None:
            self._known = _read(self.path)
        return self._known

    def find(self, source: str) -> Any:
        code = self._loaded().get(source)
        return code if type(code) is _CODE else None

    def keep(self, sources: dict[str, str]) -> dict[str, Any]:
        """The code of each source text (`sources`: text -> file name its code reports),
        compiled where not known; the file is written again with these entries only."""
        known = self._loaded()
        out = {}
        for source, filename in sources.items():
            code = known.get(source)
            out[source] = code if type(code) is _CODE else compile(source, filename, "exec")
        self._known = out
        _write(self.path, out)
        return out
