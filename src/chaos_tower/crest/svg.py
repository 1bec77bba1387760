"""A Crest Duel as an SVG picture, for the referee or for one seat.

One panel per seat, one above the other (`CRD-ABOUT-A`): its abominable one
with HP (a bar of what is left), DX, MDX and RG, its team, its statuses with
the turns they last (`CRD-BEAST-B`), then its marks (印), each with its kind
and the crests stacked on it (`CRD-WIELD-D`), and the chaos ring it wears.
Every card is drawn as a card: a strip of its kind's colour (the mark a crest
goes on, ring or spell), its name and its key numbers
(:mod:`~chaos_tower.crest.cardface`). Hands show only in their owner's picture
(`CRD-START-C`); the others show the backs of the cards they hold. While the
first cards are put out face down (`CRD-START-D`) a seat's picture shows only
how many the others have put out. Below: the deck's size, the discards and the
result.

A seat's picture is drawn from :func:`~chaos_tower.crest.observe.observation`
and the card set's public data only (:func:`seat_svg`); the referee's adds
every hand, every card put out face down and the deck's top (:class:`Secrets`).

>>> import chaos_tower as ct
>>> duel = ct.new_game(ct.load_cardset(game="crest"), players=2, seed=1)
>>> "HP" in ct.render_svg(duel) and "seat 0's view" in ct.render_svg(duel, player=0)
True
"""

from __future__ import annotations

from attrs import frozen

from .. import svgkit as kit
from .cardface import faces
from .cards import STATUSES, CrestCardSet
from .observe import CrestObservation, observation
from .state import NO_RING, CrestState

__all__ = ["Secrets", "render_svg", "seat_svg", "secrets"]

_W = 760  # the picture's width: one panel per seat, one above the other
_PAD = 12
_TOP = 40
_CARD_W, _CARD_H = 112, 84  # a card as drawn: kind strip, name, key numbers
_CASCADE = 47  # each card under another in a stack shows this much: its strip and name
_SLOT_GAP = 10
_SLOTS_Y = 104  # where the marks' row starts in a seat's panel
_HAND_GAP = 8

STATUS_COLOURS = {"petrified": "#7d7d7d", "bound": "#6a4c93", "paralysed": "#c9a227", "asleep": "#2e6fa8"}
KIND_COLOURS = {
    "fang": "#a23b2a",
    "flame": "#c4661f",
    "eye": "#2d6a8f",
    "moon": "#5b5a8f",
    "ring": "#7a6a2a",
    "spell": "#3f7f4f",
}
"""The colour of a card's kind strip: each mark kind (牙 炎 眼 月), rings and spells."""


@frozen(kw_only=True)
class Secrets:
    """What only the referee sees: every hand, every card put out, the deck's top."""

    hands: tuple[tuple[str, ...], ...]
    marks: tuple[tuple[tuple[str, ...], ...], ...]
    rings: tuple[str | None, ...]
    deck_top: str | None


def secrets(state: CrestState) -> Secrets:
    """The hidden parts of ``state`` (`CRD-START-C`, `CRD-START-D`)."""
    game = state.game

    def name(instance: int) -> str:
        return game.card(instance).id

    return Secrets(
        hands=tuple(tuple(name(i) for i in hand) for hand in state.hands),
        marks=tuple(tuple(tuple(name(i) for i in stack) for stack in seat) for seat in state.marks),
        rings=tuple(name(r) if r != NO_RING else None for r in state.rings),
        deck_top=name(state.deck[0]) if state.deck else None,
    )


def render_svg(state: CrestState, *, player: int | None = None, scale: float = 1.0) -> str:
    """The referee's picture (``player=None``) or that seat's (drawn from its observation)."""
    if player is None:
        return _draw(observation(state, 0), state.game.cards, secrets(state), scale)
    return seat_svg(observation(state, player), state.game.cards, scale=scale)


def seat_svg(view: CrestObservation, cards: CrestCardSet, *, scale: float = 1.0) -> str:
    """One seat's picture from its observation and the card set's public data alone."""
    return _draw(view, cards, None, scale)


class _Names:
    def __init__(self, cards: CrestCardSet) -> None:
        self.faces = faces(cards)
        self.monsters = {m.id: m for m in cards.monsters}
        self.marks = {m.id: m.name for m in cards.marks}

    def card(self, card: str) -> str:
        face = self.faces.get(card)
        return face.name if face else card


