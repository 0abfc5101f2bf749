"""Tokens given an ability in words (111.4; issue 22): "Create a 0/1 colorless Eldrazi Spawn
creature token. It has "Sacrifice this token: Add {C}."" / "... three 1/1 colorless Eldrazi Scion
creature tokens. They have "..."": the quoted ability is part of the description: the pool's [[token]]
(Eldrazi Spawn, Eldrazi Scion, Triskelavite are built in) when it is that token, else the token
the text describes. The Spawn's
ability is a mana ability (605.1a). Recorded games: tests/games/token_spawn_*.toml, token_scion_*."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.model_tokens import created_token
from simulator.rules.support import unsupported


def test_nest_invader_spawn_sacrificed_for_colorless(tmp_path) -> None:
    """111.4 / 605.1a: the Spawn is a 0/1 Eldrazi Spawn creature; sacrificing it adds {C} at once
    (no stack), and the token ceases to exist in the graveyard (704.5d)."""
    p = play("token_spawn_nest_invader", tmp_path)
    assert p.error is None
    [made] = p.events("TokenCreated")
    assert made.event.token == "Eldrazi Spawn"
    assert p.pool("Alice") == {"C": 1}
    assert p.on_battlefield("Eldrazi Spawn") == []
    [gone] = p.events("TokenCeasedToExist")
    assert gone.rule == "704.5d"


def test_spawning_bed_three_scions(tmp_path) -> None:
    p = play("token_scion_spawning_bed", tmp_path)
    assert p.error is None
    scions = p.on_battlefield("Eldrazi Scion")
    assert len(scions) == 3
    assert all((s["power"], s["toughness"], s["types"], s["subtypes"], s["token"]) ==
               (1, 1, ["Creature"], ["Eldrazi", "Scion"], True) for s in scions)
    assert all(s["abilities"][0]["text"] == "Sacrifice this token: Add {C}." for s in scions)


def _card(text: str, name: str = "Maker") -> str:
    return f'[[card]]\nname = "{name}"\ncost = "{{1}}"\ntype = "Artifact"\ntext = """\n{text}\n"""\n'


@pytest.mark.parametrize("text, made", [
    # a 1/1 Spawn is not the pool's 0/1 one: it is the token its text describes (111.4)
    ('{T}: Create a 1/1 colorless Eldrazi Spawn creature token. It has "Sacrifice this token: Add {C}."',
     'Eldrazi Spawn (1/1 colorless creature, "Sacrifice this token: Add {C}.")'),
    # ... nor is a Spawn with another ability
    ('{T}: Create a 0/1 colorless Eldrazi Spawn creature token. It has "Sacrifice this token: Add {G}."',
     'Eldrazi Spawn (0/1 colorless creature, "Sacrifice this token: Add {G}.")'),
])
def test_described_abilities_are_part_of_the_token(text: str, made: str) -> None:
    pool = CardPool.builtin().with_text(_card(text), "mine.toml")
    [effect] = pool.get("Maker").abilities[0].effects
    assert created_token(pool, effect) == made and pool.is_token(made)
    assert pool.get("Eldrazi Spawn").power == 0        # the built-in one is unchanged


def test_they_have_for_one_token_is_refused() -> None:
    text = '{T}: Create a 0/1 colorless Eldrazi Spawn creature token. They have "Sacrifice this token: Add {C}."'
    with pytest.raises(CardDataError, match="does not agree"):
        CardPool.builtin().with_text(_card(text), "mine.toml")


def test_this_token_on_a_card_is_refused() -> None:
    """"this token" names a token: on a card it is a mistake in its text."""
    with pytest.raises(CardDataError, match='"this token"'):
        CardPool.builtin().with_text(_card("Sacrifice this token: Add {C}."), "mine.toml")


REAL = {"Nest Invader": "Eldrazi Spawn", "Kozilek's Predator": "Eldrazi Spawn", "Dread Drone": "Eldrazi Spawn",
        "Emrakul's Hatcher": "Eldrazi Spawn", "Carrier Thrall": "Eldrazi Scion", "Eldrazi Skyspawner": "Eldrazi Scion",
        "Incubator Drone": "Eldrazi Scion", "Blisterpod": "Eldrazi Scion", "Brood Monitor": "Eldrazi Scion",
        "Eyeless Watcher": "Eldrazi Scion", "Brood Butcher": "Eldrazi Scion", "Spawning Bed": "Eldrazi Scion",
        "Scion Summoner": "Eldrazi Scion", "Triskelavus": "Triskelavite"}


@pytest.mark.parametrize("name", sorted(REAL))
def test_real_cards_make_their_tokens(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == [] and unsupported(pool.get(REAL[name])) == []
    made = [e for a in card.abilities for e in getattr(a, "effects", ()) if isinstance(e, m.CreateTokens)]
    assert [e.token for e in made] == [REAL[name]]
