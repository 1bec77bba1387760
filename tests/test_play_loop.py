"""The one terminal play loop (chaos_tower.app.play) with scripted input: every game, every command.

Issue 16 (terminal play) and issue 12 (one loop over the front door). The
real-terminal run of the same features is tests/test_play_tmux.py.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower.app import replay
from chaos_tower.app.cli import _parser
from chaos_tower.app.play import run
from chaos_tower.app.screen import SIZE_VARIABLE
from chaos_tower.app.terminal import listing, wants_colour

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")
SOLO_TO_EDGE = "place 2,2 r270\nplace 1,2 r180\nplace 2,1 r180\nstep step.marnit 4,1 r90\n"
"""Seed 0: four actions to a position where "move e" leaves the floor; after the first three
"move n" (onto the Harpy) reveals nothing."""
SOLO_THREE = "".join(SOLO_TO_EDGE.splitlines(keepends=True)[:3])


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _play(argv: list[str], lines: str, out: io.StringIO | None = None) -> tuple[int, str]:
    out = out if out is not None else io.StringIO()
    code = run(_parser().parse_args(["play", *argv]), io.StringIO(lines), out)
    return code, out.getvalue()


GAMES = {
    "solo": ["--seed", "2"],
    "vs": ["--mode", "vs", "--players", "2", "--seed", "4"],
    "crest": ["--game", "crest", "--players", "2", "--seed", "2"],
}


@pytest.mark.parametrize(
    "state",
    [
        ct.new_game(TOWER, seed=2),
        ct.new_game(TOWER, mode="vs", players=2, seed=4),
        ct.new_game(CREST, players=2, seed=2),
    ],
    ids=["solo", "vs", "crest"],
)
def test_every_example_of_the_action_grammar_is_an_action_of_its_game(state: object) -> None:
    """Each example of ct.action_grammar reads back as an action whose text is the example,
    so `help` never teaches a form the game refuses."""
    grammar = ct.action_grammar(state)
    assert len(grammar) >= 5
    for _form, example, _meaning in grammar:
        assert ct.action_text(state, ct.parse_action(state, example)) == example


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("word", ["help", "?", "HELP"])
def test_help_prints_the_grammar_and_changes_nothing(game: str, word: str) -> None:
    """help and ? print every action form with its example
    and the commands; they are not actions, so no event follows."""
    code, text = _play(GAMES[game], f"\n{word}\nq\n")
    assert code == 0
    start = {
        "solo": ct.new_game(TOWER),
        "vs": ct.new_game(TOWER, mode="vs", players=2),
        "crest": ct.new_game(CREST),
    }
    for form, example, _ in ct.action_grammar(start[game]):
        assert form in text and f"e.g. {example}" in text
    assert "undo" in text and "save FILE" in text and "not possible" not in text


def test_TOC_START_A_an_action_is_read_in_any_case() -> None:
    """TOC-START-A: "PLACE 2,2 R90" is place 2,2 r90 (issue 16: it was refused)."""
    code, text = _play(GAMES["solo"], "PLACE 2,2 R90\nq\n")
    assert code == 0 and "[TOC-START-A] Hellhound placed at 2,2 r90" in text
    code, text = _play(GAMES["vs"], "\nDRAW\nq\n")
    assert "[TOC-VS2-027] player 0 draws" in text


def test_TOC_PLAY_A_the_board_has_coordinates_and_the_top_card_its_paths_and_da() -> None:
    """TOC-PLAY-A, TOC-PREP-03: the solo view labels x=0..4 and y=0..4 as the actions name cells,
    and shows the face-up top card's paths and da at r0 before it is placed."""
    state = ct.new_game(TOWER, seed=2)
    view = ct.seat_view(state, 0)
    lines = view.splitlines()
    assert lines[0].split() == ["x=0", "x=1", "x=2", "x=3", "x=4"]
    assert [line[:3] for line in lines if line.startswith("y=")] == ["y=0", "y=1", "y=2", "y=3", "y=4"]
    card = state.game.table[state.deck[0]]
    assert "top card to place: Hellhound (monster) at r0: n -2  e -2  s #  w -2" in view
    assert card.name == "Hellhound" and card.front.sides[2] is None  # the south side is a wall
    # The label sits on the cell's middle line: x=2,y=2 is where "place 2,2" puts the card.
    after = ct.apply(state, ct.parse_action(state, "place 2,2 r0"))
    row = next(line for line in ct.seat_view(after, 0).splitlines() if line.startswith("y=2"))
    column = lines[0].index("x=2")
    assert "@Hellh" in row[column - 3 : column + 8]


