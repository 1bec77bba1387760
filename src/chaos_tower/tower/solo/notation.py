"""A compact, readable text form of a solo position, like FEN for chess.

Fields are ``key=value`` words separated by spaces, in this order::

    floor=<rows>  player=x,y[+]|-  life=4  el=4.4.4.4.4  level=1|Z  deck=<cards>
    steps=<cards>  used=<cards>  carry=<items>  slots=<slot:item:counters,...>
    lost=<items>  rebright=-|G.W.V.S.D[!]  bonus=0  mode=play|rearrange  acts=0[/limit]
    rng=<hex>  seed=<int>

``rows`` are separated by ``/``; a cell is ``.`` (empty) or
``<card id>@<rotation quarter turns><f|b>`` (front or back face), cells of a
row separated by ``,``. Card lists are comma-separated ids, ``-`` when empty.
Items and cards are written by id so a position reads without a lookup table.
The ``player`` field ends in ``+`` when the player entered the room they stand in with its
normal item's condition met (`TOC-ITEM-01D`). The ``rebright`` field ends in ``!`` while
Rebright waits to be placed; a
``result`` field is added when the game has ended. The options that choose a
reading of the manual are written only when not at their default, so that a
game with the defaults reads as before: ``steproad=1`` (``step_on_road``,
`TOC-STEP-02`) and ``da=sequential`` (``da_order``, `TOC-PROG1-02`). The mode's other
options, if it has any (those beyond :data:`~chaos_tower.tower.solo.options.OWN_FIELDS`),
follow as one word ``opts=name:value;...`` (:func:`~chaos_tower.kernel.options.options_word`),
read back by their specs; left out, they are at their defaults.

>>> import chaos_tower as ct
>>> state = ct.new_game(ct.load_cardset(), seed=1)
>>> from_notation(to_notation(state), state.game) == state
True
"""

from __future__ import annotations

from ...kernel.errors import OptionError, SaveError
from ...kernel.options import Options, check_options, options_word, read_options_word
from .options import carried, registered
from .state import DA_ORDERS, EMPTY, NO_MORE, Outcome, State, card_of, encode, is_flipped, rotation_of
from .tables import Game

__all__ = ["from_notation", "to_notation"]

_FIELDS = (
    "floor",
    "player",
    "life",
    "el",
    "level",
    "deck",
    "steps",
    "used",
    "carry",
    "slots",
    "lost",
    "rebright",
    "bonus",
    "mode",
    "acts",
    "rng",
    "seed",
)


_OPTIONAL = ("steproad", "da", "opts", "result")
"""Fields written only when they are not at their default."""


def _cards(game: Game, cards: tuple[int, ...]) -> str:
    return ",".join(game.table[c].id for c in cards) or "-"


def _items(game: Game, items: tuple[int, ...]) -> str:
    return ",".join(game.items[i].id for i in items) or "-"


def to_notation(state: State) -> str:
    """The position as one line of text."""
    game = state.game
    grid = game.grid
    rows = []
    for y in range(grid.rows):
        cells = []
        for x in range(grid.columns):
            code = state.floor[y * grid.columns + x]
            if code == EMPTY:
                cells.append(".")
            else:
                face = "b" if is_flipped(code) else "f"
                cells.append(f"{game.table[card_of(code)].id}@{rotation_of(code)}{face}")
        rows.append(",".join(cells))
    slots = (
        ",".join(
            f"{game.slot_ids[i]}:{game.items[item].id}:{state.counters[i]}"
            for i, item in enumerate(state.slots)
            if item != EMPTY
        )
        or "-"
    )
    if state.rebright is None:
        rebright = "-"
    else:
        rebright = ".".join(str(v) for v in state.rebright) + ("!" if state.rebright_pending else "")
    parts = {
        "floor": "/".join(rows),
        "player": "-" if state.player < 0 else grid.name(state.player) + ("+" if state.item_on_entry else ""),
        "life": str(state.life),
        "el": ".".join(str(v) for v in state.elements),
        "level": "Z" if state.level == 0 else str(state.level) + ("*" if state.step_returns else ""),
        "deck": _cards(game, state.deck),
        "steps": _cards(game, state.step_area),
        "used": _cards(game, state.used_steps),
        "carry": _items(game, state.carry),
        "slots": slots,
        "lost": _items(game, state.lost),
        "rebright": rebright,
        "bonus": str(state.combat_bonus),
        "mode": "rearrange" if state.rearranging else "play",
        "acts": str(state.actions) + (f"/{state.max_actions}" if state.max_actions is not None else ""),
        "rng": f"{state.rng:x}",
        "seed": str(state.seed),
    }
    text = " ".join(f"{k}={parts[k]}" for k in _FIELDS)
    if state.step_on_road:
        text += " steproad=1"
    if state.da_order != "summed":
        text += f" da={state.da_order}"
    changed = _changed(state.more)
    if changed.values:
        text += f" opts={options_word(changed)}"
    if state.result is not None:
        text += f" result={state.result.result}:{state.result.cause}:{state.result.rule}"
    return text


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise SaveError(f"{what}: {text!r} is not an integer") from None


