"""Replays: a whole game as JSON (card set identity, game and options, seed, actions, state hashes).

A replay holds what is needed to play a game again through the rules: the
card set's name, version and SHA-256 fingerprint, the game's name and the
options it was started with, the seed, and each action in its text form.
All chance comes from the seed, so the actions give back every state.
Optional hashes (SHA-256 of :func:`chaos_tower.dumps` after each action)
let a reader check each step; optional per-step events (``str(event)``, each
naming its rule) and the final outcome let a reader see, and check, what each
step did and how the game ended; ``about`` holds free notes on how the game was
made (the golden games of ``tests/data/golden`` say their agents and what they
show). The format is ``schemas/replay.schema.json``.

Everything goes through the front door (:mod:`chaos_tower.api`), so one
format serves every game and mode.

>>> import chaos_tower as ct
>>> from chaos_tower.app import replay
>>> cards = ct.load_cardset()
>>> game = replay.record(cards, ["place 0,0 r0"], seed=7)
>>> game.actions, len(game.hashes or ())
(('place 0,0 r0',), 1)
>>> replay.verify(replay.loads(game.dumps()), cards).player
0

A replay that does not replay fails with an error naming the step:

>>> import attrs
>>> tampered = attrs.evolve(game, actions=("move n",))
>>> replay.verify(tampered, cards)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
chaos_tower.app.replay.ReplayActionError: step 1: 'move n' is not allowed: ...
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import islice
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from .. import api, registry
from ..cardsets.converter import converter
from ..cardsets.safefile import FileRefusal, read_limited
from ..cardsets.schema import MAX_SCHEMA_ERRORS, validator
from ..kernel.errors import ChaosTowerError, SaveError
from ..kernel.memo import Memo, remember
from ..kernel.options import Options, read_options
from ..kernel.saves import strict_json

__all__ = [
    "FORMAT",
    "CardSetId",
    "Replay",
    "ReplayActionError",
    "ReplayCardSetError",
    "ReplayError",
    "ReplayFormatError",
    "ReplayHashError",
    "Step",
    "cardset_id",
    "load",
    "loads",
    "record",
    "seat_results",
    "state_at",
    "state_hash",
    "steps",
    "verify",
]

FORMAT = "chaos-tower/replay/2"
"""2: ``options`` holds every option of the mode as the game played it (:func:`chaos_tower.kernel.options`),
defaults included, so that a later change of a default cannot change a recorded game."""
MAX_REPLAY_BYTES = 16 * 1_048_576
"""No replay is larger than this (16 MiB); larger input is refused unread."""


class ReplayError(SaveError):
    """A replay that cannot be read or does not replay; ``step`` is the action at fault (from 1), if any."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message if step is None else f"step {step}: {message}")
        self.step = step


class ReplayFormatError(ReplayError):
    """Not a replay: not JSON, or not of the replay schema."""


class ReplayCardSetError(ReplayError):
    """The replay was made with another card set than the one given."""


class ReplayActionError(ReplayError):
    """The action at ``step`` is not an action, or the rules forbid it there."""


class ReplayHashError(ReplayError):
    """The state after ``step`` is not the one the replay recorded (its hash, its events, or the outcome)."""


Fields = tuple[tuple[str, Any], ...]
"""A JSON object as (name, value) pairs in order, lists as tuples: hashable, and frozen like the records."""


def _fields(data: Mapping[str, Any]) -> Fields:
    return tuple((k, tuple(v) if isinstance(v, list | tuple) else v) for k, v in data.items())


def _json(fields: Fields) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in fields}


def _outcome_fields(result: Any) -> Fields | None:
    # Every game's outcome is an attrs record of strings, ints and tuples of them.
    if result is None:
        return None
    return _fields({field.name: getattr(result, field.name) for field in attrs.fields(type(result))})


@frozen(kw_only=True)
class CardSetId:
    """A card set's identity: the name and version of its header, and the SHA-256 of its content."""

    name: str
    version: str
    sha256: str


