"""Partner (702.124a): a rule of deck construction (a deck may have two commanders if both have
partner). It does nothing in a game, so it is present and inert here (issue 22, pool-misc);
"Partner with [name]" (702.124j) also has a triggered ability and stays refused, naming the line."""
from __future__ import annotations

import pytest

from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.oracle import package_oracle
from simulator.cards.parser import parse_oracle


def test_gilanra_is_a_real_card_with_partner_and_plays() -> None:
    name = "Gilanra, Caller of Wirewood"
    record = package_oracle().record(name)
    assert record is not None and record.text.split("\n")[-1].startswith("Partner (")
    assert name not in CardPool.builtin()
    pool = CardPool().with_real_card(name)
    assert pool is not None
    assert [a.effect for a in pool.get(name).abilities if isinstance(a, m.StaticAbilityLine)] == [m.Keyword("Partner")]


def test_partner_is_an_inert_keyword() -> None:
    (line,) = parse_oracle("Odd", "Partner")
    assert line == m.StaticAbilityLine(m.Keyword("Partner"), "Partner")
    assert "Partner" not in m.READ_KEYWORDS


def test_partner_with_a_name_is_refused_naming_the_line() -> None:
    with pytest.raises(CardDataError, match="Partner with Pir, Imaginative Rascal") as err:
        parse_oracle("Toothy, Imaginary Friend", "Partner with Pir, Imaginative Rascal")
    assert err.value.card == "Toothy, Imaginary Friend"
