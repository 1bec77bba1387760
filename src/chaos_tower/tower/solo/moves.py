"""Moving the player out of a step, and a card from one cell to another.

Both are done by several rules (a move, a step, Sack Of Fly, Sword Of Light), so
they sit below all of them: the effect interpreter (:mod:`.effects`) and the
section modules use them without importing one another.
"""

from __future__ import annotations

from .change import Change
from .state import EMPTY, card_of, encode, is_flipped

__all__ = ["leave_step", "relocate"]


def leave_step(change: Change) -> None:
    """If the player stands in a step, take it off the floor into the used-step area (`TOC-STEP-05`)."""
    player = change.player
    floor = change.floor
    if player < 0 or floor[player] == EMPTY:
        return
    index = card_of(floor[player])
    card = change.original.game.table[index]
    if card.kind != "step":
        return
    change.floor = (*floor[:player], EMPTY, *floor[player + 1 :])
    if change.step_returns:
        change.step_area = (*change.step_area, index)
        change.step_returns = False
        change.event("TOC-ZAP-07", "step", f"{card.name} goes back to the step area, unused", card=card.id)
    else:
        change.used_steps = (*change.used_steps, index)
        change.event("TOC-STEP-05", "step", f"{card.name} goes to the used-step area", card=card.id)


def relocate(change: Change, cell: int, to: int, rotation: int | None, rule: str) -> None:
    """Move the card on ``cell`` to the empty ``to``; the player rides along if on it."""
    floor = list(change.floor)
    code = floor[cell]
    if rotation is not None:
        code = encode(card_of(code), rotation, is_flipped(code))
    floor[cell], floor[to] = EMPTY, code
    change.floor = tuple(floor)
    game = change.original.game
    grid = game.grid
    change.event(
        rule,
        "relocate",
        f"{game.table[card_of(code)].name} moves from {grid.name(cell)} to {grid.name(to)}",
    )
    if change.player == cell:
        change.player = to