@frozen(kw_only=True)
class Replay:
    """A recorded game (see the module's documentation)."""

    game: str
    """The game's name in the front door (``tower-solo``, …)."""
    cardset: CardSetId
    options: Options
    seed: int
    actions: tuple[str, ...]
    hashes: tuple[str, ...] | None = None
    """Per action, the SHA-256 of the save of the state after it; ``None`` if not recorded."""
    events: tuple[tuple[str, ...], ...] | None = None
    """Per action, ``str(event)`` of each event it made (``[rule ID] text``); ``None`` if not recorded."""
    outcome: Fields | None = None
    """The outcome's fields after the last action (``cause``, ``rule``, …); ``None`` if not recorded
    or the game goes on."""
    about: Fields = ()
    """Free notes on how the game was made (strings, or lists of strings); the rules do not read them."""
    unrecorded: tuple[str, ...] = ()
    """Options the file does not record, written before they existed, and read at a value that is
    not today's default (``OptionSpec.absent``): today's saves name them, the file's hashes were
    made without them, so :func:`steps` compares the actions, events and outcome, not the hashes;
    :meth:`to_json` leaves them out again."""

    def to_json(self) -> dict[str, Any]:
        """The replay as JSON data (see ``schemas/replay.schema.json``)."""
        options: dict[str, Any] = {"mode": self.options.mode}
        for name, value in self.options.values:
            if name in self.unrecorded:
                continue
            options[name] = list(value) if isinstance(value, tuple) else value
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "cardset": attrs.asdict(self.cardset),
            "options": options,
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.hashes is not None:
            data["hashes"] = list(self.hashes)
        if self.events is not None:
            data["events"] = [list(step) for step in self.events]
        if self.outcome is not None:
            data["outcome"] = _json(self.outcome)
        if self.about:
            data["about"] = _json(self.about)
        return data

    def dumps(self) -> str:
        """The replay as JSON text (indented: one action per line)."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n"


@frozen(kw_only=True)
class Step:
    """One step of a replay: its number (0 for the start), the action's text (``None`` at 0), the state."""

    number: int
    action: str | None
    state: Any


def cardset_id(cards: Any) -> CardSetId:
    """The identity of a card set: its header's name and version, and SHA-256 of its canonical JSON.

    Kept on the card set itself (``cards._memo``), so freed with it.
    """
    memo = getattr(cards, "_memo", None)
    if not isinstance(memo, Memo):
        return _cardset_id(cards)
    return remember(memo, "replay.cardset_id", lambda: _cardset_id(cards))


def _cardset_id(cards: Any) -> CardSetId:
    data = converter().unstructure(cards)
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    header = cards.header
    return CardSetId(
        name=str(header.name),
        version=str(header.version),
        sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
    )


def state_hash(state: Any) -> str:
    """SHA-256 (hex) of the state's save, :func:`chaos_tower.dumps`."""
    return hashlib.sha256(api.dumps(state).encode("utf-8")).hexdigest()


def _start(cards: Any, options: Options, seed: int) -> Any:
    return api.new_game(cards, seed=seed, mode=options.mode, **options.as_dict())


def record(
    cards: Any,
    actions: Iterable[Any],
    *,
    seed: int | None = None,
    hashes: bool = True,
    log: bool = False,
    about: Mapping[str, str | Sequence[str]] | None = None,
    **options: Any,
) -> Replay:
    """Play ``actions`` (action records or their text) from a new game and record them.

    The keywords (``seed``, ``mode``, ``players``, …) are those of
    :func:`chaos_tower.new_game`; the replay holds the seed and every option as
    the game played them. With ``log`` it also holds each step's events and the
    final outcome; ``about`` is kept as notes. An illegal action raises the
    rules' own error (:class:`~chaos_tower.kernel.errors.IllegalActionError`).
    """
    state = api.new_game(cards, seed=seed, **options)
    start = state
    texts, digests, events = [], [], []
    for action in actions:
        chosen = api.parse_action(state, action) if isinstance(action, str) else action
        texts.append(api.action_text(state, chosen))
        state = api.apply(state, chosen)
        if hashes:
            digests.append(state_hash(state))
        if log:
            events.append(_events(state))
    return Replay(
        game=api.rules_of(state).name,
        cardset=cardset_id(cards),
        options=api.options(start),
        seed=start.seed,
        actions=tuple(texts),
        hashes=tuple(digests) if hashes else None,
        events=tuple(events) if log else None,
        outcome=_outcome_fields(api.outcome(state)) if log else None,
        about=_fields({k: v if isinstance(v, str) else list(v) for k, v in (about or {}).items()}),
    )


