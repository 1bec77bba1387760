"""All-reset (``TOC-PREP-01`` to ``15``) and ZAP (``TOC-ZAP-04`` to ``06``), which repeats it."""

from __future__ import annotations

from ...kernel.rng import seed_state, shuffle
from ..cards import TowerCardSet
from .change import Change
from .state import EMPTY, State
from .tables import Game, compile_game

__all__ = ["fall", "new_game"]


def _reset_fields(game: Game, rng: int) -> tuple[dict[str, object], int]:
    # TOC-PREP-02: each area of the sheet and around it is a field of the state.
    # TOC-PREP-03: rooms and monsters shuffled into the chaos deck, face up.
    deck, rng = shuffle(game.chaos, rng)
    slots = len(game.slot_ids)
    return {
        "floor": (EMPTY,) * game.grid.cells,  # TOC-PREP-07: the floor area is empty
        "deck": deck,
        "step_area": game.steps,  # TOC-PREP-04: steps face up in the step area
        "used_steps": (),
        "level": 1,  # TOC-PREP-10: the number card shows 1
        "life": game.start_life,  # TOC-PREP-15: life starts at 4
        "elements": (game.start_element,) * 5,  # TOC-PREP-12: every element at 4
        # TOC-PREP-05 (normal area), TOC-PREP-06 (rare area), TOC-PREP-11 (carry, at most 5):
        # every item starts in its own area, so carry, slots and lost are empty.
        "carry": (),
        "slots": (EMPTY,) * slots,  # TOC-PREP-08 set item front, TOC-PREP-09 set item rear
        "counters": (-1,) * slots,
        "lost": (),  # TOC-PREP-14
        "rebright": None,
        "rebright_pending": False,
        "combat_bonus": 0,
        "rearranging": False,
        "step_returns": False,
    }, rng


def new_game(cards: TowerCardSet, *, seed: int = 0, max_actions: int | None = None) -> State:
    """A solo game at all-reset (`TOC-PREP-01` to `15`): the first chaos card is yet to be placed.

    ``max_actions`` ends the game with the outcome ``ended`` / ``max-actions``
    after that many actions (the manual sets no limit; simulations need one).

    >>> import chaos_tower as ct
    >>> state = ct.new_game(ct.load_cardset(), seed=7)
    >>> state.life, state.elements, state.level, len(state.deck)
    (4, (4, 4, 4, 4, 4), 1, 45)
    """
    if max_actions is not None and max_actions < 1:
        raise ValueError("max_actions must be at least 1")
    game = compile_game(cards)
    fields, rng = _reset_fields(game, seed_state(seed))
    return State(game=game, seed=seed, rng=rng, player=-1, max_actions=max_actions, **fields)  # type: ignore[arg-type]


def fall(change: Change, cell: int) -> None:
    """The player falls into an empty cell: ZAP (`TOC-ZAP-04` to `06`).

    Everything is reset as at all-reset (values, steps, every chaos card from
    the floor and the deck, every item from carry, slots and lost), the number
    card shows ZAP, and the player stays where they fell, to start again there.
    """
    game = change.original.game
    fields, rng = _reset_fields(game, change.get("rng"))
    fields["level"] = 0
    change.set(rng=rng, player=cell, **fields)
    change.event("TOC-ZAP-05", "zap", f"the player falls into the empty cell {game.grid.name(cell)}: ZAP")
    change.event(
        "TOC-ZAP-04",
        "reset",
        "values, steps, chaos cards and items are reset; "
        f"life {game.start_life}, elements {game.start_element}",
    )
