"""Every mode as an OpenSpiel game: ``pyspiel.load_game("chaos_tower_solo")``.

Importing this module registers one Python game per entry of
:data:`chaos_tower.integrations.MODES`
(:func:`register_games` adds a game registered later)
with :func:`pyspiel.register_game`; it needs the ``openspiel`` extra
(``pip install "chaos-tower[openspiel]"``). The adapter speaks only to the
front door (:mod:`chaos_tower.api`), so every registered game and mode goes
through the same code.

How chance is modelled: our games draw all their chance from a seeded
generator held inside the state (the shuffle at all-reset, the reshuffles at a
ZAP, …), so once the seed is chosen the rest of the game follows from the
players' actions. The adapter therefore uses OpenSpiel's *explicit stochastic*
chance mode with exactly one chance node, at the start: its outcomes are the
seeds ``0 .. seeds-1``, equally likely (the game parameter ``seeds``, 4096 by
default). After it, every node is a decision node. Since the players do not
know the order of the chaos deck below its face-up top card (nor, in other
games, the others' hands), the games are of *imperfect information*:
information states and observations come from :func:`chaos_tower.observation`,
never from the whole state. A state is fully determined by its history (the
seed, then the actions), so OpenSpiel's own serialisation (the history,
replayed by ``deserialize_state``) restores it exactly, generator included.

>>> import pyspiel
>>> from chaos_tower.integrations import openspiel as ct_openspiel
>>> game = pyspiel.load_game("chaos_tower_solo", {"max_actions": 50})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 4096)
>>> state.apply_action(7)
>>> state.current_player(), state.action_to_string(state.legal_actions()[0])
(0, 'place 0,0 r0')
"""

from __future__ import annotations

from functools import cache
from typing import Any

import attrs
import numpy as np
import pyspiel

from .. import api
from ..kernel.errors import OptionError, SaveError
from . import DEFAULT_MAX_ACTIONS, Mode, mode, modes

__all__ = ["DEFAULT_MAX_ACTIONS", "DEFAULT_SEEDS", "ChaosTowerGame", "ChaosTowerState", "register_games"]


DEFAULT_SEEDS = 4096
"""Default number of outcomes of the initial chance node (the seeds ``0 .. seeds-1``)."""


def _mode(name: str) -> Mode:
    # Read from the registry each time (not cached): a mode's specs may change while a process
    # runs (a test adds an option to a registered mode), and a stale one would hide it.
    return mode(name)


@cache
def _cards(name: str) -> Any:
    return _mode(name).cards()


Params = tuple[tuple[str, Any], ...]
"""The mode's free options (:meth:`Mode.free_options`) as the game was loaded with them."""


def _start(name: str, seed: int, options: Params) -> Any:
    return api.new_game(_cards(name), seed=seed, **_mode(name).options, **dict(options))


def _parameters(name: str) -> dict[str, Any]:
    # OpenSpiel needs a bounded game and a default for each parameter: max_actions gets the
    # rules' own bound (the mode's max_length), else DEFAULT_MAX_ACTIONS; an option whose default
    # is None (Crest's teams, which the crest_duel_N_teams names choose) is not a parameter.
    free = {spec.name: spec.default for spec in _mode(name).free_options()}
    free["max_actions"] = _mode(name).facts.max_length or DEFAULT_MAX_ACTIONS
    return {"seeds": DEFAULT_SEEDS, **{k: v for k, v in free.items() if v is not None}}


def _game_type(short_name: str, players: int) -> Any:
    # The mode's facts (registry.ModeSpec): zero-sum where the variant's returns always sum to 0
    # (two sides), else general sum; chance and hidden information as the mode declares them.
    mode = _mode(short_name)
    if not mode.facts.chance:
        raise ValueError(f"{short_name}: the adapter's one chance node is the seed; this mode has no chance")
    zero_sum = mode.zero_sum
    utility = pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
    information = pyspiel.GameType.Information
    hidden = mode.facts.hidden_information
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"chaos_tower {short_name.removeprefix('chaos_tower_')}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information.IMPERFECT_INFORMATION if hidden else information.PERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(short_name),
    )


