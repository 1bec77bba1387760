"""``chaos-tower play``: the one terminal play loop, for every game and mode, over the front door.

Each seat is a person or an agent (``--agent NAME`` for every seat, ``--seat
P=NAME`` for one; names from :data:`chaos_tower.agents.AGENTS`). One person
plays at the keyboard as is; two or more share it hot seat
(:class:`~chaos_tower.app.hotseat.HotSeat`: every hand-over wipes the screen and
its scrollback, and what a seat is shown is :func:`chaos_tower.seat_view`,
built from its own observation). Agents only: the explained log is printed.

At the prompt a person types an action's number or its text in any case
(``PLACE 2,2 R90``), or a command (:data:`~chaos_tower.app.terminal.COMMANDS`): ``help``/``?``,
``list [KIND]``, ``view``, ``info CARD``, ``undo``, ``save FILE``, ``q``. Before an action that
loses the game the loop warns and waits for it again or ``yes``. ``undo`` takes
back the last action of the game when (1) the seat now to move made it (so
nobody, person or agent, has acted since, and no hand-over has shown anything
to anyone else) and (2) it revealed nothing hidden to that seat: its
observation after the action is the same in every one of :data:`WORLDS`
worlds drawn by :func:`chaos_tower.determinize` from what it knew before (a
placed card uncovers the next top card; a draw shows a card: those stand).
Both checks use only what the seat may know, so neither a warning nor a
refusal tells it anything hidden. Bad input gets a message and changes
nothing; end of input, ``q`` and Ctrl-C end the game cleanly (hot seat: wiped).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .. import api, registry
from ..agents import decide
from ..kernel.errors import ChaosTowerError, MalformedActionError, OutputError
from ..registry import HandOver
from . import replay
from .cardinfo import card_info
from .choosing import pick
from .hotseat import HotSeat
from .outputs import write_output
from .screen import decision, draw, screen_size
from .table import Played, SetupError, Table, open_table
from .terminal import Style, grammar_text, listing, wants_colour

__all__ = ["WORLDS", "play", "run"]

WORLDS = 8
"""Worlds drawn from a seat's view to judge a loss warning and an undo (seeds 0 to 7)."""

PROMPT = "action (number or text, q to quit)> "
HINT = "  (type ? for help: the action grammar, list, log, undo, save FILE)"


House = HandOver
"""How a game's hot seat speaks: each mode's :attr:`~chaos_tower.registry.ModeSpec.hand_over`."""


def _hand_over(state: Any) -> HandOver:
    """The mode's way of handing over; a view or an old-style game's state: the default."""
    try:
        return registry.mode_of(type(state)).hand_over
    except KeyError:
        return HandOver()


def _secrets(state: Any) -> bool:
    """Whether the mode's seats keep secrets from each other (:attr:`~chaos_tower.registry.ModeSpec.
    secrets_between_seats`); a state no registered mode plays: no."""
    try:
        return registry.mode_of(type(state)).secrets_between_seats
    except KeyError:
        return False


NO_SAVE = (
    "not saved: in this game every save holds all the seats' secrets (a replay its seed, a save the "
    "whole table); start with --record FILE instead: it is written when the game ends or you quit, "
    "and chaos-tower play --resume FILE goes on from there"
)


class _Keyboard:
    """One person at the keyboard: nothing to hide from anyone, so nothing is wiped."""

    def __init__(self, inp: TextIO, out: TextIO) -> None:
        self.inp, self.out = inp, out

    def read(self, prompt: str) -> str | None:
        print(prompt, end="", file=self.out, flush=True)
        raw = self.inp.readline()
        if not raw or raw.strip().lower() in ("q", "quit"):
            print("\nbye", file=self.out)
            return None
        return raw.strip()


def _loss(state: Any, seat: int, action: Any) -> str | None:
    """The cause, when ``action`` ends the game with ``seat``'s loss in every world it cannot tell
    from this one (the seat's own view, :func:`chaos_tower.determinize`); else ``None``."""
    causes = []
    for k in range(WORLDS):
        try:
            after = api.apply(api.determinize(state, seat, k), action)
        except (ChaosTowerError, NotImplementedError):
            return None
        if api.current_player(after) is not None or api.returns(after)[seat] >= 0:
            return None
        final = api.outcome(after)
        causes.append(f"{getattr(final, 'cause', 'the end')}, {getattr(final, 'rule', '')}".rstrip(", "))
    return causes[0]


