"""The card set in words (:class:`CardBook`: ids, values, effects) and its faces (:class:`Drawings`)."""

from __future__ import annotations

import re
from typing import Any

from chaos_tower.tower import cards as cs
from chaos_tower.tower import vocabulary as vc
from chaos_tower.tower.palette import ATTRIBUTE_COLOURS
from chaos_tower.tower.solo.svg import face_svg

from .common import code, esc, plain, table

_ATTRIBUTE_NAMES = {"G": "earth 地", "W": "water 水", "V": "fire 火", "S": "wind 風", "D": "dark 闇"}
_ATTRIBUTE_COLOURS = ATTRIBUTE_COLOURS
_TRIGGERS = {
    "while_carried": "while carried",
    "on_use": "on use",
    "on_enter": "on entering",
    "on_place": "when placed",
    "on_step": "on using a step",
    "while_here": "while the player stands here",
    "while_on_floor": "while on the floor",
}


def card_label(card_id: str) -> str:
    return "card-" + re.sub(r"[^a-z0-9]+", "-", card_id.lower())


class CardBook:
    """The built-in card set, with names for ids and what is reconstructed."""

    def __init__(self, cards: cs.TowerCardSet) -> None:
        self.cards = cards
        self.names = {c.id: c.name for c in cards.all_cards()}
        self.reconstructed = {r.card: r for r in cards.header.reconstructed}

    def ref(self, card_id: str) -> str:
        if card_id not in self.names:
            return code(card_id)
        return f"{{ref}}`{esc(self.names[card_id])} <{card_label(card_id)}>`"

    def source(self, card_id: str) -> str:
        entry = self.reconstructed.get(card_id)
        if entry is None:
            return "manual"
        if not entry.fields:
            return "**reconstructed**"
        return "manual; reconstructed: " + ", ".join(code(f) for f in entry.fields)

    def note(self, card_id: str) -> str:
        entry = self.reconstructed.get(card_id)
        if entry is None:
            return "*From the manual.*"
        what = "the whole card" if not entry.fields else ", ".join(code(f) for f in entry.fields)
        return f"**Reconstructed:** {what}. {plain(entry.note)}".rstrip()

    def label(self, card_id: str, field: str, text: str) -> str:
        """A row label, marked when this field of the card is reconstructed."""
        entry = self.reconstructed.get(card_id)
        if entry is not None and field in entry.fields:
            return f"{text} *(reconstructed)*"
        return text

    # -- values ---------------------------------------------------------------
    @staticmethod
    def elements(value: vc.Elements | None) -> str:
        if value is None:
            return "–"
        shown = " ".join(f"{a.value}{n:+d}" for a, n in value.items())
        return code(shown) if shown else "–"

    @staticmethod
    def price(value: vc.Elements) -> str:
        """A price paid in one attribute: ``G 2 or S 2``."""
        return " or ".join(code(f"{a.value} {n}") for a, n in value.items()) or "–"

    @staticmethod
    def values(value: vc.Elements) -> str:
        """Values per attribute, attributes at 0 included: ``G 5 W 5 V 5 S 5 D 5``."""
        return code(" ".join(f"{a.value} {value.get(a)}" for a in vc.Attribute))

    @staticmethod
    def side(value: cs.Da) -> str:
        if value is None:
            return "wall"
        return code(value if value == cs.PLAIN else f"{value:+d}")

    def sides(self, da: cs.Sides) -> str:
        return " · ".join(f"{n} {self.side(v)}" for n, v in zip("frbl", da.as_tuple(), strict=True))

    @staticmethod
    def scope(scope: vc.Scope) -> str:
        kinds = {
            "any": "every card",
            "room": "rooms",
            "monster": "monsters",
            "step": "steps",
            "rebright": "Rebright",
        }
        text = kinds.get(scope.cards, scope.cards)
        if scope.attribute is not None:
            text += f" of {_ATTRIBUTE_NAMES[scope.attribute.value].split()[0]} ({scope.attribute.value})"
        if scope.name is not None:
            text += f" named {esc(scope.name)}"
        return text

    def condition(self, test: vc.Condition) -> str:
        match test:
            case vc.HoldsItems(items=items):
                return "holds " + " and ".join(self.ref(i) for i in items)
            case vc.ElementAtLeast(attribute=attribute, value=value):
                return f"{attribute.value} ≥ {value}"
            case vc.Corner():
                return "on one of the four corners"
            case vc.LivingMonstersAtLeast(count=count):
                return f"at least {count} living monsters on the floor"
            case vc.NeighboursOfOneAttribute(count=count):
                return f"next to at least {count} cards of one attribute"
            case vc.NeighbourMonster(state=state):
                return "next to a monster" + ("" if state == "any" else f" ({state})")
            case vc.StepsUsed(steps=steps):
                return "after " + ", ".join(self.ref(s) for s in steps) + " are used"
            case vc.AllAttributesOnFloor():
                return "all five attributes on the floor"
            case vc.AllOf(of=of):
                return " and ".join(self.condition(c) for c in of)
            case vc.AnyOf(of=of):
                return "(" + " or ".join(self.condition(c) for c in of) + ")"
        return esc(repr(test))

    def effect(self, effect: vc.Effect) -> str:
        text = self._effect(effect)
        text += f" ({_TRIGGERS.get(effect.trigger.value, effect.trigger.value)})"
        if effect.when is not None:
            text += f" when {self.condition(effect.when)}"
        return text

    def _effect(self, effect: vc.Effect) -> str:
        match effect:
            case vc.Life(add=add, set=value):
                return f"life = {value}" if value is not None else f"life {add:+d}"
            case vc.ElementsAdd(add=add):
                return f"elements {self.elements(add)}"
            case vc.ElementChoice(add=add, choices=choices):
                among = "" if len(choices) == 5 else " of " + "/".join(c.value for c in choices)
                return f"one element{among} {add:+d}"
            case vc.DaAdd(add=add, scope=scope):
                return f"da {add:+d} for {self.scope(scope)}"
            case vc.DaNullify(scope=scope):
                return f"da of {self.scope(scope)} nullified"
            case vc.MonsterElementAdd(add=add, scope=scope):
                return f"monster-element {add:+d} for {self.scope(scope)}"
            case vc.CombatDa(add=add):
                return f"the fight's da {add:+d}"
            case vc.Teleport():
                return "move anywhere, da ignored"
            case vc.ResetCard():
                return "one card back to its preparation state"
            case vc.MoveCard():
                return "move one floor card"
            case vc.Rearrange():
                return "lay out the floor again"
            case vc.FloorUp(add=add):
                return f"floor {add:+d}"
            case vc.SummonRebright():
                return "Rebright appears"
            case vc.RebrightValue(attributes=attributes, add=add, set=value):
                which = "/".join(a.value for a in attributes)
                return (
                    f"Rebright's {which} = {value}" if value is not None else f"Rebright's {which} {add:+d}"
                )
        return esc(repr(effect))

    def effects(self, effects: tuple[vc.Effect, ...]) -> str:
        return "; ".join(self.effect(e) for e in effects) or "–"

    def icon(self, icon: cs.Icon | None) -> str:
        if icon is None:
            return "–"
        text = self.ref(icon.item)
        if icon.when is not None:
            text += f", entering with {self.condition(icon.when)}"
        return text

    def recipe(self, recipe: cs.Recipe | None) -> str:
        if recipe is None:
            return "–"
        text = " + ".join(self.ref(i) for i in recipe.consume)
        if recipe.when is not None:
            text += f", when {self.condition(recipe.when)}"
        return text

    def use(self, use: cs.ItemUse) -> str:
        counters = "no limit" if use.counters is None else f"{use.counters} uses"
        return f"{esc(use.text)} → {self.effects(use.effects)}; {counters}"


class Drawings:
    """The SVG files of the card faces, keyed by their path under ``cards/``."""

    def __init__(self) -> None:
        self.files: dict[str, str] = {}

    def add(
        self, card_id: str, face: str | None, label: str, da: cs.Sides, centre: str, colour: str, shape: str
    ) -> str:
        name = f"img/{card_id}{'-' + face if face else ''}.svg"
        sides = ", ".join(
            f"{n} {'wall' if v is None else v if v == cs.PLAIN else f'{v:+d}'}"
            for n, v in zip("frbl", da.as_tuple(), strict=True)
        )
        self.files[name] = face_svg(f"{label}: {sides}", da, centre, colour, shape)
        alt = f"{label}: {sides}".replace("[", "(").replace("]", ")")
        return f"![{esc(alt)}]({name})"


def _detail(
    label_id: str, title: str, lead: list[str], head: list[str], rows: list[list[str]], level: str = "###"
) -> str:
    return "\n\n".join(
        [f"({card_label(label_id)})=", f"{level} {title}", *[x for x in lead if x], table(head, rows)]
    )


def _card_title(card: Any) -> str:
    ja = f" ({esc(card.ja)})" if getattr(card, "ja", None) else ""
    return f"{esc(card.name)}{ja}"
