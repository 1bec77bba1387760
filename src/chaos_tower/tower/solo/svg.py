"""Pictures as SVG: one card face (for the docs' card gallery) and a whole solo position.

A card is drawn as a 72×72 tile: a path runs from the centre to each open side
in the colour of its da (red costs life, blue gives it, grey plain) with the da
written beside it, a wall is a black bar, and the centre mark shows the kind:
a circle for a room (ringed in white once flipped), a filled diamond for a living monster, a hollow one for a
defeated monster, a square for a step or Rebright, coloured by the card's
attribute. :func:`render_svg` lays the floor out as a grid of such tiles, rings
the player's card in gold and lists the values, deck, items and steps below.

>>> import chaos_tower as ct
>>> picture = ct.render_svg(ct.new_game(ct.load_cardset(), seed=7))
>>> picture.startswith("<svg") and "life 4" in picture
True
"""

from __future__ import annotations

from ... import svgkit as kit
from ..cards import PLAIN, Da, Sides
from ..palette import ATTRIBUTE_COLOURS
from ..vocabulary import LETTERS
from .board import side_at
from .state import EMPTY, State, card_of, is_flipped
from .tables import CardTable

__all__ = ["ATTRIBUTE_COLOURS", "ELEMENT_NAMES", "face_svg", "legend_height", "render_svg", "svg_text"]

_SIZE, _MID, _EDGE = 72, 36, 4


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def svg_text(
    x: int, y: int, text: str, size: int = 10, fill: str = "#222", anchor: str = "middle", css: str = ""
) -> str:
    """A ``<text>`` element (``css``: an optional class name)."""
    safe = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    klass = f' class="{css}"' if css else ""
    return (
        f'<text{klass} x="{x}" y="{y}" font-family="sans-serif" font-size="{size}" text-anchor="{anchor}" '
        f'fill="{fill}">{safe}</text>'
    )


def _tile(
    x0: int, y0: int, da: tuple[Da, Da, Da, Da], centre: str, colour: str, shape: str, tagged: bool
) -> list[str]:
    """The elements of one 72×72 tile at ``(x0, y0)``; ``da`` is north, east, south, west."""
    mid, edge = _MID, _EDGE
    far = _SIZE - edge
    ends = {"f": (mid, edge), "r": (far, mid), "b": (mid, far), "l": (edge, mid)}
    walls = {
        "f": (edge, edge, far, edge),
        "r": (far, edge, far, far),
        "b": (edge, far, far, far),
        "l": (edge, edge, edge, far),
    }
    labels = {
        "f": (44, 16, "start"),
        "r": (58, 30, "middle"),
        "b": (44, 64, "start"),
        "l": (14, 30, "middle"),
    }

    def tag(name: str) -> str:
        return f' class="{name}"' if tagged else ""

    out = [
        f'<rect{tag("tile")} x="{x0 + edge}" y="{y0 + edge}" width="{far - edge}" height="{far - edge}" '
        'rx="3" fill="#f7f4ec" stroke="#b0a890" stroke-width="1"/>'
    ]
    for name, value in zip("frbl", da, strict=True):
        if value is None:
            x1, y1, x2, y2 = walls[name]
            out.append(
                f'<line{tag("wall")} x1="{x0 + x1}" y1="{y0 + y1}" x2="{x0 + x2}" y2="{y0 + y2}" '
                'stroke="#333" stroke-width="5"/>'
            )
            continue
        if value == PLAIN:
            stroke, label = "#9a9a9a", "-"
        else:
            stroke = "#b83227" if value < 0 else "#2e6fa8" if value > 0 else "#777"
            label = f"{value:+d}"
        x, y = ends[name]
        out.append(
            f'<line{tag("path")} x1="{x0 + mid}" y1="{y0 + mid}" x2="{x0 + x}" y2="{y0 + y}" '
            f'stroke="{stroke}" stroke-width="8"/>'
        )
        lx, ly, anchor = labels[name]
        out.append(svg_text(x0 + lx, y0 + ly, label, anchor=anchor, css="da" if tagged else ""))
    cx, cy = x0 + mid, y0 + mid
    if shape == "circle":
        out.append(f'<circle cx="{cx}" cy="{cy}" r="10" fill="{colour}"/>')
    elif shape == "ring":  # a room on its back face (flipped)
        out.append(f'<circle cx="{cx}" cy="{cy}" r="10" fill="{colour}"/>')
        out.append(f'<circle cx="{cx}" cy="{cy}" r="7" fill="none" stroke="#fff" stroke-width="1.5"/>')
    elif shape in ("diamond", "hollow"):
        points = f"{cx},{cy - 12} {cx + 12},{cy} {cx},{cy + 12} {cx - 12},{cy}"
        fill = colour if shape == "diamond" else "#f7f4ec"
        out.append(f'<polygon points="{points}" fill="{fill}" stroke="{colour}" stroke-width="2"/>')
    else:
        out.append(f'<rect x="{cx - 10}" y="{cy - 10}" width="20" height="20" fill="{colour}"/>')
    out.append(svg_text(cx, cy + 4, centre, size=11, fill="#fff" if shape != "hollow" else colour))
    return out


