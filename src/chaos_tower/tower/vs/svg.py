"""The VS sheet as an SVG picture, for the referee or for one seat.

The sheet is laid out as the manual lays it (`TOC-VS2-022`, `TOC-VS3-042`):
a pentagon with a star at each corner, each counter (step r card) on a star
with its value, and the chaos deck face down in the middle (`TOC-VS2-024`,
`TOC-VS3-044`) with the last card drawn beside it. Right of it, one panel per
seat: its counters, the attributes named rightly (face up, `TOC-VS2-029`),
declarations used, items held; below, the items given (`TOC-VS2-028`), every
declaration, the card being applied and the result.

A seat's picture is drawn from :func:`~chaos_tower.tower.vs.observe.observation`
and the card set's public names and VS values only (:func:`seat_svg`), so it
cannot show another seat's attributes or items, the attributes dealt to
nobody or the deck's order. The referee's picture adds those
(:class:`Secrets`): every seat's attributes and hand, the leftover attributes,
the unused items and the deck's top.

>>> import chaos_tower as ct
>>> state = ct.new_game(ct.load_cardset(), mode="vs", players=3, seed=2)
>>> "pentagon" in ct.render_svg(state) and "seat 1" in ct.render_svg(state, player=1)
True
"""

from __future__ import annotations

import math

from attrs import frozen

from ... import svgkit as kit
from ..palette import ATTRIBUTE_COLOURS
from ..vocabulary import LETTERS
from .observe import VsObservation, observation
from .state import VsState, VsTable

__all__ = ["Secrets", "render_svg", "seat_svg", "secrets"]

_W, _H = 900, 680
_CX, _CY, _R = 250, 300, 190
_SEAT_X, _SEAT_W, _SEAT_H = 500, 388, 104
_COUNTER = 30


@frozen(kw_only=True)
class Secrets:
    """What only the referee sees: for the referee's picture, never for a seat's."""

    attributes: tuple[tuple[str, ...], ...]
    """Every seat's attributes, one letter per counter."""
    hands: tuple[tuple[str, ...], ...]
    """Every seat's item ids."""
    leftover: tuple[str, ...]
    unused: tuple[str, ...]
    deck_top: str | None


def secrets(state: VsState) -> Secrets:
    """The hidden parts of ``state`` (`TOC-VS2-020`, `TOC-VS2-024`, `TOC-VS3-043`)."""
    t = state.table
    return Secrets(
        attributes=tuple(tuple(LETTERS[a] for a in seat) for seat in state.attributes),
        hands=tuple(tuple(t.item_ids[i] for i in sorted(hand)) for hand in state.hands),
        leftover=tuple(LETTERS[a] for a in state.leftover),
        unused=tuple(t.item_ids[i] for i in sorted(state.unused)),
        deck_top=t.chaos_ids[state.deck[0]] if state.deck else None,
    )


def render_svg(state: VsState, *, player: int | None = None, scale: float = 1.0) -> str:
    """The referee's picture (``player=None``) or that seat's (drawn from its observation)."""
    if player is None:
        return _draw(observation(state, 0), state.table, secrets(state), scale)
    return seat_svg(observation(state, player), state.table, scale=scale)


def seat_svg(view: VsObservation, table: VsTable, *, scale: float = 1.0) -> str:
    """One seat's picture from its observation and the card set's public data alone."""
    return _draw(view, table, None, scale)


def _vs_text(values: tuple[int, ...]) -> str:
    """A VS value as ``G+2 W-1`` (attributes with 0 left out)."""
    return " ".join(f"{a}{v:+d}" for a, v in zip(LETTERS, values, strict=True) if v) or "no change"


class _Names:
    def __init__(self, table: VsTable) -> None:
        self.chaos = dict(
            zip(table.chaos_ids, zip(table.chaos_names, table.chaos_vs, strict=True), strict=True)
        )
        self.items = dict(zip(table.item_ids, zip(table.item_names, table.item_vs, strict=True), strict=True))

    def name(self, card: str) -> str:
        found = self.chaos.get(card) or self.items.get(card)
        return found[0] if found else card

    def vs(self, card: str) -> tuple[int, ...]:
        found = self.chaos.get(card) or self.items.get(card)
        return found[1] if found else (0, 0, 0, 0, 0)


