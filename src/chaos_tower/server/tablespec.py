"""A table's settings: its game as a replay's start, its seats, tokens (as hashes), timer, spectators.

A table is created from a request (``POST /api/tables``, the ``create-table`` schema). Its game
and mode come from the registry, and its options are checked by the mode's own option specs
(``ct.new_game``), so every registered mode is served with no list of games here. Seat tokens
are random (:func:`secrets.token_urlsafe`, 32 bytes); the database keeps only their SHA-256, and a
token is compared with :func:`hmac.compare_digest`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from typing import Any

from attrs import frozen

from .. import api, registry
from ..agents import AGENTS, CHEAT_SUFFIX, AgentParameterError, make_agent
from ..agents import parse_agent as read_agent
from ..app import replay
from ..kernel.errors import ChaosTowerError
from .config import CardSets

__all__ = ["AgentSpec", "RequestError", "TableSpec", "Timer", "new_table", "parse_agent", "token_hash"]


MAX_AGENT_SECONDS = 30
"""The longest an agent of a table may think per decision."""
MAX_AGENT_SIMULATIONS = 20000
"""The most simulations an agent of a table may run per decision (``mcts:simulations=``)."""


class RequestError(ValueError):
    """A request the server refuses: ``code`` names the problem (``bad_request``, ``not_found``, …)."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


@frozen(kw_only=True)
class AgentSpec:
    """An agent of :data:`chaos_tower.agents.AGENTS` with its parameters: ``mcts:seconds=0.5``."""

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    def text(self) -> str:
        rest = ",".join(f"{k}={v}" for k, v in self.params)
        return self.name + (":" + rest if rest else "")


def parse_agent(text: str) -> AgentSpec:
    """``NAME`` or ``NAME:KEY=VALUE,...``, tried once (so a wrong parameter is refused at once).

    The parameters are read and checked by the one reader of ``play --seat`` and ``lab run --agent``
    (:func:`chaos_tower.agents.parse_agent`); the server adds its own bounds on thinking time.
    """
    try:
        name, params = read_agent(text.strip())
    except AgentParameterError as exc:
        raise RequestError("bad_agent", f"agent {text!r}: {exc}") from None
    if name not in AGENTS or name.endswith(CHEAT_SUFFIX):  # a table seats no cheating baseline
        known = ", ".join(n for n in AGENTS if not n.endswith(CHEAT_SUFFIX))
        raise RequestError("bad_agent", f"unknown agent {name!r} (known: {known})")
    spec = AgentSpec(name=name, params=params)
    given = dict(spec.params)
    seconds = given.get("seconds")
    if isinstance(seconds, int | float) and not 0 < seconds <= MAX_AGENT_SECONDS:
        raise RequestError(
            "bad_agent", f"agent {text!r}: seconds must be above 0 and at most {MAX_AGENT_SECONDS}"
        )
    for key in ("simulations", "budget"):
        count = given.get(key)
        if isinstance(count, int) and not 0 < count <= MAX_AGENT_SIMULATIONS:
            raise RequestError("bad_agent", f"agent {text!r}: {key} must be 1 to {MAX_AGENT_SIMULATIONS}")
    try:
        make_agent(name, 0, 0, **dict(spec.params))
    except (TypeError, ValueError) as exc:
        raise RequestError("bad_agent", f"agent {text!r}: {exc}") from None
    return spec


@frozen(kw_only=True)
class Timer:
    """A turn timer: after ``seconds`` without a person's action, ``then`` plays for the seat:
    ``first`` (the first legal action) or an agent (``random``, ``heuristic``, …)."""

    seconds: float
    then: str = "first"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@frozen(kw_only=True)
