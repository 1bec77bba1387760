"""All-reset (``TOC-PREP-01`` to ``15``) and ZAP (``TOC-ZAP-04`` to ``06``), which repeats it."""

from __future__ import annotations

from attrs import frozen

from ...kernel.options import Options
from ...kernel.records import maker
from ...kernel.rng import seed_state, shuffle
from ..cards import TowerCardSet
from .change import Change
from .state import EMPTY, NO_MORE, DaOrder, State
from .tables import Game, compile_game

__all__ = ["fall", "new_game"]


@frozen(kw_only=True)
class _Reset:
    """Every area of the sheet as all-reset leaves it (`TOC-PREP-02`: each area is a field)."""

    floor: tuple[int, ...]
    deck: tuple[int, ...]
    step_area: tuple[int, ...]
    slots: tuple[int, ...]
    counters: tuple[int, ...]
    life: int
    elements: tuple[int, int, int, int, int]
    rng: int


def _reset(game: Game, rng: int) -> _Reset:
    # TOC-PREP-03: rooms and monsters shuffled into the chaos deck, face up.
    deck, rng = shuffle(game.chaos, rng)
    slots = len(game.slot_ids)
    e = game.start_element
    return _Reset(
        floor=(EMPTY,) * game.grid.cells,  # TOC-PREP-07: the floor area is empty
        deck=deck,
        step_area=game.steps,  # TOC-PREP-04: steps face up in the step area
        slots=(EMPTY,) * slots,  # TOC-PREP-08 set item front, TOC-PREP-09 set item rear
        counters=(-1,) * slots,
        life=game.start_life,  # TOC-PREP-15: life starts at 4
        elements=(e, e, e, e, e),  # TOC-PREP-12: every element at 4
        rng=rng,
    )


def new_game(
    cards: TowerCardSet,
    *,
    seed: int = 0,
    max_actions: int | None = None,
    step_on_road: bool = False,
    da_order: DaOrder = "summed",
    more: Options = NO_MORE,
) -> State:
    """A solo game at all-reset (`TOC-PREP-01` to `15`): the first chaos card is yet to be placed.

    ``max_actions`` ends the game with the outcome ``ended`` / ``max-actions``
    after that many actions (the manual sets no limit; simulations need one).
    ``step_on_road`` and ``da_order`` choose between two readings of the manual
    (`TOC-STEP-02`, `TOC-PROG1-02`; the rule pages give both).

    >>> import chaos_tower as ct
    >>> state = ct.new_game(ct.load_cardset(), seed=7)
    >>> state.life, state.elements, state.level, len(state.deck)
    (4, (4, 4, 4, 4, 4), 1, 45)
    """
    if max_actions is not None and max_actions < 1:
        raise ValueError("max_actions must be at least 1")
    game = compile_game(cards)
    r = _reset(game, seed_state(seed))
    # TOC-PREP-10: the number card shows 1. TOC-PREP-05 (normal area), TOC-PREP-06 (rare area),
    # TOC-PREP-11 (carry), TOC-PREP-14 (lost): every item starts in its own area, so carry,
    # slots and lost are empty (the State's defaults).
    return _make_state(
        game=game,
        seed=seed,
        rng=r.rng,
        floor=r.floor,
        player=-1,
        life=r.life,
        elements=r.elements,
        deck=r.deck,
        step_area=r.step_area,
        used_steps=(),
        level=1,
        slots=r.slots,
        counters=r.counters,
        max_actions=max_actions,
        step_on_road=step_on_road,
        da_order=da_order,
        more=more,
    )


_make_state = maker(State)  # State(...) filled slot by slot (issue 27: a random game is ~17 actions)


def fall(change: Change, cell: int) -> None:
    """The player falls into an empty cell: ZAP (`TOC-ZAP-04` to `06`).

    Everything is reset as at all-reset (values, steps, every chaos card from
    the floor and the deck, every item from carry, slots and lost), the number
    card shows ZAP, and the player stays where they fell, to start again there.
    """
    game = change.original.game
    r = _reset(game, change.rng)
    change.rng, change.player, change.level = r.rng, cell, 0
    change.floor, change.deck, change.step_area, change.used_steps = r.floor, r.deck, r.step_area, ()
    change.life, change.elements = r.life, r.elements
    change.carry, change.slots, change.counters, change.lost = (), r.slots, r.counters, ()
    change.rebright, change.rebright_pending, change.combat_bonus = None, False, 0
    change.rearranging, change.step_returns, change.item_on_entry = False, False, False
    change.event("TOC-ZAP-05", "zap", f"the player falls into the empty cell {game.grid.name(cell)}: ZAP")
    change.event(
        "TOC-ZAP-04",
        "reset",
        "values, steps, chaos cards and items are reset; "
        f"life {game.start_life}, elements {game.start_element}",
    )
