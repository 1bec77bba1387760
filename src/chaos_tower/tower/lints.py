"""Lints for a Tower card set: values the engine plays as written that are most likely mistakes.

A lint is a warning, not an error (``chaos-tower validate`` exits 0 unless
``--strict``): the set loads and plays by the rules, but some part of it can
never come into play, or kills the player outright. Each warning names the
card and the rule it reads.

* ``lethal-path``: numeric paths that take all of life in one passing from some
  floor on, once the number card's extra da is added (`TOC-ZAP-03`, `TOC-OVER-01`);
* ``unfightable``: monsters that no attribute can fight (`TOC-PROG2-03`);
* ``never-gained``: items whose every source can never come into play (`TOC-ITEM-01`);
* ``never-placeable``: steps whose condition can never hold on this sheet (`TOC-STEP-09`);
* ``unpayable``: Rebright values that no player can pay (`TOC-RARE-07`).

What is plainly impossible (a reference to no card, an item with no source
at all, a value above the sheet's bounds) is an error of :mod:`.checks`; the
lints do not repeat it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cardsets.safeload import JsonPath
from .cards import PLAIN, MonsterCard, NormalItem, RareItem, RoomCard, Sides, SimpleItem, TowerCardSet
from .checks import Issue
from .vocabulary import (
    ATTRIBUTES,
    AllOf,
    AnyOf,
    CombatDa,
    Condition,
    DaAdd,
    DaNullify,
    Effect,
    HoldsItems,
    LivingMonstersAtLeast,
    MonsterElementAdd,
    NeighbourMonster,
    NeighboursOfOneAttribute,
    RebrightValue,
    StepsUsed,
    Trigger,
)

__all__ = ["tower_lints"]

_LASTING = frozenset({Trigger.WHILE_HERE, Trigger.WHILE_ON_FLOOR})


def _warn(path: JsonPath, code: str, message: str) -> Issue:
    return Issue(path=path, code=code, message=message, severity="warning")


def _sides(cards: TowerCardSet) -> Iterator[tuple[str, JsonPath, Sides]]:
    """Every face's sides: the card's id, the path of its ``da`` and the sides."""
    for i, room in enumerate(cards.rooms):
        yield room.id, ("rooms", i, "front", "da"), room.front.da
        yield room.id, ("rooms", i, "back", "da"), room.back.da
    for i, monster in enumerate(cards.monsters):
        yield monster.id, ("monsters", i, "front", "da"), monster.front.da
        yield monster.id, ("monsters", i, "back", "da"), monster.back.da
    for i, step in enumerate(cards.steps):
        yield step.id, ("steps", i, "da"), step.da
    yield cards.rebright.id, ("rebright", "da"), cards.rebright.da


def _numbers(sides: Sides) -> list[int]:
    return [d for d in sides.as_tuple() if isinstance(d, int)]


def _effects(cards: TowerCardSet) -> list[Effect]:
    """Every effect written anywhere in the set."""
    found: list[Effect] = []
    for room in cards.rooms:
        found += [*room.front.effects, *room.back.effects]
    for monster in cards.monsters:
        found += [*monster.front.effects, *monster.back.effects]
    for step in cards.steps:
        found += step.effects
    for normal in cards.normal_items:
        found += [*normal.carry.effects, *normal.set_front.effects, *normal.set_rear.effects]
    for rare in cards.rare_items:
        found += [*rare.carry.effects, *rare.set.effects]
    for item in cards.items:
        found += item.effects
    return found


def _fits(effect: DaAdd | DaNullify | MonsterElementAdd, monster: MonsterCard) -> bool:
    """Whether the effect's scope could touch this monster."""
    scope = effect.scope
    return (
        scope.cards in ("any", "monster")
        and scope.attribute in (None, monster.attribute)
        and scope.name in (None, monster.name)
    )


