"""High Card described to chaos_tower: the ONE module that makes the toy a registered game.

An installed package names it in its entry points (``[project.entry-points."chaos_tower.games"]``
``toy = "toygame.spec:SPEC"``) and chaos_tower registers it on first need; a test may instead call
``chaos_tower.registry.register_game(SPEC)`` (and ``unregister_game("toy")`` after).
"""

from __future__ import annotations

from pathlib import Path

from chaos_tower.registry import GameRules, GameSpec, ModeSpec, Variant, ViewCodec

from . import agents, game, views

HERE = Path(__file__).resolve().parent

RULES = GameRules(
    name="toy",
    save_format=game.FORMAT,
    players=lambda state: state.players,
    legal_actions=game.legal_actions,
    apply=game.apply,
    check_action=game.check_action,
    can_apply=game.can_apply,
    outcome=game.outcome,
    is_terminal=game.is_terminal,
    current_player=game.current_player,
    returns=game.returns,
    dumps=views.dumps,
    loads=views.loads,
    action_text=game.action_text,
    parse_action=game.parse_action,
    action_index=game.action_index,
    action_from_index=game.action_from_index,
    action_space=game.action_space,
    render_text=views.render_text,
    observation=views.observation,
    observation_tensor=views.observation_tensor,
    options=game.state_options,
    to_notation=views.to_notation,
    from_notation=views.from_notation,
    notation_words=(game.WORD,),
    observation_layout=views.observation_layout,
    determinize=views.determinize,
    action_grammar=game.GRAMMAR,
    public_actions=True,  # a played card goes face up; a draw names no card
)

SPEC = GameSpec(
    name="toy",
    title="High Card (the toy game)",
    rules_file=str(HERE / "rules.yaml"),
    rule_pattern=r"TOY-[A-Z]+-[0-9]{2}",
    cardset_type=game.ToyCardSet,
    schemas=("toy-cardset",),
    schema_files={"toy-cardset": HERE / "toy-cardset.schema.json"},
    builtin=str(HERE / "carddata"),
    converter_hooks=lambda converter: None,  # plain attrs records: cattrs needs no hook
    checks=game.card_issues,
    lints=game.card_lints,
    modes=(
        ModeSpec(
            name="duel",
            state_type=game.ToyState,
            rules=RULES,
            start=game.start,
            options=game.OPTIONS,
            view=ViewCodec(
                name="toy-view",
                view_type=views.ToyView,
                format=game.VIEW_FORMAT,
                dumps=views.view_dumps,
                loads=views.view_loads,
                players=lambda view: view.players,
                decider=lambda view: view.decider,
                over=lambda view: view.decider is None,
                render_text=views.view_text,
            ),
            variants=tuple(
                Variant(name=f"toy_duel_{n}", options={"players": n}, zero_sum=n == 2) for n in (2, 3, 4)
            ),
            players=(2, 4),
            agents=agents.AGENTS,  # every agent of the ladder, its own players in the kit
            agent_kit=agents.KIT,
        ),
    ),
)