def _reveals(before: Any, seat: int, action: Any) -> bool:
    """Whether ``action`` showed ``seat`` something hidden: its view after it depends on the hidden parts."""
    seen = api.observation(api.apply(before, action), seat)
    for k in range(WORLDS):
        try:
            world = api.apply(api.determinize(before, seat, k), action)
        except (ChaosTowerError, NotImplementedError):
            return True
        if api.observation(world, seat) != seen:
            return True
    return False


def _result_line(state: Any) -> str:
    final = api.outcome(state)
    count = getattr(state, "actions", "?")
    cause = f"({final.cause}, {final.rule})"
    if isinstance(getattr(final, "result", None), str):  # one player (the solo game)
        level = getattr(state, "level", None)
        floor = "" if level is None else f" on floor {'ZAP' if level == 0 else level}"
        return f"result: {final.result} {cause} after {count} actions{floor}"
    if isinstance(getattr(final, "winners", None), tuple):  # Crest Duel names its winners
        winners = ", ".join(f"seat {s}" for s in final.winners) or "nobody"
        rounds = getattr(state, "rounds", None)
        return f"result: {winners} won {cause} after {count} actions" + (
            f", {rounds} rounds" if rounds is not None else ""
        )
    words = replay.seat_results(state) or ()
    summary = ", ".join(f"player {p}: {r}" for p, r in enumerate(words))
    return f"result: {summary} {cause} after {count} actions"


class _Game:
    """One game at the terminal: the state, what was played, the public log and who has seen it."""

    def __init__(self, table: Table, out: TextIO) -> None:
        self.table = table
        self.out = out
        self.state = table.state
        self.played: list[Played] = list(table.played)
        self.rules = api.rules_of(self.state)
        self.house = _hand_over(table.state)
        self.secrets = _secrets(table.state)
        self.players = self.rules.players(self.state)
        self.style = Style(wants_colour(out))
        self.log: list[str] = [str(e) for e in getattr(self.state, "events", ())]
        """Everything public that happened; each seat is shown what happened since its last view."""
        self.sizes: list[int] = []
        """``len(log)`` before each action played here, so ``undo`` can take its lines back."""
        self.seen = [0] * self.players

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def who(self, seat: int) -> str:
        return f"{self.house.word} {seat}"

    def act(self, seat: int, action: Any) -> None:
        text = api.action_text(self.state, action)
        before = self.state
        self.state = api.apply(self.state, action)
        self.played.append(Played(before=before, seat=seat, text=text))
        self.sizes.append(len(self.log))
        if self.players == 1:
            line = [text]
        else:
            line = [f"{self.who(seat)}: {text}" if self.rules.public_actions else f"{self.who(seat)} acted"]
        self.log += [*line, *(str(e) for e in getattr(self.state, "events", ()))]

    def undo(self, seat: int) -> str:
        """Take back ``seat``'s last action (module docstring); what to tell the seat."""
        if not self.sizes or not self.played:
            return "nothing to undo since this session began"
        last = self.played[-1]
        if last.seat != seat:
            return f"undo takes back only your own last action, and {self.who(last.seat)} acted after it"
        action = api.parse_action(last.before, last.text)
        if _reveals(last.before, seat, action):
            return f"{last.text!r} showed you something hidden, so it stands"
        self.state = last.before
        self.played.pop()
        del self.log[self.sizes.pop() :]
        self.seen = [min(s, len(self.log)) for s in self.seen]
        return f"undone: {last.text}"

    def texts(self) -> list[str]:
        return [t.text for t in self.played]

    def save(self, path: str) -> str:
        """Write the game so far: a replay when its start is known, else the referee's save; what was
        written. :class:`~chaos_tower.kernel.errors.OutputError` when it cannot be."""
        if self.table.start is not None:
            text = self.as_replay().dumps()
            what = f"a replay of {len(self.played)} actions"
        else:
            text = api.dumps(self.state)
            what = "the position (a save)"
        try:
            write_output(path, text)
        except ValueError as exc:  # a name the system cannot take (a NUL in it)
            raise OutputError(f"cannot write {path}: {exc}") from None
        return f"saved {what} to {path}; chaos-tower play --resume {path} goes on from here"

    def as_replay(self) -> replay.Replay:
        start = self.table.start
        assert start is not None  # callers check: a replay needs the game's first state
        options = api.options(start)
        return replay.record(
            self.table.cards, self.texts(), seed=start.seed, log=True, mode=options.mode, **options.as_dict()
        )

    def news(self, seat: int) -> tuple[str, tuple[str, ...]]:
        """The title and the public events ``seat`` has not been shown yet, now counted as shown."""
        title = self.house.news if self.seen[seat] == 0 else "since your last view:"
        lines = tuple(self.log[self.seen[seat] :])
        self.seen[seat] = len(self.log)
        return title, lines


