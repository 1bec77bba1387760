"""Adapters to other ecosystems: :mod:`.openspiel` (OpenSpiel) and :mod:`.pettingzoo` (AEC environments).

Each needs its optional extra (``pip install "chaos-tower[openspiel]"`` or
``"chaos-tower[pettingzoo]"``) and is imported by name; importing this package
imports neither. Both adapters, and ``bench/bench_modes.py``, serve the modes
of :data:`MODES`: one line per mode.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import field, frozen

from .. import registry
from ..cardsets.loading import load_cardset
from ..kernel.options import OptionSpec
from ..registry import ModeSpec

__all__ = ["DEFAULT_MAX_ACTIONS", "MODES", "Mode", "mode", "modes"]

DEFAULT_MAX_ACTIONS = 1000
"""The adapters' ``max_actions`` for a mode whose rules set no bound (``ModeSpec.max_length``):
OpenSpiel needs a bounded game length, and the manuals set none."""


def _builtin_tower_set() -> Any:
    return load_cardset()


@frozen
class Mode:
    """One mode as the adapters offer it: a name, the :func:`chaos_tower.new_game` keywords, a card set."""

    name: str
    """The name in OpenSpiel (``pyspiel.load_game(name)``) and PettingZoo (``env(name)``)."""
    options: dict[str, Any] = field(factory=dict)
    """The keywords of :func:`chaos_tower.new_game` fixed by the mode's name (``mode``, ``players``,
    ``teams``); the mode's other options are the adapters' game parameters (:meth:`free_options`)."""
    cards: Callable[[], Any] = field(default=_builtin_tower_set, eq=False)
    """Returns the card set to play with (default: the built-in Tower set)."""
    zero_sum: bool = False
    """Every ending's returns sum to 0: two sides, one wins what the other loses (or neither)."""
    spec: ModeSpec | None = field(default=None, eq=False, repr=False)
    """The registry's mode, whose facts (players, chance, hidden information, utility, maximum
    length) the adapters read; ``None`` for a mode made by hand: the facts' defaults."""

    @property
    def facts(self) -> ModeSpec:
        """The mode's facts: its registered :class:`~chaos_tower.registry.ModeSpec`."""
        if self.spec is not None:
            return self.spec
        game = registry.game_of_cards(type(self.cards()))
        if game is None:
            raise ValueError(f"{self.name}: its card set is no registered game's")
        return game.mode(self.options["mode"])

    @property
    def players(self) -> int | None:
        """The number of players the name fixes (its ``players`` option, or the mode's only count)."""
        fixed = self.options.get("players")
        low, high = self.facts.players
        return fixed if isinstance(fixed, int) else low if low == high else None

    def free_options(self) -> tuple[OptionSpec, ...]:
        """The options of :func:`chaos_tower.new_game` that the name leaves open, in the mode's order:
        OpenSpiel's game parameters and PettingZoo's keywords (``max_actions``, ``extra_rule``, …)."""
        # The mode's own specs (its ModeSpec), not looked up by the mode's name: two games may both
        # have a mode called "duel".
        return tuple(spec for spec in self.facts.options if spec.name not in self.options)


def _builtin_set(game: str) -> Callable[[], Any]:
    if game == registry.default_game().name:
        return _builtin_tower_set  # the Mode default, so that the Tower's modes compare as before
    load: Callable[..., Any] = load_cardset  # any registered game's name, not only the typed ones
    return lambda: load(game=game)


def modes() -> tuple[Mode, ...]:
    """Every mode the adapters serve, read from the registry now: each game's spec lists its
    adapter variants (with zero_sum), in the order the games and modes were registered; a game
    registered after this package was imported is among them."""
    return tuple(
        Mode(
            variant.name,
            {"mode": spec_mode.name, **variant.options},
            cards=_builtin_set(spec.name),
            zero_sum=variant.zero_sum,
            spec=spec_mode,
        )
        for spec in registry.games()
        for spec_mode in spec.modes
        for variant in spec_mode.variants
    )


def mode(name: str) -> Mode:
    """The adapter mode called ``name``; :class:`ValueError` naming the known ones if none is."""
    found = modes()
    for candidate in found:
        if candidate.name == name:
            return candidate
    raise ValueError(f"unknown mode {name!r}; known: {', '.join(m.name for m in found)}")


MODES: tuple[Mode, ...] = modes()
"""Every mode the adapters serve, as registered when this package was first imported (the built-in
games and installed packages' games); :func:`modes` reads the registry again."""
