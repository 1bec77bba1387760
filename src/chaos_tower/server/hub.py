"""The server's tables: creating them, loading them (verified replays), playing actions on them,
running their agents and turn timers, and following other servers' moves (PostgreSQL)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

from .. import api
from ..app import replay
from . import frames
from .config import CardSets, ServerConfig, load_cardsets
from .live import Connection, Live, agent_choice, replay_table
from .rows import ActionRow
from .store import Store, open_store
from .tablespec import RequestError, TableSpec, new_table

__all__ = ["Hub"]

log = logging.getLogger("chaos_tower.server")


class Hub:
    """Everything one server process holds; :meth:`start` before use, :meth:`stop` after."""

    def __init__(self, config: ServerConfig, cardsets: CardSets | None = None) -> None:
        self.config = config
        self.cardsets = cardsets if cardsets is not None else load_cardsets(config.cards)
        self.store: Store | None = None
        self.tables: dict[str, Live] = {}
        self.broken: dict[str, str] = {}
        """Tables whose stored game does not replay, with the reason (they are not served)."""

    async def start(self) -> None:
        self.store = await open_store(self.config.db)
        for table_id, text in await self.store.open_tables():
            await self._load(table_id, text)
        await self.store.listen(self.catch_up)

    async def stop(self) -> None:
        for live in self.tables.values():
            if live.task is not None:
                live.task.cancel()
        if self.store is not None:
            await self.store.close()

    def _db(self) -> Store:
        assert self.store is not None, "Hub.start() first"
        return self.store

    async def _load(self, table_id: str, text: str) -> Live | None:
        try:
            spec = TableSpec.loads(text)
            found = self.cardsets.by_sha(spec.start.cardset.sha256)
            if found is None:
                raise replay.ReplayCardSetError(
                    f"this server does not serve the card set {spec.start.cardset.name!r}"
                )
            rows = await self._db().actions(table_id)
            states, records, hashes = replay_table(spec, found[1], rows)
        except (replay.ReplayError, ValueError, KeyError) as exc:
            self.broken[table_id] = str(exc)
            log.error("table %s is not served: its stored game does not replay: %s", table_id, exc)
            return None
        live = Live(table_id, spec, found[1], states, records, hashes, self.config.docs_base)
        self.tables[table_id] = live
        self._schedule(live)
        return live

    async def get(self, table_id: str) -> Live | None:
        """The table, loaded from the database (and verified) if this process has not got it yet."""
        live = self.tables.get(table_id)
        if live is not None or table_id in self.broken:
            return live
        text = await self._db().spec(table_id)
        return None if text is None else await self._load(table_id, text)

    async def create(self, request: dict[str, Any], base: str = "") -> dict[str, Any]:
        """Create the table ``request`` asks for (schema-checked); its id, links and tokens."""
        if len(self.tables) >= self.config.max_tables:
            raise RequestError("full", "the server has as many tables as it may hold; try later", 503)
        spec, state, tokens, spectator = new_table(request, self.cardsets)
        table_id = secrets.token_urlsafe(9)
        await self._db().create(table_id, spec.dumps(), self.config.clock())
        records = [frames.record_step(0, None, None, state)]
        live = Live(
            table_id, spec, self.cardsets.by_key[spec.cards], [state], records, [], self.config.docs_base
        )
        self.tables[table_id] = live
        self._schedule(live)
        seats = [
            {
                "seat": p,
                "kind": "person" if t else "agent",
                "token": t,
                "link": f"{base}/play/{table_id}#token={t}" if t else None,
            }
            for p, t in enumerate(tokens)
        ]
        return {
            "table": table_id,
            "seats": seats,
            "spectator": None
            if spectator is None
            else {"token": spectator, "link": f"{base}/play/{table_id}#token={spectator}"},
            **{k: v for k, v in live.summary().items() if k not in ("table", "seats")},
        }

    def join(self, live: Live, conn: Connection) -> None:
        live.conns.add(conn)
        conn.push(live.view(conn, first=True))

    async def act(self, live: Live, conn: Connection, text: Any, ref: Any, step: Any) -> None:
        """A person's action: refused with an error frame to ``conn`` alone (nothing changes), or
        committed, acknowledged, and every connection's new view sent."""
        seat = conn.seat
        async with live.lock:
            turn = api.current_player(live.state)
            if seat is None:
                conn.push(frames.error_frame("spectator", "a spectator cannot act", ref))
                return
            if turn != seat:
                who = "the game is over" if turn is None else f"it is seat {turn}'s turn"
                conn.push(frames.error_frame("not_your_turn", f"not your turn: {who}", ref))
                return
            if step is not None and step != live.step:
                conn.push(
                    frames.error_frame(
                        "stale", f"your view is of step {step}; the game is at {live.step}", ref
                    )
                )
                return
            legal = frames.legal_texts(live.state)
            folded = " ".join(str(text).split()).casefold()
            chosen = next((t for t in legal if t.casefold() == folded), None)
            if chosen is None:
                conn.push(
                    frames.error_frame(
                        "illegal_action", frames.action_error(live.state, seat, str(text)), ref
                    )
                )
                return
            if not await self._commit(live, seat, chosen):
                conn.push(frames.error_frame("conflict", "another server played this step first", ref))
                return
            conn.push({"type": "ack", "ref": ref, "step": live.step, "action": chosen})
            self._schedule(live)
            live.broadcast()

    async def _commit(self, live: Live, seat: int, text: str) -> bool:
        """Apply and store one action (the caller holds the lock); ``False`` if another server has
        played this step (then this one catches up from the database)."""
        after = api.apply(live.state, api.parse_action(live.state, text))
        row = ActionRow(
            step=live.step + 1, seat=seat, action=text, hash=replay.state_hash(after), at=self.config.clock()
        )
        if not await self._db().append(live.id, row):
            await self._follow(live)
            return False
        live.advance(seat, text, after, row.hash)
        if live.over:
            await self._db().finish(live.id)
        return True

    async def _follow(self, live: Live) -> bool:
        """Take in the actions another server stored (the caller holds the lock); whether any were."""
        rows = await self._db().actions(live.id, after=live.step)
        for row in rows:
            after = api.apply(live.state, api.parse_action(live.state, row.action))
            if replay.state_hash(after) != row.hash:
                log.error("table %s: step %d from the database does not replay", live.id, row.step)
                return False
            live.advance(api.current_player(live.state), row.action, after, row.hash)
        return bool(rows)

    async def catch_up(self, table_id: str) -> None:
        """Another process stored an action of ``table_id`` (NOTIFY): send the new views."""
        live = self.tables.get(table_id)
        if live is None:
            return
        async with live.lock:
            if await self._follow(live):
                self._schedule(live)
                live.broadcast()

    def _schedule(self, live: Live) -> None:
        """Start the agent whose turn it is, or the person's turn timer."""
        if live.task is not None and not live.task.done():
            live.task.cancel()
        live.task = None
        live.deadline = None
        seat = api.current_player(live.state)
        if seat is None:
            return
        agent = live.spec.seats[seat]
        timer = live.spec.timer
        if agent is None and timer is None:
            return
        if agent is None and timer is not None:
            live.deadline = self.config.clock() + timer.seconds
        with contextlib.suppress(RuntimeError):  # no running loop (a table made outside the server)
            live.task = asyncio.get_running_loop().create_task(self._auto(live, seat, live.step))

    async def _auto(self, live: Live, seat: int, step: int) -> None:
        agent = live.spec.seats[seat]
        timer = live.spec.timer
        if agent is None:
            assert timer is not None and live.deadline is not None
            await asyncio.sleep(max(0.0, live.deadline - self.config.clock()))
            choice: Any = timer.then
        else:
            choice = agent
        state = live.state
        text = await asyncio.to_thread(agent_choice, state, seat, step, choice, live.id)
        async with live.lock:
            if live.step != step:
                return
            await self._commit(live, seat, text)
            live.task = None  # this task is done: the next turn gets its own
            self._schedule(live)
            live.broadcast()
