"""The Thriving lands' first line (issue 22, lands): "This land enters tapped. As it enters, choose
a color other than green." -- two replacement effects on one printed line, read as two abilities
(614.1d: it enters tapped; 614.12: the `color` choice, without the named color among its options)."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def test_the_line_is_two_abilities() -> None:
    line = "This land enters tapped. As it enters, choose a color other than green."
    assert parse_oracle("X", line) == (
        m.ReplacementAbility(m.EntersTapped(), "This land enters tapped."),
        m.ReplacementAbility(m.ChooseColorAsEnters("G"), "As it enters, choose a color other than green."))
    assert parse_oracle("X", "This land enters tapped. As it enters, choose a color.")[1].effect == \
        m.ChooseColorAsEnters()


def test_the_color_named_is_no_option(tmp_path: Path) -> None:
    p = play("thriving_choose_blue", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, list(req.event.options), req.rule) == ("color", ["W", "U", "B", "R"], "614.12")
    land = p.perm("Test Thriving Grove")
    assert land["tapped"] is True and land["chosen"] == {"color": "U"}


def test_choosing_the_named_color_is_refused(tmp_path: Path) -> None:
    p = play("thriving_choose_green", tmp_path)
    assert p.error is not None and p.error.rule == "614.12"
    assert "one of W U B R" in str(p.error)


def test_a_starting_position_may_not_have_chosen_the_named_color(tmp_path: Path) -> None:
    """`chosen = { color = "G" }` for a land that chooses a color other than green: refused at
    load (exit 2), naming the key."""
    import pytest
    from simulator.base.errors import InvalidGameFile
    from simulator.formats.recorded import load_recorded_game
    from simulator.session.recorder import load_pool
    from scenario import game_path
    source = game_path("thriving_choose_blue")
    text = source.read_text().replace(
        'hand = ["Test Thriving Grove"]',
        '  [[players.battlefield]]\n  card = "Test Thriving Grove"\n  chosen = { color = "G" }').replace(
        '"cards/thriving_cards.toml"', repr(str(source.parent / "cards" / "thriving_cards.toml")).replace("'", '"'))
    path = tmp_path / "thriving_start_green.toml"
    path.write_text(text)
    with pytest.raises(InvalidGameFile, match="chooses a color other than G"):
        load_recorded_game(path, load_pool())


@pytest.mark.parametrize("game, pool", [("thriving_mana_blue", {"U": 1}), ("thriving_mana_green", {"G": 1})])
def test_thriving_grove_adds_green_or_the_chosen_color(tmp_path: Path, game: str, pool: dict) -> None:
    """"{T}: Add {G} or one mana of the chosen color." with blue chosen as it entered (614.12)."""
    p = play(game, tmp_path)
    assert p.error is None and p.pool("Alice") == pool


def test_thriving_grove_adds_no_other_color(tmp_path: Path) -> None:
    p = play("thriving_mana_red", tmp_path)
    assert p.error is not None and p.error.rule == "608.2d"
    assert "only one of {G}, {U}, not R" in str(p.error)


def test_thriving_grove_without_a_chosen_color_adds_green_only(tmp_path: Path) -> None:
    """Put onto the battlefield without the choice (a starting position without `chosen`): no
    color was chosen, so "one mana of the chosen color" is undefined (106.5): only {G}."""
    p = play("thriving_mana_none", tmp_path)
    assert p.error is not None and "only one of {G}, not U" in str(p.error)


@pytest.mark.parametrize("name, mana, other", [("Thriving Grove", "G", "G"), ("Thriving Heath", "W", "W"),
                                               ("Thriving Isle", "U", "U"), ("Thriving Moor", "B", "B"),
                                               ("Thriving Bluff", "R", "R")])
def test_the_real_thriving_lands(name: str, mana: str, other: str) -> None:
    from simulator.cards.pool import CardPool
    from simulator.rules.support import unsupported
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    assert [a.effect for a in card.abilities if isinstance(a, m.ReplacementAbility)] == [
        m.EntersTapped(), m.ChooseColorAsEnters(other)]
    [tap] = [a for a in card.abilities if isinstance(a, m.ActivatedAbility)]
    assert tap.effects == (m.AddMana(m.AddFixedOrChosenColor(mana)),)
