"""The two pure functions that drive a game: :func:`legal_actions` and :func:`apply`.

Legality has one source: each kind of action has a ``*_reason`` function in
the module of its manual section, which answers ``None`` or the rule that
forbids it. :func:`legal_actions` enumerates candidates and keeps those with no
reason; :func:`check_action` raises with the reason; :func:`apply` checks, then
lets the section's ``apply_*`` write its changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, assert_never

from ...kernel import transition
from ...kernel.errors import MalformedActionError
from ...kernel.memo import remember
from ...kernel.shapes import show
from . import items, movegen, over, placement, progress, shape
from .actions import (
    Action,
    Discard,
    Fight,
    Finish,
    Flip,
    Make,
    Move,
    Place,
    PlaceRebright,
    PlaceStep,
    Relocate,
    SetItem,
    Stand,
    Take,
    Use,
)
from .board import connected, holds
from .change import Change
from .state import EMPTY, Outcome, Reason, State
from .steps import apply_place_step
from .tables import Game

__all__ = [
    "action_from_index",
    "action_index",
    "action_space",
    "apply",
    "can_apply",
    "check_action",
    "is_terminal",
    "legal_actions",
    "legal_actions_by_reasons",
    "malformed",
    "outcome",
]


def _rule_reason(state: State, action: Action) -> Reason:
    """The section rule's answer for ``action``: one ``match`` over every kind of action."""
    match action:
        case Place():
            return placement.place_reason(state, action)
        case PlaceStep():
            return placement.step_reason(state, action)
        case PlaceRebright():
            return placement.rebright_reason(state, action)
        case Move():
            return progress.move_reason(state, action)
        case Flip():
            return progress.flip_reason(state, action)
        case Fight():
            return progress.fight_reason(state, action)
        case Take():
            return items.take_reason(state, action)
        case Make():
            return items.make_reason(state, action)
        case SetItem():
            return items.set_reason(state, action)
        case Use():
            return items.use_reason(state, action)
        case Discard():
            return items.discard_reason(state, action)
        case Relocate() | Stand() | Finish():
            return items.rearrange_reason(state, action)
        case _:
            assert_never(action)


def _apply_rule(change: Change, action: Action) -> None:
    """Let the section rule write ``action``'s changes."""
    match action:
        case Place():
            placement.apply_place(change, action)
        case PlaceStep():
            apply_place_step(change, action)
        case PlaceRebright():
            placement.apply_place_rebright(change, action)
        case Move():
            progress.apply_move(change, action)
        case Flip():
            progress.apply_flip(change, action)
        case Fight():
            progress.apply_fight(change, action)
        case Take():
            items.apply_take(change, action)
        case Make():
            items.apply_make(change, action)
        case SetItem():
            items.apply_set(change, action)
        case Use():
            items.apply_use(change, action)
        case Discard():
            items.apply_discard(change, action)
        case Relocate() | Stand() | Finish():
            items.apply_rearrange(change, action)
        case _:
            assert_never(action)


def malformed(state: State, action: object) -> str | None:
    """What is wrong with the form of ``action`` (not its legality), or ``None`` (see :mod:`.shape`)."""
    return shape.malformed(state.game, action)



def _reason(state: State, action: Action) -> Reason:
    if state.result is not None:
        return (state.result.rule, f"the game is over ({state.result.result}: {state.result.cause})")
    if not legal_actions(state):
        return ("TOC-OVER-01", "no card can be placed and the player cannot move: GameOver")
    if state.rebright_pending and type(action) is not PlaceRebright:
        return ("TOC-STEP-04", "Rebright has appeared and must be placed first")
    if state.rearranging and type(action) not in _REARRANGING:
        return ("TOC-NORMAL-09E", "the floor is being rearranged: relocate, stand, or finish")
    return _rule_reason(state, action)


_REARRANGING = (Relocate, Stand, Finish)


def check_action(state: State, action: Action) -> None:
    """Raise if ``action`` cannot be applied: :class:`MalformedActionError` if it is not
    well formed, :class:`IllegalActionError` (naming the rule) if the rules forbid it."""
    transition.check(_RULES, state, action)


def can_apply(state: State, action: Action) -> bool:
    """Whether ``action`` is legal now; never raises (a malformed action is not legal)."""
    return transition.can(_RULES, state, action)


