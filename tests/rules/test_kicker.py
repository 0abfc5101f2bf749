"""Kicker and multikicker (702.33) on real cards (issue 22): the `cast` action's `kicked` (how many
times the kicker is paid; docs/recorded-games.md) announces it (601.2b), the total cost adds the
kicker cost once per kick (601.2f), and "If this creature was kicked, it enters with ..." /
"... for each time it was kicked" read it as the permanent enters (702.33d, 614.1c).
Recorded games: tests/games/kick_*.toml."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.rules.support import unsupported
from simulator.session.recorder import replay_file
from simulator.tools.export import export_game
from simulator.tools.legal import legal_decisions
from scenario import GAMES


def test_academy_drake_kicked(tmp_path) -> None:
    """601.2f: {2}{U} + {4} = {6}{U} spent; 702.33d: two +1/+1 counters; SpellCast records kicked=1."""
    p = play("kick_academy_drake", tmp_path)
    assert p.error is None
    [cast] = p.events("SpellCast")
    assert cast.event.kicked == 1 and "kicked" in cast.event.describe()
    [spent] = p.events("ManaSpent")
    assert spent.event.mana == {"U": 7}
    assert p.perm("Academy Drake")["counters"] == {"+1/+1": 2}


def test_academy_drake_not_kicked(tmp_path) -> None:
    """Not kicked: the mana cost alone, no counters, and SpellCast's payload has no `kicked`."""
    p = play("kick_academy_drake_unkicked", tmp_path)
    assert p.error is None
    [cast] = p.events("SpellCast")
    assert "kicked" not in cast.event.payload()
    assert p.perm("Academy Drake")["counters"] == {}
    assert [e for e in p.events("ReplacementApplied") if e.event.source_card == "Academy Drake"] == []


def test_multikicker_twice(tmp_path) -> None:
    """702.33c: Apex Hawks kicked twice: {2}{W} + 2 x {1}{W}; one counter per kick."""
    p = play("kick_apex_hawks_twice", tmp_path)
    assert p.error is None
    [spent] = p.events("ManaSpent")
    assert spent.event.mana == {"W": 7}
    assert p.perm("Apex Hawks")["counters"] == {"+1/+1": 2}


@pytest.mark.parametrize("game, rule, words", [
    ("kick_drake_twice", "702.33a", "only once"),
    ("kick_no_kicker", "702.33a", "has no kicker"),
    ("kick_cannot_pay", "601.2h", "{6}{U}"),
])
def test_illegal_kicks(tmp_path, game: str, rule: str, words: str) -> None:
    p = play(game, tmp_path)
    assert p.error is not None and p.error.rule == rule and words in p.error.why
    assert p.events("SpellCast") == []


def test_export_writes_kicked_back() -> None:
    first = replay_file(GAMES / "kick_apex_hawks_twice.toml", None)
    actions = export_game(first.game.events, first.game.pool, keep_file=False).game["actions"]
    [cast] = [a for a in actions if "cast" in a]
    assert cast["kicked"] == 2 and "pay" not in cast


def test_legal_decisions_list_the_kicked_casts(tmp_path) -> None:
    """With {W} x 7 in her pool: Apex Hawks unkicked, kicked once and twice (three kicks would
    need eight mana: not listed); the listed actions name `kicked`."""
    lands = "".join(f'  [[players.battlefield]]\n  card = "Plains"\n  id = "p{i}"\n' for i in range(7))
    taps = "".join(f'[[actions]]\nplayer = "Alice"\nactivate = "p{i}"\n' for i in range(7))
    path = tmp_path / "g.toml"
    path.write_text(f'format = 1\ntitle = "t"\n[[players]]\nname = "Alice"\nhand = ["Apex Hawks"]\n{lands}'
                    f'[[players]]\nname = "Bob"\n{taps}', encoding="utf-8")
    game = replay_file(path, None).game
    listed = [l for l in legal_decisions(game.state, game.pool) if getattr(l.decision, "card", None) == "Apex Hawks"]
    assert sorted({l.decision.kicked for l in listed}) == [0, 1, 2]
    assert any("kicked = 2" in l.toml() for l in listed)


def test_kicker_phrases() -> None:
    [a] = parse_oracle("Card", "Kicker {2}{W} (You may pay an additional {2}{W} as you cast this spell.)")
    assert a.effect == m.Kicker(m.ManaCost(generic=2, symbols=("W",)))
    [a] = parse_oracle("Card", "Multikicker {1}{G}")
    assert a.effect == m.Kicker(m.ManaCost(generic=1, symbols=("G",)), multi=True)
    for text in ("Kicker {X}", "Kicker {1}{B} and/or {R}", "Kicker—Pay 3 life."):
        with pytest.raises(Exception):
            parse_oracle("Card", text)


REAL = ["Academy Drake", "Apex Hawks", "Baloth Gorger", "Enclave Elite", "Gnarlid Pack", "Quag Vampires",
        "Shalai's Acolyte", "Skitter of Lizards", "Stronghold Confessor", "Untamed Kavu", "Ardent Soldier"]


@pytest.mark.parametrize("name", REAL)
def test_real_kicker_cards_play(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    assert any(isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.Kicker) for a in card.abilities)
