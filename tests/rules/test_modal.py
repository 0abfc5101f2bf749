"""Modal spells and abilities (700.2; issue 22, pool-modes): "Choose one —" and its bulleted modes.

- a modal triggered ability's mode is chosen as it is put on the stack, before its targets
  (603.3c, 603.3d, 700.2b); a mode whose targets have no legal choice is not offered, and with
  no mode that can be chosen the ability is removed (700.2b);
- a modal spell's mode is announced as it is cast (601.2b, 700.2a: the `cast` key `mode`), its
  targets are that mode's (601.2c, 700.2c);
- only the chosen mode's instructions happen as it resolves (608.2c).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle, parse_spell

MIGHTSTONE = ("When The Mightstone and Weakstone enters, choose one —\n• Draw two cards.\n"
              "• Target creature gets -5/-5 until end of turn.")


def test_the_trigger_chooses_its_mode_then_that_modes_target(tmp_path: Path) -> None:
    p = play("modal_mightstone_shrinks", tmp_path)
    assert p.error is None
    asked = [e for e in p.events("ChoiceRequested")]
    assert [e.event.kind for e in asked] == ["mode", "target"]         # 603.3c before 603.3d
    assert [e.rule for e in asked] == ["603.3c", "603.3d"]
    assert list(asked[0].event.options) == ["Draw two cards.", "Target creature gets -5/-5 until end of turn."]
    (put,) = p.events("AbilityPutOnStack")
    assert put.event.data["modes"] == (2,) and put.event.targets == ("bears",)
    assert p.player("Bob")["graveyard"] == ["Grizzly Bears"]
    assert p.player("Alice")["hand"] == []                           # the draw mode was not chosen
    assert p.events("CardDrawn") == []


def test_a_mode_without_a_legal_target_is_not_offered(tmp_path: Path) -> None:
    p = play("modal_mightstone_draws", tmp_path)
    assert p.error is None
    (asked,) = p.events("ChoiceRequested")                           # no target asked: 700.2c
    assert asked.event.kind == "mode" and list(asked.event.options) == ["Draw two cards."]
    assert p.player("Alice")["hand"] == ["Forest", "Island"]


def test_a_modal_spell_announces_its_mode(tmp_path: Path) -> None:
    p = play("modal_over_the_edge_destroys", tmp_path)
    assert p.error is None
    (cast,) = p.events("SpellCast")
    assert cast.event.modes == (1,) and cast.event.targets == ("thopter",)
    assert p.player("Bob")["graveyard"] == ["Ornithopter"]
    assert p.player("Alice")["library"] == ["Forest", "Island"]      # the explore mode did nothing


def test_the_other_mode_of_the_spell(tmp_path: Path) -> None:
    p = play("modal_over_the_edge_explores", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Forest", "Island"]         # explored twice (701.44a)
    assert p.perm("thopter")["card"] == "Ornithopter"


def _game(tmp_path: Path, name: str, cast: str) -> Path:
    src = (Path(__file__).parents[1] / "games" / "modal_over_the_edge_destroys.toml").read_text()
    head, _, _ = src.partition("[[actions]]")
    path = tmp_path / "games" / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(head + "[[actions]]\nplayer = \"Alice\"\ncast = \"Over the Edge\"\n" + cast + "\n")
    return path


@pytest.mark.parametrize("keys, rule", [
    ('targets = ["thopter"]', "601.2b"),                # modal: the mode must be announced
    ('mode = 3\ntargets = ["thopter"]', "700.2"),       # it has two modes
    ('mode = 2\ntargets = ["thopter"]', "115.1"),        # mode 2 targets a creature you control
    ('mode = 1\ntargets = ["bears"]', "115.1"),          # mode 1 targets an artifact or enchantment
])
def test_the_announced_mode_and_its_targets_are_checked(tmp_path: Path, keys: str, rule: str) -> None:
    p = play(str(_game(tmp_path, "bad", keys)), tmp_path)
    assert p.error is not None and p.error.rule == rule, p.error
    assert p.player("Alice")["hand"] == ["Over the Edge"]


def test_a_mode_with_no_legal_target_cannot_be_announced(tmp_path: Path) -> None:
    src = _game(tmp_path, "no_artifact", "mode = 1").read_text().replace(
        '  [[players.battlefield]]\n  card = "Ornithopter"\n  id = "thopter"\n', "")
    path = tmp_path / "games" / "no_artifact.toml"
    path.write_text(src)
    p = play(str(path), tmp_path)
    assert p.error is not None and p.error.rule == "700.2a"


def test_the_parse_keeps_each_mode_with_its_own_targets() -> None:
    (ability, _) = parse_oracle("The Mightstone and Weakstone", MIGHTSTONE + "\n{T}: Add {C}{C}.")
    assert isinstance(ability, m.TriggeredAbility) and ability.targets is None
    (choice,) = ability.effects
    assert isinstance(choice, m.ChooseModes) and (choice.minimum, choice.maximum) == (1, 1)
    assert [mode.text for mode in choice.modes] == ["Draw two cards.", "Target creature gets -5/-5 until end of turn."]
    assert choice.modes[0].targets is None and choice.modes[1].targets is not None
    assert m.with_modes(ability, (2,)).effects == choice.modes[1].effects
    effects, targets = parse_spell("Over the Edge", "Choose one —\n• Destroy target artifact or enchantment.\n"
                                                    "• Target creature you control explores.")
    assert targets is None and isinstance(effects[0], m.ChooseModes)


@pytest.mark.parametrize("text", [
    "When ~ enters, choose one —\n• Draw two cards.",                         # one mode: not modal (700.2)
    "When ~ enters, choose one —\n• Add {G}.\n• Draw a card.",                # mana in a mode
    "When ~ enters, choose two —\n• Draw a card.\n• You gain 3 life.",        # only "Choose one —" is read
])
def test_what_is_refused(text: str) -> None:
    with pytest.raises(CardDataError):
        parse_oracle("X", text)


def test_warping_wail_counters_a_sorcery_spell(tmp_path: Path) -> None:
    p = play("modal_warping_wail_counters", tmp_path)
    assert p.error is None
    wail = [e for e in p.events("SpellCast") if e.event.card == "Warping Wail"]
    assert wail[0].event.modes == (2,)
    assert p.player("Alice")["graveyard"] == ["Divination"] and p.player("Alice")["hand"] == []


def test_warping_wail_exiles_a_creature_with_power_or_toughness_1_or_less(tmp_path: Path) -> None:
    p = play("modal_warping_wail_exiles", tmp_path)
    assert p.error is None
    exiled = [e for e in p.events("ZoneChanged") if e.event.to_zone == "exile"]
    assert [(e.event.card, e.rule) for e in exiled] == [("Ornithopter", "406.2")]
    assert p.perm("bears")["card"] == "Grizzly Bears"


def test_warping_wail_makes_a_scion_with_no_target(tmp_path: Path) -> None:
    p = play("modal_warping_wail_scion", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 1}


def test_warping_wail_cannot_exile_a_2_2(tmp_path: Path) -> None:
    src = (Path(__file__).parents[1] / "games" / "modal_warping_wail_exiles.toml").read_text()
    path = tmp_path / "games" / "wail_bears.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(src.replace('targets = ["thopter"]', 'targets = ["bears"]'))
    p = play(str(path), tmp_path)
    assert p.error is not None and p.error.rule == "115.1"


@pytest.mark.parametrize("power, toughness, fits", [(0, 2, True), (3, 1, True), (1, 1, True), (2, 2, False),
                                                     (5, 4, False)])
def test_power_or_toughness_1_or_less(power: int, toughness: int, fits: bool) -> None:
    effects, _ = parse_spell("X", "Choose one —\n• Exile target creature with power or toughness 1 or less.\n"
                                  "• Counter target sorcery spell.")
    (choice,) = effects
    assert isinstance(choice, m.ChooseModes)
    targets = choice.modes[0].targets
    assert targets is not None and targets.what.power_or_toughness_at_most == 1
    facts = m.ObjectFacts({}, (), False, False, power, toughness)
    assert facts.fit(targets.what) is fits
    assert choice.modes[1].targets is not None and choice.modes[1].targets.what.types == ("Sorcery",)
