"""``import chaos_tower`` and the command line's --help and --version import no game's rules (issue 13).

Each runs in a fresh interpreter (a subprocess), where ``sys.modules`` shows what was imported.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

_RULES = ("chaos_tower.tower", "chaos_tower.crest", "chaos_tower.cardsets.loading")


def _imported(code: str) -> list[str]:
    script = code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    modules: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return modules


def _rules_in(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == r or m.startswith(r + ".") for r in _RULES)]


def test_import_chaos_tower_imports_no_game() -> None:
    modules = _imported("import chaos_tower")
    assert "chaos_tower" in modules
    assert _rules_in(modules) == []


@pytest.mark.parametrize("flag", ["--version", "--help"])
def test_cli_version_and_help_import_no_game(flag: str) -> None:
    code = (
        "import sys, runpy\n"
        f"sys.argv = ['chaos-tower', {flag!r}]\n"
        "try:\n"
        "    runpy.run_module('chaos_tower', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
    )
    modules = _imported(code)
    assert "chaos_tower.app.cli" in modules
    assert _rules_in(modules) == []


def test_python_x_importtime_version_does_not_import_the_rules() -> None:
    """The brief's own check: ``python -X importtime -m chaos_tower --version``."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "chaos_tower", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.startswith("chaos-tower ")
    imported = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "|" in line]
    assert "chaos_tower.app.cli" in imported
    assert _rules_in(imported) == []


def test_a_public_name_is_there_on_first_use_and_the_games_are_registered() -> None:
    """Lazy names still work: the first use of the front door registers every built-in game."""
    code = (
        "import chaos_tower as ct\n"
        "state = ct.new_game(ct.load_cardset(game='crest'), seed=1)\n"
        "assert ct.legal_actions(state)\n"
        "assert type(ct.loads(ct.dumps(state), ct.load_cardset(game='crest'))) is ct.CrestState\n"
        "assert 'State' in dir(ct)\n"
    )
    modules = _imported(code)
    assert "chaos_tower.tower.solo.front" in modules and "chaos_tower.tower.vs.front" in modules


def test_an_unknown_name_is_an_attribute_error() -> None:
    import chaos_tower

    with pytest.raises(AttributeError, match="no_such_name"):
        _ = chaos_tower.no_such_name  # type: ignore[attr-defined]


def test_ct_options_stays_the_function_though_its_module_is_imported() -> None:
    """Importing ``chaos_tower.kernel.options`` and the front door leaves ``ct.options`` the function,
    and the package imports no old path (which would warn; tests/test_oldpaths.py has those)."""
    code = (
        "import chaos_tower as ct\n"
        "import chaos_tower.kernel.options\n"
        "import chaos_tower.api\n"
        "assert ct.options is chaos_tower.api.options, ct.options\n"
    )
    modules = _imported(code)
    assert "chaos_tower.kernel.options" in modules
    assert "chaos_tower.options" not in modules


def test_submodules_are_attributes_on_first_use_as_under_eager_imports() -> None:
    """``ct.api`` and ``ct.registry`` worked when the package imported everything; they still do."""
    code = (
        "import chaos_tower as ct\n"
        "assert ct.api.new_game is ct.new_game and ct.registry.games\n"
        "try:\n    ct.no_such_module\nexcept AttributeError as e:\n    print('refused', e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.startswith("refused module 'chaos_tower' has no attribute 'no_such_module'")
