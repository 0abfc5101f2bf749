"""The rule a stored event cites, in the Comprehensive Rules' current numbering.

An event's rule is part of its envelope and, like the event, never rewritten (the log is
append-only and hash-chained). When the keyword actions were renumbered in the Comprehensive
Rules (destroy 701.7a → 701.8a, discard 701.8a → 701.9a, mill 701.13a → 701.17a, regenerate
701.15a → 701.19a), games stored by earlier builds kept the old numbers; read as they are,
701.8a would now explain a discard as a destruction. `current_citation` is the upcaster of a
citation: what the reading commands (`log`, `why`, the viewer, `play`) show and filter by. The
stored rule stays as it was (`simulator events --nl` and the hash chain keep it).
"""
from __future__ import annotations

from typing import Any

# old number -> current one, for every event: the current rules never cite the old numbers
# (tests/game/test_citations.py checks that no rule module emits them)
RETIRED: dict[str, str] = {"701.7a": "701.8a", "701.13a": "701.17a", "701.13b": "701.17b", "701.15a": "701.19a"}

# 701.8a is cited now for destroying; before, for discarding: told apart by the event itself
_DISCARD_THEN = "701.8a"
_DISCARD_NOW = "701.9a"


def current_citation(rule: str | None, type_name: str, event: Any) -> str | None:
    """The current number of `rule` as the event `type_name` (`event`) cites it."""
    if rule is None:
        return None
    if rule in RETIRED:
        return RETIRED[rule]
    if rule == _DISCARD_THEN and _is_discard(type_name, event):
        return _DISCARD_NOW
    return rule


def _is_discard(type_name: str, event: Any) -> bool:
    """A discard, as old builds logged one under 701.8a: the card moved "discarded", or the
    pending choice of the cards to discard."""
    if type_name == "ZoneChanged":
        return getattr(event, "reason", "") == "discarded"
    if type_name == "ChoiceRequested":
        return str(getattr(event, "kind", "")).startswith("discard")
    return False