class _Lints:
    def __init__(self, cards: TowerCardSet) -> None:
        self.cards = cards
        self.issues: list[Issue] = []
        sheet = cards.sheet
        self.span = sheet.life.max - sheet.life.min
        """Life from full to GameOver: a passing that costs this much kills (`TOC-OVER-01`)."""
        self.top = sheet.element.max
        self.neighbours = min(sheet.rows - 1, 2) + min(sheet.columns - 1, 2)
        self.cells = sheet.rows * sheet.columns
        self.gained: set[str] = set()
        self.placeable: set[str] = set()
        self.effects = _effects(cards)

    # -- lethal paths ------------------------------------------------------
    def lethal(self) -> None:
        marks = self.cards.number.floors
        stages = [
            (f"floor {m.floor}", ("number", "floors", i, "extra_da"), m.extra_da) for i, m in enumerate(marks)
        ]
        groups: list[tuple[int, int, tuple[str, ...]]] = []  # first, last stage index, cards
        for index, (_, _, extra) in enumerate(stages):
            deadly = self.deadly(extra)
            if groups and groups[-1][2] == deadly and groups[-1][1] == index - 1:
                groups[-1] = (groups[-1][0], index, deadly)
            elif deadly:
                groups.append((index, index, deadly))
        for first, last, deadly in groups:
            name, path, extra = stages[first]
            if last == len(stages) - 1:
                where = f"from {name} on"  # a floor past the last mark keeps its extra da (TOC-ZAP-03)
            elif last > first:
                where = f"on floors {marks[first].floor} to {marks[last].floor}"
            else:
                where = f"on {name}"
            self.issues.append(_warn(path, "lethal-path", self.lethal_text(where, extra, deadly)))
        zap = self.cards.number.zap_extra_da
        deadly = self.deadly(zap)
        if deadly:
            self.issues.append(
                _warn(("number", "zap_extra_da"), "lethal-path", self.lethal_text("during ZAP", zap, deadly))
            )

    def deadly(self, extra: int) -> tuple[str, ...]:
        """The cards with a numeric path that costs all of life at this extra da (never added to `-`)."""
        found: dict[str, None] = {}
        for card_id, _, sides in _sides(self.cards):
            if any(d + extra <= -self.span for d in _numbers(sides)):
                found[card_id] = None
        return tuple(found)

    def lethal_text(self, where: str, extra: int, deadly: tuple[str, ...]) -> str:
        shown = ", ".join(deadly[:3]) + (f" and {len(deadly) - 3} more" if len(deadly) > 3 else "")
        return (
            f"{where} (extra da {extra:+d}) a numeric path of {len(deadly)} card(s) takes all of life "
            f"({self.span}) in one passing, unless an effect softens it: {shown} (TOC-ZAP-03, TOC-OVER-01)"
        )

    # -- monsters ----------------------------------------------------------
    def fight_blocker(self, monster: MonsterCard) -> str | None:
        """Why no attribute can fight this monster, or ``None`` if one can (`TOC-PROG2-03`).

        Generous on purpose: every effect of the set that could ever lower its
        price or soften its da is counted as if all applied at once.
        """
        own = [e for e in monster.front.effects if e.trigger in _LASTING and e.when is None]
        prices = [e for e in self.effects if isinstance(e, MonsterElementAdd) and _fits(e, monster)]
        raise_ = sum(e.add for e in prices if any(e is o for o in own) and e.add > 0)
        lower = sum(e.add for e in prices if e.add < 0)
        costs = [cost + raise_ + lower for _, cost in monster.front.monster_element.items() if cost > 0]
        if costs and min(costs) > self.top:
            return (
                f"its own effects raise every monster-element to more than an element can hold ({self.top})"
            )
        if any(isinstance(e, DaNullify) and _fits(e, monster) for e in self.effects):
            return None
        soften = sum(e.add for e in self.effects if isinstance(e, DaAdd) and e.add > 0 and _fits(e, monster))
        soften += sum(e.add for e in self.effects if isinstance(e, CombatDa) and e.add > 0)
        # The kindest floor: the fight's damage is the monster's da plus its extra da.
        best = max([m.extra_da for m in self.cards.number.floors] + [self.cards.number.zap_extra_da])
        numbers = _numbers(monster.front.da)
        plain = PLAIN in monster.front.da.as_tuple()
        if not plain and numbers and all(d + best + soften <= -self.span for d in numbers):
            return f"every one of its paths deals all of life ({self.span}) in a fight, softened or not"
        return None

    def monsters(self) -> None:
        for i, monster in enumerate(self.cards.monsters):
            blocker = self.fight_blocker(monster)
            if blocker is not None:
                self.issues.append(
                    _warn(
                        ("monsters", i, "front", "monster_element"),
                        "unfightable",
                        f"no attribute can fight {monster.id}: {blocker} (TOC-PROG2-03)",
                    )
                )

    # -- conditions, items and steps: what can come into play --------------
    def never(self, cond: Condition | None) -> str | None:
        """Why ``cond`` can never hold on this sheet with this set, or ``None``.

        An element above the sheet's greatest and attributes no card has are
        errors of :mod:`.checks`, so they are not repeated here.
        """
        cards = self.cards
        if isinstance(cond, HoldsItems):
            missing = [i for i in cond.items if i not in self.gained]
            return f"{', '.join(missing)} can never be gained" if missing else None
        if isinstance(cond, StepsUsed):
            missing = [s for s in cond.steps if s not in self.placeable]
            return f"{', '.join(missing)} can never be placed" if missing else None
        if isinstance(cond, LivingMonstersAtLeast):
            most = min(len(cards.monsters), self.cells - 1)
            if cond.count > most:
                return f"it needs {cond.count} living monsters; at most {most} can lie on this floor"
        if isinstance(cond, NeighboursOfOneAttribute):
            placed: list[RoomCard | MonsterCard] = [*cards.rooms, *cards.monsters]
            most = max((sum(c.attribute is a for c in placed) for a in ATTRIBUTES), default=0)
            if cond.count > min(self.neighbours, most):
                return (
                    f"it needs {cond.count} neighbours of one attribute; a cell has at most "
                    f"{self.neighbours} neighbours and the set at most {most} cards of one attribute"
                )
        if isinstance(cond, NeighbourMonster) and (not cards.monsters or self.neighbours == 0):
            return "no monster can lie next to a cell"
        if isinstance(cond, AllOf):
            reasons = [r for r in (self.never(c) for c in cond.of) if r]
            return reasons[0] if reasons else None
        if isinstance(cond, AnyOf):
            every = [self.never(c) for c in cond.of]
            found = [r for r in every if r]
            return "; ".join(found) if found and len(found) == len(every) else None
        return None

    def sources(self, *, every: bool = False) -> Iterator[tuple[str, Condition | None, tuple[str, ...]]]:
        """Every way to gain an item: its id, the condition and the items it consumes.

        Without ``every``, a monster that cannot be fought shows no icon.
        """
        cards = self.cards
        for room in cards.rooms:
            for face in (room.front, room.back):
                if face.icon is not None:
                    yield face.icon.item, face.icon.when, ()
        for monster in cards.monsters:
            # A monster's icon is on its back, shown when it is defeated (TOC-ITEM-01).
            if monster.back.icon is not None and (every or self.fight_blocker(monster) is None):
                yield monster.back.icon.item, monster.back.icon.when, ()
        made: list[RareItem | SimpleItem] = [*cards.rare_items, *cards.items]
        for item in made:
            if item.recipe is not None:
                yield item.id, item.recipe.when, item.recipe.consume

    def reach(self) -> None:
        """Grow what can be gained and placed together, to their fixed point."""
        changed = True
        while changed:
            changed = False
            for item_id, when, consume in self.sources():
                ready = item_id not in self.gained and all(c in self.gained for c in consume)
                if ready and self.never(when) is None:
                    self.gained.add(item_id)
                    changed = True
            for step in self.cards.steps:
                if step.id not in self.placeable and self.never(step.condition) is None:
                    self.placeable.add(step.id)
                    changed = True

    def structural(self) -> set[str]:
        """What could be gained if every condition held and every monster could be fought."""
        found: set[str] = set()
        sources = list(self.sources(every=True))
        size = -1
        while size != len(found):
            size = len(found)
            found.update(i for i, _, consume in sources if all(c in found for c in consume))
        return found

    def items(self) -> None:
        # An item outside even this is the checks' `unobtainable` error: not repeated.
        possible = self.structural()
        sections: list[tuple[str, tuple[NormalItem | RareItem | SimpleItem, ...]]] = [
            ("normal_items", self.cards.normal_items),
            ("rare_items", self.cards.rare_items),
            ("items", self.cards.items),
        ]
        for section, items in sections:
            for i, item in enumerate(items):
                if item.id in self.gained or item.id not in possible:
                    continue
                self.issues.append(
                    _warn(
                        (section, i, "id"),
                        "never-gained",
                        f"{item.id} can never be gained: every icon or recipe for it needs a fight, "
                        "an item or a condition that can never come about (TOC-ITEM-01)",
                    )
                )

    def steps(self) -> None:
        for i, step in enumerate(self.cards.steps):
            if step.id not in self.placeable:
                reason = self.never(step.condition)
                self.issues.append(
                    _warn(
                        ("steps", i, "condition"),
                        "never-placeable",
                        f"{step.id} can never be placed: {reason} (TOC-STEP-09)",
                    )
                )

    def rebright(self) -> None:
        values = self.cards.rebright.values
        for attribute in ATTRIBUTES:
            value = values.get(attribute)
            if value <= self.top:
                continue
            helpers = [
                item.id
                for item in self.cards.rare_items
                for e in item.set.effects
                if isinstance(e, RebrightValue)
                and attribute in e.attributes
                and e.set is not None
                and e.set <= self.top
            ]
            if helpers and not any(h in self.gained for h in helpers):
                self.issues.append(
                    _warn(
                        ("rebright", "values", attribute.value),
                        "unpayable",
                        f"no player can pay Rebright's {attribute.value} ({value}, more than an element "
                        f"holds, {self.top}): {', '.join(helpers)} can never be gained (TOC-RARE-07)",
                    )
                )

    def run(self) -> list[Issue]:
        self.lethal()
        self.monsters()
        self.reach()
        self.items()
        self.steps()
        self.rebright()
        return self.issues


def tower_lints(cards: TowerCardSet) -> list[Issue]:
    """Every lint warning for a Tower card set that passed its checks' structure."""
    return _Lints(cards).run()
