"""The lowest layer: errors, ids, mana symbols, steps, registries, records, limits: what every layer uses and nothing else needs."""
