"""Every accepted real card plays (issue 22): a smoke test of the whole accepted pool.

The accepted set is read, never frozen: the in-scope faces of the package's Oracle data
(`tools.coverage.classify`) that a game accepts (`tools.coverage.judge`, the same check a game
runs), so a card the grammar starts to accept joins the test the day it does. For each card
two games are played, each named by its own card in a recorded game as a user would name it:

* **hand**: the card in Alice's hand, basic lands on her battlefield that pay its mana cost and
  its most expensive activated ability (and one more land), a Grizzly Bears each, cards in the
  libraries and graveyards (for explore, searches, draws, "return target ... card");
* **battlefield**: the same with the card on Alice's battlefield instead (a permanent card
  only; an Aura enchants the first permanent the format lets it enchant);
* **both** (under `-m fuzz`): the card on Alice's battlefield, a second copy in her hand, and
  one on Bob's battlefield with lands of his own (two copies: the legend rule, triggers of
  both players' permanents, "an opponent controls").

Then random LEGAL decisions (`tools.legal.legal_decisions`: only what the rules accept),
seeded by the card's name, half of them among the decisions that name the card when there are
any (so the card is cast, activated, targeted, not only passed around), for a bounded number
of steps. After every decision the invariants of the random-game test hold
(tests/invariants.py: the live state is the fold of the stored log, the hash chain verifies,
every cause chain ends at a decision with a rule on every link, no negative pool, no double
tap, `why` explains every event), and the `--json` and text views and the `mana` report are made. At the
end the decisions, as a recorded game's actions, replay to the same state digest, and so does
the game's `export` (rebuilt from its events); the HTML viewer's data and the board's SVG are made. Anything
else raised (an internal error, exit 4 at the command line) fails the test, naming the card,
the game and the actions up to the failure.

Default suite: a deterministic sample (the accepted cards first in the order of a hash of
their names, `SAMPLE`), short games. `pytest -m fuzz`: every accepted card, longer games.
"""
from __future__ import annotations

import hashlib
import json
import random
import shutil
import tempfile
import uuid
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any, Iterator

import pytest

from invariants import check_invariants, check_taps
from reliability_stats import record
from scenario import migrated_db
from simulator.base.errors import InvalidGameFile
from simulator.cards import model as m
from simulator.cards.oracle import OracleRecord, package_oracle
from simulator.formats.recorded import load_recorded_game, parse_recorded_game
from simulator.game.codec import state_digest
from simulator.session.game import Game
from simulator.session.recorder import Recorder, decisions_for, load_pool
from simulator.session.statetext import plain_state
from simulator.session.view import state_json
from simulator.store import EventStore
from simulator.viewer.board import board_svg
from simulator.viewer.data import page_data
from simulator.tools.coverage import classify, judge
from simulator.tools.export import export_game, to_toml, write_export
from simulator.tools.legal import legal_decisions
from simulator.tools.produce import mana_report

SAMPLE = 12                      # accepted cards in the default suite
STEPS, LONG_STEPS = 14, 30       # decisions per game: default suite, -m fuzz
MOST_LANDS = 8
BASIC = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest", "C": "Wastes"}
POOL = load_pool()


def _order(name: str) -> str:
    return hashlib.sha256(name.encode("utf-8")).hexdigest()


@cache
def in_scope() -> tuple[OracleRecord, ...]:
    """The in-scope front faces of the package's Oracle data, in the order of `_order`."""
    seen: set[str] = set()
    out = []
    for record in package_oracle():
        if record.is_back or record.card_name in seen:
            continue
        seen.add(record.card_name)
        if classify(record):
            out.append(record)
    return tuple(sorted(out, key=lambda r: _order(r.card_name)))


def accepted(limit: int | None = None) -> Iterator[str]:
    """The names of the accepted in-scope cards, in the order of `_order` (the first `limit`)."""
    found = 0
    for record in in_scope():
        if limit is not None and found >= limit:
            return
        if judge(record).accepted:
            found += 1
            yield record.card_name


# --------------------------------------------------------------------------- the games

def _lands_for(cost: m.ManaCost | None) -> Counter[str]:
    """Basic lands that pay `cost` (X as 1; a hybrid symbol with its first color)."""
    out: Counter[str] = Counter()
    if cost is None:
        return out
    for symbol in cost.symbols:
        out[BASIC.get(symbol, "Wastes")] += 1
    for h in cost.hybrid:
        first, _, second = h.partition("/")
        out[BASIC.get(second if first.isdigit() else first, "Wastes")] += 1
    colors = [BASIC[c] for c in cost.colors] or ["Wastes"]
    out[colors[0]] += cost.generic + cost.x
    return out