class ChaosTowerGame(pyspiel.Game):  # type: ignore[misc]
    """One mode of one of our games, as an OpenSpiel game.

    Parameters: ``seeds`` (the chance node's outcomes) and the mode's options that its name
    leaves open (``max_actions``; for VS ``extra_rule``, ``adjust_after_draw``, ``declare_when``,
    ``own_attribute_bluff``), checked by :func:`chaos_tower.new_game`
    (:class:`~chaos_tower.kernel.errors.OptionError` for a wrong type or value).
    """

    def __init__(self, short_name: str, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        defaults = _parameters(short_name)
        unknown = sorted(set(params) - set(defaults))
        if unknown:
            known = ", ".join(defaults)
            raise OptionError(f"{short_name}: no parameter {', '.join(unknown)}; it has {known}")
        self.seeds = params.get("seeds", DEFAULT_SEEDS)
        if type(self.seeds) is not int or self.seeds < 1:
            raise OptionError(f"seeds must be an int of at least 1, not {self.seeds!r}")
        self.options: Params = tuple(
            (name, params.get(name, default)) for name, default in defaults.items() if name != "seeds"
        )
        self.max_actions = dict(self.options)["max_actions"]
        self.short_name = short_name
        probe = _start(short_name, 0, self.options)  # checks every option before anything else
        rules = api.rules_of(probe)
        self.players = rules.players(probe)
        self.actions = len(api.action_space(probe))
        self.tensor_size = max(len(api.observation_tensor(probe, p)) for p in range(self.players))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions,
            max_chance_outcomes=self.seeds,
            num_players=self.players,
            min_utility=_mode(short_name).facts.utility[0],
            max_utility=_mode(short_name).facts.utility[1],
            utility_sum=0.0 if _mode(short_name).zero_sum else None,
            max_game_length=self.max_actions,
        )
        super().__init__(_game_type(short_name, self.players), info, params)

    def new_initial_state(self) -> ChaosTowerState:
        """The chance node that picks the seed."""
        return ChaosTowerState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """An observer: the observation (tensor and string), or with perfect recall the information state.

        Only one player's own view is offered (public and that player's private
        information): a public-only observer would carry the player's secrets (a
        hand, an attribute), and an all-players one is not made from one view.
        Other kinds raise :class:`ValueError`.
        """
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "only one player's own observation (public and single-player private information) is offered"
            )
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self, recall)


@attrs.frozen
class _Origin:
    """Where a resampled world starts: what its sampling player knew before, and the world itself.

    ``lines`` is that player's information state up to (not including) the
    observation of the world, ``own`` the indices of the actions it had played;
    ``world`` the world's save (:func:`chaos_tower.dumps`), for pickles.
    """

    player: int
    lines: tuple[str, ...]
    own: tuple[int, ...]
    world: str


class _Track:
    """The Python side of an OpenSpiel state: our frozen states so far, shared, never copied.

    ``trail`` holds each state of the game with who acted (-1: chance) and the
    action's number. Our states are immutable, so a deep copy (OpenSpiel's
    ``clone``) shares this object; a pickle (OpenSpiel's ``serialize_state``
    and ``pickle``) keeps the mode, the seed and the actions, replays them on
    loading, and checks the result against the saved final state, so the
    generator's state comes back exactly. A world drawn by
    ``resample_from_infostate`` starts from that world (``origin``) instead of
    the seed, and its pickle from the world's save.
    """

    __slots__ = ("name", "options", "origin", "trail")

    def __init__(
        self,
        name: str,
        options: Params,
        trail: tuple[tuple[Any, int, int], ...],
        origin: _Origin | None = None,
    ) -> None:
        self.name = name
        self.options = options
        self.trail = trail
        self.origin = origin

    @property
    def state(self) -> Any:
        """The current state, ``None`` before the seed is drawn."""
        return self.trail[-1][0] if self.trail else None

    def after(self, actor: int, action: int) -> _Track:
        """The track after ``actor`` played ``action`` (the seed when it is the chance player)."""
        if not self.trail:
            state = _start(self.name, action, self.options)
        else:
            state = api.apply(self.state, api.action_from_index(self.state, action))
        return _Track(self.name, self.options, (*self.trail, (state, actor, action)), self.origin)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Track:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        start = 0 if self.origin is None else 1  # a resampled world's first entry is the world
        moves = tuple((actor, action) for _, actor, action in self.trail[start:])
        final = None if self.state is None else api.dumps(self.state)
        return (_replay, (self.name, self.options, moves, final, self.origin))


