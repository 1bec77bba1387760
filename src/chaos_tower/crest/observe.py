"""What one player may know: their own hand, the others' hand sizes, everything face up.

Hidden from a player (`CRD-START-C`, `CRD-START-D`): the other hands, the order
of the deck, and, while the first cards are being put out, the cards the
others have put out face down (only their number shows).
"""

from __future__ import annotations

import json
from typing import Any

import attrs
from attrs import frozen

from ..kernel.options import Options, options_data
from ..kernel.saves import as_float
from .cards import STATUSES, RingCard
from .knowledge import MIXED
from .layout import PHASES, bounds, layout
from .state import HAND_SIZE, MAX_PLAYERS, NO_MORE, NO_RING, SETUP_LIMIT, CrestOutcome, CrestState

__all__ = ["CrestObservation", "observation", "observation_tensor", "tensor_size"]


@frozen(kw_only=True)
class CrestObservation:
    """One player's view of a duel. Cards are named by their kind's id."""

    cardset: str
    """The card set's SHA-256 fingerprint (public: every wielder knows the cards played with)."""
    player: int
    players: int
    teams: tuple[int, ...]
    phase: str
    seat: int
    first: int
    monsters: tuple[str, ...]
    hp: tuple[int, ...]
    alive: tuple[bool, ...]
    hand: tuple[str, ...]
    """The player's own hand."""
    hand_sizes: tuple[int, ...]
    marks: tuple[tuple[tuple[str, ...], ...], ...]
    """Face-up crests per seat and mark; a face-down card is not shown."""
    rings: tuple[str | None, ...]
    face_down: tuple[int, ...]
    """Per seat: cards put out face down that the player cannot see."""
    statuses: tuple[tuple[int, ...], ...]
    deck_size: int
    discard: tuple[str, ...]
    used: tuple[bool, ...]
    dying: tuple[int, ...]
    resume: str
    """The phase play goes on with once the killer's choices are made (public, as the table is)."""
    turns: int
    rounds: int
    result: CrestOutcome | None
    remade: tuple[str, ...] = ()
    """The cards last shuffled from the discards into a new deck, seen by all (`CRD-BEAST-D`)."""
    drawn: tuple[str, ...] = ()
    """What the player has drawn from that deck since (the deck holds ``remade`` less these, less
    the others' draws)."""
    drawn_sizes: tuple[int, ...] = ()
    """Per seat, how many cards it has drawn from that deck since (``()`` while the first deck lasts)."""
    shown: tuple[tuple[str, ...] | None, ...] = ()
    """Per seat, the cards it has shown from its hand since the deck was remade (``None``: not kept,
    its hand changed owner since)."""
    passed: tuple[str, ...] = ()
    """The player dead, its hand taken by its killer (`CRD-DEATH-A`): the cards of it the killer has
    not shown since, which it still holds."""
    passed_to: int = -1
    """The seat holding ``passed`` (-1: none)."""
    more: Options = NO_MORE
    """The mode's other options (the state's ``more``: the rules in force are no secret), each a key
    of the JSON by its name."""

    def data(self) -> dict[str, Any]:
        """The observation as plain JSON data, the options beyond the state's fields by their names."""
        data: dict[str, Any] = attrs.asdict(self, filter=_not_more)
        data.update(options_data(self.more))
        return data

    def to_json(self) -> str:
        """The observation as JSON text."""
        return json.dumps(self.data(), ensure_ascii=False, sort_keys=True)

    def __str__(self) -> str:
        lines = [f"player {self.player} of {self.players}, phase {self.phase}, seat {self.seat} to act"]
        for seat in range(self.players):
            marks = " | ".join("+".join(stack) or "-" for stack in self.marks[seat])
            hidden = f" ({self.face_down[seat]} face down)" if self.face_down[seat] else ""
            held = ", ".join(
                f"{s.value} {t}" for s, t in zip(STATUSES, self.statuses[seat], strict=True) if t
            )
            lines.append(
                f"  seat {seat} {self.monsters[seat]} HP {self.hp[seat]}"
                f"{'' if self.alive[seat] else ' (dead)'} hand {self.hand_sizes[seat]} "
                f"ring {self.rings[seat] or '-'} marks {marks}{hidden}" + (f" [{held}]" if held else "")
            )
        top = f" (top {self.discard[-1]})" if self.discard else ""
        lines.append(f"  deck {self.deck_size}, discards {len(self.discard)}{top}")
        lines.append(f"  hand: {' '.join(self.hand) or '-'}")
        if self.remade:
            lines.append(
                f"  the deck was remade from {len(self.remade)} discards; drawn from it since: "
                + ", ".join(f"seat {s} {n}" for s, n in enumerate(self.drawn_sizes))
            )
        if self.passed:
            lines.append(f"  seat {self.passed_to} holds your old {' '.join(self.passed)}")
        return "\n".join(lines)


def _not_more(field: attrs.Attribute[Any], value: Any) -> bool:
    return field.name != "more"


def _visible(state: CrestState, player: int, seat: int) -> bool:
    return state.phase != "setup" or seat == player