def face_svg(title: str, da: Sides, centre: str, colour: str, shape: str) -> str:
    """A 72×72 drawing of one face: paths from the centre to the sides (da beside them), walls as bars.

    ``shape``: ``circle`` (room), ``ring`` (flipped room), ``diamond`` (living monster),
    ``hollow`` (defeated monster), ``square`` (step, Rebright).
    """
    size = _SIZE
    safe_title = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}" '
        f'role="img" aria-label="{safe_title}">',
        f"<title>{safe_title}</title>",
        *_tile(0, 0, da.as_tuple(), centre, colour, shape, tagged=False),
        "</svg>",
    ]
    return "\n".join(out) + "\n"


# -- a whole position ------------------------------------------------------------

_PAD = 12
_LINE = 18
_RULER = 16
"""Room for the column numbers above the floor and the row numbers left of it."""
_NAME = 18
"""The strip under each cell that holds the card's full name."""
_CELL_H = _SIZE + _NAME
_SIDE_W = 230
"""The column right of the floor: the deck's top card and the legend."""
_NAME_CHARS = 15
"""Characters per name line at size 7.5 in a 72-unit strip; longer names wrap to a second line."""

ELEMENT_NAMES = {"G": "earth", "W": "water", "V": "fire", "S": "wind", "D": "dark"}
"""G W V S D as the manual glosses them (地水火風闇); in English, as not every renderer has CJK fonts."""


def _face_of(card: CardTable, back: bool) -> tuple[str, str]:
    """The centre letter and mark shape of a card's face (see the module's docstring)."""
    if card.kind == "room":
        return LETTERS[card.attribute], "ring" if back else "circle"
    if card.kind == "monster":
        return LETTERS[card.attribute], "hollow" if back else "diamond"
    if card.kind == "step":
        return "↑", "square"
    return "R", "square"


def _colour(card: CardTable) -> str:
    return ATTRIBUTE_COLOURS[LETTERS[card.attribute]] if card.attribute >= 0 else "#222"


def _name_lines(x0: int, y0: int, name: str, css: str) -> list[str]:
    """The full name centred in the strip under a tile: one line, or two smaller ones."""
    lines = kit.wrap(name, _NAME_CHARS)
    if len(lines) == 1:
        return [kit.text(x0 + _MID, y0 + 12, name, size=7.5, fill="#444", anchor="middle", css=css)]
    return [
        kit.text(x0 + _MID, y0 + 7 + 8 * i, line, size=6.5, fill="#444", anchor="middle", css=css)
        for i, line in enumerate(lines[:2])
    ]


def _card_tile(state: State, cell: int, x0: int, y0: int) -> list[str]:
    code = state.floor[cell]
    card = state.game.table[card_of(code)]
    back = is_flipped(code)
    da: tuple[Da, Da, Da, Da] = (
        side_at(state, cell, 0),
        side_at(state, cell, 1),
        side_at(state, cell, 2),
        side_at(state, cell, 3),
    )
    centre, shape = _face_of(card, back)
    face = "back" if back else "front"
    name = kit.escape(card.name)
    return [
        f'<g class="card" data-card="{kit.escape(card.id)}" data-face="{face}" '
        f'data-cell="{state.game.grid.name(cell)}">',
        f"<title>{name}, {face}, at {state.game.grid.name(cell)}</title>",
        *_tile(x0, y0, da, centre, _colour(card), shape, tagged=True),
        *_name_lines(x0, y0 + _SIZE, card.name, "name"),
        "</g>",
    ]


