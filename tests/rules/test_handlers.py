"""One handler per kind: every effect, trigger condition, cost part, mana kind and event type of
the model has its handler, and a card the rules cannot play is refused when it is loaded."""
from __future__ import annotations

import dataclasses
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from simulator.game import events as ev
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.base.errors import CardDataError
from simulator.rules.activation import COSTS
from simulator.rules.effects import EFFECTS
from simulator.rules.mana_abilities import ACTIVATED_MANA, TRIGGERED_MANA
from simulator.game.could_produce import MANA_REPLACEMENTS
from simulator.rules.priority import STATICS_READ
from simulator.rules.support import check_cards, replacement_handlers, static_handlers, unsupported
from simulator.game.state import _HANDLERS as EVOLVE
from simulator.game.triggers import CONDITIONS, LISTENERS

ROOT = Path(__file__).resolve().parents[2]
UNSUPPORTED_CARDS = ROOT / "tests" / "games" / "cards" / "unsupported_cards.toml"
# Test Vineyard's "{T}: Add {G}. Scry 1." parses, but no handler does a scry inside a mana ability: the replay stops before writing anything (exit 2), instead of accepting the card
# and calling the activation illegal in the middle of the game.
UNSUPPORTED_GAME = """
format = 1
title = "A card the rules cannot play is refused when the game is loaded"
cards = [{cards}]

[[players]]
name = "Alice"
  [[players.battlefield]]
  card = "Test Vineyard"
  id = "vineyard"

[[players]]
name = "Bob"

[[actions]]
player = "Alice"
activate = "vineyard"
"""


def test_every_effect_of_the_model_has_a_handler() -> None:
    effects = set(typing.get_args(m.Effect)) - {m.AddMana}   # AddMana: by its mana kind, below
    assert effects and effects <= set(EFFECTS), effects - set(EFFECTS)


def test_every_mana_kind_has_a_handler() -> None:
    kinds = set(typing.get_args(m.ManaEffect))
    assert kinds and kinds <= set(ACTIVATED_MANA) | set(TRIGGERED_MANA)


def test_every_trigger_condition_listens_to_events() -> None:
    conditions = set(typing.get_args(m.TriggerCondition))
    assert conditions and conditions <= set(CONDITIONS), conditions - set(CONDITIONS)
    for events in CONDITIONS.values():
        assert all(e in LISTENERS for e in events)


def test_every_condition_has_a_reader() -> None:
    from simulator.game.conditions import CONDITION_READERS
    conditions = set(typing.get_args(m.Condition))
    assert conditions and conditions <= set(CONDITION_READERS), conditions - set(CONDITION_READERS)


def test_every_static_and_replacement_kind_has_a_handler() -> None:
    statics = set(typing.get_args(m.StaticAbility))
    assert statics and statics <= static_handlers(), statics - static_handlers()
    replacements = set(typing.get_args(m.ReplacementEffect))
    assert replacements and replacements <= replacement_handlers(), replacements - replacement_handlers()


