"""Crest Duel's one effect interpreter (chaos_tower.crest.effects): every term of the vocabulary acts.

Each term is run through the interpreter on a hand-built position: the acting terms
through ``resolve`` (a crest's use, a spell's cast), the worn terms through the ring
readers ``stat``, ``guard`` and ``warded``. The samples must name every term of
``CREST_EFFECT_TYPES``; a term without a handler fails ``mypy --strict`` through the
``assert_never`` that ends each match.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from chaos_tower.crest import effects
from chaos_tower.crest.cards import (
    CREST_EFFECT_TYPES,
    Boost,
    BreakRing,
    CrestEffect,
    Cure,
    Damage,
    DiscardCards,
    Guard,
    Heal,
    Inflict,
    Status,
    Ward,
)
from chaos_tower.crest.change import Work, begin
from chaos_tower.crest.state import CrestState

from .helpers import arrange, crest_cards

RING = crest_cards().rings[0].id
CREST = crest_cards().crests[0].id


def _position() -> CrestState:
    return arrange(
        hands={1: [CREST, CREST]}, rings={1: RING}, hp={0: 3}, statuses={0: {Status.BOUND: 2}}
    )


def _resolved(effect: CrestEffect) -> Callable[[], bool]:
    def changed() -> bool:
        state = _position()
        work = begin(state)
        effects.resolve(work, 0, (effect,), (1,), "CRD-BEAST-A")
        return work.freeze() != begin(state).freeze()

    return changed


def _worn(effect: CrestEffect, read: Callable[[Work], object], monkeypatch: pytest.MonkeyPatch) -> bool:
    work = begin(_position())
    before = read(work)
    # Seat 1's ring made to carry ``effect`` alone: the card set's lookup answers with a changed
    # ring card (the rules' own functions are not replaced, so this holds in the compiled build).
    ring = work.ring_of(1)
    worn = attrs.evolve(work.game.card(ring), effects=(effect,))
    card = type(work.game).card
    monkeypatch.setattr(type(work.game), "card", lambda game, i: worn if i == ring else card(game, i))
    return read(work) != before


SAMPLES: dict[type, Callable[[pytest.MonkeyPatch], bool]] = {
    Damage: lambda mp: _resolved(Damage(by="dx", plus=1))(),
    Inflict: lambda mp: _resolved(Inflict(status=Status.ASLEEP, turns=2))(),
    Heal: lambda mp: _resolved(Heal(amount=2))(),
    Cure: lambda mp: _resolved(Cure())(),
    DiscardCards: lambda mp: _resolved(DiscardCards(count=1))(),
    BreakRing: lambda mp: _resolved(BreakRing())(),
    Boost: lambda mp: _worn(Boost(stat="rg", amount=2), lambda w: effects.stat(w, 1, "rg"), mp),
    Guard: lambda mp: _worn(Guard(against="mdx", amount=1), lambda w: effects.guard(w, 1, "mdx"), mp),
    Ward: lambda mp: _worn(Ward(status=Status.ASLEEP), lambda w: effects.warded(w, 1, Status.ASLEEP), mp),
}


def test_every_term_of_the_crest_vocabulary_has_a_sample() -> None:
    """CRD-BEAST-A, CRD-WIELD-E: the samples cover the whole Crest effect vocabulary."""
    assert set(SAMPLES) == set(CREST_EFFECT_TYPES)


@pytest.mark.parametrize("kind", sorted(SAMPLES, key=lambda t: t.__name__), ids=lambda t: t.__name__)
def test_every_term_of_the_crest_vocabulary_is_interpreted(
    kind: type, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CRD-BEAST-A, CRD-WIELD-E, CRD-WIELD-F: each term, run by the one interpreter, changes what it says."""
    assert SAMPLES[kind](monkeypatch)


def test_a_worn_term_does_nothing_when_resolved() -> None:
    """CRD-WIELD-E: boosts, guards and wards act while worn, not when a crest is used."""
    for effect in (Boost(stat="dx", amount=1), Guard(against="dx", amount=1), Ward(status=Status.ASLEEP)):
        assert not _resolved(effect)()
