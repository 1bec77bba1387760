"""The floor as a grid, and how a card's sides meet the sheet's directions.

A card's sides are ``f r b l`` (`TOC-START-M` for rooms, `TOC-START-O` for
monsters), indexed 0..3 clockwise. A card
lies with a rotation of 0..3 quarter turns clockwise: at rotation 0 its front
faces north (row 0 is the top of the sheet). Side ``s`` of a card at rotation
``k`` faces direction ``(s + k) % 4``; the sheet's directions are N E S W,
indexed 0..3 clockwise.
"""

from __future__ import annotations

from functools import cache

__all__ = ["DIRECTIONS", "OPPOSITE", "Grid", "side_facing"]

DIRECTIONS = ("n", "e", "s", "w")
OPPOSITE = (2, 3, 0, 1)
_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))


def side_facing(direction: int, rotation: int) -> int:
    """Which side (0 f, 1 r, 2 b, 3 l) of a card at ``rotation`` faces ``direction``."""
    return (direction - rotation) % 4


class Grid:
    """Cells of a ``columns`` × ``rows`` floor, numbered row by row from the top left."""

    __slots__ = ("_names", "cells", "columns", "corners", "neighbours", "rows")

    def __init__(self, columns: int, rows: int) -> None:
        self.columns = columns
        self.rows = rows
        self.cells = columns * rows
        # neighbours[cell][direction] is the cell there, or -1 beyond the edge.
        table = []
        for cell in range(self.cells):
            x, y = cell % columns, cell // columns
            row = []
            for dx, dy in _STEP:
                nx, ny = x + dx, y + dy
                row.append(ny * columns + nx if 0 <= nx < columns and 0 <= ny < rows else -1)
            table.append(tuple(row))
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(table)
        last = self.cells - 1
        self.corners = frozenset({0, columns - 1, last - columns + 1, last})
        self._names = tuple(f"{cell % columns},{cell // columns}" for cell in range(self.cells))

    def xy(self, cell: int) -> tuple[int, int]:
        """Column and row of a cell, from 0."""
        return cell % self.columns, cell // self.columns

    def cell(self, x: int, y: int) -> int:
        """The cell at column ``x``, row ``y``; ``ValueError`` off the floor."""
        if not (0 <= x < self.columns and 0 <= y < self.rows):
            raise ValueError(f"{x},{y} is not on a {self.columns}x{self.rows} floor")
        return y * self.columns + x

    def name(self, cell: int) -> str:
        """A cell as text, ``x,y``."""
        if 0 <= cell < self.cells:
            return self._names[cell]  # made once: events name cells on most actions
        x, y = self.xy(cell)
        return f"{x},{y}"


@cache
def grid(columns: int, rows: int) -> Grid:
    """The shared grid for a floor size."""
    return Grid(columns, rows)
