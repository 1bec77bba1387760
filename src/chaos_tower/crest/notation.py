"""A Crest Duel position as one line of text, like the solo one (:mod:`chaos_tower.tower.solo.notation`).

The first word names the game; then ``key=value`` words, every one required, in this order::

    crest players=2 teams=- max=- acts=0 mon=<monster ids, by ,> hp=30/28 alive=11
    hands=<cards>/<cards> marks=<seat>/<seat> rings=<card or ->/... st=0.0.0.0/0.0.0.0
    deck=<cards> discard=<cards> phase=wield seat=0 setup=0 first=0 used=01 dying=- resume=wield
    turns=0 rounds=0 rng=<hex> seed=<int> [result=<winners by .>:<cause>:<rule>]
    [remade=<kinds> drawn=<kinds>/<kinds> shown=<kinds>/?] [passed=<holder>:<kinds>/-]

A card is its instance number (0 to 91 in a complete set: the kinds in file
order, each repeated ``count`` times, :mod:`chaos_tower.crest.state`), cards
separated by ``.``, ``-`` for none. A seat's ``marks`` are its monster's marks
in order separated by ``:``, each the stack base first (``-`` when empty).
``teams`` is a 0 or 1 per seat, or ``-``; ``max`` the ``max_actions`` option or
``-``; ``used`` a 0 or 1 per mark of the acting monster. What the table keeps
knowing (:mod:`chaos_tower.crest.knowledge`) follows only when there is any: a
kind is its number in file order (crests, rings, spells), kinds separated by
``.``; ``remade`` the kinds last shuffled into a new deck, ``drawn`` per seat
its draws from it since, ``shown`` per seat the kinds it has shown from its
hand since (``?``: not kept, its hand changed owner), ``passed`` per seat the killer holding its old hand
and the kinds of it not shown since, ``-`` for none. The mode's other options, if it has any
(those beyond :data:`~chaos_tower.crest.options.OWN_FIELDS`), follow ``seed`` as one word
``opts=name:value;...`` (:func:`~chaos_tower.kernel.options.options_word`), read back by their
specs. The generator state
``rng`` is part of the position, so that it plays on exactly as the state it was
written from.

>>> import chaos_tower as ct
>>> cards = ct.load_cardset(game="crest")
>>> state = ct.new_game(cards, players=4, teams=True, seed=3)
>>> ct.from_notation(ct.to_notation(state), cards) == state
True
"""

from __future__ import annotations

from typing import Any

from ..kernel.notation_words import NotationError, fields, ints, joined, reading, rows, split_list
from ..kernel.options import options_word, read_options_word
from .cards import CrestCardSet
from .invariants import violations
from .knowledge import MIXED, chain_of
from .options import carried, registered
from .state import CrestOutcome, CrestState, compile_game

__all__ = ["GAME", "from_notation", "sound", "to_notation"]

GAME = "crest"
"""The first word of a Crest Duel position."""

_KEYS = (
    "players",
    "teams",
    "max",
    "acts",
    "mon",
    "hp",
    "alive",
    "hands",
    "marks",
    "rings",
    "st",
    "deck",
    "discard",
    "phase",
    "seat",
    "setup",
    "first",
    "used",
    "dying",
    "resume",
    "turns",
    "rounds",
    "rng",
    "seed",
)
_PHASES = ("setup", "wield", "beast", "death", "over")


def _flags(values: tuple[bool, ...]) -> str:
    return "".join("1" if v else "0" for v in values) or "-"


def to_notation(state: CrestState) -> str:
    """The position as one line of text."""
    game = state.game
    parts = {
        "players": str(state.players),
        "teams": "".join(str(t) for t in state.teams) or "-",
        "max": "-" if state.max_actions is None else str(state.max_actions),
        "acts": str(state.actions),
        "mon": ",".join(game.monster(m).id for m in state.monsters),
        "hp": "/".join(str(h) for h in state.hp),
        "alive": _flags(state.alive),
        "hands": "/".join(joined(h, ".") for h in state.hands),
        "marks": "/".join(":".join(joined(stack, ".") for stack in seat) for seat in state.marks),
        "rings": "/".join("-" if r < 0 else str(r) for r in state.rings),
        "st": "/".join(joined(s, ".") for s in state.statuses),
        "deck": joined(state.deck, "."),
        "discard": joined(state.discard, "."),
        "phase": state.phase,
        "seat": str(state.seat),
        "setup": str(state.setup_count),
        "first": str(state.first),
        "used": _flags(state.used),
        "dying": joined(state.dying, "."),
        "resume": state.resume,
        "turns": str(state.turns),
        "rounds": str(state.rounds),
        "rng": f"{state.rng:x}",
        "seed": str(state.seed),
    }
    text = f"{GAME} " + " ".join(f"{k}={parts[k]}" for k in _KEYS)
    if state.more.values:
        text += f" opts={options_word(state.more)}"
    if state.result is not None:
        r = state.result
        text += f" result={joined(r.winners, '.')}:{r.cause}:{r.rule}"
    if state.remade:
        text += f" remade={joined(state.remade, '.')} drawn={'/'.join(joined(d, '.') for d in state.drawn)}"
        text += " shown=" + "/".join("?" if row == MIXED else joined(row, ".") for row in state.shown)
    if state.passed:
        text += " passed=" + "/".join(
            f"{row[0]}:{joined(row[1:], '.')}" if row else "-" for row in state.passed
        )
    return text


