"""The Mercadian depletion lands (issue 22, lands): "This land enters tapped with two depletion
counters on it." (614.1c) and "{T}, Remove a depletion counter from this land: Add {B}{B}. If
there are no depletion counters on this land, sacrifice it." (Peat Bog, Saprazzan Skerry,
Hickory Woodlot, Remote Farm, Sandstone Needle): the counter is removed as a cost (602.2h), the
whole mana ability resolves at once (605.3b), and the land is sacrificed (701.21a) only when no
counter is left. And a neighbour of theirs among the old lands' statics: Bender's Waterskin's
"Untap this artifact during each other player's untap step." (502.3)."""
from __future__ import annotations

from pathlib import Path

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def test_with_a_counter_left_it_stays(tmp_path: Path) -> None:
    p = play("depletion_peat_bog_two", tmp_path)
    assert p.error is None and p.pool("Alice") == {"B": 2}
    bog = p.perm("bog")
    assert bog["counters"] == {"depletion": 1} and bog["tapped"] is True
    assert [e for e in p.events("ZoneChanged") if e.event.reason == "sacrificed"] == []


def test_the_last_counter_sacrifices_it_after_the_mana(tmp_path: Path) -> None:
    p = play("depletion_peat_bog_last", tmp_path)
    assert p.error is None and p.pool("Alice") == {"B": 2}
    assert p.on_battlefield("Peat Bog") == [] and p.player("Alice")["graveyard"] == ["Peat Bog"]
    [sacrificed] = [e for e in p.events("ZoneChanged") if e.event.reason == "sacrificed"]
    [produced] = p.events("ManaProduced")
    assert sacrificed.rule == "701.21a" and sacrificed.seq > produced.seq
    assert sacrificed.cause_seq != p.events("AbilityActivated")[0].seq   # not a cost (export reads those)


def test_it_enters_tapped_with_two_counters(tmp_path: Path) -> None:
    p = play("depletion_peat_bog_played", tmp_path)
    bog = p.perm("bog")
    assert bog["tapped"] is True and bog["counters"] == {"depletion": 2}


def test_the_line_parses() -> None:
    [ability] = parse_oracle("Peat Bog", "{T}, Remove a depletion counter from this land: Add {B}{B}. "
                                         "If there are no depletion counters on this land, sacrifice it.")
    assert ability.effects[-1] == m.SacrificeIfNoCounters("depletion")


def test_bender_s_waterskin_untaps_in_another_player_s_untap_step(tmp_path: Path) -> None:
    """"Untap this artifact during each other player's untap step." (502.3): in Bob's untap step
    Alice's Waterskin untaps, her Forest stays tapped."""
    p = play("untap_waterskin_other_turn", tmp_path)
    assert p.error is None and p.state["active"] == "Bob"
    assert p.perm("waterskin")["tapped"] is False and p.perm("forest")["tapped"] is True
    [untapped] = [e for e in p.events("PermanentUntapped") if e.event.object_id == "waterskin"]
    assert untapped.rule == "502.3"
