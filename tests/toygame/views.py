"""High Card's saves, one-line positions, player views, tensors, determinisation and text."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import attrs
from attrs import frozen

from chaos_tower.kernel import saves
from chaos_tower.kernel.errors import SaveError
from chaos_tower.kernel.layout import Layout, Slice
from chaos_tower.kernel.notation_words import NotationError
from chaos_tower.kernel.options import options_data, options_word, read_options, read_options_word
from chaos_tower.kernel.rng import seed_state, shuffle

from .game import FORMAT, MAX_HAND, VIEW_FORMAT, WORD, ToyCardSet, ToyState, is_terminal, specs, state_options

_FIELDS = ("seed", "rng", "options", "deck", "hands", "pile", "scores", "turn", "actions")


def _int(value: Any, low: int = 0, high: int | None = None) -> bool:
    return type(value) is int and low <= value and (high is None or value <= high)


def _ids(value: Any) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(v, str) for v in value)


def _state(data: dict[str, Any], cards: ToyCardSet) -> ToyState:
    """A state from its fields, every field and their sum checked: SaveError for anything impossible."""
    if not isinstance(cards, ToyCardSet):
        raise SaveError("a High Card save is loaded with a High Card set")
    if data.get("cardset") != cards.fingerprint:
        raise SaveError("the save was made with another card set")
    if set(data) != {*_FIELDS, "cardset"}:
        raise SaveError(f"a High Card save has the keys {', '.join(_FIELDS)} and cardset")
    options = data["options"]
    if isinstance(options, str):  # a one-line position's options word
        options = read_options_word("duel", specs(), options, error=SaveError)
    else:
        options = read_options("duel", specs(), options)  # every option, each checked by its spec
    n = options["players"]
    checks = {
        "seed and rng are numbers": type(data["seed"]) is int and _int(data["rng"], 0, 2**64 - 1),
        "actions is a count": _int(data["actions"]),
        "deck and pile are card ids": _ids(data["deck"]) and _ids(data["pile"]),
    }
    ok = all(checks.values())
    if ok:
        hands, scores = data["hands"], data["scores"]
        checks["hands: a sorted list of ids per seat, at most 5"] = (
            isinstance(hands, list | tuple)
            and len(hands) == n
            and all(_ids(h) and list(h) == sorted(h) and len(h) <= MAX_HAND for h in hands)
        )
        checks["scores: a count per seat"] = (
            isinstance(scores, list | tuple) and len(scores) == n and all(_int(s) for s in scores)
        )
        checks["turn is a seat"] = _int(data["turn"], 0, n - 1)
    broken = [what for what, fine in checks.items() if not fine]
    if broken:
        raise SaveError(f"an impossible High Card position: {'; '.join(broken)}")
    every = Counter({c.id: c.count for c in cards.cards})
    held = Counter([*data["deck"], *data["pile"], *(c for h in data["hands"] for c in h)])
    if held != every:
        raise SaveError("an impossible High Card position: the deck, hands and pile are not the card set")
    state = ToyState(
        cards=cards,
        seed=data["seed"],
        rng=data["rng"],
        players=n,
        max_actions=options["max_actions"],
        deck=tuple(data["deck"]),
        hands=tuple(tuple(h) for h in data["hands"]),
        pile=tuple(data["pile"]),
        scores=tuple(data["scores"]),
        turn=data["turn"],
        actions=data["actions"],
        options=options,
    )
    if not is_terminal(state) and not (state.hands[state.turn] or state.deck):
        raise SaveError("an impossible High Card position: the seat to move can do nothing")
    return state


def _fields(state: ToyState) -> dict[str, Any]:
    data = {name: getattr(state, name) for name in _FIELDS}
    return {**data, "options": options_data(state_options(state)), "cardset": state.cards.fingerprint}


def dumps(state: ToyState) -> str:
    data = {"format": FORMAT, **_fields(state)}
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def loads(text: str | bytes, cards: ToyCardSet) -> ToyState:
    data = saves.parse(text)
    if not isinstance(data, dict) or data.pop("format", None) != FORMAT:
        raise SaveError(f"not a High Card save (expected format {FORMAT!r})")
    return _state(data, cards)


def _list(items: tuple[str, ...]) -> str:
    return ",".join(items) or "-"


def to_notation(state: ToyState) -> str:
    """``toy key=value …``: every field, lists comma-separated, hands split by ``/``, ``-`` for none."""
    f = _fields(state)
    words = [
        WORD,
        *(f"{k}={f[k]}" for k in ("seed", "rng", "turn", "actions", "cardset")),
        f"options={options_word(state_options(state))}",
        f"deck={_list(state.deck)}",
        f"pile={_list(state.pile)}",
        f"hands={'/'.join(_list(h) for h in state.hands)}",
        f"scores={','.join(map(str, state.scores))}",
    ]
    return " ".join(words)


def from_notation(text: str, cards: ToyCardSet) -> ToyState:
    words = text.split()
    if not words or words[0] != WORD:
        raise NotationError(f"a High Card position begins with {WORD!r}")
    raw = dict(w.partition("=")[::2] for w in words[1:])
    if len(raw) != len(words) - 1 or set(raw) != {*_FIELDS, "cardset"}:
        raise NotationError(f"a High Card position has each of {', '.join(_FIELDS)} and cardset once")

    def number(key: str) -> int:
        value = raw[key]
        if not value.isdigit():
            raise NotationError(f"{key}={value!r} is not a number")
        return int(value)

    def ids(value: str) -> list[str]:
        return [] if value == "-" else value.split(",")

    numbers = ("seed", "rng", "turn", "actions")
    data: dict[str, Any] = {k: number(k) for k in numbers}
    data |= {"deck": ids(raw["deck"]), "pile": ids(raw["pile"]), "cardset": raw["cardset"]}
    data["options"] = raw["options"]  # the options word, read by the specs in _state
    data["hands"] = [ids(h) for h in raw["hands"].split("/")]
    if not all(s.isdigit() for s in raw["scores"].split(",")):
        raise NotationError(f"scores={raw['scores']!r} are not numbers")
    data["scores"] = [int(s) for s in raw["scores"].split(",")]
    try:
        return _state(data, cards)
    except SaveError as exc:
        raise NotationError(str(exc)) from None


@frozen(kw_only=True)
class ToyView:
    """What one seat may know (TOY-SETUP-03): its own hand, the others' hand sizes, the public rest."""

    cardset: str
    player: int
    players: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    deck: int
    pile: tuple[str, ...]
    scores: tuple[int, ...]
    decider: int | None
    actions: int
    max_actions: int | None
    options: tuple[tuple[str, Any], ...]
    """Every option of the game (public: the table agreed on them), as ``ct.options`` gives them."""


