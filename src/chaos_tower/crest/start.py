"""2.(1) 開始: dealing, the face-down cards, the reveal, initiative and the first refill.

`CRD-START-A..F`. The setup choice is simultaneous in the manual; here the
seats choose in seat order, one card per action, hidden from the others until
everyone is done (see the reading of `CRD-START-D`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..kernel.errors import OptionError
from ..kernel.events import Event, Reason
from ..kernel.options import Options
from ..kernel.rng import seed_state, shuffle
from .actions import DONE, CrestAction, Done, Mode, Place, Wear, shared_records
from .cards import STATUSES, CrestCard, CrestCardSet, RingCard
from .change import Work
from .effects import stat
from .players import team_layout
from .state import HAND_SIZE, NO_MORE, NO_RING, SETUP_LIMIT, CrestGame, CrestState, compiled

__all__ = ["new_game", "setup_actions", "setup_apply", "setup_reason"]


def _compiled(cards: CrestCardSet) -> CrestGame:
    # Kept on the card set itself (freed with it), not in a module-level cache.
    return compiled(cards)


def new_game(
    cards: CrestCardSet,
    *,
    players: int = 2,
    teams: bool | Sequence[int] | None = None,
    seed: int = 0,
    max_actions: int | None = None,
    more: Options = NO_MORE,
) -> CrestState:
    """A new duel: monsters dealt, deck shuffled, five cards each; the first seat puts out cards.

    :class:`~chaos_tower.kernel.errors.OptionError` (a :class:`ValueError`) for a
    player count outside 2..6 (`CRD-PLAYERS-A`), teams other than two equal teams
    of a 4 or 6 player game (`CRD-PLAYERS-C`) or a bad ``max_actions``;
    :class:`ValueError` for a set with fewer monsters than players.

    >>> import chaos_tower as ct
    >>> state = ct.new_game(ct.load_cardset(game="crest"), players=3, seed=1)
    >>> state.phase, [len(hand) for hand in state.hands]
    ('setup', [5, 5, 5])
    """
    layout = team_layout(players, teams)
    if max_actions is not None and (isinstance(max_actions, bool) or max_actions < 1):
        raise OptionError("duel: max_actions must be a positive integer or None")
    game = _compiled(cards)
    if len(cards.monsters) < players:
        raise ValueError(f"the set has {len(cards.monsters)} monsters, too few for {players} players")
    rng = seed_state(seed)
    # `CRD-START-A`: deal a monster to each seat; the rest are not used.
    order, rng = shuffle(range(len(cards.monsters)), rng)
    monsters = tuple(order[:players])
    # `CRD-START-B`: shuffle the whole deck.
    deck, rng = shuffle(range(game.deck_size), rng)
    # `CRD-START-C`: five cards each, one at a time round the seats.
    hands: list[list[int]] = [[] for _ in range(players)]
    rest = list(deck)
    for _ in range(HAND_SIZE):
        for seat in range(players):
            if rest:
                hands[seat].append(rest.pop(0))
    events = (
        Event(
            rule="CRD-START-A",
            kind="deal",
            text="monsters dealt: "
            + ", ".join(f"seat {s} {cards.monsters[m].name}" for s, m in enumerate(monsters)),
        ),
        Event(rule="CRD-START-B", kind="shuffle", text=f"the deck of {game.deck_size} cards is shuffled"),
        Event(rule="CRD-START-C", kind="deal", text=f"{HAND_SIZE} cards dealt to each of {players} wielders"),
    )
    return CrestState(
        game=game,
        seed=seed,
        rng=rng,
        players=players,
        teams=layout,
        monsters=monsters,
        hp=tuple(cards.monsters[m].hp for m in monsters),
        alive=(True,) * players,
        hands=tuple(tuple(sorted(h)) for h in hands),
        marks=tuple(tuple(() for _ in cards.monsters[m].marks) for m in monsters),
        rings=(NO_RING,) * players,
        statuses=((0,) * len(STATUSES),) * players,
        deck=tuple(rest),
        discard=(),
        phase="setup",
        seat=0,
        max_actions=max_actions,
        more=more,
        events=events,
    )


def _in_hand(state: CrestState, seat: int, kind_id: str) -> bool:
    kind = state.game.kind_ids.get(kind_id)
    return kind is not None and any(state.game.kind_of[i] == kind for i in state.hands[seat])


def place_reason(state: CrestState, action: Place, rule: str) -> Reason:
    """Why this crest cannot go on this mark (`CRD-WIELD-C`, `CRD-WIELD-D`), or ``None``."""
    seat = state.seat
    card = state.game.kinds[state.game.kind_ids[action.card]]
    if not isinstance(card, CrestCard):
        return rule, f"{action.card} is not a crest"
    if not _in_hand(state, seat, action.card):
        return "CRD-WIELD-C", f"{action.card} is not in the hand"
    kinds = state.game.monster(state.monsters[seat]).marks
    if action.mark >= len(kinds):
        return "CRD-WIELD-D", f"the monster has marks m0..m{len(kinds) - 1}"
    if kinds[action.mark] != card.mark:
        return "CRD-WIELD-D", f"a {card.mark} crest cannot go on a {kinds[action.mark]} mark"
    empty = not state.marks[seat][action.mark]
    if action.mode == "new" and not empty:
        return "CRD-WIELD-D", f"m{action.mark} is not empty: stack on it or replace it"
    if action.mode in ("stack", "replace") and empty:
        return "CRD-WIELD-D", f"m{action.mark} is empty: place the crest new"
    return None


def setup_reason(state: CrestState, action: CrestAction) -> Reason:
    """Why ``action`` is not allowed while putting out cards face down (`CRD-START-D`), or ``None``."""
    if isinstance(action, Done):
        return None
    if not isinstance(action, (Place, Wear)):
        return "CRD-START-D", "only crests and chaos rings may be put out now, and no spell"
    if state.setup_count >= SETUP_LIMIT:
        return "CRD-START-D", f"at most {SETUP_LIMIT} cards are put out face down"
    if isinstance(action, Place):
        if action.mode == "replace":
            return "CRD-START-D", "nothing is replaced while putting out the first cards"
        return place_reason(state, action, "CRD-START-D")
    card = state.game.kinds[state.game.kind_ids[action.card]]
    if not isinstance(card, RingCard):
        return "CRD-START-D", f"{action.card} is not a chaos ring"
    if not _in_hand(state, state.seat, action.card):
        return "CRD-WIELD-C", f"{action.card} is not in the hand"
    if state.rings[state.seat] != NO_RING:
        return "CRD-START-D", "one chaos ring at most is put out"
    return None


def setup_actions(state: CrestState) -> list[CrestAction]:
    """The legal actions of the seat putting out cards."""
    out: list[CrestAction] = []
    shared = shared_records(state.game)  # one record per choice (issue 13)
    get = shared.get
    if state.setup_count < SETUP_LIMIT:
        kinds = sorted({state.game.kind_of[i] for i in state.hands[state.seat]})
        marks = state.game.monster(state.monsters[state.seat]).marks
        for kind in kinds:
            card = state.game.kinds[kind]
            if isinstance(card, CrestCard):
                for mark, mark_kind in enumerate(marks):
                    if mark_kind == card.mark:
                        mode: Mode = "stack" if state.marks[state.seat][mark] else "new"
                        at: tuple[object, ...] = ("place", card.id, mark, mode)
                        record = get(at) or shared.setdefault(at, Place(card=card.id, mark=mark, mode=mode))
                        out.append(record)
            elif isinstance(card, RingCard) and state.rings[state.seat] == NO_RING:
                at = ("wear", card.id)
                out.append(get(at) or shared.setdefault(at, Wear(card=card.id)))
    out.append(DONE)
    return out


def setup_apply(work: Work, action: CrestAction) -> None:
    """Put out one card face down, or finish; after the last seat, reveal and roll (`CRD-START-D..F`)."""
    seat = work.seat
    if isinstance(action, Place):
        instance = work.take_from_hand(seat, action.card)
        work.marks[seat][action.mark].append(instance)
        work.setup_count += 1
        work.event("CRD-START-D", "setup", f"seat {seat} puts out a card face down")
        return
    if isinstance(action, Wear):
        work.rings[seat] = work.take_from_hand(seat, action.card)
        work.setup_count += 1
        work.event("CRD-START-D", "setup", f"seat {seat} puts out a card face down")
        return
    work.event(
        "CRD-START-D", "setup", f"seat {seat} has put out {work.setup_count} card(s)", work.setup_count
    )
    work.setup_count = 0
    if seat + 1 < work.state.players:
        work.seat = seat + 1
        return
    _reveal(work)
    _initiative(work)
    _first_refill(work)


def _reveal(work: Work) -> None:
    # `CRD-START-E`: every card put out is turned face up together.
    for seat in range(work.state.players):
        shown = [work.card_name(i) for stack in work.marks[seat] for i in stack]
        if work.rings[seat] != NO_RING:
            shown.append(work.card_name(work.rings[seat]))
        work.event("CRD-START-E", "reveal", f"{work.name(seat)} reveals: {', '.join(shown) or 'nothing'}")


def _initiative(work: Work) -> None:
    # `CRD-START-E`: a die + the higher of DX and MDX; those tied for the highest roll again.
    contenders = list(range(work.state.players))
    while True:
        totals = {}
        for seat in contenders:
            die = work.die()
            totals[seat] = die + max(stat(work, seat, "dx"), stat(work, seat, "mdx"))
            work.event(
                "CRD-START-E", "initiative", f"seat {seat} rolls {die}: total {totals[seat]}", totals[seat]
            )
        best = max(totals.values())
        contenders = [seat for seat in contenders if totals[seat] == best]
        if len(contenders) == 1:
            break
        work.event(
            "CRD-START-E",
            "initiative",
            "a tie: " + ", ".join(f"seat {s}" for s in contenders) + " roll again",
        )
    work.first = contenders[0]
    work.event("CRD-START-E", "first", f"seat {work.first} goes first; play goes clockwise")


def _first_refill(work: Work) -> None:
    # `CRD-START-F`: in turn order, one card at a time, until every hand holds five.
    players = work.state.players
    order = [(work.first + k) % players for k in range(players)]
    drew = True
    while drew:
        drew = False
        for seat in order:
            if len(work.hands[seat]) < HAND_SIZE and work.draw(seat):
                drew = True
    work.event("CRD-START-F", "refill", "every hand is refilled to five, in turn order")
    work.phase = "wield"
    work.seat = work.first
    work.none_used(work.first)
    work.turns = 1
    work.rounds = 1
    work.event("CRD-WIELD-A", "turn", f"{work.name(work.first)}'s turn: the wielder phase")
