"""A Crest Duel as an SVG picture, for the referee or for one seat.

One panel per seat (`CRD-ABOUT-A`): its abominable one with HP (a bar of
what is left), DX, MDX and RG, its team, its statuses with the turns they
last (`CRD-BEAST-B`), the chaos ring it wears, and each mark (印) with the
crests stacked on it (`CRD-WIELD-D`). Hands show only in their owner's
picture (`CRD-START-C`); the others show how many cards they hold. While the
first cards are put out face down (`CRD-START-D`) a seat's picture shows only
how many the others have put out. Below: the deck's size, the discards and the
result.

A seat's picture is drawn from :func:`~chaos_tower.crest.observe.observation`
and the card set's public names only (:func:`seat_svg`); the referee's adds
every hand, every card put out face down and the deck's top (:class:`Secrets`).

>>> import chaos_tower as ct
>>> duel = ct.new_game(ct.load_cardset(game="crest"), players=2, seed=1)
>>> "HP" in ct.render_svg(duel) and "seat 0's view" in ct.render_svg(duel, player=0)
True
"""

from __future__ import annotations

from attrs import frozen

from .. import svgkit as kit
from .cards import STATUSES, CrestCardSet
from .observe import CrestObservation, observation
from .state import NO_RING, CrestState

__all__ = ["Secrets", "render_svg", "seat_svg", "secrets"]

_PANEL_W, _PANEL_H = 430, 210
_PAD = 12
_TOP = 40

STATUS_COLOURS = {"petrified": "#7d7d7d", "bound": "#6a4c93", "paralysed": "#c9a227", "asleep": "#2e6fa8"}


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
        self.deck = {k.id: k.name for k in cards.deck_kinds()}
        self.monsters = {m.id: m for m in cards.monsters}
        self.marks = {m.id: m.name for m in cards.marks}

    def card(self, card: str) -> str:
        return self.deck.get(card, card)


def _panel(view: CrestObservation, names: _Names, hidden: Secrets | None, seat: int) -> list[str]:
    col, row = seat % 2, seat // 2
    x0, y0 = _PAD + col * (_PANEL_W + _PAD), _TOP + row * (_PANEL_H + _PAD)
    me = hidden is None and seat == view.player
    acting = view.seat == seat and view.result is None
    monster = names.monsters.get(view.monsters[seat])
    border = "#c9a227" if acting else "#b0a890"
    fill = "#fff6d8" if me else "#fbf8f0" if view.alive[seat] else "#e6e1d6"
    out = [
        f'<g class="seat" data-seat="{seat}" transform="translate({x0},{y0})">',
        kit.box(0, 0, _PANEL_W, _PANEL_H, fill=fill, stroke=border),
    ]
    team = f", team {view.teams[seat]}" if view.teams else ""
    flags = (
        (" (you)" if me else "") + ("" if view.alive[seat] else " — dead") + (" — to act" if acting else "")
    )
    out.append(kit.text(8, 16, f"seat {seat}{team}{flags}", size=12, weight="bold"))
    title = monster.name if monster else view.monsters[seat]
    out.append(kit.text(8, 33, title, size=13, css="monster", data={"monster": view.monsters[seat]}))
    top = monster.hp if monster else max(1, view.hp[seat])
    share = max(0.0, min(1.0, view.hp[seat] / max(1, top)))
    out.append(kit.box(8, 40, 200, 10, fill="#eee", stroke="#999", rx=2))
    out.append(
        kit.box(8, 40, 200 * share, 10, fill="#b83227" if share < 0.3 else "#2e8b57", stroke="none", rx=2)
    )
    out.append(kit.text(214, 49, f"HP {view.hp[seat]}/{top}", size=11, css="hp"))
    if monster:
        out.append(
            kit.text(300, 49, f"DX {monster.dx} MDX {monster.mdx} RG {monster.rg}", size=10, fill="#555")
        )
    statuses = [(s.value, t) for s, t in zip(STATUSES, view.statuses[seat], strict=True) if t]
    x = 8
    for status, turns in statuses:
        label = f"{status} {turns}"
        width = 8 + 6 * len(label)
        colour = STATUS_COLOURS[status]
        out.append(kit.box(x, 56, width, 14, fill=colour, stroke=colour, css="status", rx=6))
        out.append(kit.text(x + width / 2, 66, label, size=9, fill="#fff", anchor="middle"))
        x += width + 6
    if not statuses:
        out.append(kit.text(8, 67, "no status", size=9, fill="#888"))
    ring = hidden.rings[seat] if hidden is not None else view.rings[seat]
    ring_text = names.card(ring) if ring else "none"
    out.append(kit.text(8, 86, f"chaos ring: {ring_text}", size=11, css="ring"))
    marks = hidden.marks[seat] if hidden is not None else view.marks[seat]
    kinds = monster.marks if monster else tuple("?" for _ in marks)
    y = 104
    for m, kind in enumerate(kinds):
        stack = marks[m] if m < len(marks) else ()
        shown = " + ".join(names.card(c) for c in stack) or "—"
        if stack and view.phase == "setup":  # the referee sees cards still face down (`CRD-START-D`)
            shown += " (face down)"
        wrapped = kit.wrap(f"mark {m} ({names.marks.get(kind, kind)}): {shown}", 74)
        out.append(kit.text(8, y, wrapped[0] + (" …" if len(wrapped) > 1 else ""), size=10, css="mark"))
        y += 14
    if view.face_down[seat]:
        out.append(kit.text(8, y, f"{view.face_down[seat]} cards put out face down", size=10, fill="#777"))
        y += 14
    hand = hidden.hands[seat] if hidden is not None else view.hand if me else None
    y = max(y, 160)
    if hand is None:
        out.append(kit.text(8, y + 4, f"hand: {view.hand_sizes[seat]} cards", size=10, fill="#555"))
    else:
        lines = kit.wrap("hand: " + (", ".join(names.card(c) for c in hand) or "empty"), 76)
        for i, line in enumerate(lines[:3]):
            out.append(kit.text(8, y + 4 + 13 * i, line, size=10, css="secret hand"))
    out.append("</g>")
    return out


def _draw(view: CrestObservation, cards: CrestCardSet, hidden: Secrets | None, scale: float) -> str:
    names = _Names(cards)
    who = "referee's view" if hidden is not None else f"seat {view.player}'s view"
    head = f"Crest Duel, {view.players} players: {view.phase}, round {view.rounds}; {who}"
    rows = (view.players + 1) // 2
    width = 2 * _PANEL_W + 3 * _PAD
    foot = _TOP + rows * (_PANEL_H + _PAD) + 8
    height = foot + 40
    out = [
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
        kit.text(_PAD, 24, head, size=14, weight="bold", css="heading"),
    ]
    for seat in range(view.players):
        out += _panel(view, names, hidden, seat)
    discard = f", top {names.card(view.discard[-1])}" if view.discard else ""
    deck = f"deck {view.deck_size}; discards {len(view.discard)}{discard}"
    if hidden is not None and hidden.deck_top is not None:
        deck += f"; deck's top (referee): {names.card(hidden.deck_top)}"
    out.append(kit.text(_PAD, foot + 8, deck, size=11, css="deck"))
    if view.result is not None:
        winners = ", ".join(f"seat {s}" for s in view.result.winners) or "nobody"
        out.append(
            kit.text(_PAD, foot + 26, f"over ({view.result.cause}): {winners} won", size=11, css="result")
        )
    css = "crest referee" if hidden is not None else f"crest seat-{view.player}"
    return kit.document(width, height, out, title=head, scale=scale, css=css)
