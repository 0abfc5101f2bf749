"""Enters with counted or conditional counters (614.1c) on real cards (issue 22): "for each
color of mana spent to cast it" (Converge, 601.2h, 105.1), "for each other creature you
control", "where X is the number of other creatures on the battlefield / creature cards in all
graveyards / the total mana value of instant and sorcery cards in your graveyard" (202.3), "if
you control a creature with power 4 or greater" (Ferocious), "if you attacked this turn" (Raid:
never, no combat here), "If at least three white mana / mana of the same color was spent to cast
this spell" (Adamant, 601.2h). Recorded games: tests/games/cnt_*.toml."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.rules.support import unsupported


def _counters(p, card: str) -> dict:
    [b] = p.on_battlefield(card)
    return b["counters"]


@pytest.mark.parametrize("game, card, expected", [
    ("cnt_converge_three_colors", "Tajuru Stalwart", {"+1/+1": 3}),
    ("cnt_converge_colorless", "Tajuru Stalwart", {"+1/+1": 1}),
    ("cnt_squad_captain", "Squad Captain", {"+1/+1": 2}),
    ("cnt_stag_beetle", "Stag Beetle", {"+1/+1": 3}),
    ("cnt_drakestown_graveyards", "Drakestown Forgotten", {"+1/+1": 2}),
    ("cnt_inferno_project", "Inferno Project", {"+1/+1": 4}),
    ("cnt_ferocious_yes", "Frontier Mastodon", {"+1/+1": 1}),
    ("cnt_ferocious_opponent", "Frontier Mastodon", {}),
    ("cnt_raid_never", "Goblin Boarders", {}),
    ("cnt_adamant_three_white", "Ardenvale Paladin", {"+1/+1": 1}),
    ("cnt_adamant_two_white", "Ardenvale Paladin", {}),
    ("cnt_adamant_same_color", "Henge Walker", {"+1/+1": 1}),
    ("cnt_adamant_mixed", "Henge Walker", {}),
])
def test_counted_counters_as_it_enters(tmp_path, game: str, card: str, expected: dict) -> None:
    """614.1c: the count (or the condition) is read as the permanent would enter; the counters
    are on it as it enters (one ReplacementApplied, then CountersPlaced); a false condition means
    the replacement does not apply at all (no ReplacementApplied)."""
    p = play(game, tmp_path)
    assert p.error is None
    assert _counters(p, card) == expected
    applied = [e for e in p.events("ReplacementApplied") if e.event.source_card == card]
    if expected:
        [r] = applied
        assert (r.rule, r.event.after["counters"]) == ("614.1c", expected)
    else:
        assert applied == []


def test_converge_records_the_spell_it_paid_for_only_when_counted(tmp_path) -> None:
    """601.2h: the payment for a Converge spell names the spell (`spell`); the lands' own
    mana abilities' payments and other casts do not (old games keep their rows)."""
    p = play("cnt_converge_three_colors", tmp_path)
    [spent] = p.events("ManaSpent")
    [cast] = p.events("SpellCast")
    assert spent.event.spell == cast.event.spell_id
    assert sorted(spent.event.mana) == ["G", "U", "W"]
    (tmp_path / "b").mkdir()
    p = play("cnt_squad_captain", tmp_path / "b")
    [spent] = p.events("ManaSpent")
    assert spent.event.spell is None and "spell" not in spent.event.payload()


def test_stag_beetle_alone_is_a_0_0(tmp_path) -> None:
    """X is 0 with no other creature: no counters (the replacement applied, with 0), 704.5f."""
    p = play("cnt_stag_beetle_alone", tmp_path)
    assert p.error is None and p.on_battlefield("Stag Beetle") == []
    [dies] = [e for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"]
    assert dies.rule == "704.5f"
    assert p.events("CountersPlaced") == []


def test_phrases() -> None:
    """The templates and what they count; "X counters ... for each" stays refused (revolt and
    morbid, which need what happened this turn: tests/rules/test_this_turn.py)."""
    [a] = parse_oracle("Card", "This creature enters with a +1/+1 counter on it for each other creature and/or "
                               "artifact you control.")
    assert a.effect == m.EntersWithCountedCounters(
        "+1/+1", 1, m.EnterCount(m.Selector(any_of=("Creature", "Artifact"), controller="you"), other=True))
    [a] = parse_oracle("Card", "Undergrowth — This creature enters with a number of +1/+1 counters on it equal "
                               "to the number of creature cards in your graveyard.")
    assert a.effect.count == m.EnterCount(m.Selector(zone="graveyard", types=("Creature",), controller="you"))
    for text in ("This creature enters with X +1/+1 counters on it for each other creature you control.",):
        with pytest.raises(Exception):
            parse_oracle("Card", text)


REAL = ["Tajuru Stalwart", "Woodland Wanderer", "Skyrider Elf", "Crystalline Crawler", "Rancorous Archaic",
        "Springmantle Cleric", "Squad Captain", "Luxknight Breacher", "Stag Beetle", "Drakestown Forgotten",
        "Inferno Project", "Undergrowth Scavenger", "Golgari Raiders", "Rhizome Lurcher", "Frontier Mastodon",
        "Goblin Boarders", "Rigging Runner", "Swaggering Corsair", "Storm Fleet Aerialist",
        "Ardenvale Paladin", "Vantress Paladin", "Locthwain Paladin", "Embereth Paladin", "Henge Walker"]


@pytest.mark.parametrize("name", REAL)
def test_real_cards_of_the_family_play(name: str) -> None:
    """Each loads from the package's Oracle data with an EntersWithCountedCounters the rules apply."""
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    assert any(isinstance(a, m.ReplacementAbility) and isinstance(a.effect, m.EntersWithCountedCounters)
               for a in card.abilities)
