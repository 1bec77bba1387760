"""Crest Duel described as data for :mod:`chaos_tower.registry`: its rules, card sets and mode."""

from __future__ import annotations

from typing import Any

from ..cardsets.refs import crest_reference_issues
from ..registry import GameSpec, HandOver, ModeSpec, Variant, register_game
from . import front
from .agents import KIT
from .cards import CrestCardSet
from .checks import crest_issues
from .convert import crest_hooks
from .labfacts import crest_facts
from .lints import crest_lints
from .standins import crest_standins
from .state import CrestState


def _references(data: dict[str, Any], **kw: Any) -> list[Any]:
    return crest_reference_issues(data, **kw)


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
    checks=crest_issues,
    lints=crest_lints,
    raw_references=_references,
    standins=crest_standins,
    facts=crest_facts,
    mode_error="Crest Duel has no --mode, --extra-rule or VS readings",
    modes=(
        ModeSpec(
            name="duel",
            state_type=CrestState,
            rules=front.CREST,
            start=front.start,
            options=front.OPTIONS,
            view=front.CREST_VIEW,
            secrets_between_seats=True,  # CRD-START-C: each wielder's hand is their own
            hand_over=HandOver(banner="==== seat {p}: take the keyboard (others, look away) ===="),
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
            players=(2, 6),
            team_players=(4, 6),  # two equal teams
            agents=("random", "greedy", "heuristic", "mcts", "mcts-cheat"),
            agent_kit=KIT,
            label="Crest Duel",
            cli_aliases=("solo",),  # --mode solo was play's default for every game
            stray_flags="Crest Duel has no --mode, --extra-rule or VS readings",
        ),
    ),
)

register_game(SPEC)