def _lands(card: m.CardDefinition) -> list[str]:
    """Lands for the card's mana cost and its most expensive activated ability's, plus a Forest."""
    need = _lands_for(card.mana_cost)
    for ab in card.abilities:
        if isinstance(ab, m.ActivatedAbility):
            need |= _lands_for(ab.cost.mana)     # the most of each the costs ask for
    need["Forest"] += 1
    names = sorted(need.elements())
    return names[:MOST_LANDS]


def _is_permanent(card: m.CardDefinition) -> bool:
    return not {"Instant", "Sorcery"} & set(card.types)


def start(name: str, where: str, attach: str | None = None) -> dict[str, Any]:
    """The recorded game (a dict, as a file would hold it) of one smoke game."""
    card = POOL.with_real_card(name).get(name) if name not in POOL else POOL.get(name)
    lands = [{"card": land, "id": f"land-{i}"} for i, land in enumerate(_lands(card), 1)]
    alice: dict[str, Any] = {
        "name": "Alice", "library": ["Forest", "Grizzly Bears", "Island", "Swamp", "Mountain", "Plains"] * 2,
        "graveyard": ["Grizzly Bears", "Forest"],
        "battlefield": [*lands, {"card": "Grizzly Bears", "id": "alice-bears"}]}
    bob: dict[str, Any] = {
        "name": "Bob", "library": ["Forest", "Grizzly Bears", "Island"] * 2, "graveyard": ["Grizzly Bears"],
        "battlefield": [{"card": "Forest", "id": "bob-forest"}, {"card": "Grizzly Bears", "id": "bob-bears"}]}
    if where == "hand":
        alice["hand"] = [{"card": name, "id": "subject"}]
    else:
        alice["battlefield"].append({"card": name, "id": "subject", **({"attached": attach} if attach else {})})
    if where == "both":      # -m fuzz: a second copy in Alice's hand, and one on Bob's side with lands
        alice["hand"] = [{"card": name, "id": "subject-2"}]
        bob["battlefield"] += [{"card": land, "id": f"bob-land-{i}"} for i, land in enumerate(_lands(card), 1)]
        bob["battlefield"].append({"card": name, "id": "subject-bob", **({"attached": "bob-forest"} if attach else {})})
    return {"format": 1, "title": f"smoke: {name} ({where})", "players": [alice, bob]}


def _setup(name: str, where: str, folder: Path) -> tuple[dict[str, Any], Any] | None:
    """The game's start and its loaded form; None: a card the battlefield game cannot hold (an
    Aura with nothing the format lets it enchant)."""
    doc = start(name, where)
    try:
        return doc, parse_recorded_game(doc, folder / "game.json", POOL)
    except InvalidGameFile:
        if where == "hand":
            raise
    for target in ("land-1", "alice-bears", "bob-forest", "bob-bears"):   # an Aura: what it may enchant
        doc = start(name, where, target)
        try:
            return doc, parse_recorded_game(doc, folder / "game.json", POOL)
        except InvalidGameFile:
            continue
    return None


def _names_subject(action: dict[str, Any]) -> bool:
    return "subject" in json.dumps(action)


