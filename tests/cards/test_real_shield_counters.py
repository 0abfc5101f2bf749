"""Real cards with shield counters (122.1c; issue 22, pool-keywords), checked by hand: each is a
real card outside the built-in pool with exactly this Oracle text, accepted by the rules. They
enter with a shield counter (614.1c); rules/damage.py replaces damage and destruction. The games
tests/games/shield_counter_*.toml play them (tests/rules/test_shield_counters.py)."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

_SHIELD = ("This creature enters with a shield counter on it. (If it would be dealt damage or destroyed, "
           "remove a shield counter from it instead.)")
SAMPLE = [
    ("Disciplined Duelist", "Double strike\n" + _SHIELD),
    ("Swooping Protector", "Flash\nFlying\n" + _SHIELD),
    ("Rhox Pummeler", _SHIELD + "\nThis creature has trample as long as it has a shield counter on it."),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
