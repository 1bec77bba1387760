"""Game options as data: what a mode may be started with, checked before anything is set up.

Each mode declares its options as :class:`OptionSpec` records beside its start;
:func:`check_options` turns the keywords given to :func:`chaos_tower.new_game`
into a frozen, hashable :class:`Options` record, or refuses them with
:class:`~chaos_tower.kernel.errors.OptionError`. Types are compared exactly: ``True``
is a bool, not the number 1, and ``1.5`` is not a count. Nothing here names a
game; the rule pages list each mode's options from the same records.

>>> from chaos_tower.kernel.options import OptionSpec, check_options
>>> spec = OptionSpec(name="rounds", types=(int,), default=3, low=1, rule="X-01", doc="how many rounds")
>>> check_options("demo", (spec,), {}).as_dict()
{'rounds': 3}
>>> check_options("demo", (spec,), {"rounds": True})
Traceback (most recent call last):
...
chaos_tower.kernel.errors.OptionError: demo: rounds must be int, not bool (True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from attrs import frozen

from .errors import OptionError, SaveError

__all__ = [
    "SEED",
    "OptionSpec",
    "Options",
    "check_options",
    "check_seed",
    "options_data",
    "options_word",
    "read_options",
    "read_options_word",
    "rule_options",
]


@frozen(kw_only=True)
class OptionSpec:
    """One option of one mode: its name, accepted types, default, allowed values, rule and meaning."""

    name: str
    types: tuple[type, ...]
    """The exact types accepted (``type(value) in types``, so a bool is never an int)."""
    default: Any
    """The value when the option is not given (``None`` given counts as not given)."""
    rule: str
    """The rule ID the option belongs to (its reading is on that rule's page)."""
    doc: str
    allowed: tuple[Any, ...] | None = None
    """The only values allowed, if the option is a choice."""
    low: int | None = None
    high: int | None = None
    """An int option's range, inclusive; ``None``: unbounded on that side."""
    items: type | None = None
    """For a list option (``tuple`` in ``types``): the exact type of each item."""
    required: bool = False
    """The mode cannot start without it (no default)."""
    absent: tuple[Any, ...] = ()
    """For an option added after files were written: one value, the one a save, position or
    replay that lacks the option stands for (the rules it was played under); ``()``: every file
    must record the option."""

    def check(self, mode: str, value: Any) -> Any:
        """``value`` as the option holds it (a list becomes a tuple); :class:`OptionError` if not allowed."""
        if isinstance(value, list) and tuple in self.types:
            value = tuple(value)
        if type(value) not in self.types:
            raise OptionError(
                f"{mode}: {self.name} must be {self.kinds()}, not {type(value).__name__} ({value!r})"
            )
        if isinstance(value, tuple) and self.items is not None:
            wrong = [v for v in value if type(v) is not self.items]
            if wrong:
                raise OptionError(
                    f"{mode}: {self.name} holds {self.items.__name__} values, "
                    f"not {type(wrong[0]).__name__} ({wrong[0]!r})"
                )
        if self.allowed is not None and value not in self.allowed:
            choices = ", ".join(repr(a) for a in self.allowed)
            raise OptionError(f"{mode}: {self.name} is one of {choices}, not {value!r}")
        if type(value) is int and not (
            (self.low is None or value >= self.low) and (self.high is None or value <= self.high)
        ):
            raise OptionError(f"{mode}: {self.name} must be {self.range()}, not {value}")
        return value

    def kinds(self) -> str:
        """The accepted types in words: ``int``, ``bool or tuple of int``, ``null``."""
        names = [
            f"a list of {self.items.__name__}" if t is tuple and self.items is not None else t.__name__
            for t in self.types
        ]
        if self.default is None and not self.required:
            names.append("None")
        return " or ".join(names)

    def range(self) -> str:
        """An int option's range in words (``1 or more``, ``2 to 5``), or ``""``."""
        if self.low is not None and self.high is not None:
            return f"{self.low} to {self.high}"
        if self.low is not None:
            return f"{self.low} or more"
        if self.high is not None:
            return f"at most {self.high}"
        return ""

    def describe(self) -> str:
        """One line for the rule pages and ``--help``: type, allowed values, default, meaning."""
        parts = [self.kinds()]
        if self.allowed is not None:
            parts.append("one of " + ", ".join(repr(a) for a in self.allowed))
        if self.range():
            parts.append(self.range())
        parts.append("required" if self.required else f"default {self.default!r}")
        return f"`{self.name}` ({'; '.join(parts)}): {self.doc}"


@frozen(kw_only=True)
class Options:
    """The checked options of one game: hashable, in the mode's order of declaration."""

    mode: str
    values: tuple[tuple[str, Any], ...]

    def __getitem__(self, name: str) -> Any:
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)

    def as_dict(self) -> dict[str, Any]:
        """The options as ``new_game`` keywords (``mode`` not included)."""
        return dict(self.values)

    def replaced(self, **fields: Any) -> Options:
        """These options with ``fields`` in place of their values (a state's own fields, such as its
        ``players`` and ``max_actions``, read back into the record it carries); each must be one."""
        unknown = sorted(set(fields) - {k for k, _ in self.values})
        if unknown:
            raise KeyError(f"{self.mode} has no option {', '.join(unknown)}")
        return Options(mode=self.mode, values=tuple((k, fields.get(k, v)) for k, v in self.values))


