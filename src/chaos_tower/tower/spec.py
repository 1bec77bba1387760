"""Tower of CHAOS described as data for :mod:`chaos_tower.registry`: its rules, card sets and modes."""

from __future__ import annotations

from typing import Any

from ..cardsets.refs import tower_reference_issues
from ..registry import GameSpec, HandOver, ModeSpec, Variant, register_game
from .cards import TowerCardSet
from .checks import semantic_issues
from .convert import tower_hooks
from .labfacts import tower_facts
from .lints import tower_lints
from .solo import front as solo
from .solo.agents.kit import KIT as SOLO_KIT
from .solo.state import State
from .standins import tower_standins
from .vs import front as vs
from .vs.agents import KIT as VS_KIT
from .vs.state import VsState


def _references(data: dict[str, Any], **kw: Any) -> list[Any]:
    return tower_reference_issues(data, **kw)


__all__ = ["SPEC"]


def _rule_page(rule: str) -> str:
    """A Tower rule's docs page: its section's (TOC-STEP-03 on rules/step.html)."""
    return rule.split("-")[1].lower()


SPEC = GameSpec(
    name="tower",
    title="Tower of CHAOS (CHAOSの塔)",
    rules_file="tower.yaml",
    rule_pattern=r"TOC-[A-Z0-9]+-(?:[0-9]+[A-Z]?|[A-Z])",
    cardset_type=TowerCardSet,
    schemas=("tower-cardset", "tower-cardset-part", "tower-vocabulary"),
    builtin="tower",
    converter_hooks=tower_hooks,
    checks=semantic_issues,
    lints=tower_lints,
    raw_references=_references,
    standins=tower_standins,
    facts=tower_facts,
    rule_page=_rule_page,
    mode_error="--mode: the Tower plays {modes}, not {mode!r}",
    modes=(
        ModeSpec(
            name="solo",
            state_type=State,
            rules=solo.SOLO,
            start=solo.start,
            options=solo.OPTIONS,
            view=solo.SOLO_VIEW,
            variants=(Variant(name="chaos_tower_solo"),),
            agent_max_actions=2000,
            players=(1, 1),  # one player against the tower; the shuffled deck is the chance, and hidden
            agents=("random", "greedy", "heuristic", "mcts", "rollout", "mcts-cheat", "oracle-cheat"),
            agent_kit=SOLO_KIT,
            label="the solo game",
            stray_flags="--extra-rule and the VS readings belong to --mode vs",
        ),
        ModeSpec(
            name="vs",
            state_type=VsState,
            rules=vs.VS,
            start=vs.start,
            options=vs.OPTIONS,
            view=vs.VS_VIEW,
            secrets_between_seats=True,  # TOC-VS2-020, TOC-VS2-023: attributes and items are secret
            # Every decision is handed over: a VS turn's draw and adjustment are secret (TOC-VS2-027).
            hand_over=HandOver(
                word="player",
                banner="=== player {p}, your turn (everyone else, look away) ===",
                every_decision=True,
                news="the deal:",
            ),
            # Zero-sum with two seats (one won, one lost, or neither): TOC-VS2-031.
            variants=tuple(
                Variant(name=f"chaos_tower_vs{n}", options={"players": n}, zero_sum=n == 2)
                for n in range(2, 6)
            ),
            players=(2, 5),
            # simple: VS's rule of thumb (its own player, the heuristic rung too)
            agents=("random", "greedy", "heuristic", "simple", "mcts", "mcts-cheat"),
            agent_kit=VS_KIT,
            label="--mode vs",
            cli_flags=("extra_rule", "adjust_after_draw", "declare_when", "own_attribute_bluff"),
        ),
    ),
)

register_game(SPEC)
