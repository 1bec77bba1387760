"""The Crest Duel engine: legal actions, checking and applying them, the outcome.

Pure functions over frozen :class:`CrestState`: :func:`apply` returns a new
state and never changes its input. Each phase's rules live in their own module
(:mod:`chaos_tower.crest.start`, :mod:`.wield`, :mod:`.beast`, :mod:`.death`); this one only
dispatches on the phase.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ..kernel import transition
from ..kernel.errors import MalformedActionError
from ..kernel.events import Reason
from ..kernel.memo import remember
from ..kernel.shapes import field, is_index, show
from .actions import (
    ACTION_TYPES,
    MODES,
    Cast,
    CrestAction,
    Discard,
    Place,
    SwapMarks,
    Use,
    Wear,
    action_table,
)
from .beast import beast_actions, beast_apply, beast_key, beast_reason
from .cards import CrestCard, RingCard, SpellCard
from .change import Work, begin
from .death import check_deaths, death_actions, death_apply, death_reason
from .start import setup_actions, setup_apply, setup_reason
from .state import MAX_PLAYERS, CrestGame, CrestOutcome, CrestState
from .wield import wield_actions, wield_apply, wield_key, wield_reason

__all__ = [
    "action_from_index",
    "action_index",
    "action_space",
    "apply",
    "can_apply",
    "check_action",
    "current_player",
    "is_terminal",
    "legal_actions",
    "malformed",
    "outcome",
    "returns",
]

_PHASES: dict[
    str,
    tuple[
        Callable[[CrestState], list[CrestAction]],
        Callable[[CrestState, CrestAction], Reason],
        Callable[[Work, CrestAction], None],
    ],
] = {
    "setup": (setup_actions, setup_reason, setup_apply),
    "wield": (wield_actions, wield_reason, wield_apply),
    "beast": (beast_actions, beast_reason, beast_apply),
    "death": (death_actions, death_reason, death_apply),
}


_CARD_KINDS: dict[type, type] = {Place: CrestCard, Wear: RingCard, Cast: SpellCard}
"""The kind of card each action names: what :func:`~.actions.parse_action` reads and the space holds."""


def malformed(state: CrestState, action: object) -> str | None:
    """Why ``action`` is not an action of this game and card set at all, or ``None``.

    The one check of an action's shape, asked first by ``apply``, ``check_action``, ``can_apply``,
    ``action_text`` and ``action_index``: a Crest Duel action class, every field set and of its type
    (a bool is not a number), marks and seats in range, cards this set has and of the right kind.
    """
    kind = type(action)
    if kind not in ACTION_TYPES:
        return f"a {kind.__name__} is not a Crest Duel action"
    game = state.game
    cards: tuple[object, ...] = ()
    if kind in _CARD_KINDS:
        cards = (field(action, "card"),)
    elif kind is Discard:
        cards = field(action, "cards")
        if type(cards) is not tuple or not 1 <= len(cards) <= 2:
            return "discard names one or two cards"
    for card in cards:
        if type(card) is not str or card not in game.kind_ids:
            return f"this card set has no card {show(card)}"
        wanted = _CARD_KINDS.get(kind)
        if wanted is not None and not isinstance(game.kinds[game.kind_ids[card]], wanted):
            return f"{card!r} is not a {wanted.__name__.removesuffix('Card').lower()}"
    ids = [card for card in cards if isinstance(card, str)]  # all of them, checked above
    if kind is Discard and ids != sorted(ids):
        # One discard, one action: the ids are sorted, as legal_actions and the action space give them.
        return f"a discard names its cards in sorted order: {' '.join(sorted(ids))}"
    marks: tuple[object, ...] = ()
    if kind is Place or kind is Use:
        marks = (field(action, "mark"),)
    elif kind is SwapMarks:
        marks = (field(action, "theirs"), field(action, "mine"))
    for mark in marks:
        if not is_index(mark, game.max_marks):
            return f"marks are m0..m{game.max_marks - 1}, not {show(mark)}"
    if kind is Cast or kind is Use:
        target = field(action, "target")
        if target is not None and not is_index(target, MAX_PLAYERS):
            return f"targets are seats 0..{MAX_PLAYERS - 1}, not {show(target)}"
    if kind is Place:
        mode = field(action, "mode")
        if type(mode) is not str or mode not in MODES:
            return f"a placement is new, stack or replace, not {show(mode)}"
    return None


def legal_actions(state: CrestState) -> tuple[CrestAction, ...]:
    """Every legal action of the player to move, in a stable order; ``()`` once the game is over."""
    memo = state._memo
    cached: tuple[CrestAction, ...] | None = memo.legal
    if cached is None:
        if state.result is not None:
            cached = ()
        else:
            phase = state.phase
            keyed = _KEYS.get(phase)
            if keyed is None:
                cached = tuple(_PHASES[phase][0](state))
            else:
                # Issue 27: the list is a function of a few small parts (the wielder's hand kinds
                # and marks, the living seats), so equal positions share one listed tuple per card
                # set: retained states hold a pointer, and a recurring position is not re-listed.
                key = keyed(state)
                lists = _lists(state.game, phase)
                cached = lists.get(key)
                if cached is None:
                    cached = tuple(_PHASES[phase][0](state))
                    if len(lists) < _LISTS_KEPT:
                        lists[key] = cached
        memo.legal = cached
    return cached


_KEYS: dict[str, Callable[[CrestState], int]] = {"wield": wield_key, "beast": beast_key}
"""Per phase listed through the shared lists: what its listing function reads of a state."""

_LISTS_KEPT = 50_000
"""Distinct legal lists kept per card set for sharing; past that, lists are made afresh."""


_LIST_TABLES = {phase: f"crest.legal.{phase}" for phase in _KEYS}
"""Per phase, the card-set memo's entry of its table: one table per phase, since the phases' keys
are packed alike and could be equal numbers (a constant string, not a tuple made per listing)."""


def _lists(game: CrestGame, phase: str) -> dict[int, tuple[CrestAction, ...]]:
    lists: dict[int, tuple[CrestAction, ...]] = remember(game.cards._memo, _LIST_TABLES[phase], dict)
    return lists



def legal_actions_by_reasons(state: CrestState) -> tuple[CrestAction, ...]:
    """The legal actions the slow way, in the action space's order: every action the card set can
    express, asked its phase's reason (for tests: the reference the phases' listing functions
    are checked against, as sets, since they list in their own order)."""
    if state.result is not None:
        return ()
    return tuple(a for a in action_space(state) if malformed(state, a) is None and _reason(state, a) is None)


def _reason(state: CrestState, action: CrestAction) -> Reason:
    if state.result is not None:
        return "CRD-DEATH-C", "the game is over"
    return _PHASES[state.phase][1](state, action)


def check_action(state: CrestState, action: object) -> None:
    """Raise :class:`MalformedActionError` or :class:`IllegalActionError` (naming the rule), else nothing."""
    # The shape check runs first, so the rule check only ever sees a well-formed CrestAction.
    transition.check(_RULES, state, cast(CrestAction, action))


def can_apply(state: CrestState, action: object) -> bool:
    """Whether ``action`` is legal now."""
    return transition.can(_RULES, state, cast(CrestAction, action))


def _act(work: Work, state: CrestState, action: CrestAction) -> None:
    phase = state.phase
    _PHASES[phase][2](work, action)
    if phase in ("wield", "beast"):
        check_deaths(work)


def _cut_off(work: Work, state: CrestState, count: int) -> None:
    # Not a rule of the manual: simulations need an end. Cited by the clause it cuts short.
    work.result = CrestOutcome(winners=(), cause="max-actions", rule="CRD-DEATH-C")
    work.phase = "over"
    work.event("CRD-DEATH-C", "over", f"the limit of {state.max_actions} actions is reached")


def _listed(state: CrestState, action: CrestAction) -> bool:
    # transition.listed_in_memo, reading the memo's slot (crest.state.StateMemo) directly.
    known = state._memo.legal
    if known is not None:
        for legal in known:
            if legal is action:
                return True
    return False


# Crest Duel's hooks in the one check -> apply -> cut-off sequence (kernel.transition); the
# working copy counts the action itself when it is frozen.
_RULES: transition.Transition[CrestState, CrestAction, Work] = transition.Transition(
    listed=_listed,
    malformed=malformed,
    reason=_reason,
    begin=begin,
    act=_act,
    over=lambda work: work.result is not None,
    cut_off=_cut_off,
    finish=Work.freeze,
)


def apply(state: CrestState, action: CrestAction) -> CrestState:
    """The state after ``action``; ``state`` is unchanged. Errors leave nothing half-changed."""
    return transition.step(_RULES, state, action)


def outcome(state: CrestState) -> CrestOutcome | None:
    """How the game ended, or ``None`` while it goes on."""
    return state.result


def is_terminal(state: CrestState) -> bool:
    """The game is over."""
    return state.result is not None


def current_player(state: CrestState) -> int | None:
    """The seat whose decision it is, or ``None`` once the game is over."""
    return None if state.result is not None else state.seat


def returns(state: CrestState) -> tuple[float, ...]:
    """1 for each winner, -1 for each loser, 0 for all while the game goes on or when cut short."""
    if state.result is None or not state.result.winners:
        return (0.0,) * state.players
    return tuple(1.0 if s in state.result.winners else -1.0 for s in range(state.players))


def action_space(state: CrestState) -> tuple[CrestAction, ...]:
    """Every action this card set can express, in a fixed order."""
    return action_table(state.game)[0]


def action_index(state: CrestState, action: CrestAction) -> int:
    """The action's number in :func:`action_space`."""
    problem = malformed(state, action)
    if problem is not None:
        raise MalformedActionError(problem)
    found = action_table(state.game)[1].get(action)
    if found is None:  # not expected: every well-formed action is in the space
        raise MalformedActionError(f"not in the action space: {show(action)}")
    return found


def action_from_index(state: CrestState, index: int) -> CrestAction:
    """The action with that number in :func:`action_space`."""
    space = action_table(state.game)[0]
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(space):
        raise MalformedActionError(f"action indices are 0..{len(space) - 1}, not {index!r}")
    return space[index]
