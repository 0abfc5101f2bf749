"""Combat-only static abilities (506-509) are inert here: this simulator has no combat (no attack
or block actions in the recorded-game format), so "This creature can't attack unless defending
player controls an Island.", "... can't be blocked by creatures with power 2 or less.", "...
attacks each combat if able." and "Creatures without flying or islandwalk can't attack." are
abilities the card has and shows, which nothing reads (docs/cards.md), like "can't block".
Recorded game: tests/games/combat_vodalian_serpent_kicked.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.parser import parse_card_text


@pytest.mark.parametrize("line, what", [
    ("This creature can't attack unless defending player controls an Island.",
     "can't attack unless defending player controls an island"),
    ("This creature can't attack unless there is a Mountain on the battlefield.",
     "can't attack unless there is a mountain on the battlefield"),
    ("This creature can't be blocked by creatures with power 2 or less.",
     "can't be blocked by creatures with power 2 or less"),
    ("This creature can't be blocked by more than one creature.", "can't be blocked by more than one creature"),
    ("This creature can't be blocked by Walls.", "can't be blocked by walls"),
    ("This creature attacks each combat if able.", "attacks each combat if able"),
    ("~ must be blocked if able.", "must be blocked if able"),
    ("~ can't attack or block unless there are three or more Lesson cards in your graveyard.",
     "can't attack or block unless there are three or more lesson cards in your graveyard"),
    ("Creatures without flying or islandwalk can't attack.", "creatures without flying or islandwalk can't attack"),
    ("As long as this artifact is a creature, it can block an additional creature each combat.",
     "as long as this artifact is a creature, it can block an additional creature each combat"),
])
def test_combat_only_statics_parse_to_the_inert_restriction(line: str, what: str) -> None:
    """A combat-only static is the inert `CombatRestriction`, keeping its words (what `cards`
    and the state show)."""
    [a] = parse_card_text("Test", line).abilities
    assert isinstance(a, m.StaticAbilityLine) and a.effect == m.CombatRestriction(what)


@pytest.mark.parametrize("line", [
    "This creature can't attack unless you pay {1}.",           # a cost to attack: not a closed phrase here
    "This creature can't attack unless defending player controls a Gate.",
    "This creature can't be blocked by creatures with power 2 or less this turn.",
    "Creatures without flying can't block.",
])
def test_what_is_not_one_of_those_phrases_is_refused(line: str) -> None:
    """Only the phrases written in the grammar are inert; anything else is refused at load."""
    with pytest.raises(CardDataError):
        parse_card_text("Test", line)


def test_vodalian_serpent_plays_and_its_restriction_does_nothing(tmp_path: Path) -> None:
    """The real Vodalian Serpent is cast kicked (702.33d: four +1/+1 counters as it enters) and
    has its restriction as printed; Bob controls no Island, and no event comes of it (inert)."""
    p = play("combat_vodalian_serpent_kicked", tmp_path)
    assert p.error is None
    serpent = p.perm("Vodalian Serpent")
    assert (serpent["power"], serpent["toughness"], serpent["counters"]) == (6, 6, {"+1/+1": 4})
    assert serpent["abilities"] == []            # no activated ability; the static is the card's
    card = CardPool().with_real_card("Vodalian Serpent").get("Vodalian Serpent")
    assert m.CombatRestriction("can't attack unless defending player controls an island") in [
        a.effect for a in card.abilities if isinstance(a, m.StaticAbilityLine)]
    assert len(p.events("SpellResolved")) == 1
    assert p.events("AbilityTriggered") == [] and p.pool("Alice") == {}
