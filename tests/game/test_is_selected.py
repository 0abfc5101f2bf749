"""`is_selected` reads the one object it is asked about (issue 25: 704.5m checked each Aura's
"Enchant ..." by listing every permanent the phrase describes), and answers exactly what
``oid in select(...)`` answers: every object of every state of real games (Auras that fall off,
lands, explored cards in graveyards, exiled cards), for selectors of each zone, controller,
relation and type (303.4a, 704.5m, 608.2b)."""
from __future__ import annotations

import itertools

import pytest

from scenario import GAMES as GAMES_DIR
from simulator.cards.model import Selector
from simulator.game.selectors import is_selected, select
from simulator.session.recorder import replay_file

NAMES = sorted(p.name for p in GAMES_DIR.glob("*.toml")
               if any(w in p.name for w in ("aura", "explore", "exile")))[:12]

SELECTORS = [Selector(zone=zone, types=types, subtypes=subtypes, controller=controller, relation=relation,
                      nonbasic=nonbasic)
             for zone, (types, subtypes), controller, relation, nonbasic in itertools.product(
                 ("battlefield", "graveyard", "exile"), (((), ()), (("Land",), ()), (("Creature",), ()),
                                                         ((), ("Forest",))),
                 ("any", "you", "opponent"), ("", "enchanted", "exiled_with"), (False, True))]


@pytest.mark.parametrize("name", NAMES)
def test_is_selected_is_membership_in_select(name: str) -> None:
    assert NAMES, "no sample games found"
    result = replay_file(GAMES_DIR / name, None)
    game = result.game
    from simulator.game.state import GameState, evolve
    state = GameState(game_id=game.game_id)
    checked = 0
    for i, env in enumerate(game.events):
        state = evolve(state, env)
        if i % 3 and i != len(game.events) - 1:
            continue
        sources = [None, *list(state.battlefield)[:3]]
        for sel, you, source in itertools.product(SELECTORS[::5], state.order, sources):
            chosen = set(select(state, game.pool, sel, you=you, source=source))
            for oid in state.objects:
                assert is_selected(state, game.pool, sel, oid, you=you, source=source) == (oid in chosen), \
                    (env.seq, sel, oid)
                checked += 1
    assert checked > 0
