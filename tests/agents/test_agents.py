"""The agent ladder (issue 14): heuristic agent, MCTS, oracle, registry, ``play --agent mcts``."""

from __future__ import annotations

import collections
import itertools
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower import registry
from chaos_tower.agents import AGENTS, MctsAgent, PlayerAgent, RandomAgent, decide, decision, make_agent, play
from chaos_tower.app.cli import main
from chaos_tower.tower.solo.agents import GreedyAgent, HeuristicAgent, dead_end, oracle
from chaos_tower.tower.solo.agents.greedy import _position

CARDS = ct.load_cardset()


def test_old_agent_names_still_import_from_where_they_were() -> None:
    """The solo players' old names in chaos_tower.agents still answer, warning (issue 23 item 3:
    they moved into the Tower game), and the VS and Crest agent modules stay."""
    from chaos_tower.agents import Agent  # noqa: F401
    from chaos_tower.crest.agents import CrestGreedyAgent, CrestRandomAgent, crest_score  # noqa: F401
    from chaos_tower.tower.solo import agents as solo
    from chaos_tower.tower.vs.agents import RandomVsAgent, SimpleVsAgent, play_game  # noqa: F401

    for name in ("GreedyAgent", "HeuristicAgent", "score", "quick_score", "oracle", "OracleResult"):
        old = rf"^chaos_tower\.agents\.{name} is an old path, removed in"
        with pytest.warns(DeprecationWarning, match=old):
            assert getattr(ct.agents, name) is getattr(solo, name)
    assert set(AGENTS) == {"random", "greedy", "heuristic", "mcts", "rollout", "mcts-cheat"}


def test_TOC_OVER_01_heuristic_agent_does_not_walk_in_circles() -> None:
    """TOC-OVER-01 sets no move limit: the heuristic agent makes no position a third time while
    an action that does not lose at once makes a fresher one (only dead ends repeat)."""
    avoidable = 0
    for seed in range(25):
        state = ct.new_game(CARDS, seed=seed, max_actions=300)
        agent = make_agent("heuristic", 0, seed)
        made: collections.Counter[tuple[object, ...]] = collections.Counter()
        while not ct.is_terminal(state):
            action = decide(agent, state)
            after = ct.apply(state, action)
            if after.result is not None and dead_end(state):
                break  # the loss taken where no way on is left: no circle walked (agents.deadend)
            if made[_position(after)] >= 2:
                others = [ct.apply(state, a) for a in ct.legal_actions(state)]
                fresher = [
                    o
                    for o in others
                    if made[_position(o)] < 2 and not (o.result is not None and o.result.result == "lost")
                ]
                avoidable += bool(fresher)
            made[_position(after)] += 1
            state = after
    assert avoidable == 0


def test_TOC_OVER_01_the_old_greedy_agent_did_walk_in_circles_on_the_readme_seed() -> None:
    """TOC-OVER-01: the old demo (greedy, seed 1) shuttles between two rooms; the heuristic and the
    greedy agent with ``fresh`` (its default) do not."""

    def shuttles(agent: object) -> int:
        state = ct.new_game(CARDS, seed=1, max_actions=150)
        moves = [ct.action_text(s, a) for a, s in play(state, agent)]  # type: ignore[arg-type]
        return sum(1 for a, b in itertools.pairwise(moves) if {a, b} == {"move e", "move w"})

    assert shuttles(PlayerAgent(GreedyAgent(1, fresh=False))) > 100
    assert shuttles(PlayerAgent(GreedyAgent(1))) < 10
    assert shuttles(PlayerAgent(HeuristicAgent(1))) < 10


def test_heuristic_agent_is_no_weaker_than_greedy_on_the_same_seeds() -> None:
    """Cheaper evaluation, not weaker play: over seeds 0-59 it climbs at least as high on average as the
    greedy agent as it was (``fresh=False``; the greedy agent that does not walk in circles climbs higher)."""

    def floors(make: Callable[[int], Any]) -> float:
        total = 0
        for seed in range(60):
            state = ct.new_game(CARDS, seed=seed, max_actions=150)
            top = 0
            for _action, after in play(state, make(seed)):
                top = max(top, after.level)
            total += top
        return total / 60

    assert floors(lambda seed: PlayerAgent(HeuristicAgent(seed))) >= floors(
        lambda seed: PlayerAgent(GreedyAgent(seed, fresh=False))
    )


