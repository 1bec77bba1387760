"""A Crest option beyond the state's own fields is carried generically (issue 23, item 1).

The duel state holds its three options of today as fields (the rules read them on every action);
any other option of the mode's specs lives in its one record ``CrestState.more``, which its save,
its one-line position, each wielder's view, ``ct.options`` and its replays write and read through
the kernel's option helpers. The test registers the duel mode with one more option (its spec
only, no engine edit) and plays it.
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

BANNERS = OptionSpec(
    name="banners",
    types=(int,),
    default=0,
    low=0,
    high=3,
    rule="CRD-PLAYERS-A",
    doc="a synthetic reading: how many banners each wielder flies",
)


@pytest.fixture
def flown() -> Iterator[None]:
    """Crest registered with the duel mode given one more option; the games as they were after."""
    with mode_with_option("crest", "duel", BANNERS):
        yield


def test_CRD_PLAYERS_A_an_option_beyond_the_fields_survives_saves_notation_views_and_replays(
    flown: None,
) -> None:
    """CRD-PLAYERS-A (a synthetic reading): started with ``banners=2``, a duel keeps it through
    play, ``ct.options``, its save (a key of its own), its position (the ``opts`` word), a seat's
    saved view and a replay; a value the spec refuses is refused when loaded."""
    cards = ct.load_cardset(game="crest")
    state = ct.new_game(cards, players=4, teams=True, seed=3, banners=2)
    for _ in range(4):
        state = ct.apply(state, ct.legal_actions(state)[0])
    options = ct.options(state)
    assert options["banners"] == 2 and state.more["banners"] == 2 and options["teams"] == (0, 1, 0, 1)
    text = ct.dumps(state)
    assert json.loads(text)["position"]["banners"] == 2
    assert ct.loads(text, cards) == state and ct.loads(text, cards).more["banners"] == 2
    with pytest.raises(ct.SaveError, match="banners must be 0 to 3, not 9"):
        data = json.loads(text)
        data["position"]["banners"] = 9
        ct.loads(json.dumps(data), cards)
    line = ct.to_notation(state)
    assert " opts=banners:2" in line and ct.from_notation(line, cards) == state
    with pytest.raises(ct.SaveError, match="banners must be 0 to 3"):
        ct.from_notation(line.replace("banners:2", "banners:7"), cards)
    view = ct.observation(state, 1)
    saved = ct.dumps(view)
    assert json.loads(saved)["banners"] == 2 and json.loads(view.to_json())["banners"] == 2
    assert ct.loads(saved, cards) == view and ct.loads(saved, cards).more["banners"] == 2
    with pytest.raises(ct.SaveError, match="banners must be 0 to 3"):
        ct.loads(saved.replace('"banners":2', '"banners":5'), cards)
    recorded = replay.record(cards, [], seed=4, players=3, banners=3)
    assert replay.verify(replay.loads(recorded.dumps()), cards).more["banners"] == 3
    assert ct.options(ct.new_game(cards, players=2, seed=1))["banners"] == 0
    with pytest.raises(ct.OptionError, match="banners must be 0 to 3, not 4"):
        ct.new_game(cards, seed=1, banners=4)


def test_the_option_is_a_flag_of_play(flown: None) -> None:
    """The flag ``--banners`` is made from the spec for ``play`` (app.optionflags)."""
    args, unknown = _parser().parse_known_args(
        ["play", "--game", "crest", "--agent", "random", "--banners", "1"]
    )
    args.option_flags = unknown
    assert ct.options(open_table(args).state)["banners"] == 1


def test_without_more_options_the_save_position_and_view_are_as_before() -> None:
    """Today's duel mode has no option beyond its fields: no ``opts`` word, no extra key (goldens hold)."""
    state = ct.new_game(ct.load_cardset(game="crest"), players=2, seed=1)
    assert state.more.values == () and " opts=" not in ct.to_notation(state)
    assert "banners" not in ct.dumps(state) and '"more"' not in ct.dumps(ct.observation(state, 0))
    assert ct.options(state).as_dict() == {"players": 2, "teams": None, "max_actions": None}