def _choose(state: Any, actions: Sequence[Any], texts: Sequence[str], line: str) -> Any:
    """The action typed: its number, or its text in any case; the rules judge it when applied."""
    if line.isdigit():
        return pick(state, actions, line)
    folded = " ".join(line.split()).casefold()
    matches = [a for a, t in zip(actions, texts, strict=True) if t.casefold() == folded]
    if len(matches) == 1:
        return matches[0]
    try:
        return pick(state, actions, line)
    except MalformedActionError:
        try:
            return pick(state, actions, line.lower())
        except MalformedActionError:
            pass
        raise


def _agents_only(game: _Game) -> int:
    quiet = game.table.quiet
    if not quiet and game.players > 1:
        for line in game.log:
            game.say(f"    {line}")
        game.say(api.render_text(game.state))
    while (me := api.current_player(game.state)) is not None:
        agent = game.table.agents[me]
        assert agent is not None
        game.act(me, decide(agent, game.state))
        if not quiet:
            who = "" if game.players == 1 else f"{game.who(me)}: "
            game.say(f"{getattr(game.state, 'actions', len(game.played)):4d}. {who}{game.played[-1].text}")
            for event in getattr(game.state, "events", ()):
                game.say(f"    {event}")
    if not quiet:
        game.say(api.render_text(game.state))
    game.say(_result_line(game.state))
    return 0


def _people(game: _Game, read: Callable[[str], str | None], seat: HotSeat | None) -> int:
    style = game.style
    last: int | None = None
    keep_seat = False  # after undo or a refused hand-over, the same seat goes on without one
    notice: tuple[str, ...] = ()  # what the next screen says first (an undo's result)
    while (me := api.current_player(game.state)) is not None:
        agent = game.table.agents[me]
        if agent is not None:
            game.act(me, decide(agent, game.state))
            continue
        if seat is not None and not keep_seat and (game.house.every_decision or me != last):
            banner = game.house.banner.format(p=me)
            if not seat.hand_over(banner, f"{game.who(me)}: press Enter to see your view> "):
                return 0
        keep_seat = False
        last = me
        header, notice = notice, ()
        if game.players > 1:  # whose turn it is, by seat when people share the keyboard (issue 28)
            people = sum(agent is None for agent in game.table.agents)
            header += (f"{game.who(me)}, your turn" if people > 1 else "your turn",)
        actions = api.legal_actions(game.state)
        title, news = game.news(me)
        prompt = PROMPT if game.players == 1 else f"{game.who(me)}, {PROMPT}"
        parts = decision(game.state, me, header=header, news_title=title, news=news, hint=HINT, prompt=prompt)
        texts = list(parts.actions)  # in the order of ``actions``: both are the legal actions
        prompt = draw(parts, game.out, style)
        pending: Any = None
        while True:
            try:
                line = read(prompt)
            except UnicodeDecodeError:  # a terminal in another encoding: say so, change nothing
                game.say(style.bad("  that line is not text in the terminal's encoding; nothing changed"))
                continue
            if line is None:
                return 0
            # A warned action waits for the very next line: anything else (a command too) drops it.
            warned, pending = pending, None
            word, _, rest = line.partition(" ")
            command = word.lower()
            if not line:
                continue
            if command in ("help", "?") and not rest:
                for text in grammar_text(api.action_grammar(game.state)):
                    game.say(text)
                continue
            if command == "list":
                width = screen_size(game.out)[0]
                for text in listing(texts, len(texts), kind=rest.strip().lower() or None, width=width):
                    game.say(text)
                continue
            if command == "view" and not rest:  # the screen again, laid out for the terminal's size now
                prompt = draw(parts, game.out, style)
                continue
            if command == "log" and not rest:  # every public event so far (the screen shows the latest)
                for text in game.log:
                    game.say(f"    {text}")
                continue
            if command == "info":  # a card's record: public, printed on the card (issue 28)
                for text in card_info(game.table.cards, rest):
                    game.say(f"  {text}")
                continue
            if command == "save":
                # Issue 22: typed at one seat's prompt, a save must not hand that seat the others' secrets.
                if game.secrets:
                    game.say(style.bad(f"  {NO_SAVE}"))
                elif not rest.strip():
                    game.say(style.bad("  save needs a file: save FILE"))
                else:
                    try:
                        game.say(game.save(rest.strip()))
                    except OutputError as exc:
                        game.say(style.bad(f"  not saved: {exc}"))
                continue
            if command == "undo" and not rest:
                message = game.undo(me)
                undone = message.startswith("undone")
                if not undone:
                    game.say(style.bad(f"  not undone: {message}"))
                else:  # said at the top of the screen drawn next, so it is not scrolled away
                    notice = (f"  {message}",)
                    keep_seat = True
                    game.seen[me] = len(game.log)
                    break
                continue
            try:
                if command == "yes" and not rest and warned is not None:
                    action = warned
                else:
                    action = _choose(game.state, actions, texts, line)
                    api.check_action(game.state, action)
                    if action != warned:
                        cause = _loss(game.state, me, action)
                        if cause is not None:
                            pending = action
                            game.say(
                                style.warn(
                                    f"  this loses the game ({cause}): type it again or 'yes' to confirm"
                                )
                            )
                            continue
                game.act(me, action)
            except ChaosTowerError as exc:
                game.say(style.bad(f"  not possible: {exc}"))
                continue
            # What the action did is the news of the seat's next screen (issue 28: each screen fits
            # the terminal). When a hand-over comes first, it is shown now too: the seat that acted
            # sees it before the screen is wiped, and output that is no terminal keeps it.
            nxt = api.current_player(game.state)
            if seat is not None and nxt is not None and (game.house.every_decision or nxt != me):
                for text in game.log[game.seen[me] :]:
                    game.say(f"    {text}")
            break
    return _end(game, seat)


