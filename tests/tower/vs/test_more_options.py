"""A VS option beyond the state's own fields is carried generically (issue 23, item 1).

The VS state holds its six options of today as fields (the rules read them on every action);
any other option of the mode's specs lives in its one record ``VsState.more``, which its save,
its one-line position, ``ct.options`` and its replays write and read through the kernel's option
helpers. The test registers the VS mode with one more option (its spec only) and plays it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

import chaos_tower as ct
from chaos_tower.app import replay
from chaos_tower.kernel.options import OptionSpec
from optionmode import mode_with_option

TABLE_TALK = OptionSpec(
    name="table_talk",
    types=(str,),
    default="none",
    allowed=("none", "open"),
    rule="TOC-VS2-029",
    doc="a synthetic reading: whether the players may talk about their attributes",
)


@pytest.fixture
def talking() -> Iterator[None]:
    """The Tower game registered with the VS mode given one more option; the games as they were after."""
    with mode_with_option("tower", "vs", TABLE_TALK):
        yield


def test_TOC_VS2_029_an_option_beyond_the_fields_survives_saves_notation_and_replays(talking: None) -> None:
    """TOC-VS2-029 (a synthetic reading): started with ``table_talk="open"``, a VS game keeps it
    through ``ct.options``, its save (a key of its own), its position (the ``opts`` word), a
    replay and play; a value the spec refuses is refused when loaded."""
    cards = ct.load_cardset()
    state = ct.new_game(cards, mode="vs", players=3, seed=4, table_talk="open")
    for action in ct.legal_actions(state)[:1]:
        state = ct.apply(state, action)
    assert ct.options(state)["table_talk"] == "open" and state.more["table_talk"] == "open"
    text = ct.dumps(state)
    assert json.loads(text)["position"]["table_talk"] == "open"
    assert ct.loads(text, cards) == state
    line = ct.to_notation(state)
    assert " opts=table_talk:open" in line and ct.from_notation(line, cards) == state
    with pytest.raises(ct.SaveError, match="table_talk is one of 'none', 'open', not 'shouting'"):
        data = json.loads(text)
        data["position"]["table_talk"] = "shouting"
        ct.loads(json.dumps(data), cards)
    with pytest.raises(ct.SaveError, match="table_talk is one of"):
        ct.from_notation(line.replace("table_talk:open", "table_talk:shouting"), cards)
    recorded = replay.record(cards, [], seed=4, mode="vs", players=3, table_talk="open")
    assert replay.verify(replay.loads(recorded.dumps()), cards).more["table_talk"] == "open"
    assert ct.options(ct.new_game(cards, mode="vs", players=2, seed=1))["table_talk"] == "none"


def test_without_more_options_the_save_and_position_are_as_before() -> None:
    """Today's VS mode has no option beyond its fields: no ``opts`` word, no extra key (the goldens hold)."""
    state = ct.new_game(ct.load_cardset(), mode="vs", players=2, seed=1)
    assert state.more.values == () and " opts=" not in ct.to_notation(state)
    assert "table_talk" not in ct.dumps(state)
