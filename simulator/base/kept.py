"""Results kept on disk between commands: where they live (`cache_folder`) and what a result
made by the whole package is keyed by (`package_fingerprint`).

The folder is `$SIMULATOR_CACHE_DIR/<name>`, else `$XDG_CACHE_HOME/mtg-mana-simulator/<name>`,
else `~/.cache/mtg-mana-simulator/<name>`; `SIMULATOR_CACHE_DIR=""` switches keeping off.
Deleting any of it is always safe."""
from __future__ import annotations

import hashlib
import os
import sys
from functools import cache

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cache_folder(name: str) -> str | None:
    """The folder of the kept results called `name` (None: keeping is switched off)."""
    explicit = os.environ.get("SIMULATOR_CACHE_DIR")
    if explicit is not None:
        return os.path.join(explicit, name) if explicit else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "mtg-mana-simulator", name)


@cache
def package_fingerprint() -> bytes:
    """What a result made by this code is keyed by, so a changed rule, card or renderer never
    reads a result kept by another version of the code (`simulator.session.kept_views`):
    sha256 of the Python version and of each file under `simulator/` (its path inside the
    package and its bytes, in sorted path order; compiled `__pycache__` files left out, since
    they follow from the sources). About 5 ms for the package's 3 MB."""
    h = hashlib.sha256(sys.version.encode())
    for root, dirs, files in os.walk(_PACKAGE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                data = f.read()
            h.update(os.path.relpath(path, _PACKAGE).encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return h.digest()
