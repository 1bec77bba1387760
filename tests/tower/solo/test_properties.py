"""Properties of the solo game that hold in every position reached by legal play.

Games are drawn by hypothesis from random seeds: uniformly random legal play,
careful play that avoids losing at once (so games climb floors, fall into ZAP
and use items), play from positions given items, and a state machine that
mixes legal actions with arbitrary and malformed ones. After every step:

* the position is sound (``violations`` is empty; carry holds at most 5 items);
* it survives ``dumps``/``loads`` and ``to_notation``/``from_notation``;
* every legal action survives its text form and its dense index;
* ``outcome`` is ``None`` exactly when there is a legal action;
* ``apply`` never raises on a legal action and leaves its input unchanged;
* every event cites a rule of the rulebook, and one about a card carries that card's ID.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, assume, event, given, settings, target
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import chaos_tower as ct
import solo_strategies as tst
from chaos_tower.rulebook import tower_rules
from chaos_tower.tower.solo.invariants import violations

CARDS = ct.load_cardset()
RULE_IDS = frozenset(r.id for r in tower_rules())
CARD_NAMES = {card.id: card.name for card in CARDS.all_cards()}
ABOUT_A_CARD = frozenset(("place", "defeat", "item", "use"))
"""The kinds of solo event that are always about one card, and carry its ID (``Event.card``)."""
MAX_ACTIONS = 300

SETTINGS = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}


def check_position(state: ct.State) -> tuple[ct.Action, ...]:
    """Assert everything a reached position must satisfy; return its legal actions."""
    assert violations(state) == []
    assert len(state.carry) <= state.game.carry_limit <= 5
    assert ct.loads(ct.dumps(state), CARDS) == state
    assert ct.loads(ct.dumps(state), CARDS).events == state.events
    assert ct.from_notation(ct.to_notation(state), state.game) == state
    for happened in state.events:
        assert happened.rule in RULE_IDS, f"{happened} cites an unknown rule"
        # Event.card: the ID of the card the text names (TOC-PLAY-A's card placed, the monster
        # entered or defeated, the item gained or used), on every event of a kind about a card.
        if happened.card is not None:
            assert CARD_NAMES[happened.card] in happened.text, happened
        else:
            assert happened.kind not in ABOUT_A_CARD, f"{happened} names no card ID"
    legal = ct.legal_actions(state)
    assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
    size = len(ct.action_space(state))
    for action in legal:
        text = ct.action_text(state, action)
        assert ct.parse_action(state, text) == action, text
        index = ct.action_index(state, action)
        assert 0 <= index < size
        assert ct.action_from_index(state, index) == action
        assert ct.can_apply(state, action), text
    result = ct.outcome(state)
    assert (result is None) == bool(legal)
    assert ct.is_terminal(state) == (not legal)
    if state.result is not None:
        assert legal == ()
        assert result == state.result
    return legal


def game_fields(state: ct.State) -> ct.State:
    """The position without the action count (and without an end that only the count made)."""
    ended = state.result is not None and state.result.cause == "max-actions"
    return attrs.evolve(state, actions=0, result=None if ended else state.result)


def check_apply(state: ct.State, action: ct.Action) -> ct.State:
    """Apply a legal action; assert its input is unchanged, the count went up by one, and the
    action changed the position (TOC-OVER-01 reading: an action that changes nothing is not one)."""
    text, copy, saved = ct.to_notation(state), attrs.evolve(state), ct.dumps(state)
    after = ct.apply(state, action)
    assert game_fields(after) != game_fields(state), f"{ct.action_text(state, action)} changes nothing"
    assert ct.to_notation(state) == text
    assert state == copy
    assert ct.dumps(state) == saved
    assert after.actions == state.actions + 1
    assert after.max_actions == state.max_actions
    assert after.seed == state.seed
    return after


def play_out(state: ct.State, choose) -> ct.State:  # type: ignore[no-untyped-def]
    """Play with ``choose(state, legal)`` until the game ends, checking every position.

    Reports to hypothesis how deep the game went (``target``: it then looks for
    longer games and higher floors) and what it showed (``event``, seen with
    ``--hypothesis-show-statistics``).
    """
    top = state.level
    seen: set[str] = set()
    while True:
        legal = check_position(state)
        if not legal:
            break
        action = choose(state, legal)
        after = check_apply(state, action)
        top = max(top, after.level)
        if state.level == 0 and after.level == 1:
            seen.add("left ZAP by a step")
        seen.add(type(action).__name__)
        state = after
    for name in sorted(seen):
        event(name)
    event(f"outcome {ct.outcome(state).cause}")  # type: ignore[union-attr]
    target(float(top), label="highest floor")
    target(float(state.actions), label="actions")
    return state


@settings(max_examples=100, **SETTINGS)
@given(seed=tst.game_seeds(), data=st.data())
def test_random_play(seed: int, data: st.DataObject) -> None:
    """Uniformly random legal play from a new game (such games are mostly short)."""
    state = ct.new_game(CARDS, seed=seed, max_actions=MAX_ACTIONS)
    final = play_out(state, lambda s, legal: data.draw(tst.legal_choices(s)))
    assert ct.is_terminal(final)
    assert final.actions <= MAX_ACTIONS


@settings(max_examples=40, **SETTINGS)
@given(seed=tst.game_seeds(), data=st.data(), limit=st.integers(1, MAX_ACTIONS))
def test_careful_play(seed: int, data: st.DataObject, limit: int) -> None:
    """Play that never loses at once while it can help it: long games, floors, ZAP, items."""
    state = ct.new_game(CARDS, seed=seed, max_actions=limit)
    final = play_out(state, lambda s, legal: data.draw(tst.careful_actions(s)))
    assert final.actions <= limit
    if final.actions == limit:
        assert ct.outcome(final) is not None
        assert final.result is not None


@settings(max_examples=40, **SETTINGS)
@given(seed=tst.game_seeds(), choices=tst.action_choices())
def test_play_by_choice_numbers(seed: int, choices: list[int]) -> None:
    """The same from a list of choice numbers; the game stops where the list ends."""
    state = ct.new_game(CARDS, seed=seed, max_actions=MAX_ACTIONS)
    for choice in choices:
        legal = check_position(state)
        if not legal:
            break
        state = check_apply(state, legal[choice % len(legal)])
    check_position(state)


@settings(max_examples=30, **SETTINGS)
@given(start=tst.item_positions(CARDS, max_actions=120), data=st.data())
def test_play_with_items(start: ct.State, data: st.DataObject) -> None:
    """From sound positions with items in carry and slots: setting, using, rearranging."""
    assert violations(start) == []
    play_out(start, lambda s, legal: data.draw(tst.careful_actions(s)))


def test_new_game_passes_the_checks() -> None:
    """A sanity check of the helpers: a new game passes every check."""
    state = ct.new_game(CARDS, seed=0)
    assert check_position(state)


# -- the last battle: Rebright, rare items set, elements running out --------------------------------

# The player on Seqlrith at 2,1 (its path west), Rebright at 1,1: what is left is fighting and
# using what is set. Random values, elements and slot items reach the positions where a use
# would change nothing (a value already 0, values already at 8), which must not be offered
# (TOC-OVER-01 reading), and where nothing is left, which must be the end.
ENDGAME_ROWS = ".,.,.,.,./.,rebright@0f,step.seqlrith@3f,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,."
SETTABLE = [i.id for i in CARDS.rare_items] + [i.id for i in CARDS.normal_items]


@st.composite
def last_battles(draw: st.DrawFn) -> ct.State:
    values = ".".join(str(draw(st.integers(0, 8))) for _ in range(5))
    elements = ".".join(str(draw(st.integers(0, 8))) for _ in range(5))
    chosen = draw(st.lists(st.sampled_from(SETTABLE), unique=True, max_size=4))
    game = ct.new_game(CARDS).game
    slot_ids = draw(st.permutations(game.slot_ids))
    slots = []
    for item_id, slot_id in zip(chosen, slot_ids, strict=False):
        table = game.items[game.item_index[item_id]]
        front = game.slot_side[game.slot_ids.index(slot_id)] == "front"
        full = table.front_counters if front else table.rear_counters
        slots.append(f"{slot_id}:{item_id}:{-1 if full is None else draw(st.integers(1, full))}")
    text = (
        f"floor={ENDGAME_ROWS} player=2,1 used=step.besiont,step.marnit,step.elerint,step.piant "
        f"level=5 life={draw(st.integers(1, 8))} el={elements} rebright={values} "
        f"slots={','.join(slots) or '-'}"
    )
    return ct.from_notation(text, game)


@settings(max_examples=60, **SETTINGS)
@given(start=last_battles(), data=st.data())
def test_no_legal_action_of_the_last_battle_changes_nothing(start: ct.State, data: st.DataObject) -> None:
    """TOC-OVER-01 (reading): from every position reached, each legal action changes the position
    (check_apply), and a position with none is over (check_position)."""
    assume(violations(start) == [] and any(start.rebright or ()))
    start = attrs.evolve(start, max_actions=MAX_ACTIONS)
    final = play_out(start, lambda s, legal: data.draw(st.sampled_from(legal)))
    assert ct.is_terminal(final)


# -- a position lost for want of an action ---------------------------------------------------------

# The player stands at 0,0 on a card whose only paths (e and s) meet cards that
# turn a wall to it: nothing can be placed, entered, flipped or fought. A
# carried item could still be discarded, which legal_actions does not count
# (TOC-OVER-01 as the engine reads it), so the game is lost: no-action. Random
# play almost never gets here (flipped cards can turn a wall to the player).
STUCK = (
    "floor=room.clay-workshop@1f,room.root-cellar@0f,.,.,./room.stone-garden@2f,.,.,.,./"
    ".,.,.,.,./.,.,.,.,./.,.,.,.,. player=0,0 carry=item.moon-pebble"
)


def test_stuck_position_is_terminal() -> None:
    state = ct.from_notation(STUCK, ct.new_game(CARDS).game)
    assert violations(state) == []
    assert ct.legal_actions(state) == ()
    assert ct.outcome(state) == ct.Outcome(result="lost", cause="no-action", rule="TOC-OVER-01")


def test_terminal_position_accepts_no_action() -> None:
    state = ct.from_notation(STUCK, ct.new_game(CARDS).game)
    assert ct.is_terminal(state)
    accepted = [ct.action_text(state, a) for a in ct.action_space(state) if ct.can_apply(state, a)]
    assert accepted == []
    with pytest.raises(ct.IllegalActionError):
        ct.apply(state, ct.parse_action(state, "discard item.moon-pebble"))


# -- the end of the game, from a built position -------------------------------------------------------

# No game played by the agents from a new game summoned Rebright (see tools/make_goldens.py),
# so the way to victory is walked here from a built position: the four other steps used,
# one card of each attribute on the floor, full elements and Sword Of Black carried (every
# da +2, so Rebright's da -1 and floor 5's extra -1 hurt no more).
ENDGAME = (
    "floor=room.root-cellar@0f,room.sunken-garden@0f,room.ember-forge@0f,room.windmill-loft@0f,"
    "room.shadow-library@0f/.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,. player=0,0 "
    "used=step.besiont,step.marnit,step.elerint,step.piant steps=step.seqlrith level=5 life=8 "
    "el=8.8.8.8.8 carry=rare.sword-of-black"
)


def test_endgame_to_victory() -> None:
    state = ct.from_notation(ENDGAME, ct.new_game(CARDS).game)
    for text in ("step step.seqlrith 0,1 r0", "rebright 0,0 r0", *(f"fight n {a}" for a in "GWVSD")):
        assert ct.outcome(state) is None
        action = ct.parse_action(state, text)
        assert action in check_position(state), text
        state = check_apply(state, action)
    assert ct.outcome(state) == ct.Outcome(result="won", cause="rebright-fell", rule="TOC-STEP-11E")
    assert state.rebright == (0, 0, 0, 0, 0)
    assert check_position(state) == ()


# -- a malformed action that equals a legal one ----------------------------------------------------


def _aliases(action: ct.Action) -> list[object]:
    """Copies of ``action`` with one integer field replaced by an equal bool or float."""
    out: list[object] = []
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        if type(value) is int:
            if value in (0, 1):
                out.append(attrs.evolve(action, **{field.name: bool(value)}))
            out.append(attrs.evolve(action, **{field.name: float(value)}))
    return out


def test_alias_of_a_legal_action_is_malformed() -> None:
    """An action equal to a legal one but with a bool or float field (``Place(cell=True)``
    equals and hashes like ``Place(cell=1)``) is malformed, also once the legal actions
    are known (the engine caches them per state)."""
    state = ct.new_game(CARDS, seed=0)
    legal = ct.legal_actions(state)
    wrong = []
    for action in legal[:8]:
        for alias in _aliases(action):
            assert not ct.can_apply(state, alias)  # type: ignore[arg-type]
            try:
                ct.apply(state, alias)  # type: ignore[arg-type]
            except ct.MalformedActionError:
                continue
            except Exception as exc:  # the point is which exception
                wrong.append(f"{alias!r}: {type(exc).__name__}: {exc}")
            else:
                wrong.append(f"{alias!r}: applied")
    assert wrong == []


def test_alias_is_malformed_before_legal_actions_is_asked() -> None:
    state = ct.new_game(CARDS, seed=0)
    with pytest.raises(ct.MalformedActionError):
        ct.apply(state, ct.Place(cell=True, rotation=0))  # type: ignore[arg-type]
    with pytest.raises(ct.MalformedActionError):
        ct.apply(state, ct.Place(cell=1.0, rotation=0))  # type: ignore[arg-type]


# -- a state machine: legal, arbitrary and malformed actions ---------------------------------------


class TowerMachine(RuleBasedStateMachine):
    """One game; each step applies a legal action or tries an arbitrary or a malformed one."""

    def __init__(self) -> None:
        super().__init__()
        self.state: ct.State = ct.new_game(CARDS)

    @initialize(seed=tst.game_seeds(), limit=st.none() | st.integers(1, 80))
    def start(self, seed: int, limit: int | None) -> None:
        self.state = ct.new_game(CARDS, seed=seed, max_actions=limit)

    def playing(self) -> bool:
        return bool(ct.legal_actions(self.state))

    @precondition(playing)
    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        action = data.draw(tst.legal_choices(self.state) | tst.careful_actions(self.state))
        self.state = check_apply(self.state, action)

    @rule(data=st.data())
    def try_any(self, data: st.DataObject) -> None:
        state = self.state
        action = data.draw(tst.any_actions(state))
        legal = set(ct.legal_actions(state))
        if not ct.can_apply(state, action):
            assert action not in legal
            self._refused(action, (ct.IllegalActionError, ct.MalformedActionError))
            return
        assert ct.outcome(state) is None
        assert action in legal
        self.state = check_apply(state, action)

    # Aliases (True for 1, 1.0 for 1) are left to test_alias_of_a_legal_action_is_malformed,
    # which asks for every one of them deterministically.
    @rule(action=tst.malformed_actions(aliases=False))
    def try_malformed(self, action: object) -> None:
        assert not ct.can_apply(self.state, action)  # type: ignore[arg-type]
        self._refused(action, (ct.MalformedActionError,))

    def _refused(self, action: object, errors: tuple[type[Exception], ...]) -> None:
        state = self.state
        text, copy, saved = ct.to_notation(state), attrs.evolve(state), ct.dumps(state)
        with pytest.raises(errors):
            ct.apply(state, action)  # type: ignore[arg-type]
        with pytest.raises(errors):
            ct.check_action(state, action)  # type: ignore[arg-type]
        assert ct.to_notation(state) == text
        assert state == copy
        assert ct.dumps(state) == saved

    @invariant()
    def sound(self) -> None:
        check_position(self.state)


TowerMachine.TestCase.settings = settings(max_examples=30, stateful_step_count=60, **SETTINGS)
TestTowerMachine = TowerMachine.TestCase
