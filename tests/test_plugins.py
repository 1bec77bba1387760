"""A broken game plugin never breaks the built-in games (issue 22).

Installed packages add games by entry points of the group ``chaos_tower.games``.
One whose module raises on import, one that registers a game named like a
built-in one, and one whose entry point has a built-in game's name are each
left out with one warning naming the plugin; ``import chaos_tower``,
``ct.option_specs()``, ``validate``, ``replay``, ``render`` and ``lab`` go on as
if they were not installed. Each run is a fresh process, as a user's is, with
the fake distributions on its path as ``pip install`` would leave them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src"
GOLDEN = REPO / "tests" / "data" / "golden" / "greedy-won.json"
PLUGINS = {
    # entry point name: (its value, the module's text)
    "broken": ("ct_broken_plugin:SPEC", 'raise RuntimeError("the plugin is broken")\n'),
    "twin": (
        "ct_twin_plugin:SPEC",
        "import attrs\nfrom chaos_tower import registry\n\n"
        "SPEC = attrs.evolve(registry.game('crest'), name='tower')  # the name of a built-in game\n",
    ),
    "selfish": (
        "ct_selfish_plugin",
        "from chaos_tower import registry\n\nregistry.register_game(registry.game('tower'))\n",
    ),
    "tower": ("ct_named_tower_plugin:SPEC", "SPEC = None\n"),
}


@pytest.fixture(scope="module")
def plugin_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    where = tmp_path_factory.mktemp("site")
    for name, (value, module) in PLUGINS.items():
        info = where / f"ct_{name}_plugin-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: ct-{name}-plugin\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(f"[chaos_tower.games]\n{name} = {value}\n")
        (where / f"{value.partition(':')[0]}.py").write_text(module)
    return os.pathsep.join([str(SRC), str(where)])


def _run(plugin_path: str, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": plugin_path, "NO_COLOR": "1"}
    env.pop("PYTHONWARNINGS", None)
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, timeout=300, check=False, cwd=cwd
    )


def _one_warning_each(stderr: str, *, scanned: bool = True) -> None:
    """One warning naming each plugin, or none at all where the installed games are not looked at
    (a lookup of a built-in game never scans the entry points)."""
    lines = [line for line in stderr.splitlines() if "plugin" in line]
    for name in PLUGINS:
        naming = [line for line in lines if f"game plugin {name!r}" in line]
        assert len(naming) == (1 if scanned else 0), stderr
    assert len(lines) == (len(PLUGINS) if scanned else 0), stderr
    assert "Traceback" not in stderr


def test_the_front_door_works_with_broken_plugins_installed(plugin_path: str) -> None:
    """TOC-STEP-03: the built-in games start, play and list their options; each plugin warns once."""
    script = (
        "import chaos_tower as ct\n"
        "from chaos_tower import registry\n"
        "print(sorted(ct.option_specs()))\n"
        "print([g.name for g in registry.games()])\n"
        "print(registry.game('tower').cardset_type.__name__)\n"
        "state = ct.new_game(ct.load_cardset(), seed=1)\n"
        "print(ct.rules_of(state).name)\n"
    )
    done = _run(plugin_path, "-c", script)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "['duel', 'solo', 'vs']",
        "['tower', 'crest']",
        "TowerCardSet",
        "tower-solo",
    ]
    _one_warning_each(done.stderr)
    imported = _run(plugin_path, "-c", "import chaos_tower")
    assert imported.returncode == 0 and imported.stderr == ""


@pytest.mark.parametrize(
    ("command", "scanned"),
    [
        (["validate", str(REPO / "carddata" / "tower")], False),
        (["validate", "--play", "1", str(REPO / "carddata" / "crest")], True),
        (["replay", str(GOLDEN), "--verify"], True),
        (["render", "--seed", "3", "--actions", "4", "--out", "{tmp}/p.svg"], True),
        (["lab", "run", "--out", "{tmp}/lab", "-n", "2", "--workers", "0", "--quiet"], True),
    ],
    ids=["validate", "validate-play", "replay", "render", "lab"],
)
def test_the_command_line_works_with_broken_plugins_installed(
    plugin_path: str, command: list[str], scanned: bool, tmp_path: Path
) -> None:
    """The command runs as without the plugins, and warns once per broken plugin, by name."""
    args = [part.replace("{tmp}", str(tmp_path)) for part in command]
    done = _run(plugin_path, "-m", "chaos_tower", *args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    _one_warning_each(done.stderr, scanned=scanned)
    assert all(
        line.startswith("chaos-tower: warning: ") for line in done.stderr.splitlines() if "plugin" in line
    )
