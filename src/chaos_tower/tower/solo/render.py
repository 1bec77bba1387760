"""Plain-text drawing of a solo position: the floor, the player, values, carry and slots."""

from __future__ import annotations

from ..cards import PLAIN, Da
from ..vocabulary import LETTERS
from .board import card_at, side_at
from .state import EMPTY, State, is_flipped

__all__ = ["render_text"]

_WIDTH = 11


def _side(value: Da) -> str:
    if value is None:
        return "#"
    if value == PLAIN:
        return "-"
    return f"{value:+d}"


def _cell(state: State, cell: int) -> tuple[str, str, str]:
    card = card_at(state, cell)
    here = "@" if cell == state.player else " "
    if card is None:
        return (" " * _WIDTH, f"{here:^{_WIDTH}}" if here == "@" else f"{'.':^{_WIDTH}}", " " * _WIDTH)
    mark = "*" if is_flipped(state.floor[cell]) and card.kind in ("room", "monster") else ""
    label = f"{here}{card.name[:5]}{mark}"
    top = _side(side_at(state, cell, 0))
    right = _side(side_at(state, cell, 1))
    bottom = _side(side_at(state, cell, 2))
    left = _side(side_at(state, cell, 3))
    middle = f"{left:<2}{label:^{_WIDTH - 4}}{right:>2}"
    return (f"{top:^{_WIDTH}}", middle, f"{bottom:^{_WIDTH}}")


def render_text(state: State) -> str:
    """The position drawn in text: each cell shows its four sides (``#`` wall, ``-``,
    or da), the card's name (``*`` once flipped or defeated) and ``@`` for the player."""
    game = state.game
    grid = game.grid
    lines = []
    rule = "+" + "+".join("-" * _WIDTH for _ in range(grid.columns)) + "+"
    for y in range(grid.rows):
        lines.append(rule)
        cells = [_cell(state, y * grid.columns + x) for x in range(grid.columns)]
        for part in range(3):
            lines.append("|" + "|".join(c[part] for c in cells) + "|")
    lines.append(rule)
    level = "ZAP" if state.level == 0 else str(state.level)
    el = " ".join(f"{a}{v}" for a, v in zip(LETTERS, state.elements, strict=True))
    lines.append(f"floor {level} (extra da {game.extra_da(state.level):+d})   life {state.life}   {el}")
    top = game.table[state.deck[0]].name if state.deck else "(empty)"
    lines.append(f"chaos deck {len(state.deck)}, top: {top}")
    carry = ", ".join(game.items[i].name for i in state.carry) or "-"
    lines.append(f"carry ({len(state.carry)}/{game.carry_limit}): {carry}")
    slots = ", ".join(
        f"{game.slot_ids[i]}: {game.items[item].name}"
        + ("" if state.counters[i] < 0 else f" ×{state.counters[i]}")
        for i, item in enumerate(state.slots)
        if item != EMPTY
    )
    if slots:
        lines.append(f"slots: {slots}")
    steps = ", ".join(game.table[s].name for s in state.step_area) or "-"
    used = ", ".join(game.table[s].name for s in state.used_steps) or "-"
    lines.append(f"steps: {steps}   used: {used}")
    if state.rebright is not None:
        values = " ".join(f"{a}{v}" for a, v in zip(LETTERS, state.rebright, strict=True))
        lines.append(f"Rebright: {values}" + ("  (to be placed)" if state.rebright_pending else ""))
    if state.result is not None:
        lines.append(f"game over: {state.result.result} ({state.result.cause}, {state.result.rule})")
    return "\n".join(lines)
