"""``chaos-tower play``'s flags for a mode's options come from its option specs (issue 23, item 1):
an option added to a mode's spec is a flag with no edit to the command line (chaos_tower.app.optionflags).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import chaos_tower as ct
from chaos_tower import registry
from chaos_tower.app.cli import _parser, main
from chaos_tower.app.table import SetupError, open_table
from chaos_tower.kernel.options import OptionSpec
from toygame.spec import SPEC

FOG = OptionSpec(
    name="fog", types=(str,), default="none", allowed=("none", "thick"), rule="TOY-SETUP-01", doc="synthetic"
)
"""An option no code of chaos_tower knows: the toy's mode gets it in the test below."""


def _table(argv: list[str]) -> Any:
    args, unknown = _parser().parse_known_args(["play", *argv])
    args.option_flags = unknown
    return open_table(args)


def test_the_solo_readings_are_flags_of_play() -> None:
    """The solo mode's options step_on_road and da_order, which had no flag, are flags from their specs."""
    table = _table(["--agent", "random", "--step-on-road", "--da-order", "sequential", "--seed", "2"])
    assert ct.options(table.state).as_dict() == {
        "max_actions": 2000,
        "step_on_road": True,
        "da_order": "sequential",
        "closed_walk": "lost",
        "normal_item": "on_entry",
    }
    options = ct.options(_table(["--agent", "random", "--no-step-on-road"]).state)
    assert options["step_on_road"] is False and options["da_order"] == "summed"


def test_a_flag_no_option_of_the_mode_or_a_bad_value_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--agent", "random", "--da-order", "backwards"]) == 2
    assert "invalid choice: 'backwards' (choose from 'summed', 'sequential')" in capsys.readouterr().err
    assert main(["play", "--agent", "random", "--fog", "thick"]) == 2
    flags = "--step-on-road --da-order --closed-walk --normal-item"
    wanted = f"unrecognized arguments: --fog thick (this mode's option flags: {flags})"
    assert wanted in capsys.readouterr().err
    assert main(["play", "--game", "crest", "--agent", "random", "--da-order", "summed"]) == 2
    assert "this mode's option flags: none" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["validate", "carddata/tower", "--step-on-road"])  # only play reads a mode's flags


def test_a_resumed_game_takes_no_option_flag(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    save.write_text(ct.dumps(ct.new_game(ct.load_cardset(), seed=1)), encoding="utf-8")
    with pytest.raises(SetupError, match="drop --da-order"):
        _table(["--resume", str(save), "--da-order", "sequential"])


@pytest.fixture
def toy_with_fog() -> Iterator[list[Any]]:
    """The toy registered with one more option, its start recording the options it was given."""
    mode = SPEC.modes[0]
    seen: list[Any] = []

    def start(cards: Any, *, seed: int, options: Any) -> Any:
        seen.append(options)
        return mode.start(cards, seed=seed, options=options)

    changed = attrs.evolve(mode, options=(*mode.options, FOG), start=start)
    registry.register_game(attrs.evolve(SPEC, modes=(changed,)))
    try:
        yield seen
    finally:
        registry.unregister_game("toy")


def test_an_option_added_to_a_mode_is_a_flag_at_once(
    toy_with_fog: list[Any], capsys: pytest.CaptureFixture[str]
) -> None:
    """A synthetic option on the toy's mode: ``--fog thick`` reaches its start, checked by its spec."""
    assert main(["play", "--game", "toy", "--agent", "random", "--quiet", "--fog", "thick"]) == 0
    assert toy_with_fog[-1]["fog"] == "thick"
    assert main(["play", "--game", "toy", "--agent", "random", "--quiet"]) == 0
    assert toy_with_fog[-1]["fog"] == "none"
    capsys.readouterr()
    assert main(["play", "--game", "toy", "--agent", "random", "--fog", "purple"]) == 2
    assert "invalid choice: 'purple' (choose from 'none', 'thick')" in capsys.readouterr().err


def test_render_takes_the_default_modes_option_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``chaos-tower render`` draws a new game of the card set's first mode with its option flags."""
    out = tmp_path / "solo.svg"
    assert main(["render", "--out", str(out), "--actions", "2", "--da-order", "sequential"]) == 0
    assert out.read_text(encoding="utf-8").startswith("<svg")
    assert main(["render", "--out", str(tmp_path / "x.svg"), "--da-order", "backwards"]) == 2
    assert "chaos-tower render (tower solo): argument --da-order: invalid choice" in capsys.readouterr().err
    assert not (tmp_path / "x.svg").exists()