def _act(change: Change, state: State, action: Action) -> None:
    # The common actions go straight to their section rule (a match tries each case in turn).
    rule = _COMMON.get(type(action))
    if rule is not None:
        rule(change, action)
    else:
        _apply_rule(change, action)


_COMMON: dict[type, Callable[[Change, Any], None]] = {
    Place: placement.apply_place,
    Move: progress.apply_move,
    Flip: progress.apply_flip,
    Fight: progress.apply_fight,
    PlaceStep: apply_place_step,
}


def _count(change: Change, count: int) -> None:
    change.actions = count


def _cut_off(change: Change, state: State, count: int) -> None:
    change.end(
        Outcome(result="ended", cause="max-actions", rule="TOC-OVER-01"),
        f"the limit of {state.max_actions} actions is reached",
    )


# The solo game's hooks in the one check -> apply -> cut-off sequence (kernel.transition).
_RULES: transition.Transition[State, Action, Change] = transition.Transition(
    listed=transition.listed_in_memo,
    malformed=malformed,
    reason=_reason,
    begin=Change,
    act=_act,
    count=_count,
    over=lambda change: change.over,
    cut_off=_cut_off,
    finish=Change.finish,
)


def _rearranging(state: State) -> Iterator[Action]:
    floor = state.floor
    cells = range(len(floor))
    empty = [c for c in cells if floor[c] == EMPTY]
    for cell in cells:
        if floor[cell] == EMPTY:
            continue
        for to in (cell, *empty):
            for rotation in range(4):
                yield Relocate(cell=cell, to=to, rotation=rotation)
        yield Stand(cell=cell)
    yield Finish()


def _use_choices(state: State, slot: int) -> Iterator[Use]:
    game = state.game
    slot_id = game.slot_ids[slot]
    wants_attribute, wants_cell, wants_to, wants_target = items.needs(items.usable_effects(state, slot))
    cells = range(game.grid.cells)
    attributes: list[int | None] = list(range(5)) if wants_attribute else [None]
    targets: list[str | None] = list(items.reset_targets(state, slot)) if wants_target else [None]
    if wants_to:
        occupied = [c for c in cells if state.floor[c] != EMPTY]
        empty = [c for c in cells if state.floor[c] == EMPTY]
        pairs: list[tuple[int | None, int | None]] = [(a, b) for a in occupied for b in empty]
    elif wants_cell:
        pairs = [(c, None) for c in cells]
    else:
        pairs = [(None, None)]
    for attribute in attributes:
        for cell, to in pairs:
            for target in targets:
                yield Use(slot=slot_id, attribute=attribute, cell=cell, to=to, target=target)


def _candidates(state: State) -> Iterator[Action]:
    # Every rotation is a candidate (TOC-PLAY-C: 向きは自由); placing is one choice
    # among others, never forced (TOC-PLAY-B: 引く枚数は任意).
    game = state.game
    if state.rearranging:
        yield from _rearranging(state)
        return
    start = placement.in_start_phase(state)
    if start:
        cells: list[int] = list(range(game.grid.cells)) if state.player == -1 else [state.player]
    else:
        cells = list(placement.path_cells(state))
    for cell in cells:
        for rotation in range(4):
            yield Place(cell=cell, rotation=rotation)
    if start:
        return
    if state.rebright_pending:
        for cell in cells:
            for rotation in range(4):
                yield PlaceRebright(cell=cell, rotation=rotation)
        return  # nothing else until Rebright is placed (TOC-STEP-04)
    empty = [c for c in range(game.grid.cells) if state.floor[c] == EMPTY]
    for step in state.step_area + state.used_steps:
        card = game.table[step]
        for cell in empty if card.anywhere else cells:
            # A cell where the step's condition fails is skipped before trying
            # rotations (only to save time: step_reason still decides).
            if card.condition is not None and not holds(state, card.condition, cell):
                continue
            for rotation in range(4):
                yield PlaceStep(step=card.id, cell=cell, rotation=rotation)
    for direction in range(4):
        yield Move(direction=direction)
        if connected(state, state.player, direction) != -1:
            for letter in range(5):
                yield Flip(direction=direction, attribute=letter)
                yield Fight(direction=direction, attribute=letter)
    yield from _item_candidates(state)


