"""2.(3) 魔物の死亡と勝利: death at HP 0, the killer's choice, the discards, the last side standing.

`CRD-DEATH-A..C`.
"""

from __future__ import annotations

from ..kernel.events import Reason
from .actions import DONE, CrestAction, Done, SwapHands, SwapMarks, shared_records
from .change import Work
from .players import allies, standing_sides
from .state import NO_RING, CrestOutcome, CrestState

__all__ = ["check_deaths", "death_actions", "death_apply", "death_reason"]


def _bury(work: Work, dead: int) -> None:
    # `CRD-DEATH-B`: the rest of the hand, every crest and the ring go to the discards.
    lost = list(work.hands[dead])
    for stack in work.marks[dead]:
        lost.extend(stack)
        stack.clear()
    if work.rings[dead] != NO_RING:
        lost.append(work.rings[dead])
        work.rings[dead] = NO_RING
    work.showed(dead, work.hands[dead])  # the hand goes face up: nobody keeps a secret of it
    work.hands[dead] = []
    work.discard.extend(lost)
    work.statuses[dead] = [0] * len(work.statuses[dead])
    work.event("CRD-DEATH-B", "bury", f"seat {dead}'s {len(lost)} card(s) go to the discards", len(lost))


def check_deaths(work: Work) -> None:
    """After an action: monsters at HP 0 or below die; the game ends or the killer chooses (`CRD-DEATH-A`)."""
    hp = work.copied("hp")
    if hp is None:
        # No HP changed: every living monster still has HP above 0 (a state in the wielder or
        # beast phase has no dead monster left standing), so nobody dies (issue 27: the check
        # runs after every action).
        return
    alive = work.now("alive")  # most actions kill no one
    fallen = [s for s in range(work.state.players) if alive[s] and hp[s] <= 0]
    if not fallen:
        return
    for seat in fallen:
        work.alive[seat] = False
        work.event("CRD-DEATH-A", "death", f"{work.name(seat)} dies; seat {seat} leaves the game")
    sides = standing_sides(work.state, work.alive)
    if len(sides) <= 1:
        # `CRD-DEATH-C`: one monster (or team) stands: the game is over.
        for seat in [*work.dying, *fallen]:
            _bury(work, seat)
        work.dying = []
        # Someone is left: damage only ever reaches enemies of the acting seat (the
        # schema allows no damage on `self`), so the acting monster is standing.
        survivor = next(s for s in range(work.state.players) if work.alive[s])
        winners = allies(work.state, survivor)
        work.result = CrestOutcome(winners=winners, cause="last-standing", rule="CRD-DEATH-C")
        work.phase = "over"
        work.event("CRD-DEATH-C", "over", "the winner: " + ", ".join(f"seat {s}" for s in winners))
        return
    if work.phase != "death":
        work.resume = work.phase
    work.dying = sorted({*work.dying, *fallen})
    work.phase = "death"
    work.event(
        "CRD-DEATH-A",
        "choice",
        f"seat {work.seat} may swap a mark's crests or hands with seat {work.dying[0]}",
    )


def _kinds(state: CrestState, seat: int) -> tuple[str, ...]:
    return state.game.monster(state.monsters[seat]).marks


def death_reason(state: CrestState, action: CrestAction) -> Reason:
    """Why ``action`` is not the killer's allowed choice, or ``None``."""
    killer, dead = state.seat, state.dying[0]
    if isinstance(action, Done):
        return None
    if isinstance(action, SwapHands):
        if not state.hands[killer] and not state.hands[dead]:
            return "CRD-DEATH-A", "both hands are empty"
        return None
    if isinstance(action, SwapMarks):
        theirs, mine = _kinds(state, dead), _kinds(state, killer)
        if action.theirs >= len(theirs) or action.mine >= len(mine):
            return "CRD-DEATH-A", "no such mark"
        if theirs[action.theirs] != mine[action.mine]:
            return (
                "CRD-DEATH-A",
                f"a {theirs[action.theirs]} mark's crests cannot go on a {mine[action.mine]} mark",
            )
        if not state.marks[dead][action.theirs] and not state.marks[killer][action.mine]:
            return "CRD-DEATH-A", "both marks are empty"
        return None
    return "CRD-DEATH-A", "the killer swaps a mark's crests, swaps hands, or declines with done"


def death_actions(state: CrestState) -> list[CrestAction]:
    """The killer's legal choices for the first dead seat."""
    shared = shared_records(state.game)  # one record per choice (issue 13)
    candidates: list[CrestAction] = [
        shared.get(("swap", d, k)) or shared.setdefault(("swap", d, k), SwapMarks(theirs=d, mine=k))
        for d in range(len(_kinds(state, state.dying[0])))
        for k in range(len(_kinds(state, state.seat)))
    ]
    candidates += [
        shared.get(("swap hands",)) or shared.setdefault(("swap hands",), SwapHands()),
        DONE,
    ]
    return [a for a in candidates if death_reason(state, a) is None]


def death_apply(work: Work, action: CrestAction) -> None:
    """Make the killer's choice for the first dead seat, bury it, and go on when none is left."""
    killer, dead = work.seat, work.dying[0]
    if isinstance(action, SwapMarks):
        mine, theirs = work.marks[killer][action.mine], work.marks[dead][action.theirs]
        work.marks[killer][action.mine], work.marks[dead][action.theirs] = theirs, mine
        work.event(
            "CRD-DEATH-A",
            "swap",
            f"seat {killer} takes seat {dead}'s m{action.theirs} for its m{action.mine}",
        )
    elif isinstance(action, SwapHands):
        work.hands[killer], work.hands[dead] = work.hands[dead], work.hands[killer]
        work.swapped(killer, dead)  # the dead seat saw the hand its killer takes (.knowledge)
        work.event(
            "CRD-DEATH-A", "swap", f"seat {killer} swaps hands with seat {dead}", len(work.hands[killer])
        )
    else:
        work.event("CRD-DEATH-A", "swap", f"seat {killer} takes nothing from seat {dead}")
    _bury(work, dead)
    work.dying.pop(0)
    if not work.dying:
        work.phase = work.resume
        if work.phase == "beast" and len(work.now("used")) != len(work.now("marks")[killer]):
            work.none_used(killer)
