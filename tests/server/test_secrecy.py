"""Secrecy of the server's frames, on every registered mode and variant (issue 26, item 7).

Two states that seat *i* cannot tell apart are made by drawing a world from seat *i*'s view
(``ct.determinize``), with the state's own generator of chance (hidden from every seat, so the
world is still one seat *i* cannot tell apart, and the dice that fall next are the same public
facts in both), and playing the same action in both; wherever seat *i*'s observations then
agree, every frame the server would send seat *i* (its view: observation, picture, legal actions,
log entry with events, timing; and the error for a refused action) must be byte-identical, and so
must every spectator's frame. A frame that differed would carry something seat *i* may not know.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import attrs
import pytest

import chaos_tower as ct
from chaos_tower import registry
from chaos_tower.agents import AGENTS, Decision
from chaos_tower.server import frames
from chaos_tower.server.live import agent_choice

DEADLINE = 1_800_000_000.5


def _variants() -> list[tuple[str, str, str, dict[str, Any]]]:
    out = []
    for game in registry.games():
        for mode in game.modes:
            variants = mode.variants or (registry.Variant(name=mode.name),)
            for variant in variants:
                out.append((variant.name, game.name, mode.name, dict(variant.options)))
    return out


VARIANTS = _variants()


def _meta(state: Any) -> frames.Meta:
    rules = ct.rules_of(state)
    players = rules.players(state)
    return frames.Meta(
        table="t",
        game=rules.name,
        mode="m",
        players=players,
        seats=("person",) * players,
        public_actions=rules.public_actions,
        reveal=False,  # the referee's picture after the end is the table's choice to reveal all
    )


def _frames(meta: frames.Meta, state: Any, seat: int | None, step: int, actor: int | None, text: str) -> str:
    record = frames.record_step(step, actor, text, state)
    view = frames.view(meta, state, seat, [record], step=step, deadline=DEADLINE)
    out = [frames.encode(view)]
    if seat is not None and ct.current_player(state) == seat:
        out.append(
            frames.encode(frames.error_frame("illegal_action", frames.action_error(state, seat, "zz 9")))
        )
        out.append(
            frames.encode(frames.error_frame("illegal_action", frames.action_error(state, seat, "move n")))
        )
    return "\n".join(out)


def test_the_variants_cover_every_registered_mode() -> None:
    """Every mode of every registered game is among the variants checked."""
    covered = {(game, mode) for _, game, mode, _ in VARIANTS}
    assert covered == {(g.name, m.name) for g in registry.games() for m in g.modes}


@pytest.mark.parametrize(("name", "game", "mode", "options"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_frames_to_a_seat_depend_only_on_what_it_may_know(
    name: str, game: str, mode: str, options: dict[str, Any]
) -> None:
    """Frames to seat i from two states seat i cannot tell apart are byte-identical; spectators'
    frames are identical for every such pair (they know at most what every seat knows)."""
    cards = ct.load_cardset(game=game)
    compared = 0
    for seed in range(30):
        if compared >= 40:
            break
        rng = random.Random(seed)
        state = ct.new_game(cards, seed=seed, mode=mode, **options)
        meta = _meta(state)
        step = 0
        while ct.current_player(state) is not None and step < 60:
            actor = ct.current_player(state)
            assert actor is not None
            if step % 3 == 0:
                for seat in range(meta.players):
                    world = ct.determinize(state, seat, rng.randrange(1 << 30))
                    if hasattr(world, "rng"):
                        world = attrs.evolve(world, rng=state.rng)
                    mine = {ct.action_text(state, a) for a in ct.legal_actions(state)}
                    theirs = {ct.action_text(world, a) for a in ct.legal_actions(world)}
                    if seat == actor:
                        assert mine == theirs, f"{name}: seat {seat}'s legal actions depend on hidden facts"
                    for text in sorted(mine & theirs)[:4]:
                        a = ct.apply(state, ct.parse_action(state, text))
                        b = ct.apply(world, ct.parse_action(world, text))
                        if ct.observation(a, seat) != ct.observation(b, seat):
                            continue  # the action showed seat i something: the two states differ to it
                        for who in (seat, None):
                            one = _frames(meta, a, who, step + 1, actor, text)
                            two = _frames(meta, b, who, step + 1, actor, text)
                            assert one == two, f"{name}: a frame to {who} differs at step {step + 1} ({text})"
                        compared += 1
            action = rng.choice(ct.legal_actions(state))
            state = ct.apply(state, action)
            step += 1
    assert compared >= 10, f"{name}: only {compared} pairs of states compared"


class _Peeking:
    """Chooses by the referee's save of the world it is given: it would play on every secret."""

    def choose(self, decision: Decision) -> Any:
        actions = decision.legal
        digest = hashlib.sha256(ct.dumps(decision.world()).encode()).hexdigest()
        return actions[int(digest, 16) % len(actions)]


@pytest.mark.parametrize(("name", "game", "mode", "options"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_an_agent_on_a_seat_chooses_from_that_seats_view_only(
    name: str, game: str, mode: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even an agent that peeks at the whole state it is given picks the same action in two states
    its seat cannot tell apart: the server hands it the seat's decision, whose world is drawn from
    the seat's view only."""
    monkeypatch.setitem(AGENTS, "peek", lambda seat=0, seed=0, **params: _Peeking())
    cards = ct.load_cardset(game=game)
    rng = random.Random(1)
    checked = 0
    for seed in range(10):
        state = ct.new_game(cards, seed=seed, mode=mode, **options)
        for step in range(40):
            seat = ct.current_player(state)
            if seat is None or checked >= 8:
                break
            world = ct.determinize(state, seat, rng.randrange(1 << 30))
            for agent in ("peek", "random"):
                mine, theirs = (agent_choice(s, seat, step, agent, "t") for s in (state, world))
                assert mine == theirs, f"{name}: the {agent} agent's choice depends on hidden facts"
            checked += 1
            state = ct.apply(state, rng.choice(ct.legal_actions(state)))
    assert checked >= 8
