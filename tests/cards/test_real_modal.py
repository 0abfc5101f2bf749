"""Real modal cards (700.2; issue 22, pool-modes), checked by hand: each is a real card outside the
built-in pool with exactly this Oracle text, accepted by the rules. The Mightstone and Weakstone's
enters trigger chooses its mode as it is put on the stack (603.3c, 700.2b); Over the Edge's mode
is announced as it is cast (601.2b, 700.2a). The games tests/games/modal_*.toml play them
(tests/rules/test_modal.py)."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

SAMPLE = [
    ("The Mightstone and Weakstone",
     "When The Mightstone and Weakstone enters, choose one —\n• Draw two cards.\n• Target creature gets -5/-5 "
     "until end of turn.\n{T}: Add {C}{C}. This mana can't be spent to cast nonartifact spells.\n"
     "(Melds with Urza, Lord Protector.)"),
    ("Over the Edge",
     "Choose one —\n• Destroy target artifact or enchantment.\n• Target creature you control explores, then it "
     "explores again. (Reveal the top card of your library. Put that card into your hand if it's a land. "
     "Otherwise, put a +1/+1 counter on that creature, then put the card back or put it into your graveyard. "
     "Then repeat this process.)"),
    ("Warping Wail",
     "({C} represents colorless mana.)\nChoose one —\n• Exile target creature with power or toughness 1 or less.\n"
     "• Counter target sorcery spell.\n• Create a 1/1 colorless Eldrazi Scion creature token. It has \"Sacrifice "
     "this token: Add {C}.\""),
    # 701.14a in a mode (700.2b): tests/games/fight_voracious_hydra*.toml, tests/rules/test_fight.py
    ("Voracious Hydra",
     "Trample\nThis creature enters with X +1/+1 counters on it.\nWhen this creature enters, choose one —\n"
     "• Double the number of +1/+1 counters on this creature.\n• This creature fights target creature you don't "
     "control."),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
