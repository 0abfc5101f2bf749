"""Object ids: the stem the engine gives a card's objects (`<slug>-<n>`, 400.7: new objects).

Shared by the rules (which make ids) and the recorded-game format (which checks
references to ids the engine will make), so neither imports the other.
"""
from __future__ import annotations

import re


def slug(name: str) -> str:
    """The id stem the engine uses for a card: lowercase, runs of non-alphanumerics -> '-'.

    ``"Hangarback Walker" -> "hangarback-walker"``, ``"Gaea's Cradle" -> "gaea-s-cradle"``,
    ``"Urborg, Tomb of Yawgmoth" -> "urborg-tomb-of-yawgmoth"``. Generated ids are
    ``f"{slug(name)}-{n}"``.
    """
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
