"""Each mode's options as a table (``docs/rules/options.md``), from the modes' option specs (issue 23).

The specs (:class:`~chaos_tower.kernel.options.OptionSpec`, on each :class:`~chaos_tower.registry.ModeSpec`)
are the one source: the same records check ``new_game``'s keywords, make the command line's flags
(:mod:`chaos_tower.app.optionflags`), judge a replay's options and type the front door
(``tools/gen_signatures.py``). An option added to a spec is in this table at the next
``python tools/gen_docs.py``.
"""

from __future__ import annotations

from chaos_tower import registry
from chaos_tower.app.optionflags import flag_name
from chaos_tower.games import BUILTIN
from chaos_tower.kernel.options import OptionSpec

from .common import GENERATED, cell, code, esc, page, rule_ref, table


def _values(spec: OptionSpec) -> str:
    if spec.allowed is not None:
        return ", ".join(code(repr(a)) for a in spec.allowed)
    return spec.range() or "any"


def _flag(spec: OptionSpec) -> str:
    flag = flag_name(spec)
    return code(f"{flag} / --no-{flag[2:]}" if spec.types == (bool,) else flag)


def mode_table(mode: registry.ModeSpec) -> str:
    """One mode's options: name, flag, type, values, default, rule and meaning (a Markdown table)."""
    rows = [
        [
            code(spec.name),
            _flag(spec),
            esc(spec.kinds()),
            cell(_values(spec)),
            "required" if spec.required else code(repr(spec.default)),
            rule_ref(spec.rule),
            cell(esc(spec.doc)),
        ]
        for spec in mode.options
    ]
    if not rows:
        return "This mode has no options."
    return table(["option", "flag", "type", "values", "default", "rule", "meaning"], rows)


def options_page() -> str:
    """The page: one table per mode of every built-in game."""
    parts = [
        GENERATED.format(source="each mode's option specs (chaos_tower.registry)"),
        "(rules-options)=",
        "# Each mode's options",
        "The keywords of `chaos_tower.new_game` each mode takes, read from its option specs "
        "(`ct.option_specs()`). The same records make the flags of `chaos-tower play`, `render` and "
        "`lab run` (the flag column), the parameters of the OpenSpiel and PettingZoo adapters, the "
        "typed overloads of `new_game`, and judge the options a replay records.",
    ]
    for name in BUILTIN:
        game = registry.game(name)
        for mode in game.modes:
            parts += [f"## {esc(game.title)}: mode {code(mode.name)}", mode_table(mode)]
    return page(parts)
