"""Steps: moving between floors (``TOC-STEP-01`` to ``11``, and ``TOC-ZAP-07`` for leaving ZAP)."""

from __future__ import annotations

from ...kernel.memo import remember
from ...kernel.rng import shuffle
from ..vocabulary import FloorUp, Trigger
from .actions import PlaceStep
from .change import Change
from .effects import CARRY_RULE, perform
from .moves import leave_step
from .state import EMPTY, card_of, encode
from .tables import Game

__all__ = ["apply_place_step", "leave_step"]


def _chaos_codes(game: Game) -> tuple[bool, ...]:
    # Whether a floor code shows a room or a monster (the last entry, False, is EMPTY's: -1),
    # kept on the compiled game (freed with it).
    return remember(
        game._memo,
        "chaos-codes",
        lambda: (*(c.kind in ("room", "monster") for c in game.table for _ in range(8)), False),
    )


def apply_place_step(change: Change, action: PlaceStep) -> None:
    """Place a step and enter it at once, then clear the floor around it.

    Order of events: the step is laid (`TOC-STEP-01`); the player is moved in,
    paths and da ignored (`TOC-STEP-01`); every other chaos card on the floor
    goes back into the chaos deck, which is reshuffled (`TOC-STEP-03`); the
    step-element applies (`TOC-STEP-08`); the floor rises, or Rebright appears
    (`TOC-STEP-11`); in ZAP, using a step ends ZAP at floor 1 and the step
    counts as unused (`TOC-ZAP-07`); carried items that act on using a step act
    (`TOC-RARE-08B`, `08D`).
    """
    game = change.original.game
    index = game.card_index(action.step)
    card = game.table[index]
    # A step the player was standing in is left now, as if walked out of.
    leave_step(change)
    floor = list(change.floor)
    returned = []
    chaos = _chaos_codes(game)
    for cell, code in enumerate(floor):
        if chaos[code]:  # a room or a monster (not EMPTY, a step or Rebright)
            returned.append(card_of(code))
            floor[cell] = EMPTY
    floor[action.cell] = encode(index, action.rotation, False)
    change.deck, change.rng = shuffle(change.deck + tuple(returned), change.rng)
    change.used_steps = tuple(s for s in change.used_steps if s != index)
    change.floor = tuple(floor)
    change.player, change.item_on_entry = action.cell, False
    change.step_area = tuple(s for s in change.step_area if s != index)
    change.event(
        "TOC-STEP-01",
        "step",
        f"{card.name} placed at {game.grid.name(action.cell)}; the player enters it",
        card=card.id,
    )
    if returned:
        change.event("TOC-STEP-03", "reset", f"{len(returned)} chaos cards go back into the deck, reshuffled")
    change.add_elements(card.front.element, "TOC-STEP-08", f"step-element of {card.name}")
    in_zap = change.level == 0
    for effect in card.front.effects:
        if effect.trigger is not Trigger.ON_ENTER:
            continue
        if in_zap and isinstance(effect, FloorUp):
            continue  # TOC-ZAP-07: leaving ZAP puts the player on floor 1, whatever the step says
        perform(change, effect, "TOC-STEP-11", f"entering {card.name}")
    if in_zap:
        change.level, change.step_returns = 1, True
        change.event("TOC-ZAP-07", "floor", f"ZAP ends: floor 1; {card.name} counts as unused")
    for item in change.carry:
        for effect in game.items[item].carry_effects:
            if effect.trigger is Trigger.ON_STEP:
                rule = CARRY_RULE[game.items[item].kind]
                perform(change, effect, rule, f"{game.items[item].name} on using a step")
