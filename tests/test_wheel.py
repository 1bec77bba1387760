"""The built wheel works on its own: installed in a fresh venv, run from outside the checkout.

Slow (a wheel build and a pip install, a minute or two) and needs the package
index for the dependencies; it runs in CI. Select it alone with ``-m slow``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
Completed = subprocess.CompletedProcess[str]

# Run inside the fresh venv, from a directory outside the checkout.
SCRIPT = textwrap.dedent(
    """
    import json, subprocess, sys, sysconfig
    from pathlib import Path

    repo = Path(sys.argv[1]).resolve()
    site = Path(sysconfig.get_paths()["purelib"]).resolve()

    import chaos_tower
    from chaos_tower.cardsets.resources import carddata_dir, schemas_dir

    package = Path(chaos_tower.__file__).resolve()
    assert site in package.parents, f"chaos_tower comes from {package}, not from {site}"
    assert repo not in package.parents, f"chaos_tower comes from the checkout: {package}"
    for data in (carddata_dir(), schemas_dir()):
        assert site in data.resolve().parents, f"data files come from {data}, not from the wheel"

    cards = chaos_tower.load_cardset()
    counts = (len(cards.rooms), len(cards.monsters), len(cards.steps))
    assert counts == (25, 20, 5), counts
    crest = chaos_tower.load_cardset(game="crest")
    assert type(crest).__name__ == "CrestCardSet"
    crest_check = subprocess.run(
        [str(Path(sys.executable).parent / "chaos-tower"), "validate", str(carddata_dir() / "crest")],
        capture_output=True, text=True)
    assert crest_check.returncode == 0, (crest_check.stdout, crest_check.stderr)

    bin_dir = Path(sys.executable).parent
    tower = carddata_dir() / "tower"
    validate = subprocess.run([str(bin_dir / "chaos-tower"), "validate", str(tower)],
                              capture_output=True, text=True)
    assert validate.returncode == 0, (validate.returncode, validate.stdout, validate.stderr)
    schema = subprocess.run([str(bin_dir / "chaos-tower"), "schema"], capture_output=True, text=True)
    assert schema.returncode == 0, (schema.returncode, schema.stdout, schema.stderr)
    as_module = subprocess.run([sys.executable, "-m", "chaos_tower", "validate", str(tower)],
                               capture_output=True, text=True)
    assert as_module.returncode == 0, (as_module.returncode, as_module.stdout, as_module.stderr)

    # A card designer's path from the installed package alone: init, then validate and play the copy.
    for game, extra in (("tower", []), ("crest", ["--minimal"])):
        copy = Path.cwd() / f"my-{game}"
        for argv in (["init", str(copy), "--game", game, *extra], ["validate", str(copy)],
                     ["play", "--game", game, "--cards", str(copy), "--agent", "random", "--quiet"]):
            done = subprocess.run([str(bin_dir / "chaos-tower"), *argv], capture_output=True, text=True)
            assert done.returncode == 0, (argv, done.stdout, done.stderr)
        assert (copy / "schemas" / f"{game}-cardset.schema.json").is_file()
    version = subprocess.run([str(bin_dir / "chaos-tower"), "--version"], capture_output=True, text=True)
    assert version.stdout.strip() == f"chaos-tower {chaos_tower.__version__}", version

    print(json.dumps({
        "package": str(package),
        "tower": str(tower),
        "validate": validate.stdout,
        "schema": json.loads(schema.stdout),
    }))
    """
)


def _run(args: list[str], *, env: dict[str, str], cwd: Path | None = None) -> Completed:
    result = subprocess.run(args, capture_output=True, text=True, env=env, cwd=cwd, check=False)
    assert result.returncode == 0, (
        f"{' '.join(args)} exited {result.returncode}\n"
        f"--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}"
    )
    return result


def _clean_env() -> dict[str, str]:
    """The environment without anything that would put the checkout on the new venv's path."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


@pytest.mark.slow
def test_wheel_installs_and_runs_outside_the_checkout(tmp_path: Path) -> None:
    try:
        import build  # noqa: F401
    except ImportError:  # pragma: no cover - the test extra provides it
        pytest.fail("the `build` package is missing; install the test extra: pip install -e '.[test]'")

    env = _clean_env()
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(REPO)], env=env, cwd=REPO)
    (wheel,) = dist.glob("chaos_tower-*.whl")

    # The wheel carries the package, its typing marker, the schemas and the built-in set.
    names = set(zipfile.ZipFile(wheel).namelist())
    for expected in [
        "chaos_tower/__init__.py",
        "chaos_tower/py.typed",
        "chaos_tower/_data/schemas/tower-cardset.schema.json",
        "chaos_tower/_data/schemas/tower-vocabulary.schema.json",
        "chaos_tower/_data/schemas/crest-cardset.schema.json",
        "chaos_tower/_data/schemas/replay.schema.json",
        "chaos_tower/_data/schemas/tower-cardset-part.schema.json",
        "chaos_tower/_data/schemas/crest-cardset-part.schema.json",
        "chaos_tower/_data/carddata/tower-minimal/cards.yaml",
        "chaos_tower/_data/carddata/crest-minimal/cards.yaml",
        f"chaos_tower-{wheel.name.split('-')[1]}.dist-info/licenses/LICENSE",
        "chaos_tower/rules/tower.yaml",
        "chaos_tower/rules/crest.yaml",
        *(f"chaos_tower/_data/carddata/tower/{p.name}" for p in (REPO / "carddata" / "tower").iterdir()),
        *(f"chaos_tower/_data/carddata/crest/{p.name}" for p in (REPO / "carddata" / "crest").iterdir()),
    ]:
        assert expected in names, f"{expected} is not in {wheel.name}"

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], env=env)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    _run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], env=env, cwd=tmp_path)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    script = elsewhere / "check_installed.py"
    script.write_text(SCRIPT, encoding="utf-8")
    result = _run([str(python), "-I", str(script), str(REPO)], env=env, cwd=elsewhere)
    report = json.loads(result.stdout.strip().splitlines()[-1])

    assert str(venv.resolve()) in report["package"]
    assert "valid (" in report["validate"]
    schema = json.loads((REPO / "schemas" / "tower-cardset.schema.json").read_text(encoding="utf-8"))
    assert report["schema"] == schema
