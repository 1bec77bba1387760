"""2.(2) ① 紋章使いフェイズ: grow, cast one spell, or discard one or two (`CRD-WIELD-A..G`)."""

from __future__ import annotations

from itertools import combinations_with_replacement

from ..kernel.events import Reason
from ..kernel.memo import remember
from .actions import DONE, Cast, CrestAction, Discard, Done, Mode, Place, Wear, shared_records
from .cards import CrestCard, RingCard, SpellCard, SpellTarget
from .effects import resolve
from .players import enemies
from .start import place_reason
from .state import NO_RING, CrestState
from .work import Work

__all__ = ["wield_actions", "wield_apply", "wield_reason"]


def _hand_kinds(state: CrestState) -> list[int]:
    return sorted({state.game.kind_of[i] for i in state.hands[state.seat]})


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


def wield_actions(state: CrestState) -> list[CrestAction]:
    """The legal actions of the wielder phase."""
    out: list[CrestAction] = []
    seat = state.seat
    kinds = _hand_kinds(state)
    marks = state.game.monster(state.monsters[seat]).marks
    foes = enemies(state, seat)
    # One record per card set and choice (as the discards below, issue 13).
    shared = shared_records(state.game)
    get = shared.get
    at: tuple[object, ...]
    for kind in kinds:
        card = state.game.kinds[kind]
        if isinstance(card, CrestCard):
            for mark, mark_kind in enumerate(marks):
                if mark_kind != card.mark:
                    continue
                modes: tuple[Mode, ...] = ("stack", "replace") if state.marks[seat][mark] else ("new",)
                for mode in modes:
                    at = ("place", card.id, mark, mode)
                    out.append(get(at) or shared.setdefault(at, Place(card=card.id, mark=mark, mode=mode)))
        elif isinstance(card, RingCard):
            at = ("wear", card.id)
            out.append(get(at) or shared.setdefault(at, Wear(card=card.id)))
        elif isinstance(card, SpellCard):
            targets: tuple[int | None, ...] = tuple(foes) if card.target is SpellTarget.ENEMY else (None,)
            for t in targets:
                at = ("cast", card.id, t)
                out.append(get(at) or shared.setdefault(at, Cast(card=card.id, target=t)))
    ids = [state.game.kinds[k].id for k in kinds]
    # Discards are most of the list (CRD-WIELD-G): one record per card set and choice, shared
    # by every state that lists it, so cached legal lists hold pointers, not fresh records.
    discards: dict[tuple[str, ...], Discard] = remember(state.game.cards._memo, "crest.discards", dict)
    for a in ids:
        single = discards.get((a,))
        out.append(single if single is not None else discards.setdefault((a,), Discard(cards=(a,))))
    for a, b in combinations_with_replacement(ids, 2):
        if a != b or _count(state, a) >= 2:
            key = (a, b) if a <= b else (b, a)
            pair = discards.get(key)
            out.append(pair if pair is not None else discards.setdefault(key, Discard(cards=key)))
    out.append(DONE)
    return out




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
    work.used = [False] * work.mark_count(seat)
    work.event("CRD-BEAST-A", "phase", f"{work.name(seat)}'s beast phase")
