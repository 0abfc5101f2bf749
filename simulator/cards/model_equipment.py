"""Equipment as card text describes it (301.5): the equip ability's effect ("Attach this
Equipment to target creature you control.", 702.6a) and the selector "equipped creature" (the
creature the Equipment is attached to: `Selector.relation` "equipped", read like an Aura's
"enchanted"). Part of the model (`cards.model` puts the effect in its `Effect` union); kept
apart so each family of card text has its own module."""
from __future__ import annotations

from dataclasses import dataclass

EQUIP_RULE = "702.6a"


@dataclass(frozen=True)
class AttachSelf:
    """702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target creature you
    control. Activate only as a sorcery." As it resolves (701.3a) the Equipment becomes attached
    to the target if the target is still legal (608.2b) and the Equipment still on the
    battlefield; an Equipment that is also a creature can't equip a creature (301.5c), and one
    already attached to that creature stays as it is (701.3b): in both cases nothing happens."""
