"""The conformance checks, one function per property, each run over one random game of a mode.

In the spirit of OpenSpiel's ``api_test`` and pgx's ``api_test``: whatever the game, the front
door must keep these promises. Each check takes a :class:`~.modes.Game` (every state of a random
game, with the actions between them) and raises :class:`AssertionError` (or the rules' own typed
error) where a promise is broken. The checks use no ``assert`` statement, so they check under
``python -O`` too; they need no test runner.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from typing import Any

from .. import api
from ..app import replay
from ..kernel.errors import IllegalActionError, MalformedActionError
from .modes import Game, foreign_actions, players

__all__ = ["CHECKS", "NEEDS", "Check", "expect", "refuses"]

Check = Callable[[Game], None]

SAMPLE = 24
"""At most this many of a state's legal actions are checked one by one (a solo start offers hundreds)."""


def expect(condition: object, what: object) -> None:
    """:class:`AssertionError` saying ``what`` unless ``condition`` holds."""
    if not condition:
        raise AssertionError(what)


def refuses(
    kinds: type[Exception] | tuple[type[Exception], ...], call: Callable[..., object], *args: Any, what: str
) -> None:
    """``call(*args)`` must raise one of ``kinds`` (:class:`AssertionError` if not)."""
    try:
        call(*args)
    except kinds:
        return
    except Exception as exc:  # the wrong error is the finding
        raise AssertionError(f"{what}: raised {type(exc).__name__}: {exc}") from exc
    raise AssertionError(f"{what}: was not refused")


def _sample(chooser: random.Random, items: tuple[Any, ...]) -> list[Any]:
    return list(items) if len(items) <= SAMPLE else chooser.sample(items, SAMPLE)


def _pairs(game: Game) -> zip[tuple[Any, Any]]:
    return zip(game.states, game.actions, strict=False)


def offered_actions_are_legal(game: Game) -> None:
    """Every action offered passes: can_apply is true and check_action is silent."""
    chooser = random.Random(game.seed)
    for state in game.states:
        for action in _sample(chooser, api.legal_actions(state)):
            expect(api.can_apply(state, action), f"can_apply refuses the offered {action!r}")
            api.check_action(state, action)  # silent: an offered action is not refused


def bad_actions_are_refused(game: Game) -> None:
    """On actions the game can express and on foreign or malformed ones: can_apply == (a in legal_actions).

    What is refused is refused by check_action and apply with a typed error, and changes nothing;
    what is not this game's action at all is a MalformedActionError.
    """
    chooser = random.Random(game.seed + 1)
    for state in game.states:
        legal = set(api.legal_actions(state))
        space = api.action_space(state)
        own = {type(a) for a in space}
        before = replay.state_hash(state)
        for action in (*chooser.sample(space, min(SAMPLE, len(space))), *foreign_actions(state)):
            expected = type(action) in own and action in legal
            expect(api.can_apply(state, action) is expected, f"can_apply({action!r}) is not {expected}")
            if expected:
                continue
            refused = (IllegalActionError, MalformedActionError)
            kind = refused if type(action) in own else MalformedActionError
            refuses(kind, api.check_action, state, action, what=f"check_action({action!r})")
            refuses(kind, api.apply, state, action, what=f"apply({action!r})")
        expect(replay.state_hash(state) == before, "a refused action changed the state")


def apply_is_pure(game: Game) -> None:
    """apply leaves its input as it was (equal, same hash, same save) and gives the same result twice."""
    for state, action in _pairs(game):
        before = (hash(state), replay.state_hash(state), api.dumps(state))
        after = api.apply(state, action)
        expect(
            (hash(state), replay.state_hash(state), api.dumps(state)) == before,
            f"apply({action!r}) changed its input",
        )
        again = api.apply(state, action)
        expect(again == after and hash(again) == hash(after), f"apply({action!r}) twice gives two states")
        expect(
            replay.state_hash(again) == replay.state_hash(after), f"apply({action!r}) twice gives two saves"
        )


def saves_round_trip(game: Game) -> None:
    """loads(dumps(s)) == s, with the same hash and the same save text: states are values."""
    cards = game.mode.cards()
    for state in game.states:
        text = api.dumps(state)
        again = api.loads(text, cards)
        expect(again == state and hash(again) == hash(state), "loads(dumps(s)) is another state")
        expect(api.dumps(again) == text, "dumps(loads(dumps(s))) is another text")
        # What the last action did is saved too, though it is no part of the position (not in ==).
        expect(getattr(again, "events", ()) == getattr(state, "events", ()), "the save lost the events")