def _star(cx: float, cy: float, r: float) -> str:
    points = []
    for k in range(10):
        angle = math.radians(-90 + 36 * k)
        radius = r if k % 2 == 0 else r * 0.45
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return f'<polygon points="{" ".join(points)}" fill="#f3e7b3" stroke="#c9a227" stroke-width="1.5"/>'


def _corner(k: int) -> tuple[float, float]:
    angle = math.radians(-90 + 72 * k)
    return _CX + _R * math.cos(angle), _CY + _R * math.sin(angle)


def _sheet(view: VsObservation, names: _Names, hidden: Secrets | None) -> list[str]:
    corners = [_corner(k) for k in range(5)]
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    out = [
        '<g class="sheet">',
        f'<polygon class="pentagon" points="{points}" fill="#f6f1e4" stroke="#8a7d5a" stroke-width="2"/>',
    ]
    slots = [(seat, c) for seat in range(view.players) for c in range(len(view.counters[seat]))]
    for k, (x, y) in enumerate(corners):
        out.append(_star(x, y, 34))
        if k >= len(slots):
            out.append(kit.text(x, y + 4, "—", size=10, fill="#b0a890", anchor="middle"))
            continue
        seat, c = slots[k]
        value = view.counters[seat][c]
        face_up = view.face_up[seat][c]
        letter = face_up or _private_letter(view, hidden, seat, c)
        data = {"seat": str(seat), "counter": str(c)}
        out.append(
            kit.text(x, y + 7, str(value), size=20, anchor="middle", css="counter", weight="bold", data=data)
        )
        label = f"seat {seat}" + (f" {'ab'[c]}" if len(view.counters[seat]) > 1 else "")
        out.append(kit.text(x, y + 50, label, size=11, anchor="middle", fill="#444"))
        if face_up is not None:
            out += _letter_badge(x + 30, y - 30, face_up, "face-up", dashed=False)
        elif letter is not None:
            out += _letter_badge(x + 30, y - 30, letter, "secret", dashed=True)
    # the chaos deck, face down in the middle (`TOC-VS2-024`)
    out.append(kit.box(_CX - 34, _CY - 46, 68, 92, fill="#3c3552", stroke="#221d33", css="deck", rx=5))
    out.append(kit.text(_CX, _CY - 4, str(view.deck), size=22, fill="#fff", anchor="middle", css="deck-size"))
    out.append(kit.text(_CX, _CY + 14, "chaos deck", size=9, fill="#ddd", anchor="middle"))
    if hidden is not None and hidden.deck_top is not None:
        top = names.name(hidden.deck_top)
        out.append(kit.text(_CX, _CY + 62, f"top: {top}", size=10, anchor="middle", css="secret deck-top"))
    if view.drawn:
        last = view.drawn[-1]
        out.append(
            kit.text(_CX, _CY - 70, f"last drawn: {names.name(last)}", size=11, anchor="middle", css="drawn")
        )
        out.append(kit.text(_CX, _CY - 56, _vs_text(names.vs(last)), size=11, anchor="middle", fill="#555"))
    out.append("</g>")
    return out


def _private_letter(view: VsObservation, hidden: Secrets | None, seat: int, c: int) -> str | None:
    """The hidden attribute of a counter, if this picture may show it: the referee's, or one's own."""
    if hidden is not None:
        return hidden.attributes[seat][c]
    return view.attributes[c] if seat == view.player else None


def _letter_badge(x: float, y: float, letter: str, css: str, *, dashed: bool) -> list[str]:
    colour = ATTRIBUTE_COLOURS[letter]
    dash = ' stroke-dasharray="3,2"' if dashed else ""
    fill = "#fff" if dashed else colour
    return [
        f'<circle class="{css}" cx="{x:.1f}" cy="{y:.1f}" r="11" fill="{fill}" stroke="{colour}" '
        f'stroke-width="2"{dash}/>',
        kit.text(
            x,
            y + 4,
            letter,
            size=12,
            anchor="middle",
            fill=colour if dashed else "#fff",
            weight="bold",
            css=f"{css}-letter",
        ),
    ]


