"""Mana abilities of real cards (issue 22, pool-mana): a mana ability that also draws (605.3a,
605.3b: it still resolves at once) and "one mana of the chosen color" (614.12, 106.5)."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards import oracle
from simulator.rules.support import unsupported


def test_chromatic_sphere_adds_then_draws_at_once(tmp_path: Path) -> None:
    """605.3a-b: the Sphere's mana and its draw happen as it is activated, nothing in between;
    it is sacrificed as a cost (701.21a)."""
    p = play("mana_extra_sphere_draws", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"U": 1}
    assert p.player("Alice")["hand"] == ["Island"] and p.player("Alice")["library"] == ["Swamp"]
    assert p.player("Alice")["graveyard"] == ["Chromatic Sphere"]
    kinds = [e.type for e in p.events("ManaAdded") + p.events("CardDrawn")]
    assert kinds == ["ManaAdded", "ManaAdded", "CardDrawn"]
    seqs = {e.type: s for s, e in p.log.items() if e.type in ("CardDrawn", "PriorityReceived")}
    produced = [s for s, e in p.log.items() if e.type == "ManaProduced"][-1]
    between = [p.log[s].type for s in range(produced, seqs["CardDrawn"] + 1)]
    assert between == ["ManaProduced", "ManaAdded", "CardDrawn"]


def test_egg_draws_in_the_middle_of_paying_for_a_spell(tmp_path: Path) -> None:
    """601.2g, 605.3a: Skycloud Egg activated while paying for Savannah Lions draws then: the
    Swamp is in Alice's hand with the Lions on the stack; {U} is left over."""
    p = play("mana_extra_egg_while_casting", tmp_path)
    assert p.error is None
    assert [s["card"] for s in p.state["stack"]] == ["Savannah Lions"]
    assert p.player("Alice")["hand"] == ["Swamp"]
    assert p.pool("Alice") == {"U": 1}
    assert "Skycloud Egg" in p.player("Alice")["graveyard"]


def test_egg_draw_from_an_empty_library_loses_at_the_next_check(tmp_path: Path) -> None:
    """121.4: the draw fails, the mana is still added; 704.5b: Alice loses at the next check."""
    p = play("mana_extra_egg_empty_library", tmp_path)
    assert p.error is None
    assert [e.rule for e in p.events("DrawFailed")] == ["121.4"]
    assert p.events("CardDrawn") == []
    assert p.player("Alice")["lost"] == {"rule": "704.5b"}
    assert p.player("Bob")["lost"] is None


def test_sol_grail_adds_the_color_chosen_as_it_entered(tmp_path: Path) -> None:
    """614.12: green chosen as Sol Grail entered; tapping it adds {G}."""
    p = play("mana_chosen_sol_grail_cast", tmp_path)
    assert p.error is None
    grail = p.perm("Sol Grail")
    assert grail["chosen"] == {"color": "G"} and grail["tapped"] is True
    assert p.pool("Alice") == {"G": 1}


def test_quirion_elves_chosen_red(tmp_path: Path) -> None:
    p = play("mana_chosen_quirion_red", tmp_path)
    assert p.error is None and p.pool("Alice") == {"R": 1}


def test_quirion_elves_cannot_be_asked_for_another_color(tmp_path: Path) -> None:
    """608.2d: the ability says which mana; {G} is not the chosen color: nothing happens."""
    p = play("mana_chosen_quirion_wrong_color", tmp_path)
    assert p.error is not None and p.error.rule == "608.2d"
    assert "it adds {R}, the color chosen as elves entered, not G" in str(p.error)
    assert p.pool("Alice") == {} and p.perm("elves")["tapped"] is False


