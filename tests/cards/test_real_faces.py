"""Real cards of several faces a player may choose between (issue 22, pool-casting): a modal
double-faced card (712) or an adventurer card (715) whose other face the Oracle data does not
hold (the package's data keeps a multi-face card's front only) plays as its front face, the only
face the data describes; a game naming the other face is refused at load (exit 2, nothing
written). With the other face in the data (an imported AtomicCards or Scryfall file) the card is
refused by its layout, as before (tests/cards/test_real_cards.py: Bala Ged Recovery).
Chosen: the pathway lands and Tangled Florahedron (the modal double-faced cards this unlocks, a
land and a creature front), the Town lands and Rosethorn Acolyte (adventurers, a land and a
creature front)."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import cli, play
from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards.oracle import package_oracle

FRONTS = {
    "Barkchannel Pathway": ("modal_dfc", "{T}: Add {G}."),
    "Tangled Florahedron": ("modal_dfc", "{T}: Add {G}."),
    "Ishgard, the Holy See": ("adventure", "This land enters tapped.\n{T}: Add {W}."),
    "Rosethorn Acolyte": ("adventure", "{T}: Add one mana of any color."),
}


@pytest.mark.parametrize("name", sorted(FRONTS))
def test_the_front_face_is_the_card(name: str) -> None:
    """712.8a, 715.4: the data holds the front face alone; the card is that face, and plays."""
    record = package_oracle().record(name)
    assert record is not None and record.card_name == name and not record.is_back
    assert (record.layout, record.text) == FRONTS[name]
    assert " // " in record.name
    pool = CardPool().with_real_card(name)
    assert pool is not None and pool.get(name).oracle == FRONTS[name][1]


def test_the_pathway_is_played_as_its_front_face(tmp_path: Path) -> None:
    """712.8a, 305.1, 605.1a: Barkchannel Pathway played from the hand is a land named
    Barkchannel Pathway; tapped, it adds {G} (not the back face's {U})."""
    p = play("faces_pathway_front", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 1}
    perm = p.perm("pathway")
    assert (perm["card"], perm["types"], perm["tapped"]) == ("Barkchannel Pathway", ["Land"], True)


def test_the_town_enters_tapped_and_the_acolyte_is_a_creature_spell(tmp_path: Path) -> None:
    """715.4, 614.1c, 601.2, 302.6: Ishgard enters tapped; Rosethorn Acolyte is cast for {2}{G}
    as the 2/3 creature; it cannot tap for mana the turn it came under Alice's control."""
    p = play("faces_town_and_acolyte", tmp_path)
    assert p.perm("ishgard")["tapped"] is True
    acolyte = p.perm("acolyte")
    assert (acolyte["types"], acolyte["power"], acolyte["toughness"]) == (["Creature"], 2, 3)
    assert p.error is not None and p.error.rule == "302.6" and "Rosethorn Acolyte" in str(p.error)
    assert p.pool("Alice") == {}


@pytest.mark.parametrize("face, card", [("Tidechannel Pathway", "Barkchannel Pathway"),
                                        ("Seasonal Ritual", "Rosethorn Acolyte")])
def test_naming_the_other_face_is_refused_at_load(face: str, card: str, tmp_path: Path) -> None:
    """The data does not say what the other face is: a game naming it is refused (exit 2,
    nothing written), naming the face, the card and the face it plays as."""
    with pytest.raises(CardDataError) as e:
        CardPool().with_real_card(face)
    assert "does not hold" in str(e.value) and repr(card) in str(e.value)
    game = tmp_path / "g.toml"
    game.write_text(f'format = 1\n[[players]]\nname = "Alice"\nhand = ["{face}"]\n'
                    '[[players]]\nname = "Bob"\n', encoding="utf-8")
    db = tmp_path / "g.sqlite"
    r = cli("replay", str(game), "--db", str(db))
    assert r.code == 2, r.err
    assert face in r.err and card in r.err and "Traceback" not in r.err
    assert not db.exists()


def test_simulator_cards_says_a_game_refuses_the_other_face() -> None:
    """`simulator cards NAME` runs the checks a game runs: the other face is refused (the card
    is shown, and said to play as its front face); the front face plays."""
    back = cli("cards", "Tidechannel Pathway", "--json")
    assert back.code == 0, back.err
    data = back.json()
    assert data["supported"] is False and "does not hold" in data["refusal"]
    assert data["name"] == "Barkchannel Pathway"
    front = cli("cards", "Barkchannel Pathway", "--json")
    assert front.code == 0 and front.json()["supported"] is True