def _card(names: _Names, card: str, x: float, y: float, *, css: str, face_down: bool = False) -> list[str]:
    """One deck card drawn as a card: its kind strip, its name and its key numbers."""
    face = names.faces.get(card)
    kind = face.kind if face else "?"
    colour = KIND_COLOURS.get(kind, "#777")
    out = [
        f'<g class="{css}" data-card="{kit.escape(card)}" transform="translate({x},{y})">',
        kit.box(0, 0, _CARD_W, _CARD_H, fill="#fffdf7", stroke=colour, rx=5),
        kit.box(0, 0, _CARD_W, 16, fill=colour, stroke=colour, rx=5),
    ]
    label = (face.kind_name if face else "card") + (" · face down" if face_down else "")
    out.append(kit.text(6, 12, label, size=10, fill="#fff", weight="bold", css="kind"))
    lines = kit.wrap(face.name if face else card, 16)
    for i, line in enumerate(lines[:2]):
        out.append(kit.text(6, 30 + 13 * i, line, size=11, weight="bold", css="name"))
    numbers = kit.wrap(face.numbers, 19) if face else ()
    for i, line in enumerate(numbers[:2]):
        out.append(kit.text(6, 60 + 12 * i, line, size=10, fill="#333", css="numbers"))
    out.append("</g>")
    return out


def _back(x: float, y: float) -> str:
    """A card seen from its back (a hand's card in another seat's picture)."""
    return kit.box(x, y, 30, 44, fill="#6b5b95", stroke="#4a3f6b", css="back", rx=4)


def _stack_height(size: int) -> float:
    return _CARD_H + _CASCADE * max(0, size - 1) if size else 30


def _slots_height(view: CrestObservation, hidden: Secrets | None, seat: int) -> float:
    """The height of the marks' row: the tallest stack, or the ring."""
    marks = hidden.marks[seat] if hidden is not None else view.marks[seat]
    ring = hidden.rings[seat] if hidden is not None else view.rings[seat]
    return max([_stack_height(len(stack)) for stack in marks] + [_CARD_H if ring else 30])


def _panel_height(view: CrestObservation, hidden: Secrets | None, seat: int) -> float:
    return _SLOTS_Y + _slots_height(view, hidden, seat) + 14 + 18 + _CARD_H + _PAD


