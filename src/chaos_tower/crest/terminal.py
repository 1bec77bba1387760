"""What a wielder is shown at the terminal: every monster with its numbers and marks, and the hand.

Built from :func:`~chaos_tower.crest.observe.observation` only (what the seat may know), with the
card set's public text: each card by its name and its key numbers (a crest's mark kind and
effects, a ring's, a spell's target), each monster's HP of its maximum, DX, MDX and RG, and each
mark by its kind (`CRD-START-A`, `CRD-WIELD-D`). The abbreviations are explained once, on the
last line. The actions name cards by id, so the hand shows each card's id beside its name.

:func:`seat_screens` draws the same view more compactly too, for terminal play's layout (issue 28:
six seats fit 80×24): a seat and its marks on one line, the cards on the marks by id, and at the
least the hand by id on one line (``info CARD`` gives a card's text), and at the tightest a seat
a line of 80 columns, its marks' cards counted.
"""

from __future__ import annotations

from ..registry import SeatScreen
from .cardface import short
from .cards import STATUSES, CrestCard, RingCard, SpellCard
from .observe import CrestObservation, observation
from .state import CrestState

__all__ = ["LEGEND", "card_line", "seat_screens", "seat_view"]

LEGEND = "HP now/most, DX dexterity, MDX magic dexterity, RG regeneration, dmg damage"
"""The view's abbreviations, explained once (issue 28)."""

_WIDTH = 100
"""A seat's marks share one line up to this width, else take a line each."""


def card_line(card: CrestCard | RingCard | SpellCard) -> str:
    """A deck card by its name and key numbers, e.g. ``NAME (fang: dmg DX+2)`` for a fang crest."""
    effects = ", ".join(short(e) for e in card.effects)  # as the pictures write them
    if isinstance(card, CrestCard):
        return f"{card.name} ({card.mark}: {effects})"
    if isinstance(card, RingCard):
        return f"{card.name} (ring: {effects})"
    return f"{card.name} (spell at {card.target.value}: {effects})"


def _view(state: CrestState, obs: CrestObservation) -> list[str]:
    game = state.game
    cards = {kind.id: kind for kind in game.kinds}
    monsters = {m.id: m for m in game.cards.monsters}

    def named(card_id: str) -> str:
        return card_line(cards[card_id])

    over = obs.result is not None
    lines = [
        f"You are seat {obs.player} of {obs.players}; phase {obs.phase}"
        + ("" if obs.phase == "setup" else f", round {obs.rounds}, turn {obs.turns}")
        + ("" if over else f"; seat {obs.seat} to act")
    ]
    for seat in range(obs.players):
        monster = monsters[obs.monsters[seat]]
        who = f"seat {seat}" + (" (you)" if seat == obs.player else "")
        team = f" (team {obs.teams[seat]})" if obs.teams else ""
        held = ", ".join(f"{s.value} {t}" for s, t in zip(STATUSES, obs.statuses[seat], strict=True) if t)
        dead = "" if obs.alive[seat] else " DEAD"
        ring = obs.rings[seat]
        lines.append(
            f"  {who}{team}: {monster.name} HP {obs.hp[seat]}/{monster.hp} DX {monster.dx} "
            f"MDX {monster.mdx} RG {monster.rg}{dead}; hand {obs.hand_sizes[seat]}; "
            f"ring {named(ring) if ring else '-'}" + (f" [{held}]" if held else "")
        )
        marks = [
            f"m{mark} {kind}: {' + '.join(named(c) for c in obs.marks[seat][mark]) or '-'}"
            for mark, kind in enumerate(monster.marks)
        ]
        one = "      " + " | ".join(marks)
        lines.extend([one] if len(one) <= _WIDTH else [f"      {m}" for m in marks])
        if obs.face_down[seat]:
            lines.append(f"      ({obs.face_down[seat]} card(s) put out face down)")
    top = f"; top: {named(obs.discard[-1])}" if obs.discard else ""
    lines.append(f"  deck {obs.deck_size}, discards {len(obs.discard)}{top}")
    lines.append(f"  hand: {' '.join(obs.hand) or '-'}")
    lines.extend(f"    {card_id}: {named(card_id)}" for card_id in obs.hand)
    lines.append(f"  ({LEGEND})")
    return lines