def _events(state: Any) -> tuple[str, ...]:
    return tuple(str(event) for event in getattr(state, "events", ()))


def seat_results(state: Any) -> tuple[str, ...] | None:
    """Each player's result in a finished game (``won``, ``lost``, ``draw``, …); ``None`` while it goes on.

    The outcome's own per-player words where it has them (the VS modes'
    ``results``), else read from :func:`chaos_tower.returns`: 1 won, -1 lost,
    0 no winner (a draw, or a game cut short by ``max_actions``).
    """
    result = api.outcome(state)
    if result is None:
        return None
    words = getattr(result, "results", None)
    if isinstance(words, tuple) and all(isinstance(w, str) for w in words):
        return words
    single = getattr(result, "result", None)
    if isinstance(single, str):
        return (single,)
    names = {1.0: "won", -1.0: "lost"}
    return tuple(names.get(value, "no winner") for value in api.returns(state))


def _parse(text: str | bytes) -> Any:
    """Strict JSON: UTF-8 (a leading byte order mark read past, as every reader does), no key twice."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ReplayFormatError(f"the replay is not UTF-8 text: {exc}") from None
    return strict_json(text.removeprefix("\ufeff"), ReplayFormatError, "replay")


def _unrecorded(found: registry.ModeSpec | None, options: dict[str, Any]) -> tuple[str, ...]:
    """The options of the mode ``found`` added after the file was written whose value for it is not
    today's default."""
    if found is None:
        return ()
    return tuple(
        s.name for s in found.options if s.name not in options and s.absent and s.absent[0] != s.default
    )


def _mode_spec(game: Any, mode: Any) -> registry.ModeSpec | None:
    def lookup(games: tuple[registry.GameSpec, ...]) -> registry.ModeSpec | None:
        return next((m for g in games for m in g.modes if m.rules.name == game and m.name == mode), None)

    return lookup(registry.registered()) or lookup(registry.games())  # installed ones only if needed


def _judged(found: registry.ModeSpec | None, mode: Any, options: dict[str, Any]) -> Options:
    """The options as the specs of the mode ``found`` judge them (format 2 records every option: one
    left out would play under today's default); kept as given for a game not registered here (a
    plugin's, not installed: ``found`` is ``None``), which cannot be replayed anyway."""
    if found is None:
        values = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items())
        return Options(mode=str(mode), values=values)
    missing = [spec.name for spec in found.options if spec.name not in options and not spec.absent]
    if missing:
        raise ReplayFormatError(
            f"the replay lacks the option {', '.join(missing)} of {mode}; a {FORMAT} replay records "
            "every option, so that a later change of a default cannot change the game"
        )
    return read_options(found.name, found.options, options, error=ReplayFormatError)


def loads(text: str | bytes) -> Replay:
    """Read a replay from JSON text; :class:`ReplayFormatError` if it is not one.

    Strict: UTF-8 only (a leading byte order mark is read past), no key given twice, no ``NaN``,
    and every option of the mode recorded (format 2).
    """
    if len(text) > MAX_REPLAY_BYTES:
        raise ReplayFormatError(f"the replay is larger than {MAX_REPLAY_BYTES} bytes")
    data = _parse(text)
    # The first errors are enough to report one; stop there (100,000 bad actions are 100,000 errors).
    found = islice(validator("replay").iter_errors(data), MAX_SCHEMA_ERRORS)
    errors = sorted(found, key=lambda e: [str(p) for p in e.absolute_path])
    if errors:
        where = "/".join(str(p) for p in errors[0].absolute_path) or "(top)"
        raise ReplayFormatError(f"not a replay: at {where}: {errors[0].message}")
    if "hashes" in data and len(data["hashes"]) != len(data["actions"]):
        raise ReplayFormatError(
            f"a replay has one hash per action: {len(data['actions'])} actions, {len(data['hashes'])} hashes"
        )
    if "events" in data and len(data["events"]) != len(data["actions"]):
        raise ReplayFormatError(
            f"a replay has one list of events per action: {len(data['actions'])} actions, "
            f"{len(data['events'])} lists"
        )
    options = dict(data["options"])
    mode = options.pop("mode")
    spec = _mode_spec(data["game"], mode)
    return Replay(
        game=data["game"],
        cardset=CardSetId(**data["cardset"]),
        options=_judged(spec, mode, options),
        seed=data["seed"],
        actions=tuple(data["actions"]),
        hashes=tuple(data["hashes"]) if "hashes" in data else None,
        events=tuple(tuple(step) for step in data["events"]) if "events" in data else None,
        outcome=_fields(data["outcome"]) if "outcome" in data else None,
        about=_fields(data.get("about", {})),
        unrecorded=_unrecorded(spec, options),
    )


