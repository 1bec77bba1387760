"""The conformance checks, one function per property, each run over one random game of a mode.

In the spirit of OpenSpiel's api_test: whatever the game, the front door must
keep these promises. Each check takes a :class:`~.modes.Game` (every state of a
random game, with the actions between them) and asserts on every state.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower.app import replay

from .modes import Game, foreign_actions, players

# At most this many of a state's legal actions are checked one by one (a solo start offers hundreds).
SAMPLE = 24


def _sample(chooser: random.Random, items: tuple[Any, ...]) -> list[Any]:
    return list(items) if len(items) <= SAMPLE else chooser.sample(items, SAMPLE)


def _pairs(game: Game) -> zip[tuple[Any, Any]]:
    return zip(game.states, game.actions, strict=False)


def offered_actions_are_legal(game: Game) -> None:
    """Every action offered passes: can_apply is true and check_action is silent."""
    chooser = random.Random(game.seed)
    for state in game.states:
        for action in _sample(chooser, ct.legal_actions(state)):
            assert ct.can_apply(state, action), action
            assert ct.check_action(state, action) is None


def can_apply_agrees_with_legal_actions(game: Game) -> None:
    """On actions the game can express and on foreign or malformed ones: can_apply == (a in legal_actions).

    What is refused is refused by check_action and apply with a typed error, and changes nothing;
    what is not this game's action at all is a MalformedActionError.
    """
    chooser = random.Random(game.seed + 1)
    for state in game.states:
        legal = set(ct.legal_actions(state))
        space = ct.action_space(state)
        own = {type(a) for a in space}
        before = replay.state_hash(state)
        for action in (*chooser.sample(space, min(SAMPLE, len(space))), *foreign_actions()):
            expected = type(action) in own and action in legal
            assert ct.can_apply(state, action) is expected, action
            if expected:
                continue
            refused = (ct.IllegalActionError, ct.MalformedActionError)
            kind = refused if type(action) in own else ct.MalformedActionError
            with pytest.raises(kind):
                ct.check_action(state, action)
            with pytest.raises(kind):
                ct.apply(state, action)
        assert replay.state_hash(state) == before


def apply_is_pure(game: Game) -> None:
    """apply leaves its input as it was (equal, same hash, same save) and gives the same result twice."""
    for state, action in _pairs(game):
        before = (hash(state), replay.state_hash(state), ct.to_notation(state))
        after = ct.apply(state, action)
        assert (hash(state), replay.state_hash(state), ct.to_notation(state)) == before
        again = ct.apply(state, action)
        assert again == after and hash(again) == hash(after)
        assert replay.state_hash(again) == replay.state_hash(after)


def saves_round_trip(game: Game) -> None:
    """loads(dumps(s)) == s, with the same hash and the same save text: states are values."""
    cards = game.mode.cards()
    for state in game.states:
        text = ct.dumps(state)
        again = ct.loads(text, cards)
        assert again == state and hash(again) == hash(state)
        assert ct.dumps(again) == text
        # What the last action did is saved too, though it is no part of the position (not in ==).
        assert getattr(again, "events", ()) == getattr(state, "events", ())


def notation_round_trips(game: Game) -> None:
    """from_notation(to_notation(s), cards) == s: one line, the whole position."""
    cards = game.mode.cards()
    for state in game.states:
        text = ct.to_notation(state)
        assert "\n" not in text
        again = ct.from_notation(text, cards)
        assert again == state and hash(again) == hash(state)
        assert ct.to_notation(again) == text


def observations_save_and_read_back(game: Game) -> None:
    """Each player's observation, saved player-safe, reads back equal: loads(dumps(observation(s, p)))."""
    cards = game.mode.cards()
    for state in game.states:
        for player in players(state):
            view = ct.observation(state, player)
            assert view == ct.observation(state, player)
            text = ct.dumps(view)
            again = ct.loads(text, cards)
            assert again == view and ct.dumps(again) == text


