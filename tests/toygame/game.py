"""High Card's rules (the toy game; rule IDs TOY-… from rules.yaml): cards, state, actions, views.

Everything here is the game's own code; :mod:`toygame.spec` hands it to chaos_tower's registry.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator

import attrs
from attrs import field, frozen

from chaos_tower.cardsets.header import Issue
from chaos_tower.kernel.errors import IllegalActionError, InitError, MalformedActionError
from chaos_tower.kernel.options import Options, OptionSpec
from chaos_tower.kernel.rng import seed_state, shuffle

FORMAT = "chaos-tower/toy/2"
VIEW_FORMAT = "chaos-tower/toy-view/2"
"""2: the options are one record, ``options``, written and read by the specs (issue 23)."""
WORD = "toy"
"""The first word of a High Card position (:func:`chaos_tower.to_notation`)."""
HAND, MAX_HAND = 3, 5  # TOY-SETUP-03, TOY-TURN-03


@frozen(kw_only=True)
class ToyHeader:
    game: str
    name: str
    version: str


@frozen(kw_only=True)
class ToyCard:
    """One kind of card (TOY-CARD-01)."""

    id: str
    name: str
    value: int
    count: int


@frozen(kw_only=True)
class ToyCardSet:
    header: ToyHeader
    cards: tuple[ToyCard, ...]

    def all_cards(self) -> Iterator[ToyCard]:
        return iter(self.cards)

    def value(self, card: str) -> int:
        return next(c.value for c in self.cards if c.id == card)

    @property
    def fingerprint(self) -> str:
        data = [attrs.asdict(c) for c in self.cards]
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def card_issues(cards: ToyCardSet) -> list[Issue]:
    """TOY-CARD-02: no two kinds share an id (a schema cannot say it)."""
    seen: set[str] = set()
    issues = []
    for index, card in enumerate(cards.cards):
        if card.id in seen:
            issues.append(
                Issue(path=("cards", index, "id"), code="toy-duplicate-id", message=f"{card.id!r} twice")
            )
        seen.add(card.id)
    return issues


def card_lints(cards: ToyCardSet) -> list[Issue]:
    """A deck too small to deal four hands is legal but most likely a mistake (warning)."""
    size = sum(c.count for c in cards.cards)
    if size >= 4 * HAND:
        return []
    return [Issue(path=("cards",), code="toy-small-deck", message=f"{size} cards", severity="warning")]


@frozen(kw_only=True)
class ToyPlay:
    """Play ``card`` from one's hand face up (TOY-TURN-02)."""

    card: str


@frozen(kw_only=True)
class ToyDraw:
    """Draw the deck's top card (TOY-TURN-03)."""


ToyAction = ToyPlay | ToyDraw


@frozen(kw_only=True)
class ToyOutcome:
    winners: tuple[int, ...]
    cause: str
    rule: str


@frozen(kw_only=True)
class ToyState:
    cards: ToyCardSet = field(eq=False, repr=False)
    seed: int
    rng: int
    """The chance state after the deal (TOY-SETUP-02; no later chance event draws from it)."""
    players: int
    max_actions: int | None
    deck: tuple[str, ...]
    """Top first; hidden from everyone."""
    hands: tuple[tuple[str, ...], ...]
    """Each sorted; each hidden from the other seats (TOY-SETUP-03)."""
    pile: tuple[str, ...]
    scores: tuple[int, ...]
    turn: int
    actions: int
    options: Options = field(repr=False)
    """Every option the game was started with, as one record (its ``players`` and ``max_actions``
    are also fields of their own, which the rules read): saved, notated and viewed through the
    kernel's option helpers, so that an option added to the mode's specs needs no edit here."""


def specs() -> tuple[OptionSpec, ...]:
    """The mode's option specs as registered (a test may register the toy with one more)."""
    from chaos_tower import registry

    return registry.mode_of(ToyState).options


OPTIONS = (
    OptionSpec(
        name="players", types=(int,), default=2, low=2, high=4, rule="TOY-SETUP-01", doc="how many play"
    ),
    OptionSpec(
        name="max_actions",
        types=(int,),
        default=None,
        low=1,
        rule="TOY-END-03",
        doc="end the game, nobody winning, after this many actions",
    ),
)


def start(cards: ToyCardSet, *, seed: int, options: Options) -> ToyState:
    players = options["players"]
    deck = [c.id for c in cards.cards for _ in range(c.count)]
    if len(deck) < players * HAND:
        raise InitError(f"a deck of {len(deck)} cannot deal {players} hands of {HAND}")
    order, rng = shuffle(deck, seed_state(seed))  # TOY-SETUP-02: the one chance event
    hands = tuple(tuple(sorted(order[p * HAND : (p + 1) * HAND])) for p in range(players))
    return ToyState(
        cards=cards,
        seed=seed,
        rng=rng,
        players=players,
        max_actions=options["max_actions"],
        deck=tuple(order[players * HAND :]),
        hands=hands,
        pile=(),
        scores=(0,) * players,
        turn=0,
        actions=0,
        options=options,
    )


def state_options(state: ToyState) -> Options:
    return state.options.replaced(players=state.players, max_actions=state.max_actions)


