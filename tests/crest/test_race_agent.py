"""MCTS's Crest leaf value (issue 24 item 1): the HP race beside the heuristic's score."""

from __future__ import annotations

import chaos_tower as ct
from chaos_tower.crest.agents import KIT, _damage, crest_score, evaluate, evaluate_race, race

from .helpers import arrange, monster

GORGATH = monster("gorgath")  # DX 6, MDX 2, RG 3, marks fang fang eye


def test_CRD_BEAST_A_the_race_counts_what_each_stack_deals_a_turn() -> None:
    """CRD-BEAST-A: every stack is used each beast phase, so a side with the stacks that deal more
    damage a turn lasts longer in the race, at equal HP; the damage is the crests' DX terms."""
    armed = arrange(marks={0: {0: ["fang-crest", "rending-crest"], 1: ["fang-crest"]}}, phase="beast")
    bare = arrange(phase="beast")
    # fang: DX; rending: DX + 2; a second fang: DX.
    assert _damage(armed, 0) == GORGATH.dx + (GORGATH.dx + 2) + GORGATH.dx
    assert _damage(bare, 0) == 0
    assert race(armed, 0) > 0 > race(armed, 1)
    assert abs(race(bare, 0) + race(bare, 1)) < 1e-9
    # The leaf value ranks the armed seat above the bare one by more than the score alone does.
    plain, raced = evaluate(armed), evaluate_race(armed)
    assert raced[0] - raced[1] > plain[0] - plain[1] > 0
    assert crest_score(armed, 0) > crest_score(bare, 0)


def test_the_race_value_is_a_value_and_the_result_when_over() -> None:
    """Each seat's leaf value is in 0..1, and a finished game's is its returns scaled to 0..1."""
    crest = ct.load_cardset(game="crest")
    state = ct.new_game(crest, players=2, seed=4, max_actions=400)
    while not ct.is_terminal(state):
        assert all(0.0 <= v <= 1.0 for v in evaluate_race(state))
        state = ct.apply(state, KIT.heuristic(4).choose_in(state))
    assert evaluate_race(state) == tuple((r + 1.0) / 2.0 for r in ct.returns(state))
    assert KIT.evaluate is evaluate_race
