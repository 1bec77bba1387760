"""The VS game as plain text: the referee's view (everything) and one player's view (only theirs)."""

from __future__ import annotations

from ..vocabulary import LETTERS
from .end import subtract_due
from .observe import VsObservation
from .state import VsState

__all__ = ["render_text", "view_text"]


def _pending(phase: str, decider: int | None, applying: str | None, queue: tuple[int, ...]) -> str:
    if phase == "over":
        return "game over"
    if phase == "adjust":
        return f"player {decider} adjusts for {applying} (still to adjust: {', '.join(map(str, queue))})"
    if phase == "pay":
        return f"player {decider} subtracts the extra rule's da"
    return f"player {decider}'s turn: declare, draw or give"


def render_text(state: VsState) -> str:
    """The referee's view: every attribute, hand and the deck's top, for logs and tests."""
    t = state.table
    lines = [
        f"VS, {state.players} players{' (extra rule)' if state.extra_rule else ''}; round {state.round}; "
        f"deck {len(state.deck)} (top: {t.chaos_names[state.deck[0]] if state.deck else '-'}); "
        f"hidden attributes: {' '.join(LETTERS[a] for a in state.leftover) or '-'}",
    ]
    for p in range(state.players):
        cells = [
            f"{LETTERS[a]}={c}{'(face up)' if shown else ''}"
            for a, c, shown in zip(state.attributes[p], state.counters[p], state.revealed[p], strict=True)
        ]
        hand = ", ".join(t.item_names[i] for i in sorted(state.hands[p])) or "-"
        flag = " OUT" if state.out[p] else ""
        lines.append(
            f"  player {p}{flag}: {' '.join(cells)}; declarations {state.declarations[p]}; items: {hand}"
        )
    lines.append(f"  unused items: {', '.join(t.item_names[i] for i in state.unused) or '-'}")
    applying = state.source_name() if state.phase == "adjust" else None
    lines.append("  " + _pending(state.phase, state.decider(), applying, state.queue))
    if state.result is not None:
        lines.append(
            f"  result: {', '.join(state.result.results)} ({state.result.cause}, {state.result.rule})"
        )
    return "\n".join(lines)


def view_text(obs: VsObservation, names: dict[str, str] | None = None) -> str:
    """One player's view as text: what :func:`~chaos_tower.tower.vs.observe.observation` holds, nothing more.

    ``names`` maps card and item ids to names (the ids are shown otherwise).
    """
    name = (names or {}).get
    me = obs.player
    lines = [
        f"You are player {me} of {obs.players}{' (extra rule)' if obs.extra_rule else ''}; "
        f"round {obs.round}; deck {obs.deck} cards; declarations allowed {obs.declaration_limit} each",
        "  your attributes: " + ", ".join(f"counter {i} = {a}" for i, a in enumerate(obs.attributes)),
    ]
    for p in range(obs.players):
        cells = [
            f"#{i}:{c}" + (f"={shown}" if shown else "")
            for i, (c, shown) in enumerate(zip(obs.counters[p], obs.face_up[p], strict=True))
        ]
        who = "you" if p == me else f"player {p}"
        flag = " OUT" if obs.out[p] else ""
        lines.append(
            f"  {who}{flag}: counters {' '.join(cells)}; declarations {obs.declarations[p]}; "
            f"items {obs.hand_sizes[p]}"
        )
    lines.append(f"  your items: {', '.join(name(i) or i for i in obs.hand) or '-'}")
    if obs.drawn:
        recent = [name(c) or c for c in obs.drawn[-5:]]
        lines.append(f"  drawn ({len(obs.drawn)}), last: {', '.join(recent)}")
    for player, target, letter, right in obs.named:
        lines.append(f"  player {player} named {letter} for player {target}: {'right' if right else 'wrong'}")
    applying = name(obs.applying) or obs.applying if obs.applying else None
    lines.append("  " + _pending(obs.phase, obs.decider, applying, obs.queue))
    if obs.results is not None:
        lines.append(f"  result: {', '.join(obs.results)} ({obs.cause})")
    return "\n".join(lines)


def due_text(state: VsState) -> str:
    """What the extra rule takes from the turn player now, as text."""
    return f"extra rule: subtract {subtract_due(state)} (round {state.round})"
