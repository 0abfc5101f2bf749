"""Real cards that roll dice (706; issue 22, pool-keywords), checked by hand: each is a real card
outside the built-in pool with exactly this Oracle text, accepted by the rules. The games
tests/games/dice_*.toml play them (tests/rules/test_dice.py)."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

_ROLL_ENTERS = ("As this creature enters, roll a six-sided die. This creature enters with a number of {} counters on it "
                "equal to the result.")
SAMPLE = [
    ("Component Pouch", "{T}, Remove a component counter from this artifact: Add two mana of different colors.\n"
                        "{T}: Roll a d20.\n1—9 | Put a component counter on this artifact.\n"
                        "10—20 | Put two component counters on this artifact."),
    ("Jumbo Imp", "Flying\n" + _ROLL_ENTERS.format("+1/+1") + "\nAt the beginning of your upkeep, roll a six-sided "
                  "die and put a number of +1/+1 counters on this creature equal to the result.\nAt the beginning "
                  "of your end step, roll a six-sided die and remove a number of +1/+1 counters from this creature "
                  "equal to the result."),
    ("Hydradoodle", "As this creature enters, roll X six-sided dice. This creature enters with a number of +1/+1 "
                    "counters on it equal to the total of those results.\nReach, trample"),
    ("Hammer Jammer", _ROLL_ENTERS.format("+1/+1") + "\nWhenever you roll a die, remove all +1/+1 counters from this "
                      "creature, then put a number of +1/+1 counters on it equal to the result."),
    ("Temp of the Damned", _ROLL_ENTERS.format("funk") + "\nAt the beginning of your upkeep, remove a funk counter "
                           "from this creature. If you can't, sacrifice it."),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