def _top_card(state: State, x0: int, y0: int) -> list[str]:
    """The chaos deck's face-up top card (`TOC-PREP-03`) as it would lie unturned (r0)."""
    out = [kit.text(x0, y0 + 10, "top of the chaos deck", size=11, weight="bold")]
    if not state.deck:
        return [*out, kit.text(x0, y0 + 28, "(the deck is empty)", size=10, css="top-name")]
    card = state.game.table[state.deck[0]]
    centre, shape = _face_of(card, False)
    tx, ty = x0, y0 + 18
    out += [
        f'<g class="top-card" data-card="{kit.escape(card.id)}">',
        f"<title>{kit.escape(card.name)}: the next card to place</title>",
        *_tile(tx, ty, card.front.sides, centre, _colour(card), shape, tagged=True),
        "</g>",
    ]
    for i, line in enumerate(kit.wrap(card.name, 20)[:2]):
        out.append(kit.text(tx + _SIZE + 8, ty + 22 + 14 * i, line, size=11, css="top-name"))
    kind = card.kind if card.attribute < 0 else f"{card.kind}, {LETTERS[card.attribute]}"
    out.append(kit.text(tx + _SIZE + 8, ty + 52, kind, size=9, fill="#555"))
    out.append(kit.text(tx + _SIZE + 8, ty + 66, "drawn unturned (r0)", size=9, fill="#555"))
    return out


def _legend(x0: int, y0: int) -> list[str]:
    """What the marks and colours mean, drawn with the same marks."""
    out = [f'<g class="legend" transform="translate({x0},{y0})">', kit.text(0, 10, "legend", weight="bold")]
    y = 26
    marks = (
        ("circle", "room"),
        ("ring", "room, back face (flipped)"),
        ("diamond", "monster, living"),
        ("hollow", "monster, defeated"),
        ("square", "step (↑) or Rebright (R)"),
    )
    for shape, label in marks:
        out += _mark(8, y - 4, shape, "#777")
        out.append(kit.text(22, y, label, size=10))
        y += 16
    paths = (
        ("#b83227", "-1", "path: da costs life"),
        ("#2e6fa8", "+1", "path: da gives life"),
        ("#9a9a9a", "-", "plain path: no da, no extra da"),
    )
    for stroke, da, label in paths:
        out.append(f'<line x1="0" y1="{y - 4}" x2="16" y2="{y - 4}" stroke="{stroke}" stroke-width="6"/>')
        out.append(kit.text(22, y, f"{da}  {label}", size=10))
        y += 16
    out.append(f'<line x1="0" y1="{y - 4}" x2="16" y2="{y - 4}" stroke="#333" stroke-width="5"/>')
    out.append(kit.text(22, y, "wall", size=10))
    y += 16
    out.append(f'<circle cx="8" cy="{y - 4}" r="7" fill="none" stroke="#e0a800" stroke-width="3"/>')
    out.append(kit.text(22, y, "the player", size=10))
    y += 18
    for i, (letter, colour) in enumerate(ATTRIBUTE_COLOURS.items()):
        row, col = divmod(i, 3)
        out.append(kit.box(col * 72, y - 9 + row * 16, 10, 10, fill=colour, stroke=colour, rx=1))
        out.append(kit.text(col * 72 + 14, y + row * 16, f"{letter} {ELEMENT_NAMES[letter]}", size=9))
    out.append(kit.text(0, y + 36, "cells are x,y: column, then row from the top", size=9, fill="#555"))
    out.append("</g>")
    return out


def legend_height() -> int:
    """The legend's height in user units (for laying pictures out around it)."""
    return 26 + 5 * 16 + 4 * 16 + 18 + 40


def _mark(cx: int, cy: int, shape: str, colour: str) -> list[str]:
    if shape in ("circle", "ring"):
        out = [f'<circle cx="{cx}" cy="{cy}" r="6" fill="{colour}"/>']
        if shape == "ring":
            out.append(f'<circle cx="{cx}" cy="{cy}" r="4" fill="none" stroke="#fff" stroke-width="1"/>')
        return out
    if shape in ("diamond", "hollow"):
        points = f"{cx},{cy - 7} {cx + 7},{cy} {cx},{cy + 7} {cx - 7},{cy}"
        fill = colour if shape == "diamond" else "#fff"
        return [f'<polygon points="{points}" fill="{fill}" stroke="{colour}" stroke-width="1.5"/>']
    return [f'<rect x="{cx - 6}" y="{cy - 6}" width="12" height="12" fill="{colour}"/>']