def observation(state: CrestState, player: int) -> CrestObservation:
    """What ``player`` (a seat) may know of ``state``."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.players:
        raise ValueError(f"players are seats 0..{state.players - 1}, not {player!r}")
    game = state.game
    n = state.players

    def name(instance: int) -> str:
        return game.card(instance).id

    marks = tuple(
        tuple(tuple(name(i) for i in stack) if _visible(state, player, s) else () for stack in state.marks[s])
        for s in range(n)
    )
    rings = tuple(
        name(state.rings[s]) if state.rings[s] != NO_RING and _visible(state, player, s) else None
        for s in range(n)
    )
    face_down = tuple(
        0
        if _visible(state, player, s)
        else sum(len(stack) for stack in state.marks[s]) + (state.rings[s] != NO_RING)
        for s in range(n)
    )
    return CrestObservation(
        cardset=game.fingerprint,
        player=player,
        players=n,
        teams=state.teams,
        phase=state.phase,
        seat=state.seat,
        first=state.first,
        monsters=tuple(game.monster(m).id for m in state.monsters),
        hp=state.hp,
        alive=state.alive,
        hand=tuple(name(i) for i in state.hands[player]),
        hand_sizes=tuple(len(h) for h in state.hands),
        marks=marks,
        rings=rings,
        face_down=face_down,
        statuses=state.statuses,
        deck_size=len(state.deck),
        discard=tuple(name(i) for i in state.discard),
        used=state.used,
        dying=state.dying,
        resume=state.resume,
        turns=state.turns,
        rounds=state.rounds,
        result=state.result,
        more=state.more,
        **_knowledge(state, player),
    )


def _knowledge(state: CrestState, player: int) -> dict[str, Any]:
    """What the player keeps knowing of the remade deck and of its hand taken (.knowledge):
    the remade deck and everybody's number of draws from it, the player's own draws and hand only."""
    if not state.remade and not state.passed:
        return {}
    kinds = state.game.kinds
    out: dict[str, Any] = {}
    if state.remade:
        out["remade"] = tuple(kinds[k].id for k in state.remade)
        out["drawn"] = tuple(kinds[k].id for k in state.drawn[player])
        out["drawn_sizes"] = tuple(len(row) for row in state.drawn)
        out["shown"] = tuple(None if row == MIXED else tuple(kinds[k].id for k in row) for row in state.shown)
    row = state.passed[player] if state.passed else ()
    if row:
        out["passed_to"] = row[0]
        out["passed"] = tuple(kinds[k].id for k in row[1:])
    return out


def tensor_size(state: CrestState) -> int:
    """The length of :func:`observation_tensor` for this card set (where its layout stops)."""
    return layout(state.game)[-1].stop


def observation_tensor(state: CrestState, player: int) -> tuple[float, ...]:
    """:func:`observation` as a fixed-length vector of numbers in 0..1 (no hidden information).

    Named, with ranges and scaling, by :func:`chaos_tower.crest.layout.observation_layout`.
    """
    obs = observation(state, player)
    game = state.game
    kinds = game.kinds
    b = bounds(game)
    index = {k.id: i for i, k in enumerate(kinds)}
    copies = [max(1, k.count) for k in kinds]
    ring_ids = [k.id for k in kinds if isinstance(k, RingCard)]

    def per_kind(cards: tuple[str, ...]) -> list[float]:
        counts = [0] * len(kinds)
        for card in cards:
            counts[index[card]] += 1
        return [c / most for c, most in zip(counts, copies, strict=True)]

    out: list[float] = []
    for seat in range(MAX_PLAYERS):
        per = 10 + len(STATUSES) + len(ring_ids) + game.max_marks * (1 + len(kinds))
        if seat >= obs.players:
            out.extend([0.0] * per)
            continue
        monster = game.monster(state.monsters[seat])
        team = state.teams[seat] if state.teams else seat
        # as_float: a state built by hand may hold numbers no save loads (saves.MAX_COUNT)
        hand = obs.hand_sizes[seat]
        hp = max(as_float(obs.hp[seat]), 0) / max(1, monster.hp)
        out += [1.0, float(obs.alive[seat]), hp, monster.hp / b.hp]
        out += [monster.dx / b.dx, monster.mdx / b.mdx, monster.rg / b.rg, hand / (hand + HAND_SIZE)]
        out += [
            obs.face_down[seat] / SETUP_LIMIT,
            float(team == (state.teams[player] if state.teams else player)),
        ]
        out += [as_float(t) / b.status for t in obs.statuses[seat]]
        out += [float(obs.rings[seat] == r) for r in ring_ids]
        for mark in range(game.max_marks):
            stack = obs.marks[seat][mark] if mark < len(obs.marks[seat]) else ()
            out += [len(stack) / (len(stack) + HAND_SIZE), *per_kind(stack)]
    out += per_kind(obs.hand) + per_kind(obs.discard) + [obs.deck_size / max(1, game.deck_size)]
    out += [float(obs.phase == p) for p in PHASES]
    out += [float(obs.seat == s) for s in range(MAX_PLAYERS)] + [
        float(player == s) for s in range(MAX_PLAYERS)
    ]
    used = list(obs.used) + [False] * (game.max_marks - len(obs.used))
    out += [float(u) for u in used[: game.max_marks]]
    return tuple(out)
