"""Random reachable states of every mode, for the capability tests (notation, views, layout, determinize)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

from attrs import frozen
from hypothesis import strategies as st

import chaos_tower as ct
from chaos_tower.crest.invariants import violations as crest_violations
from chaos_tower.tower.solo.invariants import violations as solo_violations
from chaos_tower.tower.vs.invariants import violations as vs_violations

MODES = (
    "solo",
    "vs2",
    "vs3",
    "vs4",
    "vs5",
    "crest2",
    "crest3",
    "crest4",
    "crest4-teams",
    "crest5",
    "crest6",
    "crest6-teams",
)
"""Every mode the front door plays, by player count (and Crest's teams)."""


@cache
def tower_cards() -> ct.TowerCardSet:
    return ct.load_cardset()


@cache
def crest_cards() -> ct.CrestCardSet:
    return ct.load_cardset(game="crest")


def cards_of(mode: str) -> Any:
    return crest_cards() if mode.startswith("crest") else tower_cards()


def start(mode: str, seed: int, variant: int = 0) -> Any:
    """A new game of ``mode``; ``variant`` picks among the options (VS readings, limits)."""
    if mode == "solo":
        return ct.new_game(tower_cards(), seed=seed, max_actions=(None, 400)[variant % 2])
    if mode.startswith("vs"):
        return ct.new_game(
            tower_cards(),
            mode="vs",
            players=int(mode[2:]),
            seed=seed,
            extra_rule=bool(variant & 1),
            adjust_after_draw=("drawer", "all")[variant >> 1 & 1],
            declare_when=("own_turn", "any_time")[variant >> 2 & 1],
            own_attribute_bluff=bool(variant >> 3 & 1),
        )
    players = int(mode[5])
    return ct.new_game(crest_cards(), players=players, teams=True if "teams" in mode else None, seed=seed)


def play(state: Any, steps: int, chooser: random.Random) -> Any:
    """``state`` after up to ``steps`` random legal actions (fewer if the game ends)."""
    for _ in range(steps):
        legal = ct.legal_actions(state)
        if not legal:
            break
        state = ct.apply(state, chooser.choice(legal))
    return state


@frozen(kw_only=True)
class Case:
    """A mode and the recipe of a state reached in it by random play (short to print)."""

    mode: str
    seed: int
    variant: int
    steps: int
    pick: int

    @property
    def state(self) -> Any:
        return play(start(self.mode, self.seed, self.variant), self.steps, random.Random(self.pick))

    @property
    def cards(self) -> Any:
        return cards_of(self.mode)


@st.composite
def reachable(draw: st.DrawFn, modes: tuple[str, ...] = MODES) -> Case:
    """A mode and a state reached in it by random play."""
    mode = draw(st.sampled_from(modes))
    return Case(
        mode=mode,
        seed=draw(st.integers(0, 2**32)),
        variant=draw(st.integers(0, 15)),
        steps=draw(st.integers(0, 120 if mode.startswith("crest") else 60)),
        pick=draw(st.integers(0, 2**16)),
    )


def players_of(state: Any) -> range:
    return range(ct.rules_of(state).players(state))


def violations(state: Any) -> list[str]:
    """The game's invariants."""
    checks: dict[type, Callable[[Any], list[str]]] = {
        ct.State: solo_violations,
        ct.VsState: vs_violations,
        ct.CrestState: crest_violations,
    }
    return checks[type(state)](state)