def _passed(text: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    holder, sep, kinds = text.partition(":")
    if not sep:
        raise ValueError(f"a passed hand is <holder>:<kinds> or -, not {text!r}")
    return (_one(holder), *ints(kinds))


def _one(text: str) -> int:
    (value,) = ints(text)
    return value


def _choice(text: str, allowed: tuple[str, ...], what: str) -> str:
    if text not in allowed:
        raise ValueError(f"{what} is one of {', '.join(allowed)}, not {text!r}")
    return text


def _flag_row(text: str) -> tuple[bool, ...]:
    if text == "-":
        return ()
    return tuple(_choice(x, ("0", "1"), "a flag") == "1" for x in text)


def _marks(text: str) -> tuple[tuple[int, ...], ...]:
    return () if not text else tuple(ints(stack) for stack in text.split(":"))


def from_notation(text: str, cards: CrestCardSet) -> CrestState:
    """Read a position written by :func:`to_notation`;
    :class:`~chaos_tower.kernel.errors.SaveError` if not one.

    Every field is required; the position must pass the Crest invariants
    (:func:`~chaos_tower.crest.invariants.violations`), as a loaded save must.
    """
    if not isinstance(cards, CrestCardSet):
        raise NotationError(f"a Crest position is read with a Crest card set, not {type(cards).__name__}")
    specs = registered()
    more = carried(specs)
    found = fields(
        text, GAME, (*_KEYS, "opts") if more else _KEYS, ("result", "remade", "drawn", "shown", "passed")
    )
    if len({"remade" in found, "drawn" in found, "shown" in found}) > 1:
        raise NotationError("a Crest position has all of remade=, drawn= and shown=, or none")
    game = compile_game(cards)
    monster_of = {m.id: i for i, m in enumerate(cards.monsters)}
    with reading(GAME):
        v: dict[str, Any] = {}
        for key, name in (
            ("players", "players"),
            ("acts", "actions"),
            ("seat", "seat"),
            ("setup", "setup_count"),
            ("first", "first"),
            ("turns", "turns"),
            ("rounds", "rounds"),
            ("seed", "seed"),
        ):
            v[name] = _one(found[key])
        v["teams"] = (
            ()
            if found["teams"] == "-"
            else tuple(int(_choice(x, ("0", "1"), "a team")) for x in found["teams"])
        )
        v["max_actions"] = None if found["max"] == "-" else _one(found["max"])
        v["monsters"] = tuple(monster_of[m] for m in found["mon"].split(","))
        v["hp"] = tuple(_one(h) for h in found["hp"].split("/"))
        v["alive"] = _flag_row(found["alive"])
        v["hands"] = rows(found["hands"], ints)
        v["marks"] = rows(found["marks"], _marks)
        v["rings"] = tuple(-1 if r == "-" else _one(r) for r in found["rings"].split("/"))
        v["statuses"] = rows(found["st"], ints)
        v["deck"] = ints(found["deck"])
        v["discard"] = ints(found["discard"])
        v["phase"] = _choice(found["phase"], _PHASES, "phase")
        v["resume"] = _choice(found["resume"], _PHASES, "resume")
        v["used"] = _flag_row(found["used"])
        v["dying"] = ints(found["dying"])
        v["rng"] = int(found["rng"], 16)
        if not 0 <= v["rng"] < 1 << 64:
            raise ValueError("rng is a 64-bit state")
        if "result" in found:
            winners, cause, rule = found["result"].split(":")
            v["result"] = CrestOutcome(
                winners=split_list(winners, _one, "."),
                cause=_choice(cause, ("last-standing", "max-actions"), "a cause"),  # type: ignore[arg-type]
                rule=rule,
            )
        remade: tuple[int, ...] = ()
        drawn: tuple[tuple[int, ...], ...] = ()
        shown: tuple[tuple[int, ...], ...] = ()
        if "remade" in found:
            remade = ints(found["remade"])
            drawn = rows(found["drawn"], ints)
            shown = rows(found["shown"], lambda row: MIXED if row == "?" else ints(row))
        passed = rows(found["passed"], _passed) if "passed" in found else ()
        v["known"] = chain_of(v["players"], remade, drawn, shown, passed)
        if more:
            v["more"] = read_options_word("duel", specs, found["opts"], error=NotationError, only=more)
        if not 2 <= v["players"] <= 6:
            raise ValueError("a duel has 2 to 6 players")
        state = CrestState(game=game, **v)
        problems = sound(state)
    if problems:
        raise NotationError("the position is impossible: " + "; ".join(problems))
    return state


def sound(state: CrestState) -> list[str]:
    """The checks a parsed Crest position must pass: the invariants (where the save checks plug in)."""
    return violations(state)
