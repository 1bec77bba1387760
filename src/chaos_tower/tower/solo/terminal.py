"""What the solo player is shown at the terminal: the board with its coordinates, and the top card.

:func:`~chaos_tower.tower.solo.render.render_text` draws the floor; terminal play adds
what a person needs to type an action: the ``x,y`` labels the actions name (x
across from the left, y down from the top, from 0) and the chaos deck's top
card, face up by `TOC-PREP-03`, with its paths and da as it would lie at
``r0`` before it is placed (`TOC-PLAY-A`). Nothing here is hidden from the
player: the deck shows only its size and its top card.
"""

from __future__ import annotations

from .render import _WIDTH, _side, render_text
from .state import State

__all__ = ["seat_view"]

_MARGIN = 5
"""Room on the left for the row labels (``y=0``)."""


def _with_coordinates(state: State, board: str) -> list[str]:
    grid = state.game.grid
    header = " " * (_MARGIN + 1) + " ".join(f"{'x=' + str(x):^{_WIDTH}}" for x in range(grid.columns))
    lines = [header.rstrip()]
    rows = (grid.rows * 4) + 1
    for number, line in enumerate(board.splitlines()):
        if number < rows:
            # The middle line of each row of cells (the card's name) carries the row's label.
            label = f"y={number // 4}" if number % 4 == 2 else ""
            lines.append(f"{label:<{_MARGIN}}{line}")
        else:
            lines.append(line)
    return lines


def _top_card(state: State) -> str | None:
    if not state.deck:
        return None
    card = state.game.table[state.deck[0]]
    sides = card.front.sides  # at r0 the front's f r b l face n e s w (`TOC-START-M`)
    paths = "  ".join(f"{d} {_side(v)}" for d, v in zip("nesw", sides, strict=True))
    return f"top card to place: {card.name} ({card.kind}) at r0: {paths}   (r90 turns it clockwise)"


def seat_view(state: State, player: int = 0) -> str:
    """The solo board with ``x=``/``y=`` labels, a legend and the top card's paths and da."""
    lines = _with_coordinates(state, render_text(state))
    top = _top_card(state)
    if top is not None:
        lines.append(top)
    lines.append("legend: # wall, - path, +N/-N path with da, @ you, * flipped or defeated")
    return "\n".join(lines)