def test_no_color_chosen_adds_no_mana(tmp_path: Path) -> None:
    """106.5: a Sol Grail with no chosen color: the type is undefined, no mana; still tapped."""
    p = play("mana_chosen_grail_none", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {} and p.perm("grail")["tapped"] is True
    [made] = p.events("ManaProduced")
    assert made.rule == "106.5" and made.event.mana == {}


@pytest.mark.parametrize("name", [
    "Chromatic Sphere", "Darkwater Egg", "Mossfire Egg", "Shadowblood Egg", "Skycloud Egg", "Sungrass Egg",
    "Coldsteel Heart", "Sol Grail", "Quirion Elves", "Silhana Starfletcher", "Shimmerdrift Vale",
])
def test_real_cards_of_the_family_play(name: str) -> None:
    """Each real card, its Oracle text as the package ships it, passes the rules check."""
    record = oracle.package_oracle().record(name)
    assert record is not None
    pool = CardPool.builtin().with_real_card(name)
    assert unsupported(pool.get(name)) == []


def test_cinder_marsh_does_not_untap_during_its_controllers_next_untap_step(tmp_path: Path) -> None:
    """502.3: "This land doesn't untap during your next untap step." Bob's untap step (turn 2) is
    not Alice's: the effect waits for hers (turn 3), where marsh-a stays tapped; marsh-b, tapped
    with the other ability ({C}), untaps."""
    p = play("mana_untap_next_cinder_marsh", tmp_path)
    assert p.error is None and p.state["turn"] == 3
    assert p.perm("marsh-a")["tapped"] is True and p.perm("marsh-b")["tapped"] is False
    [scheduled] = p.events("UntapSkipScheduled")
    assert (scheduled.event.object_id, scheduled.event.player, scheduled.rule) == ("marsh-a", "Alice", "502.3")
    [skipped] = p.events("UntapSkipped")
    assert (skipped.event.object_id, skipped.event.player, skipped.rule) == ("marsh-a", "Alice", "502.3")
    untapped = [e.event.object_id for e in p.events("PermanentUntapped")]
    assert untapped == ["marsh-b"]


def test_cinder_marsh_untaps_in_the_untap_step_after(tmp_path: Path) -> None:
    """502.3: the effect ended with Alice's next untap step (turn 3): in turn 5 marsh-a untaps."""
    p = play("mana_untap_next_cinder_marsh_later", tmp_path)
    assert p.error is None and p.state["turn"] == 5
    assert p.perm("marsh-a")["tapped"] is False
    assert len(p.events("UntapSkipped")) == 1
    assert [e.event.object_id for e in p.events("PermanentUntapped")] == ["marsh-b", "marsh-a"]


@pytest.mark.parametrize("name", [
    "Cinder Marsh", "Mogg Hollows", "Thalakos Lowlands", "Vec Townships", "Cloudcrest Lake",
    "Lantern-Lit Graveyard", "Pinecrest Ridge", "Tranquil Garden", "Waterveil Cavern", "Rootwater Depths",
])
def test_real_lands_that_skip_an_untap_step_play(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert unsupported(pool.get(name)) == []
    [_, second] = pool.get(name).abilities
    assert second.effects[-1] == m.SkipNextUntap()


def test_once_each_turn_refuses_a_second_activation(tmp_path: Path) -> None:
    """602.5b: "Activate only once each turn.": the second activation in turn 1 is illegal and
    pays nothing (f2's {G} stays in the pool)."""
    p = play("act_once_manaworker_twice", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert "can be activated only once each turn, and it was activated once this turn" in str(p.error)
    assert p.pool("Alice") == {"U": 1, "G": 1}
    [counted] = p.events("ActivationCounted")
    assert (counted.event.object_id, counted.event.turn, counted.rule) == ("worker", 1, "602.5b")


def test_once_each_turn_again_in_a_later_turn(tmp_path: Path) -> None:
    """602.5b: the limit is per turn: Alice's turn 3 allows one more (also through pay_with)."""
    p = play("act_once_manaworker_next_turn", tmp_path)
    assert p.error is None and p.state["turn"] == 3
    assert p.pool("Alice") == {"R": 1}
    assert [e.event.turn for e in p.events("ActivationCounted")] == [1, 3]


@pytest.mark.parametrize("line, per_turn, sorcery, condition", [
    ("{1}: Add {G}, {U}, or {R}. Activate only once each turn.", 1, False, None),
    ("{1}: Add {G}. Activate only as a sorcery and only once each turn.", 1, True, None),
    ("{1}: Add {G}. Activate only during your upkeep and only once each turn.", 1, False, m.DuringYourTurn("upkeep")),
    ("{1}: Add {G}. Activate only during your turn and only once each turn.", 1, False, m.DuringYourTurn()),
    ("{1}: Add {G}. Activate no more than twice each turn.", 2, False, None),
])
def test_activation_limits_parse(line: str, per_turn: int, sorcery: bool, condition: object) -> None:
    from simulator.cards.parser import parse_oracle
    [ab] = parse_oracle("Test Limited", line)
    assert isinstance(ab, m.ActivatedAbility)
    assert (ab.per_turn, ab.sorcery_speed, ab.condition) == (per_turn, sorcery, condition)


@pytest.mark.parametrize("name", [
    "Salvaged Manaworker", "Shire Scarecrow", "Kozilek's Translator", "Temur Devotee", "Sultai Devotee",
    "Scarecrow Guide",
])
def test_real_cards_limited_each_turn_play(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    card = pool.get(name)
    assert unsupported(card) == []
    assert [a.per_turn for a in card.abilities if isinstance(a, m.ActivatedAbility)][-1] == 1


# ---------------------------------------------------------------- counted mana (107.3, 608.2h)

@pytest.mark.parametrize("game, pool", [
    ("mana_count_priest_of_titania", {"G": 3}),     # every Elf on the battlefield, Bob's too
    ("mana_count_cabal_coffers", {"B": 2}),          # tapped Swamps still count; Bob's does not
    ("mana_count_channeler_one_color", {"R": 2}),    # one letter stands for X (608.2d)
    ("mana_count_geoscope_domain", {"G": 1, "U": 2}),   # Forest, Island, Swamp (Overgrown Tomb)
    ("mana_count_acolyte_devotion", {"G": 5}),       # 700.5, 700.5a: hybrid symbols count
    ("mana_count_joiner_power", {"G": 3}),           # power after counters (613, layer 7)
    ("mana_count_baldurs_gate_other", {"U": 1}),     # "other Gates": not itself
    ("mana_count_deathbloom_two", {"B": 2}),         # creature cards in her graveyard only
])
def test_counted_mana(tmp_path: Path, game: str, pool: dict[str, int]) -> None:
    """The amount is counted as the mana ability resolves (608.2h) from the phrase's objects."""
    p = play(game, tmp_path)
    assert p.error is None
    assert p.pool("Alice") == pool


@pytest.mark.parametrize("game, words", [
    ("mana_count_channeler_two_colors", "the mana must all be of one color"),
    ("mana_count_geoscope_too_many", "X is 3 now: choose 3 mana of those colors"),
    ("mana_count_deathbloom_zero", "X is 0 now: it adds no mana (omit `mana`), not B"),
])
def test_counted_mana_wrong_choice_is_refused(tmp_path: Path, game: str, words: str) -> None:
    """608.2d: the choice must fit X as it is now; nothing is paid or tapped."""
    p = play(game, tmp_path)
    assert p.error is not None and p.error.rule == "608.2d"
    assert words in str(p.error)
    assert p.pool("Alice") == {}
    assert all(b["tapped"] is False for b in p.state["battlefield"])


def test_sanctum_of_fruitful_harvest_uses_the_stack_and_counts_as_it_resolves(tmp_path: Path) -> None:
    """605.1b: a trigger that adds mana but does not trigger from a mana ability uses the stack;
    608.2d: the color is chosen as it resolves; X = the two Shrines Alice controls."""
    p = play("mana_count_sanctum_trigger", tmp_path)
    assert p.error is None
    [trig] = p.events("AbilityTriggered")
    assert trig.event.mana_ability is False
    [asked] = p.events("ChoiceRequested")
    assert asked.rule == "608.2d"
    [added] = p.events("ManaAdded")
    assert (added.event.mana, added.rule) == ({"G": 2}, "608.2c")


@pytest.mark.parametrize("line, message", [
    ("{T}: Put a charge counter on this artifact. Add X mana of any one color, where X is the number of "
     "charge counters on this artifact.", "an instruction before the counted mana is added is not supported"),
    ("{T}, Sacrifice a creature: Add {G} for each creature you control.",
     "counted mana with a sacrifice or counter-removal cost is not supported"),
    ("{T}: Add X mana of any one color, where X is the number of Wizzles you control.",
     "'Wizzles' is not a subtype these rules know"),
    ("At the beginning of your upkeep, add X mana in any combination of colors, where X is the number "
     "of artifacts you control.", '"X mana in any combination" in a triggered ability is not supported'),
])
def test_counted_mana_the_rules_cannot_read_exactly_is_refused(line: str, message: str) -> None:
    """A card is refused at load, naming the line, rather than counting at the wrong moment."""
    from simulator.base.errors import CardDataError
    from simulator.cards.parser import parse_oracle
    with pytest.raises(CardDataError, match="Test Counter") as info:
        parse_oracle("Test Counter", line)
    assert message in str(info.value)


def test_a_triggered_ability_adding_mana_without_a_handler_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A trigger that adds mana from the stack adds it through TRIGGERED_MANA: a kind missing
    there is refused at load, not an internal error as it resolves."""
    from simulator.rules.mana_abilities import TRIGGERED_MANA
    pool = CardPool.builtin().with_real_card("Sanctum of Fruitful Harvest")
    card = pool.get("Sanctum of Fruitful Harvest")
    assert unsupported(card) == []
    monkeypatch.delitem(TRIGGERED_MANA, m.AddCounted)
    assert any("AddCounted" in p and "triggered ability" in p for p in unsupported(card))


@pytest.mark.parametrize("name", [
    "Priest of Titania", "Cabal Coffers", "Magus of the Coffers", "Rofellos, Llanowar Emissary",
    "Deathbloom Ritualist", "Baldur's Gate", "Sanctum Weaver", "Wirewood Channeler", "Harabaz Druid",
    "Arbor Adherent", "Prismatic Geoscope", "Viridian Joiner", "Karametra's Acolyte",
    "Sanctum of Fruitful Harvest",
])
def test_real_counted_mana_cards_play(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert unsupported(pool.get(name)) == []


# ---------------------------------------------------------------- X announced for a cost (107.3)

def test_slagheap_removes_x_storage_counters_for_x_mana(tmp_path: Path) -> None:
    """107.3, 602.2b: X = 3 announced; 602.2h: the three counters are paid ({1} from the
    Mountain); 608.2d: {B}{R}{R} chosen. The land has no {T} in that cost: it stays untapped."""
    p = play("act_x_slagheap_three", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"B": 1, "R": 2}
    assert p.perm("slagheap")["counters"] == {} and p.perm("slagheap")["tapped"] is False
    [paid] = p.events("CountersPaid")
    assert (paid.event.counter, paid.event.amount, paid.rule) == ("storage", 3, "602.2h")
    [act] = [e for e in p.events("AbilityActivated") if e.event.source == "slagheap"]
    assert act.event.x == 3


def test_x_above_the_counters_cannot_be_paid(tmp_path: Path) -> None:
    """118.3: two storage counters cannot pay for X = 3: nothing happens (the Mountain untapped)."""
    p = play("act_x_slagheap_too_many", tmp_path)
    assert p.error is not None and p.error.rule == "118.3"
    assert p.perm("slagheap")["counters"] == {"storage": 2} and p.perm("mountain")["tapped"] is False


@pytest.mark.parametrize("game, pool, left", [
    ("act_x_mage_ring_two", {"C": 2}, {"storage": 1}),     # "any number": two of three
    ("act_x_mage_ring_zero", {}, {"storage": 1}),           # zero is a number (107.3): no mana
    ("act_x_black_battery", {"B": 3}, {}),                  # {B}, then one more per counter
])
def test_remove_any_number_of_counters(tmp_path: Path, game: str, pool: dict[str, int], left: dict) -> None:
    p = play(game, tmp_path)
    assert p.error is None
    assert p.pool("Alice") == pool
    [perm] = p.state["battlefield"]
    assert perm["counters"] == left and perm["tapped"] is True


def test_x_for_a_cost_without_x_is_refused(tmp_path: Path) -> None:
    p = play("act_x_without_x", tmp_path)
    assert p.error is not None and p.error.rule == "107.3"
    assert "has no X (omit `x`)" in str(p.error)


def test_legal_decisions_offer_each_x() -> None:
    """`legal_decisions` lists Mage-Ring Network's "Remove any number of storage counters" with
    X = 0, 1, 2 (its two counters), and Molten Slagheap's X mana with each combination of {B}
    and/or {R} for that X (its {1} paid with the Mountain while paying, 602.2b)."""
    from simulator.formats.recorded import parse_recorded_game
    from simulator.session.game import Game
    from simulator.tools.legal import legal_decisions
    data = {"format": 1, "players": [
        {"name": "Alice", "battlefield": [
            {"card": "Mage-Ring Network", "id": "network", "counters": {"storage": 2}},
            {"card": "Molten Slagheap", "id": "slagheap", "counters": {"storage": 1}},
            {"card": "Mountain", "id": "mountain"}]},
        {"name": "Bob"}]}
    recorded, pool = parse_recorded_game(data, "t.toml", CardPool.builtin())
    game = Game(pool, "t")
    game.setup(recorded)
    actions = [d.action for d in legal_decisions(game.state, pool)]
    network = sorted(a.get("x", 0) for a in actions if a.get("activate") == "network" and a.get("ability") == 3)
    assert network == [0, 1, 2]
    slag = sorted({(a.get("x", 0), a.get("mana")) for a in actions
                   if a.get("activate") == "slagheap" and a.get("ability") == 3})
    assert slag == [(0, None), (1, "B"), (1, "R")]


@pytest.mark.parametrize("line, message", [
    ("{T}: Add {C} for each storage counter removed this way.",
     '"storage counter removed this way" needs a cost that removes any number of storage counters'),
    ("{T}: Add X mana in any combination of {B} and/or {R}.", '"X" needs an X in the cost'),
])
def test_x_without_its_cost_is_refused(line: str, message: str) -> None:
    from simulator.base.errors import CardDataError
    from simulator.cards.parser import parse_oracle
    with pytest.raises(CardDataError, match="Test Storage") as info:
        parse_oracle("Test Storage", line)
    assert message in str(info.value)


@pytest.mark.parametrize("name", [
    "Molten Slagheap", "Calciform Pools", "Saltcrusted Steppe", "Dreadship Reef", "Fungal Reaches",
    "Mage-Ring Network", "Fountain of Cho", "Mercadian Bazaar", "Rushwood Grove", "Saprazzan Cove",
    "Black Mana Battery", "Blue Mana Battery", "Green Mana Battery", "Red Mana Battery", "White Mana Battery",
    "Kyren Toy",
])
def test_real_storage_cards_play(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert unsupported(pool.get(name)) == []


# ---------------------------------------------------------------- "Tap an untapped creature you control"

def test_springleaf_drum_taps_a_summoning_sick_creature(tmp_path: Path) -> None:
    """302.6 limits only the {T}/{Q} of a creature's own abilities: a creature new this turn can be
    tapped to pay Springleaf Drum's cost (602.2h). Both are tapped; {U}."""
    p = play("act_tap_drum_sick_creature", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"U": 1}
    assert p.perm("drum")["tapped"] is True and p.perm("bears")["tapped"] is True
    taps = [(e.event.object_id, e.rule) for e in p.events("PermanentTapped")]
    assert taps == [("drum", "107.5"), ("bears", "602.2h")]


def test_seton_taps_itself_for_its_own_cost_while_summoning_sick(tmp_path: Path) -> None:
    """"Tap an untapped Druid you control" is no {T} symbol: Seton, a Druid, may tap itself, new
    this turn or not (302.6)."""
    p = play("act_tap_seton_itself_sick", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 1} and p.perm("seton")["tapped"] is True


@pytest.mark.parametrize("game, words", [
    ("act_tap_drum_tapped_creature", "bears is already tapped: the cost taps an untapped creature"),
    ("act_tap_sentinel_itself", "sentinel is tapped by the {T} of the same cost: choose another creature"),
    ("act_tap_relic_not_legendary", "bears is not a legendary creature Alice controls"),
])
def test_tap_an_untapped_creature_refusals(tmp_path: Path, game: str, words: str) -> None:
    p = play(game, tmp_path)
    assert p.error is not None and p.error.rule == "602.2h"
    assert words in str(p.error)
    assert p.pool("Alice") == {} and p.events("PermanentTapped") == []


@pytest.mark.parametrize("name", [
    "Springleaf Drum", "Citanul Stalwart", "Relic of Legends", "Gene Pollinator", "Survivors' Encampment",
    "Jaspera Sentinel", "Seton, Krosan Protector", "Holdout Settlement", "Saruli Caretaker", "Loam Dryad",
    "Scene of the Crime",
])
def test_real_tap_an_untapped_cards_play(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert unsupported(pool.get(name)) == []


# ---------------------------------------------------------------- devotion of a chosen color, sacrificed value

@pytest.mark.parametrize("game, pool", [
    ("mana_devotion_nykthos_green", {"G": 4}),   # Elves 1 + hybrid Ram 3 (700.5a)
    ("mana_devotion_nykthos_blue", {}),          # devotion 0: no mana, costs paid all the same
])
def test_nykthos_adds_the_devotion_to_the_chosen_color(tmp_path: Path, game: str, pool: dict[str, int]) -> None:
    """700.5: the color chosen as it resolves (608.2d, `mana`), the amount its devotion."""
    p = play(game, tmp_path)
    assert p.error is None
    assert p.pool("Alice") == pool
    assert p.perm("nykthos")["tapped"] is True and p.perm("f1")["tapped"] is True


@pytest.mark.parametrize("game, pool, graveyard", [
    ("mana_sacrificed_priest_of_yawgmoth", {"B": 3}, ["Basalt Monolith"]),
    ("mana_sacrificed_priest_treasure", {}, []),      # a token: mana value 0 (111.4, 202.3)
])
def test_priest_of_yawgmoth_adds_the_sacrificed_artifacts_mana_value(tmp_path: Path, game: str,
                                                                    pool: dict[str, int], graveyard: list) -> None:
    p = play(game, tmp_path)
    assert p.error is None
    assert p.pool("Alice") == pool
    assert p.player("Alice")["graveyard"] == graveyard
    assert [b["id"] for b in p.state["battlefield"]] == ["priest"]


@pytest.mark.parametrize("name", ["Nykthos, Shrine to Nyx", "Nyx Lotus", "Priest of Yawgmoth", "Red Priest of Yawgmoth"])
def test_real_devotion_and_sacrifice_value_cards_play(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert unsupported(pool.get(name)) == []


def test_millikin_mills_a_card_as_a_cost(tmp_path: Path) -> None:
    """701.17a, 602.2h: the top card of the library into the graveyard, then {C}."""
    p = play("act_mill_millikin", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 1}
    assert p.player("Alice")["library"] == ["Swamp"] and p.player("Alice")["graveyard"] == ["Island"]
    [milled] = [e for e in p.events("ZoneChanged") if e.event.reason == "milled"]
    assert milled.rule == "701.17a"


def test_millikin_cannot_mill_an_empty_library(tmp_path: Path) -> None:
    """701.17b: a player can't mill more cards than their library has: the cost can't be paid."""
    p = play("act_mill_millikin_empty", tmp_path)
    assert p.error is not None and p.error.rule == "701.17b"
    assert p.pool("Alice") == {} and p.perm("millikin")["tapped"] is False


@pytest.mark.parametrize("name", ["Millikin", "Deranged Assistant"])
def test_real_mill_cost_cards_play(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert unsupported(pool.get(name)) == []


def test_skirge_familiar_discards_the_chosen_card(tmp_path: Path) -> None:
    """701.9a, 602.2h: "Discard a card" as a cost: the card Alice names (`discard`) goes to her
    graveyard, the other stays; {B}."""
    p = play("act_discard_skirge", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"B": 1}
    assert p.player("Alice")["hand"] == ["Forest"] and p.player("Alice")["graveyard"] == ["Island"]


def test_discard_cost_needs_a_card_in_the_players_own_hand(tmp_path: Path) -> None:
    """Bob's Island is not in Alice's hand: she can't pay (701.9a); nothing moves."""
    p = play("act_discard_skirge_empty_hand", tmp_path)
    assert p.error is not None and p.error.rule == "701.9a"
    assert p.player("Bob")["hand"] == ["Island"] and p.pool("Alice") == {}


@pytest.mark.parametrize("name", ["Skirge Familiar", "Bog Witch", "Mindless Automaton", "Fogwell's Gym"])
def test_real_discard_cost_cards_play(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert unsupported(pool.get(name)) == []


def test_the_stored_real_cards_of_a_game_with_a_vanilla_card_load_back() -> None:
    """A game naming a vanilla real card (Savannah Lions: no text) and another real card stores
    both as one card file (`oracle_cards`): it must be valid TOML that loads back the same cards
    (it was `card = [...]` beside `[[card]]`, and every read command then refused the game)."""
    pool = CardPool.builtin().with_real_card("Skycloud Egg").with_real_card("Savannah Lions")
    text = pool.oracle_cards()
    assert text is not None and text.count("[[card]]") == 2
    again = CardPool.builtin().with_text(text, "stored")
    assert again.get("Savannah Lions") == pool.get("Savannah Lions")
    assert again.get("Skycloud Egg") == pool.get("Skycloud Egg")


def test_sacrifice_a_goblin_may_be_the_source_itself(tmp_path: Path) -> None:
    """701.21a: "Sacrifice a Goblin": any Goblin its controller controls, the Prospector too."""
    p = play("act_sacrifice_goblin_skirk", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"R": 1}
    assert [b["id"] for b in p.state["battlefield"]] == ["bears"]


def test_sacrifice_a_goblin_refuses_another_creature_type(tmp_path: Path) -> None:
    p = play("act_sacrifice_goblin_not_goblin", tmp_path)
    assert p.error is not None and p.error.rule == "701.21a"
    assert "bears is not a Goblin Alice controls" in str(p.error)
    assert len(p.state["battlefield"]) == 2 and p.pool("Alice") == {}


@pytest.mark.parametrize("game", ["act_hand_simian_spirit_guide", "act_hand_simian_while_casting"])
def test_simian_spirit_guide_is_a_mana_ability_from_the_hand(tmp_path: Path, game: str) -> None:
    """113.6b, 605.1a: "Exile this card from your hand: Add {R}." works from the hand, with
    priority or while paying (601.2g); the card is exiled as the cost (602.2h)."""
    p = play(game, tmp_path)
    assert p.error is None
    assert p.player("Alice")["exile"] == ["Simian Spirit Guide"]
    assert "Simian Spirit Guide" not in p.player("Alice")["hand"]
    if game.endswith("while_casting"):
        assert [s["card"] for s in p.state["stack"]] == ["Raging Goblin"] and p.pool("Alice") == {}
    else:
        assert p.pool("Alice") == {"R": 1}


def test_simian_spirit_guide_does_nothing_on_the_battlefield(tmp_path: Path) -> None:
    """113.6b: an ability that functions from the hand is not one of the permanent's."""
    p = play("act_hand_simian_on_battlefield", tmp_path)
    assert p.error is not None and p.error.rule == "602.1"
    assert "guide has no activated abilities" in str(p.error)


@pytest.mark.parametrize("name", ["Simian Spirit Guide"])
def test_real_hand_mana_ability_cards_play(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    card = pool.get(name)
    assert unsupported(card) == []
    [ab] = card.abilities
    assert isinstance(ab, m.ActivatedAbility) and ab.zone == "hand" and ab.is_mana_ability


def test_heritage_druid_taps_three_elves_itself_and_new_ones(tmp_path: Path) -> None:
    """"Tap three untapped Elves you control": the Druid may be one, summoning-sick Elves too
    (302.6: only {T}/{Q} of a creature's own abilities); 602.2h: the three are tapped; {G}{G}{G}."""
    p = play("act_tap_heritage_druid", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 3}
    assert all(b["tapped"] for b in p.state["battlefield"])
    assert sorted(e.event.object_id for e in p.events("PermanentTapped")) == ["druid", "elf-1", "elf-2"]


def test_heritage_druid_needs_three_different_elves(tmp_path: Path) -> None:
    p = play("act_tap_heritage_druid_twice", tmp_path)
    assert p.error is not None and p.error.rule == "602.2h"
    assert "elf-1 is not an Elf Alice controls (each once)" in str(p.error)
    assert p.pool("Alice") == {} and not any(b["tapped"] for b in p.state["battlefield"])


@pytest.mark.parametrize("name", ["Heritage Druid", "Supportive Parents", "The Massive Zatcatl"])
def test_real_tap_several_cards_play(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert unsupported(pool.get(name)) == []
