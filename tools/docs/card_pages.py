"""The card pages (``docs/cards``): rooms, monsters, steps, items, Rebright and the index."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import chaos_tower as ct
from chaos_tower.agents import RandomAgent, decide

from .cardbook import (
    _ATTRIBUTE_COLOURS,
    _ATTRIBUTE_NAMES,
    CardBook,
    Drawings,
    _card_title,
    _detail,
)
from .common import GENERATED, code, esc, page, plain, rule_ref, table, toctree


def rooms_page(book: CardBook, drawings: Drawings) -> str:
    cards = book.cards
    overview = [
        [
            book.ref(c.id),
            code(c.id),
            esc(c.ja or "–"),
            code(c.attribute.value),
            book.elements(c.vs),
            book.source(c.id),
        ]
        for c in cards.rooms
    ]
    details = []
    for c in cards.rooms:
        colour = _ATTRIBUTE_COLOURS[c.attribute.value]
        faces = {
            face: drawings.add(
                c.id, face, f"{c.name}, {face}", getattr(c, face).da, c.attribute.value, colour, "circle"
            )
            for face in ("front", "back")
        }
        rows = [
            ["paths", faces["front"], faces["back"]],
            ["da (f r b l)", book.sides(c.front.da), book.sides(c.back.da)],
            ["room-element", book.elements(c.front.room_element), book.elements(c.back.room_element)],
            ["r-text", esc(c.front.text) or "–", esc(c.back.text) or "–"],
            ["effects", book.effects(c.front.effects), book.effects(c.back.effects)],
            ["icon", book.icon(c.front.icon), book.icon(c.back.icon)],
        ]
        lead = [
            f"{code(c.id)} · attribute {code(c.attribute.value)} ({_ATTRIBUTE_NAMES[c.attribute.value]}) · "
            f"VS {book.elements(c.vs)} · flip cost {book.price(c.flip_cost)}",
            book.note(c.id),
        ]
        details.append(_detail(c.id, _card_title(c), lead, ["", "front", "back (flipped)"], rows))
    return page(
        [
            GENERATED.format(source="carddata/tower/rooms.yaml"),
            "(cards-rooms)=",
            "# Rooms",
            f"The {len(cards.rooms)} room cards ({rule_ref('TOC-START-C')}). Each face shows its paths "
            f"as drawn on the card, front side up ({rule_ref('TOC-START-M')}): a bar is a wall, a line a "
            "path with its da (red: it costs life, blue: it gives life, grey: a plain `-` path); the disc "
            f"is the attribute. A room is flipped in place ({rule_ref('TOC-PROG1-03')}), paying one "
            "attribute of its flip cost.",
            "## All rooms",
            table(["name", "id", "ja", "attribute", "VS", "source"], overview),
            "## Cards",
            *details,
        ]
    )


def monsters_page(book: CardBook, drawings: Drawings) -> str:
    cards = book.cards
    overview = [
        [
            book.ref(c.id),
            code(c.id),
            esc(c.ja or "–"),
            esc(c.m_text),
            code(c.attribute.value),
            book.price(c.front.monster_element),
            book.elements(c.vs),
            book.source(c.id),
        ]
        for c in cards.monsters
    ]
    details = []
    for c in cards.monsters:
        colour = _ATTRIBUTE_COLOURS[c.attribute.value]
        front = drawings.add(
            c.id, "front", f"{c.name}, living", c.front.da, c.attribute.value, colour, "diamond"
        )
        back = drawings.add(
            c.id, "back", f"{c.name}, defeated", c.back.da, c.attribute.value, colour, "hollow"
        )
        rows = [
            ["paths", front, back],
            ["da (f r b l)", book.sides(c.front.da), book.sides(c.back.da)],
            [
                "element",
                f"monster-element {book.price(c.front.monster_element)}",
                f"mg-element {book.elements(c.back.mg_element)} (once)",
            ],
            ["text", esc(c.front.text) or "–", esc(c.back.text) or "–"],
            ["effects", book.effects(c.front.effects), book.effects(c.back.effects)],
            ["icon", "–", book.icon(c.back.icon)],
        ]
        lead = [
            f"{code(c.id)} · m-text {esc(c.m_text)} · attribute {code(c.attribute.value)} "
            f"({_ATTRIBUTE_NAMES[c.attribute.value]}) · VS {book.elements(c.vs)}",
            book.note(c.id),
        ]
        details.append(_detail(c.id, _card_title(c), lead, ["", "front (living)", "back (defeated)"], rows))
    return page(
        [
            GENERATED.format(source="carddata/tower/monsters.yaml"),
            "(cards-monsters)=",
            "# Monsters",
            f"The {len(cards.monsters)} monster cards ({rule_ref('TOC-START-D')}). The monster-element is "
            f"the price of a fight ({rule_ref('TOC-START-H')}, {rule_ref('TOC-PROG2-03')}): the player "
            "pays one listed attribute's amount; a defeated monster is turned over in place and its "
            "mg-element is added once. Drawings as for rooms: a filled diamond is a living monster, "
            "a hollow one a defeated monster.",
            "## All monsters",
            table(["name", "id", "ja", "m-text", "attribute", "monster-element", "VS", "source"], overview),
            "## Cards",
            *details,
        ]
    )


def steps_page(book: CardBook, drawings: Drawings) -> str:
    cards = book.cards
    overview = [
        [
            book.ref(c.id),
            code(c.id),
            esc(c.text),
            book.condition(c.condition) if c.condition else "–",
            book.source(c.id),
        ]
        for c in cards.steps
    ]
    details = []
    for c in cards.steps:
        top = c.step_element.items()
        colour = _ATTRIBUTE_COLOURS[top[0][0].value] if top else "#555"
        drawing = drawings.add(c.id, None, c.name, c.da, "↑", colour, "square")
        rows = [
            ["paths", drawing],
            [book.label(c.id, "da", "da (f r b l)"), book.sides(c.da)],
            [book.label(c.id, "step_element", "step-element"), book.elements(c.step_element)],
            ["s-text", esc(c.text)],
            ["condition", book.condition(c.condition) if c.condition else "–"],
            [
                "placement",
                "anywhere" if c.placement == "anywhere" else "where a path of the player's card points",
            ],
            ["effects", book.effects(c.effects)],
        ]
        details.append(_detail(c.id, _card_title(c), [code(c.id), book.note(c.id)], ["", "value"], rows))
    return page(
        [
            GENERATED.format(source="carddata/tower/steps.yaml"),
            "(cards-steps)=",
            "# Steps",
            f"The {len(cards.steps)} step cards ({rule_ref('TOC-STEP-06')}, {rule_ref('TOC-STEP-11')}); "
            "the drawings show their paths (square: a step).",
            "## All steps",
            table(["name", "id", "s-text", "condition", "source"], overview),
            "## Cards",
            *details,
        ]
    )


def _where_found(book: CardBook) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Item id -> the faces showing its icon; item id -> the items whose recipe consumes it."""
    found: dict[str, list[str]] = defaultdict(list)
    used: dict[str, list[str]] = defaultdict(list)
    for room in book.cards.rooms:
        for face in ("front", "back"):
            icon = getattr(room, face).icon
            if icon is not None:
                found[icon.item].append(f"the icon on the {face} of {book.ref(room.id)}")
    for monster in book.cards.monsters:
        if monster.back.icon is not None:
            found[monster.back.icon.item].append(f"the icon of the defeated {book.ref(monster.id)}")
    for item in (*book.cards.rare_items, *book.cards.items):
        recipe = getattr(item, "recipe", None)
        if recipe is not None:
            for used_id in recipe.consume:
                used[used_id].append(book.ref(item.id))
    return found, used


