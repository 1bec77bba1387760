"""The Crest Duel observation tensor's named layout (``ct.observation_layout(state)``).

See :mod:`chaos_tower.kernel.layout` for the scaling every game shares. The tensor
is sized for six seats (`CRD-PLAYERS-A`) whatever the number playing, so that
one network serves every duel of a card set; an empty seat is all zeros. The
bounds come from the card set: the monsters' largest HP, DX, MDX and RG, the
longest status a card inflicts, the copies of each kind.
"""

from __future__ import annotations

from attrs import frozen

from ..kernel.layout import Layout, Slice
from .cards import STATUSES, Inflict, RingCard
from .state import HAND_SIZE, MAX_PLAYERS, SETUP_LIMIT, CrestGame, CrestState

__all__ = ["PHASES", "Bounds", "bounds", "layout", "observation_layout"]

PHASES = ("setup", "wield", "beast", "death", "over")
"""The phases, in the order of the tensor's one-hot."""


@frozen(kw_only=True)
class Bounds:
    """The card set's largest values, by which the tensor divides (each at least 1)."""

    hp: int
    dx: int
    mdx: int
    rg: int
    status: int
    """The longest status any card inflicts, in own turns."""


def bounds(game: CrestGame) -> Bounds:
    """The card set's bounds (:class:`Bounds`)."""
    monsters = game.cards.monsters
    turns = [e.turns for kind in game.kinds for e in kind.effects if isinstance(e, Inflict)]
    return Bounds(
        hp=max([1, *(m.hp for m in monsters)]),
        dx=max([1, *(m.dx for m in monsters)]),
        mdx=max([1, *(m.mdx for m in monsters)]),
        rg=max([1, *(m.rg for m in monsters)]),
        status=max([1, *turns]),
    )


def observation_layout(state: CrestState) -> tuple[Slice, ...]:
    """The layout of :func:`~chaos_tower.crest.observe.observation_tensor` for this state's card set."""
    return layout(state.game)


def layout(game: CrestGame) -> tuple[Slice, ...]:
    """The layout for a compiled card set."""
    b = bounds(game)
    kinds = game.kinds
    rings = [k.id for k in kinds if isinstance(k, RingCard)]
    out = Layout()
    for seat in range(MAX_PLAYERS):
        at = f"seat {seat}"
        out.add(f"{at} present", 1, "the seat plays")
        out.add(f"{at} alive", 1, "its monster lives")
        out.add(f"{at} hp", 1, "HP left, of its monster's HP (0 once at or below 0)", "max(x, 0) / its HP")
        out.add(f"{at} max hp", 1, "its monster's HP", f"x / {b.hp}")
        out.add(f"{at} dx", 1, "its monster's DX", f"x / {b.dx}")
        out.add(f"{at} mdx", 1, "its monster's MDX", f"x / {b.mdx}")
        out.add(f"{at} rg", 1, "its monster's RG", f"x / {b.rg}")
        out.add(f"{at} hand", 1, "cards in its hand", f"x / (x + {HAND_SIZE})")
        out.add(f"{at} face down", 1, "cards put out face down, unseen (CRD-START-D)", f"x / {SETUP_LIMIT}")
        out.add(f"{at} ally", 1, "the observing player's team, or the player")
        statuses = ", ".join(s.value for s in STATUSES)
        out.add(f"{at} statuses", len(STATUSES), f"own turns left of {statuses}", f"x / {b.status}")
        out.add(f"{at} ring", len(rings), "the chaos ring worn, if seen", "one-hot")
        for mark in range(game.max_marks):
            out.add(f"{at} mark {mark} size", 1, "crests on the mark, if seen", f"x / (x + {HAND_SIZE})")
            out.add(f"{at} mark {mark} kinds", len(kinds), "crests of each kind on it", "x / copies")
    out.add("hand", len(kinds), "the player's cards of each kind", "x / copies of the kind")
    out.add("discard", len(kinds), "the discarded cards of each kind", "x / copies of the kind")
    out.add("deck", 1, "cards left in the deck", f"x / {game.deck_size}")
    out.add("phase", len(PHASES), f"the phase ({', '.join(PHASES)})", "one-hot")
    out.add("acting seat", MAX_PLAYERS, "the seat to act", "one-hot")
    out.add("player", MAX_PLAYERS, "the observing player's seat", "one-hot")
    out.add("used", game.max_marks, "per mark of the acting monster: its stack used this beast phase")
    return out.done()
