"""Planeswalkers and loyalty abilities (issue 22): a planeswalker enters with its printed loyalty
in loyalty counters (306.5b); "[+N]: ...", "[−N]: ...", "[0]: ..." are loyalty abilities (606.1),
their cost putting or removing loyalty counters (606.4), activated only at sorcery timing and
one of each permanent a turn (606.3), a "−N" cost needs N counters (606.6); a loyalty ability is
no mana ability (605.1a); damage removes loyalty (120.3c), 0 loyalty: the graveyard (704.5i).
Recorded games: tests/games/walker_*.toml, cards in tests/games/cards/walker_cards.toml."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards.parser import parse_oracle
from simulator.rules.support import unsupported


def _counted(p, name: str, rule: str) -> list[int]:
    return [e.event.amount for e in p.events(name) if e.rule == rule]


def test_enters_with_printed_loyalty_and_plus_one_adds_mana_from_the_stack(tmp_path) -> None:
    """306.5b: three loyalty counters as it enters; 606.4: [+1] puts one more as its cost;
    605.1a: its "Add {R} or {G}." is no mana ability: it goes on the stack (602.2a) and the mana
    is added as it resolves, the color chosen then (608.2c, 608.2d). 606.3: the [0] of the same
    planeswalker in the same turn is illegal, and nothing of it is written."""
    p = play("walker_enters_plus_one", tmp_path)
    assert p.error is not None and p.error.rule == "606.3"
    assert "already activated this turn" in p.error.why and "[0]: You gain 2 life." in p.error.why
    walker = p.perm("Test Walker")
    assert walker["counters"] == {"loyalty": 4}
    assert _counted(p, "CountersPlaced", "306.5b") == [3] and _counted(p, "CountersPlaced", "606.4") == [1]
    [act] = [e for e in p.events("AbilityActivated") if e.event.source == walker["id"]]
    assert act.event.mana_ability is False and act.rule == "602.2"
    assert [e.event.text for e in p.events("AbilityPutOnStack")] == ["[+1]: Add {R} or {G}."]
    [added] = [e for e in p.events("ManaAdded") if e.rule == "608.2c"]
    assert added.event.mana == {"G": 1} and added.event.source == walker["id"]
    assert p.pool("Alice") == {"G": 1}
    assert p.player("Alice")["life"] == 20          # the [0] did not happen


def test_minus_more_than_its_loyalty_cannot_be_paid(tmp_path) -> None:
    """606.6 (118.3): [−4] with three loyalty counters is illegal; nothing changes."""
    p = play("walker_minus_below_zero", tmp_path)
    assert p.error is not None and p.error.rule == "606.6"
    assert p.error.why == "walker has 3 loyalty counter(s): the cost of '[−4]: Draw a card.' removes 4"
    assert p.perm("walker")["counters"] == {"loyalty": 3}
    assert p.player("Alice")["hand"] == [] and not p.events("AbilityActivated")


def test_minus_to_zero_loyalty_dies_and_its_ability_still_resolves(tmp_path) -> None:
    """606.4: the [−1] removes the last counter as its cost (`CountersPaid`); 704.5i: with 0
    loyalty it goes to the graveyard before the ability resolves (not destroyed: 701.8); the
    ability resolves anyway (113.7a) and deals 1 damage to Bob (120.3a)."""
    p = play("walker_minus_to_zero", tmp_path)
    assert p.error is None
    [paid] = p.events("CountersPaid")
    assert (paid.event.counter, paid.event.amount, paid.rule) == ("loyalty", 1, "606.4")
    [gone] = [e for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"]
    assert gone.event.card == "Second Walker" and gone.rule == "704.5i"
    assert p.state["battlefield"] == [] and p.player("Bob")["life"] == 19
    assert gone.seq < p.events("AbilityResolved")[0].seq


def test_an_opponents_damage_removes_loyalty(tmp_path) -> None:
    """120.3c: 2 damage to Bob's planeswalker with 2 loyalty counters removes both; 704.5i puts
    it into Bob's graveyard. Alice's Test Walker paid 2 of its 3 (606.4)."""
    p = play("walker_damaged_by_opponent", tmp_path)
    assert p.error is None
    [hit] = p.events("DamageDealtToPermanent")
    assert (hit.event.object_id, hit.event.amount, hit.event.marked) == ("bobs-walker", 2, False)
    [lost] = p.events("CountersRemoved")
    assert (lost.event.object_id, lost.event.counters, lost.rule) == ("bobs-walker", {"loyalty": 2}, "120.3c")
    [gone] = [e for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"]
    assert (gone.event.object_id, gone.rule) == ("bobs-walker", "704.5i")
    assert p.player("Bob")["graveyard"] and p.player("Bob")["life"] == 20
    assert p.perm("walker")["counters"] == {"loyalty": 1}


def test_one_loyalty_ability_each_turn_not_each_game(tmp_path) -> None:
    """606.3: the limit is per turn: the [+1] in Alice's turn 1 and again in her turn 3."""
    p = play("walker_next_turn", tmp_path)
    assert p.error is None
    assert p.perm("walker")["counters"] == {"loyalty": 4}
    assert [e.event.turn for e in p.events("ActivationCounted")] == [1, 3]
    assert p.player("Alice")["life"] == 22


@pytest.mark.parametrize("game, why", [("walker_opponents_turn", "it is Bob's turn"),
                                        ("walker_stack_not_empty", "the stack is not empty")])
