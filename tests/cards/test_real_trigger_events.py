"""Real cards of the trigger events family (issue 22, pool-triggers), checked by hand against their
rulings: the sample is the cards the scenario games of tests/rules/test_trigger_events.py play (one
per new event or filter), plus the cards that reuse the same phrase. Each is a real card outside the
built-in pool, with exactly this Oracle text, and a game accepts it."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle

SAMPLE = {
    "Seraph Sanctuary": "When this land enters, you gain 1 life.\nWhenever an Angel you control enters, "
                        "you gain 1 life.\n{T}: Add {C}.",
    "Manabarbs": "Whenever a player taps a land for mana, this enchantment deals 1 damage to that player.",
    "Burning Earth": "Whenever a player taps a nonbasic land for mana, this enchantment deals 1 damage to that "
                     "player.",
    "Scald": "Whenever a player taps an Island for mana, this enchantment deals 1 damage to that player.",
    "Sanctimony": "Whenever an opponent taps a Mountain for mana, you may gain 1 life.",
    "Glimmervoid": "At the beginning of the end step, if you control no artifacts, sacrifice this land.\n"
                   "{T}: Add one mana of any color.",
    "Thran Quarry": "At the beginning of the end step, if you control no creatures, sacrifice this land.\n"
                    "{T}: Add one mana of any color.",
    "Lullmage's Familiar": "{T}: Add {G} or {U}.\nWhenever you cast a kicked spell, you gain 2 life.",
    "Dragon's Hoard": "Whenever a Dragon you control enters, put a gold counter on this artifact.\n{T}, Remove a "
                      "gold counter from this artifact: Draw a card.\n{T}: Add one mana of any color.",
    "Team Transmitter": "Whenever a Hero you control enters, you gain 1 life.\n{T}: Add one mana of any color.",
    "Sunseed Nurturer": "At the beginning of your end step, if you control a creature with power 5 or greater, "
                        "you may gain 2 life.\n{T}: Add {C}.",
}


@pytest.mark.parametrize("name", sorted(SAMPLE))
def test_the_sample(name: str) -> None:
    check_real_sample(name, SAMPLE[name])


def test_glimmervoid_reads_as_an_intervening_if() -> None:
    """603.4: "if you control no artifacts" is checked as the end step begins and as it resolves;
    "the end step" is every player's (513.1)."""
    first, _ = parse_oracle("Glimmervoid", SAMPLE["Glimmervoid"])
    assert isinstance(first, m.TriggeredAbility)
    assert first.condition == m.BeginningOfYourStep("end", each=True)
    assert first.intervening == m.YouControl((m.Selector(types=("Artifact",), controller="you"),), at_least=0,
                                             at_most=0)


def test_manabarbs_is_no_mana_ability() -> None:
    """605.1b: it adds no mana, so it uses the stack; "that player" is who tapped the land (603.2)."""
    (a,) = parse_oracle("Manabarbs", SAMPLE["Manabarbs"])
    assert isinstance(a, m.TriggeredAbility) and not a.is_mana_ability
    assert a.effects == (m.DealDamage(1, "that_player"),)