def _replay(
    name: str,
    options: Params,
    moves: tuple[tuple[int, int], ...],
    final: str | None,
    origin: _Origin | None = None,
) -> _Track:
    track = _Track(name, options, ())
    if origin is not None:
        track = _Track(name, options, ((api.loads(origin.world, _cards(name)), _WORLD, -1),), origin)
    for actor, action in moves:
        track = track.after(actor, action)
    if final is not None and api.dumps(track.state) != final:
        raise SaveError("the replayed game does not reach the saved state")
    return track


_WORLD = -2
"""The actor of a resampled world's first entry (neither a player nor the seed's chance node)."""


def _information_lines(track: _Track, player: int) -> list[str]:
    # One line per observation since the seed, "> action" before each of the player's own
    # actions; a resampled world begins with what its sampler knew (other players: a marker,
    # since their recall before the world is not part of the sampler's knowledge).
    lines: list[str] = []
    if track.origin is not None:
        if player == track.origin.player:
            lines.extend(track.origin.lines)
        else:
            lines.append(f"(a world resampled for player {track.origin.player})")
    before = None
    for state, actor, action in track.trail:
        if actor == player and before is not None:
            lines.append(f"> {api.action_text(before, api.action_from_index(before, action))}")
        lines.append(str(api.observation(state, player)))
        before = state
    return lines


def _own_actions(track: _Track, player: int) -> list[int]:
    own = list(track.origin.own) if track.origin is not None and track.origin.player == player else []
    own.extend(action for _, actor, action in track.trail[1:] if actor == player)
    return own


