"""A VS position as one line of text, in the spirit of the solo one (:mod:`chaos_tower.tower.solo.notation`).

The first word names the game; then ``key=value`` words, every one required, in this order::

    tower-vs players=2 extra=0 adjust=drawer declare=own_turn bluff=0 acts=0/-
    first=0 turn=0 round=1 phase=turn queue=- src=-
    attr=GW/VS left=D ctr=5.5/5.5 shown=00/00 poss=GWVSD.GW/VSD.GWVSD decl=0/0 out=00
    hands=<items>/<items> unused=<items> gifts=<giver>><recipient>:<item>,...
    named=<declarer>><target>:<letter>:<y|n>,... deck=<cards> drawn=<cards> rng=<hex> seed=<int>
    [result=<won|lost|draw|ended per seat, by ,>:<cause>:<rule>]

Rows per seat are separated by ``/``; attributes are letters (``GWVSD``), a
counter's face-up flag ``1``; ``poss`` holds the attributes not yet ruled out for
each counter (:mod:`~chaos_tower.tower.vs.knowledge`), counters separated by ``.``;
items and chaos cards are written by id, ``-`` for none. ``src`` is what an
adjustment applies: ``c:<chaos card>``, ``i:<item>``, or ``-`` outside one. The
options (``extra``, ``adjust``, ``declare``, ``bluff``, the limit after ``acts=``)
and the generator state ``rng`` are part of the position, so that it plays on
exactly as the state it was written from; the mode's other options, if it has any
(:data:`~chaos_tower.tower.vs.options.MORE`), follow as one word ``opts=name:value;...``
(:func:`~chaos_tower.kernel.options.options_word`), read back by their specs.

>>> import chaos_tower as ct
>>> cards = ct.load_cardset()
>>> state = ct.new_game(cards, mode="vs", players=3, seed=4)
>>> ct.from_notation(ct.to_notation(state), cards) == state
True
"""

from __future__ import annotations

from typing import Any

from ...kernel.notation_words import NotationError, fields, ints, joined, reading, rows, split_list
from ...kernel.options import options_word, read_options_word
from ..cards import TowerCardSet
from ..vocabulary import LETTERS
from . import knowledge
from .invariants import violations
from .options import carried, registered
from .state import NO_MORE, Declaration, Gift, VsOutcome, VsState, compile_table

__all__ = ["GAME", "from_notation", "to_notation"]

GAME = "tower-vs"
"""The first word of a VS position."""

_KEYS = (
    "players",
    "extra",
    "adjust",
    "declare",
    "bluff",
    "acts",
    "first",
    "turn",
    "round",
    "phase",
    "queue",
    "src",
    "attr",
    "left",
    "ctr",
    "shown",
    "poss",
    "decl",
    "out",
    "hands",
    "unused",
    "gifts",
    "named",
    "deck",
    "drawn",
    "rng",
    "seed",
)


def _flags(values: tuple[bool, ...]) -> str:
    return "".join("1" if v else "0" for v in values)


def to_notation(state: VsState) -> str:
    """The position as one line of text."""
    t = state.table

    def items(values: tuple[int, ...]) -> str:
        return joined(t.item_ids[i] for i in values)

    def chaos(values: tuple[int, ...]) -> str:
        return joined(t.chaos_ids[c] for c in values)

    if state.phase != "adjust" and state.source == -1:
        src = "-"
    else:
        src = f"c:{t.chaos_ids[state.source]}" if state.source >= 0 else f"i:{t.item_ids[-1 - state.source]}"
    parts = {
        "players": str(state.players),
        "extra": str(int(state.extra_rule)),
        "adjust": state.adjust_after_draw,
        "declare": state.declare_when,
        "bluff": str(int(state.own_attribute_bluff)),
        "acts": f"{state.actions}/{'-' if state.max_actions is None else state.max_actions}",
        "first": str(state.first),
        "turn": str(state.turn),
        "round": str(state.round),
        "phase": state.phase,
        "queue": joined(state.queue, "."),
        "src": src,
        "attr": "/".join("".join(LETTERS[a] for a in row) or "-" for row in state.attributes),
        "left": "".join(LETTERS[a] for a in state.leftover) or "-",
        "ctr": "/".join(joined(row, ".") for row in state.counters),
        "shown": "/".join(_flags(row) or "-" for row in state.revealed),
        "poss": "/".join(joined((knowledge.letters(m) for m in row), ".") for row in state.possible),
        "decl": "/".join(str(d) for d in state.declarations),
        "out": _flags(state.out),
        "hands": "/".join(items(h) for h in state.hands),
        "unused": items(state.unused),
        "gifts": joined(f"{g.giver}>{g.recipient}:{t.item_ids[g.item]}" for g in state.gifts),
        "named": joined(
            f"{d.player}>{d.target}:{LETTERS[d.attribute]}:{'y' if d.right else 'n'}" for d in state.named
        ),
        "deck": chaos(state.deck),
        "drawn": chaos(state.drawn),
        "rng": f"{state.rng:x}",
        "seed": str(state.seed),
    }
    text = f"{GAME} " + " ".join(f"{k}={parts[k]}" for k in _KEYS)
    if carried(registered()):
        text += f" opts={options_word(state.more)}"
    if state.result is not None:
        r = state.result
        text += f" result={','.join(r.results)}:{r.cause}:{r.rule}"
    return text


