"""The check every tests/cards/test_real_*.py makes of its sample of real cards: each is a real
card of the package's Oracle data, outside the built-in pool (so a game takes it from the Oracle
data), with exactly the Oracle text its games assume, and the rules accept it."""
from __future__ import annotations

from simulator.cards import CardPool
from simulator.cards.oracle import package_oracle


def check_real_sample(name: str, oracle_text: str) -> None:
    record = package_oracle().record(name)
    assert record is not None and record.card_name == name
    assert name not in CardPool.builtin()
    assert record.text == oracle_text
    assert CardPool.builtin().with_real_card(name) is not None   # as a game has it: with the built-in tokens