def test_readme_demo_is_a_real_game() -> None:
    """The README's first command (heuristic, seed 72) wins in under 100 actions, without shuttling."""
    state = ct.new_game(CARDS, seed=72, max_actions=2000)
    moves = list(play(state, PlayerAgent(HeuristicAgent(72))))
    last = moves[-1][1]
    assert ct.outcome(last).result == "won"
    assert len(moves) < 100
    made = collections.Counter(_position(s) for _a, s in moves)
    assert max(made.values()) <= 2


def test_mcts_budget_counts_simulations_and_seconds() -> None:
    """A simulation budget runs exactly that many; a time budget stops (anytime) and still answers."""
    state = ct.apply(ct.new_game(CARDS, seed=7), ct.Place(cell=0, rotation=0))
    agent = MctsAgent(3, simulations=25)
    assert decide(agent, state) in ct.legal_actions(state)
    assert agent.last_simulations == 25
    timed = MctsAgent(3, simulations=None, seconds=0.05)
    assert decide(timed, state) in ct.legal_actions(state)
    assert timed.last_simulations >= 1
    with pytest.raises(ValueError, match="budget"):
        MctsAgent(0, simulations=None)
    with pytest.raises(ValueError, match="simulations"):
        MctsAgent(0, simulations=0)


def test_mcts_avoids_an_action_that_loses_at_once() -> None:
    """TOC-OVER-01: with a few simulations, MCTS does not walk off the floor when another way is open."""
    state = ct.apply(ct.new_game(CARDS, seed=7), ct.Place(cell=0, rotation=0))
    action = decide(MctsAgent(1, simulations=40), state)
    after = ct.apply(state, action)
    assert after.result is None


def test_mcts_starts_from_the_heuristic_agents_choice() -> None:
    """The prior: with one simulation MCTS plays what the mode's heuristic player plays in the
    decision's world, in VS and Crest Duel.

    The search then has to find a better action before it leaves it; with the
    prior off, its single simulation tries an action at random.
    """
    tower, crest = ct.load_cardset(), ct.load_cardset(game="crest")
    states = [
        ct.new_game(tower, seed=2, mode="vs", players=2),
        ct.new_game(crest, seed=2, players=2),
    ]
    differs = 0
    for state in states:
        for seed in range(6):
            state_now = state
            for _ in range(seed):
                if not ct.is_terminal(state_now):
                    state_now = ct.apply(state_now, ct.legal_actions(state_now)[-1])
            if ct.is_terminal(state_now):
                continue
            # The agent's generator gives the decision's, which seeds the heuristic agent it asks.
            draws = random.Random(random.Random(seed).getrandbits(64))
            kit = registry.mode_of(type(state_now)).agent_kit
            assert kit is not None
            hint = kit.heuristic(draws.getrandbits(32)).choose_in(decision(state_now).world())
            assert decide(MctsAgent(seed, simulations=1), state_now) == hint
            differs += decide(MctsAgent(seed, simulations=1, prior=0), state_now) != hint
    assert differs > 0


def test_mcts_refuses_unknown_playouts_and_negative_priors() -> None:
    """A playout policy it does not know, or a negative prior, is a clear ValueError at once."""
    with pytest.raises(ValueError, match="playout"):
        MctsAgent(0, playout="smart")
    with pytest.raises(ValueError, match="prior"):
        MctsAgent(0, prior=-1.0)
    assert isinstance(make_agent("mcts", playout="random", prior=0.0), MctsAgent)


def test_oracle_finds_a_replayable_win_and_misses_are_honest() -> None:
    """The oracle's winning line replays to a win from the true deck; a tiny budget says it ran out."""
    seed = 72  # the heuristic agent wins it (the README demo), so the probes find a win
    result = oracle(ct.new_game(CARDS, seed=seed, max_actions=600), beam=8, nodes=60_000)
    assert result.won
    state = ct.new_game(CARDS, seed=seed, max_actions=600)
    for action in result.actions:
        state = ct.apply(state, action)
    assert ct.outcome(state).result == "won"
    small = oracle(ct.new_game(CARDS, seed=seed, max_actions=600), beam=4, nodes=30)
    assert not small.won and small.exhausted and small.nodes == 30
    with pytest.raises(TypeError, match="solo"):
        oracle(ct.new_game(CARDS, seed=1, mode="vs", players=2))  # type: ignore[arg-type]


