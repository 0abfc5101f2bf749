"""Counters named "on it" (issue 22, pool-c5): "it" is the source itself, never guessed.

- "This creature gets +1/+1 for each oil counter on it." (Trawler Drake): the subject's own
  counters, counted as layer 7c applies (613.4c);
- "When this creature dies, draw cards equal to the number of oil counters on it." (Watchful
  Blisterzoa), "... create a 1/1 ... token for each counter on it" (Kinsbaile Borderguard: every
  kind, 122.1), "... for each +1/+1 counter on it" (Boss's Chauffeur): the counters the source had
  as it last existed on the battlefield (603.10a);
- "enters with a +1/+1 counter on it for each other Kithkin you control" and "... equal to one
  plus the number of other creatures you control": counted as it would enter (614.1c);
- an intervening "if" about the graveyard and the source's own counters (Creakwood Safewright,
  603.4);
- "Add {C}, plus an additional {C} for each art counter on Famous Museum." (605.3a);
- "When Maga enters, target player loses life equal to the number of +1/+1 counters on it." (119.3);
- "Put an oil counter on target artifact or creature you control." (The Monumental Facade, 115.1).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def _pt(perm: dict) -> tuple[int, int]:
    return perm["power"], perm["toughness"]


def test_trawler_drake_is_a_one_one_as_it_enters(tmp_path: Path) -> None:
    """614.1c, 613.4c: a 0/0 entering with an oil counter is a 1/1 at once, so 704.5f does not
    put it into the graveyard."""
    p = play("counters_it_trawler_drake", tmp_path)
    assert p.error is None
    drake = p.perm("Trawler Drake")
    assert drake["counters"] == {"oil": 1} and _pt(drake) == (1, 1)
    assert p.player("Alice")["graveyard"] == []


def test_blisterzoa_draws_for_the_counters_it_died_with(tmp_path: Path) -> None:
    """603.10a: three oil counters as it last existed on the battlefield, three cards (the card
    in the graveyard has none, 122.2)."""
    p = play("counters_it_blisterzoa_dies", tmp_path)
    assert p.error is None
    assert [e.event.card for e in p.events("CardDrawn")] == ["Island", "Swamp", "Forest"]
    assert p.player("Alice")["graveyard"] == ["Watchful Blisterzoa"]


def test_kinsbaile_counts_only_the_other_kithkin_its_controller_controls(tmp_path: Path) -> None:
    """614.1c: one Kithkin of Alice's (Bob's does not count): one +1/+1 counter, a 2/2."""
    p = play("counters_it_kinsbaile", tmp_path)
    assert p.error is None
    guard = p.perm("Kinsbaile Borderguard")
    assert guard["counters"] == {"+1/+1": 1} and _pt(guard) == (2, 2)


def test_kinsbaile_makes_a_token_for_each_counter_of_every_kind(tmp_path: Path) -> None:
    """122.1, 603.10a: a +1/+1 and two oil counters, three Kithkin Soldiers."""
    p = play("counters_it_kinsbaile_dies", tmp_path)
    assert p.error is None
    tokens = [b for b in p.state["battlefield"] if b["card"].startswith("Kithkin Soldier")]
    assert len(tokens) == 3 and all(_pt(t) == (1, 1) for t in tokens)


def test_chauffeur_enters_with_one_plus_the_other_creatures(tmp_path: Path) -> None:
    """614.1c: two other creatures of Alice's (Bob's does not count): 1 + 2 = three counters; its
    Alliance trigger ("another creature") does not trigger on itself."""
    p = play("counters_it_chauffeur", tmp_path)
    assert p.error is None
    chauffeur = p.perm("Boss's Chauffeur")
    assert chauffeur["counters"] == {"+1/+1": 3} and _pt(chauffeur) == (3, 3)
    assert p.triggers() == []


def test_chauffeur_counts_only_its_plus_one_counters_as_it_dies(tmp_path: Path) -> None:
    """603.10a: two +1/+1 counters and an oil counter: two Citizens."""
    p = play("counters_it_chauffeur_dies", tmp_path)
    assert p.error is None
    assert len([b for b in p.state["battlefield"] if b["card"].startswith("Citizen")]) == 2


def test_the_phrases_parse_to_the_source_s_counters() -> None:
    [static] = parse_oracle("Trawler Drake", "This creature gets +1/+1 for each oil counter on it.")
    assert isinstance(static, m.StaticAbilityLine)
    assert static.effect == m.ModifyPTStatic(m.Selector(relation="self"), 1, 1, per=m.CountersOnSource("oil"))
    [dies] = parse_oracle("Watchful Blisterzoa",
                          "When this creature dies, draw cards equal to the number of oil counters on it.")
    assert isinstance(dies, m.TriggeredAbility)
    assert dies.effects == (m.DrawCounted(m.CountersOnSource("oil")),)
    [enters] = parse_oracle("Boss's Chauffeur", "This creature enters with a number of +1/+1 counters on it "
                            "equal to one plus the number of other creatures you control.")
    assert isinstance(enters, m.ReplacementAbility) and isinstance(enters.effect, m.EntersWithCountedCounters)
    assert enters.effect.count is not None and (enters.effect.count.plus, enters.effect.count.other) == (1, True)


@pytest.mark.parametrize("line", [
    # "it" is the creature that died, not the source: not a counted source's counters
    "Whenever another creature you control dies, draw cards equal to the number of oil counters on it.",
    # "it" after an enchanted creature is that creature: not read as the Aura's counters
    "Enchanted creature gets +1/+1 for each oil counter on it.",
])
def test_an_it_that_is_not_the_source_is_refused(line: str) -> None:
    with pytest.raises(CardDataError):
        parse_oracle("Odd Card", line)


# --- "if there is an Elf card in your graveyard and this creature has a -1/-1 counter on it"

@pytest.mark.parametrize("game, triggered, counters", [
    ("counters_creakwood_elf", True, {"-1/-1": 2}),          # both hold: one counter removed, a 3/3
    ("counters_creakwood_bears", False, {"-1/-1": 3}),       # no Elf card (Grizzly Bears is a Bear)
    ("counters_creakwood_no_counter", False, {}),            # no -1/-1 counter on it
])
def test_creakwood_safewright_needs_both_halves_of_its_intervening_if(
        tmp_path: Path, game: str, triggered: bool, counters: dict) -> None:
    """603.4: the ability triggers only if both conditions hold as the end step begins (an Elf
    card: a card with the subtype, 205.3); false, it does not trigger at all."""
    p = play(game, tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert p.perm("safewright")["counters"] == counters
    assert bool(p.events("AbilityTriggered")) == triggered


def test_the_intervening_if_parses_to_both_conditions() -> None:
    [ability] = parse_oracle("Creakwood Safewright", "At the beginning of your end step, if there is an Elf card in "
                             "your graveyard and this creature has a -1/-1 counter on it, remove a -1/-1 counter "
                             "from this creature.")
    assert isinstance(ability, m.TriggeredAbility)
    assert ability.intervening == m.AllConditions((m.CardsInYourZone("graveyard", at_least=1, subtype="Elf"),
                                                   m.SelfHasCounters("-1/-1", 1)))
    with pytest.raises(CardDataError, match="not a subtype"):
        parse_oracle("Odd Card", "At the beginning of your end step, if there is a Gizmo card in your graveyard, "
                     "you gain 1 life.")


# --- "Add {C}, plus an additional {C} for each art counter on Famous Museum."

@pytest.mark.parametrize("game, pool, art", [
    ("counters_famous_museum", {"C": 5}, {"art": 2}),     # the Altar's {C}{C}, then {C} + 2
    ("counters_famous_museum_none", {"C": 1}, {}),
])
def test_famous_museum_adds_one_plus_its_art_counters(tmp_path: Path, game: str, pool: dict, art: dict) -> None:
    """605.3a: the counters on it as the mana ability resolves; its dies trigger put the second one
    (603.2: a creature Alice controlled died)."""
    p = play(game, tmp_path)
    assert p.error is None
    assert p.pool("Alice") == pool and p.perm("museum")["counters"] == art


def test_the_additional_mana_must_be_of_the_same_type() -> None:
    [ability] = parse_oracle("Famous Museum", "{T}: Add {C}, plus an additional {C} for each art counter on "
                             "Famous Museum.")
    assert isinstance(ability, m.ActivatedAbility)
    assert ability.effects[0] == m.AddMana(m.AddCounted(m.CountersOnSourcePlus("art", 1), ("C",)))
    with pytest.raises(CardDataError, match="same type"):
        parse_oracle("Odd Rock", "{T}: Add {C}, plus an additional {G} for each art counter on this artifact.")


# --- "target player loses life equal to the number of +1/+1 counters on it"

@pytest.mark.parametrize("game, bob_life", [("counters_maga_x2", 18), ("counters_maga_sacrificed", 19)])
def test_maga_makes_its_target_lose_life_for_its_counters(tmp_path: Path, game: str, bob_life: int) -> None:
    """119.3, 608.2h: the counters on Maga as the trigger resolves (X=2: two), or as it last existed
    on the battlefield once sacrificed with the trigger on the stack (X=1: one); Alice loses none."""
    p = play(game, tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert (p.player("Alice")["life"], p.player("Bob")["life"]) == (20, bob_life)


def test_maga_s_trigger_targets_a_player() -> None:
    [ability] = parse_oracle("Maga, Traitor to Mortals", "When Maga enters, target player loses life equal to the "
                             "number of +1/+1 counters on it.")
    assert isinstance(ability, m.TriggeredAbility) and ability.targets is not None
    assert ability.effects == (m.LifeCounted(m.CountersOnSource("+1/+1"), gain=False, who="target"),)
    with pytest.raises(CardDataError, match='"it"'):
        parse_oracle("Odd Card", "Whenever a creature you control enters, target player loses life equal to the "
                     "number of +1/+1 counters on it.")


# --- "Put an oil counter on target artifact or creature you control."

def test_facade_puts_a_counter_on_an_artifact_its_controller_controls(tmp_path: Path) -> None:
    """115.1, 122.1: Alice's Ashnod's Altar is a legal target (an artifact she controls); the
    cost removed one of the Facade's two oil counters."""
    p = play("counters_facade_altar", tmp_path)
    assert p.error is None
    assert (p.perm("altar")["counters"], p.perm("facade")["counters"]) == ({"oil": 1}, {"oil": 1})


def test_facade_cannot_target_an_artifact_an_opponent_controls(tmp_path: Path) -> None:
    """115.1: "you control": Bob's Altar is not a legal target; the activation is refused."""
    p = play("counters_facade_bob", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert p.perm("facade")["counters"] == {"oil": 2} and p.perm("bob-altar")["counters"] == {}


def test_either_type_parses_to_a_target_of_one_of_them() -> None:
    [ability] = parse_oracle("The Monumental Facade", "{T}, Remove an oil counter from this land: Put an oil counter "
                             "on target artifact or creature you control. Activate only as a sorcery.")
    assert isinstance(ability, m.ActivatedAbility) and ability.targets is not None
    assert ability.targets.what == m.Selector(any_of=("Artifact", "Creature"), controller="you")
    with pytest.raises(CardDataError, match="unsupported kind of target"):
        parse_oracle("Odd Rock", "{T}: Put an oil counter on target creature or creature.")
