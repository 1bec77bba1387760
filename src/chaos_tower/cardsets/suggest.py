"""'Did you mean …?' for misspelt ids, keys and values in card-set files."""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches

__all__ = ["did_you_mean"]


def did_you_mean(word: object, candidates: Iterable[object], *, cutoff: float = 0.6) -> str | None:
    """A hint naming the candidate closest to ``word`` (``did you mean 'x'?``), or ``None``.

    Only close matches are offered (``difflib``'s ratio ≥ ``cutoff``): a wrong
    suggestion costs the reader more than none.
    """
    text = str(word)
    pool = sorted({str(c) for c in candidates} - {text})
    found = get_close_matches(text, pool, n=1, cutoff=cutoff)
    return f"did you mean {found[0]!r}?" if found else None