@pytest.mark.parametrize("registry, kind, card", [
    (STATICS_READ, m.KeepUnspentMana, "Upwelling"),
    (MANA_REPLACEMENTS, m.ManaMultiplier, "Nyxbloom Ancient"),
])
def test_removing_a_static_or_replacement_handler_refuses_its_cards(
        registry: dict[type, object], kind: type, card: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A static ability or replacement effect nothing reads is a load-time error too (604, 614)."""
    pool = CardPool.builtin()
    assert unsupported(pool.get(card)) == []
    monkeypatch.delitem(registry, kind)
    assert [p for p in unsupported(pool.get(card)) if kind.__name__ in p]
    with pytest.raises(CardDataError, match="the rules cannot play it"):
        check_cards(pool)


def test_every_part_of_a_cost_is_paid() -> None:
    assert {f.name for f in dataclasses.fields(m.Cost)} == set(COSTS)


@pytest.mark.parametrize("name", sorted(ev.EVENT_TYPES))
def test_every_event_type_folds_and_describes_itself(name: str) -> None:
    cls = ev.EVENT_TYPES[name]
    assert cls in EVOLVE, f"{name} has no evolve handler"
    assert cls.describe is not ev.Event.describe, f"{name} has no describe()"


def test_events_no_trigger_listens_to_cost_nothing() -> None:
    """A PriorityReceived makes nothing trigger: no listener runs, no layers are computed."""
    from simulator.game.state import GameState
    from simulator.game.triggers import react

    class NoCards:
        def get(self, name: str) -> m.CardDefinition:
            raise AssertionError("react looked at the cards for an event nothing listens to")

    env = ev.Envelope(1, ev.PriorityReceived(player="Alice"), None, 1, "117.3a")
    assert ev.PriorityReceived not in LISTENERS
    assert react(GameState(game_id="g"), env, GameState(game_id="g"), NoCards()) == []


def test_every_builtin_and_test_card_is_supported() -> None:
    pool = CardPool.builtin()
    check_cards(pool)
    for f in sorted((ROOT / "tests" / "games" / "cards").glob("*.toml")):
        if f != UNSUPPORTED_CARDS:
            check_cards(CardPool.builtin().with_file(f))


def test_a_card_without_a_handler_is_refused_at_load() -> None:
    pool = CardPool.builtin().with_file(UNSUPPORTED_CARDS)
    problems = unsupported(pool.get("Test Vineyard"))
    assert problems == ["'{T}: Add {G}. Scry 1.': no handler for the effect LookAtTop "
                        "(LookAtTop(action='scry', amount=1)) in a mana ability"]
    with pytest.raises(CardDataError, match="Test Vineyard"):
        check_cards(pool)


def test_removing_a_handler_makes_its_cards_unplayable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check reads the registries themselves: no separate list that could drift from them."""
    pool = CardPool.builtin()
    gains_life = [n for n in pool.names()
                  if any(isinstance(e, m.GainLife) for a in pool.get(n).abilities
                         for e in getattr(a, "effects", ()))]
    assert gains_life
    monkeypatch.delitem(EFFECTS, m.GainLife)
    assert all(unsupported(pool.get(n)) for n in gains_life)
    with pytest.raises(CardDataError):
        check_cards(pool)


def test_cli_refuses_the_game_before_writing(tmp_path: Path) -> None:
    import json

    game = tmp_path / "unsupported_card.toml"
    game.write_text(UNSUPPORTED_GAME.format(cards=json.dumps(str(UNSUPPORTED_CARDS))))
    db = tmp_path / "g.sqlite"
    done = subprocess.run([sys.executable, "-m", "simulator", "replay", str(game), "--db", str(db)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "Test Vineyard" in done.stderr and "LookAtTop" in done.stderr
    assert "Traceback" not in done.stderr
    assert not db.exists()


def test_a_second_handler_for_a_kind_is_refused_not_silently_swapped() -> None:
    """One handler per kind: registering another for a kind that has one is an error at import
    (a later module would otherwise replace, say, GainLife's effect without anyone noticing)."""
    from simulator.base.registry import Registry

    with pytest.raises(TypeError, match="effects: GainLife already has a handler"):
        EFFECTS.register(m.GainLife)(lambda *a: ([], ""))
    fresh: Registry[typing.Callable[[], None]] = Registry("test")
    fresh.register(m.GainLife, m.DealDamage)(lambda: None)
    assert set(fresh) == {m.GainLife, m.DealDamage}


def test_every_mana_restriction_has_a_spend_check() -> None:
    """106.6: each "Spend this mana only ..." kind of the model has its check in the table the
    payment dispatches through, and the load-time check reads that same table."""
    from simulator.rules.payment import SPEND_CHECKS
    kinds = set(typing.get_args(m.ManaRestriction))
    assert kinds and kinds == set(SPEND_CHECKS)


def test_a_restriction_without_its_check_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Removing a restriction's check refuses the cards that use it (support reads SPEND_CHECKS)."""
    from simulator.rules.payment import SPEND_CHECKS
    card = m.CardDefinition("Test Zig", None, (), ("Land",), (), abilities=(m.ActivatedAbility(
        m.Cost(tap=True), (m.AddMana(m.AddAnyColor(), restriction=m.SpendOnlyToCast("Spend this mana only to cast "
                                                                                     "a creature spell.",
                                                                                     ("Creature",))),),
        "{T}: Add one mana of any color. Spend this mana only to cast a creature spell."),))
    assert unsupported(card) == []
    monkeypatch.delitem(SPEND_CHECKS, m.SpendOnlyToCast)
    assert any("SpendOnlyToCast" in p for p in unsupported(card))
