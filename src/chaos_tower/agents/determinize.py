"""Determinisation for the searching agents: the kernel's hook, by its agents' name.

:class:`~chaos_tower.agents.MctsAgent` and the conformance tests call
:func:`determinize`; it is ``ct.determinize(state, player, seed)``, which every
game provides (a full state consistent with what ``player`` has seen, its hidden
part drawn from ``seed``, never using what that player cannot know).
"""

from __future__ import annotations

from typing import Any

import chaos_tower as ct

__all__ = ["determinize"]


def determinize(state: Any, player: int, seed: int) -> Any:
    """A full state that ``player`` cannot tell from ``state``, its hidden part drawn from ``seed``."""
    return ct.determinize(state, player, seed)
