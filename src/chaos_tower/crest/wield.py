"""2.(2) ① 紋章使いフェイズ: grow, cast one spell, or discard one or two (`CRD-WIELD-A..G`)."""

from __future__ import annotations

from typing import Any

from ..kernel.events import Reason
from ..kernel.memo import counted_key, remember
from .actions import DONE, Cast, CrestAction, Discard, Done, Mode, Place, Wear, shared_records
from .cards import CrestCard, RingCard, SpellCard, SpellTarget
from .change import Work
from .effects import resolve
from .players import enemies, foes_bits
from .start import place_reason
from .state import MAX_PLAYERS, NO_RING, CrestGame, CrestState

__all__ = ["wield_actions", "wield_apply", "wield_key", "wield_reason"]


def _count(state: CrestState, kind_id: str) -> int:
    kind = state.game.kind_ids[kind_id]
    return sum(1 for i in state.hands[state.seat] if state.game.kind_of[i] == kind)


def wield_reason(state: CrestState, action: CrestAction) -> Reason:
    """Why ``action`` is not allowed in the wielder phase, or ``None`` (`CRD-WIELD-B`)."""
    if isinstance(action, Done):
        return None  # `CRD-WIELD-B`: the wielder "may" act; doing nothing is allowed.
    if isinstance(action, Place):
        return place_reason(state, action, "CRD-WIELD-D")
    if isinstance(action, Wear):
        card = state.game.kinds[state.game.kind_ids[action.card]]
        if not isinstance(card, RingCard):
            return "CRD-WIELD-E", f"{action.card} is not a chaos ring"
        if not _count(state, action.card):
            return "CRD-WIELD-C", f"{action.card} is not in the hand"
        return None
    if isinstance(action, Cast):
        spell = state.game.kinds[state.game.kind_ids[action.card]]
        if not isinstance(spell, SpellCard):
            return "CRD-WIELD-F", f"{action.card} is not a spell"
        if not _count(state, action.card):
            return "CRD-WIELD-F", f"{action.card} is not in the hand"
        if spell.target is SpellTarget.ENEMY:
            if action.target not in enemies(state, state.seat):
                return "CRD-WIELD-F", f"{action.card} needs a living enemy as its target"
        elif action.target is not None:
            return "CRD-WIELD-F", f"{action.card} takes no target"
        return None
    if isinstance(action, Discard):
        if not 1 <= len(action.cards) <= 2:
            return "CRD-WIELD-G", "discard one or two cards"
        for kind_id in set(action.cards):
            if _count(state, kind_id) < action.cards.count(kind_id):
                return "CRD-WIELD-G", f"not enough {kind_id} in the hand"
        return None
    return "CRD-WIELD-B", "in the wielder phase: grow, cast a spell, discard, or done"


def wield_key(state: CrestState) -> int:
    """All that :func:`wield_actions` reads of ``state``, packed in one int (a small key: the
    shared lists' table costs memory per entry): the seat's monster, which of its marks are
    empty, the kinds in its hand, how many marks and cards those were, and, only when the hand
    holds a spell cast at an enemy, the seats it may target (:func:`~.players.foes_bits`): a
    hand without one lists alike for any seat.

    One key, one position's list: read from the low end, the key gives the targets, then the
    counts, which say how many kinds and marks lie above them, and the monster is what is left
    (:func:`~chaos_tower.kernel.memo.counted_key`). Packing the hand's length before its kinds, as this did
    until 2026-12-05, let a hand of four meet a hand of five, and one phase's list serve another
    position.
    """
    seat = state.seat
    game = state.game
    key = state.monsters[seat]
    marks = state.marks[seat]
    for stack in marks:
        key = key << 1 | (not stack)
    hand = state.hands[seat]
    kinds = len(game.kinds)
    kind_of = game.kind_of
    aimed = _aimed_kinds(game)
    foes = False
    for instance in hand:
        kind = kind_of[instance]
        key = key * kinds + kind
        if aimed[kind]:
            foes = True
    key = counted_key(key, len(hand), len(marks))
    return key << 7 | foes_bits(state, seat) if foes else key << 7


