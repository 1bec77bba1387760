"""One check → apply → cut-off sequence for every game's ``apply`` (issue 12).

A game describes its rules as hooks in a :class:`Transition`; :func:`check`, :func:`can` and
:func:`step` run them in the same order for every game, so the order (shape first, then the
rules, then the change, then the ``max_actions`` limit) is written once:

1. the legal fast path: an action found among the cached legal ones needs no further check;
2. the shape check (a :class:`~.errors.MalformedActionError` when the action is not one of
   this game's, well formed);
3. the rule check (an :class:`~.errors.IllegalActionError` naming the rule that forbids it);
4. the game's own change, on its working copy;
5. the action count, and the cut-off: when the count reaches ``max_actions`` and the game did
   not end by its rules, the game's ``ended`` outcome (not a rule of any manual: simulations
   need an end, so each game cites the clause it cuts short);
6. the frozen state after.

Nothing is changed unless every check passed: the state given is never touched.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, MutableMapping
from typing import Any, Generic, Protocol, TypeVar

from attrs import frozen

from .errors import IllegalActionError, MalformedActionError
from .events import Reason

__all__ = [
    "Counted",
    "Listing",
    "Transition",
    "can",
    "carry_listing",
    "check",
    "listed",
    "listed_in_memo",
    "step",
]


class Counted(Protocol):
    """What the template reads of any game's state: how many actions were made, and the limit."""

    @property
    def actions(self) -> int: ...

    @property
    def max_actions(self) -> int | None: ...


S = TypeVar("S", bound=Counted)
A = TypeVar("A")
W = TypeVar("W")


def _never_listed(state: object, action: object) -> bool:
    return False


class Listing(Protocol):
    """A state that keeps its legal actions, once listed, in its memo under ``"legal"``."""

    @property
    def _memo(self) -> Mapping[Any, Iterable[object]]: ...


def listed_in_memo(state: Listing, action: object) -> bool:
    """The legal fast path of every game's ``listed`` hook: ``action`` is the very record of the
    state's cached legal list (not merely an equal one, which could be an alias such as
    ``cell=True``), so it was checked when listed."""
    known = state._memo.get("legal")
    if known is not None:
        for legal in known:
            if legal is action:
                return True
    return False


def listed(state: object) -> bool:
    """Whether ``state`` keeps its legal actions, listed already, in its memo."""
    memo = getattr(state, "_memo", None)
    return isinstance(memo, dict) and _legal_of(memo) is not None


def _legal_of(memo: Mapping[Any, Any]) -> Any:
    # Asked through Mapping, not dict: a memo may keep its list in a slot (Crest's StateMemo
    # overrides get), and the compiled build (chaos_tower.buildinfo) calls dict's own method on
    # a value it knows to be a dict.
    return memo.get("legal")


def carry_listing(state: object, other: object) -> None:
    """Give ``other`` the legal actions ``state`` has listed (if it has, and ``other`` has not).

    Only for two states whose player to move has the same legal actions: a world drawn by
    ``ct.determinize`` for that player. A game whose states keep no memo (an installed game's)
    is left alone.
    """
    known = getattr(state, "_memo", None)
    memo = getattr(other, "_memo", None)
    if isinstance(known, dict) and isinstance(memo, dict) and memo is not known:
        _carry(known, memo)


def _carry(known: Mapping[Any, Any], memo: MutableMapping[Any, Any]) -> None:
    # Through Mapping and MutableMapping, not dict: as in _legal_of.
    listed = known.get("legal")
    if listed is not None and "legal" not in memo:
        memo["legal"] = listed


def _uncounted(work: object, count: int) -> None:
    return None


@frozen(kw_only=True)
class Transition(Generic[S, A, W]):
    """A game's hooks: its checks, its working copy, its change and its cut-off."""

    malformed: Callable[[S, A], str | None]
    """The shape check: a message when ``action`` is not a well-formed action of this game."""
    reason: Callable[[S, A], Reason]
    """The rule check, on a well-formed action: the rule that forbids it now, or ``None``."""
    begin: Callable[[S], W]
    """The game's working copy of a state, on which its change is made."""
    act: Callable[[W, S, A], None]
    """The game's own change for a legal ``action``, on the working copy."""
    over: Callable[[W], bool]
    """Whether the change ended the game by its rules."""
    cut_off: Callable[[W, S, int], None]
    """End the game as ``ended`` because the action count reached ``max_actions``."""
    finish: Callable[[W], S]
    """The frozen state after, from the working copy."""
    listed: Callable[[S, A], bool] = _never_listed
    """The legal fast path: ``True`` when ``action`` is known legal (a cached legal action)."""
    count: Callable[[W, int], None] = _uncounted
    """Record the new action count on the working copy (if ``finish`` does not already)."""


def check(rules: Transition[S, A, W], state: S, action: A) -> None:
    """Raise :class:`MalformedActionError` or :class:`IllegalActionError` (naming the rule), else
    nothing."""
    if rules.listed(state, action):
        return
    problem = rules.malformed(state, action)
    if problem is not None:
        raise MalformedActionError(problem)
    reason = rules.reason(state, action)
    if reason is not None:
        raise IllegalActionError(*reason)


def can(rules: Transition[S, A, W], state: S, action: A) -> bool:
    """Whether ``action`` is legal now; never raises (a malformed action is not legal)."""
    if rules.listed(state, action):
        return True
    return rules.malformed(state, action) is None and rules.reason(state, action) is None


def step(rules: Transition[S, A, W], state: S, action: A) -> S:
    """The state after ``action``; ``state`` itself is unchanged. Raises (changing nothing) if
    ``action`` cannot be applied."""
    check(rules, state, action)
    return advance(rules, state, action)


def advance(rules: Transition[S, A, W], state: S, action: A) -> S:
    """:func:`step` without the check, for an action the rules have just listed (a game's own
    look ahead while it decides what is legal)."""
    work = rules.begin(state)
    rules.act(work, state, action)
    count = state.actions + 1
    rules.count(work, count)
    limit = state.max_actions
    if limit is not None and count >= limit and not rules.over(work):
        rules.cut_off(work, state, count)
    return rules.finish(work)
