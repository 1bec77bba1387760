"""One table in play in this process: its state, its log, its connections, and its replay checks."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Iterable
from typing import Any

from .. import api, registry
from ..agents import decide, make_agent
from ..app import replay
from ..kernel.errors import ChaosTowerError
from . import frames
from .frames import Meta, StepRecord
from .rows import ActionRow
from .tablespec import AgentSpec, TableSpec, parse_agent

__all__ = ["MAX_QUEUED", "Connection", "Live", "agent_choice", "replay_table"]

MAX_QUEUED = 256
"""Frames waiting for a client that does not read; one more and the connection is closed."""


class Connection:
    """One websocket: its seat (``None``: a spectator), the frames waiting to go, its rate bucket."""

    def __init__(self, seat: int | None, rate: float, burst: int, now: float) -> None:
        self.seat = seat
        self.sent = 0
        """How many log records this connection has been sent."""
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.cut = False
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = now

    def allow(self, now: float) -> bool:
        """Take one frame from the bucket; ``False`` when the connection sends too fast."""
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def push(self, frame: dict[str, Any]) -> None:
        """Queue a frame; a client that has let :data:`MAX_QUEUED` pile up unread is cut off (its
        page reconnects and is sent its whole view again)."""
        if self.cut:
            return
        if self.queue.qsize() >= MAX_QUEUED:
            self.cut = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(frames.encode(frame))


class Live:
    """A table loaded in this process."""

    def __init__(
        self,
        table_id: str,
        spec: TableSpec,
        cards: Any,
        states: list[Any],
        records: list[StepRecord],
        hashes: list[str],
        docs_base: str | None,
    ) -> None:
        self.id = table_id
        self.spec = spec
        self.cards = cards
        self.state = states[-1]
        self.records = records
        self.hashes = hashes
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.deadline: float | None = None
        self.task: asyncio.Task[None] | None = None
        mode = registry.mode_of(type(self.state))
        rules = api.rules_of(self.state)
        self.meta = Meta(
            table=table_id,
            game=rules.name,
            mode=mode.name,
            players=rules.players(self.state),
            seats=tuple("person" if s is None else s.text() for s in spec.seats),
            public_actions=rules.public_actions,
            reveal=spec.reveal,
            docs_base=docs_base,
        )

    @property
    def step(self) -> int:
        """The number of actions played."""
        return len(self.records) - 1

    @property
    def over(self) -> bool:
        return api.current_player(self.state) is None

    def view(self, conn: Connection, *, first: bool = False) -> dict[str, Any]:
        """The next ``view`` frame for ``conn``: the log since its last one (all of it at ``first``)."""
        since = 0 if first else conn.sent
        frame = frames.view(
            self.meta,
            self.state,
            conn.seat,
            self.records[since:],
            step=self.step,
            deadline=self.deadline,
            first=first,
        )
        conn.sent = len(self.records)
        return frame

    def broadcast(self) -> None:
        for conn in list(self.conns):
            conn.push(self.view(conn))

    def advance(self, seat: int | None, text: str, after: Any, digest: str) -> None:
        """Take the state after ``seat``'s action ``text`` (already committed, the state's hash
        ``digest``) into the log."""
        self.state = after
        self.records.append(frames.record_step(self.step + 1, seat, text, after))
        self.hashes.append(digest)

    def summary(self) -> dict[str, Any]:
        """The public facts of the table (``GET /api/tables/{id}``)."""
        final = frames.view(self.meta, self.state, None, (), step=self.step)["end"]
        return {
            "table": self.id,
            "game": self.meta.game,
            "mode": self.meta.mode,
            "cards": self.spec.cards,
            "players": self.meta.players,
            "options": api.options(self.state).as_dict(),  # the setup everyone is told
            "seats": list(self.meta.seats),
            "step": self.step,
            "turn": api.current_player(self.state),
            "spectators": self.spec.spectator is not None,
            "timer": None if self.spec.timer is None else self.spec.timer.seconds,
            "end": final,
        }


def replay_table(
    spec: TableSpec, cards: Any, rows: Iterable[ActionRow]
) -> tuple[list[Any], list[StepRecord], list[str]]:
    """The table's states, log and hashes, from its start and stored actions, each checked: the game
    is a replay (``chaos_tower.app.replay.steps``), so a stored action that does not replay, or
    a state whose hash differs, raises :class:`~chaos_tower.app.replay.ReplayError`."""
    found = list(rows)
    for index, row in enumerate(found, start=1):
        if row.step != index:
            raise replay.ReplayFormatError(f"the stored actions skip from step {index - 1} to {row.step}")
    game = replay.Replay(
        game=spec.start.game,
        cardset=spec.start.cardset,
        options=spec.start.options,
        seed=spec.start.seed,
        actions=tuple(r.action for r in found),
        hashes=tuple(r.hash for r in found),
    )
    states: list[Any] = []
    records: list[StepRecord] = []
    for step in replay.steps(game, cards):
        actor = None if step.number == 0 else api.current_player(states[-1])
        states.append(step.state)
        records.append(frames.record_step(step.number, actor, step.action, step.state))
    return states, records, [r.hash for r in found]


def _seed(salt: str, seat: int, step: int) -> int:
    # From the table's id, not the game's seed: the agent's randomness tells it nothing hidden.
    digest = hashlib.sha256(f"{salt}:{seat}:{step}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def agent_choice(state: Any, seat: int, step: int, agent: AgentSpec | str, salt: str = "") -> str:
    """The text of the action ``agent`` takes for ``seat``, chosen from the seat's own decision
    (:func:`chaos_tower.agents.decide`): an agent never sees what its seat may not. ``first``: the
    first legal action."""
    legal = frames.legal_texts(state)
    if agent == "first":
        return legal[0]
    spec = parse_agent(agent) if isinstance(agent, str) else agent
    seed = _seed(salt, seat, step)
    try:
        player = make_agent(spec.name, seat, seed, **dict(spec.params))
        text = api.action_text(state, decide(player, state))
    except (ChaosTowerError, ValueError, TypeError, NotImplementedError):
        return legal[0]
    return text if text in legal else legal[0]