def _mode(text: str) -> bool:
    if text not in ("play", "rearrange"):
        raise SaveError(f"mode: {text!r} is neither play nor rearrange")
    return text == "rearrange"


def from_notation(text: str, game: Game) -> State:
    """Read a position written by :func:`to_notation`; :class:`SaveError` if it is not one.

    Only ``floor`` and ``player`` are required, so that hand-written positions
    for tests and puzzles stay short. A missing field takes its all-reset value;
    a missing ``deck`` (or ``deck=*``) is every chaos card not on the floor, in
    card-set order; a missing ``steps`` (or ``steps=*``) every step neither on
    the floor nor used. Only the form and the names are checked here;
    :func:`chaos_tower.tower.solo.invariants.violations` says whether the position is sound.
    """
    fields: dict[str, str] = {}
    for word in text.split():
        key, sep, value = word.partition("=")
        if not sep or key in fields or key not in (*_FIELDS, *_OPTIONAL):
            raise SaveError(f"unexpected word {word!r} in a position")
        fields[key] = value
    missing = [k for k in ("floor", "player") if k not in fields]
    if missing:
        raise SaveError(f"a position needs the fields {', '.join(missing)}")
    defaults = {
        "life": str(game.start_life),
        "el": ".".join([str(game.start_element)] * 5),
        "level": "1",
        "deck": "*",
        "steps": "*",
        "used": "-",
        "carry": "-",
        "slots": "-",
        "lost": "-",
        "rebright": "-",
        "bonus": "0",
        "mode": "play",
        "acts": "0",
        "rng": "0",
        "seed": "0",
    }
    for key, value in defaults.items():
        fields.setdefault(key, value)
    card_ids = {card.id: card.index for card in game.table}

    def cards(value: str, what: str) -> tuple[int, ...]:
        if value == "-":
            return ()
        try:
            return tuple(card_ids[c] for c in value.split(","))
        except KeyError as exc:
            raise SaveError(f"{what}: unknown card {exc.args[0]!r}") from None

    def items(value: str, what: str) -> tuple[int, ...]:
        if value == "-":
            return ()
        try:
            return tuple(game.item_index[i] for i in value.split(","))
        except KeyError as exc:
            raise SaveError(f"{what}: unknown item {exc.args[0]!r}") from None

    grid = game.grid
    rows = fields["floor"].split("/")
    floor: list[int] = []
    if len(rows) != grid.rows:
        raise SaveError(f"floor: {len(rows)} rows; the sheet has {grid.rows}")
    for row in rows:
        cells = row.split(",")
        if len(cells) != grid.columns:
            raise SaveError(f"floor: a row of {len(cells)} cells; the sheet has {grid.columns}")
        for cell in cells:
            if cell == ".":
                floor.append(EMPTY)
                continue
            card, _, rest = cell.partition("@")
            if card not in card_ids or len(rest) != 2 or rest[0] not in "0123" or rest[1] not in "fb":
                raise SaveError(f"floor: bad cell {cell!r}")
            floor.append(encode(card_ids[card], int(rest[0]), rest[1] == "b"))
    player_text = fields["player"]
    item_on_entry = player_text.endswith("+")
    if player_text == "-":
        player = -1
    else:
        x, _, y = player_text.removesuffix("+").partition(",")
        try:
            player = grid.cell(_int(x, "player"), _int(y, "player"))
        except ValueError as exc:
            raise SaveError(f"player: {exc}") from None
    elements = tuple(_int(v, "el") for v in fields["el"].split("."))
    if len(elements) != 5:
        raise SaveError("el: five values are needed")
    level_text = fields["level"]
    step_returns = level_text.endswith("*")
    level = 0 if level_text == "Z" else _int(level_text.rstrip("*"), "level")
    slots = [EMPTY] * len(game.slot_ids)
    counters = [-1] * len(game.slot_ids)
    if fields["slots"] != "-":
        for entry in fields["slots"].split(","):
            parts = entry.split(":")
            if len(parts) != 3 or parts[0] not in game.slot_ids or parts[1] not in game.item_index:
                raise SaveError(f"slots: bad entry {entry!r}")
            index = game.slot_ids.index(parts[0])
            slots[index] = game.item_index[parts[1]]
            counters[index] = _int(parts[2], "slots")
    rebright_text = fields["rebright"]
    rebright: tuple[int, int, int, int, int] | None = None
    pending = rebright_text.endswith("!")
    if rebright_text != "-":
        values = tuple(_int(v, "rebright") for v in rebright_text.rstrip("!").split("."))
        if len(values) != 5:
            raise SaveError("rebright: five values are needed")
        rebright = values
    acts, _, limit = fields["acts"].partition("/")
    try:
        rng = int(fields["rng"], 16)
    except ValueError:
        raise SaveError(f"rng: {fields['rng']!r} is not hexadecimal") from None
    result = None
    if "result" in fields:
        parts = fields["result"].split(":")
        if len(parts) != 3 or parts[0] not in ("won", "lost", "ended"):
            raise SaveError(f"result: bad value {fields['result']!r}")
        result = Outcome(result=parts[0], cause=parts[1], rule=parts[2])  # type: ignore[arg-type]
    on_floor = {card_of(code) for code in floor if code != EMPTY}
    used = cards(fields["used"], "used")
    if fields["deck"] == "*":
        fields["deck"] = _cards(game, tuple(c for c in game.chaos if c not in on_floor))
    if fields["steps"] == "*":
        fields["steps"] = _cards(game, tuple(c for c in game.steps if c not in on_floor and c not in used))
    steproad = fields.get("steproad", "0")
    if steproad not in ("0", "1"):
        raise SaveError(f"steproad: {steproad!r} is neither 0 nor 1")
    da_order = next((order for order in DA_ORDERS if order == fields.get("da", "summed")), None)
    if da_order is None:
        raise SaveError(f"da: {fields['da']!r} is not one of {', '.join(DA_ORDERS)}")
    return State(
        game=game,
        seed=_int(fields["seed"], "seed"),
        rng=rng,
        floor=tuple(floor),
        player=player,
        life=_int(fields["life"], "life"),
        elements=elements,
        deck=cards(fields["deck"], "deck"),
        step_area=cards(fields["steps"], "steps"),
        used_steps=used,
        level=level,
        step_returns=step_returns,
        item_on_entry=item_on_entry,
        carry=items(fields["carry"], "carry"),
        slots=tuple(slots),
        counters=tuple(counters),
        lost=items(fields["lost"], "lost"),
        rebright=rebright,
        rebright_pending=pending,
        combat_bonus=_int(fields["bonus"], "bonus"),
        rearranging=_mode(fields["mode"]),
        actions=_int(acts, "acts"),
        max_actions=_int(limit, "acts") if limit else None,
        step_on_road=steproad == "1",
        da_order=da_order,
        more=_more(fields.get("opts")),
        result=result,
    )