class ChaosTowerState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping one of our frozen states (none yet at the initial chance node)."""

    def __init__(self, game: ChaosTowerGame) -> None:
        super().__init__(game)
        self.seeds = game.seeds
        self.players = game.players
        self.track = _Track(game.short_name, game.options, ())

    @property
    def state(self) -> Any:
        """Our state (:mod:`chaos_tower`'s), ``None`` before the seed is drawn."""
        return self.track.state

    # -- OpenSpiel's API ------------------------------------------------------

    def current_player(self) -> int:
        """The player to move, ``CHANCE`` before the seed is drawn, ``TERMINAL`` at the end."""
        state = self.track.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        player = api.current_player(state)
        return int(pyspiel.PlayerId.TERMINAL) if player is None else player

    def is_terminal(self) -> bool:
        """The game is over."""
        state = self.track.state
        return state is not None and api.is_terminal(state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The seeds, equally likely."""
        n = self.seeds
        return [(seed, 1.0 / n) for seed in range(n)]

    def _legal_actions(self, player: int) -> list[int]:
        state = self.track.state
        if state is None or api.current_player(state) != player:
            return []
        return sorted(api.action_index(state, a) for a in api.legal_actions(state))

    def _apply_action(self, action: int) -> None:
        state = self.track.state
        if state is None:
            if not 0 <= action < self.seeds:
                raise ValueError(f"the seed {action} is not among 0..{self.seeds - 1}")
            self.track = self.track.after(-1, action)
            return
        player = api.current_player(state)
        self.track = self.track.after(-1 if player is None else player, action)

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.track.state
        if state is None or player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return str(api.action_text(state, api.action_from_index(state, action)))

    def returns(self) -> list[float]:
        """Each player's result: 1 won, -1 lost, 0 neither or not over."""
        state = self.track.state
        if state is None:
            return [0.0] * self.players
        return list(api.returns(state))

    def __str__(self) -> str:
        state = self.track.state
        return "(seed not drawn yet)" if state is None else str(api.render_text(state))

    # -- what a player knows ----------------------------------------------------

    def information_state(self, player: int) -> str:
        """Everything ``player`` has seen: each observation since the seed, and their own actions."""
        return "\n".join(_information_lines(self.track, player))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ChaosTowerState:
        """A state ``player_id`` cannot tell from this one, drawn with :func:`chaos_tower.determinize`.

        The seed of the world is ``probability_sampler()`` (a number in [0, 1),
        as OpenSpiel's samplers give) scaled to 31 bits, so a seeded sampler
        gives the same worlds. The world has ``player_id``'s information state
        string and tensor, observation and legal actions; the other players'
        recall in it begins at the world. OpenSpiel's ``ISMCTSBot`` samples its
        worlds with this.
        """
        twin = ChaosTowerState(self.get_game())
        state = self.track.state
        if state is None:
            return twin
        seed = int(float(probability_sampler()) * (1 << 31)) % (1 << 31)
        world = api.determinize(state, player_id, seed)
        lines = _information_lines(self.track, player_id)[:-1]
        own = tuple(_own_actions(self.track, player_id))
        origin = _Origin(player_id, tuple(lines), own, api.dumps(world))
        twin.track = _Track(self.track.name, self.track.options, ((world, _WORLD, -1),), origin)
        return twin


class _Observer:
    """OpenSpiel's observer interface: ``tensor``, ``dict``, ``set_from`` and ``string_from``.

    The information-state tensor (perfect recall) is the observation tensor
    followed by how often the player has played each action, over the mode's
    ``max_actions``: the observation already carries the public record the
    rules keep (discards, what was shown), so what recall adds is the player's
    own choices. The order of those choices is not kept.
    """

    def __init__(self, game: ChaosTowerGame, recall: bool) -> None:
        self.recall = recall
        self.size = game.tensor_size
        self.scale = 1.0 / max(1, game.max_actions)
        self.tensor = np.zeros(self.size + (game.actions if recall else 0), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ChaosTowerState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s observation of ``state``, zero-padded to the game's size."""
        self.tensor.fill(0.0)
        if state.state is None:
            return
        values = api.observation_tensor(state.state, player)
        self.tensor[: len(values)] = values
        if self.recall:
            for action in _own_actions(state.track, player):
                self.tensor[self.size + action] += self.scale

    def string_from(self, state: ChaosTowerState, player: int) -> str:
        """The observation (or, with perfect recall, the information state) as text."""
        if state.state is None:
            return ""
        if self.recall:
            return state.information_state(player)
        return str(api.observation(state.state, player))


_REGISTERED: set[str] = set()


def register_games() -> tuple[str, ...]:
    """Register with OpenSpiel every mode of the registry not yet registered (importing this module
    registers those of then); a game registered later (``registry.register_game``) calls this
    once to be loadable with ``pyspiel.load_game``. Returns the names it registered."""
    # One subclass per mode: OpenSpiel calls the registered class with the parameters.
    # (A registered class, unlike a closure, is still alive when the interpreter shuts down.)
    added = []
    for entry in modes():
        if entry.name in _REGISTERED:
            continue
        players = entry.players
        if players is None:  # a name that fixes no player count: its first state says
            probe = _start(entry.name, 0, (("max_actions", 1),))
            players = api.rules_of(probe).players(probe)

        def init(self: ChaosTowerGame, params: dict[str, Any] | None = None) -> None:
            ChaosTowerGame.__init__(self, type(self).SHORT_NAME, params)

        name = "".join(part.title() for part in entry.name.split("_")) + "Game"
        cls = type(name, (ChaosTowerGame,), {"SHORT_NAME": entry.name, "__init__": init})
        globals()[name] = cls
        pyspiel.register_game(_game_type(entry.name, players), cls)
        _REGISTERED.add(entry.name)
        added.append(entry.name)
    return tuple(added)


register_games()
