"""The creature types (205.3m): the answers "choose a creature type" takes (Cavern of Souls).

One list, kept here. It is the creature types of real cards' type lines in the Oracle data
(creature and kindred cards), with the token-only types Germ, Servo, Pentavite (Pentavus) and Prism (Diamond Kaleidoscope) and the types only the
animating effects of lands give (Blinkmoth Nexus's Blinkmoth, Restless Prairie's Llama), without
the joke cards' non-types (words of the Un-sets' type lines such as "Biggest," or "of") and without the subtypes
of other card types that appear on them (land types, Equipment, Clue, ...).
"""
from __future__ import annotations

CREATURE_TYPES: tuple[str, ...] = (
    'Advisor', 'Aetherborn', 'Alicorn', 'Alien', 'Ally', 'Angel', 'Antelope', 'Ape', 'Archer',
    'Archon', 'Armadillo', 'Artificer', 'Artist', 'Assassin', 'Assembly-Worker', 'Astartes',
    'Athlete', 'Atog', 'Aurochs', 'Autobot', 'Avatar', 'Azra', 'Badger', 'Barbarian', 'Bard',
    'Basilisk', 'Bat', 'Bear', 'Beast', 'Beaver', 'Beeble', 'Beholder', 'Berserker', 'Bird',
    'Bison', 'Blinkmoth', 'Boar', 'Boxer', 'Brainiac', 'Bringer', 'Brushwagg', 'Bureaucrat', "C'tan", 'Camel',
    'Capybara', 'Caribou', 'Carrier', 'Cat', 'Centaur', 'Cephalid', 'Chameleon', 'Champion', 'Chef',
    'Chicken', 'Child', 'Chimera', 'Citizen', 'Clamfolk', 'Cleric', 'Clown', 'Cockatrice',
    'Construct', 'Cow', 'Coward', 'Coyote', 'Crab', 'Crocodile', 'Custodes', 'Cyberman', 'Cyborg',
    'Cyclops', 'Dalek', 'Dauthi', 'Deer', 'Demigod', 'Demon', 'Detective', 'Devil', 'Dinosaur',
    'Djinn', 'Doctor', 'Dog', 'Donkey', 'Dragon', 'Drake', 'Dreadnought', 'Drix', 'Drone', 'Druid',
    'Dryad', 'Dwarf', 'Echidna', 'Efreet', 'Egg', 'Elder', 'Eldrazi', 'Elemental', 'Elephant',
    'Elf', 'Elk', 'Employee', 'Eternal', 'Eye', 'Faerie', 'Ferret', 'Fish', 'Flagbearer', 'Fox',
    'Fractal', 'Frog', 'Fungus', 'Gamer', 'Gamma', 'Gargoyle', 'Germ', 'Giant', 'Giraffe', 'Gith',
    'Glimmer', 'Gnoll', 'Gnome', 'Goat', 'Goblin', 'God', 'Golem', 'Gorgon', 'Gremlin', 'Griffin',
    'Guest', 'Hag', 'Halfling', 'Hamster', 'Harpy', 'Hawk', 'Hedgehog', 'Hellion', 'Hero', 'Hippo',
    'Hippogriff', 'Homarid', 'Homunculus', 'Horror', 'Horse', 'Human', 'Hydra', 'Hyena',
    'Illusion', 'Imp', 'Incarnation', 'Inhuman', 'Inkling', 'Inquisitor', 'Insect', 'Jackal',
    'Jellyfish', 'Judge', 'Juggernaut', 'Kangaroo', 'Kavu', 'Killbot', 'Kirin', 'Kithkin',
    'Knight', 'Koala', 'Kobold', 'Kor', 'Kraken', 'Kree', 'Lamia', 'Lammasu', 'Leech', 'Lemur',
    'Leviathan', 'Lhurgoyf', 'Licid', 'Lizard', 'Llama', 'Lobster', 'Mammoth', 'Manticore',
    'Masticore', 'Mercenary', 'Merfolk', 'Metathran', 'Mime', 'Minion', 'Minotaur', 'Mite', 'Mole',
    'Monger', 'Mongoose', 'Monk', 'Monkey', 'Moogle', 'Moonfolk', 'Mount', 'Mouse', 'Mummy',
    'Mutant', 'Myr', 'Mystic', 'Nautilus', 'Necron', 'Nephilim', 'Nightmare', 'Nightstalker',
    'Ninja', 'Noble', 'Noggle', 'Nomad', 'Nymph', 'Octopus', 'Officer', 'Ogre', 'Ooze', 'Orc',
    'Orgg', 'Otter', 'Ouphe', 'Ox', 'Oyster', 'Pangolin', 'Paratrooper', 'Peasant', 'Pegasus',
    'Pentavite', 'Performer', 'Pest', 'Phelddagrif', 'Phoenix', 'Phyrexian', 'Pilot', 'Pirate', 'Plant',
    'Platypus', 'Pony', 'Porcupine', 'Possum', 'Praetor', 'Primarch', 'Prism', 'Processor', 'Rabbit',
    'Raccoon', 'Ranger', 'Rat', 'Rebel', 'Reflection', 'Rhino', 'Rigger', 'Robot', 'Rogue',
    'Sable', 'Salamander', 'Samurai', 'Saproling', 'Satyr', 'Scarecrow', 'Scientist', 'Scorpion',
    'Scout', 'Seal', 'Serpent', 'Servo', 'Shade', 'Shaman', 'Shapeshifter', 'Shark', 'Sheep',
    "Shi'ar", 'Ship', 'Siren', 'Skeleton', 'Skrull', 'Skunk', 'Slith', 'Sliver', 'Sloth', 'Slug',
    'Snail', 'Snake', 'Soldier', 'Soltari', 'Sorcerer', 'Spawn', 'Specter', 'Spellshaper',
    'Sphinx', 'Spider', 'Spike', 'Spirit', 'Splinter', 'Sponge', 'Spuzzem', 'Spy', 'Squid',
    'Squirrel', 'Starfish', 'Surrakar', 'Survivor', 'Symbiote', 'Synth', 'Thalakos', 'Thopter',
    'Thrull', 'Tiefling', 'Time Lord', 'Townsfolk', 'Toy', 'Tree', 'Treefolk', 'Trilobite',
    'Troll', 'Turtle', 'Tyranid', 'Unicorn', 'Utrom', 'Vampire', 'Vampyre', 'Varmint', 'Vedalken',
    'Villain', 'Volver', 'Waiter', 'Wall', 'Walrus', 'Warlock', 'Warrior', 'Weasel', 'Weird',
    'Werewolf', 'Whale', 'Wizard', 'Wolf', 'Wolverine', 'Wombat', 'Worm', 'Wraith', 'Wrestler',
    'Wurm', 'Yeti', 'Zombie', 'Zonian', 'Zubera',
)

_BY_LOWER = {t.lower(): t for t in CREATURE_TYPES}


def creature_type(text: str) -> str | None:
    """The creature type `text` names (case and surrounding spaces ignored), or None."""
    return _BY_LOWER.get(text.strip().lower())