def _offered(state: State) -> bool:
    # Most positions show no item icon next to the player: a table of the encoded cells whose
    # face shows a known item's icon answers that without walking items.offered_items (which
    # still decides, with the icon's conditions and areas). Only to save time (issue 13).
    player = state.player
    if player < 0:
        return False
    icons, around = _icons(state.game)
    floor = state.floor
    for cell in around[player]:
        if icons[floor[cell]]:
            return next(items.offered_items(state), None) is not None
    return False


def _icons(game: Game) -> tuple[tuple[bool, ...], tuple[tuple[int, ...], ...]]:
    # Kept on the compiled game, so freed with its card set.
    return remember(game._memo, "icons", lambda: _make_icons(game))


def _make_icons(game: Game) -> tuple[tuple[bool, ...], tuple[tuple[int, ...], ...]]:
    # icons[code]: the content of a cell encoded as state.encode() shows an item icon the card
    # set knows (icons show on flipped faces only, TOC-ITEM-01); the last entry, False, is
    # EMPTY's (-1). around[cell]: the cell's neighbours on the floor, then the cell.
    out = [False] * (len(game.table) * 8 + 1)
    for card in game.table:
        icon = card.back.icon
        if icon is not None and icon.item in game.item_index:
            for rotation in range(4):
                out[card.index * 8 + rotation * 2 + 1] = True
    neighbours = game.grid.neighbours
    around = tuple((*(o for o in neighbours[c] if o != -1), c) for c in range(game.grid.cells))
    return tuple(out), around