def test_only_at_sorcery_timing(tmp_path, game: str, why: str) -> None:
    """606.3: only when its controller could cast a sorcery: not in an opponent's turn, not with
    an object on the stack (the other planeswalker's once-a-turn limit is not what refuses it)."""
    p = play(game, tmp_path)
    assert p.error is not None and (p.error.why, p.error.rule) == (why, "606.3")


def test_real_chandra_novice_pyromancer_minus_one(tmp_path) -> None:
    """The real Oracle text: cast, she has 5 loyalty (306.5b); [−1] "Add {R}{R}." resolves from
    the stack (605.1a, 608.2c): {R}{R} in the pool, 4 loyalty left."""
    p = play("walker_real_chandra_novice", tmp_path)
    assert p.error is None
    chandra = p.perm("Chandra, Novice Pyromancer")
    assert chandra["counters"] == {"loyalty": 4}
    assert p.pool("Alice") == {"R": 2}
    assert [e.event.text for e in p.events("AbilityPutOnStack")] == ["[−1]: Add {R}{R}."]


def test_real_chandra_novice_pyromancer_minus_two_then_no_plus_one(tmp_path) -> None:
    """"Chandra deals 2 damage to any target." at Bob (120.3a), then [+1] the same turn: 606.3."""
    p = play("walker_real_chandra_damage", tmp_path)
    assert p.error is not None and p.error.rule == "606.3"
    assert p.player("Bob")["life"] == 18
    assert p.perm("chandra")["counters"] == {"loyalty": 3}


def test_loyalty_abilities_parse_and_are_no_mana_abilities() -> None:
    """606.1/606.4: the bracketed Oracle form with U+2212, a hyphen, a bare "+1" and "[0]"; the
    cost is the loyalty symbol alone. 605.1a: "Add ..." in a loyalty ability is no mana ability."""
    lines = ["[+1]: Add {R}{R}.", "[\u22122]: Draw a card.", "-3: Draw a card.", "+2: You gain 1 life.",
             "[0]: You gain 2 life."]
    assert [a.cost.loyalty for a in parse_oracle("W", "\n".join(lines))] == [1, -2, -3, 2, 0]
    [mana] = parse_oracle("W", "[+1]: Add {R}{R}.")
    assert mana.is_loyalty_ability and not mana.is_mana_ability
    [tap] = parse_oracle("W", "{T}: Add {R}.")
    assert tap.is_mana_ability and not tap.is_loyalty_ability


def test_unsupported_loyalty_costs_are_refused() -> None:
    """A "[−X]" cost and a loyalty symbol with another cost are not templates: refused at load."""
    for line in ("[\u2212X]: Draw X cards.", "[+1], {T}: Draw a card.", "{1}, [+1]: Draw a card."):
        with pytest.raises(CardDataError, match="unknown phrase"):
            parse_oracle("W", line)


def test_card_file_loyalty_key(tmp_path) -> None:
    """209.1 / 306.5b: `loyalty` is a planeswalker's whole number; on another card, or "X", the
    card file is refused naming the card and the key (exit 2 in a game)."""
    def load(extra: str, type_line: str = "Planeswalker — Test") -> CardPool:
        path = tmp_path / "c.toml"
        path.write_text(f'[[card]]\nname = "W"\ncost = "{{1}}"\ntype = "{type_line}"\n{extra}\n'
                        'text = "[+1]: You gain 1 life."\n', encoding="utf-8")
        return CardPool.from_files(path)
    assert load("loyalty = 4").get("W").loyalty == 4
    assert load("").get("W").loyalty is None
    with pytest.raises(CardDataError, match="only planeswalkers have loyalty"):
        load("loyalty = 4", "Artifact")
    with pytest.raises(CardDataError, match="loyalty must be a whole number"):
        load('loyalty = "X"')


@pytest.mark.parametrize("name", ["Chandra, Novice Pyromancer"])
def test_real_planeswalkers_accepted_whole(name: str) -> None:
    """A real planeswalker is accepted only when every line plays: the rules check finds a
    handler for each part (its "Add" through the resolving-ability mana table)."""
    card = CardPool.builtin().with_real_card(name).get(name)
    assert card.loyalty == 5 and unsupported(card) == []


@pytest.mark.parametrize("name, phrase", [
    ("Tezzeret the Schemer", "Etherium Cell"),
    ("Personal Decoy", "loyalty must be a whole number"),
])
def test_real_planeswalkers_with_one_unknown_line_are_refused(name: str, phrase: str) -> None:
    """One line the rules do not cover refuses the whole card, naming the phrase (never half-played)."""
    with pytest.raises(CardDataError) as e:
        CardPool.builtin().with_real_card(name)
    assert phrase in str(e.value)


def test_legend_rule_for_planeswalkers_and_the_new_object_has_its_own_turn(tmp_path) -> None:
    """704.5j: two legendary Test Walkers: Alice keeps the new one (3 loyalty counters, 306.5b),
    the old one goes to her graveyard. 400.7 / 606.3: the new object activates its [0] although
    the old one activated a loyalty ability this turn."""
    p = play("walker_legend_rule", tmp_path)
    assert p.error is None
    [gone] = [e for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"]
    assert (gone.event.object_id, gone.rule) == ("old", "704.5j")
    assert [b["id"] for b in p.on_battlefield("Test Walker")] == ["test-walker-3"]
    assert p.perm("test-walker-3")["counters"] == {"loyalty": 3}
    assert p.player("Alice")["life"] == 24
