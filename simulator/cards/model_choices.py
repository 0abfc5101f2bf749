"""The choices of the model made as a permanent enters (614.12) beyond a color and a creature type,
and what reads them: "As this Aura enters, choose a basic land type." (kept on the permanent as
`GameObject.chosen_land_type`) read by "Enchanted land is the chosen type." / "This land is the
chosen type." / "Lands you control are the chosen type in addition to their other types."
(`model.SetLandType` with `chosen`, layer 4, 305.7). Part of the model (`simulator.cards.model`);
asked by `simulator.rules.actions` (`AS_ENTERS_CHOICES`)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChooseLandTypeAsEnters:
    """"As <self> enters, choose a basic land type." (614.12; the `land_type` pending choice: one
    of the five basic land types, 205.3i)."""
