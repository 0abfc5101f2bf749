"""Real cards of the choices family (issue 22, pool-quoted): a color, a creature type or a basic
land type chosen as a permanent enters (614.12), and what reads the chosen value. Each card is a
real card outside the built-in pool, taken from the Oracle data by the game that names it."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.oracle import package_oracle
from simulator.rules.support import unsupported

GATES = {"Black Dragon Gate": "B", "Citadel Gate": "W", "Cliffgate": "R", "Manor Gate": "G", "Sea Gate": "U"}


@pytest.mark.parametrize("name, color", sorted(GATES.items()))
def test_the_gates_choose_a_color_other_than_their_own(name: str, color: str) -> None:
    """"As this land enters, choose a color other than black." (614.12): the named color is left
    out of the choice; "{T}: Add {B} or one mana of the chosen color." reads the choice."""
    record = package_oracle().record(name)
    assert record is not None and f"choose a color other than {_WORDS[color]}." in record.text
    pool = CardPool().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    assert [a.effect for a in card.abilities if isinstance(a, m.ReplacementAbility)] == [
        m.EntersTapped(), m.ChooseColorAsEnters(color)]


_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def test_citadel_gate_offers_the_four_other_colors(tmp_path: Path) -> None:
    """614.12: the choice is made as it enters; white is no option (W is Citadel Gate's own)."""
    p = play("choose_gate_other_color", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, list(req.event.options), req.rule) == ("color", ["U", "B", "R", "G"], "614.12")
    gate = p.perm("Citadel Gate")
    assert gate["tapped"] is True and gate["chosen"] == {"color": "R"}
    assert p.log[1].event.source.get("oracle_cards"), "the game took the real card from the Oracle data"


def test_citadel_gate_refuses_white(tmp_path: Path) -> None:
    p = play("choose_gate_named_color", tmp_path)
    assert p.error is not None and p.error.rule == "614.12"
    assert "one of U B R G" in str(p.error)


def test_citadel_gate_adds_the_chosen_color(tmp_path: Path) -> None:
    p = play("choose_gate_tapped_for_chosen", tmp_path)
    assert p.error is None and p.pool("Alice") == {"R": 1}


def test_citadel_gate_adds_no_color_it_did_not_choose(tmp_path: Path) -> None:
    """608.2d / 106.5: only {W} or the chosen red."""
    p = play("choose_gate_tapped_for_other", tmp_path)
    assert p.error is not None and "only one of {W}, {R}, not U" in str(p.error)


# --------------------------------------------------------------------------- a basic land type

def _card(name: str):
    pool = CardPool().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    return card


def test_phantasmal_terrain_chooses_a_land_type_its_enchanted_land_becomes() -> None:
    card = _card("Phantasmal Terrain")
    assert [a.effect for a in card.abilities if isinstance(a, m.ReplacementAbility)] == [m.ChooseLandTypeAsEnters()]
    [static] = [a.effect for a in card.abilities
                if isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.SetLandType)]
    assert static == m.SetLandType(m.Selector(types=("Land",), relation="enchanted"), "", False, chosen=True)


def test_phantasmal_terrain_makes_the_forest_an_island(tmp_path: Path) -> None:
    """614.12: the type is chosen as the Aura enters (the `land_type` choice, its five options);
    305.7: the enchanted Forest is an Island only, with "{T}: Add {U}." (305.6), and its
    controller, Bob, taps it for {U}."""
    p = play("choose_land_type_phantasmal_terrain", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, list(req.event.options), req.rule) == (
        "land_type", ["plains", "island", "swamp", "mountain", "forest"], "614.12")
    assert p.perm("Phantasmal Terrain")["chosen"] == {"land_type": "Island"}
    forest = p.perm("bob-forest")
    assert forest["subtypes"] == ["Island"] and forest["tapped"] is True
    assert [a["text"] for a in forest["abilities"]] == ["{T}: Add {U}."]
    assert p.pool("Bob") == {"U": 1}
    [entered] = [e for e in p.events("ZoneChanged") if e.event.card == "Phantasmal Terrain"
                 and e.event.to_zone == "battlefield"]
    assert entered.event.chosen_land_type == "Island"
    assert "basic land type chosen: Island" in entered.event.describe()


def test_a_land_type_answer_must_be_a_basic_land_type(tmp_path: Path) -> None:
    p = play("choose_land_type_wrong_answer", tmp_path)
    assert p.error is not None and p.error.rule == "614.12"
    assert "Plains, Island, Swamp, Mountain or Forest" in str(p.error)


def test_realmwright_adds_the_chosen_type_to_its_controllers_lands(tmp_path: Path) -> None:
    """"Lands you control are the chosen type in addition to their other types." (305.7: in
    addition, nothing lost): Alice's Forest is a Forest Swamp with both intrinsic abilities, in W
    U B R G order; Bob's Forest is unchanged. The starting position's `chosen = { land_type =
    "swamp" }` is read without regard to case."""
    p = play("choose_land_type_realmwright", tmp_path)
    assert p.error is None
    assert p.perm("realmwright")["chosen"] == {"land_type": "Swamp"}
    forest = p.perm("alice-forest")
    assert forest["subtypes"] == ["Forest", "Swamp"]
    assert [a["text"] for a in forest["abilities"]] == ["{T}: Add {B}.", "{T}: Add {G}."]
    assert p.pool("Alice") == {"B": 1}
    assert p.perm("bob-forest")["subtypes"] == ["Forest"]


def test_realmwright_without_a_choice_adds_no_type(tmp_path: Path) -> None:
    """Put onto the battlefield without the choice: no type was chosen, the static adds none."""
    p = play("choose_land_type_realmwright_none", tmp_path)
    assert p.error is not None and p.error.rule == "602.2" and "has 1" in str(p.error)
    assert p.perm("alice-forest")["subtypes"] == ["Forest"]


