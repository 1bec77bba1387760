"""A duel drawn as plain text (the referee's view: every hand shows)."""

from __future__ import annotations

from .cards import STATUSES
from .state import NO_RING, CrestState

__all__ = ["render_text"]


def render_text(state: CrestState) -> str:
    """The whole state as lines of text, for terminals and logs."""
    game = state.game
    head = f"Crest Duel — {state.players} players, phase {state.phase}"
    if state.phase != "setup":
        head += f", round {state.rounds}, turn {state.turns}"
    lines = [head + (f", seat {state.seat} to act" if state.result is None else "")]
    for seat in range(state.players):
        monster = game.monster(state.monsters[seat])
        team = f" team {state.teams[seat]}" if state.teams else ""
        status = ", ".join(f"{s.value} {t}" for s, t in zip(STATUSES, state.statuses[seat], strict=True) if t)
        ring = game.card(state.rings[seat]).id if state.rings[seat] != NO_RING else "-"
        lines.append(
            f"seat {seat}{team}: {monster.name} HP {state.hp[seat]}/{monster.hp} DX {monster.dx} "
            f"MDX {monster.mdx} RG {monster.rg}{'' if state.alive[seat] else ' DEAD'}"
            + (f" [{status}]" if status else "")
        )
        for mark, kind in enumerate(monster.marks):
            stack = " + ".join(game.card(i).id for i in state.marks[seat][mark]) or "-"
            lines.append(f"    m{mark} {kind}: {stack}")
        lines.append(f"    ring: {ring}")
        lines.append(f"    hand: {' '.join(game.card(i).id for i in state.hands[seat]) or '-'}")
    lines.append(f"deck {len(state.deck)}, discards {len(state.discard)}")
    if state.result is not None:
        winners = ", ".join(f"seat {s}" for s in state.result.winners) or "nobody"
        lines.append(f"over ({state.result.cause}, {state.result.rule}): {winners} won")
    return "\n".join(lines)