def _can_act(state: ToyState, seat: int) -> bool:
    hand = state.hands[seat]
    return bool(hand) or (bool(state.deck) and len(hand) < MAX_HAND)


def is_terminal(state: ToyState) -> bool:
    if state.max_actions is not None and state.actions >= state.max_actions:
        return True  # TOY-END-03
    return not state.deck and not any(state.hands)  # TOY-END-01


def current_player(state: ToyState) -> int | None:
    return None if is_terminal(state) else state.turn


def outcome(state: ToyState) -> ToyOutcome | None:
    if not is_terminal(state):
        return None
    if state.deck or any(state.hands):
        return ToyOutcome(winners=(), cause="max-actions", rule="TOY-END-03")
    top = max(state.scores)
    tops = tuple(p for p, s in enumerate(state.scores) if s == top)
    return ToyOutcome(winners=tops if len(tops) == 1 else (), cause="all-played", rule="TOY-END-02")


def returns(state: ToyState) -> tuple[float, ...]:
    final = outcome(state)
    if final is None or final.cause == "max-actions":
        return (0.0,) * state.players
    top = max(state.scores)
    tied = state.scores.count(top) > 1  # TOY-END-02: a tie for the highest neither wins nor loses
    won = 0.0 if tied else 1.0
    return tuple(won if s == top else -1.0 for s in state.scores)


def action_space(state: ToyState) -> tuple[ToyAction, ...]:
    return (ToyDraw(), *(ToyPlay(card=c.id) for c in state.cards.cards))


def malformed(state: ToyState, action: object) -> str | None:
    if isinstance(action, ToyDraw):
        return None
    if isinstance(action, ToyPlay):
        known = {c.id for c in state.cards.cards}
        return None if action.card in known else f"this card set has no card {action.card!r}"
    return f"not a High Card action: {action!r}"


def check_action(state: ToyState, action: object) -> None:
    problem = malformed(state, action)
    if problem is not None:
        raise MalformedActionError(problem)
    if is_terminal(state):
        raise IllegalActionError("TOY-END-01", "the game is over")
    hand = state.hands[state.turn]
    if isinstance(action, ToyPlay) and action.card not in hand:
        raise IllegalActionError("TOY-TURN-02", f"{action.card} is not in your hand")
    if isinstance(action, ToyDraw) and not (state.deck and len(hand) < MAX_HAND):
        raise IllegalActionError("TOY-TURN-03", "one draws only from a deck with cards, holding fewer than 5")


def can_apply(state: ToyState, action: object) -> bool:
    try:
        check_action(state, action)
    except (IllegalActionError, MalformedActionError):
        return False
    return True


def legal_actions(state: ToyState) -> tuple[ToyAction, ...]:
    if is_terminal(state):
        return ()
    return tuple(a for a in action_space(state) if can_apply(state, a))


def apply(state: ToyState, action: object) -> ToyState:
    check_action(state, action)  # first: a refused action changes nothing
    seat = state.turn
    hands, deck, pile, scores = list(state.hands), state.deck, state.pile, list(state.scores)
    if isinstance(action, ToyPlay):
        hand = list(hands[seat])
        hand.remove(action.card)
        hands[seat] = tuple(hand)
        value = state.cards.value(action.card)
        if not pile or value > state.cards.value(pile[-1]):
            scores[seat] += value  # TOY-TURN-04
        pile = (*pile, action.card)
    else:
        hands[seat] = tuple(sorted((*hands[seat], deck[0])))
        deck = deck[1:]
    after = attrs.evolve(
        state, hands=tuple(hands), deck=deck, pile=pile, scores=tuple(scores), actions=state.actions + 1
    )
    for step in range(1, state.players + 1):  # TOY-TURN-01: the next seat that can act
        nxt = (seat + step) % state.players
        if _can_act(after, nxt):
            return attrs.evolve(after, turn=nxt)
    return after


def action_text(state: ToyState, action: ToyAction) -> str:
    problem = malformed(state, action)
    if problem is not None:
        raise MalformedActionError(problem)
    return "draw" if isinstance(action, ToyDraw) else f"play {action.card}"


def parse_action(state: ToyState, text: str) -> ToyAction:
    if not isinstance(text, str):
        raise MalformedActionError(f"an action is text, not {type(text).__name__}")
    words = text.split()
    if words == ["draw"]:
        return ToyDraw()
    if len(words) == 2 and words[0] == "play":
        action = ToyPlay(card=words[1])
        problem = malformed(state, action)
        if problem is None:
            return action
        raise MalformedActionError(f"{text!r}: {problem}")
    raise MalformedActionError(f"{text!r} is not 'draw' or 'play CARD'")


def action_index(state: ToyState, action: ToyAction) -> int:
    space = action_space(state)
    if action not in space:
        raise MalformedActionError(f"not an action of this card set: {action!r}")
    return space.index(action)


def action_from_index(state: ToyState, index: int) -> ToyAction:
    space = action_space(state)
    if not 0 <= index < len(space):
        raise MalformedActionError(f"action number {index} is not 0 to {len(space) - 1}")
    return space[index]


GRAMMAR = (
    ("draw", "draw", "take the deck's top card (TOY-TURN-03)"),
    ("play CARD", "play three", "play a card of your hand face up (TOY-TURN-02)"),
)