def observation(state: ToyState, player: int) -> ToyView:
    if not _int(player, 0, state.players - 1):
        raise ValueError(f"no seat {player!r}: the seats are 0 to {state.players - 1}")
    return ToyView(
        cardset=state.cards.fingerprint,
        player=player,
        players=state.players,
        hand=state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        deck=len(state.deck),
        pile=state.pile,
        scores=state.scores,
        decider=None if is_terminal(state) else state.turn,
        actions=state.actions,
        max_actions=state.max_actions,
        options=state_options(state).values,
    )


def view_dumps(view: ToyView) -> str:
    data = {**attrs.asdict(view, recurse=False), "options": dict(view.options)}
    return json.dumps({"format": VIEW_FORMAT, **data}, sort_keys=True, separators=(",", ":"))


def view_loads(text: str | bytes, cards: ToyCardSet) -> ToyView:
    data = saves.parse(text)
    if not isinstance(data, dict) or data.pop("format", None) != VIEW_FORMAT:
        raise SaveError(f"not a High Card view (expected format {VIEW_FORMAT!r})")
    if not isinstance(cards, ToyCardSet) or data.get("cardset") != cards.fingerprint:
        raise SaveError("the view was made with another card set")
    names = {f.name for f in attrs.fields(ToyView)}
    if set(data) != names:
        raise SaveError(f"a High Card view has the keys {', '.join(sorted(names))}")
    options = read_options("duel", specs(), data["options"]).values
    n = data["players"]
    fine = (
        _int(n, 2, 4)
        and _int(data["player"], 0, n - 1)
        and _ids(data["hand"])
        and _ids(data["pile"])
        and _int(data["deck"])
        and _int(data["actions"])
        and (data["decider"] is None or _int(data["decider"], 0, n - 1))
        and (data["max_actions"] is None or _int(data["max_actions"], 1))
        and all(isinstance(data[k], list) and len(data[k]) == n for k in ("hand_sizes", "scores"))
        and all(_int(v) for k in ("hand_sizes", "scores") for v in data[k])
        and dict(options)["players"] == n
        and dict(options)["max_actions"] == data["max_actions"]
    )
    if not fine:
        raise SaveError("a bad High Card view")
    tupled: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
    return ToyView(**{**tupled, "options": options})