def _aimed_kinds(game: CrestGame) -> tuple[bool, ...]:
    """Per deck kind: a spell cast at an enemy (its wielder-phase records name a target)."""
    return remember(
        game.cards._memo,
        "crest.wield.aimed",
        lambda: tuple(isinstance(records[2], tuple) for records in _kind_records(game)),
    )


def wield_actions(state: CrestState) -> list[CrestAction]:
    """The legal actions of the wielder phase."""
    out: list[CrestAction] = []
    seat = state.seat
    game = state.game
    kind_of = game.kind_of
    counts: dict[int, int] = {}  # kind -> how many of it the hand holds
    for instance in state.hands[seat]:
        kind = kind_of[instance]
        counts[kind] = counts.get(kind, 0) + 1
    kinds = sorted(counts)
    records = _kind_records(game)
    stacked = state.marks[seat]
    foes: tuple[int, ...] | None = None
    for kind in kinds:
        grows, wear, casts = records[kind]
        if grows is not None:
            marks = game.monster(state.monsters[seat]).marks
            for mark, mark_kind in enumerate(marks):
                if mark_kind == grows[0]:
                    out += grows[1][mark] if stacked[mark] else grows[2][mark]
        elif wear is not None:
            out.append(wear)
        elif casts is not None:
            if isinstance(casts, tuple):
                if foes is None:
                    foes = enemies(state, seat)
                for t in foes:
                    out.append(casts[t])
            else:
                out.append(casts)
    # Discards are most of the list (CRD-WIELD-G): one record per card set and choice, shared
    # by every state that lists it, so cached legal lists hold pointers, not fresh records.
    discards = _discard_records(game)
    for a in kinds:
        out.append(discards[a][a][0])
    for index, a in enumerate(kinds):
        pairs = discards[a]  # a row per kind, indexed by the other kind (no pair key to hash)
        if counts[a] >= 2:
            out.append(pairs[a][1])
        for b in kinds[index + 1 :]:
            out.append(pairs[b][1])
    out.append(DONE)
    return out


_Grows = tuple[str, tuple[tuple[Place, ...], ...], tuple[tuple[Place, ...], ...]]
_KindRecords = tuple[_Grows | None, Wear | None, tuple[Cast, ...] | Cast | None]


def _kind_records(game: CrestGame) -> tuple[_KindRecords, ...]:
    """Per deck kind, its wielder-phase records: a crest's placements per mark (its mark kind; on
    a mark with crests, stack and replace; on an empty one, new), a ring's Wear, a spell's Cast
    per target seat (or its one Cast without a target). Kept on the card set, freed with it."""
    return remember(game.cards._memo, "crest.wield.kinds", lambda: _make_kind_records(game))


def _make_kind_records(game: CrestGame) -> tuple[_KindRecords, ...]:
    shared = shared_records(game)
    most = max((len(m.marks) for m in game.cards.monsters), default=0)

    def one(key: tuple[object, ...], record: CrestAction) -> Any:
        # The record already listed for this choice, if any (built once per card set).
        found = shared.get(key)
        return found if found is not None else shared.setdefault(key, record)

    out: list[_KindRecords] = []
    for card in game.kinds:
        if isinstance(card, CrestCard):
            def place(mark: int, mode: Mode, card: CrestCard = card) -> Place:
                made: Place = one(("place", card.id, mark, mode), Place(card=card.id, mark=mark, mode=mode))
                return made

            stacked = tuple((place(m, "stack"), place(m, "replace")) for m in range(most))
            empty = tuple((place(m, "new"),) for m in range(most))
            out.append(((card.mark, stacked, empty), None, None))
        elif isinstance(card, RingCard):
            out.append((None, one(("wear", card.id), Wear(card=card.id)), None))
        elif isinstance(card, SpellCard):
            if card.target is SpellTarget.ENEMY:
                casts: tuple[Cast, ...] | Cast = tuple(
                    one(("cast", card.id, t), Cast(card=card.id, target=t)) for t in range(MAX_PLAYERS)
                )
            else:
                casts = one(("cast", card.id, None), Cast(card=card.id, target=None))
            out.append((None, None, casts))
        else:
            out.append((None, None, None))
    return tuple(out)


