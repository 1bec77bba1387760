"""Tower of CHAOS described as data for :mod:`chaos_tower.registry`: its rules, card sets and modes."""

from __future__ import annotations

from ..registry import GameSpec, ModeSpec, Variant, register_game
from .cards import TowerCardSet
from .convert import tower_hooks
from .solo import serial as solo_serial
from .solo import view_codec as solo_views
from .solo.state import State
from .vs import observe as vs_observe
from .vs import serial as vs_serial
from .vs.state import VsState

__all__ = ["SPEC"]

SPEC = GameSpec(
    name="tower",
    title="Tower of CHAOS (CHAOSの塔)",
    rules_file="tower.yaml",
    rule_pattern=r"TOC-[A-Z0-9]+-(?:[0-9]+[A-Z]?|[A-Z])",
    cardset_type=TowerCardSet,
    schemas=("tower-cardset", "tower-cardset-part", "tower-vocabulary"),
    builtin="tower",
    converter_hooks=tower_hooks,
    modes=(
        ModeSpec(
            name="solo",
            state_type=State,
            save_format=solo_serial.FORMAT,
            view_format=solo_views.VIEW_FORMAT,
            variants=(Variant(name="chaos_tower_solo"),),
        ),
        ModeSpec(
            name="vs",
            state_type=VsState,
            save_format=vs_serial.FORMAT,
            view_format=vs_observe.VIEW_FORMAT,
            # Zero-sum with two seats (one won, one lost, or neither): TOC-VS2-031.
            variants=tuple(
                Variant(name=f"chaos_tower_vs{n}", options={"players": n}, zero_sum=n == 2)
                for n in range(2, 6)
            ),
        ),
    ),
)

register_game(SPEC)
