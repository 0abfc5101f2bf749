"""Tokens defined by the text that creates them (111.4; issue 22): "Create a 1/1 green Saproling
creature token" needs no [[token]] table. The token has the name, power and toughness, colors,
card types, subtypes (its name's words) and keywords the text gives it, and nothing else (111.3).
Two descriptions sharing a name are two definitions; a [[token]] of the name is used only when it
is exactly the token described (so stored games naming the built-in Thopter answer as before).
Recorded games: tests/games/token_described_*.toml."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.model_tokens import created_token, described_name
from simulator.rules.support import check_cards, unsupported


def _tokens(p) -> list[dict]:
    return [b for b in p.state["battlefield"] if b.get("token")]


def test_two_zombies_of_two_descriptions(tmp_path) -> None:
    """111.4 / 111.3: Cradle of the Accursed's Zombie is a 2/2 black Zombie creature; Transmogrant
    Altar's a 3/3 colorless Zombie artifact creature; in one game each is its own card's."""
    p = play("token_described_two_zombies", tmp_path)
    assert p.error is None
    small, big = _tokens(p)
    assert (small["card"], small["power"], small["toughness"], small["colors"], small["types"],
            small["subtypes"]) == ("Zombie (2/2 black creature)", 2, 2, ["B"], ["Creature"], ["Zombie"])
    assert (big["card"], big["power"], big["toughness"], big["colors"], big["types"],
            big["subtypes"]) == ("Zombie (3/3 colorless artifact creature)", 3, 3, [], ["Artifact", "Creature"],
                                 ["Zombie"])
    assert small["keywords"] == big["keywords"] == [] and small["abilities"] == big["abilities"] == []
    assert [small["id"], big["id"]] == ["zombie-1", "zombie-2"]
    made = p.events("TokenCreated")
    assert [e.rule for e in made] == ["111.1", "111.1"]
    assert made[0].event.describe() == "Alice creates a Zombie (2/2 black creature) token (zombie-1)"


def test_a_keyword_in_the_description(tmp_path) -> None:
    """111.4: "with flying" is part of the token: Gargoyle Castle's Gargoyle has flying."""
    p = play("token_described_gargoyle", tmp_path)
    assert p.error is None
    [gargoyle] = _tokens(p)
    assert (gargoyle["card"], gargoyle["power"], gargoyle["toughness"], gargoyle["keywords"], gargoyle["types"]) == (
        "Gargoyle (3/4 colorless artifact creature, flying)", 3, 4, ["Flying"], ["Artifact", "Creature"])
    assert p.on_battlefield("Gargoyle Castle") == []          # sacrificed as a cost


def _card(text: str, name: str = "Maker") -> str:
    return f'[[card]]\nname = "{name}"\ncost = "{{1}}"\ntype = "Artifact"\ntext = """\n{text}\n"""\n'


ZOMBIE_TABLE = '[[token]]\nname = "Zombie"\ntype = "Creature — Zombie"\ncolors = ["B"]\npower = 2\ntoughness = 2\n'


def _effect(pool: CardPool, card: str = "Maker") -> m.CreateTokens:
    [effect] = [e for a in pool.get(card).abilities for e in getattr(a, "effects", ())
                if isinstance(e, m.CreateTokens)]
    return effect


def test_a_token_table_of_the_name_is_used_when_it_is_the_token_described() -> None:
    """The [[token]] "Zombie" is a 2/2 black Zombie creature: a card describing exactly that makes
    it (no second definition joins the pool); one describing a 3/3 makes its own (111.4)."""
    pool = CardPool.builtin().with_text(ZOMBIE_TABLE + _card("{T}: Create a 2/2 black Zombie creature token."),
                                        "mine.toml")
    assert created_token(pool, _effect(pool)) == "Zombie"
    assert pool.token_names().count("Zombie (2/2 black creature)") == 0
    other = CardPool.builtin().with_text(ZOMBIE_TABLE + _card("{T}: Create a 3/3 black Zombie creature token."),
                                         "mine.toml")
    assert created_token(other, _effect(other)) == "Zombie (3/3 black creature)"
    assert other.get("Zombie (3/3 black creature)").power == 3 and other.get("Zombie").power == 2


def test_the_built_in_thopter_keeps_its_name() -> None:
    """Hangarback Walker's "1/1 colorless Thopter artifact creature token with flying" is the built-in
    [[token]] Thopter: its tokens are named so, as stored games recorded them."""
    pool = CardPool.builtin()
    assert created_token(pool, _effect(pool, "Hangarback Walker")) == "Thopter"
    assert not any(n.startswith("Thopter (") for n in pool.token_names())


def test_a_spawn_unlike_the_built_in_one_is_its_own() -> None:
    """A 1/1 Eldrazi Spawn with the Spawn's ability is not the built-in 0/1 Eldrazi Spawn: it is the
    token its text describes, with that ability (111.4)."""
    text = '{T}: Create a 1/1 colorless Eldrazi Spawn creature token. It has "Sacrifice this token: Add {C}."'
    pool = CardPool.builtin().with_text(_card(text), "mine.toml")
    name = created_token(pool, _effect(pool))
    assert name == 'Eldrazi Spawn (1/1 colorless creature, "Sacrifice this token: Add {C}.")'
    spawn = pool.get(name)
    assert (spawn.power, spawn.toughness, spawn.subtypes, spawn.is_token) == (1, 1, ("Eldrazi", "Spawn"), True)
    assert [a.text for a in spawn.abilities] == ["Sacrifice this token: Add {C}."]
    assert unsupported(spawn) == []
    check_cards(pool)


def test_a_token_whose_ability_the_rules_cannot_read_refuses_its_card() -> None:
    """A quoted ability of a described token is parsed as the token's own text: one the grammar does
    not know refuses the card that creates it, naming the line and the phrase (exit 2)."""
    text = '{T}: Create a 1/1 colorless Eldrazi Spawn creature token. It has "Sacrifice this token: Venture into the dungeon."'
    with pytest.raises(CardDataError) as err:
        CardPool.builtin().with_text(_card(text), "mine.toml")
    assert err.value.card == "Maker"


def test_described_name_says_everything() -> None:
    spec = m.TokenSpec("Drake", 2, 2, ("G", "U"), ("Creature",), ("Flying",), described=True)
    assert described_name(spec) == "Drake (2/2 blue and green creature, flying)"


REAL = {"Vitu-Ghazi, the City-Tree": "Saproling (1/1 green creature)",
        "Memorial to Glory": "Soldier (1/1 white creature)",
        "Khalni Garden": "Plant (0/1 green creature)",
        "Castle Ardenvale": "Human (1/1 white creature)",
        "Gargoyle Castle": "Gargoyle (3/4 colorless artifact creature, flying)",
        "Grove of the Guardian": "Elemental (8/8 white and green creature, vigilance)",
        "Patrol Signaler": "Kithkin Soldier (1/1 white creature)",
        "Incubation Sac": "Phyrexian Golem (3/3 colorless artifact creature)",
        "Draconic Disciple": "Dragon (5/5 red creature, flying)",
        "Courier's Briefcase": "Citizen (1/1 white and green creature)"}


@pytest.mark.parametrize("name", sorted(REAL))
def test_real_cards_make_their_described_tokens(name: str) -> None:
    """Real cards of the pool whose tokens only their text defines (111.4)."""
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    check_cards(pool)
    token = created_token(pool, _effect(pool, name))
    assert token == REAL[name]
    assert pool.get(token).is_token and unsupported(pool.get(token)) == []
