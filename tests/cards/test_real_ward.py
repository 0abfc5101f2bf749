"""Real cards with ward (702.21; issue 22, pool-keywords), checked by hand: each is a real card
outside the built-in pool with exactly this Oracle text, accepted by the rules. The games
tests/games/ward_*.toml and dice_neverwinter_hydra.toml play them (tests/rules/test_ward.py,
tests/rules/test_dice.py)."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

SAMPLE = [
    ("Hulking Raptor", "Ward {2}\nAt the beginning of your first main phase, add {G}{G}."),
    ("Bristlebane Battler", "Trample, ward {2}\nThis creature enters with five -1/-1 counters on it.\nWhenever another "
                            "creature you control enters while this creature has a -1/-1 counter on it, remove a -1/-1 "
                            "counter from this creature."),
    ("Neverwinter Hydra", "As this creature enters, roll X d6. It enters with a number of +1/+1 counters on it equal "
                          "to the total of those results.\nTrample\nWard {4} (Whenever this creature becomes the target "
                          "of a spell or ability an opponent controls, counter it unless that player pays {4}.)"),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