def action_indices_round_trip(game: Game) -> None:
    """action_from_index(action_index(a)) == a for every legal action, within the action space; text too."""
    chooser = random.Random(game.seed + 2)
    for state in game.states:
        space = ct.action_space(state)
        for action in _sample(chooser, ct.legal_actions(state)):
            index = ct.action_index(state, action)
            assert 0 <= index < len(space) and space[index] == action
            assert ct.action_from_index(state, index) == action
            assert ct.parse_action(state, ct.action_text(state, action)) == action
        for wrong in (len(space), -1):
            with pytest.raises(ct.MalformedActionError):
                ct.action_from_index(state, wrong)


def tensors_fit_their_layout(game: Game) -> None:
    """The observation tensor has the layout's length; every value is finite and within its slice's range."""
    layout = ct.observation_layout(game.states[0])
    assert layout[0].start == 0
    assert all(a.stop == b.start for a, b in itertools.pairwise(layout))
    for state in game.states:
        assert ct.observation_layout(state) == layout
        for player in players(state):
            tensor = ct.observation_tensor(state, player)
            assert len(tensor) == layout[-1].stop
            for piece in layout:
                values = tensor[piece.start : piece.stop]
                bad = [v for v in values if not (math.isfinite(v) and piece.low <= v <= piece.high)]
                assert not bad, (piece.name, piece.low, piece.high, bad)


def determinize_hides_nothing_and_leaks_nothing(game: Game) -> None:
    """determinize(s, p, seed) re-deals what p cannot see: p's observation, tensor and view save unchanged.

    The player to move keeps the same legal actions: what one may do never depends on what one cannot see.
    """
    for number, state in enumerate(game.states):
        for player in players(state):
            world = ct.determinize(state, player, game.seed * 1000 + number)
            assert type(world) is type(state)
            view = ct.observation(state, player)
            assert ct.observation(world, player) == view
            assert ct.dumps(ct.observation(world, player)) == ct.dumps(view)
            assert ct.observation_tensor(world, player) == ct.observation_tensor(state, player)
            if ct.current_player(state) == player:
                assert ct.legal_actions(world) == ct.legal_actions(state)


def games_are_deterministic(game: Game) -> None:
    """The same seed and actions give the same states and hashes; replay.record then replay.verify agrees."""
    state = game.mode.start(game.seed)
    assert state == game.states[0] and replay.state_hash(state) == replay.state_hash(game.states[0])
    for action, expected in zip(game.actions, game.states[1:], strict=True):
        state = ct.apply(state, action)
        assert state == expected and replay.state_hash(state) == replay.state_hash(expected)
    cards = game.mode.cards()
    recorded = replay.record(cards, game.actions, seed=game.seed, **game.mode.options)
    assert recorded.hashes == tuple(replay.state_hash(s) for s in game.states[1:])
    assert replay.verify(replay.loads(recorded.dumps()), cards) == game.states[-1]


def endings_are_consistent(game: Game) -> None:
    """A game over offers no action, has an outcome, nobody to move, and returns that fit (sum 0 if zero-sum).

    A game going on has a player to move, actions, no outcome and all-zero returns.
    """
    for state in game.states:
        seats = players(state)
        returns = ct.returns(state)
        assert len(returns) == len(seats) and all(-1.0 <= r <= 1.0 for r in returns)
        if ct.is_terminal(state):
            assert ct.legal_actions(state) == ()
            assert ct.current_player(state) is None and ct.outcome(state) is not None
            if game.mode.zero_sum:
                assert sum(returns) == 0
        else:
            assert ct.legal_actions(state) and ct.current_player(state) in seats
            assert ct.outcome(state) is None and returns == (0.0,) * len(seats)


CHECKS: tuple[Callable[[Game], None], ...] = (
    offered_actions_are_legal,
    can_apply_agrees_with_legal_actions,
    apply_is_pure,
    saves_round_trip,
    notation_round_trips,
    observations_save_and_read_back,
    action_indices_round_trip,
    tensors_fit_their_layout,
    determinize_hides_nothing_and_leaks_nothing,
    games_are_deterministic,
    endings_are_consistent,
)
"""Every property of the suite, in the order it is reported."""
