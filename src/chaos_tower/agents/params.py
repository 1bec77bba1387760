"""Agents' parameters: ``NAME`` or ``NAME:KEY=VALUE,...`` read and checked in one place.

The command line (``play --seat 1=mcts:seconds=0.1``, ``play --agent``) and the
lab (``lab run --agent mcts:simulations=50``) both read an agent's name and
parameters with :func:`parse_agent`, and every factory of
:data:`~chaos_tower.agents.AGENTS` checks its parameters with
:func:`check_params`: so a wrong parameter is refused, with its name, before
any game is played, whichever way the agent was asked for.

Each parameter has a kind: a whole number (never a boolean, never ``1.5``), a
number (finite: never ``nan`` or ``inf``, never a boolean), or one of a few
words. Unknown keys and a key given twice are refused. A searching agent
(MCTS, the solo ``rollout``) has a budget per decision, ``simulations=`` or ``seconds=``: exactly
one of them (``simulations=200`` when neither is given; ``rollout``: 32, about 80 ms of CPU a
decision on the 2-core machine), each bounded, so every search returns.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from attrs import frozen

from ..kernel.errors import ChaosTowerError

__all__ = ["PARAMETERS", "AgentParameterError", "Param", "check_params", "parse_agent"]

Value = int | float | str


class AgentParameterError(ChaosTowerError, ValueError):
    """An agent's name or parameters are wrong; the message names the parameter."""


@frozen
class Param:
    """One parameter of an agent: its kind and its bounds."""

    kind: str
    """``int`` (a whole number), ``float`` (a finite number) or ``word`` (one of ``choices``)."""
    low: float | None = None
    high: float | None = None
    above: bool = False
    """The value must be above ``low`` (not equal to it)."""
    choices: tuple[str, ...] = ()

    def read(self, key: str, text: str) -> Value:
        """The value written ``text`` (on a command line), of this kind."""
        if self.kind == "word":
            return text
        if self.kind == "int":
            try:
                return int(text)
            except ValueError:
                raise AgentParameterError(f"{key} is a whole number, not {text!r}") from None
        try:
            return float(text)
        except ValueError:
            raise AgentParameterError(f"{key} is a number, not {text!r}") from None

    def check(self, key: str, value: object) -> Value:
        """``value`` if it is one of this parameter's, else :class:`AgentParameterError` naming ``key``."""
        if self.kind == "word":
            if not isinstance(value, str) or value not in self.choices:
                raise AgentParameterError(f"{key} is one of {', '.join(self.choices)}, not {value!r}")
            return value
        whole = self.kind == "int"
        if isinstance(value, bool) or not isinstance(value, int if whole else int | float):
            kind = "a whole number" if whole else "a number"
            raise AgentParameterError(f"{key} is {kind}, not {value!r}")
        if not math.isfinite(value):
            raise AgentParameterError(f"{key} is a finite number, not {value!r}")
        if self.low is not None and (value <= self.low if self.above else value < self.low):
            raise AgentParameterError(f"{key} is {'above' if self.above else 'at least'} {self.low:g}")
        if self.high is not None and value > self.high:
            raise AgentParameterError(f"{key} is at most {self.high:g}")
        return value


_SIMULATIONS = Param("int", low=1, high=10_000_000)
PARAMETERS: dict[str, dict[str, Param]] = {
    "random": {},
    "greedy": {},
    "heuristic": {"top": Param("int", low=1, high=1000), "repeat": Param("int", low=1, high=1000)},
    "mcts": {
        "simulations": _SIMULATIONS,
        "budget": _SIMULATIONS,  # the old name of simulations
        "seconds": Param("float", low=0, above=True, high=3600),
        "rollout": Param("int", low=0, high=100_000),
        "exploration": Param("float", low=0),
        "playout": Param("word", choices=("heuristic", "random")),
        "prior": Param("float", low=0),
        "width": Param("int", low=0, high=1000),
    },
}
PARAMETERS["mcts-cheat"] = PARAMETERS["mcts"]
PARAMETERS["rollout"] = {
    key: PARAMETERS["mcts"][key] for key in ("simulations", "budget", "seconds", "rollout", "width")
}
"""Each agent of the registry by name: its parameters by name."""

_SEARCHES = ("mcts", "mcts-cheat", "rollout")
_BUDGETS = {name: ("simulations", "budget", "seconds") for name in _SEARCHES}
"""A searching agent's budgets, of which exactly one is used (the first is the default's)."""
_DEFAULT_BUDGET = {
    "mcts": ("simulations", 200),
    "mcts-cheat": ("simulations", 200),
    "rollout": ("simulations", 32),
}


def parse_agent(text: str) -> tuple[str, tuple[tuple[str, Value], ...]]:
    """``NAME`` or ``NAME:KEY=VALUE,...`` as (name, parameters).

    The values of a registry agent's parameters are read as their kind says
    (``simulations=50`` a whole number, ``seconds=0.1`` a number) and checked;
    another name's (an agent the lab adds) stay text. A key given twice, or a
    part that is not ``KEY=VALUE``, is refused.
    """
    name, _, rest = text.partition(":")
    name = name.strip()
    if not name:
        raise AgentParameterError("no agent name (write NAME or NAME:KEY=VALUE,...)")
    known = PARAMETERS.get(name)
    params: list[tuple[str, Value]] = []
    for part in rest.split(",") if rest.strip() else ():
        key, eq, value = (s.strip() for s in part.partition("="))
        if not eq or not key or not value:
            raise AgentParameterError(f"parameters are KEY=VALUE, separated by commas, not {part.strip()!r}")
        if any(key == seen for seen, _ in params):
            raise AgentParameterError(f"{key} is given twice")
        if known is not None and key in known:
            params.append((key, known[key].read(key, value)))
        else:
            params.append((key, value))
    if known is not None:
        check_params(name, dict(params))
    return name, tuple(params)


def check_params(name: str, params: Mapping[str, object]) -> dict[str, Value]:
    """The parameters of registry agent ``name`` as its class takes them; :class:`AgentParameterError`.

    Unknown keys, values of the wrong kind or out of bounds are refused, and a
    searching agent's budgets: exactly one of ``simulations`` and ``seconds``
    (``budget`` is ``simulations``' old name), ``simulations=200`` if none.
    """
    allowed = PARAMETERS.get(name)
    if allowed is None:
        raise AgentParameterError(f"no agent {name!r} (known: {', '.join(PARAMETERS)})")
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        takes = ", ".join(sorted(allowed)) or "none"
        raise AgentParameterError(
            f"the {name} agent has no parameter {', '.join(unknown)} (it takes: {takes})"
        )
    checked = {key: allowed[key].check(key, value) for key, value in params.items()}
    budgets = [key for key in _BUDGETS.get(name, ()) if key in checked]
    if len(budgets) > 1:
        raise AgentParameterError(f"the {name} agent takes one budget, not {' and '.join(budgets)}")
    if name in _BUDGETS:
        if not budgets:
            key, value = _DEFAULT_BUDGET[name]
            checked[key] = value
        elif "budget" in checked:
            checked["simulations"] = checked.pop("budget")
    return checked