def test_the_first_prompt_fits_a_50_line_terminal_and_list_shows_the_rest() -> None:
    """The 100 first placements are counted by kind, the first numbered in columns, so the
    board and the prompt fit 50 lines; `list` numbers all 100, `list place` one kind."""
    code, text = _play(GAMES["solo"], "list\nlist PLACE\nlist fly\nq\n")
    assert code == 0
    first = text[: text.index("q to quit)> ") + 1]
    assert len(first.splitlines()) <= 50
    assert "100 actions: place ×100" in first and "  1  place 0,0 r0" in first
    assert re.search(r"… \d\d more", first)
    listed = text[len(first) :]
    assert " 100  place 4,4 r270" in listed
    assert "no legal action is a 'fly' now (kinds: place)" in listed
    assert listing(["draw", "done"], 10) == ["    1  draw", "    2  done"]


def test_TOC_OVER_01_an_action_that_loses_is_warned_about_and_needs_confirming() -> None:
    """TOC-OVER-01: "move e" leaves the floor (the game is lost): the loop warns with the cause and
    applies it only when typed again or confirmed with "yes"; anything else leaves it unplayed."""
    code, text = _play(["--seed", "0"], SOLO_TO_EDGE + "move e\nq\n")
    assert "this loses the game (left-floor, TOC-OVER-01): type it again or 'yes' to confirm" in text
    assert "result:" not in text and text.rstrip().endswith("bye")
    for confirm in ("yes", "MOVE E"):
        code, text = _play(["--seed", "0"], SOLO_TO_EDGE + f"move e\n{confirm}\n")
        assert code == 0 and "result: lost (left-floor, TOC-OVER-01)" in text
    # Something else after the warning is taken on its own: a later "yes" confirms nothing.
    code, text = _play(["--seed", "0"], SOLO_TO_EDGE + "move e\nlist\nyes\nq\n")
    assert "result:" not in text and "[TOC-OVER-01]" not in text


def test_TOC_VS2_031_the_warning_in_a_vs_game() -> None:
    """TOC-VS2-031: after a draw, "adjust -4 -4" brings both counters to 0 and loses: warned first."""
    code, text = _play(GAMES["vs"], "\ndraw\n\nadjust -4 -4\nq\n")
    assert code == 0
    assert "this loses the game (counters-zero, TOC-VS2-031)" in text and "result:" not in text


def test_TOC_PROG2_02_undo_takes_back_a_move_that_revealed_nothing(tmp_path: Path) -> None:
    """TOC-PROG2-02: "move n" onto the Harpy costs life but reveals nothing (the same view whatever
    the hidden deck), so undo takes it back: the saved replay has the three actions before it; a
    move into an empty cell (ZAP, TOC-ZAP-04 reshuffles) stands."""
    save = tmp_path / "game.json"
    code, text = _play(["--seed", "0"], SOLO_THREE + f"move n\nundo\nsave {save}\nq\n")
    assert "[TOC-PROG2-02] life 4 → 3" in text and "undone: move n" in text
    assert replay.load(save).actions == tuple(SOLO_THREE.splitlines())
    code, text = _play(["--seed", "0"], SOLO_TO_EDGE + "move w\nundo\nq\n")
    assert code == 0
    assert "[TOC-ZAP-04]" in text and "not undone: 'move w' showed you something hidden" in text


def test_TOC_PLAY_A_undo_refuses_a_placement_that_uncovered_the_next_card(tmp_path: Path) -> None:
    """TOC-PLAY-A: a placement turns up the deck's next card; undoing it would let the player see the
    deck, so it stands, with the reason, and nothing changes."""
    save = tmp_path / "game.json"
    code, text = _play(["--seed", "0"], f"place 2,2 r270\nundo\nsave {save}\nq\n")
    assert "not undone: 'place 2,2 r270' showed you something hidden, so it stands" in text
    assert replay.load(save).actions == ("place 2,2 r270",)
    code, text = _play(["--seed", "0"], "undo\nq\n")
    assert code == 0
    assert "not undone: nothing to undo" in text


def test_CRD_START_C_hot_seat_undo_is_for_the_current_seats_own_last_action() -> None:
    """CRD-START-C: seat 0 wears its ring and takes it back (it showed nothing); once seat 1 has the
    keyboard it cannot undo seat 0's "done". TOC-VS2-027: a VS draw shows a card, so it stands."""
    code, text = _play(GAMES["crest"], "\nwear ring-of-clarity\nundo\ndone\n\nundo\nq\n")
    assert "undone: wear ring-of-clarity" in text
    assert "not undone: undo takes back only your own last action, and seat 0 acted after it" in text
    code, text = _play(GAMES["vs"], "\ndraw\n\nundo\nq\n")
    assert code == 0
    assert "not undone: 'draw' showed you something hidden, so it stands" in text


