"""A solo option beyond the state's own fields is carried generically (issue 23, item 1).

The solo state holds its three options of today as fields (the rules read them on every action);
any other option of the mode's specs lives in its one record ``State.more``, which its save (the
position inside it), its one-line position, its player's view, ``ct.options`` and its replays
write and read through the kernel's option helpers. The test registers the solo mode with one
more option (its spec only, no engine edit) and plays it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

import chaos_tower as ct
from chaos_tower.app import replay
from chaos_tower.app.cli import _parser
from chaos_tower.app.table import open_table
from chaos_tower.kernel.options import OptionSpec
from optionmode import mode_with_option

LANTERN = OptionSpec(
    name="lantern",
    types=(str,),
    default="none",
    allowed=("none", "dim", "bright"),
    rule="TOC-STEP-02",
    doc="a synthetic reading: how brightly the player's lantern shines",
)


@pytest.fixture
def lit() -> Iterator[None]:
    """The Tower game registered with the solo mode given one more option; the games as they were after."""
    with mode_with_option("tower", "solo", LANTERN):
        yield


def test_TOC_STEP_02_an_option_beyond_the_fields_survives_saves_notation_views_and_replays(lit: None) -> None:
    """TOC-STEP-02 (a synthetic reading): started with ``lantern="dim"``, a solo game keeps it
    through play, ``ct.options``, its save, its position (the ``opts`` word), its player's saved
    view and a replay; a value the spec refuses is refused when loaded."""
    cards = ct.load_cardset()
    state = ct.new_game(cards, seed=4, lantern="dim", da_order="sequential")
    for _ in range(3):
        state = ct.apply(state, ct.legal_actions(state)[0])
    assert ct.options(state)["lantern"] == "dim" and state.more["lantern"] == "dim"
    assert ct.options(state)["da_order"] == "sequential"
    text = ct.dumps(state)
    assert ct.loads(text, cards) == state and ct.loads(text, cards).more["lantern"] == "dim"
    line = ct.to_notation(state)
    assert " opts=lantern:dim" in line and ct.from_notation(line, cards) == state
    with pytest.raises(ct.SaveError, match="lantern is one of 'none', 'dim', 'bright', not 'blinding'"):
        ct.from_notation(line.replace("lantern:dim", "lantern:blinding"), cards)
    with pytest.raises(ct.SaveError, match="lantern is one of"):
        data = json.loads(text)
        data["position"] = data["position"].replace("lantern:dim", "lantern:blinding")
        ct.loads(json.dumps(data), cards)
    short = ct.from_notation(line.replace(" opts=lantern:dim", ""), cards)
    assert short.more["lantern"] == "none"  # a hand-written position may leave the options out
    view = ct.observation(state, 0)
    saved = ct.dumps(view)
    assert json.loads(saved)["lantern"] == "dim" and ct.loads(saved, cards) == view
    with pytest.raises(ct.SaveError, match="lantern is one of"):
        ct.loads(saved.replace('"lantern":"dim"', '"lantern":"blinding"'), cards)
    recorded = replay.record(cards, [], seed=4, lantern="bright")
    assert replay.verify(replay.loads(recorded.dumps()), cards).more["lantern"] == "bright"
    assert ct.options(ct.new_game(cards, seed=1))["lantern"] == "none"
    with pytest.raises(ct.OptionError, match="lantern is one of"):
        ct.new_game(cards, seed=1, lantern="blinding")


def test_the_option_is_a_flag_of_play(lit: None) -> None:
    """The flag ``--lantern`` is made from the spec for ``play`` (app.optionflags)."""
    args, unknown = _parser().parse_known_args(
        ["play", "--game", "tower", "--agent", "random", "--lantern", "bright"]
    )
    args.option_flags = unknown
    assert ct.options(open_table(args).state)["lantern"] == "bright"


def test_without_more_options_the_save_position_and_view_are_as_before() -> None:
    """Today's solo mode carries two options beyond its fields, ``closed_walk`` (TOC-OVER-01, issue
    24) and ``normal_item`` (TOC-ITEM-01D): at their defaults they write no ``opts`` word, so
    positions, saves and their hashes are as before they existed; the view names them, as it
    names every option."""
    state = ct.new_game(ct.load_cardset(), seed=1)
    assert state.more.values == (("closed_walk", "lost"), ("normal_item", "on_entry"))
    assert " opts=" not in ct.to_notation(state)
    assert "lantern" not in ct.dumps(state) and "lantern" not in ct.dumps(ct.observation(state, 0))
    assert ct.options(state).as_dict() == {
        "max_actions": None,
        "step_on_road": False,
        "da_order": "summed",
        "closed_walk": "lost",
        "normal_item": "on_entry",
    }
    other = ct.new_game(ct.load_cardset(), seed=1, closed_walk="continues")
    assert ct.to_notation(other).endswith(" opts=closed_walk:continues")
    assert ct.from_notation(ct.to_notation(other), ct.load_cardset()) == other
    assert ct.loads(ct.dumps(other), ct.load_cardset()) == other
