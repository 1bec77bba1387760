"""What a JSON Schema cannot say about a Tower card set.

Unique ids, references that resolve, the counts of a full set, values within
the sheet's bounds, a path on every face, slots on the sheet, effects whose
trigger fits where they are written, and that the game can be won: every item
obtainable and Rebright summonable and beatable.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from ..cardsets.header import Issue, name_issues
from ..cardsets.safeload import JsonPath, format_path
from ..cardsets.suggest import did_you_mean
from .cards import (
    Icon,
    ItemKind,
    ItemUse,
    MonsterCard,
    NormalItem,
    RareItem,
    Recipe,
    RoomCard,
    Sides,
    SimpleItem,
    StepCard,
    TowerCardSet,
)
from .solo.effects import LASTING_TRIGGERS, needs, timing
from .vocabulary import (
    ATTRIBUTES,
    AllAttributesOnFloor,
    AllOf,
    AnyOf,
    Attribute,
    Condition,
    DaAdd,
    DaNullify,
    Effect,
    ElementAtLeast,
    Elements,
    HoldsItems,
    Life,
    MonsterElementAdd,
    RebrightValue,
    StepsUsed,
    SummonRebright,
    Trigger,
)

__all__ = ["FULL_SET_COUNTS", "Issue", "semantic_issues"]

FULL_SET_COUNTS = {"rooms": 25, "monsters": 20, "steps": 5, "normal_items": 5, "rare_items": 5}
"""The contents of the boxed game (内容物), checked when a set says ``complete: true``."""

_FACE_TRIGGERS = frozenset({Trigger.ON_ENTER, Trigger.ON_PLACE, Trigger.WHILE_HERE, Trigger.WHILE_ON_FLOOR})
_CARRY_TRIGGERS = frozenset({Trigger.WHILE_CARRIED, Trigger.ON_STEP})
_SLOT_TRIGGERS = frozenset({Trigger.ON_USE})


def _items(cards: TowerCardSet) -> Iterator[NormalItem | RareItem | SimpleItem]:
    yield from cards.normal_items
    yield from cards.rare_items
    yield from cards.items


class _Checker:
    def __init__(self, cards: TowerCardSet) -> None:
        self.cards = cards
        self.issues: list[Issue] = []
        self.item_ids = {i.id for i in _items(cards)}
        self.step_ids = {s.id for s in cards.steps}
        self.names = {c.name for c in cards.all_cards()}
        self.kinds = {i.id: "normal" for i in cards.normal_items} | {i.id: "rare" for i in cards.rare_items}
        self.kinds |= {i.id: i.kind.value for i in cards.items}

    def add(self, path: JsonPath, code: str, message: str, hint: str | None = None) -> None:
        self.issues.append(Issue(path=path, code=code, message=message, hint=hint))

    # -- ids and references ---------------------------------------------
    def sections(self) -> Iterator[tuple[str, int, object]]:
        for section in ("rooms", "monsters", "steps", "normal_items", "rare_items", "items"):
            for index, card in enumerate(getattr(self.cards, section)):
                yield section, index, card

    def unique_ids(self) -> None:
        seen: dict[str, JsonPath] = {self.cards.rebright.id: ("rebright", "id")}
        for section, index, card in self.sections():
            card_id = card.id  # type: ignore[attr-defined]
            if card_id in seen:
                first = format_path(seen[card_id][:-1])
                self.add(
                    (section, index, "id"), "duplicate-id", f"the id {card_id!r} is already used by {first}"
                )
            else:
                seen[card_id] = (section, index, "id")
        named: list[tuple[JsonPath, str]] = [(("rebright", "name"), self.cards.rebright.name)]
        for section, index, card in self.sections():
            named.append(((section, index, "name"), card.name))  # type: ignore[attr-defined]
        self.issues += name_issues(named)
        slots: set[str] = set()
        for index, slot in enumerate(self.cards.sheet.slots):
            if slot.id in slots:
                self.add(
                    ("sheet", "slots", index, "id"),
                    "duplicate-id",
                    f"the slot id {slot.id!r} is already used",
                )
            slots.add(slot.id)

    def item_ref(self, path: JsonPath, item_id: str) -> None:
        if item_id not in self.item_ids:
            hint = did_you_mean(item_id, self.item_ids)
            self.add(path, "unknown-reference", f"no item has the id {item_id!r}", hint)

    def condition(self, path: JsonPath, cond: Condition | None) -> None:
        if isinstance(cond, HoldsItems):
            for i, item in enumerate(cond.items):
                self.item_ref((*path, "items", i), item)
        elif isinstance(cond, StepsUsed):
            for i, step in enumerate(cond.steps):
                if step not in self.step_ids:
                    hint = did_you_mean(step, self.step_ids)
                    self.add((*path, "steps", i), "unknown-reference", f"no step has the id {step!r}", hint)
        elif isinstance(cond, ElementAtLeast):
            top = self.cards.sheet.element.max
            if cond.value > top:
                self.add(
                    (*path, "value"),
                    "never-holds",
                    f"an element never reaches {cond.value}: the sheet's greatest is {top}",
                )
        elif isinstance(cond, AllOf | AnyOf):
            for i, inner in enumerate(cond.of):
                self.condition((*path, "of", i), inner)

    def effects(
        self, path: JsonPath, effects: tuple[Effect, ...], allowed: frozenset[Trigger], where: str
    ) -> None:
        for i, effect in enumerate(effects):
            here = (*path, i)
            if effect.trigger not in allowed:
                names = ", ".join(sorted(t.value for t in allowed))
                self.add(
                    (*here, "trigger"),
                    "bad-trigger",
                    f"the trigger {effect.trigger.value!r} cannot act from {where}; allowed: {names}",
                )
            else:
                self.timing((*here, "trigger"), effect)
            if (
                isinstance(effect, DaAdd | DaNullify | MonsterElementAdd)
                and effect.scope.name
                and effect.scope.name not in self.names
            ):
                self.add(
                    (*here, "scope", "name"),
                    "unknown-reference",
                    f"no card is named {effect.scope.name!r}",
                    did_you_mean(effect.scope.name, self.names),
                )
            if isinstance(effect, Life) and effect.set is not None:
                self.within((*here, "set"), effect.set, "life", self.cards.sheet.life.max)
            self.condition((*here, "when"), effect.when)

    def timing(self, path: JsonPath, effect: Effect) -> None:
        # The interpreter (tower/effects.py) performs at-once terms and reads lasting ones while
        # in force; a trigger of the other kind would let the effect do nothing, in silence.
        lasting = effect.trigger in LASTING_TRIGGERS
        when = timing(effect)
        said = f"{effect.OP!r} with the trigger {effect.trigger.value!r}"
        if lasting and when == "at_once":
            self.add(path, "bad-trigger", f"{said} would never act: it acts at once, not while in force")
        elif not lasting and when == "in_force":
            self.add(path, "bad-trigger", f"{said} would never act: it acts while in force only")
        elif effect.trigger is not Trigger.ON_USE and any(needs((effect,))):
            # An element, a cell or a card is chosen only by a slot's use (TOC-NORMAL-06): on any
            # other trigger no action names the choice, and the effect would do nothing.
            self.add(path, "bad-trigger", f"{said} would never act: only a use ('on_use') chooses its target")

    def icon(self, path: JsonPath, icon: Icon | None, on: str) -> None:
        if icon is not None:
            self.item_ref((*path, "item"), icon.item)
            self.condition((*path, "when"), icon.when)
            # TOC-ITEM-01A: a monster item falls to a defeated monster; 01D: a normal item is found by
            # entering a room; 01E: a rare item is only made (its get-text), never shown by an icon.
            kind = self.kinds.get(icon.item)
            if on not in {"monster": ("monster",), "normal": ("room",), "rare": ()}.get(kind or "", (on,)):
                self.add((*path, "item"), "icon-kind", f"a {kind} item is not shown on a {on} (TOC-ITEM-01)")

    def recipe(self, path: JsonPath, recipe: Recipe | None, own_id: str) -> None:
        if recipe is None:
            return
        for i, item in enumerate(recipe.consume):
            self.item_ref((*path, "consume", i), item)
            if item == own_id:
                self.add((*path, "consume", i), "bad-recipe", "an item cannot consume itself")
        self.condition((*path, "when"), recipe.when)

    # -- values -----------------------------------------------------------
    def within(self, path: JsonPath, value: int, what: str, maximum: int) -> None:
        if value > maximum:
            self.add(path, "out-of-bounds", f"{value} is more than the sheet's greatest {what}, {maximum}")

    def costs(self, path: JsonPath, elements: Elements, what: str) -> None:
        top = self.cards.sheet.element.max
        for attribute, amount in elements.items():
            if amount < 0:
                self.add((*path, attribute.value), "out-of-bounds", f"a {what} cannot be negative")
            else:
                self.within((*path, attribute.value), amount, "element", top)

    def has_path(self, path: JsonPath, sides: Sides) -> None:
        if sides.paths() == 0:
            self.add(path, "no-path", "every side is a wall; a card needs at least one path")

    def sheet(self) -> None:
        sheet = self.cards.sheet
        for name, bounds in (("life", sheet.life), ("element", sheet.element)):
            if bounds.min >= bounds.max:
                self.add(
                    ("sheet", name, "max"),
                    "out-of-bounds",
                    f"the greatest {name} must be more than the least ({bounds.min})",
                )
        if not sheet.life.min <= sheet.start_life <= sheet.life.max:
            self.add(
                ("sheet", "start_life"),
                "out-of-bounds",
                f"the starting life is outside {sheet.life.min}..{sheet.life.max}",
            )
        if not sheet.element.min <= sheet.start_element <= sheet.element.max:
            self.add(
                ("sheet", "start_element"),
                "out-of-bounds",
                f"the starting element is outside {sheet.element.min}..{sheet.element.max}",
            )
        elif sheet.start_element == sheet.element.min:
            # A Tower set is the whole box, VS modes included: their counters start at the
            # starting element, and one at the least has lost, so no VS game could begin.
            self.add(
                ("sheet", "start_element"),
                "out-of-bounds",
                f"the starting element must be more than the least ({sheet.element.min}): the VS "
                "counters start at it (TOC-VS2-022, TOC-VS3-042), and at the least every player "
                "would have lost before the first turn (TOC-VS2-031, TOC-VS3-051)",
            )
        for index, slot in enumerate(sheet.slots):
            if slot.row is not None and slot.row >= sheet.rows:
                self.add(
                    ("sheet", "slots", index, "row"),
                    "off-sheet",
                    f"row {slot.row} is not on a floor of {sheet.rows} rows (0..{sheet.rows - 1})",
                )
            if slot.column is not None and slot.column >= sheet.columns:
                self.add(
                    ("sheet", "slots", index, "column"),
                    "off-sheet",
                    f"column {slot.column} is not on a floor of {sheet.columns} columns "
                    f"(0..{sheet.columns - 1})",
                )
        for index, mark in enumerate(self.cards.number.floors):
            if mark.floor != index + 1:
                self.add(
                    ("number", "floors", index, "floor"),
                    "bad-track",
                    f"floor {mark.floor} stands where floor {index + 1} belongs; the track counts up from 1",
                )

    def counts(self) -> None:
        if not self.cards.header.complete:
            return
        for section, wanted in FULL_SET_COUNTS.items():
            found = len(getattr(self.cards, section))
            if found != wanted:
                self.add(
                    (section,),
                    "count",
                    f"a complete Tower set has {wanted} {section.replace('_', ' ')}; this one has {found}",
                    "set `complete: false` in the header for a partial or extended set",
                )

    def reconstructed(self) -> None:
        cards = {c.id: c for c in self.cards.all_cards()}
        for index, entry in enumerate(self.cards.header.reconstructed):
            card = cards.get(entry.card)
            if card is None:
                self.add(
                    ("header", "reconstructed", index, "card"),
                    "unknown-reference",
                    f"no card has the id {entry.card!r}",
                    did_you_mean(entry.card, cards),
                )
                continue
            known = {f.name for f in attrs.fields(type(card))}
            for i, name in enumerate(entry.fields):
                if name not in known:
                    self.add(
                        ("header", "reconstructed", index, "fields", i),
                        "unknown-field",
                        f"a {type(card).__name__} has no field {name!r}",
                        did_you_mean(name, known),
                    )

    # -- cards -------------------------------------------------------------
    def room(self, i: int, room: RoomCard) -> None:
        self.costs(("rooms", i, "flip_cost"), room.flip_cost, "flip cost")
        for face_name in ("front", "back"):
            face = getattr(room, face_name)
            path = ("rooms", i, face_name)
            self.has_path((*path, "da"), face.da)
            self.effects((*path, "effects"), face.effects, _FACE_TRIGGERS, "a room")
            self.icon((*path, "icon"), face.icon, "room")

    def monster(self, i: int, monster: MonsterCard) -> None:
        self.costs(
            ("monsters", i, "front", "monster_element"), monster.front.monster_element, "monster-element"
        )
        if not monster.front.monster_element.items():
            self.add(
                ("monsters", i, "front", "monster_element"),
                "unbeatable",
                "a monster-element names no attribute, so the monster can never be fought",
            )
        for face_name in ("front", "back"):
            face = getattr(monster, face_name)
            path = ("monsters", i, face_name)
            self.has_path((*path, "da"), face.da)
            self.effects((*path, "effects"), face.effects, _FACE_TRIGGERS, "a monster")
        self.icon(("monsters", i, "back", "icon"), monster.back.icon, "monster")

    def step(self, i: int, step: StepCard) -> None:
        self.has_path(("steps", i, "da"), step.da)
        self.condition(("steps", i, "condition"), step.condition)
        self.effects(
            ("steps", i, "effects"), step.effects, frozenset({Trigger.ON_ENTER, Trigger.ON_PLACE}), "a step"
        )

    def item_use(self, path: JsonPath, use: ItemUse, allowed: frozenset[Trigger], where: str) -> None:
        self.effects((*path, "effects"), use.effects, allowed, where)

    def normal_item(self, i: int, item: NormalItem) -> None:
        path = ("normal_items", i)
        self.item_use((*path, "carry"), item.carry, _CARRY_TRIGGERS, "the carry area")
        for slot in ("set_front", "set_rear"):
            use: ItemUse = getattr(item, slot)
            self.item_use((*path, slot), use, _SLOT_TRIGGERS, "a set slot")
            if use.counters is None:
                self.add(
                    (*path, slot, "counters"),
                    "missing-counters",
                    "a normal item set in a slot has effect-counters (TOC-NORMAL-08)",
                )

    def rare_item(self, i: int, item: RareItem) -> None:
        path = ("rare_items", i)
        self.item_use((*path, "carry"), item.carry, _CARRY_TRIGGERS, "the carry area")
        self.item_use((*path, "set"), item.set, _SLOT_TRIGGERS, "a set slot")
        self.recipe((*path, "recipe"), item.recipe, item.id)

    def simple_item(self, i: int, item: SimpleItem) -> None:
        path = ("items", i)
        if item.kind is ItemKind.CHANGE and item.effects:
            why = f"the change item {item.id!r} has no effect of its own (TOC-ITEM-01B)"
            self.add((*path, "effects"), "change-effect", why)
        self.effects((*path, "effects"), item.effects, _CARRY_TRIGGERS, "the carry area")
        self.recipe((*path, "recipe"), item.recipe, item.id)

    # -- the game can be won --------------------------------------------
    def obtainable(self) -> None:
        cards = self.cards
        from_icons: set[str] = set()
        for room in cards.rooms:
            for face in (room.front, room.back):
                if face.icon is not None:
                    from_icons.add(face.icon.item)
        for monster in cards.monsters:
            if monster.back.icon is not None:
                from_icons.add(monster.back.icon.item)
        recipes: dict[str, Recipe] = {i.id: i.recipe for i in cards.rare_items}
        recipes.update({i.id: i.recipe for i in cards.items if i.recipe is not None})
        gained = set(from_icons)
        changed = True
        while changed:
            changed = False
            for item_id, recipe in recipes.items():
                if item_id not in gained and all(c in gained for c in recipe.consume):
                    gained.add(item_id)
                    changed = True
        sections: tuple[tuple[str, tuple[NormalItem | RareItem | SimpleItem, ...]], ...] = (
            ("normal_items", cards.normal_items),
            ("rare_items", cards.rare_items),
            ("items", cards.items),
        )
        for section, items in sections:
            for index, item in enumerate(items):
                if item.id not in gained:
                    self.add(
                        (section, index, "id"),
                        "unobtainable",
                        f"no icon shows {item.id!r} and no recipe that can be completed makes it",
                    )
        consumed_by: dict[str, set[str]] = {}
        for item_id, recipe in recipes.items():
            for c in recipe.consume:
                consumed_by.setdefault(c, set()).add(item_id)
        growth = {i.id for i in cards.items if i.kind is ItemKind.GROWTH}
        for index, item in enumerate(cards.items):
            if item.kind is ItemKind.CHANGE and not self.leads_to(item.id, growth, consumed_by):
                self.add(
                    ("items", index, "id"),
                    "dead-end",
                    f"the change item {item.id!r} is never traded up to a growth item (TOC-ITEM-01B)",
                )

    @staticmethod
    def leads_to(start: str, goals: set[str], consumed_by: dict[str, set[str]]) -> bool:
        seen = {start}
        frontier = [start]
        while frontier:
            for nxt in consumed_by.get(frontier.pop(), ()):
                if nxt in goals:
                    return True
                if nxt not in seen:
                    seen.add(nxt)
                    frontier.append(nxt)
        return False

    def rebright(self) -> None:
        cards = self.cards
        self.has_path(("rebright", "da"), cards.rebright.da)
        if not any(isinstance(e, SummonRebright) for s in cards.steps for e in s.effects):
            self.add(
                ("steps",),
                "no-rebright",
                "no step summons Rebright (a `summon_rebright` effect), so the game cannot be won",
            )
        zeroed: set[Attribute] = set()
        for item in cards.rare_items:
            for effect in item.set.effects:
                if isinstance(effect, RebrightValue) and effect.set == 0:
                    zeroed.update(effect.attributes)
        top = cards.sheet.element.max
        for attribute in ATTRIBUTES:
            value = cards.rebright.values.get(attribute)
            if value > top and attribute not in zeroed:
                self.add(
                    ("rebright", "values", attribute.value),
                    "unbeatable",
                    f"Rebright's {attribute.value} is {value}, more than an element can "
                    f"hold ({top}), and no rare item sets it to 0",
                )
        needs_all = any(self.mentions_all_attributes(s.condition) for s in cards.steps)
        if needs_all:
            present = {c.attribute for c in cards.rooms} | {c.attribute for c in cards.monsters}
            missing = [a.value for a in ATTRIBUTES if a not in present]
            if missing:
                self.add(
                    ("rooms",),
                    "unplaceable-step",
                    "a step needs all five attributes on the floor, but no room or monster "
                    f"has {', '.join(missing)}",
                )

    def mentions_all_attributes(self, cond: Condition | None) -> bool:
        if isinstance(cond, AllAttributesOnFloor):
            return True
        if isinstance(cond, AllOf | AnyOf):
            return any(self.mentions_all_attributes(c) for c in cond.of)
        return False

    def run(self) -> list[Issue]:
        self.unique_ids()
        self.sheet()
        self.counts()
        self.reconstructed()
        for i, room in enumerate(self.cards.rooms):
            self.room(i, room)
        for i, monster in enumerate(self.cards.monsters):
            self.monster(i, monster)
        for i, step in enumerate(self.cards.steps):
            self.step(i, step)
        for i, normal in enumerate(self.cards.normal_items):
            self.normal_item(i, normal)
        for i, rare in enumerate(self.cards.rare_items):
            self.rare_item(i, rare)
        for i, item in enumerate(self.cards.items):
            self.simple_item(i, item)
        self.obtainable()
        self.rebright()
        return self.issues


def semantic_issues(cards: TowerCardSet) -> list[Issue]:
    """Every problem with a structured card set that its schema cannot express."""
    return _Checker(cards).run()