@pytest.mark.parametrize("game", sorted(GAMES))
def test_save_then_resume_goes_on_from_the_same_position(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`save FILE` (solo; VS and Crest, whose seats keep secrets: --record FILE, written on quitting)
    writes a replay (replay/2, with its events) that verifies; `--resume FILE` starts from exactly that
    position, with the same seats' views (on a screen so large that the whole view is drawn unwrapped)."""
    monkeypatch.setenv(SIZE_VARIABLE, "250x120")
    first = {"solo": "place 2,2 r90\n", "vs": "\ndraw\n", "crest": "\ndone\n"}[game]
    save = tmp_path / "game.json"
    if game == "solo":
        code, text = _play(GAMES[game], f"{first}save {save}\nq\n")
        assert f"saved a replay of 1 actions to {save}" in text
    else:
        code, text = _play([*GAMES[game], "--record", str(save)], f"{first}q\n")
        assert f"recorded a replay of 1 actions to {save}" in text
    saved = replay.load(save)
    assert saved.events is not None and len(saved.actions) == 1
    cards = CREST if game == "crest" else TOWER
    final = replay.verify(saved, cards)
    record = tmp_path / "again.json"
    code, text = _play(["--resume", str(save), "--record", str(record)], "\nq\n")
    assert code == 0 and ct.seat_view(final, ct.current_player(final) or 0) in text
    assert ct.dumps(replay.verify(replay.load(record), cards)) == ct.dumps(final)


def test_resume_a_plain_save_and_refusals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--resume reads a ct.dumps save too; a player's view, a broken file, or game flags
    next to --resume are refused with a message (exit 1 or 2), and --record needs a game's start."""
    monkeypatch.setenv(SIZE_VARIABLE, "250x120")
    state = ct.apply(ct.new_game(TOWER, seed=2), ct.parse_action(ct.new_game(TOWER, seed=2), "place 2,2 r90"))
    save = tmp_path / "save.json"
    save.write_text(ct.dumps(state), encoding="utf-8")
    code, text = _play(["--resume", str(save)], "q\n")
    assert code == 0 and ct.seat_view(state, 0) in text
    view = tmp_path / "view.json"
    vs = ct.new_game(TOWER, mode="vs", players=2, seed=1)
    view.write_text(ct.dumps(ct.observation(vs, 0)), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    capsys.readouterr()
    assert _play(["--resume", str(view)], "")[0] == 1
    assert "a player's view cannot be played on" in capsys.readouterr().err
    assert _play(["--resume", str(bad)], "")[0] == 1
    assert "not a save or replay" in capsys.readouterr().err
    assert _play(["--resume", str(save), "--players", "3"], "")[0] == 2
    assert "drop --players" in capsys.readouterr().err
    assert _play(["--resume", str(save), "--record", str(tmp_path / "r.json")], "")[0] == 2
    assert "--record needs the game from its start" in capsys.readouterr().err
    assert not (tmp_path / "r.json").exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["--agent", "greedy"],
        ["--mode", "vs", "--agent", "random"],
        ["--game", "crest", "--agent", "heuristic"],
    ],
)
def test_record_writes_a_replay_of_an_agent_game(argv: list[str], tmp_path: Path) -> None:
    """--record writes a replay/2 file (events and outcome,
    log=True) of a whole agent game, which verifies to the game's end."""
    out = tmp_path / "game.json"
    code, text = _play([*argv, "--seed", "3", "--quiet", "--record", str(out), "--max-actions", "300"], "")
    assert code == 0 and "recorded a replay of" in text
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["format"] == "chaos-tower/replay/2" and "outcome" in data and "events" in data
    cards = CREST if "crest" in argv else TOWER
    assert ct.is_terminal(replay.verify(replay.load(out), cards))


def test_CRD_START_C_a_person_against_an_agent_sees_neither_its_hand_nor_its_action_texts() -> None:
    """CRD-START-C: with --seat 1=random the one person plays seat 0 without hand-overs; seat 1's
    setup actions name its cards, so the person is told only that it acted; its hand never shows."""
    state = ct.new_game(CREST, players=2, seed=2)
    theirs = " ".join(state.game.card(i).id for i in state.hands[1])
    code, text = _play([*GAMES["crest"], "--seat", "1=random"], "done\nq\n")
    assert code == 0 and "take the keyboard" not in text
    assert "seat 1 acted" in text and f"hand: {theirs}" not in text
    # VS action texts are public (counters are named by place): the person sees them.
    code, text = _play([*GAMES["vs"], "--seat", "1=greedy"], "draw\nadjust 0 0\nq\n")
    assert "player 1: " in text and "look away" not in text  # no hand-over banner, one person


