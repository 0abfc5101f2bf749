"""Refused real cards made playable (issue 22, pool-c3): a flavor word on an activated ability
("Web Support —", 207.2d), "target Spider" (205.3), "enters tapped and with three charge counters
on it" (614.1c, 614.1d), "Tap another untapped artifact you control" (602.2h, 109.2), "enters with X
+1/+1 counters on it, where X is the amount of life you've gained this turn" (119.3, 614.1c) and
"... a +1/+1 counter on it for each Zombie card in your graveyard" (205.3, 614.1c)."""
from __future__ import annotations

from pathlib import Path

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def test_web_support_is_a_flavor_word_and_the_ability_targets_a_spider() -> None:
    """207.2d: "Web Support —" has no rules meaning; the ability is the activated ability after it."""
    [ab] = parse_oracle("Guy in the Chair", "Web Support — {2}{G}, {T}: Put a +1/+1 counter on target "
                                            "Spider. Activate only as a sorcery.")
    assert isinstance(ab, m.ActivatedAbility) and ab.sorcery_speed
    assert ab.targets is not None and ab.targets.what.subtypes == ("Spider",)


def test_guy_in_the_chair_puts_a_counter_on_a_spider(tmp_path: Path) -> None:
    """122.1: the counter is put on the target Spider as the ability resolves (608.2b)."""
    p = play("c3_guy_in_the_chair_spider", tmp_path)
    assert p.error is None
    spider = p.perm("spider")
    assert spider["counters"] == {"+1/+1": 1} and (spider["power"], spider["toughness"]) == (3, 5)
    assert p.perm("guy")["tapped"] is True


def test_guy_in_the_chair_cannot_target_a_bear(tmp_path: Path) -> None:
    """115.1, 601.2c: "target Spider": a Bear is not a legal target; nothing is paid."""
    p = play("c3_guy_in_the_chair_not_a_spider", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs a Spider" in str(p.error)
    assert p.perm("guy")["tapped"] is False and p.pool("Alice") == {"C": 2, "G": 1}


def test_sphere_of_the_suns_enters_tapped_with_three_charge_counters(tmp_path: Path) -> None:
    """614.1c, 614.1d: one replacement effect, both parts as it enters."""
    p = play("c3_sphere_of_the_suns_enters", tmp_path)
    assert p.error is None
    sphere = p.perm("Sphere of the Suns")
    assert sphere["tapped"] is True and sphere["counters"] == {"charge": 3}
    assert {e.rule for e in p.events("ReplacementApplied")} == {"614.1c", "614.1d"}


def test_network_terminal_taps_another_artifact_to_loot(tmp_path: Path) -> None:
    """602.2h: Ornithopter is tapped as the cost is paid; draw then discard (121.1, 701.9a)."""
    p = play("c3_network_terminal_loot", tmp_path)
    assert p.error is None
    assert p.perm("terminal")["tapped"] is True and p.perm("thopter")["tapped"] is True
    assert p.player("Alice")["hand"] == ["Island"] and p.player("Alice")["graveyard"] == ["Forest"]


def test_network_terminal_cannot_tap_itself_as_the_other_artifact(tmp_path: Path) -> None:
    """109.2: "another" is any artifact but the source."""
    p = play("c3_network_terminal_not_itself", tmp_path)
    assert p.error is not None and p.error.rule == "109.2"
    assert p.perm("terminal")["tapped"] is False and p.pool("Alice") == {"C": 1}


def test_voracious_wurm_enters_with_the_life_gained_this_turn(tmp_path: Path) -> None:
    """119.3, 614.1c: Alice gained 2 life this turn before it entered: two +1/+1 counters."""
    p = play("c3_voracious_wurm_life", tmp_path)
    assert p.error is None
    wurm = p.perm("Voracious Wurm")
    assert p.player("Alice")["life"] == 22
    assert wurm["counters"] == {"+1/+1": 2} and (wurm["power"], wurm["toughness"]) == (4, 4)


def test_voracious_wurm_with_no_life_gained_has_no_counters(tmp_path: Path) -> None:
    """107.3: X is 0: no counters are put on it (122.1)."""
    p = play("c3_voracious_wurm_no_life", tmp_path)
    assert p.error is None
    wurm = p.perm("Voracious Wurm")
    assert wurm["counters"] == {} and (wurm["power"], wurm["toughness"]) == (2, 2)


def test_diregraf_colossus_counts_only_zombie_cards_in_its_controllers_graveyard(tmp_path: Path) -> None:
    """205.3, 614.1c: two Walking Corpses of Alice's; not her Grizzly Bears, not Bob's Zombie."""
    p = play("c3_diregraf_colossus_zombies", tmp_path)
    assert p.error is None
    colossus = p.perm("Diregraf Colossus")
    assert colossus["counters"] == {"+1/+1": 2} and (colossus["power"], colossus["toughness"]) == (4, 4)
