"""How a card's text names the card itself (201.5: its own name means that object): its name,
the part before its first comma (a legendary card's short name: "Radha" on Radha, Heir to
Keld) and an Alchemy rebalanced card's name without "A-" (the text of A-Find the Path says
"Find the Path"). Only whole words: "Radhas" or "Radha's" of another card is not the card."""
from __future__ import annotations

import pytest

from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


@pytest.mark.parametrize("name, text", [
    ("A-Find the Path", "When Find the Path enters, you gain 1 life."),
    ("Radha, Heir to Keld", "When Radha enters, you gain 1 life."),
    ("Radha, Heir to Keld", "When Radha, Heir to Keld enters, you gain 1 life."),
    ("A-Nael, Avizoa Aeronaut", "When Nael enters, you gain 1 life."),
    ("A-Nael, Avizoa Aeronaut", "When Nael, Avizoa Aeronaut enters, you gain 1 life."),
])
def test_names_of_the_card_itself(name: str, text: str) -> None:
    [a] = parse_oracle(name, text)
    assert a.condition == m.EntersSelf() and a.effects == (m.GainLife(1),)


@pytest.mark.parametrize("name, text", [
    ("Radha, Heir to Keld", "When Radhanite enters, you gain 1 life."),
    ("Find the Path", "When A-Find the Path enters, you gain 1 life."),
    ("Keld", "When Radha, Heir to Keld enters, you gain 1 life."),
])
def test_other_words_are_not_the_card(name: str, text: str) -> None:
    """A longer word, a name with the "A-" the text does not print, another card's name."""
    with pytest.raises(Exception):
        parse_oracle(name, text)