def _item_candidates(state: State) -> Iterator[Action]:
    game = state.game
    full = len(state.carry) >= game.carry_limit
    for item in items.offered_items(state):
        item_id = game.items[item].id
        if full:
            for drop in (*state.carry, item):
                yield Take(item=item_id, drop=game.items[drop].id)
        else:
            yield Take(item=item_id)
    if state.carry:
        carried = {game.items[i].id for i in state.carry}
        for index, table in enumerate(game.items):
            # Only recipes whose items are all carried can be made (make_reason decides).
            recipe = table.recipe
            if recipe is not None and carried.issuperset(recipe.consume) and items.in_area(state, index):
                yield Make(item=table.id)
    for item in state.carry:
        if game.items[item].settable:
            for slot, held in enumerate(state.slots):
                if held == EMPTY:
                    yield SetItem(item=game.items[item].id, slot=game.slot_ids[slot])
    for slot, held in enumerate(state.slots):
        if held != EMPTY:
            yield from _use_choices(state, slot)
    for item in state.carry:
        yield Discard(item=game.items[item].id)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every action the rules allow now, in a fixed order; empty when the game is over.

    `TOC-OVER-01` ends the game when no chaos card can be placed and the
    player cannot move. Read literally, that would also end it on Seqlrith
    facing Rebright, where fighting is the only way on; so the engine reads it
    as: the game is over when nothing is left to do but throw items away. Such
    a position has no legal action at all.
    """
    cached: tuple[Action, ...] | None = state._memo.get("legal")
    if cached is not None:
        return cached
    actions = _legal_actions(state)
    state._memo["legal"] = actions
    return actions


def _legal_actions(state: State) -> tuple[Action, ...]:
    found = _by_rules(state)
    if len(found) == 1 and type(found[0]) is Move:
        # TOC-OVER-01 (reading, .over): a forced walk round a closed circuit is GameOver.
        return over.closed_walk(state, found, _by_rules, _advance)
    return found


def _by_rules(state: State) -> tuple[Action, ...]:
    if state.result is not None:
        return ()
    if placement.in_start_phase(state) and not state.rearranging and not state.rebright_pending:
        found = movegen.start_placements(state)
    elif state.rearranging or state.rebright_pending:
        found = [a for a in _candidates(state) if _rule_reason(state, a) is None]
    else:
        found = movegen.board_actions(state)
        # Item actions need an item held, set or offered; most positions have none.
        if state.carry or state.slots.count(EMPTY) != len(state.slots) or _offered(state):
            found += [a for a in _item_candidates(state) if _rule_reason(state, a) is None]
    return _unless_only_discards(found)


def legal_actions_by_reasons(state: State) -> tuple[Action, ...]:
    """:func:`legal_actions` computed the slow way, by asking every candidate's reason.

    The reference that the fast generator (:mod:`.movegen`) is tested against.
    """
    return over.closed_walk(state, _asking_reasons(state), _asking_reasons, _advance, remember=False)


def _asking_reasons(state: State) -> tuple[Action, ...]:
    if state.result is not None:
        return ()
    return _unless_only_discards([a for a in _candidates(state) if _rule_reason(state, a) is None])


def _unless_only_discards(found: list[Action]) -> tuple[Action, ...]:
    # TOC-OVER-01 as read in legal_actions: nothing left but throwing items away is GameOver.
    if found and type(found[0]) is not Discard:
        return tuple(found)  # the usual case, told by the first action alone
    if all(type(a) is Discard for a in found):
        return ()
    return tuple(found)


def apply(state: State, action: Action) -> State:
    """The state after ``action``; ``state`` itself is unchanged.

    Raises :class:`IllegalActionError` or :class:`MalformedActionError` (and
    then nothing has changed) if the action cannot be applied.
    """
    return transition.step(_RULES, state, action)


def _advance(state: State, action: Action) -> State:
    return transition.advance(_RULES, state, action)  # listed by the rules a moment ago


def outcome(state: State) -> Outcome | None:
    """How the game ended, or ``None`` while it goes on.

    A position with no legal action is lost (`TOC-OVER-01`: no card can be
    placed and the player cannot move).
    """
    if state.result is not None:
        return state.result
    if not legal_actions(state):
        return Outcome(result="lost", cause="no-action", rule="TOC-OVER-01")
    return None


def is_terminal(state: State) -> bool:
    """The game is over."""
    return outcome(state) is not None


# -- dense integer encoding, for learning code --------------------------------


def _space(game: Game) -> tuple[tuple[Action, ...], dict[Action, int]]:
    # Kept on the compiled game, so freed with its card set.
    return remember(game._memo, "space", lambda: _make_space(game))


def _make_space(game: Game) -> tuple[tuple[Action, ...], dict[Action, int]]:
    grid = game.grid
    actions: list[Action] = []
    actions += [Place(cell=c, rotation=r) for c in range(grid.cells) for r in range(4)]
    actions += [
        PlaceStep(step=game.table[s].id, cell=c, rotation=r)
        for s in game.steps
        for c in range(grid.cells)
        for r in range(4)
    ]
    actions += [PlaceRebright(cell=c, rotation=r) for c in range(grid.cells) for r in range(4)]
    actions += [Move(direction=d) for d in range(4)]
    actions += [Flip(direction=d, attribute=a) for d in range(4) for a in range(5)]
    actions += [Fight(direction=d, attribute=a) for d in range(4) for a in range(5)]
    ids = [item.id for item in game.items]
    actions += [Take(item=i, drop=drop) for i in ids for drop in (None, *ids)]
    actions += [Make(item=i) for i in ids]
    actions += [SetItem(item=i, slot=s) for i in ids for s in game.slot_ids]
    cells = range(grid.cells)
    targets = (*(game.table[c].id for c in (*game.chaos, *game.steps)), *ids)
    for s in game.slot_ids:
        actions += [Use(slot=s), *(Use(slot=s, attribute=a) for a in range(5))]
        actions += [Use(slot=s, cell=c) for c in cells]
        actions += [Use(slot=s, cell=c, to=t) for c in cells for t in cells if c != t]
        actions += [Use(slot=s, target=t) for t in targets]
    actions += [Discard(item=i) for i in ids]
    actions += [Relocate(cell=c, to=t, rotation=r) for c in cells for t in cells for r in range(4)]
    actions += [Stand(cell=c) for c in cells]
    actions.append(Finish())
    return tuple(actions), {a: i for i, a in enumerate(actions)}


def action_space(state_or_game: State | Game) -> tuple[Action, ...]:
    """Every action the card set can ever express, in a fixed order: the dense encoding's range."""
    game = state_or_game.game if isinstance(state_or_game, State) else state_or_game
    return _space(game)[0]


def action_index(state: State, action: Action) -> int:
    """The action's number in :func:`action_space` (fixed per card set)."""
    problem = shape.malformed(state.game, action)
    if problem is not None:
        raise MalformedActionError(problem)
    found = _space(state.game)[1].get(action)
    if found is None:
        # Well formed but never legal, such as Use(slot, cell=c, to=c).
        raise MalformedActionError(f"{show(action)} is not in this card set's action space")
    return found


def action_from_index(state: State, index: int) -> Action:
    """The action with that number."""
    space = _space(state.game)[0]
    if not 0 <= index < len(space):
        raise MalformedActionError(f"action index {index} is out of range 0..{len(space) - 1}")
    return space[index]