def _panel(view: CrestObservation, names: _Names, hidden: Secrets | None, seat: int, y0: float) -> list[str]:
    width, height = _W - 2 * _PAD, _panel_height(view, hidden, seat)
    me = hidden is None and seat == view.player
    acting = view.seat == seat and view.result is None
    monster = names.monsters.get(view.monsters[seat])
    border = "#c9a227" if acting else "#b0a890"
    fill = "#fff6d8" if me else "#fbf8f0" if view.alive[seat] else "#e6e1d6"
    out = [
        f'<g class="seat" data-seat="{seat}" transform="translate({_PAD},{y0})">',
        kit.box(0, 0, width, height, fill=fill, stroke=border),
    ]
    team = f", team {view.teams[seat]}" if view.teams else ""
    flags = (
        (" (you)" if me else "") + ("" if view.alive[seat] else " — dead") + (" — to act" if acting else "")
    )
    out.append(kit.text(10, 18, f"seat {seat}{team}{flags}", size=13, weight="bold"))
    title = monster.name if monster else view.monsters[seat]
    out.append(
        kit.text(10, 38, title, size=15, weight="bold", css="monster", data={"monster": view.monsters[seat]})
    )
    top = monster.hp if monster else max(1, view.hp[seat])
    share = max(0.0, min(1.0, view.hp[seat] / max(1, top)))
    out.append(kit.box(10, 46, 220, 12, fill="#eee", stroke="#999", rx=2))
    out.append(
        kit.box(10, 46, 220 * share, 12, fill="#b83227" if share < 0.3 else "#2e8b57", stroke="none", rx=2)
    )
    out.append(kit.text(238, 57, f"HP {view.hp[seat]}/{top}", size=13, weight="bold", css="hp"))
    if monster:
        stats = f"DX {monster.dx}   MDX {monster.mdx}   RG {monster.rg}"
        out.append(kit.text(340, 57, stats, size=13, fill="#333", css="stats"))
    statuses = [(s.value, t) for s, t in zip(STATUSES, view.statuses[seat], strict=True) if t]
    x = 10
    for status, turns in statuses:
        label = f"{status} {turns}"
        w = 10 + 7 * len(label)
        colour = STATUS_COLOURS[status]
        out.append(kit.box(x, 63, w, 16, fill=colour, stroke=colour, css="status", rx=7))
        out.append(kit.text(x + w / 2, 75, label, size=11, fill="#fff", anchor="middle"))
        x += w + 6
    if not statuses:
        out.append(kit.text(10, 75, "no status", size=11, fill="#888"))
    # The marks (印), each with its stack of crests, and the chaos ring worn.
    marks = hidden.marks[seat] if hidden is not None else view.marks[seat]
    kinds = monster.marks if monster else tuple("?" for _ in marks)
    face_down = view.phase == "setup"  # the referee sees cards still face down (`CRD-START-D`)
    y: float = _SLOTS_Y
    for m, kind in enumerate(kinds):
        sx = 10 + m * (_CARD_W + _SLOT_GAP)
        stack = marks[m] if m < len(marks) else ()
        out.append(f'<g class="mark" data-mark="{m}" data-kind="{kit.escape(kind)}">')
        out.append(kit.text(sx, y - 4, f"mark {m} · {names.marks.get(kind, kind)}", size=11, weight="bold"))
        if not stack:
            out.append(kit.box(sx, y, _CARD_W, 30, fill="none", stroke="#c8c0a8", css="empty", rx=5))
            out.append(kit.text(sx + _CARD_W / 2, y + 19, "empty", size=10, fill="#999", anchor="middle"))
        for i, card in enumerate(stack):
            out += _card(names, card, sx, y + i * _CASCADE, css="crest-card", face_down=face_down)
        out.append("</g>")
    rx = 10 + len(kinds) * (_CARD_W + _SLOT_GAP) + 10
    ring = hidden.rings[seat] if hidden is not None else view.rings[seat]
    out.append('<g class="ring">')
    out.append(kit.text(rx, y - 4, "chaos ring", size=11, weight="bold"))
    if ring:
        out += _card(names, ring, rx, y, css="ring-card", face_down=face_down)
    else:
        out.append(kit.box(rx, y, _CARD_W, 30, fill="none", stroke="#c8c0a8", css="empty", rx=5))
        out.append(kit.text(rx + _CARD_W / 2, y + 19, "none", size=10, fill="#999", anchor="middle"))
    out.append("</g>")
    if view.face_down[seat]:
        note = f"{view.face_down[seat]} cards put out face down"
        out.append(kit.text(rx + _CARD_W + 16, y + 19, note, size=11, fill="#777"))
    # The hand: its cards in its owner's (and the referee's) picture, their backs in the others'.
    y += _slots_height(view, hidden, seat) + 14 + 18
    hand = hidden.hands[seat] if hidden is not None else view.hand if me else None
    out.append('<g class="hand">')
    if hand is None:
        out.append(kit.text(10, y - 4, f"hand: {view.hand_sizes[seat]} cards", size=11, weight="bold"))
        for i in range(view.hand_sizes[seat]):
            out.append(_back(10 + i * 36, y))
    else:
        out.append(kit.text(10, y - 4, "hand" + ("" if hand else ": empty"), size=11, weight="bold"))
        for i, card in enumerate(hand):
            out += _card(names, card, 10 + i * (_CARD_W + _HAND_GAP), y, css="hand-card secret")
    out.append("</g>")
    out.append("</g>")
    return out


def _draw(view: CrestObservation, cards: CrestCardSet, hidden: Secrets | None, scale: float) -> str:
    names = _Names(cards)
    who = "referee's view" if hidden is not None else f"seat {view.player}'s view"
    head = f"Crest Duel, {view.players} players: {view.phase}, round {view.rounds}; {who}"
    out = [kit.text(_PAD, 24, head, size=15, weight="bold", css="heading")]
    y: float = _TOP
    for seat in range(view.players):
        out += _panel(view, names, hidden, seat, y)
        y += _panel_height(view, hidden, seat) + _PAD
    discard = f", top {names.card(view.discard[-1])}" if view.discard else ""
    deck = f"deck {view.deck_size}; discards {len(view.discard)}{discard}"
    if hidden is not None and hidden.deck_top is not None:
        deck += f"; deck's top (referee): {names.card(hidden.deck_top)}"
    out.append(kit.text(_PAD, y + 14, deck, size=12, css="deck"))
    height = y + 30
    if view.result is not None:
        winners = ", ".join(f"seat {s}" for s in view.result.winners) or "nobody"
        out.append(
            kit.text(
                _PAD,
                y + 32,
                f"over ({view.result.cause}): {winners} won",
                size=12,
                weight="bold",
                css="result",
            )
        )
        height += 18
    out.insert(0, f'<rect x="0" y="0" width="{_W}" height="{height}" fill="#ffffff"/>')
    css = "crest referee" if hidden is not None else f"crest seat-{view.player}"
    return kit.document(_W, height, out, title=head, scale=scale, css=css)
