"""The card cache's key covers every source a parsed card depends on (cards/cache.py): a change
to `simulator/base/creature_types.py` (the creature types a changeling has, 702.73a) or to the
land types must not let an entry parsed by the old code be read."""
from __future__ import annotations

from simulator.cards.cache import fingerprinted_files


def test_the_key_covers_the_base_modules_the_parser_reads() -> None:
    names = {f"{p.parent.name}/{p.name}" for p in fingerprinted_files()}
    assert {"base/creature_types.py", "base/abilityid.py", "cards/parser.py", "cards/grammar.lark",
            "cards/pool.py"} <= names