def items_page(book: CardBook) -> str:
    cards = book.cards
    where, used = _where_found(book)

    def origin(item: Any) -> list[list[str]]:
        shown = where.get(item.id, [])
        if getattr(item, "recipe", None) is not None:
            shown = [*shown, "made by its recipe"]
        return [
            ["comes from", "; ".join(shown) or "–"],
            ["consumed to make", ", ".join(used.get(item.id, [])) or "–"],
        ]

    normal_rows = [
        [book.ref(i.id), code(i.id), book.elements(i.vs), book.source(i.id)] for i in cards.normal_items
    ]
    rare_rows = [
        [book.ref(i.id), code(i.id), book.elements(i.vs), book.source(i.id)] for i in cards.rare_items
    ]
    icon_rows = [
        [book.ref(i.id), code(i.id), esc(i.ja or "–"), code(i.kind.value), book.source(i.id)]
        for i in cards.items
    ]
    details = ["## Normal items", table(["name", "id", "VS", "source"], normal_rows)]
    for i in cards.normal_items:
        rows = [
            [book.label(i.id, "vs", "VS"), book.elements(i.vs)],
            ["n-text (carry)", book.use(i.carry)],
            ["set-text-f (front slot)", book.use(i.set_front)],
            ["set-text-r (rear slot)", book.use(i.set_rear)],
            *origin(i),
        ]
        if i.note:
            rows.insert(0, ["note", esc(i.note)])
        details.append(_detail(i.id, _card_title(i), [code(i.id), book.note(i.id)], ["", "value"], rows))
    details += ["## Rare items", table(["name", "id", "VS", "source"], rare_rows)]
    for i in cards.rare_items:
        rows = [
            [book.label(i.id, "vs", "VS"), book.elements(i.vs)],
            ["r-text (carry)", book.use(i.carry)],
            ["set-effect (either slot)", book.use(i.set)],
            [
                book.label(i.id, "recipe", "get-text (recipe)"),
                f"{esc(i.recipe.text)} → {book.recipe(i.recipe)}",
            ],
            *origin(i),
        ]
        details.append(_detail(i.id, _card_title(i), [code(i.id), book.note(i.id)], ["", "value"], rows))
    details += ["## Icon items", table(["name", "id", "ja", "kind", "source"], icon_rows)]
    for i in cards.items:
        rows = [
            ["kind", code(i.kind.value)],
            [book.label(i.id, "vs", "VS"), book.elements(i.vs)],
            ["text", esc(i.text) or "–"],
            ["effects", book.effects(i.effects)],
            [
                book.label(i.id, "recipe", "recipe"),
                f"{esc(i.recipe.text)} → {book.recipe(i.recipe)}" if i.recipe else "–",
            ],
            *origin(i),
        ]
        details.append(_detail(i.id, _card_title(i), [code(i.id), book.note(i.id)], ["", "value"], rows))
    return page(
        [
            GENERATED.format(source="carddata/tower/normal-items.yaml, rare-items.yaml, items.yaml"),
            "(cards-items)=",
            "# Items",
            f"The normal items ({rule_ref('TOC-NORMAL-02')}), the rare items ({rule_ref('TOC-RARE-02')}) "
            "and the icon items, monster, change and growth "
            f"({rule_ref('TOC-ITEM-01A')}–{rule_ref('TOC-ITEM-01C')}), which are kept in carry only. "
            "Each text is followed by what it does, as the engine reads it.",
            *details,
        ]
    )