def _panel(state: State) -> list[str]:
    game = state.game
    level = "ZAP" if state.level == 0 else str(state.level)
    elements = "  ".join(f"{a} {v}" for a, v in zip(LETTERS, state.elements, strict=True))
    top = game.table[state.deck[0]].name if state.deck else "(empty)"
    carry = ", ".join(game.items[i].name for i in state.carry) or "–"
    slots = ", ".join(
        f"{game.slot_ids[i]}: {game.items[item].name}"
        + ("" if state.counters[i] < 0 else f" ×{state.counters[i]}")
        for i, item in enumerate(state.slots)
        if item != EMPTY
    )
    steps = ", ".join(game.table[s].name for s in state.step_area) or "–"
    lines = [
        ("level", f"floor {level} (extra da {game.extra_da(state.level):+d})"),
        ("life", f"life {state.life}"),
        ("elements", f"elements  {elements}"),
        ("deck", f"chaos deck {len(state.deck)}, top: {top}"),
        ("carry", f"carry ({len(state.carry)}/{game.carry_limit}): {carry}"),
        ("slots", f"slots: {slots or '–'}"),
        ("steps", f"steps: {steps}"),
    ]
    if state.rebright is not None:
        values = " ".join(f"{a}{v}" for a, v in zip(LETTERS, state.rebright, strict=True))
        lines.append(
            ("rebright", f"Rebright: {values}" + ("  (to be placed)" if state.rebright_pending else ""))
        )
    if state.result is not None:
        lines.append(("result", f"game over: {state.result.result} ({state.result.cause})"))
    return [kit.text(0, i * _LINE, text, size=12, css=css) for i, (css, text) in enumerate(lines)]


def render_svg(state: State, *, player: int | None = None, scale: float = 1.0) -> str:
    """The position as a standalone SVG document, ``scale`` times its natural size.

    The floor is a grid of 72×72 cells (row 0 at the top, as on the sheet) with
    the column numbers above and the row numbers at the left, so a cell reads
    ``x,y`` as actions name it; each card shows the da of the side that faces
    each direction as it lies and its full name below; the player's cell is
    ringed in gold. Right of the floor: the deck's top card (face up,
    `TOC-PREP-03`) with its paths and da, and a legend. Below: floor number,
    life, elements, the chaos deck, carry, slots, steps, Rebright and the
    result. The solo player sees all of this, so ``player`` (``None`` or 0)
    changes nothing. Elements carry classes (``cell``, ``card``, ``path``,
    ``wall``, ``da``, ``player``, ``life``, ``legend``, ``top-card``, …) so
    that tools and tests can find them.
    """
    if player not in (None, 0):
        raise ValueError(f"the solo game has one player, 0; not {player!r}")
    grid = state.game.grid
    panel = _panel(state)
    board_w, board_h = grid.columns * _SIZE, grid.rows * _CELL_H
    side_h = 18 + _SIZE + 24 + legend_height()
    width = _PAD + _RULER + board_w + 16 + _SIDE_W + _PAD
    height = _PAD + _RULER + max(board_h, side_h) + 16 + len(panel) * _LINE + _PAD
    level = "ZAP" if state.level == 0 else f"floor {state.level}"
    out = [
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
        f'<g class="rulers" transform="translate({_PAD + _RULER},{_PAD})">',
    ]
    for x in range(grid.columns):
        out.append(
            kit.text(x * _SIZE + _MID, 11, str(x), size=11, fill="#666", anchor="middle", css="column")
        )
    for y in range(grid.rows):
        out.append(
            kit.text(
                -5, _RULER + y * _CELL_H + _MID + 4, str(y), size=11, fill="#666", anchor="end", css="row"
            )
        )
    out += ["</g>", f'<g class="floor" transform="translate({_PAD + _RULER},{_PAD + _RULER})">']
    for cell in range(grid.cells):
        x, y = grid.xy(cell)
        x0, y0 = x * _SIZE, y * _CELL_H
        out.append(
            f'<rect class="cell" data-cell="{x},{y}" x="{x0}" y="{y0}" width="{_SIZE}" height="{_CELL_H}" '
            'fill="#e9e5da" stroke="#cfc8b4" stroke-width="1"/>'
        )
        if state.floor[cell] != EMPTY:
            out += _card_tile(state, cell, x0, y0)
        else:
            out.append(
                kit.text(
                    x0 + _MID, y0 + _MID + 4, f"{x},{y}", size=9, fill="#a89f88", anchor="middle", css="empty"
                )
            )
    if state.player >= 0:
        x, y = grid.xy(state.player)
        out.append(
            f'<circle class="player" data-cell="{x},{y}" cx="{x * _SIZE + _MID}" cy="{y * _CELL_H + _MID}" '
            'r="17" fill="none" stroke="#e0a800" stroke-width="4"/>'
        )
    out.append("</g>")
    side_x = _PAD + _RULER + board_w + 16
    out += _top_card(state, side_x, _PAD + _RULER)
    out += _legend(side_x, _PAD + _RULER + 18 + _SIZE + 24)
    out.append(
        f'<g class="panel" transform="translate({_PAD},{_PAD + _RULER + max(board_h, side_h) + 16 + 12})">'
    )
    out += panel
    out.append("</g>")
    return kit.document(
        width, height, out, title=f"Tower of CHAOS, {level}, life {state.life}", scale=scale, css="solo"
    )