_Discards = tuple[tuple[tuple[Discard, Discard], ...], ...]


def _discard_records(game: CrestGame) -> _Discards:
    """``[a][b]`` for kinds ``a`` and ``b``: (discard ``a`` alone, discard ``a`` and ``b``), shared
    records (the ids of a pair in id order, as the action names them)."""
    return remember(game.cards._memo, "crest.wield.discards", lambda: _make_discard_records(game))


def _make_discard_records(game: CrestGame) -> _Discards:
    discards: dict[tuple[str, ...], Discard] = remember(game.cards._memo, "crest.discards", dict)

    def one(key: tuple[str, ...]) -> Discard:
        found = discards.get(key)
        return found if found is not None else discards.setdefault(key, Discard(cards=key))

    ids = [card.id for card in game.kinds]
    return tuple(
        tuple((one((x,)), one((x, y) if x <= y else (y, x))) for y in ids) for x in ids
    )


def wield_apply(work: Work, action: CrestAction) -> None:
    """Do the wielder phase's one thing, then go on to the beast phase (`CRD-WIELD-A`)."""
    seat = work.seat
    if isinstance(action, Place):
        instance = work.take_from_hand(seat, action.card)
        stack = work.marks[seat][action.mark]
        if action.mode == "replace":
            # `CRD-WIELD-D`: every crest on the mark goes, the new one takes its place.
            work.discard.extend(stack)
            work.event(
                "CRD-WIELD-D", "grow", f"seat {seat} removes {len(stack)} crest(s) from m{action.mark}"
            )
            stack.clear()
        stack.append(instance)
        where = "on" if action.mode == "new" else "on top of" if action.mode == "stack" else "in place of"
        work.event(
            "CRD-WIELD-D",
            "grow",
            f"seat {seat} puts {action.card} {where} m{action.mark}'s crests"
            if action.mode != "new"
            else f"seat {seat} puts {action.card} on empty m{action.mark}",
        )
    elif isinstance(action, Wear):
        instance = work.take_from_hand(seat, action.card)
        old = work.rings[seat]
        if old != NO_RING:
            # `CRD-WIELD-E`: the ring worn until now is removed.
            work.discard.append(old)
        work.rings[seat] = instance
        work.event(
            "CRD-WIELD-E",
            "grow",
            f"seat {seat} wears {action.card}"
            + (f", removing {work.card_name(old)}" if old != NO_RING else ""),
        )
    elif isinstance(action, Cast):
        instance = work.take_from_hand(seat, action.card)
        spell = work.game.card(instance)
        assert isinstance(spell, SpellCard)
        work.event("CRD-WIELD-F", "spell", f"seat {seat} casts {action.card}")
        if spell.target is SpellTarget.ENEMIES:
            targets = enemies(work.state, seat, work.alive)
        else:
            targets = () if action.target is None else (action.target,)
        resolve(work, seat, spell.effects, targets, "CRD-WIELD-F")
        # `CRD-WIELD-F`: every spell is used up.
        work.discard.append(instance)
    elif isinstance(action, Discard):
        for kind_id in action.cards:
            work.discard.append(work.take_from_hand(seat, kind_id))
        work.event(
            "CRD-WIELD-G", "discard", f"seat {seat} discards {' '.join(action.cards)}", len(action.cards)
        )
    else:
        work.event("CRD-WIELD-B", "pass", f"seat {seat} does nothing in the wielder phase")
    work.phase = "beast"
    work.none_used(seat)
    work.beast_phase_event(seat)  # "<seat n (monster)>'s beast phase"