def check_options(mode: str, specs: Sequence[OptionSpec], given: Mapping[str, Any]) -> Options:
    """Check the keywords ``given`` against a mode's ``specs``: every one known and of its type.

    ``None`` stands for "not given" (the default). :class:`OptionError` for an
    unknown option (the message lists the mode's options), a wrong type or value,
    or a required option left out.
    """
    known = {spec.name for spec in specs}
    unknown = sorted(name for name, value in given.items() if name not in known and value is not None)
    if unknown:
        listed = ", ".join(spec.name for spec in specs) or "none"
        raise OptionError(f"{mode}: no option {', '.join(unknown)}; the options of {mode} are: {listed}")
    values = []
    for spec in specs:
        value = given.get(spec.name)
        if value is None:
            if spec.required:
                raise OptionError(f"{mode}: say {spec.name} ({spec.range() or spec.kinds()})")
            value = spec.default
        else:
            value = spec.check(mode, value)
        values.append((spec.name, value))
    return Options(mode=mode, values=tuple(values))


SEED = OptionSpec(
    name="seed",
    types=(int,),
    default=None,
    rule="TOC-STEP-03",
    doc="every shuffle comes from it; None draws a fresh one, recorded in the state",
)


def check_seed(seed: Any) -> int:
    """The seed to play: ``seed`` if it is an int, a fresh one for ``None``; else :class:`OptionError`."""
    if seed is None:
        import secrets  # here: it costs 15 ms of `import chaos_tower`, and only a fresh seed needs it

        return secrets.randbits(63)
    if type(seed) is not int:
        raise OptionError(f"seed must be int or None, not {type(seed).__name__} ({seed!r})")
    return seed


def rule_options(rule_id: str, by_mode: Mapping[str, Sequence[OptionSpec]]) -> list[str]:
    """The Markdown lines a rule page shows for the options declared under ``rule_id`` (none: ``[]``)."""
    found = [(mode, spec) for mode, specs in by_mode.items() for spec in specs if spec.rule == rule_id]
    if not found:
        return []
    return ["**Options:**", "", *(f"- mode `{mode}`: {spec.describe()}" for mode, spec in found), ""]


# Options carried generically (issue 23): a state holds its mode's options as one Options record, and
# its save, one-line position and player's view write and read them with these, judged by the specs,
# so that an option added to a mode's specs is saved, notated and viewed with no edit to its engine.


def options_data(options: Options) -> dict[str, Any]:
    """The options as JSON data for a save or a view: ``{name: value}``, a list option as a list."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.values}


def read_options(
    mode: str,
    specs: Sequence[OptionSpec],
    data: object,
    *,
    error: type[Exception] = SaveError,
    only: Sequence[str] | None = None,
) -> Options:
    """The options a save's ``data`` records, every one of ``specs`` (or of ``only``, those names)
    given and checked as :func:`check_options` does; ``error`` (a :class:`SaveError`) if not."""
    chosen = [s for s in specs if only is None or s.name in only]
    names = [s.name for s in chosen]
    if isinstance(data, dict):
        older = {s.name: s.absent[0] for s in chosen if s.absent and s.name not in data}
        data = {**data, **older}  # written before those options existed: the rules it was played under
    if not isinstance(data, dict) or sorted(data) != sorted(names):
        found = sorted(data) if isinstance(data, dict) else type(data).__name__
        raise error(f"{mode}: the options are an object of {', '.join(names) or 'no keys'}; found {found}")
    values = []
    for spec in chosen:
        value = data[spec.name]
        try:
            values.append((spec.name, spec.default if value is None else spec.check(mode, value)))
        except OptionError as exc:
            raise error(str(exc)) from None
        if value is None and (spec.required or spec.default is not None):
            raise error(f"{mode}: the option {spec.name} is {spec.kinds()}, not null")
    return Options(mode=mode, values=tuple(values))


_SPECIAL = frozenset(" \t\n;:=()-.")


def _word(value: Any) -> str:
    if value is None:
        return "-"
    if type(value) is bool:
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "(" + ".".join(_word(v) for v in value) + ")"
    text = str(value)
    if type(value) is str and (not text or text in ("-", "true", "false") or _SPECIAL & set(text)):
        raise OptionError(f"the option value {text!r} cannot be written in a one-line position")
    return text


def options_word(options: Options) -> str:
    """The options as one word of a one-line position: ``players:2;max_actions:-`` (``-`` for None,
    ``true``/``false``, a list as ``(1.0.1)``); :func:`read_options_word` reads it back."""
    return ";".join(f"{k}:{_word(v)}" for k, v in options.values) or "-"


def _read_value(spec: OptionSpec, text: str) -> Any:
    if text == "-":
        return None
    if text.startswith("(") and text.endswith(")"):
        kind = spec.items or str
        item = OptionSpec(name=spec.name, types=(kind,), default=None, rule=spec.rule, doc=spec.doc)
        return tuple(_read_value(item, part) for part in text[1:-1].split(".") if part)
    if text in ("true", "false") and bool in spec.types:
        return text == "true"
    if int in spec.types and text.lstrip("-").isdigit():
        return int(text)
    return text


def read_options_word(
    mode: str,
    specs: Sequence[OptionSpec],
    text: str,
    *,
    error: type[Exception] = SaveError,
    only: Sequence[str] | None = None,
) -> Options:
    """The options of a word :func:`options_word` wrote, checked as :func:`read_options` checks."""
    by_name = {s.name: s for s in specs}
    data: dict[str, Any] = {}
    for part in [] if text == "-" else text.split(";"):
        name, sep, value = part.partition(":")
        if not sep or name in data or name not in by_name:
            raise error(f"{mode}: {part!r} is no option of {mode} written name:value (or it is twice)")
        data[name] = _read_value(by_name[name], value)
    return read_options(mode, specs, data, error=error, only=only)
