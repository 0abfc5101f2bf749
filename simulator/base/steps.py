"""The steps of a turn in order (500.1), one tuple for the state, the rules and the file format.

A module of its own at the bottom of the package, so the recorded-game reader knows the
steps without importing the state (and its persistent data structures).
"""
from __future__ import annotations

STEPS = ("untap", "upkeep", "draw", "main1", "combat", "main2", "end", "cleanup")