def _compact(state: CrestState, obs: CrestObservation, *, hand: bool) -> list[str]:
    """The view with a line a seat (its marks' cards by id); ``hand``: the hand's cards a line each."""
    game = state.game
    cards = {kind.id: kind for kind in game.kinds}
    monsters = {m.id: m for m in game.cards.monsters}
    full = _view(state, obs)
    lines = [full[0]]
    for seat in range(obs.players):
        monster = monsters[obs.monsters[seat]]
        you = " (you)" if seat == obs.player else ""
        team = f" team {obs.teams[seat]}" if obs.teams else ""
        held = ", ".join(f"{s.value} {t}" for s, t in zip(STATUSES, obs.statuses[seat], strict=True) if t)
        dead = " DEAD" if not obs.alive[seat] else ""
        ring = obs.rings[seat] or "-"
        marks = " ".join(
            f"m{mark} {kind}:{'+'.join(obs.marks[seat][mark]) or '-'}"
            for mark, kind in enumerate(monster.marks)
        )
        down = f" ({obs.face_down[seat]} face down)" if obs.face_down[seat] else ""
        lines.append(
            f"  seat {seat}{you}{team}: {monster.name} HP {obs.hp[seat]}/{monster.hp} DX {monster.dx} "
            f"MDX {monster.mdx} RG {monster.rg}{dead}; hand {obs.hand_sizes[seat]}; ring {ring}"
            + (f" [{held}]" if held else "")
            + f" | {marks}{down}"
        )
    top = f"; top: {card_line(cards[obs.discard[-1]])}" if obs.discard else ""
    lines.append(f"  deck {obs.deck_size}, discards {len(obs.discard)}{top}")
    if hand:
        lines.append("  hand:")
        lines.extend(f"    {card_id}: {card_line(cards[card_id])}" for card_id in obs.hand)
    else:
        lines.append(f"  hand ('info CARD' tells a card): {' '.join(obs.hand) or '-'}")
    return lines


TIGHT_LEGEND = "s0* you, t team, h hand, r: ring; marks m0 m1 m2 in order, fang2: 2 cards"

_TIGHT = 78
"""The columns a seat's line takes at most in the tightest view."""
"""The tightest view's own abbreviations, beside :data:`LEGEND`."""


def _tight(state: CrestState, obs: CrestObservation) -> list[str]:
    """A seat a line of 80 columns: the monster's name cut, the marks' cards counted."""
    monsters = {m.id: m for m in state.game.cards.monsters}
    lines = _compact(state, obs, hand=False)
    for seat in range(obs.players):
        monster = monsters[obs.monsters[seat]]
        held = ",".join(f"{s.value}{t}" for s, t in zip(STATUSES, obs.statuses[seat], strict=True) if t)
        marks = " ".join(f"{kind}{len(obs.marks[seat][m]) or '-'}" for m, kind in enumerate(monster.marks))
        who = f"  s{seat}{'*' if seat == obs.player else ''}{f' t{obs.teams[seat]}' if obs.teams else ''} "
        rest = (
            f" HP{obs.hp[seat]}/{monster.hp} DX{monster.dx} MDX{monster.mdx} RG{monster.rg}"
            f"{' DEAD' if not obs.alive[seat] else ''} h{obs.hand_sizes[seat]} r:{obs.rings[seat] or '-'}"
            + (f" [{held}]" if held else "")
            + f" | {marks}"
            + (f" ({obs.face_down[seat]} down)" if obs.face_down[seat] else "")
        )
        room = max(_TIGHT - len(who) - len(rest), 8)  # the name gives way, so the line fits 80 columns
        name = monster.name if len(monster.name) <= room else monster.name[: room - 1] + "…"
        lines[1 + seat] = who + name + rest
    return lines


def seat_screens(state: CrestState, player: int) -> tuple[SeatScreen, ...]:
    """The view in four ways, the fullest first (the module's documentation)."""
    obs = observation(state, player)
    *full, legend = _view(state, obs)
    return (
        SeatScreen(text=tuple(full), legend=(legend,)),
        SeatScreen(text=tuple(_compact(state, obs, hand=True)), legend=(legend,)),
        SeatScreen(text=tuple(_compact(state, obs, hand=False)), legend=(legend,)),
        SeatScreen(text=tuple(_tight(state, obs)), legend=(legend, f"  ({TIGHT_LEGEND})")),
    )


def seat_view(state: CrestState, player: int) -> str:
    """Seat ``player``'s view at the terminal (the module's documentation)."""
    return "\n".join(_view(state, observation(state, player)))
