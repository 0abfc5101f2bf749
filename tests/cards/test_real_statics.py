"""Real cards of the statics family (issue 22, pool-statics), checked by hand against their
Oracle text and rulings: each is a real card outside the built-in pool, taken from the Oracle
data by the game that names it. Chosen as one card per new template (the inert combat statics,
seek with "Activate only once", changeling and "is also a ...", an alternative and an additional
cost of casting), the one a ruling turns on where
there is one (Gate to Tumbledown: once for that object), and Wandering Treefolk, whose seek sits
under a cost reduction the rules already had."""
from __future__ import annotations

from pathlib import Path

import pytest

from real_sample import check_real_sample
from scenario import play

ORACLE_TEXT = {
    "Vodalian Serpent": "Kicker {2} (You may pay an additional {2} as you cast this spell.)\nThis creature can't "
                        "attack unless defending player controls an Island.\nIf this creature was kicked, it enters "
                        "with four +1/+1 counters on it.",
    "Gate of the Black Dragon": "({T}: Add {B}.)\nGate of the Black Dragon enters the battlefield tapped.\n"
                                "{3}{B}, {T}: Seek a nonland card. Activate only once.",
    "Gate to Tumbledown": "({T}: Add {R}.)\nGate to Tumbledown enters the battlefield tapped.\n"
                          "{3}{R}, {T}: Seek a nonland card. Activate only once.",
    "Three Tree Mascot": "Changeling (This card is every creature type.)\n{1}: Add one mana of any color. "
                         "Activate only once each turn.",
    "Stonework Packbeast": "Stonework Packbeast is also a Cleric, Rogue, Warrior, and Wizard.\n"
                           "{2}: Add one mana of any color.",
    "Fieldmist Borderpost": "You may pay {1} and return a basic land you control to its owner's hand rather than "
                            "pay this spell's mana cost.\nThis artifact enters tapped.\n{T}: Add {W} or {U}.",
    "Culling the Weak": "As an additional cost to cast this spell, sacrifice a creature.\nAdd {B}{B}{B}{B}.",
    "Infernal Plunge": "As an additional cost to cast this spell, sacrifice a creature.\nAdd {R}{R}{R}.",
    "Wandering Treefolk": "Vigilance\nDomain — {7}{G}: Seek a creature card. This ability costs {1} less to "
                          "activate for each basic land type among lands you control.",
}


@pytest.mark.parametrize("name", sorted(ORACLE_TEXT))
def test_the_sample_is_real_cards_with_this_oracle_text(name: str) -> None:
    check_real_sample(name, ORACLE_TEXT[name])


def test_wandering_treefolk_seeks_a_creature_for_less(tmp_path: Path) -> None:
    """601.2f: {7}{G} less {1} for each of the three basic land types among Alice's lands is
    {4}{G}; the creature card sought is the library's only one (no land is ever sought)."""
    p = play("seek_wandering_treefolk", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert alice["hand"] == ["Grizzly Bears"] and alice["library"] == ["Forest", "Dark Ritual", "Island"]
    assert p.pool("Alice") == {}


def test_legal_decisions_offer_the_costs() -> None:
    """tools/legal lists Culling the Weak with each creature that may pay its sacrifice, and the
    Borderpost for its alternative cost with the basic land (118.8, 118.9)."""
    from simulator.session.recorder import replay_file
    from simulator.tools.legal import legal_decisions
    from scenario import game_path
    for name, want in (("castcost_legal_culling", [{"sacrifice": ["bears"]}, {"sacrifice": ["elves"]}]),
                       ("castcost_legal_borderpost", [{"alternative": True, "return": ["plains"]}])):
        result = replay_file(game_path(name), None)
        casts = [d.action for d in legal_decisions(result.game.state, result.game.pool) if "cast" in d.action]
        for w in want:
            assert any(all(a.get(k) == v for k, v in w.items()) for a in casts), (name, w, casts)