def rebright_page(book: CardBook, drawings: Drawings) -> str:
    r = book.cards.rebright
    drawing = drawings.add(r.id, None, r.name, r.da, "R", "#222", "square")
    rows = [
        ["paths", drawing],
        ["da (f r b l)", book.sides(r.da)],
        ["values", book.values(r.values)],
        ["text", esc(r.text) or "–"],
    ]
    return page(
        [
            GENERATED.format(source="carddata/tower/set.yaml"),
            "(cards-rebright)=",
            "# Rebright",
            f"Rebright appears when {book.ref('step.seqlrith')} is used ({rule_ref('TOC-STEP-11E')}); each "
            "attack names one attribute and pays its value, which becomes 0; Rebright falls, and the game is "
            "won, when all five are 0.",
            _detail(r.id, _card_title(r), [code(r.id), book.note(r.id)], ["", "value"], rows, level="##"),
        ]
    )


def cards_index(book: CardBook) -> str:
    cards = book.cards
    header = cards.header
    sheet = cards.sheet
    counts = [
        ["{doc}`rooms <rooms>`", str(len(cards.rooms))],
        ["{doc}`monsters <monsters>`", str(len(cards.monsters))],
        ["{doc}`steps <steps>`", str(len(cards.steps))],
        ["{doc}`normal items <items>`", str(len(cards.normal_items))],
        ["{doc}`rare items <items>`", str(len(cards.rare_items))],
        ["{doc}`icon items <items>`", str(len(cards.items))],
        ["{doc}`Rebright <rebright>`", "1"],
    ]
    whole = sum(1 for r in header.reconstructed if not r.fields)
    partly = sum(1 for r in header.reconstructed if r.fields)
    slots = ", ".join(
        f"{code(s.id)} ({s.side}, {'row' if s.row is not None else 'column'} "
        f"{s.row if s.row is not None else s.column})"
        for s in sheet.slots
    )
    sheet_rows = [
        ["floor", f"{sheet.columns} columns × {sheet.rows} rows"],
        ["slots", slots],
        ["life", f"{sheet.life.min} … {sheet.life.max}, starts at {sheet.start_life}"],
        ["elements", f"{sheet.element.min} … {sheet.element.max}, each starts at {sheet.start_element}"],
        ["carry", f"at most {sheet.carry_limit} items"],
    ]
    number_rows = [[str(f.floor), f"{f.extra_da:+d}" if f.extra_da else "0"] for f in cards.number.floors]
    return page(
        [
            GENERATED.format(source="carddata/tower/"),
            "(cards-index)=",
            "# The built-in card set",
            f"{esc(header.name)}, version {code(header.version)}, language {code(header.language)}"
            + (" (a complete set)." if header.complete else "."),
            plain(header.description),
            f"{whole} cards are wholly reconstructed and {partly} partly (some fields); each card's page "
            "says which, and why. Everything else is printed in the manual.",
            table(["cards", "count"], counts),
            f"## The tower-sheet ({rule_ref('TOC-PREP-01')}, {rule_ref('TOC-PREP-02')})",
            table(["", "value"], sheet_rows),
            f"## The number card ({rule_ref('TOC-ZAP-01')}–{rule_ref('TOC-ZAP-03')})",
            "The extra da added at each floor; floors past the last keep its value"
            + (f"; during ZAP: {cards.number.zap_extra_da:+d}." if cards.number.zap_extra_da else "."),
            table(["floor", "extra da"], number_rows),
            "The second game's built-in set is on {doc}`its own page <crest>`.",
            toctree(["rooms", "monsters", "steps", "items", "rebright", "crest"]),
        ]
    )


def card_pages() -> dict[str, str]:
    book = CardBook(ct.load_cardset())
    drawings = Drawings()
    pages = {
        "index.md": cards_index(book),
        "rooms.md": rooms_page(book, drawings),
        "monsters.md": monsters_page(book, drawings),
        "steps.md": steps_page(book, drawings),
        "items.md": items_page(book),
        "rebright.md": rebright_page(book, drawings),
    }
    pages.update(drawings.files)
    pages["img/board-mid-game.svg"] = ct.render_svg(_mid_game())
    return pages


def _mid_game() -> Any:
    """The position the docs show as a picture: seed 232 after 16 random actions (floor 1, six cards)."""
    state = ct.new_game(ct.load_cardset(), seed=232, max_actions=400)
    agent = RandomAgent(232)
    for _ in range(16):
        state = ct.apply(state, decide(agent, state))
    return state
