"""Crest Duel described as data for :mod:`chaos_tower.registry`: its rules, card sets and mode."""

from __future__ import annotations

from ..registry import GameSpec, ModeSpec, Variant, register_game
from . import serial, view_codec
from .cards import CrestCardSet
from .convert import crest_hooks
from .state import CrestState

__all__ = ["SPEC"]

SPEC = GameSpec(
    name="crest",
    title="Crest Duel (紋章使い)",
    rules_file="crest.yaml",
    rule_pattern=r"CRD-[A-Z]+-[A-Z0-9]+",
    cardset_type=CrestCardSet,
    schemas=("crest-cardset", "crest-cardset-part"),
    builtin="crest",
    converter_hooks=crest_hooks,
    modes=(
        ModeSpec(
            name="duel",
            state_type=CrestState,
            save_format=serial.FORMAT,
            view_format=view_codec.VIEW_FORMAT,
            # Zero-sum with two seats, or two equal teams (the winning team's seats 1, the other's -1).
            variants=(
                *(
                    Variant(name=f"crest_duel_{n}", options={"players": n}, zero_sum=n == 2)
                    for n in range(2, 7)
                ),
                *(
                    Variant(
                        name=f"crest_duel_{n}_teams", options={"players": n, "teams": True}, zero_sum=True
                    )
                    for n in (4, 6)
                ),
            ),
        ),
    ),
)

register_game(SPEC)
