"""The front door's types: which state, actions and results belong together, for a type checker.

At run time the functions here are the functions of :mod:`chaos_tower.api`
themselves (the same objects: no wrapper, no cost in a search's inner loop).
For mypy each one is a set of overloads, one per game, so that a user script
written against ``import chaos_tower as ct`` is checked as it would be against
the game's own modules:

- ``ct.new_game(tower_cards)`` is a :class:`~chaos_tower.State`,
  ``ct.new_game(tower_cards, mode="vs", players=3)`` a :class:`~chaos_tower.VsState`,
  ``ct.new_game(crest_cards)`` a :class:`~chaos_tower.CrestState`; each mode takes
  only its own options;
- ``ct.apply(s, a)`` returns the type of state it was given and takes only
  that game's actions (:data:`~chaos_tower.Action` for the solo Tower,
  :data:`~chaos_tower.VsAction`, :data:`~chaos_tower.CrestAction`);
  ``ct.legal_actions``, ``ct.parse_action`` and ``ct.action_from_index`` return them;
- ``ct.observation``, ``ct.outcome`` and ``ct.determinize`` give that game's
  view, result and state; ``ct.loads`` and ``ct.from_notation`` give a union
  (the text picks the mode), narrowed with ``isinstance``.

``tests/typing/front_door.py`` holds the proof: ``assert_type`` lines that must
hold and marked lines that must stay type errors, checked by ``mypy --strict``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, overload

from .crest.actions import CrestAction
from .crest.cards import CrestCardSet
from .crest.observe import CrestObservation
from .crest.state import CrestOutcome, CrestState
from .kernel.layout import Slice
from .kernel.options import Options
from .tower.cards import TowerCardSet
from .tower.solo.actions import Action
from .tower.solo.observe import Observation
from .tower.solo.state import Outcome, State
from .tower.solo.tables import Game
from .tower.vs.actions import VsAction
from .tower.vs.observe import VsObservation
from .tower.vs.state import VsOutcome, VsState

__all__ = [
    "AnyAction",
    "GameState",
    "GameView",
    "action_from_index",
    "action_index",
    "action_space",
    "action_text",
    "apply",
    "can_apply",
    "check_action",
    "current_player",
    "determinize",
    "dumps",
    "from_notation",
    "is_terminal",
    "legal_actions",
    "loads",
    "new_game",
    "observation",
    "observation_layout",
    "observation_tensor",
    "options",
    "outcome",
    "parse_action",
    "render_svg",
    "render_text",
    "returns",
    "to_notation",
]

GameState = State | VsState | CrestState
"""A referee's state of any game: what the front door plays."""
GameView = Observation | VsObservation | CrestObservation
"""One player's view of any game (:func:`observation`): saved, read back and drawn, never played."""
AnyAction = Action | VsAction | CrestAction
"""An action of any game."""