def view_text(view: ToyView) -> str:
    turn = "over" if view.decider is None else f"seat {view.decider} to move"
    return (
        f"High Card, seat {view.player} of {view.players}: {turn}\n"
        f"your hand: {' '.join(view.hand) or '-'}\n"
        f"hand sizes: {' '.join(map(str, view.hand_sizes))}  deck: {view.deck}\n"
        f"pile: {' '.join(view.pile) or '-'}  scores: {' '.join(map(str, view.scores))}"
    )


def render_text(state: ToyState) -> str:
    hands = "\n".join(f"seat {p}: {' '.join(h) or '-'}" for p, h in enumerate(state.hands))
    return f"High Card (referee), {state.actions} actions\n{hands}\ndeck: {' '.join(state.deck) or '-'}\n" + (
        f"pile: {' '.join(state.pile) or '-'}  scores: {' '.join(map(str, state.scores))}"
    )


def observation_layout(state: ToyState) -> tuple[Slice, ...]:
    kinds, n = len(state.cards.cards), state.players
    layout = Layout()
    layout.add("hand", kinds, "how many of each kind of card the seat holds", "x / 5")
    layout.add("pile_top", kinds, "the kind of card on top of the pile", "one-hot")
    layout.add("deck", 1, "the deck's size", "x / deck")
    layout.add("hand_sizes", n, "each seat's hand size", "x / 5")
    layout.add("scores", n, "each seat's score", "x / (x + 10)")
    layout.add("decider", n, "the seat to move", "one-hot")
    layout.add("me", n, "the seat this view is for", "one-hot")
    return layout.done()


def observation_tensor(state: ToyState, player: int) -> tuple[float, ...]:
    view = observation(state, player)
    ids = [c.id for c in state.cards.cards]
    total = sum(c.count for c in state.cards.cards)
    seats = range(view.players)
    return (
        *(view.hand.count(i) / MAX_HAND for i in ids),
        *(float(bool(view.pile) and view.pile[-1] == i) for i in ids),
        view.deck / total,
        *(size / MAX_HAND for size in view.hand_sizes),
        *(s / (s + 10) for s in view.scores),
        *(float(view.decider == p) for p in seats),
        *(float(view.player == p) for p in seats),
    )


def determinize(state: ToyState, player: int, seed: int) -> ToyState:
    """Re-deal what ``player`` cannot see (the others' hands, the deck) from ``seed``, from its view."""
    view = observation(state, player)
    unseen = Counter({c.id: c.count for c in state.cards.cards})
    unseen.subtract(Counter([*view.hand, *view.pile]))
    order, rng = shuffle(sorted(unseen.elements()), seed_state(seed))
    hands, at = [], 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == player:
            hands.append(view.hand)
        else:
            hands.append(tuple(sorted(order[at : at + size])))
            at += size
    return attrs.evolve(state, seed=seed, rng=rng, hands=tuple(hands), deck=tuple(order[at:]))