def test_a_starting_land_type_the_card_does_not_choose_is_refused(tmp_path: Path) -> None:
    """`chosen = { land_type = ... }` on a card without "choose a basic land type", or naming no
    basic land type: refused at load (exit 2), naming the key."""
    from simulator.base.errors import InvalidGameFile
    from simulator.formats.recorded import load_recorded_game
    from simulator.session.recorder import load_pool
    from scenario import game_path
    source = game_path("choose_land_type_realmwright").read_text()
    for old, new, message in (('card = "Realmwright"', 'card = "Forest"', "does not choose a basic land type"),
                              ('"swamp"', '"Wastes"', "is not a basic land type")):
        path = tmp_path / "start.toml"
        path.write_text(source.replace(old, new, 1))
        with pytest.raises(InvalidGameFile, match=message) as info:
            load_recorded_game(path, load_pool())
        assert "chosen.land_type" in str(info.value)


def test_the_chosen_type_needs_the_choice() -> None:
    """A card that reads "the chosen type" without choosing one as it enters is refused at load."""
    from simulator.base.errors import CardDataError
    with pytest.raises(CardDataError, match="does not choose one as it enters"):
        CardPool().with_text('[[card]]\nname = "Test Chosen"\ntype = "Enchantment — Aura"\n'
                             'text = """\nEnchant land\nEnchanted land is the chosen type.\n"""\n', "test.toml")


# --------------------------------------------------------------------------- "of the chosen color / type"

def test_heraldic_banner_pumps_her_creatures_of_the_chosen_color(tmp_path: Path) -> None:
    """"Creatures you control of the chosen color get +1/+0." (613.4c, layer 7c; the color chosen
    as it entered, 614.12): Alice's red Goblin Piker is 3/1, her green Grizzly Bears 2/2, Bob's red
    Piker 2/1 (not hers); "{T}: Add one mana of the chosen color." adds {R}."""
    card = _card("Heraldic Banner")
    [static] = [a.effect for a in card.abilities if isinstance(a, m.StaticAbilityLine)]
    assert static.affected == m.Selector(types=("Creature",), controller="you", chosen="color")
    p = play("choose_color_heraldic_banner", tmp_path)
    assert p.error is None
    assert (p.perm("piker")["power"], p.perm("piker")["toughness"]) == (3, 1)
    assert (p.perm("bears")["power"], p.perm("bears")["toughness"]) == (2, 2)
    assert (p.perm("bob-piker")["power"], p.perm("bob-piker")["toughness"]) == (2, 1)
    assert p.pool("Alice") == {"R": 1}


def test_a_banner_without_a_chosen_color_pumps_nothing(tmp_path: Path) -> None:
    p = play("choose_color_banner_none", tmp_path)
    assert p.error is None
    assert (p.perm("piker")["power"], p.perm("piker")["toughness"]) == (2, 1)


def test_patchwork_banner_pumps_the_creature_type_chosen_as_it_enters(tmp_path: Path) -> None:
    """"As this artifact enters, choose a creature type." (614.12, the `creature_type` choice) /
    "Creatures you control of the chosen type get +1/+1.": Bear chosen, Grizzly Bears is 3/3, the
    Goblin Piker 2/1."""
    p = play("choose_type_patchwork_banner", tmp_path)
    assert p.error is None
    assert p.perm("Patchwork Banner")["chosen"] == {"creature_type": "Bear"}
    assert (p.perm("bears")["power"], p.perm("bears")["toughness"]) == (3, 3)
    assert (p.perm("piker")["power"], p.perm("piker")["toughness"]) == (2, 1)


def test_gauntlet_of_power(tmp_path: Path) -> None:
    """Gauntlet of Power, green chosen: green creatures of both players get +1/+1 (layer 7c); a
    basic land tapped for green makes its controller one more {G} (106.12a, a triggered mana
    ability resolving at once, 605.4a) -- Alice's Forest and Bob's Forest; NOT Alice's Island
    (blue is not the chosen color) nor her Tranquil Thicket (not basic, 205.4)."""
    card = _card("Gauntlet of Power")
    [trigger] = [a for a in card.abilities if isinstance(a, m.TriggeredAbility)]
    assert trigger.condition == m.LandTappedForMana("any", basic=True, of_chosen_color=True)
    assert trigger.effects == (m.AddMana(m.AddChosenColor(), to=m.Recipient.ENCHANTED_CONTROLLER),)
    assert trigger.is_mana_ability
    p = play("choose_color_gauntlet_of_power", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 3, "U": 1} and p.pool("Bob") == {"G": 2}
    assert len([t for t in p.events("AbilityTriggered") if t.event.source_card == "Gauntlet of Power"]) == 2
    for bears in ("bears", "bob-bears"):
        assert (p.perm(bears)["power"], p.perm(bears)["toughness"]) == (3, 3)
    assert (p.perm("piker")["power"], p.perm("piker")["toughness"]) == (2, 1)


@pytest.mark.parametrize("line, what", [("Creatures you control of the chosen color get +1/+1.", "color"),
                                        ("Creatures of the chosen type get +1/+1.", "creature type")])
def test_of_the_chosen_needs_the_choice(line: str, what: str) -> None:
    from simulator.base.errors import CardDataError
    with pytest.raises(CardDataError, match=f"reads the chosen {what}, but the card does not choose one"):
        CardPool().with_text(f'[[card]]\nname = "Test Chosen"\ntype = "Artifact"\ntext = """\n{line}\n"""\n',
                             "test.toml")
