"""The observation tensor layouts (``docs/schema/observation.md``), as tables, from ``ct.observation_layout``.

The tables are made from the code that defines the layouts (each mode's ``layout``
module, reached through :func:`chaos_tower.observation_layout`), so they cannot
drift from it. Slices that repeat per cell, seat or mark (``floor 2,3 card``) are
shown once, with how many there are and the stride between them.
"""

from __future__ import annotations

import re
from typing import Any

import chaos_tower as ct

from .common import GENERATED, code, esc, page, table

# (title, how the state is made): one fixed, seeded state per mode; the layout
# depends on the card set and the number of players only, not on the position.
MODES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("Solo Tower", "tower", {}),
    ("VS, 2 players", "tower", {"mode": "vs", "players": 2}),
    ("VS, 3 players", "tower", {"mode": "vs", "players": 3}),
    ("Crest Duel, 2 players", "crest", {"players": 2}),
)


def _rows(layout: tuple[Any, ...]) -> list[list[str]]:
    groups: dict[tuple[object, ...], list[Any]] = {}
    for piece in layout:
        key = (
            re.sub(r"\d+", "#", piece.name),
            piece.stop - piece.start,
            piece.low,
            piece.high,
            piece.scaling,
            piece.meaning,
        )
        groups.setdefault(key, []).append(piece)
    rows = []
    for (name, width, low, high, scaling, meaning), pieces in groups.items():
        first = pieces[0]
        where = f"{first.start}:{first.stop}"
        if len(pieces) > 1:
            where += f", then every {pieces[1].start - first.start}"
        rows.append(
            [
                code(name if len(pieces) > 1 else first.name),
                str(len(pieces)),
                code(where),
                str(width),
                f"{low:g} to {high:g}",
                esc(scaling),
                esc(meaning),
            ]
        )
    return rows


def observation_page() -> str:
    sets = {"tower": ct.load_cardset(), "crest": ct.load_cardset(game="crest")}
    parts = [
        GENERATED.format(source="chaos_tower.observation_layout"),
        "(schema-observation)=",
        "# Observation tensors",
        "{func}`chaos_tower.observation_tensor` gives a player's observation as a fixed-length vector of "
        "numbers for learning code, every value between its slice's low and high (scaled into -1..1 at "
        "most); {func}`chaos_tower.observation_layout` names its slices. The tables below are made from "
        "that function for the built-in card sets: the length depends on the card set and the number of "
        "players, never on the position. A row with `#` in its name stands for a slice repeated per "
        "cell, seat or mark: *count* copies, the first at *slice*, each the stride after the one before.",
        "```python\nimport chaos_tower as ct\n\nstate = ct.new_game(ct.load_cardset(), seed=1)\n"
        "for piece in ct.observation_layout(state):\n"
        "    print(piece.name, piece.start, piece.stop, piece.low, piece.high, piece.scaling)\n```",
    ]
    for title, game, options in MODES:
        state = ct.new_game(sets[game], seed=1, **options)
        layout = ct.observation_layout(state)
        parts.append(f"## {title}")
        parts.append(f"{layout[-1].stop} numbers, {len(layout)} slices.")
        parts.append(table(["name", "count", "slice", "width", "range", "scaling", "meaning"], _rows(layout)))
    return page(parts)
