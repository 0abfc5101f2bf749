"""Real cards of the lands family (issue 22, pool-lands), checked by hand against their rulings:
each is a real card outside the built-in pool, taken from the Oracle data by the game that names
it, with the Oracle text its scenario games assume. Chosen as one card per new template (and a
second where the template has a variant: "an untapped Island", "twice the number", "toughness"),
plus the cards of the rulings the tests cite (Cultivator's Caravan's "crew it and it is
summoning sick", Conversion beside Blood Moon)."""
from __future__ import annotations

from pathlib import Path

import pytest

from real_sample import check_real_sample
from scenario import play
from simulator.cards import CardPool
from simulator.game.layers import card_characteristics

ORACLE_TEXT = {
    "Conversion": "At the beginning of your upkeep, sacrifice this enchantment unless you pay {W}{W}.\n"
                  "All Mountains are Plains.",
    "Prismatic Omen": "Lands you control are every basic land type in addition to their other types.",
    "Nylea's Presence": "Enchant land\nWhen this Aura enters, draw a card.\n"
                        "Enchanted land is every basic land type in addition to its other types.",
    "Dryad of the Ilysian Grove": "You may play an additional land on each of your turns.\n"
                                  "Lands you control are every basic land type in addition to their other types.",
    "Whisperer of the Wilds": "{T}: Add {G}.\nFerocious — {T}: Add {G}{G}. Activate only if you control a "
                              "creature with power 4 or greater.",
    "Heart of Yavimaya": "If this land would enter, sacrifice a Forest instead. If you do, put this land onto "
                         "the battlefield. If you don't, put it into its owner's graveyard.\n{T}: Add {G}.\n"
                         "{T}: Target creature gets +1/+1 until end of turn.",
    "Soldevi Excavations": "If this land would enter, sacrifice an untapped Island instead. If you do, put this "
                           "land onto the battlefield. If you don't, put it into its owner's graveyard.\n"
                           "{T}: Add {C}{U}.\n{1}, {T}: Scry 1.",
    "Cultivator's Caravan": "{T}: Add one mana of any color.\nCrew 3 (Tap any number of creatures you control "
                            "with total power 3 or more: This Vehicle becomes an artifact creature until end of turn.)",
    "Flywheel Racer": "Vigilance\n{T}: Add one mana of any color. Activate only if this permanent is a creature.\n"
                      "Crew 1 (Tap any number of creatures you control with total power 1 or more: This Vehicle "
                      "becomes an artifact creature until end of turn.)",
    "Nishoba Brawler": "Trample\nDomain — Nishoba Brawler's power is equal to the number of basic land types "
                       "among lands you control.",
    "Territorial Maro": "Domain — Territorial Maro's power and toughness are each equal to twice the number of "
                        "basic land types among lands you control.",
    "Aven Trailblazer": "Flying\nDomain — Aven Trailblazer's toughness is equal to the number of basic land "
                        "types among lands you control.",
    "Peat Bog": "This land enters tapped with two depletion counters on it.\n{T}, Remove a depletion counter "
                "from this land: Add {B}{B}. If there are no depletion counters on this land, sacrifice it.",
    "Call the Scions": "Devoid (This card has no color.)\nCreate two 1/1 colorless Eldrazi Scion creature "
                       "tokens. They have \"Sacrifice this token: Add {C}.\"",
}


@pytest.mark.parametrize("name", sorted(ORACLE_TEXT))
def test_the_sample_is_real_cards_with_this_oracle_text(name: str) -> None:
    check_real_sample(name, ORACLE_TEXT[name])


@pytest.mark.parametrize("game", [
    "landtype_conversion_blood_moon_moon_first", "landtype_prismatic_omen_forest", "landtype_nylea_presence",
    "landplay_dryad_three_lands", "act_ferocious_whisperer_itself", "instead_heart_sacrifices_forest",
    "instead_soldevi_chooses", "crew_caravan_sick_crew_then_tap", "crew_flywheel_racer_crewed",
    "cda_nishoba_domain", "cda_maro_land_played", "cda_aven_trailblazer", "depletion_peat_bog_last",
    "devoid_call_the_scions"])
def test_the_games_take_the_real_cards_from_the_oracle_data(game: str, tmp_path: Path) -> None:
    p = play(game, tmp_path)
    assert p.log[1].event.source.get("oracle_cards"), "the game took its real cards from the Oracle data"


def test_call_the_scions_is_colorless_and_makes_two_scions(tmp_path: Path) -> None:
    """702.114a: devoid makes the card colorless in every zone (its cost is {2}{G}); resolving,
    it creates two 1/1 Eldrazi Scions with their mana ability (111.4)."""
    pool = CardPool().with_real_card("Call the Scions")
    assert pool is not None
    card = pool.get("Call the Scions")
    assert card.colors == ("G",) and card_characteristics(card).colors == ()
    p = play("devoid_call_the_scions", tmp_path)
    assert p.error is None
    scions = p.on_battlefield("Eldrazi Scion")
    assert len(scions) == 2 and all((s["power"], s["toughness"]) == (1, 1) for s in scions)
    assert p.player("Alice")["graveyard"] == ["Call the Scions"]