class TableSpec:
    """What the database keeps of a table besides its actions."""

    start: replay.Replay
    """The game's start: game, card set, options and seed (its actions are the table's own)."""
    cards: str
    """The key of the server's card set."""
    seats: tuple[AgentSpec | None, ...]
    """Per seat: ``None`` for a person, else the agent that plays it."""
    tokens: tuple[str | None, ...]
    """Per seat, the SHA-256 of its token (``None`` for an agent's seat)."""
    spectator: str | None
    """The SHA-256 of the spectators' token, or ``None`` when the table has no spectators."""
    reveal: bool = True
    """After the game, spectators (and seats) see the referee's picture."""
    timer: Timer | None = None

    def seat_of(self, token: str) -> int | str | None:
        """The seat of ``token``, ``"spectator"``, or ``"nobody"``; every hash is compared, in
        constant time, so the time taken says nothing about which one matched."""
        given = token_hash(token)
        found: int | str | None = "nobody"
        for seat, known in enumerate(self.tokens):
            if known is not None and hmac.compare_digest(given, known) and found == "nobody":
                found = seat
        if self.spectator is not None and hmac.compare_digest(given, self.spectator) and found == "nobody":
            found = None
        return found

    def to_json(self) -> dict[str, Any]:
        return {
            "version": 1,
            "start": self.start.to_json(),
            "cards": self.cards,
            "seats": [None if s is None else s.text() for s in self.seats],
            "tokens": list(self.tokens),
            "spectator": self.spectator,
            "reveal": self.reveal,
            "timer": None if self.timer is None else {"seconds": self.timer.seconds, "then": self.timer.then},
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @staticmethod
    def loads(text: str) -> TableSpec:
        data = json.loads(text)
        timer = data.get("timer")
        return TableSpec(
            start=replay.loads(json.dumps(data["start"])),
            cards=data["cards"],
            seats=tuple(None if s is None else parse_agent(s) for s in data["seats"]),
            tokens=tuple(data["tokens"]),
            spectator=data["spectator"],
            reveal=bool(data["reveal"]),
            timer=None if timer is None else Timer(seconds=float(timer["seconds"]), then=str(timer["then"])),
        )


def _mode(game: str, mode: str | None) -> registry.ModeSpec:
    try:
        spec = registry.game(game)
        return spec.modes[0] if mode is None else spec.mode(mode)
    except KeyError as exc:
        raise RequestError("bad_game", str(exc.args[0])) from None


def new_table(
    request: Mapping[str, Any], cardsets: CardSets
) -> tuple[TableSpec, Any, list[str | None], str | None]:
    """The table a ``create-table`` request asks for (already schema-checked), its first state,
    each seat's token (``None`` for an agent's) and the spectators' token."""
    game = str(request["game"])
    mode = _mode(game, request.get("mode"))
    given = request.get("cards")
    key = str(given) if given is not None else next((k for k, g in cardsets.games.items() if g == game), "")
    if key not in cardsets.by_key or cardsets.games[key] != game:
        served = ", ".join(k for k, g in cardsets.games.items() if g == game) or "none"
        raise RequestError("bad_cards", f"no {game} card set {key!r} on this server (it serves: {served})")
    cards = cardsets.by_key[key]
    options = dict(request.get("options") or {})
    seats_given = request.get("seats")
    agents = [None if s == "person" else parse_agent(s) for s in (seats_given or [])]
    if agents and all(a is not None for a in agents) and options.get("max_actions") is None:
        options["max_actions"] = mode.agent_max_actions  # agents alone: a game that surely ends
    try:
        state = api.new_game(cards, seed=request.get("seed"), mode=mode.name, **options)
    except (ChaosTowerError, TypeError, ValueError) as exc:
        raise RequestError("bad_options", str(exc)) from None
    players = api.rules_of(state).players(state)
    if seats_given is None:
        agents = [None] * players
    if len(agents) != players:
        raise RequestError("bad_seats", f"this game has {players} seats; {len(agents)} were given")
    tokens: list[str | None] = [None if a is not None else secrets.token_urlsafe(32) for a in agents]
    spectator = secrets.token_urlsafe(32) if request.get("spectators", True) else None
    timer_data = request.get("timer")
    timer = None
    if timer_data is not None:
        then = str(timer_data.get("then", "first"))
        if then != "first":
            parse_agent(then)
        timer = Timer(seconds=float(timer_data["seconds"]), then=then)
    start = replay.Replay(
        game=api.rules_of(state).name,
        cardset=replay.cardset_id(cards),
        options=api.options(state),
        seed=state.seed,
        actions=(),
    )
    spec = TableSpec(
        start=start,
        cards=key,
        seats=tuple(agents),
        tokens=tuple(None if t is None else token_hash(t) for t in tokens),
        spectator=None if spectator is None else token_hash(spectator),
        reveal=bool(request.get("reveal", True)),
        timer=timer,
    )
    return spec, state, tokens, spectator
