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

from ..cards import PLAIN, Da, Sides
from ..vocabulary import LETTERS
from .board import side_at
from .state import EMPTY, State, card_of, is_flipped

__all__ = ["ATTRIBUTE_COLOURS", "face_svg", "render_svg", "svg_text"]

ATTRIBUTE_COLOURS = {"G": "#8d6e3f", "W": "#2e6fa8", "V": "#b83227", "S": "#2e8b57", "D": "#5b3a78"}
"""The colour of each attribute's mark (G W V S D)."""

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
    if card.kind == "room":
        centre, shape = LETTERS[card.attribute], "ring" if back else "circle"
    elif card.kind == "monster":
        centre, shape = LETTERS[card.attribute], "hollow" if back else "diamond"
    elif card.kind == "step":
        centre, shape = "↑", "square"
    else:
        centre, shape = "R", "square"
    colour = ATTRIBUTE_COLOURS[LETTERS[card.attribute]] if card.attribute >= 0 else "#222"
    face = "back" if back else "front"
    name = _escape(card.name)
    out = [
        f'<g class="card" data-card="{_escape(card.id)}" data-face="{face}" '
        f'data-cell="{state.game.grid.name(cell)}">',
        f"<title>{name}, {face}</title>",
        *_tile(x0, y0, da, centre, colour, shape, tagged=True),
        svg_text(x0 + 8, y0 + 66, card.name[:9], size=6, fill="#555", anchor="start", css="name"),
        "</g>",
    ]
    return out


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
    return [
        svg_text(0, i * _LINE, text, size=12, anchor="start", css=css) for i, (css, text) in enumerate(lines)
    ]


def render_svg(state: State) -> str:
    """The position as a standalone SVG document.

    The floor is a grid of 72×72 cells (row 0 at the top, as on the sheet); each
    card shows the da of the side that faces each direction as it lies; the
    player's cell is ringed in gold. Below: floor number, life, elements, the
    chaos deck's size and top card, carry, slots, steps, Rebright and the result.
    Elements carry classes (``cell``, ``card``, ``path``, ``wall``, ``da``,
    ``player``, ``life``, …) so that tools and tests can find them.
    """
    grid = state.game.grid
    panel = _panel(state)
    board_w, board_h = grid.columns * _SIZE, grid.rows * _SIZE
    width = max(board_w, 420) + 2 * _PAD
    height = board_h + 2 * _PAD + 16 + len(panel) * _LINE
    level = "ZAP" if state.level == 0 else f"floor {state.level}"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="Tower of CHAOS, {level}">',
        f"<title>Tower of CHAOS, {level}, life {state.life}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
        f'<g class="floor" transform="translate({_PAD},{_PAD})">',
    ]
    for cell in range(grid.cells):
        x, y = grid.xy(cell)
        x0, y0 = x * _SIZE, y * _SIZE
        out.append(
            f'<rect class="cell" data-cell="{x},{y}" x="{x0}" y="{y0}" width="{_SIZE}" height="{_SIZE}" '
            'fill="#e9e5da" stroke="#cfc8b4" stroke-width="1"/>'
        )
        if state.floor[cell] != EMPTY:
            out += _card_tile(state, cell, x0, y0)
    if state.player >= 0:
        x, y = grid.xy(state.player)
        out.append(
            f'<circle class="player" data-cell="{x},{y}" cx="{x * _SIZE + _MID}" cy="{y * _SIZE + _MID}" '
            'r="17" fill="none" stroke="#e0a800" stroke-width="4"/>'
        )
    out.append("</g>")
    out.append(f'<g class="panel" transform="translate({_PAD},{_PAD + board_h + 16 + 12})">')
    out += panel
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