def _seat_panel(view: VsObservation, names: _Names, hidden: Secrets | None, seat: int, y0: int) -> list[str]:
    me = hidden is None and seat == view.player
    border = "#c9a227" if view.decider == seat else "#b0a890"
    out = [
        f'<g class="seat" data-seat="{seat}" transform="translate({_SEAT_X},{y0})">',
        kit.box(0, 0, _SEAT_W, _SEAT_H - 6, fill="#fbf8f0" if not me else "#fff6d8", stroke=border),
    ]
    flags = [
        " (you)" if me else "",
        " — out" if view.out[seat] else "",
        " — to decide" if view.decider == seat else "",
    ]
    out.append(kit.text(8, 16, f"seat {seat}{''.join(flags)}", size=12, weight="bold"))
    counters = "  ".join(
        f"{'ab'[c] + ' ' if len(view.counters[seat]) > 1 else ''}{v}"
        + (f" = {view.face_up[seat][c]} (face up)" if view.face_up[seat][c] else "")
        for c, v in enumerate(view.counters[seat])
    )
    out.append(kit.text(8, 33, f"counters: {counters}", size=11))
    secret = [_private_letter(view, hidden, seat, c) for c in range(len(view.counters[seat]))]
    if any(s is not None for s in secret):
        who = "hidden attributes (referee)" if hidden is not None else "your hidden attributes"
        out.append(kit.text(8, 49, f"{who}: {' '.join(s or '?' for s in secret)}", size=11, css="secret"))
    else:
        out.append(kit.text(8, 49, "attributes: hidden", size=11, fill="#777"))
    out.append(
        kit.text(
            8,
            65,
            f"declarations {view.declarations[seat]}/{view.declaration_limit};"
            f" items held {view.hand_sizes[seat]}",
            size=11,
        )
    )
    hand = hidden.hands[seat] if hidden is not None else view.hand if me else None
    if hand is not None:
        shown = ", ".join(names.name(i) for i in hand) or "none"
        lines = kit.wrap(f"items: {shown}", 68)
        for i, line in enumerate(lines[:2]):
            more = " …" if i == 1 and len(lines) > 2 else ""
            out.append(kit.text(8, 80 + 12 * i, line + more, size=10, css="secret hand"))
    out.append("</g>")
    return out


def _public_lists(view: VsObservation, names: _Names, hidden: Secrets | None) -> list[str]:
    lines: list[tuple[str, str]] = []
    gifts = "; ".join(f"{names.name(item)} seat {g}→{r}" for g, r, item in view.gifts) or "none"
    lines += [("gifts", line) for line in kit.wrap(f"items given: {gifts}", 130)]
    said = (
        "; ".join(
            f"seat {d} named {a} for seat {t}: {'right' if ok else 'wrong'}" for d, t, a, ok in view.named
        )
        or "none"
    )
    lines += [("named", line) for line in kit.wrap(f"declarations: {said}", 130)]
    if view.applying is not None:
        pending = ", ".join(map(str, view.queue))
        card = view.applying
        what = f"applying {names.name(card)} ({_vs_text(names.vs(card))}); to adjust: {pending}"
        lines.append(("applying", what))
    if hidden is not None:
        unused = ", ".join(names.name(i) for i in hidden.unused) or "none"
        lines.append(
            (
                "secret leftover",
                f"dealt to nobody: attributes {' '.join(hidden.leftover) or '-'}; items {unused}",
            )
        )
    if view.results is not None:
        lines.append(
            (
                "result",
                f"game over ({view.cause}): "
                + ", ".join(f"seat {i} {r}" for i, r in enumerate(view.results)),
            )
        )
    key = "a dashed letter: a hidden attribute (its owner and the referee see it); filled: named, face up"
    lines.append(("key", key))
    return [kit.text(12, 580 + 16 * i, text, size=11, css=css) for i, (css, text) in enumerate(lines[:6])]


def _draw(view: VsObservation, table: VsTable, hidden: Secrets | None, scale: float) -> str:
    names = _Names(table)
    who = "referee's view" if hidden is not None else f"seat {view.player}'s view"
    extra = ", extra rule" if view.extra_rule else ""
    head = f"Tower of CHAOS VS, {view.players} players{extra}: round {view.round}, {view.phase}; {who}"
    out = [
        f'<rect x="0" y="0" width="{_W}" height="{_H}" fill="#ffffff"/>',
        kit.text(12, 22, head, size=14, weight="bold", css="heading"),
        *_sheet(view, names, hidden),
    ]
    for seat in range(view.players):
        out += _seat_panel(view, names, hidden, seat, 40 + seat * _SEAT_H)
    out += _public_lists(view, names, hidden)
    css = "vs referee" if hidden is not None else f"vs seat-{view.player}"
    return kit.document(_W, _H, out, title=head, scale=scale, css=css)
