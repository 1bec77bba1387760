"""The AI guide's table of agents by mode is what tools/gen_agent_table.py writes from the registry
(issue 24 item 6): run the tool after a mode gains or loses an agent."""

from __future__ import annotations

import attrs

from chaos_tower import registry
from toolmodule import load_tool


def test_the_agent_table_in_the_ai_guide_is_fresh() -> None:
    tool = load_tool("gen_agent_table")
    text = tool.GUIDE.read_text(encoding="utf-8")
    assert tool.rewritten(text) == text, "stale: run python tools/gen_agent_table.py"
    for game in ("tower", "crest"):
        for mode in registry.game(game).modes:
            row = next(line for line in text.splitlines() if line.startswith(f"| {game} {mode.name} |"))
            assert row.count("yes") == len(mode.agents), (game, mode.name)


def test_an_agent_a_mode_drops_leaves_the_table() -> None:
    """The table is read from ``ModeSpec.agents``: a mode that no longer lists an agent shows a dash."""
    tool = load_tool("gen_agent_table")
    crest = registry.game("crest")
    (duel,) = crest.modes
    fewer = attrs.evolve(crest, modes=(attrs.evolve(duel, agents=("random", "mcts")),))
    before = tool.block()
    registry._GAMES["crest"] = fewer
    try:
        after = tool.block()
    finally:
        registry._GAMES["crest"] = crest
    row = next(line for line in after.splitlines() if line.startswith("| crest duel |"))
    assert row.count("yes") == 2 and before != after
