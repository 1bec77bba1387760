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

from .. import api  # the package's import has registered every mode's start and options
from ..cardsets.loading import load_cardset
from ..kernel.options import OptionSpec

__all__ = ["MODES", "Mode"]


def _builtin_tower_set() -> Any:
    return load_cardset()


def _builtin_crest_set() -> Any:
    return load_cardset(game="crest")


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

    def free_options(self) -> tuple[OptionSpec, ...]:
        """The options of :func:`chaos_tower.new_game` that the name leaves open, in the mode's order:
        OpenSpiel's game parameters and PettingZoo's keywords (``max_actions``, ``extra_rule``, …)."""
        specs = api.option_specs(mode=self.options["mode"])[self.options["mode"]]
        return tuple(spec for spec in specs if spec.name not in self.options)


# Zero-sum: two seats (one won, one lost, or both neither: a VS2 draw or cut, a duel cut short) or two
# equal teams (the winning team's seats 1, the other's -1). With 3 or more sides one winner gets 1 and
# every other -1: general sum.
MODES: tuple[Mode, ...] = (
    Mode("chaos_tower_solo", {"mode": "solo"}),
    *(Mode(f"chaos_tower_vs{n}", {"mode": "vs", "players": n}, zero_sum=n == 2) for n in range(2, 6)),
    *(
        Mode(f"crest_duel_{n}", {"mode": "duel", "players": n}, cards=_builtin_crest_set, zero_sum=n == 2)
        for n in range(2, 7)
    ),
    *(
        Mode(
            f"crest_duel_{n}_teams",
            {"mode": "duel", "players": n, "teams": True},
            cards=_builtin_crest_set,
            zero_sum=True,
        )
        for n in (4, 6)
    ),
)
"""Every mode the adapters register, in order."""
