"""A mode's options as command-line flags, made from its option specs (issue 23, item 1).

``chaos-tower play`` cannot list every mode's options in its parser: the modes come from the
registry, which ``--help`` must not import (issue 13). So the flags it does not know are kept
aside (``parse_known_args``) and read here once the game and mode are known: each
:class:`~chaos_tower.kernel.options.OptionSpec` of the mode is a flag ``--name-with-dashes``
(a bool a switch, ``--no-name`` to turn it off; a choice with its choices; an int; a list as
comma-separated items), and its value goes to :func:`chaos_tower.new_game`, which checks it.
An option added to a mode's spec is a flag of ``play`` with no edit here or in the parser.

>>> from chaos_tower.kernel.options import OptionSpec
>>> spec = OptionSpec(name="da_order", types=(str,), default="summed",
...                   allowed=("summed", "sequential"), rule="X-01", doc="the order")
>>> option_flags(["--da-order", "sequential"], (spec,), prog="chaos-tower play")
{'da_order': 'sequential'}
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from ..kernel.options import OptionSpec

__all__ = ["FlagError", "flag_name", "option_flags", "option_parser"]


class FlagError(ValueError):
    """A flag that is no option of the mode, or a value its option cannot take."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise FlagError(f"{self.prog}: {message}")


def flag_name(spec: OptionSpec) -> str:
    """The flag of an option: ``--step-on-road`` for ``step_on_road``."""
    return "--" + spec.name.replace("_", "-")


def _items(kind: type) -> Callable[[str], tuple[Any, ...]]:
    def read(text: str) -> tuple[Any, ...]:
        return tuple(kind(part.strip()) for part in text.split(",") if part.strip())

    return read


def option_parser(specs: Sequence[OptionSpec], *, prog: str) -> argparse.ArgumentParser:
    """A parser of the options' flags only; a value not given stays out (the option's default)."""
    parser = _Parser(prog=prog, add_help=False, allow_abbrev=False)
    for spec in specs:
        flag, name, doc = flag_name(spec), spec.name, spec.doc
        if spec.types == (bool,):
            switch = argparse.BooleanOptionalAction
            parser.add_argument(flag, action=switch, dest=name, default=None, help=doc)
        elif spec.allowed is not None:
            choices = [str(a) for a in spec.allowed]
            parser.add_argument(flag, choices=choices, dest=name, default=None, help=doc)
        elif spec.types == (int,):
            parser.add_argument(flag, type=int, dest=name, default=None, help=doc)
        elif tuple in spec.types and spec.items is not None:
            parser.add_argument(flag, type=_items(spec.items), dest=name, default=None, help=doc)
        else:
            parser.add_argument(flag, dest=name, default=None, help=doc)
    return parser


def option_flags(words: Sequence[str], specs: Sequence[OptionSpec], *, prog: str) -> dict[str, Any]:
    """The options ``words`` give (flags of ``specs``); :class:`FlagError` for anything else."""
    if not words:
        return {}
    values = vars(option_parser(specs, prog=prog).parse_args(list(words)))
    given: dict[str, Any] = {}
    for spec in specs:
        value = values[spec.name]
        if value is not None and spec.allowed is not None:
            value = next(a for a in spec.allowed if str(a) == value)  # back to the choice's own type
        if value is not None:
            given[spec.name] = value
    return given