def smoke(name: str, where: str, steps: int, folder: Path) -> int:
    """One smoke game (see the module docstring); the number of decisions made, -1 if the
    battlefield game cannot hold the card. AssertionError naming the game on any failure."""
    loaded = _setup(name, where, folder)
    if loaded is None:
        return -1
    doc, (recorded, pool) = loaded
    actions: list[dict[str, Any]] = []
    store = EventStore(migrated_db(folder / f"{uuid.uuid4().hex}.sqlite"))
    try:
        game = Game(pool)
        store.create_game(game.game_id, doc["title"])
        rec = Recorder(game, store, snapshot_every=10)
        before = game.state
        rec.commit(game.setup(recorded))
        check_taps(before, game.events)
        check_invariants(store, game, game.events)
        rng = random.Random(f"{name}/{where}")
        for _ in range(steps):
            if game.state.game_over:
                break
            legal = legal_decisions(game.state, game.pool)
            if not legal:
                break
            mine = [d for d in legal if _names_subject(d.action)]
            pick = rng.choice(mine if mine and rng.random() < 0.5 else legal)
            actions.append(pick.action)
            before, first = game.state, len(game.events)
            rec.apply(pick.decision)
            new = game.events[first:]
            check_taps(before, new)
            check_invariants(store, game, new)
            view = state_json(game.state, game.pool, len(game.events))
            plain_state(view, len(game.events))
            for player in game.state.players:
                mana_report(game.state, game.pool, player)
        replayed = _replayed({**doc, "actions": actions}, folder, game.game_id)
        assert state_digest(replayed.state) == state_digest(game.state), \
            "the decisions, as a recorded game's actions, replay to another state"
        exported = _exported(game, folder)
        assert state_digest(exported.state) == state_digest(game.state), \
            "the game's export replays to another state"
        page_data(game.events, game.pool, game.game_id)
        board_svg(state_json(game.state, game.pool, len(game.events)))
        return len(actions)
    except Exception as exc:
        shown = json.dumps({**doc, "actions": actions}, indent=1)
        raise AssertionError(f"{name} ({where}): {type(exc).__name__}: {exc}\n"
                             f"the game up to the failure:\n{shown}") from exc
    finally:
        store.close()


def _replayed(doc: dict[str, Any], folder: Path, game_id: str) -> Game:
    """The game `doc` names, played from its actions as a replay plays a file."""
    recorded, pool = parse_recorded_game(doc, folder / "again.json", POOL)
    game = Game(pool, game_id)
    game.setup(recorded)
    for action in recorded.actions:
        for decision in decisions_for(action, game):
            game.apply(decision)
    return game


def _exported(game: Game, folder: Path) -> Game:
    """The game written by `simulator export` (rebuilt from its events) and played again."""
    exported = export_game(game.events, game.pool, keep_file=False)
    path = folder / f"export-{uuid.uuid4().hex}" / "game.toml"
    path.parent.mkdir()
    write_export(exported, path, to_toml(exported))
    recorded, pool = load_recorded_game(path, POOL)
    again = Game(pool, game.game_id)
    again.setup(recorded)
    for action in recorded.actions:
        for decision in decisions_for(action, again):
            again.apply(decision)
    return again


def _run(names: list[str], steps: int, places: tuple[str, ...] = ("hand", "battlefield")) -> dict[str, int]:
    folder = Path(tempfile.mkdtemp(prefix="pool-smoke-"))
    failures: list[str] = []
    made = Counter[str]()
    try:
        for name in names:
            for where in places:
                if where != "hand" and not _is_permanent(POOL.get(name) if name in POOL
                                                                else POOL.with_real_card(name).get(name)):
                    continue
                try:
                    n = smoke(name, where, steps, folder)
                except AssertionError as exc:
                    failures.append(str(exc))
                    continue
                made["games" if n >= 0 else "unplaceable"] += 1
                made["decisions"] += max(n, 0)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    assert not failures, f"{len(failures)} smoke game(s) failed:\n\n" + "\n\n".join(failures)
    return dict(made)


# --------------------------------------------------------------------------- the tests

@pytest.mark.fuzz
def test_accepted_real_cards_play(fuzz_budget) -> None:
    """Default suite: the first `SAMPLE` accepted cards in hash order, `STEPS` decisions a game;
    `-m fuzz`: every accepted in-scope card, `LONG_STEPS` decisions a game."""
    names = list(accepted(None if fuzz_budget.long else SAMPLE))
    assert len(names) >= SAMPLE
    made = _run(names, LONG_STEPS if fuzz_budget.long else STEPS,
                ("hand", "battlefield", "both") if fuzz_budget.long else ("hand", "battlefield"))
    assert made["games"] >= len(names)                  # every card had at least its hand game
    assert made["decisions"] >= 2 * made["games"]        # and the games were played, not refused
    record("pool_smoke", cards=len(names), games=made["games"], decisions=made["decisions"])


def test_a_crash_in_a_smoke_game_fails_naming_the_card_and_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The smoke test can fail: an internal error while a game is played (here in the `mana`
    report) fails it, naming the card, the game and its actions so far."""
    import sys

    def broken(*args: Any) -> Any:
        raise RuntimeError("an internal error")
    monkeypatch.setattr(sys.modules[__name__], "mana_report", broken)
    with pytest.raises(AssertionError, match=r"(?s)Llanowar Elves \(hand\): RuntimeError: an internal error.*"
                                             r'"actions": \[\s*\{'):
        _run(["Llanowar Elves"], 2)
