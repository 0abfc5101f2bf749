"""The Comprehensive Rules this simulator cites, each in a line of our own words.

The viewer explains every rule number it shows with these lines. They summarise how the
simulator applies each rule; the Comprehensive Rules themselves are the authority.
"""
from __future__ import annotations

from typing import Any, Iterable

RULES: dict[str, str] = {
    "102.1": "The players are the people playing the game; an action names one of them.",
    "103.1": "Starting the game: here, the players, turn order and zones come from the recorded starting position.",
    "104.1": "The game ends at once when a player wins or the game is a draw; nothing is done after that.",
    "104.2a": "A player still in the game wins when every opponent has left it.",
    "104.4a": "If every player loses at the same time, the game is a draw.",
    "106.1": "Mana is the resource spent on costs; it has a colour (W, U, B, R, G) or is colourless (C).",
    "106.4": "Mana added goes into its player's mana pool; unspent mana empties from the pool at the end of each step and phase.",
    "106.5": "An ability that would produce mana of an undefined type produces no mana at all.",
    "106.6": "Mana can carry a restriction on how it is spent, an effect on the spell it is spent on (\"it gains haste\"), or a trigger when it is spent.",
    "106.7": "\"Could produce\": an ability that adds a type of mana another permanent could produce looks at that permanent's abilities, not at what it did produce.",
    "106.12": "Tapping a permanent for mana: activating its mana ability that has {T} in its cost.",
    "106.12a": "\"Whenever ... is tapped for mana\" triggers when such a mana ability resolves and produces mana; it is a mana ability and resolves at once.",
    "106.12b": "A replacement effect on a permanent \"tapped for mana\" changes the mana that ability produces as it resolves.",
    "107.3": "X is a number its spell's or ability's controller chooses (a spell with {X} in its cost).",
    "107.3m": "A permanent that enters \"with X counters\" uses the X chosen for the spell it came from.",
    "107.5": "{T} in a cost means tap this permanent; a tapped permanent cannot pay it again.",
    "107.6": "Untapping a tapped permanent (the opposite of {T}).",
    "107.14": "{E} is the energy symbol: one energy counter a player gets (\"you get {E}\") or pays as a cost (\"Pay {E}\").",
    "110.1": "A permanent is a card or token on the battlefield.",
    "111.1": "A token is a permanent made by an effect, not a card; it is put onto the battlefield.",
    "115.1": "A target is an object or player chosen as a spell or ability is put on the stack; each target must be named exactly.",
    "115.3": "The same object cannot be chosen twice for one instance of the word \"target\".",
    "117.1": "A player may cast spells and activate abilities only while holding priority.",
    "117.3a": "The active player receives priority at the start of most steps.",
    "117.3b": "After a spell or ability resolves, the active player receives priority.",
    "117.3c": "After casting a spell, activating an ability or playing a land, that player receives priority again.",
    "117.3d": "A player who passes priority hands it to the next player in turn order.",
    "117.4": "When every player passes in succession, the top of the stack resolves; with an empty stack the step ends.",
    "119.3": "An effect that makes a player gain life raises their life total.",
    "119.5": "An effect that sets a player's life total makes them gain or lose the difference.",
    "119.4": "Paying life lowers a life total; a player can pay life only if their life total is at least the amount.",
    "120.3": "Damage dealt to a permanent that is not a creature, planeswalker or battle has no result of its own.",
    "120.3a": "Damage dealt to a player makes them lose that much life.",
    "120.3c": "Damage dealt to a planeswalker removes that many loyalty counters from it.",
    "120.3e": "Damage dealt to a creature is marked on it.",
    "120.3h": "Damage dealt to a battle removes that many defense counters from it.",
    "121.1": "Drawing a card puts the top card of the library into its owner's hand.",
    "121.4": "A player who must draw from an empty library draws nothing and loses at the next check of state-based actions.",
    "122.1": "Counters placed on an object change it (a +1/+1 counter adds 1 to power and toughness).",
    "301.1": "An artifact is cast at sorcery speed: main phase, own turn, empty stack.",
    "302.1": "A creature spell is cast at sorcery speed: main phase, own turn, empty stack.",
    "302.6": "Summoning sickness: a creature's {T} abilities can be activated only if its controller has controlled it continuously since their most recent turn began.",
    "303.1": "An enchantment (an Aura too) is cast at sorcery speed: main phase, own turn, empty stack.",
    "303.4": "An Aura is attached to the object or player it enchants; it goes to the graveyard if that becomes illegal.",
    "305.1": "Playing a land is a special action: main phase, own turn, empty stack, priority.",
    "305.2": "A player normally plays one land each turn; effects may allow more.",
    "305.6": "A basic land type gives the land \"{T}: Add\" its mana symbol.",
    "305.7": "An effect that sets a land's subtype removes its old land types and the abilities of its rules text.",
    "305.9": "Lands are played, never cast.",
    "306.5b": "A planeswalker enters the battlefield with loyalty counters equal to its printed loyalty.",
    "307.1": "A sorcery is cast only in a main phase of its controller's turn with an empty stack.",
    "400.1": "Zones: library, hand, battlefield, graveyard, stack, exile.",
    "400.7": "An object that moves from one zone to another becomes a new object with no memory of the old one.",
    "401.2": "A library is a face-down pile; cards are put on its top or its bottom as an effect says.",
    "401.4": "Cards put on the top or bottom of a library at the same time are put there in the order their owner chooses.",
    "406.2": "To exile an object is to put it into the exile zone from whatever zone it is in.",
    "405.1": "Spells and abilities wait on the stack; the last one put there resolves first.",
    "500.1": "A turn is made of phases and steps in a fixed order; the game moves on when players pass with an empty stack.",
    "500.4": "Mana empties from every pool when a step or phase ends.",
    "502.3": "Untap step: the active player untaps their permanents.",
    "503.1a": "\"At the beginning of your upkeep\" abilities trigger as the upkeep step begins.",
    "504.1": "Draw step: the active player draws a card.",
    "514.1": "Cleanup: the active player discards down to their maximum hand size (seven).",
    "514.2": "Cleanup: damage is removed and \"until end of turn\" effects end.",
    "601.2": "Casting a spell: move it to the stack, choose modes and targets, determine and pay its costs.",
    "601.2a": "To cast a spell its card moves from where it is (the hand) to the stack.",
    "601.2c": "The player announces the spell's targets as it is cast.",
    "601.2h": "The player pays the total cost: mana is spent from their pool.",
    "601.2i": "Once its costs are paid the spell becomes cast: abilities that trigger when a spell is cast trigger then.",
    "602.1": "Activated abilities have a cost and an effect: \"[Cost]: [Effect.]\"",
    "602.2": "Activating an ability puts it on the stack and pays its costs.",
    "602.2a": "A non-mana activated ability is put on the stack before its costs are paid.",
    "602.2h": "The player pays the ability's total cost; if it cannot be paid, the activation is illegal.",
    "602.5b": "An ability may be activated only as its own restrictions allow (\"Activate only once each turn\", \"only if ...\", \"only during your turn\").",
    "602.5d": "An ability that may be activated only \"any time you could cast a sorcery\" needs a main phase, own turn, empty stack.",
    "603.2": "A triggered ability triggers when its trigger event happens.",
    "603.3": "A triggered ability that triggered is put on the stack the next time a player would receive priority.",
    "603.3b": "If a player has several triggered abilities to put on the stack, they choose the order (active player first: APNAP).",
    "603.3d": "A triggered ability that needs targets and has no legal one is removed from the stack.",
    "603.7a": "A resolving spell or ability may create a delayed triggered ability, which does something later.",
    "603.7b": "A delayed triggered ability triggers only once, the next time its event happens.",
    "603.12": "A reflexive triggered ability (\"When ... this way, ...\") triggers on an event of the resolving or applying effect that holds it.",
    "603.4": "An ability with an intervening \"if\" clause triggers only if its condition is true, and does nothing if it is false as it resolves.",
    "603.6a": "\"When ... enters\" abilities trigger when a permanent enters the battlefield.",
    "603.10a": "Leaves-the-battlefield (\"dies\") abilities look back in time at the object as it last existed on the battlefield.",
    "605.1a": "A mana ability adds mana, has no target and is not a loyalty ability.",
    "605.1b": "A triggered mana ability triggers from a mana ability and adds mana.",
    "605.3a": "A mana ability may be activated whenever its player has priority, while they pay a cost that includes mana, or when a rule or effect asks them for a mana payment.",
    "605.3b": "A mana ability does not go on the stack: it resolves at once, as soon as it is activated.",
    "605.4a": "A triggered mana ability resolves immediately after the mana ability that triggered it.",
    "606.3": "A loyalty ability may be activated only when its controller could cast a sorcery, and only if none of that permanent's loyalty abilities was activated this turn.",
    "606.4": "The cost of a loyalty ability is putting loyalty counters on the permanent or removing them from it.",
    "606.6": "A loyalty ability with a negative loyalty cost cannot be activated unless the permanent has at least that many loyalty counters.",
    "607.2a": "Linked abilities: cards \"exiled with\" an object are the ones its own ability exiled.",
    "608.2": "Resolving a spell or ability: check targets, then follow its instructions in order.",
    "701.6a": "To counter a spell is to remove it from the stack; it doesn't resolve and goes to its owner's graveyard.",
    "608.2b": "A spell or ability whose targets are all illegal when it resolves does nothing (it is countered).",
    "608.2c": "The controller follows the instructions in the order written.",
    "608.2d": "A choice during resolution is made by the player the instruction names, while the spell or ability resolves.",
    "608.2h": "An effect that needs information about an object that has left uses its last known information.",
    "608.2n": "An instant or sorcery goes to its owner's graveyard as the last step of resolving.",
    "608.3": "A permanent spell resolves by entering the battlefield under its controller's control.",
    "611.2c": "A continuous effect from a resolving spell or ability affects only the objects it affected as it resolved.",
    "613.1d": "Layer 4: type-changing effects.",
    "613.1f": "Layer 6: ability-adding and ability-removing effects.",
    "613.4c": "Layer 7c: counters change power and toughness.",
    "613.7": "Within a layer, effects apply in timestamp order.",
    "613.8": "Within a layer, an effect that depends on another applies after it, whatever the timestamps.",
    "614.1a": "A replacement effect uses \"instead\": the event is changed before it happens.",
    "614.1c": "\"As ... enters\" and \"enters tapped\" are replacement effects on entering the battlefield.",
    "614.1d": "\"[This permanent] enters tapped\" (and \"... unless ...\") is a replacement effect on entering the battlefield.",
    "614.12": "A replacement effect on how a permanent enters looks at the permanent as it would exist on the battlefield.",
    "616.1": "When several replacement effects apply to one event, the affected player (or controller) chooses the order.",
    "615.1a": "A prevention effect (\"prevent that damage\"): the damage it prevents is never dealt.",
    "615.5": "A prevention effect's additional effect (\"Remove a +1/+1 counter from this creature.\") happens right after the damage is prevented.",
    "615.7": "A prevention shield (\"prevent the next N damage\"): each 1 damage that would be dealt to it is prevented, until N is used up.",
    "701.10e": "Doubling the number of a kind of counters: the player or permanent gets as many more of that kind as it has.",
    "701.8a": "Destroying: a permanent moves from the battlefield to its owner's graveyard.",
    "701.9a": "Discarding: a card moves from its owner's hand to their graveyard.",
    "701.19a": "Regenerating a permanent: the next time it would be destroyed this turn, instead all damage is removed from it and its controller taps it.",
    "701.17a": "Milling N: a player puts the top N cards of their library into their graveyard (all of them if fewer).",
    "701.17b": "A player can't mill more cards than their library has: a cost to mill them can't be paid.",
    "701.22a": "Scry N: look at the top N cards of your library, put any number on the bottom and the rest on top.",
    "701.23a": "Searching: look through a zone (a library) and find the cards that fit the description.",
    "701.23b": "A search for cards with a stated quality may find none or fewer, even if the zone has them.",
    "701.23c": "A search for a quantity of cards (\"a card\") must find that many, or as many as there are.",
    "701.23d": "Cards found are not revealed unless the effect says so.",
    "701.24a": "Shuffling a library: its cards are put in a random order.",
    "701.25a": "Surveil N: look at the top N cards of your library, put any number into your graveyard and the rest on top.",
    "701.3a": "Attaching: an Aura or Equipment is moved onto the object; it gets a new timestamp (613.7e).",
    "701.3b": "Attaching to what it cannot be attached to, or to what it is already attached to, does nothing.",
    "702.6a": "Equip [cost]: [Cost]: attach this Equipment to target creature you control; activate only as a sorcery.",
    "701.21a": "Sacrificing: a permanent's controller moves it to its owner's graveyard.",
    "701.26a": "Tapping: a permanent is turned sideways; an effect that taps a tapped permanent does nothing to it.",
    "701.26b": "Untapping: a permanent is rotated back upright; an effect that untaps an untapped permanent does nothing to it.",
    "701.44a": "Explore: reveal the top card of the library; a land goes to the hand, otherwise a +1/+1 counter and the card may stay on top or go to the graveyard.",
    "701.44b": "A creature explores even if it left the battlefield; the card is still revealed and placed.",
    "702.15b": "Lifelink: damage dealt by a source with lifelink also makes its controller gain that much life.",
    "704.5a": "State-based action: a player with 0 or less life loses.",
    "704.5b": "State-based action: a player who drew from an empty library since the last check loses.",
    "704.5d": "State-based action: a token outside the battlefield ceases to exist.",
    "704.5f": "State-based action: a creature with toughness 0 or less goes to the graveyard.",
    "704.5g": "State-based action: a creature with damage marked at least equal to its toughness is destroyed.",
    "704.5h": "State-based action: a creature dealt damage by a source with deathtouch since the last check is destroyed.",
    "704.5i": "State-based action: a planeswalker with 0 loyalty goes to its owner's graveyard.",
    "704.5j": "State-based action (legend rule): a player with two legendary permanents of one name keeps one.",
    "704.5n": "State-based action: an Equipment attached to an illegal permanent, or to an object no longer on the battlefield, becomes unattached and stays on the battlefield.",
    "704.5m": "State-based action: an Aura attached to an illegal object or to nothing goes to the graveyard.",
    "704.5q": "State-based action: +1/+1 and -1/-1 counters on one permanent cancel each other in pairs.",
    "704.5v": "State-based action: a battle with 0 defense goes to its owner's graveyard, unless it is the source of a triggered ability not yet left the stack.",
    "800.4a": "A player who leaves a multiplayer game takes everything they own with them; their abilities on the stack cease to exist; what they still control is exiled.",
}


def explain(rule: str) -> str | None:
    """The line for `rule`, or for the nearest rule above it (603.3b → 603.3), or None."""
    r = rule
    while r:
        if r in RULES:
            return RULES[r] if r == rule else f"(see {r}) {RULES[r]}"
        r = r[:-1] if r[-1].isalpha() else r.rpartition(".")[0]
    return None


def glossary_for(rules: Iterable[str]) -> dict[str, str]:
    """The lines of the given rule numbers, sorted by rule number; unknown ones are left out."""
    out = {}
    for r in sorted(set(rules), key=rule_sort_key):
        text = explain(r)
        if text is not None:
            out[r] = text
    return out


def rule_sort_key(rule: str) -> tuple[Any, ...]:
    head, _, tail = rule.partition(".")
    digits = "".join(ch for ch in tail if ch.isdigit())
    letters = "".join(ch for ch in tail if ch.isalpha())
    return (int(head) if head.isdigit() else 0, int(digits) if digits else 0, letters)