def test_seat_specs_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    """--seat P=NAME for a seat the game has, an agent of the registry or human, once each."""
    for spec, message in (
        ("2=mcts", "seats 0 to 1"),
        ("x", "P=NAME"),
        ("1=nosuch", "is not one of"),
        ("1=simple", "is not one of"),
    ):
        assert _play([*GAMES["crest"], "--seat", spec], "")[0] == 2
        assert message in capsys.readouterr().err
    assert _play([*GAMES["vs"], "--seat", "1=mcts", "--seat", "1=random"], "")[0] == 2
    assert "given twice" in capsys.readouterr().err
    code, text = _play([*GAMES["vs"], "--agent", "random", "--seat", "0=human", "--seat", "1=simple"], "q\n")
    assert code == 0 and text.rstrip().endswith("bye")


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    """Colour (the loss warning here) needs a terminal, TERM not dumb and
    NO_COLOR unset or empty (https://no-color.org); a file or pipe never gets it."""
    assert wants_colour(Tty(), {"TERM": "xterm"}) and wants_colour(Tty(), {"TERM": "xterm", "NO_COLOR": ""})
    assert not wants_colour(Tty(), {"TERM": "xterm", "NO_COLOR": "1"})
    assert not wants_colour(Tty(), {"TERM": "dumb"}) and not wants_colour(io.StringIO(), {"TERM": "xterm"})
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("NO_COLOR", raising=False)
    script = SOLO_TO_EDGE + "move e\nq\n"
    assert "\033[1;31m  this loses the game" in _play(["--seed", "0"], script, Tty())[1]
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\033" not in _play(["--seed", "0"], script, Tty())[1]


@pytest.mark.parametrize(
    "line",
    [
        "save\n",
        "save /nonexistent-dir/x.json\n",
        "undo now\n",
        "list nosuch\n",
        "7,7\n",
        "\x00\n",
        "place 9,9 r0\n",
        "999\n",
        "yes\n",
    ],
)
def test_bad_input_gets_a_message_and_changes_nothing(line: str, tmp_path: Path) -> None:
    """Whatever is typed, the loop answers without a traceback and the game is as it
    was: the next save holds no action."""
    save = tmp_path / "after.json"
    code, text = _play(GAMES["solo"], f"{line}save {save}\nq\n")
    assert code == 0 and "Traceback" not in text
    assert replay.load(save).actions == ()


class _Undecodable(io.StringIO):
    """A keyboard whose first line is not in the terminal's encoding."""

    def __init__(self, rest: str) -> None:
        super().__init__(rest)
        self.first = True

    def readline(self, size: int | None = -1) -> str:
        if self.first:
            self.first = False
            raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
        return super().readline()


def test_a_line_in_another_encoding_is_refused_without_a_traceback() -> None:
    """Bytes the terminal's encoding cannot read get a message; the next line is read as usual."""
    out = io.StringIO()
    assert run(_parser().parse_args(["play", "--seed", "2"]), _Undecodable("PLACE 2,2 R90\nq\n"), out) == 0
    assert "not text in the terminal's encoding; nothing changed" in out.getvalue()
    assert "[TOC-START-A] Hellhound placed at 2,2 r90" in out.getvalue()


@pytest.mark.parametrize(
    "state",
    [
        ct.apply(ct.new_game(TOWER, seed=0), ct.parse_action(ct.new_game(TOWER, seed=0), "place 2,2 r270")),
        ct.new_game(TOWER, mode="vs", players=3, seed=4),
        ct.new_game(CREST, players=2, seed=2),
    ],
    ids=["solo", "vs", "crest"],
)
def test_TOC_VS2_020_CRD_START_C_warning_and_undo_use_only_what_the_seat_may_know(state: object) -> None:
    """TOC-VS2-020, CRD-START-C: two full states the deciding seat cannot tell apart (drawn by
    ct.determinize) get the same loss warnings and the same undo answers for every action, so
    neither tells the seat anything hidden; and the two states do differ in what is hidden."""
    from chaos_tower.app.play import _loss, _reveals

    seat = ct.current_player(state)
    assert seat is not None
    one, two = ct.determinize(state, seat, 101), ct.determinize(state, seat, 202)
    assert ct.observation(one, seat) == ct.observation(two, seat) and ct.dumps(one) != ct.dumps(two)
    for action in ct.legal_actions(one):
        assert _loss(one, seat, action) == _loss(two, seat, action)
        assert _reveals(one, seat, action) == _reveals(two, seat, action)


class _Interrupt(io.StringIO):
    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


@pytest.mark.parametrize("game", sorted(GAMES))
def test_ctrl_c_and_end_of_input_end_cleanly(game: str) -> None:
    """TOC-VS2-020: Ctrl-C ends with "interrupted" and code 130 (hot seat: after the wipe); end of
    input with "bye" and 0."""
    out = Tty()
    assert run(_parser().parse_args(["play", *GAMES[game]]), _Interrupt(), out) == 130
    assert out.getvalue().rstrip().endswith("interrupted")
    if game != "solo":
        assert "\033[2J\033[3J\033[H\ninterrupted" in out.getvalue()
    assert _play(GAMES[game], "")[1].rstrip().endswith("bye")
