"""A replay as one self-contained HTML page: the picture at each step, the event log, stepping controls.

``chaos-tower replay FILE --html out.html`` writes it. The page needs no server
and loads nothing from the network: the pictures, the log and a few lines of
script are inside the file. Buttons, a slider and the keys ←/→ (Home/End) step
through the game; the log lists each action with its events, each event's rule
ID a link to its rule page.

Views, and what each may contain. A view is a list of steps (picture, action,
events) in the page's data:

* ``referee``: every state drawn whole (:func:`chaos_tower.render_svg`), hidden
  parts included.
* ``seat-P`` (games of two or more): each state as seat P's picture
  (``render_svg(state, player=P)``, drawn from P's observation), and the log
  with the actions that P cannot see withheld: in Crest Duel the cards another
  seat puts out face down (`CRD-START-D`).

By default (a spectator after the game) the page holds the referee's view and
every seat's, with a switch between them. With ``seat=P`` it holds P's view
only: no referee data, no other seat's secrets and no seed (which deals them all)
are anywhere in the file, not merely hidden by CSS, so it can be handed to that
player: two games that seat cannot tell apart give the same page.

Rule links. By default (no ``docs_base``) the page carries every rule its log
cites, in a "Rules cited" list at its foot (the manual's Japanese, our English
and our reading, from :mod:`chaos_tower.rulebook`), and each rule ID links
there: the links work wherever the file is opened, with no network and no docs
beside it. With a ``docs_base`` URL (``replay --html --docs-base URL``) they
point at the published docs instead: ``{docs_base}rules/{page}.html#{rule-id}``,
the anchors the Sphinx docs build makes (``docs/rules/step.md`` has
``(toc-step-03)=``).

>>> rule_link("TOC-" "STEP-03"), rule_link("CRD-" "BEAST-B", "https://example.org/docs/")
('#rule-toc-step-03', 'https://example.org/docs/rules/crest.html#crd-beast-b')
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from .. import api, registry
from . import replay

__all__ = ["rule_link", "viewer_html", "views"]

def rule_link(rule: str, docs_base: str = "") -> str | None:
    """Where a rule ID links (``None`` for text that is not one): the page's own list of the rules
    it cites (``docs_base=""``), or the rule's page under ``docs_base`` (its game's ``rule_page``)."""
    spec = next((g for g in registry.games() if g.matches_rule(rule)), None)
    if spec is None:
        return None
    if not docs_base:
        return f"#rule-{rule.lower()}"
    page = spec.rule_page(rule) if spec.rule_page is not None else spec.name
    return f"{docs_base}rules/{page}.html#{rule.lower()}"


def _cited(data: Iterable[dict[str, Any]]) -> Iterable[str]:
    """The "Rules cited" list: each rule the page's log cites, with its text (a link's target)."""
    from ..rulebook import rule as find_rule

    seen: list[str] = []
    for view in data:
        for step in view["steps"]:
            for event in step["events"]:
                if event["href"] and event["href"].startswith("#") and event["rule"] not in seen:
                    seen.append(event["rule"])
    for rule_id in sorted(seen):
        try:
            found = find_rule(rule_id)
        except KeyError:
            continue
        reading = f"<p class=\"reading\">Our reading: {_escape(found.reading)}</p>" if found.reading else ""
        yield (
            f'<li id="rule-{_escape(rule_id.lower())}"><b>{_escape(rule_id)}</b> {_escape(found.title)}'
            f'<p lang="ja">{_escape(found.ja)}</p><p>{_escape(found.en)}</p>{reading}</li>'
        )


def _hidden_from(before: Any, actor: int | None, player: int) -> bool:
    """Whether ``player`` may not see the action ``actor`` took from ``before`` (`CRD-START-D`)."""
    return actor is not None and actor != player and getattr(before, "phase", None) == "setup"


def _events(state: Any, docs_base: str) -> list[dict[str, str | None]]:
    return [
        {"rule": e.rule, "text": e.text, "href": rule_link(e.rule, docs_base)}
        for e in getattr(state, "events", ())
    ]


def views(
    game: replay.Replay, cards: Any, *, seat: int | None = None, docs_base: str = ""
) -> list[dict[str, Any]]:
    """The page's data: per view, its id, label and steps (``svg``, ``action``, ``events``).

    ``seat=None``: the referee's view and, in a game of two or more, each seat's;
    ``seat=P``: seat P's only. :class:`ValueError` for a seat the game does not have.
    """
    states = list(replay.steps(game, cards))
    players = api.rules_of(states[0].state).players(states[0].state)
    if seat is not None and not (type(seat) is int and 0 <= seat < players):
        raise ValueError(f"seat {seat!r} is not a seat of this game (0..{players - 1})")
    wanted: list[int | None] = (
        [seat] if seat is not None else [None, *range(players)] if players > 1 else [None]
    )
    actors = [None, *(api.current_player(s.state) for s in states[:-1])]
    out = []
    for player in wanted:
        steps = []
        for i, step in enumerate(states):
            before = states[i - 1].state if i else None
            hidden = player is not None and _hidden_from(before, actors[i], player)
            action = f"(seat {actors[i]} acts unseen)" if hidden else step.action
            steps.append(
                {
                    "number": step.number,
                    "svg": api.render_svg(step.state, player=player),
                    "action": action,
                    "events": _events(step.state, docs_base),
                }
            )
        label = "referee (everything)" if player is None else f"seat {player}"
        out.append({"id": "referee" if player is None else f"seat-{player}", "label": label, "steps": steps})
    return out


def _json(data: Any) -> str:
    # Inside <script>: no "</" may close it early, so every "<" is escaped.
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def viewer_html(game: replay.Replay, cards: Any, *, seat: int | None = None, docs_base: str = "") -> str:
    """The whole page as text (see the module's documentation)."""
    data = views(game, cards, seat=seat, docs_base=docs_base)
    # A seat's page names no seed: the seed deals every hidden attribute, hand and deck (issue 22).
    seed = "" if seat is not None else f", seed {game.seed}"
    title = f"{game.game} replay{seed}, {len(game.actions)} actions"
    if seat is not None:
        title += f" — seat {seat}'s view"
    return (
        _PAGE.replace("@TITLE@", _escape(title))
        .replace("@DATA@", _json(data))
        .replace("@OPTIONS@", "".join(_options(data)))
        .replace("@RULES@", "".join(_cited(data)))
    )


def _options(data: Iterable[dict[str, Any]]) -> Iterable[str]:
    for view in data:
        yield f'<option value="{_escape(view["id"])}">{_escape(view["label"])}</option>'


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; \
style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>@TITLE@</title>
<style>
body { font-family: sans-serif; margin: 1em; color: #222; }
#controls { display: flex; gap: .5em; align-items: center; flex-wrap: wrap; margin: .5em 0; }
#main { display: flex; gap: 1em; align-items: flex-start; }
#picture svg { max-width: 100%; height: auto; border: 1px solid #ddd; }
#log { max-height: 80vh; overflow-y: auto; min-width: 22em; font-size: 90%; }
#log li.current { background: #fff6d8; }
#log li.later { display: none; }
#slider { width: 20em; }
#rules li { margin: .4em 0; } #rules p { margin: .2em 0 .2em 1em; } #rules li:target { background: #fff6d8; }
@media (max-width: 700px) {
  body { margin: .5em; }
  #main { flex-direction: column; }
  #picture { width: 100%; }
  #picture svg { width: 100%; }
  #log { min-width: 0; max-height: 40vh; width: 100%; box-sizing: border-box; overflow-wrap: anywhere; }
  #slider { width: 100%; }
}
</style>
</head>
<body>
<h1>@TITLE@</h1>
<div id="controls">
<label>view <select id="view">@OPTIONS@</select></label>
<button id="first" title="Home">first</button>
<button id="prev" title="←">◀ back</button>
<button id="next" title="→">next ▶</button>
<button id="last" title="End">last</button>
<input id="slider" type="range" min="0" value="0" aria-label="step">
<span id="where"></span>
</div>
<div id="main">
<div id="picture"></div>
<ol id="log" start="0"></ol>
</div>
<details id="rules"><summary>Rules cited</summary><ul>@RULES@</ul></details>
<script type="application/json" id="data">@DATA@</script>
<script>
"use strict";
const views = JSON.parse(document.getElementById("data").textContent);
let view = views[0];
let at = 0;
const $ = (id) => document.getElementById(id);
function buildLog() {
  const log = $("log");
  log.textContent = "";
  view.steps.forEach((step) => {
    const item = document.createElement("li");
    const head = document.createElement("div");
    head.className = "action";
    head.textContent = step.action === null ? "start" : step.action;
    item.appendChild(head);
    const list = document.createElement("ul");
    step.events.forEach((event) => {
      const line = document.createElement("li");
      line.className = "event";
      const rule = document.createElement(event.href ? "a" : "span");
      rule.className = "rule";
      rule.textContent = event.rule;
      if (event.href) {
        rule.href = event.href;
        // The rule's text is in the page's own list: open it so the link lands on it.
        if (event.href.startsWith("#")) { rule.addEventListener("click", () => { $("rules").open = true; }); }
      }
      line.appendChild(rule);
      line.appendChild(document.createTextNode(" " + event.text));
      list.appendChild(line);
    });
    item.appendChild(list);
    log.appendChild(item);
  });
}
function show(n) {
  at = Math.max(0, Math.min(view.steps.length - 1, n));
  const step = view.steps[at];
  $("picture").innerHTML = step.svg;
  $("slider").max = String(view.steps.length - 1);
  $("slider").value = String(at);
  $("where").textContent = "step " + at + " of " + (view.steps.length - 1) +
    (step.action === null ? " (start)" : ": " + step.action);
  Array.from($("log").children).forEach((item, i) => {
    item.className = i === at ? "current" : i > at ? "later" : "";
  });
  const current = $("log").children[at];
  if (current) { current.scrollIntoView({block: "nearest"}); }
}
$("view").addEventListener("change", () => {
  view = views.find((v) => v.id === $("view").value);
  buildLog();
  show(at);
});
$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(at - 1));
$("next").addEventListener("click", () => show(at + 1));
$("last").addEventListener("click", () => show(view.steps.length - 1));
$("slider").addEventListener("input", () => show(Number($("slider").value)));
document.addEventListener("keydown", (e) => {
  if (e.target && e.target.tagName === "SELECT") { return; }
  const moves = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: view.steps.length - 1};
  if (e.key in moves) { e.preventDefault(); show(moves[e.key]); }
});
buildLog();
show(0);
</script>
</body>
</html>
"""