def load(path: str | Path) -> Replay:
    """Read a replay file (:func:`loads`): a regular file only, of at most :data:`MAX_REPLAY_BYTES`."""
    try:
        data = read_limited(path, MAX_REPLAY_BYTES)
    except FileRefusal as refusal:
        raise ReplayFormatError(f"{path}: cannot read the replay: {refusal.reason}") from None
    return loads(data)


def steps(replay: Replay, cards: Any, *, check_hashes: bool = True) -> Iterator[Step]:
    """Each state of the replayed game, from the start (step 0) to the last action.

    Errors name the step at fault: :class:`ReplayCardSetError` (before step 0),
    :class:`ReplayActionError`, :class:`ReplayHashError` (unless ``check_hashes``
    is false: a recorded hash, a step's recorded events, or the recorded outcome,
    checked before the last step is given).
    """
    found = cardset_id(cards)
    if found.sha256 != replay.cardset.sha256:
        raise ReplayCardSetError(
            f"the replay was made with the card set {replay.cardset.name!r} {replay.cardset.version} "
            f"(sha256 {replay.cardset.sha256[:12]}…), not {found.name!r} {found.version} "
            f"(sha256 {found.sha256[:12]}…)"
        )
    try:
        state = _start(cards, replay.options, replay.seed)
    except (TypeError, ValueError) as exc:
        raise ReplayFormatError(f"the replay's game cannot be started: {exc}") from None
    if api.rules_of(state).name != replay.game:
        started = api.rules_of(state).name
        raise ReplayFormatError(f"the options start {started!r}, the replay says {replay.game!r}")
    if check_hashes and not replay.actions:
        _check_outcome(replay, state)
    yield Step(number=0, action=None, state=state)
    for number, text in enumerate(replay.actions, start=1):
        try:
            action = api.parse_action(state, text)
            state = api.apply(state, action)
        except ChaosTowerError as exc:
            raise ReplayActionError(f"{text!r} is not allowed: {exc}", step=number) from None
        if check_hashes and replay.events is not None and _events(state) != replay.events[number - 1]:
            raise ReplayHashError(
                f"{text!r} makes other events than recorded:\n  now:      {list(_events(state))}"
                f"\n  recorded: {list(replay.events[number - 1])}",
                step=number,
            )
        if (
            check_hashes
            and replay.hashes is not None
            and not replay.unrecorded
            and state_hash(state) != replay.hashes[number - 1]
        ):
            raise ReplayHashError(
                f"after {text!r} the state is not the one recorded (hash {replay.hashes[number - 1][:12]}…)",
                step=number,
            )
        if check_hashes and number == len(replay.actions):
            _check_outcome(replay, state)
        yield Step(number=number, action=text, state=state)


def _check_outcome(replay: Replay, state: Any) -> None:
    found = _outcome_fields(api.outcome(state))
    if replay.outcome is not None and found != replay.outcome:
        now = "the game goes on" if found is None else _json(found)
        raise ReplayHashError(
            f"the game ends otherwise than recorded: {now}, not {_json(replay.outcome)}",
            step=len(replay.actions),
        )


def verify(replay: Replay, cards: Any) -> Any:
    """Replay the whole game, checking every action and hash; the final state. Errors as :func:`steps`."""
    last = None
    for step in steps(replay, cards):
        last = step.state
    return last


def state_at(replay: Replay, cards: Any, number: int) -> Any:
    """The state after action ``number`` (0: the start); :class:`IndexError` past the end."""
    if not 0 <= number <= len(replay.actions):
        raise IndexError(f"the replay has steps 0 to {len(replay.actions)}, not {number}")
    for step in steps(replay, cards):
        if step.number == number:
            return step.state
    raise AssertionError("unreachable")  # pragma: no cover