def notation_round_trips(game: Game) -> None:
    """from_notation(to_notation(s), cards) == s: one line, the whole position."""
    cards = game.mode.cards()
    for state in game.states:
        text = api.to_notation(state)
        expect("\n" not in text, f"the notation is more than one line: {text!r}")
        again = api.from_notation(text, cards)
        expect(again == state and hash(again) == hash(state), f"from_notation gives another state: {text}")
        expect(api.to_notation(again) == text, f"the notation is not stable: {text}")


def observations_save_and_read_back(game: Game) -> None:
    """Each player's observation, saved player-safe, reads back equal: loads(dumps(observation(s, p)))."""
    cards = game.mode.cards()
    for state in game.states:
        for player in players(state):
            view = api.observation(state, player)
            expect(view == api.observation(state, player), f"seat {player}'s observation is not a value")
            text = api.dumps(view)
            again = api.loads(text, cards)
            expect(
                again == view and api.dumps(again) == text, f"seat {player}'s view save does not read back"
            )


def pictures_draw(game: Game) -> None:
    """render_text draws every state and every seat's view; seat_view is drawn from the view alone
    (equal for two states of one view); render_svg, where the mode has it, gives an SVG picture."""
    rules = api.rules_of(game.states[0])
    for number, state in enumerate(game.states[:: max(1, len(game.states) // 6)]):
        text = api.render_text(state)
        expect(isinstance(text, str) and text.strip(), "render_text(state) is empty")
        for player in players(state):
            expect(
                api.render_text(api.observation(state, player)).strip(), f"seat {player}'s view draws empty"
            )
            shown = api.seat_view(state, player)
            expect(isinstance(shown, str) and shown.strip(), f"seat_view(s, {player}) is empty")
            if rules.determinize is not None:
                world = api.determinize(state, player, game.seed * 31 + number)
                expect(
                    api.seat_view(world, player) == shown,
                    f"seat_view(s, {player}) shows what the seat cannot see",
                )
        if rules.render_svg is not None:
            svg = api.render_svg(state)
            expect(
                svg.lstrip().startswith("<svg") and svg.rstrip().endswith("</svg>"), "render_svg is no SVG"
            )
            for player in players(state):
                expect(
                    api.render_svg(state, player=player).lstrip().startswith("<svg"),
                    f"seat {player}'s picture is no SVG",
                )


def action_indices_round_trip(game: Game) -> None:
    """action_from_index(action_index(a)) == a for every legal action, within the action space; text too."""
    chooser = random.Random(game.seed + 2)
    for state in game.states:
        space = api.action_space(state)
        for action in _sample(chooser, api.legal_actions(state)):
            index = api.action_index(state, action)
            expect(0 <= index < len(space) and space[index] == action, f"action_index({action!r}) = {index}")
            expect(
                api.action_from_index(state, index) == action, f"action_from_index({index}) is not {action!r}"
            )
            text = api.action_text(state, action)
            expect(api.parse_action(state, text) == action, f"parse_action({text!r}) is not {action!r}")
        for wrong in (len(space), -1):
            refuses(MalformedActionError, api.action_from_index, state, wrong, what=f"action number {wrong}")


def tensors_fit_their_layout(game: Game) -> None:
    """The observation tensor has the layout's length; every value is finite and within its slice's range."""
    layout = api.observation_layout(game.states[0])
    expect(layout[0].start == 0, "the layout does not start at 0")
    expect(all(a.stop == b.start for a, b in itertools.pairwise(layout)), "the layout's slices leave gaps")
    for state in game.states:
        expect(api.observation_layout(state) == layout, "the layout changes in the game")
        for player in players(state):
            tensor = api.observation_tensor(state, player)
            expect(
                len(tensor) == layout[-1].stop, f"the tensor has {len(tensor)} values, not {layout[-1].stop}"
            )
            for piece in layout:
                values = tensor[piece.start : piece.stop]
                bad = [v for v in values if not (math.isfinite(v) and piece.low <= v <= piece.high)]
                expect(not bad, f"{piece.name}: values outside {piece.low}..{piece.high}: {bad}")


def determinize_hides_nothing_and_leaks_nothing(game: Game) -> None:
    """determinize(s, p, seed) re-deals what p cannot see: p's observation, tensor and view save unchanged.

    The player to move keeps the same legal actions: what one may do never depends on what one cannot see.
    """
    for number, state in enumerate(game.states):
        for player in players(state):
            world = api.determinize(state, player, game.seed * 1000 + number)
            expect(type(world) is type(state), f"determinize gives a {type(world).__name__}")
            view = api.observation(state, player)
            expect(
                api.observation(world, player) == view,
                f"a world drawn for seat {player} shows it another view",
            )
            expect(
                api.dumps(api.observation(world, player)) == api.dumps(view),
                "the world's view saves otherwise",
            )
            tensor = api.observation_tensor(world, player)
            expect(tensor == api.observation_tensor(state, player), "the world's tensor differs")
            if api.current_player(state) == player:
                expect(api.legal_actions(world) == api.legal_actions(state), "the world offers other actions")


def games_are_deterministic(game: Game) -> None:
    """The same seed and actions give the same states and hashes; replay.record then replay.verify agrees."""
    state = game.mode.start(game.seed)
    same = state == game.states[0] and replay.state_hash(state) == replay.state_hash(game.states[0])
    expect(same, f"seed {game.seed} starts another game")
    for number, (action, expected) in enumerate(zip(game.actions, game.states[1:], strict=True), start=1):
        state = api.apply(state, action)
        same = state == expected and replay.state_hash(state) == replay.state_hash(expected)
        expect(same, f"step {number} ({action!r}) gives another state")
    cards = game.mode.cards()
    recorded = replay.record(cards, game.actions, seed=game.seed, **game.mode.options)
    expect(
        recorded.hashes == tuple(replay.state_hash(s) for s in game.states[1:]), "a recorded replay differs"
    )
    expect(
        replay.verify(replay.loads(recorded.dumps()), cards) == game.states[-1], "the replay ends elsewhere"
    )


def endings_are_consistent(game: Game) -> None:
    """A game over offers no action, has an outcome, nobody to move, and returns that fit (sum 0 if zero-sum).

    A game going on has a player to move, actions, no outcome and all-zero returns.
    """
    low, high = game.mode.spec.utility
    for state in game.states:
        seats = players(state)
        returns = api.returns(state)
        expect(len(returns) == len(seats), f"{len(returns)} returns for {len(seats)} seats")
        expect(all(low <= r <= high for r in returns), f"returns {returns} outside the utility {low}..{high}")
        if api.is_terminal(state):
            expect(api.legal_actions(state) == (), "a game over offers actions")
            expect(api.current_player(state) is None, "a game over has a player to move")
            expect(api.outcome(state) is not None, "a game over has no outcome")
            if game.mode.zero_sum:
                expect(sum(returns) == 0, f"a zero-sum game's returns {returns} do not sum to 0")
        else:
            expect(api.legal_actions(state), "a game going on offers no action")
            expect(api.current_player(state) in seats, "a game going on has nobody to move")
            expect(
                api.outcome(state) is None and returns == (0.0,) * len(seats),
                "a game going on has an outcome",
            )


CHECKS: tuple[Check, ...] = (
    offered_actions_are_legal,
    bad_actions_are_refused,
    apply_is_pure,
    saves_round_trip,
    notation_round_trips,
    observations_save_and_read_back,
    pictures_draw,
    action_indices_round_trip,
    tensors_fit_their_layout,
    determinize_hides_nothing_and_leaks_nothing,
    games_are_deterministic,
    endings_are_consistent,
)
"""Every property of a game's play, in the order it is reported."""

NEEDS: dict[str, tuple[str, ...]] = {
    "notation_round_trips": ("to_notation", "from_notation"),
    "observations_save_and_read_back": ("observation",),
    "pictures_draw": ("observation",),
    "tensors_fit_their_layout": ("observation_tensor", "observation_layout"),
    "determinize_hides_nothing_and_leaks_nothing": ("determinize", "observation", "observation_tensor"),
    "games_are_deterministic": ("options",),
}
"""The optional front-door functions (:class:`~chaos_tower.gamerules.GameRules` fields) a check
needs: a mode without one is reported as not offering it, rather than failing."""
