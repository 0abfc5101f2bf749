"""More forms of "create ... token" (111.1, 111.4; issue 22, pool-tokens): a token created
tapped, X tokens (the X paid, 107.3m), tokens counted as the effect resolves ("for each basic
land type among lands you control", "for each counter on this creature", "where X is ...",
608.2h), a token named otherwise than its subtypes ("named Kobolds of Kher Keep"), hyphenated
subtypes (Assembly-Worker) and the predefined Powerstone, Gold and Blood (111.10).
Recorded games: tests/games/token_{x,tapped,domain,named,per_counter}_*.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def _tokens(p) -> list[dict]:
    return [b for b in p.state["battlefield"] if b.get("token")]


def _card(text: str, name: str = "Maker", type_: str = "Artifact") -> str:
    return f'[[card]]\nname = "{name}"\ncost = "{{1}}"\ntype = "{type_}"\ntext = """\n{text}\n"""\n'


def _effect(pool: CardPool, card: str = "Maker") -> m.CreateTokens:
    [effect] = [e for a in pool.get(card).abilities for e in getattr(a, "effects", ())
                if isinstance(e, m.CreateTokens)]
    return effect


def test_treasure_vault_creates_x_treasures(tmp_path: Path) -> None:
    """107.3m, 602.2b: "{X}{X}, {T}, Sacrifice this land: Create X Treasure tokens." with X = 2
    costs {4} and creates two Treasures (111.10a), untapped."""
    p = play("token_x_treasure_vault", tmp_path)
    assert p.error is None
    assert [(t["card"], t["tapped"]) for t in _tokens(p)] == [("Treasure", False), ("Treasure", False)]
    assert p.on_battlefield("Treasure Vault") == []           # sacrificed as a cost


def test_hall_of_tagsin_creates_a_tapped_powerstone(tmp_path: Path) -> None:
    """111.10 (Powerstone), 110.5: "Create a tapped Powerstone token.": it is created tapped; no
    permanent *becomes* tapped (no PermanentTapped event for it, so no "becomes tapped" trigger)."""
    p = play("token_tapped_hall_of_tagsin", tmp_path)
    assert p.error is None
    [stone] = _tokens(p)
    assert (stone["card"], stone["tapped"], stone["types"], stone["subtypes"]) == (
        "Powerstone", True, ["Artifact"], ["Powerstone"])
    assert [e.event.object_id for e in p.events("PermanentTapped")] == ["w1", "w2", "w3", "w4", "hall"]
    [made] = p.events("TokenCreated")
    assert made.event.describe() == "Alice creates a tapped Powerstone token (powerstone-1)"


def test_a_token_created_untapped_stores_no_tapped_field() -> None:
    """Stored data: `TokenCreated.tapped` is left out of the payload at its default, so games
    stored before it keep their rows and digests."""
    from simulator.game import events as ev
    assert "tapped" not in ev.TokenCreated(object_id="t-1", token="Treasure", controller="Alice").payload()
    assert ev.TokenCreated(object_id="t-1", token="Treasure", controller="Alice", tapped=True).payload()["tapped"] is True


def test_powerstone_mana_cannot_cast_a_nonartifact_spell() -> None:
    """111.10: a Powerstone's "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."
    (106.6): an artifact spell or an ability may use it."""
    stone = CardPool.builtin().get("Powerstone")
    [ability] = stone.abilities
    [add] = ability.effects
    assert isinstance(add, m.AddMana) and add.restriction is not None
    assert (add.restriction.types, add.restriction.abilities) == (("Artifact",), True)


def test_gold_and_blood_are_predefined() -> None:
    """111.10: Gold ("Sacrifice this artifact: Add one mana of any color.") and Blood ("{1}, {T},
    Discard a card, Sacrifice this artifact: Draw a card.")."""
    pool = CardPool.builtin()
    gold, blood = pool.get("Gold"), pool.get("Blood")
    assert gold.is_token and gold.subtypes == ("Gold",) and gold.abilities[0].is_mana_ability
    assert blood.is_token and blood.abilities[0].cost.discard == 1 and blood.abilities[0].cost.tap


def test_spore_burst_counts_basic_land_types(tmp_path: Path) -> None:
    """305.6, 608.2h: Domain — a Forest, two Plains and a Savannah are two basic land types:
    two 1/1 green Saprolings (counted as the spell resolves; a Plains twice counts once)."""
    p = play("token_domain_spore_burst", tmp_path)
    assert p.error is None
    assert [(t["card"], t["power"], t["colors"]) for t in _tokens(p)] == [
        ("Saproling (1/1 green creature)", 1, ["G"])] * 2


def test_kher_keep_names_its_token(tmp_path: Path) -> None:
    """111.4: "a 0/1 red Kobold creature token named Kobolds of Kher Keep": named so, subtype
    Kobold (the card's own name inside the token's name is part of that name, not "this")."""
    p = play("token_named_kher_keep", tmp_path)
    assert p.error is None
    [kobolds] = _tokens(p)
    assert (kobolds["card"], kobolds["subtypes"], kobolds["power"], kobolds["toughness"], kobolds["colors"]) == (
        "Kobolds of Kher Keep (0/1 red Kobold creature)", ["Kobold"], 0, 1, ["R"])


def test_twitching_doll_counts_counters_of_every_kind(tmp_path: Path) -> None:
    """122.1, 608.2h: "for each counter on this creature": two nest counters and a +1/+1 counter on
    the Doll as it last existed (sacrificed for the cost): three 2/2 Spiders with reach."""
    p = play("token_per_counter_twitching_doll", tmp_path)
    assert p.error is None
    assert [(t["card"], t["keywords"]) for t in _tokens(p)] == [("Spider (2/2 green creature, reach)", ["Reach"])] * 3
    assert p.on_battlefield("Twitching Doll") == []


def test_a_hyphenated_subtype() -> None:
    """Urza's Factory's "2/2 colorless Assembly-Worker artifact creature token": one subtype."""
    pool = CardPool().with_real_card("Urza's Factory")
    effect = _effect(pool, "Urza's Factory")
    assert effect.described is not None and effect.described.name == "Assembly-Worker"
    assert pool.get("Assembly-Worker (2/2 colorless artifact creature)").subtypes == ("Assembly-Worker",)


def test_x_counted_where_x_is() -> None:
    """107.3, 608.2h: "Create X 1/1 white Soldier creature tokens, where X is the number of
    Bobbleheads you control." is counted as the ability resolves."""
    pool = CardPool().with_real_card("Charisma Bobblehead")
    effect = _effect(pool, "Charisma Bobblehead")
    assert isinstance(effect.amount, m.CountOf) and effect.amount.what.subtypes == ("Bobblehead",)


@pytest.mark.parametrize("text, problem", [
    ("Whenever you cast a spell, create X Treasure tokens.", "X is the X of a cost"),
    ("{2}, {T}: Create X Treasure tokens.", '"create X" needs an X in the cost'),
    ("{T}: Create two 1/1 green Saproling creature tokens for each creature you control.", '"for each" needs "a" token'),
])
def test_refused_forms(text: str, problem: str) -> None:
    """What is not sure is refused at load, naming the problem: an X with no X paid, "two ...
    for each"."""
    with pytest.raises(CardDataError, match=problem):
        CardPool.builtin().with_text(_card(text), "mine.toml")


def test_gingerbread_cabin_entering_untapped_creates_a_food(tmp_path: Path) -> None:
    """603.6a, 614.1c: with three other Forests the Cabin enters untapped, and "When this land
    enters untapped" triggers: one Food (111.10b)."""
    p = play("token_enters_untapped_gingerbread", tmp_path)
    assert p.error is None
    assert [(t["card"], t["tapped"]) for t in _tokens(p)] == [("Food", False)]
    assert [t["rule"] for t in p.triggers()] == ["603.6a"]


def test_gingerbread_cabin_entering_tapped_does_not_trigger(tmp_path: Path) -> None:
    """603.6a: entering tapped (614.1c: two other Forests only), the Cabin's "enters untapped"
    ability does not trigger: no trigger, no Food."""
    p = play("token_enters_tapped_gingerbread", tmp_path)
    assert p.error is None
    assert p.perm("Gingerbread Cabin")["tapped"] is True
    assert _tokens(p) == [] and p.triggers() == [] and p.events("AbilityTriggered") == []


def test_big_apple_counts_each_opponent(tmp_path: Path) -> None:
    """102.3, 608.2h: "for each opponent you have": Bob and Carol, two 1/1 black Rats."""
    p = play("token_per_opponent_big_apple", tmp_path)
    assert p.error is None
    assert [(t["card"], t["colors"]) for t in _tokens(p)] == [("Rat (1/1 black creature)", ["B"])] * 2


def test_x_of_an_enters_ability_is_the_spells() -> None:
    """107.3m: "When this creature enters, create X ... tokens" uses the X of the spell it was
    (accepted in an enters ability, refused in any other trigger)."""
    pool = CardPool.builtin().with_text(_card("When this creature enters, create X 1/1 green Saproling creature tokens.",
                                              type_="Creature — Fungus") .replace('cost = "{1}"', 'cost = "{X}{G}"')
                                        .replace('text =', 'power = 1\ntoughness = 1\ntext ='), "mine.toml")
    assert isinstance(_effect(pool).amount, m.CostX)
    with pytest.raises(CardDataError, match="X is the X of a cost"):
        CardPool.builtin().with_text(_card("When this artifact dies, create X Treasure tokens."), "mine.toml")


def test_you_create_after_another_players_sentence() -> None:
    """Abstruse Interference: "Counter target spell unless its controller pays {1}. You create a
    1/1 colorless Eldrazi Scion creature token. It has "Sacrifice this token: Add {C}."": the
    spell's controller creates the built-in Eldrazi Scion (111.4)."""
    pool = CardPool.builtin().with_real_card("Abstruse Interference")
    card = pool.get("Abstruse Interference")
    kinds = [type(e).__name__ for e in card.spell_effects]
    assert kinds == ["CounterTargetSpell", "CreateTokens"]
    from simulator.cards.model_tokens import created_token
    assert created_token(pool, card.spell_effects[1]) == "Eldrazi Scion"


def test_up_to_one_target_creature_you_dont_control() -> None:
    """102.3, 115.1: "target creature you don't control" is a creature an opponent controls (every
    other player is an opponent): Skemfar Elderhall's -2/-2 can't target Alice's own creature."""
    pool = CardPool.builtin().with_real_card("Skemfar Elderhall")
    ability = pool.get("Skemfar Elderhall").abilities[2]
    assert ability.targets is not None and ability.targets.what.controller == "opponent"
    assert ability.targets.min == 0 and ability.targets.max == 1


def test_decayed_is_an_inert_keyword_of_the_token() -> None:
    """702.147a: decayed ("can't block"; "When it attacks, sacrifice it at end of combat") is all
    combat: present and inert (docs/cards.md). Crowded Crypt's Zombies have it, one for each
    corpse counter on the Crypt as it last existed (608.2h)."""
    pool = CardPool.builtin().with_real_card("Crowded Crypt")
    create = _effect(pool, "Crowded Crypt")
    assert create.described is not None and create.described.keywords == ("Decayed",)
    assert create.amount == m.PerCounter("corpse")


def test_hellion_crucible_removes_counters_and_sacrifices_itself(tmp_path: Path) -> None:
    """602.2h: "Remove two pressure counters from this land and sacrifice it" is two parts of one
    cost, both paid: the counters, then the land to its owner's graveyard; a 4/4 Hellion with haste."""
    p = play("cost_remove_and_sacrifice_hellion_crucible", tmp_path)
    assert p.error is None
    [paid] = p.events("CountersPaid")
    assert (paid.event.counter, paid.event.amount) == ("pressure", 2)
    assert p.on_battlefield("Hellion Crucible") == []
    assert [(t["card"], t["keywords"]) for t in _tokens(p)] == [("Hellion (4/4 red creature, haste)", ["Haste"])]


def test_hellion_crucible_without_two_counters_cannot_pay(tmp_path: Path) -> None:
    """118.3, 602.2h: one pressure counter cannot pay "Remove two": the activation is illegal,
    nothing is paid (the land stays, no token)."""
    p = play("cost_remove_and_sacrifice_hellion_one_counter", tmp_path)
    assert p.error is not None and "the cost removes 2" in str(p.error) and "118.3" in str(p.error)
    assert p.on_battlefield("Hellion Crucible") != [] and _tokens(p) == []


def test_great_hall_sacrifices_itself_and_a_creature(tmp_path: Path) -> None:
    """701.21a: "Sacrifice this land and a creature you control": the Hall and the chosen
    Grizzly Bears both go to the graveyard; a 4/4 white Angel Warrior with flying and vigilance."""
    p = play("cost_sacrifice_self_and_great_hall", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Great Hall of Starnheim") == [] and p.on_battlefield("Grizzly Bears") == []
    assert [t["card"] for t in _tokens(p)] == ["Angel Warrior (4/4 white creature, flying, vigilance)"]


def test_great_hall_the_other_sacrifice_is_never_the_source() -> None:
    """109.2: "this land and a creature you control" are two permanents: the creature sacrificed
    is another one (an animated Hall could not be both)."""
    pool = CardPool.builtin().with_real_card("Great Hall of Starnheim")
    cost = pool.get("Great Hall of Starnheim").abilities[2].cost
    assert cost.sacrifice_self and cost.sacrifice is not None and cost.sacrifice.other
    assert cost.sacrifice.types == ("Creature",)


def test_its_controller_creates_the_token(tmp_path: Path) -> None:
    """701.8a, 608.2h: "Destroy target creature. Its controller creates a 2/4 white Ox creature
    token.": Bob's Bears are destroyed and Bob (their controller as they last existed) gets the Ox."""
    p = play("token_its_controller_transmogrifying_wand", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Grizzly Bears") == []
    assert [(t["card"], t["controller"]) for t in _tokens(p)] == [("Ox (2/4 white creature)", "Bob")]
    assert p.perm("wand")["counters"] == {"charge": 2}


@pytest.mark.parametrize("text", [
    "{T}: Its controller creates a 2/4 white Ox creature token.",
    "{T}: Tap up to one target creature. Its controller creates a 2/4 white Ox creature token.",
])
def test_its_controller_needs_one_target(text: str) -> None:
    """"Its controller" names the one target permanent's controller: without one, refused."""
    with pytest.raises(CardDataError, match="needs exactly one target permanent"):
        CardPool.builtin().with_text(_card(text), "mine.toml")


@pytest.mark.parametrize("text", [
    "{T}, Sacrifice this creature: Create X 1/1 green Saproling creature tokens, where X is this creature's power.",
    "{T}, Sacrifice this creature: You gain life equal to this creature's power.",
])
def test_the_power_of_a_source_sacrificed_as_a_cost_is_refused(text: str) -> None:
    """608.2h: the sacrificed creature's power is its power as it last existed on the battlefield
    (its +1/+1 counters and pumps included); the card in the graveyard has only its printed
    power, so the count would be wrong: refused at load instead."""
    with pytest.raises(CardDataError, match=r"sacrificed to pay the cost is not supported \(608\.2h\)"):
        parse_oracle("Test Card", text)


def test_create_x_in_an_instant_or_sorcery_says_what_is_not_supported() -> None:
    """"Create X ... tokens" on a spell: X would be the X of its mana cost (107.3), which the
    effect does not read; refused at load naming that, not claiming the spell has no X."""
    from simulator.cards.parser import parse_spell
    with pytest.raises(CardDataError, match=r'"create X" in an instant or sorcery \(the X of its mana cost\)'):
        parse_spell("Test Card", "Create X 1/1 green Saproling creature tokens.")