def _letters(text: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    if any(x not in LETTERS for x in text):
        raise ValueError(f"{text!r}: attributes are the letters {LETTERS}")
    return tuple(LETTERS.index(x) for x in text)


def _mask(text: str) -> int:
    # A set of attributes as letters, each at most once and in the order of GWVSD.
    found = _letters(text)
    if list(found) != sorted(set(found)):
        raise ValueError(f"{text!r}: a set of attributes is written once each, in the order {LETTERS}")
    return sum(1 << a for a in found)


def _bit(text: str) -> bool:
    return _choice(text, ("0", "1"), "a flag") == "1"


def _flag_row(text: str) -> tuple[bool, ...]:
    if text == "-":
        return ()
    if any(x not in "01" for x in text):
        raise ValueError(f"{text!r}: flags are 0 or 1")
    return tuple(x == "1" for x in text)


def _choice(text: str, allowed: tuple[str, ...], what: str) -> str:
    if text not in allowed:
        raise ValueError(f"{what} is one of {', '.join(allowed)}, not {text!r}")
    return text


def from_notation(text: str, cards: TowerCardSet) -> VsState:
    """Read a position written by :func:`to_notation`;
    :class:`~chaos_tower.kernel.errors.SaveError` if not one.

    Every field is required; the position must pass the VS invariants
    (:func:`~chaos_tower.tower.vs.invariants.violations`), as a loaded save must.
    """
    if not isinstance(cards, TowerCardSet):
        raise NotationError(f"a VS position is read with a Tower card set, not {type(cards).__name__}")
    specs = registered()
    more_names = carried(specs)
    found = fields(text, GAME, (*_KEYS, "opts") if more_names else _KEYS, ("result",))
    t = compile_table(cards)
    item_of = {x: i for i, x in enumerate(t.item_ids)}
    chaos_of = {x: i for i, x in enumerate(t.chaos_ids)}
    with reading(GAME):
        values: dict[str, Any] = {}
        acts, _, limit = found["acts"].partition("/")
        values["actions"] = ints(acts)[0]
        values["max_actions"] = None if limit == "-" else ints(limit)[0]
        for key in ("players", "first", "turn", "round", "seed"):
            (values[key],) = ints(found[key])
        values["rng"] = int(found["rng"], 16)
        if not 0 <= values["rng"] < 1 << 64:
            raise ValueError("rng is a 64-bit state")
        values["extra_rule"] = _bit(found["extra"])
        values["own_attribute_bluff"] = _bit(found["bluff"])
        values["adjust_after_draw"] = _choice(found["adjust"], ("drawer", "all"), "adjust")
        values["declare_when"] = _choice(found["declare"], ("own_turn", "any_time"), "declare")
        values["phase"] = _choice(found["phase"], ("turn", "adjust", "pay", "over"), "phase")
        values["queue"] = ints(found["queue"])
        src = found["src"]
        if src == "-":
            values["source"] = -1
        elif src.startswith("c:"):
            values["source"] = chaos_of[src[2:]]
        elif src.startswith("i:"):
            values["source"] = -1 - item_of[src[2:]]
        else:
            raise ValueError(f"src {src!r} is c:<card>, i:<item> or -")
        values["attributes"] = rows(found["attr"], _letters)
        values["leftover"] = _letters(found["left"])
        values["counters"] = rows(found["ctr"], ints)
        values["revealed"] = rows(found["shown"], _flag_row)
        values["possible"] = rows(found["poss"], lambda row: split_list(row, _mask, "."))
        values["declarations"] = tuple(ints(x)[0] for x in found["decl"].split("/"))
        values["out"] = _flag_row(found["out"])
        values["hands"] = rows(found["hands"], lambda row: split_list(row, item_of.__getitem__))
        values["unused"] = split_list(found["unused"], item_of.__getitem__)
        values["gifts"] = split_list(found["gifts"], lambda g: _gift(g, item_of))
        values["named"] = split_list(found["named"], _declaration)
        values["deck"] = split_list(found["deck"], chaos_of.__getitem__)
        values["drawn"] = split_list(found["drawn"], chaos_of.__getitem__)
        values["result"] = _result(found["result"]) if "result" in found else None
        more = found.get("opts")
        if more is None:
            values["more"] = NO_MORE
        else:
            values["more"] = read_options_word("vs", specs, more, error=NotationError, only=more_names)
        if not 2 <= values["players"] <= 5:
            raise ValueError("a VS game has 2 to 5 players")
        state = VsState(table=t, **values)
        problems = sound(state)
    if problems:
        raise NotationError("the position is impossible: " + "; ".join(problems))
    return state


def sound(state: VsState) -> list[str]:
    """The checks a parsed VS position must pass: the VS invariants (where the save checks plug in)."""
    return violations(state)


def _gift(text: str, item_of: dict[str, int]) -> Gift:
    seats, _, item = text.partition(":")
    giver, _, recipient = seats.partition(">")
    return Gift(giver=ints(giver)[0], recipient=ints(recipient)[0], item=item_of[item])


def _declaration(text: str) -> Declaration:
    seats, letter, verdict = text.split(":")
    player, _, target = seats.partition(">")
    (attribute,) = _letters(letter)
    return Declaration(
        player=ints(player)[0],
        target=ints(target)[0],
        attribute=attribute,
        right=_choice(verdict, ("y", "n"), "a declaration's verdict") == "y",
    )


def _result(text: str) -> VsOutcome:
    results, cause, rule = text.split(":")
    return VsOutcome(
        results=tuple(_choice(r, ("won", "lost", "draw", "ended"), "a result") for r in results.split(",")),  # type: ignore[misc]
        cause=cause,
        rule=rule,
    )
