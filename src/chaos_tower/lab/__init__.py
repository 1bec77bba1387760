"""The designer's lab: play a card set many times, in parallel, and see what it does.

>>> from chaos_tower import lab
>>> spec = lab.RunSpec(games=4, seed=1)
>>> spec.rules, spec.seat_agents()
('tower-solo', ('random',))

:func:`run` plays a :class:`RunSpec` into a results directory (Parquet rows,
one per game, and a JSON run record); :mod:`chaos_tower.lab.stats` and
:mod:`chaos_tower.lab.report` turn the rows into intervals, tables and plots.
It needs the ``[lab]`` extra (pyarrow, matplotlib, rich, dask[distributed]).
"""

from __future__ import annotations

from .agents import AGENTS, make_agent, register_agent
from .spec import CardSource, LabError, RunSpec, agent_seed, game_seed

__all__ = [
    "AGENTS",
    "CardSource",
    "LabError",
    "RunResult",
    "RunSpec",
    "agent_seed",
    "game_seed",
    "make_agent",
    "read_games",
    "register_agent",
    "run",
]


def __getattr__(name: str) -> object:
    # pyarrow is imported only when rows are played or read, so the CLI and the spec work without it.
    if name in ("run", "RunResult"):
        from . import runner

        return getattr(runner, name)
    if name == "read_games":
        from .results import read_games

        return read_games
    raise AttributeError(name)
