"""What must hold in every Crest Duel position; used by tests and by ``loads``."""

from __future__ import annotations

from collections import Counter

from .cards import CrestCard, RingCard
from .knowledge import MIXED
from .players import allies
from .reach import numbers, outcome
from .state import NO_RING, SETUP_LIMIT, CrestState

__all__ = ["violations"]


def violations(state: CrestState) -> list[str]:
    """Every broken invariant of ``state`` (an empty list for a possible position)."""
    problems: list[str] = []
    game = state.game
    n = state.players
    per_seat = (state.monsters, state.hp, state.alive, state.hands, state.marks, state.rings, state.statuses)
    if not 2 <= n <= 6 or any(len(part) != n for part in per_seat):
        return [f"every per-seat value needs {n} entries"]
    if not 0 <= state.seat < n or any(not 0 <= s < n for s in state.dying):
        return ["seats are numbered 0 to players - 1"]
    if any(len(s) != 4 for s in state.statuses):
        return ["four status durations per seat"]
    problems = numbers(state)  # every number within bounds before anything reckons with it
    if problems:
        return problems
    if state.teams and (
        n not in (4, 6)
        or len(state.teams) != n
        or any(t not in (0, 1) for t in state.teams)
        or state.teams.count(0) != n // 2
    ):
        # `CRD-PLAYERS-C`: two teams of equal size, with four or six players.
        problems.append("teams: two equal teams of 0s and 1s, with four or six players")
    if len(set(state.monsters)) != n or not all(0 <= m < len(game.cards.monsters) for m in state.monsters):
        problems.append("each seat has its own monster of the set")
        return problems
    # `CRD-START-B`: every card in exactly one zone.
    zones = Counter(state.deck) + Counter(state.discard)
    for seat in range(n):
        zones += Counter(state.hands[seat])
        for stack in state.marks[seat]:
            zones += Counter(stack)
        if state.rings[seat] != NO_RING:
            zones[state.rings[seat]] += 1
    if sorted(zones.elements()) != list(range(game.deck_size)):
        problems.append(f"the {game.deck_size} cards are not each in exactly one zone")
        return problems
    for seat in range(n):
        monster = game.monster(state.monsters[seat])
        if state.hp[seat] > monster.hp:
            problems.append(f"seat {seat}: HP {state.hp[seat]} above its maximum {monster.hp}")
        if state.alive[seat] and state.hp[seat] <= 0 and state.phase != "over":
            problems.append(f"seat {seat}: alive at HP {state.hp[seat]}")
        if len(state.marks[seat]) != len(monster.marks):
            problems.append(f"seat {seat}: {len(monster.marks)} marks expected")
            continue
        for mark, stack in enumerate(state.marks[seat]):
            for instance in stack:
                card = game.card(instance)
                if not isinstance(card, CrestCard) or card.mark != monster.marks[mark]:
                    problems.append(
                        f"seat {seat}: m{mark} holds {card.id}, not a {monster.marks[mark]} crest"
                    )
        ring = state.rings[seat]
        if ring != NO_RING and not isinstance(game.card(ring), RingCard):
            problems.append(f"seat {seat}: wears {game.card(ring).id}, not a ring")
        holds = state.hands[seat] or any(state.marks[seat]) or ring != NO_RING or any(state.statuses[seat])
        if not state.alive[seat] and seat not in state.dying and holds:
            problems.append(f"seat {seat}: dead but still holds cards or statuses")
        if state.hands[seat] != tuple(sorted(state.hands[seat])):
            problems.append(f"seat {seat}: the hand is not sorted")
    if state.phase not in ("setup", "wield", "beast", "death", "over"):
        problems.append(f"unknown phase {state.phase!r}")
    if (state.phase == "over") != (state.result is not None):
        problems.append("the phase is 'over' exactly when there is a result")
    if state.phase in ("wield", "beast", "death") and not state.alive[state.seat]:
        problems.append("the seat to act is dead")
    if state.phase == "setup" and (state.setup_count > SETUP_LIMIT or state.first != -1):
        problems.append("setup puts out at most three cards and has no first player")
    if state.phase == "setup":
        # `CRD-START-D`: the seat putting out cards has put out exactly ``setup_count`` of them
        # (nothing is replaced then), the seats after it none yet; nobody has died.
        out = [sum(map(len, state.marks[s])) + (state.rings[s] != NO_RING) for s in range(n)]
        if state.setup_count != out[state.seat] or any(out[state.seat + 1 :]):
            problems.append("setup_count must count the face-down cards of the seat putting them out")
        if not all(state.alive):
            problems.append("no monster dies before the first turn")
    elif state.phase != "over" and (state.setup_count != 0 or not 0 <= state.first < n):
        # (A game cut short by max_actions during setup is "over" with no first player.)
        problems.append("after setup, setup_count is 0 and the first player is a seat")
    elif not -1 <= state.first < n or not 0 <= state.setup_count <= SETUP_LIMIT:
        problems.append("the first player is a seat, or -1 before initiative")
    if state.resume not in ("wield", "beast"):
        problems.append("the killer's choice resumes the wielder or the beast phase")
    if state.max_actions is not None and state.max_actions < 1:
        problems.append("max_actions is a positive number or none")
    result = state.result
    if result is not None:
        winners = result.winners
        if result.cause == "max-actions" and winners:
            problems.append("a game cut short has no winner")
        if result.cause == "last-standing" and (
            not winners
            or not all(0 <= s < n for s in winners)
            or winners != allies(state, winners[0])
            or any(state.alive[s] for s in range(n) if s not in winners)
        ):
            # `CRD-DEATH-C`: the last monster's wielder, or its whole team, and nobody else standing.
            problems.append("the winners are the last side standing")
    if state.phase == "beast" and len(state.used) != len(state.marks[state.seat]):
        problems.append("one used flag per mark in the beast phase")
    if state.phase == "death" and not state.dying:
        problems.append("the death phase needs a dead seat")
    if state.phase in ("wield", "beast") and state.dying:
        problems.append("dead seats wait only in the death phase")
    for seat in state.dying:
        if state.alive[seat]:
            problems.append(f"seat {seat} is dying but alive")
    problems += outcome(state)
    problems += _knowledge(state)
    return problems


