"""The typed front door, proved by mypy: tests/test_typing.py runs ``mypy --strict`` on this file.

One function per game (solo, VS, Crest Duel), never called: mypy reads them. An
``assert_type`` line must hold; a line marked ``# type: ignore[<code>]`` is a
mistake the types must catch. Were a check to stop catching it, its ignore
would be unused and the run would fail (``warn_unused_ignores``).
"""

from __future__ import annotations

from typing import assert_type

import chaos_tower as ct
from chaos_tower.kernel.layout import Slice


def solo(cards: ct.TowerCardSet) -> None:
    """The solo Tower: State in, State out, ct.Action only."""
    s = ct.new_game(cards, seed=1)
    assert_type(s, ct.State)
    assert_type(ct.new_game(cards, mode="solo", max_actions=50), ct.State)
    # the solo readings, typed from their option specs (tools/gen_signatures.py)
    assert_type(ct.new_game(cards, step_on_road=True, da_order="sequential"), ct.State)
    legal = ct.legal_actions(s)
    assert_type(legal, tuple[ct.Action, ...])
    nxt = ct.apply(s, legal[0])
    assert_type(nxt, ct.State)
    assert_type(nxt.life, int)
    assert_type(ct.apply(s, ct.Move(direction=0)), ct.State)
    assert_type(ct.can_apply(s, legal[0]), bool)
    assert_type(ct.check_action(s, legal[0]), None)
    assert_type(ct.outcome(s), ct.Outcome | None)
    assert_type(ct.returns(s), tuple[float, ...])
    assert_type(ct.current_player(s), int | None)
    assert_type(ct.observation(s, 0), ct.Observation)
    assert_type(ct.observation_tensor(s, 0), tuple[float, ...])
    assert_type(ct.observation_layout(s), tuple[Slice, ...])
    assert_type(ct.determinize(s, 0, 5), ct.State)
    assert_type(ct.parse_action(s, "move n"), ct.Action)
    assert_type(ct.action_from_index(s, 3), ct.Action)
    assert_type(ct.action_index(s, legal[0]), int)
    assert_type(ct.action_space(s), tuple[ct.Action, ...])
    assert_type(ct.action_text(s, legal[0]), str)
    assert_type(ct.render_svg(s, player=0), str)
    assert_type(ct.dumps(ct.observation(s, 0)), str)
    assert_type(ct.loads(ct.dumps(s), cards), ct.State | ct.VsState | ct.Observation | ct.VsObservation)
    assert_type(ct.from_notation(ct.to_notation(s), cards), ct.State | ct.VsState)
    assert_type(ct.from_notation(ct.to_notation(s), s.game), ct.State)
    loaded = ct.loads(ct.dumps(s), cards)
    if isinstance(loaded, ct.State):
        assert_type(ct.apply(loaded, legal[0]), ct.State)

    # Mistakes the types catch:
    ct.apply(s, "move n")  # type: ignore[call-overload]
    _ = nxt.lfie  # type: ignore[attr-defined]
    ct.apply(s, ct.Draw())  # type: ignore[call-overload]
    ct.apply(s, ct.CrestDone())  # type: ignore[call-overload]
    ct.can_apply(s, ct.CrestRecover())  # type: ignore[call-overload]
    ct.new_game(cards, players=2)  # type: ignore[call-overload]
    ct.new_game(cards, max_action=3)  # type: ignore[call-overload]
    ct.new_game(cards, da_order="backwards")  # type: ignore[call-overload]
    wrong: ct.VsState = ct.new_game(cards)  # type: ignore[assignment]
    ct.observation(s)  # type: ignore[call-overload]
    ct.determinize(s, 0, "7")  # type: ignore[call-overload]
    ct.apply(ct.observation(s, 0), legal[0])  # type: ignore[call-overload]
    ct.to_notation(ct.observation(s, 0))  # type: ignore[arg-type]
    ct.Move(direction="n")  # type: ignore[arg-type]
    del wrong


