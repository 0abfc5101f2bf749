"""The registries are the dispatch: a kind is supported exactly when its handler is what runs.

A replacement effect kind registered in `MANA_REPLACEMENTS` (106.12b) used to pass the load-time
check and then never apply, because whether one applies was decided by testing for the two kinds
that existed. Now the table holds, per kind, when it applies and what it makes, and every reader
(which effects apply, what they make, what the mana "could produce" (106.7), the load-time check)
reads it; the same for the explore replacements (614.1a), what activated mana kinds could
produce, and the static abilities of layer 4 (613.1d)."""
from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.formats.recorded import parse_recorded_game
from simulator.game.could_produce import (BASE_TYPES, MANA_REPLACEMENTS, ManaReplacement, Mana,
                                          could_produce)
from simulator.game.layers import LAYER_4
from simulator.rules.explore import EXPLORE_REPLACEMENTS
from simulator.rules.support import check_cards, unsupported
from simulator.session.game import Game
from simulator.session.recorder import decisions_for

ROOT = Path(__file__).resolve().parents[2]


@dataclasses.dataclass(frozen=True)
class PlusOneColorless:
    """A test-only kind: "If an opponent taps a permanent for mana, it produces an additional {C}"."""


def _pool_with(kind: Any, card: str = "Nyxbloom Ancient") -> CardPool:
    """The built-in pool with `card`'s replacement effect swapped for an effect of `kind`."""
    pool = CardPool.builtin()
    item = pool._items[card]
    abilities = tuple(dataclasses.replace(a, effect=kind(), text="If an opponent taps a permanent for mana, "
                                          "it produces an additional {C}.")
                      if isinstance(a, m.ReplacementAbility) else a for a in item.card.abilities)
    new = CardPool()
    new._items = {**pool._items, card: dataclasses.replace(item, card=dataclasses.replace(item.card, abilities=abilities))}
    return new


GAME = {
    "format": 1, "title": "a new mana replacement kind applies",
    "players": [{"name": "Alice", "battlefield": [{"card": "Forest", "id": "forest-a"}]},
                {"name": "Bob", "battlefield": [{"card": "Nyxbloom Ancient", "id": "nyx"}]}],
    "actions": [{"player": "Alice", "activate": "forest-a"}],
}


def _opponent_taps(state: Any, replacing: str, player: str, tapped: Any) -> bool:
    return state.objects[replacing].controller != player


def _plus_one(effect: Any, mana: Mana) -> Mana:
    return {**mana, "C": mana.get("C", 0) + 1}


def test_a_new_mana_replacement_kind_registered_applies(monkeypatch: pytest.MonkeyPatch) -> None:
    """106.12b: the new kind applies when ITS condition holds (an opponent of its controller taps
    a permanent for mana — neither of the two existing conditions), and makes what it says."""
    pool = _pool_with(PlusOneColorless)
    assert unsupported(pool.get("Nyxbloom Ancient"))          # not registered: refused at load
    with pytest.raises(CardDataError, match="PlusOneColorless"):
        Game(pool)
    monkeypatch.setitem(MANA_REPLACEMENTS, PlusOneColorless, ManaReplacement(_opponent_taps, _plus_one))
    game = Game(pool)
    recorded, _ = parse_recorded_game(GAME, "registry.toml", pool)
    game.setup(recorded)
    assert could_produce(game.state, pool)["forest-a"] == frozenset({"G", "C"})    # 106.7 sees it too
    for action in recorded.actions:
        for decision in decisions_for(action, game):
            game.apply(decision)
    produced = [e.event for e in game.events if type(e.event).__name__ == "ManaProduced"]
    assert [p.mana for p in produced] == [{"G": 1, "C": 1}]
    assert game.state.players["Alice"].pool == {"G": 1, "C": 1}
    applied = [e.event for e in game.events if type(e.event).__name__ == "ReplacementApplied"]
    assert [(a.source, a.applies_to) for a in applied] == [("nyx", "mana")]


def test_the_new_kind_does_not_apply_where_its_condition_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its controller tapping their own land: "an opponent taps" does not apply."""
    pool = _pool_with(PlusOneColorless)
    monkeypatch.setitem(MANA_REPLACEMENTS, PlusOneColorless, ManaReplacement(_opponent_taps, _plus_one))
    data = json.loads(json.dumps(GAME))
    data["players"][0]["battlefield"].append({"card": "Nyxbloom Ancient", "id": "nyx"})
    data["players"][1]["battlefield"] = []
    game = Game(pool)
    recorded, _ = parse_recorded_game(data, "registry.toml", pool)
    game.setup(recorded)
    for decision in decisions_for(recorded.actions[0], game):
        game.apply(decision)
    assert game.state.players["Alice"].pool == {"G": 1}


@pytest.mark.parametrize("registry, kind, card", [
    (MANA_REPLACEMENTS, m.ManaBecomesType, "Contamination"),
    (EXPLORE_REPLACEMENTS, m.ExploreTwiceInstead, "Topography Tracker"),
    (BASE_TYPES, m.AddAnyColor, "Birds of Paradise"),
    (LAYER_4, m.SetLandType, "Blood Moon"),
])
def test_removing_a_dispatch_entry_refuses_its_cards(registry: dict[type, object], kind: type, card: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    pool = CardPool.builtin()
    assert unsupported(pool.get(card)) == []
    monkeypatch.delitem(registry, kind)
    assert [p for p in unsupported(pool.get(card)) if kind.__name__ in p]
    with pytest.raises(CardDataError, match="the rules cannot play it"):
        check_cards(pool)


REMOVED = """
import sys
from simulator.cards import model as m
from simulator.game.could_produce import MANA_REPLACEMENTS
del MANA_REPLACEMENTS[m.ManaMultiplier]
from simulator.cli.main import main
sys.exit(main())
"""


def test_a_removed_kind_is_exit_2_at_load_nothing_written(tmp_path: Path) -> None:
    """The command line, with the kind's entry gone: the game is refused at load (exit 2) naming
    a card with that kind (the whole pool is checked: Mana Reflection comes first) and the kind,
    and no database is written."""
    game = tmp_path / "nyx.toml"
    game.write_text("format = 1\n[[players]]\nname = \"Alice\"\n  [[players.battlefield]]\n"
                    "  card = \"Nyxbloom Ancient\"\n[[players]]\nname = \"Bob\"\n")
    db = tmp_path / "g.sqlite"
    done = subprocess.run([sys.executable, "-c", REMOVED, "replay", str(game), "--db", str(db)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "the rules cannot play it" in done.stderr and "ManaMultiplier" in done.stderr
    assert "Traceback" not in done.stderr
    assert not db.exists()