def _knowledge(state: CrestState) -> list[str]:
    """What the table keeps knowing (:mod:`.knowledge`) fits the position."""
    game, n = state.game, state.players
    kinds = range(len(game.kinds))
    problems: list[str] = []
    # CRD-BEAST-D: the remade deck holds what was shuffled into it less every draw from it since.
    shown = [row for row in state.shown if row != MIXED]
    if not state.remade:
        if state.drawn or state.shown:
            problems.append("draws from a remade deck, but no deck was remade")
    elif len(state.drawn) != n or len(state.shown) != n:
        problems.append("the draws from the remade deck and the cards shown since need one row per seat")
    elif any(k not in kinds for row in (state.remade, *state.drawn, *shown) for k in row):
        problems.append("the remade deck's records name kinds of card the set does not have")
    elif any(list(row) != sorted(row) for row in (state.remade, *state.drawn, *shown)):
        problems.append("the remade deck's records are sorted")
    else:
        for seat, row in enumerate(state.shown):
            held = Counter(game.kind_of[i] for i in state.hands[seat]) + Counter(row)
            if row != MIXED and Counter(state.drawn[seat]) - held:
                problems.append(f"seat {seat}: draws from the remade deck it neither holds nor has shown")
        left = Counter(state.remade)
        for row in state.drawn:
            left.subtract(row)
        if left != Counter(game.kind_of[i] for i in state.deck) or any(v < 0 for v in left.values()):
            problems.append("the deck is not the cards remade into it less those drawn since (CRD-BEAST-D)")
    # CRD-DEATH-A: a hand its killer took, as the dead seat knows it, is still in the killer's hand.
    if state.passed:
        if len(state.passed) != n or not any(state.passed):
            return [*problems, "a hand taken by the killer needs one row per seat (or none at all)"]
        for seat, row in enumerate(state.passed):
            if not row:
                continue
            holder, kept = row[0], row[1:]
            if not kept or not 0 <= holder < n or holder == seat or state.alive[seat]:
                problems.append(f"seat {seat}: a hand passed is a dead seat's, held by another, not empty")
            elif any(k not in kinds for k in kept) or list(kept) != sorted(kept):
                problems.append(f"seat {seat}: the hand passed names kinds of card, sorted")
            elif Counter(kept) - Counter(game.kind_of[i] for i in state.hands[holder]):
                problems.append(f"seat {seat}: seat {holder} does not hold the hand it took")
    return problems