def _end(game: _Game, seat: HotSeat | None) -> int:
    people = [p for p, agent in enumerate(game.table.agents) if agent is None]
    if seat is not None:
        # The game is over: the last view goes with the private screen; the result is for all.
        seat.end()
        rule = "=" * game.house.banner.index(" ")
        game.say(f"\n{rule} game over {rule}")
    # What happened since the people last looked: the turns that ended the game (issue 22), which an
    # agent may have played after a person's last view.
    since = min(game.seen[p] for p in people)
    if seat is None and game.log[since:]:
        game.say("the end of the game:")
    for line in game.log[since:]:
        game.say(f"    {line}")
    game.say(_final_table(game, people))
    game.say(_result_line(game.state))
    return 0


def _final_table(game: _Game, people: Sequence[int]) -> str:
    """The table at the end, as the rules reveal it (TOC-VS2-020, TOC-VS3-043, CRD-START-C): where the
    seats keep secrets, the game's end shows none of them (not the leftover attributes, the unused
    items, another's hand), so one person sees their own last view and several, sharing the screen,
    no table (the log and the result above are public); elsewhere the whole table."""
    if not game.secrets:
        return api.render_text(game.state)
    if len(people) == 1:
        return api.seat_view(game.state, people[0])
    return "(the seats' secrets stay hidden at the end: see the rules of the game's end)"


def play(table: Table, inp: TextIO, out: TextIO) -> int:
    """Play the game at ``table`` with ``inp`` and ``out``; the exit code (130 after Ctrl-C)."""
    game = _Game(table, out)
    people = sum(agent is None for agent in table.agents)
    try:
        if people == 0:
            code = _agents_only(game)
        elif people == 1:
            code = _people(game, _Keyboard(inp, out).read, None)
        else:
            with HotSeat(inp, out) as seat:
                code = _people(game, seat.read, seat)
    except KeyboardInterrupt:
        print("\ninterrupted", file=out)
        code = 130
    if table.record is not None:
        try:
            message = game.save(table.record)
        except OutputError as exc:  # checked before the game, yet gone since: say so, never exit 0
            print(f"chaos-tower play: the game was not recorded: {exc}", file=out)
            return code or 1
        print(message.replace("saved", "recorded", 1), file=out)
    return code


def run(args: argparse.Namespace, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    """Run ``chaos-tower play`` with parsed arguments; returns the exit code."""
    try:
        table = open_table(args)
    except SetupError as exc:
        print(exc, file=sys.stderr)
        return exc.code
    return play(table, inp or sys.stdin, out or sys.stdout)