if TYPE_CHECKING:
    # Seen by the type checker only: at run time the names above are api's functions. Each
    # group's last definition is the implementation mypy requires; it is never called.
    from . import api

    @overload
    def new_game(
        cards: TowerCardSet,
        *,
        seed: int | None = None,
        mode: Literal["solo"] | None = None,
        max_actions: int | None = None,
    ) -> State: ...
    @overload
    def new_game(
        cards: TowerCardSet,
        *,
        seed: int | None = None,
        mode: Literal["vs"],
        players: int,
        extra_rule: bool | None = None,
        max_actions: int | None = None,
        adjust_after_draw: Literal["drawer", "all"] | None = None,
        declare_when: Literal["own_turn", "any_time"] | None = None,
        own_attribute_bluff: bool | None = None,
    ) -> VsState: ...
    @overload
    def new_game(
        cards: TowerCardSet,
        *,
        seed: int | None = None,
        mode: str,
        players: int | None = None,
        extra_rule: bool | None = None,
        max_actions: int | None = None,
        adjust_after_draw: str | None = None,
        declare_when: str | None = None,
        own_attribute_bluff: bool | None = None,
    ) -> State | VsState: ...
    @overload
    def new_game(
        cards: CrestCardSet,
        *,
        seed: int | None = None,
        mode: str | None = None,
        players: int | None = None,
        teams: bool | tuple[int, ...] | None = None,
        max_actions: int | None = None,
    ) -> CrestState: ...
    def new_game(cards: Any, **kwargs: Any) -> Any:
        return api.new_game(cards, **kwargs)

    @overload
    def legal_actions(state: State) -> tuple[Action, ...]: ...
    @overload
    def legal_actions(state: VsState) -> tuple[VsAction, ...]: ...
    @overload
    def legal_actions(state: CrestState) -> tuple[CrestAction, ...]: ...
    def legal_actions(state: Any) -> Any:
        return api.legal_actions(state)

    @overload
    def apply(state: State, action: Action) -> State: ...
    @overload
    def apply(state: VsState, action: VsAction) -> VsState: ...
    @overload
    def apply(state: CrestState, action: CrestAction) -> CrestState: ...
    def apply(state: Any, action: Any) -> Any:
        return api.apply(state, action)

    @overload
    def check_action(state: State, action: Action) -> None: ...
    @overload
    def check_action(state: VsState, action: VsAction) -> None: ...
    @overload
    def check_action(state: CrestState, action: CrestAction) -> None: ...
    def check_action(state: Any, action: Any) -> None:
        api.check_action(state, action)

    @overload
    def can_apply(state: State, action: Action) -> bool: ...
    @overload
    def can_apply(state: VsState, action: VsAction) -> bool: ...
    @overload
    def can_apply(state: CrestState, action: CrestAction) -> bool: ...
    def can_apply(state: Any, action: Any) -> bool:
        return api.can_apply(state, action)

    @overload
    def outcome(state: State) -> Outcome | None: ...
    @overload
    def outcome(state: VsState) -> VsOutcome | None: ...
    @overload
    def outcome(state: CrestState) -> CrestOutcome | None: ...
    def outcome(state: Any) -> Any:
        return api.outcome(state)

    def is_terminal(state: GameState | GameView) -> bool:
        return api.is_terminal(state)

    def current_player(state: GameState | GameView) -> int | None:
        return api.current_player(state)

    def returns(state: GameState) -> tuple[float, ...]:
        return api.returns(state)

    def options(state: GameState) -> Options:
        return api.options(state)

    def dumps(state: GameState | GameView) -> str:
        return api.dumps(state)

    @overload
    def loads(text: str | bytes, cards: TowerCardSet) -> State | VsState | Observation | VsObservation: ...
    @overload
    def loads(text: str | bytes, cards: CrestCardSet) -> CrestState | CrestObservation: ...
    def loads(text: str | bytes, cards: Any) -> Any:
        return api.loads(text, cards)

    @overload
    def observation(state: State, player: int) -> Observation: ...
    @overload
    def observation(state: VsState, player: int) -> VsObservation: ...
    @overload
    def observation(state: CrestState, player: int) -> CrestObservation: ...
    def observation(state: Any, player: int) -> Any:
        return api.observation(state, player)

    def observation_tensor(state: GameState, player: int) -> tuple[float, ...]:
        return api.observation_tensor(state, player)

    def observation_layout(state: GameState) -> tuple[Slice, ...]:
        result: tuple[Slice, ...] = api.observation_layout(state)
        return result

    def to_notation(state: GameState) -> str:
        return api.to_notation(state)

    @overload
    def from_notation(text: str, cards: TowerCardSet) -> State | VsState: ...
    @overload
    def from_notation(text: str, cards: Game) -> State: ...  # the solo game's old argument, one release
    @overload
    def from_notation(text: str, cards: CrestCardSet) -> CrestState: ...
    def from_notation(text: str, cards: Any) -> Any:
        return api.from_notation(text, cards)

    @overload
    def determinize(state: State, player: int, seed: int) -> State: ...
    @overload
    def determinize(state: VsState, player: int, seed: int) -> VsState: ...
    @overload
    def determinize(state: CrestState, player: int, seed: int) -> CrestState: ...
    def determinize(state: Any, player: int, seed: int) -> Any:
        return api.determinize(state, player, seed)

    @overload
    def action_text(state: State, action: Action) -> str: ...
    @overload
    def action_text(state: VsState, action: VsAction) -> str: ...
    @overload
    def action_text(state: CrestState, action: CrestAction) -> str: ...
    def action_text(state: Any, action: Any) -> str:
        return api.action_text(state, action)

    @overload
    def parse_action(state: State, text: str) -> Action: ...
    @overload
    def parse_action(state: VsState, text: str) -> VsAction: ...
    @overload
    def parse_action(state: CrestState, text: str) -> CrestAction: ...
    def parse_action(state: Any, text: str) -> Any:
        return api.parse_action(state, text)

    @overload
    def action_space(state: State) -> tuple[Action, ...]: ...
    @overload
    def action_space(state: VsState) -> tuple[VsAction, ...]: ...
    @overload
    def action_space(state: CrestState) -> tuple[CrestAction, ...]: ...
    def action_space(state: Any) -> Any:
        return api.action_space(state)

    @overload
    def action_index(state: State, action: Action) -> int: ...
    @overload
    def action_index(state: VsState, action: VsAction) -> int: ...
    @overload
    def action_index(state: CrestState, action: CrestAction) -> int: ...
    def action_index(state: Any, action: Any) -> int:
        return api.action_index(state, action)

    @overload
    def action_from_index(state: State, index: int) -> Action: ...
    @overload
    def action_from_index(state: VsState, index: int) -> VsAction: ...
    @overload
    def action_from_index(state: CrestState, index: int) -> CrestAction: ...
    def action_from_index(state: Any, index: int) -> Any:
        return api.action_from_index(state, index)

    def render_text(state: GameState | GameView) -> str:
        return api.render_text(state)

    def render_svg(state: GameState, *, player: int | None = None, scale: float = 1.0) -> str:
        return api.render_svg(state, player=player, scale=scale)

else:
    from .api import (
        action_from_index,
        action_index,
        action_space,
        action_text,
        apply,
        can_apply,
        check_action,
        current_player,
        determinize,
        dumps,
        from_notation,
        is_terminal,
        legal_actions,
        loads,
        new_game,
        observation,
        observation_layout,
        observation_tensor,
        options,
        outcome,
        parse_action,
        render_svg,
        render_text,
        returns,
        to_notation,
    )
