"""The one check -> apply -> cut-off sequence (chaos_tower.kernel.transition) and its three users."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import chaos_tower as ct
from chaos_tower.crest import engine as crest_engine
from chaos_tower.kernel import transition
from chaos_tower.tower.solo import engine as solo_engine
from chaos_tower.tower.vs import engine as vs_engine


@attrs.frozen(kw_only=True)
class _Toy:
    actions: int = 0
    max_actions: int | None = None
    value: int = 0
    over: bool = False


def _toy_rules(calls: list[str]) -> transition.Transition[_Toy, Any, list[_Toy]]:
    def malformed(state: _Toy, action: Any) -> str | None:
        calls.append("malformed")
        return None if isinstance(action, int) else "not a number"

    def reason(state: _Toy, action: int) -> tuple[str, str] | None:
        calls.append("reason")
        return ("TOY-1", "negative") if action < 0 else None

    def act(work: list[_Toy], state: _Toy, action: int) -> None:
        calls.append("act")
        work[0] = attrs.evolve(work[0], value=state.value + action, over=action == 9)

    def cut_off(work: list[_Toy], state: _Toy, count: int) -> None:
        calls.append(f"cut_off {count}")

    def count(work: list[_Toy], n: int) -> None:
        work[0] = attrs.evolve(work[0], actions=n)

    return transition.Transition(
        malformed=malformed,
        reason=reason,
        begin=lambda state: [state],
        act=act,
        count=count,
        over=lambda work: work[0].over,
        cut_off=cut_off,
        finish=lambda work: work[0],
    )


def test_step_checks_shape_then_rules_then_changes() -> None:
    """A malformed action never reaches the rule check; an illegal one never reaches the change."""
    calls: list[str] = []
    rules = _toy_rules(calls)
    start = _Toy(max_actions=2)
    with pytest.raises(ct.MalformedActionError, match="not a number"):
        transition.step(rules, start, "x")
    assert calls == ["malformed"]
    calls.clear()
    with pytest.raises(ct.IllegalActionError) as refused:
        transition.step(rules, start, -1)
    assert refused.value.rule == "TOY-1"
    assert calls == ["malformed", "reason"]
    calls.clear()
    after = transition.step(rules, start, 3)
    assert (after.value, after.actions, start.actions) == (3, 1, 0)
    assert calls == ["malformed", "reason", "act"]
    assert transition.can(rules, start, 3) and not transition.can(rules, start, -1)


def test_step_cuts_off_at_the_limit_unless_the_game_ended() -> None:
    """The cut-off runs once the count reaches max_actions, and not when the rules ended the game."""
    calls: list[str] = []
    rules = _toy_rules(calls)
    transition.step(rules, _Toy(actions=1, max_actions=2), 1)
    assert calls[-1] == "cut_off 2"
    calls.clear()
    transition.step(rules, _Toy(actions=1, max_actions=2), 9)
    assert calls == ["malformed", "reason", "act"]
    calls.clear()
    transition.step(rules, _Toy(actions=1, max_actions=None), 1)
    assert "cut_off 2" not in calls


def test_every_game_applies_through_the_template() -> None:
    """The solo, VS and Crest engines hand their apply to kernel.transition (one sequence, issue 12)."""
    for engine in (solo_engine, vs_engine, crest_engine):
        assert isinstance(engine._RULES, transition.Transition)


@pytest.mark.parametrize(
    ("game", "mode", "extra", "rule"),
    [
        ("tower", "solo", {}, "TOC-OVER-01"),
        ("tower", "vs", {"players": 2}, "TOC-VS2-026"),
        ("crest", "duel", {"players": 2}, "CRD-DEATH-C"),
    ],
)
def test_TOC_OVER_01_the_max_actions_cut_off_in_every_game(
    game: str, mode: str, extra: dict[str, Any], rule: str
) -> None:
    """TOC-OVER-01, TOC-VS2-026, CRD-DEATH-C: max_actions ends each game as 'ended', citing its clause."""
    cards = ct.load_cardset(game=game)
    kwargs: dict[str, Any] = dict(extra, seed=1, max_actions=1)
    if game == "tower":
        kwargs["mode"] = mode
    state = ct.new_game(cards, **kwargs)
    after = ct.apply(state, ct.legal_actions(state)[0])
    assert ct.is_terminal(after)
    result = ct.outcome(after)
    assert result is not None and result.cause == "max-actions" and result.rule == rule
    assert not ct.is_terminal(state)