def _changed(more: Options) -> Options:
    """The options of ``more`` not at their defaults: a position leaves the others out, as it does
    ``steproad`` and ``da`` (an option added later, ``closed_walk``, so changes no position made
    before it, nor its save or hash)."""
    defaults = {s.name: s.default for s in registered()}
    kept = tuple((k, v) for k, v in more.values if k not in defaults or defaults[k] != v)
    return more if len(kept) == len(more.values) else Options(mode=more.mode, values=kept)


def _more(word: str | None) -> Options:
    """The options beyond the state's own fields that ``opts=`` gives (each left out at its default)."""
    specs = registered()
    names = carried(specs)
    if not names:
        if word is not None:
            raise SaveError(f"opts: the solo mode has no options beyond its own fields, not {word!r}")
        return NO_MORE
    if word is None:
        try:
            return check_options("solo", [s for s in specs if s.name in names], {})
        except OptionError as exc:
            raise SaveError(f"opts: {exc}") from None
    present = {part.partition(":")[0] for part in word.split(";")} if word != "-" else set()
    given = read_options_word("solo", specs, word, only=[n for n in names if n in present])
    try:
        return check_options("solo", [s for s in specs if s.name in names], given.as_dict())
    except OptionError as exc:
        raise SaveError(f"opts: {exc}") from None
