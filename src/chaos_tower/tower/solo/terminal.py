"""What the solo player is shown at the terminal: the board with its coordinates, and the top card.

:func:`~chaos_tower.tower.solo.render.render_text` draws the floor; terminal play adds
what a person needs to type an action: the ``x,y`` labels the actions name (x
across from the left, y down from the top, from 0) and the chaos deck's top
card, face up by `TOC-PREP-03`, with its paths and da as it would lie at
``r0`` before it is placed (`TOC-PLAY-A`). Nothing here is hidden from the
player: the deck shows only its size and its top card.

:func:`seat_screens` draws the same in two ways for terminal play's layout: the full board
above, and a compact one of two lines a row (issue 28: the whole screen fits 80×24), where each
cell's line carries its west and east sides and each rule between two rows carries the sides
that face across it, ``a/b``: the side of the card above, then of the card below.
"""

from __future__ import annotations

from ...registry import SeatScreen
from ..vocabulary import LETTERS
from .board import card_at, side_at
from .render import _WIDTH, _side, render_text
from .state import EMPTY, State, is_flipped

__all__ = ["seat_screens", "seat_view"]

LEGEND = "legend: # wall, - path, +N/-N path with da, @ you, * flipped or defeated"
COMPACT_LEGEND = "# wall, - path, ±N da, @ you, * flipped/defeated; rule a/b: side above/below"
"""The compact board's legend: a rule between two rows shows the sides facing across it."""

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
    lines.append(LEGEND)
    return "\n".join(lines)


def _label(state: State, cell: int) -> str:
    card = card_at(state, cell)
    here = "@" if cell == state.player else ""
    if card is None:
        return here or "."
    mark = "*" if is_flipped(state.floor[cell]) and card.kind in ("room", "monster") else ""
    return f"{here}{card.name[:5]}{mark}"


def _rule(state: State, y: int) -> str:
    """The rule above row ``y`` (``y == rows``: below the last), with the sides facing across it."""
    grid = state.game.grid
    ends = ("┌┬┐", "├┼┤", "└┴┘")[0 if y == 0 else 2 if y == grid.rows else 1]
    parts = []
    for x in range(grid.columns):
        above = (y - 1) * grid.columns + x if y > 0 else None
        below = y * grid.columns + x if y < grid.rows else None
        up = _side(side_at(state, above, 2)) if above is not None and card_at(state, above) else ""
        down = _side(side_at(state, below, 0)) if below is not None and card_at(state, below) else ""
        text = up or down if above is None or below is None else (f"{up}/{down}" if up or down else "")
        parts.append(f" {text} ".center(_WIDTH, "─") if text else "─" * _WIDTH)
    return " " * _MARGIN + ends[0] + ends[1].join(parts) + ends[2]


def _compact_board(state: State) -> list[str]:
    grid = state.game.grid
    header = " " * (_MARGIN + 1) + " ".join(f"{'x=' + str(x):^{_WIDTH}}" for x in range(grid.columns))
    lines = [header.rstrip()]
    for y in range(grid.rows):
        lines.append(_rule(state, y))
        cells = []
        for x in range(grid.columns):
            cell = y * grid.columns + x
            left = _side(side_at(state, cell, 3)) if card_at(state, cell) else ""
            right = _side(side_at(state, cell, 1)) if card_at(state, cell) else ""
            cells.append(f"{left:<2}{_label(state, cell):^{_WIDTH - 4}}{right:>2}")
        lines.append(f"{'y=' + str(y):<{_MARGIN}}│" + "│".join(cells) + "│")
    lines.append(_rule(state, grid.rows))
    return lines


def _compact_text(state: State) -> list[str]:
    game = state.game
    level = "ZAP" if state.level == 0 else str(state.level)
    el = " ".join(f"{a}{v}" for a, v in zip(LETTERS, state.elements, strict=True))
    lines = [
        f"floor {level} (extra da {game.extra_da(state.level):+d}) · life {state.life} · {el}"
        f" · chaos deck {len(state.deck)}"
    ]
    top = _top_card(state)
    if top is not None:
        lines.append(top.replace("top card to place: ", "top: ").replace("   (r90", " (r90"))
    carry = ", ".join(game.items[i].name for i in state.carry) or "-"
    steps = ", ".join(game.table[s].name for s in state.step_area) or "-"
    used = ", ".join(game.table[s].name for s in state.used_steps) or "-"
    lines.append(f"carry {len(state.carry)}/{game.carry_limit}: {carry} · steps: {steps} · used: {used}")
    slots = ", ".join(
        f"{game.slot_ids[i]}: {game.items[item].name}"
        + ("" if state.counters[i] < 0 else f" ×{state.counters[i]}")
        for i, item in enumerate(state.slots)
        if item != EMPTY
    )
    if slots:
        lines.append(f"slots: {slots}")
    if state.rebright is not None:
        values = " ".join(f"{a}{v}" for a, v in zip(LETTERS, state.rebright, strict=True))
        lines.append(f"Rebright: {values}" + ("  (to be placed)" if state.rebright_pending else ""))
    if state.result is not None:
        lines.append(f"game over: {state.result.result} ({state.result.cause}, {state.result.rule})")
    return lines


def seat_screens(state: State, player: int = 0) -> tuple[SeatScreen, ...]:
    """The view with the full board, then with the compact one (the module's documentation)."""
    full = _with_coordinates(state, render_text(state))
    rows = state.game.grid.rows * 4 + 2  # the coordinates' line, then the board's
    top = _top_card(state)
    text = (*full[rows:], *((top,) if top is not None else ()))
    return (
        SeatScreen(board=tuple(full[:rows]), text=text, legend=(LEGEND,)),
        SeatScreen(
            board=tuple(_compact_board(state)), text=tuple(_compact_text(state)), legend=(COMPACT_LEGEND,)
        ),
    )