def vs(cards: ct.TowerCardSet) -> None:
    """The VS modes: VsState in, VsState out, the VS actions only."""
    s = ct.new_game(cards, mode="vs", players=3, seed=2)
    assert_type(s, ct.VsState)
    assert_type(
        ct.new_game(cards, mode="vs", players=2, adjust_after_draw="all", declare_when="any_time"), ct.VsState
    )
    legal = ct.legal_actions(s)
    assert_type(legal, tuple[ct.VsAction, ...])
    nxt = ct.apply(s, legal[0])
    assert_type(nxt, ct.VsState)
    assert_type(nxt.declarations, tuple[int, ...])
    assert_type(ct.apply(s, ct.Draw()), ct.VsState)
    assert_type(ct.can_apply(s, ct.Declare(target=1, attribute="G", pay=0)), bool)
    assert_type(ct.outcome(s), ct.VsOutcome | None)
    assert_type(ct.observation(s, 1), ct.VsObservation)
    assert_type(ct.determinize(s, 1, 5), ct.VsState)
    assert_type(ct.parse_action(s, "draw"), ct.VsAction)
    assert_type(ct.action_from_index(s, 0), ct.VsAction)
    assert_type(ct.action_space(s), tuple[ct.VsAction, ...])
    assert_type(ct.from_notation(ct.to_notation(s), cards), ct.State | ct.VsState)
    mode: str = "vs"
    assert_type(ct.new_game(cards, mode=mode, players=2), ct.State | ct.VsState)

    # Mistakes the types catch:
    ct.apply(s, "draw")  # type: ignore[call-overload]
    ct.apply(s, ct.Move(direction=0))  # type: ignore[call-overload]
    ct.check_action(s, ct.CrestDone())  # type: ignore[call-overload]
    _ = nxt.hand  # type: ignore[attr-defined]
    ct.new_game(cards, mode="vs", players=2, teams=True)  # type: ignore[call-overload]
    bad: ct.VsState = ct.new_game(cards, mode="vs", players=2, adjust_after_draw="everyone")  # type: ignore[assignment]
    ct.Give(item="x", to=1)  # type: ignore[call-arg]
    del bad


def crest(cards: ct.CrestCardSet) -> None:
    """Crest Duel: CrestState in, CrestState out, the Crest actions (ct.CrestPlace, ...) only."""
    s = ct.new_game(cards, players=4, teams=True, seed=3)
    assert_type(s, ct.CrestState)
    assert_type(ct.new_game(cards, mode="duel", players=2), ct.CrestState)
    legal = ct.legal_actions(s)
    assert_type(legal, tuple[ct.CrestAction, ...])
    nxt = ct.apply(s, legal[0])
    assert_type(nxt, ct.CrestState)
    assert_type(nxt.hp, tuple[int, ...])
    assert_type(ct.apply(s, ct.CrestPlace(card="c1", mark=0, mode="new")), ct.CrestState)
    assert_type(ct.apply(s, ct.CrestDone()), ct.CrestState)
    for action in (ct.CrestWear(card="r"), ct.CrestCast(card="s", target=1), ct.CrestUse(mark=0)):
        assert_type(ct.can_apply(s, action), bool)
    assert_type(ct.can_apply(s, ct.CrestDiscard(cards=("a",))), bool)
    assert_type(ct.can_apply(s, ct.CrestSwapMarks(theirs=0, mine=1)), bool)
    assert_type(ct.can_apply(s, ct.CrestSwapHands()), bool)
    assert_type(ct.outcome(s), ct.CrestOutcome | None)
    assert_type(ct.observation(s, 2), ct.CrestObservation)
    assert_type(ct.determinize(s, 2, 5), ct.CrestState)
    assert_type(ct.parse_action(s, "done"), ct.CrestAction)
    assert_type(ct.action_from_index(s, 0), ct.CrestAction)
    assert_type(ct.loads(ct.dumps(s), cards), ct.CrestState | ct.CrestObservation)
    assert_type(ct.from_notation(ct.to_notation(s), cards), ct.CrestState)

    # Mistakes the types catch:
    ct.apply(s, "done")  # type: ignore[call-overload]
    ct.apply(s, ct.Place(cell=0, rotation=0))  # type: ignore[call-overload]
    ct.apply(s, ct.Use(slot="x"))  # type: ignore[call-overload]
    ct.CrestPlace(card="c1", mark=0, mode="top")  # type: ignore[arg-type]
    ct.new_game(cards, mode="vs", extra_rule=True)  # type: ignore[call-overload]
    _ = nxt.life  # type: ignore[attr-defined]
    wrong: ct.State = ct.new_game(cards)  # type: ignore[assignment]
    del wrong
