"""A pickled state refers to its card set by fingerprint instead of carrying it (issue 13).

Pickled with the compiled card set inside, a state took 64 KB; now at most 4 KB, and
it still unpickles in a fresh process (a subprocess, a multiprocessing pool of spawned
workers, as Dask and multiprocessing users have).
"""

from __future__ import annotations

import multiprocessing
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower.kernel.errors import SaveError

CARDDATA = Path(__file__).resolve().parents[2] / "carddata"
_MODES: list[tuple[str, str | None, dict[str, Any]]] = [
    ("solo", None, {}),
    ("vs2", None, {"mode": "vs", "players": 2}),
    ("vs5", None, {"mode": "vs", "players": 5}),
    ("crest2", "crest", {"players": 2}),
    ("crest6", "crest", {"players": 6}),
]


def _played(game: str | None, options: dict[str, Any], steps: int = 6) -> Any:
    cards = ct.load_cardset() if game is None else ct.load_cardset(game="crest")
    state = ct.new_game(cards, seed=3, **options)
    for _ in range(steps):
        actions = ct.legal_actions(state)
        if not actions:
            break
        state = ct.apply(state, actions[len(actions) // 2])
    return state


def _step(blob: bytes) -> bytes:
    """In a worker: unpickle a state, apply its middle legal action, pickle the result."""
    state = pickle.loads(blob)
    actions = ct.legal_actions(state)
    return pickle.dumps(ct.apply(state, actions[len(actions) // 2]) if actions else state)


@pytest.mark.parametrize(("name", "game", "options"), _MODES, ids=[m[0] for m in _MODES])
def test_a_pickled_state_is_small_and_comes_back_equal(
    name: str, game: str | None, options: dict[str, Any]
) -> None:
    state = _played(game, options)
    ct.legal_actions(state)  # a cached action list is not pickled either
    blob = pickle.dumps(state)
    assert len(blob) <= 4096, f"{name}: {len(blob)} bytes"
    back = pickle.loads(blob)
    assert back == state
    assert ct.legal_actions(back) == ct.legal_actions(state)
    assert ct.dumps(back) == ct.dumps(state)


def test_a_state_unpickles_in_a_fresh_process() -> None:
    state = _played(None, {})
    script = (
        "import pickle, sys\n"
        "import chaos_tower as ct\n"
        "state = pickle.loads(sys.stdin.buffer.read())\n"
        "sys.stdout.write(ct.dumps(state))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], input=pickle.dumps(state), capture_output=True, check=True
    )
    assert done.stdout.decode() == ct.dumps(state)


def test_states_of_every_mode_step_in_a_spawned_pool() -> None:
    states = [_played(game, options) for _, game, options in _MODES]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.map(_step, [pickle.dumps(s) for s in states])
    for state, blob in zip(states, results, strict=True):
        assert pickle.loads(blob) == pickle.loads(_step(pickle.dumps(state)))


def test_a_set_of_ones_own_travels_with_its_states() -> None:
    """A card set that is not built in: its own pickle carries its data once and registers it."""
    cards = ct.load_cardset(CARDDATA / "tower-minimal")
    state = ct.new_game(cards, seed=1)
    state = ct.apply(state, ct.legal_actions(state)[0])
    together = pickle.dumps((cards, [state, state]))
    script = (
        "import pickle, sys\n"
        "import chaos_tower as ct\n"
        "cards, states = pickle.loads(sys.stdin.buffer.read())\n"
        "assert states[0].game.cards is cards\n"
        "sys.stdout.write(ct.dumps(states[1]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], input=together, capture_output=True, check=True)
    assert done.stdout.decode() == ct.dumps(state)


def test_a_state_of_an_unknown_set_alone_is_a_clear_save_error() -> None:
    cards = ct.load_cardset(CARDDATA / "tower-minimal")
    state = ct.new_game(cards, seed=1)
    script = (
        "import pickle, sys\n"
        "from chaos_tower.kernel.errors import SaveError\n"
        "try:\n"
        "    pickle.loads(sys.stdin.buffer.read())\n"
        "except SaveError as exc:\n"
        "    print('SaveError:', exc)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], input=pickle.dumps(state), capture_output=True, check=True, text=False
    )
    out = done.stdout.decode()
    assert out.startswith("SaveError:") and "unpickle or load that card set first" in out
    assert issubclass(SaveError, ct.ChaosTowerError)