def test_registry_factories_take_seat_seed_and_params() -> None:
    """AGENTS[name](seat, seed, **params): seeded like the classes, parameters passed on."""
    state = ct.new_game(CARDS, seed=4, max_actions=30)
    first = [a for a, _ in play(state, AGENTS["random"](0, 9))]
    assert first == [a for a, _ in play(state, RandomAgent(9))]
    agent = AGENTS["mcts"](0, 2, budget=5)
    assert isinstance(agent, MctsAgent)
    decide(agent, ct.apply(state, ct.legal_actions(state)[0]))
    assert agent.last_simulations == 5


def test_unknown_agent_names_and_parameters_are_refused() -> None:
    """A name or parameter the registry does not know is a clear ValueError, not a silent default."""
    with pytest.raises(ValueError, match="unknown agent 'strong'"):
        make_agent("strong")
    with pytest.raises(ValueError, match="no parameter depth"):
        make_agent("mcts", depth=3)
    with pytest.raises(ValueError, match="no parameter simulations"):
        make_agent("random", simulations=3)


def test_cli_plays_the_solo_game_with_mcts_and_a_budget(capsys: pytest.CaptureFixture[str]) -> None:
    """`chaos-tower play --agent mcts --budget N` plays a whole (capped) solo game."""
    code = main(["play", "--agent", "mcts", "--budget", "5", "--seed", "2", "--max-actions", "20", "--quiet"])
    assert code == 0
    assert capsys.readouterr().out.startswith("result: ")


def test_cli_refuses_a_budget_without_mcts(capsys: pytest.CaptureFixture[str]) -> None:
    """--budget belongs to --agent mcts; a bad one is refused with exit code 2 before any game."""
    assert main(["play", "--agent", "random", "--budget", "5"]) == 2
    assert main(["play", "--agent", "mcts", "--budget", "0"]) == 2
    assert "--budget" in capsys.readouterr().err


def test_the_ladder_resumes_from_its_journal(tmp_path: Path) -> None:
    """bench/ladder.py --log: every game is journaled as it ends; a second run reads them back and
    fits the same ratings without playing (a game planted in the journal is taken as written)."""
    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "bench"))
    try:
        import ladder

        log = tmp_path / "ladder.jsonl"
        first = ladder.League("crest2", [2], log=log)
        ratings = first.play(2, 0, 0.1)
        lines = log.read_text(encoding="utf-8").splitlines()
        assert len(lines) == len(first.games) == 2 * 2 * 3
        again = ladder.League("crest2", [2], log=log)
        assert again.play(2, 0, 0.1)["mcts 2"].elo == ratings["mcts 2"].elo
        assert again.games == first.games and log.read_text(encoding="utf-8").splitlines() == lines
        planted = [json.loads(line) for line in lines]
        for entry in planted:
            entry["result"][0] = 1.0 if entry["task"][3] == "random" else 0.0  # random wins every game
        log.write_text("".join(json.dumps(e) + "\n" for e in planted), encoding="utf-8")
        upset = ladder.League("crest2", [2], log=log)
        assert upset.play(2, 0, 0.1)["heuristic"].elo < 0
    finally:
        sys.path.remove(str(root / "bench"))


def test_the_ladder_and_speed_scripts_run() -> None:
    """bench/ladder.py and tools/agent_speed.py work at a tiny size (the figures are the guide's business)."""
    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "bench"))
    sys.path.insert(0, str(root / "tools"))
    try:
        import agent_speed
        import ladder

        league = ladder.League("crest2", [2])
        ratings = league.play(1, 0, 0.1)
        assert len(league.games) == 2 * 3  # three pairs of rungs, both seatings of seed 0
        assert ratings["random"].elo == 0.0
        assert any("mcts 2" in line for line in league.table(ratings))
        solo = ladder.League("solo", [2])
        solo.play(1, 1, 0.2)
        assert {a for a, _, _ in solo.games} >= {"random", ladder.ORACLE}
        assert [label for label, _ in solo.ladder][-1] == "rollout 2"  # the solo search rung
        totals = agent_speed.measure(1, 30)
        assert totals["heuristic"]["games"] == 1
    finally:
        sys.path.remove(str(root / "bench"))
        sys.path.remove(str(root / "tools"))
