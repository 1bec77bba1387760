"""Hypothesis strategies for valid Tower card-set data: the one home of them.

Every public strategy builds the attrs records of :mod:`chaos_tower.tower.cards` and
:mod:`chaos_tower.tower.vocabulary`; pass ``as_dict=True`` to get the same values as
plain JSON-like data instead (what ``converter().unstructure`` makes of them,
the form a card file holds). Either way the data passes the JSON Schema: the
bounds below are the schema's own (`schemas/tower-*.schema.json`), and
:func:`schema_errors` checks one piece of data against one ``$defs`` entry.

The cards also respect what :mod:`chaos_tower.tower.checks` asks of a single card
where that costs nothing: every face has a path, effects carry a trigger that
may act where they are written, a normal item's set slots have counters, a
monster can be fought. References to other cards (item ids, step ids, scope
names) are well-formed but point nowhere in particular.

The public strategies are the names without a leading underscore. The strategies of solo
play (seeds, positions, actions) are in :mod:`solo_strategies`.
"""

from __future__ import annotations

import io
import string
from collections.abc import Iterable
from functools import cache
from typing import Any, TypeVar

from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from ruamel.yaml import YAML

from chaos_tower.cardsets.converter import converter
from chaos_tower.cardsets.schema import SCHEMA_FILES, load_schema, registry
from chaos_tower.tower.cards import (
    PLAIN,
    Icon,
    ItemKind,
    ItemUse,
    MonsterBack,
    MonsterCard,
    MonsterFront,
    NormalItem,
    RareItem,
    Rebright,
    Recipe,
    RoomCard,
    RoomFace,
    Sides,
    SimpleItem,
    StepCard,
)
from chaos_tower.tower.vocabulary import (
    AllAttributesOnFloor,
    AllOf,
    AnyOf,
    Attribute,
    CombatDa,
    Condition,
    Corner,
    DaAdd,
    DaNullify,
    Effect,
    ElementAtLeast,
    ElementChoice,
    Elements,
    ElementsAdd,
    FloorUp,
    HoldsItems,
    Life,
    LivingMonstersAtLeast,
    MonsterElementAdd,
    MoveCard,
    NeighbourMonster,
    NeighboursOfOneAttribute,
    Rearrange,
    RebrightValue,
    ResetCard,
    Scope,
    StepsUsed,
    SummonRebright,
    Teleport,
    Trigger,
)

T = TypeVar("T")

# -- the schema's bounds ---------------------------------------------------------
AMOUNT_MIN, AMOUNT_MAX = -99, 99  # vocabulary $defs/amount; also a side's integer da
ID_MAX = 64  # vocabulary $defs/id
TEXT_MAX = 2000  # vocabulary $defs/text
NAME_MAX = 80  # cardset $defs/name, $defs/ja, monster m_text, scope name
EFFECTS_MAX = 20  # cardset $defs/effects
COUNTERS_MIN, COUNTERS_MAX = 1, 99  # item_use counters
COMBINE_MAX = 10  # test-combine `of`
HOLDS_MAX = 10  # test-holds `items`
STEPS_USED_MAX = 20  # test-steps-used `steps`
CONSUME_MAX = 10  # recipe `consume`

# -- where each trigger may act (chaos_tower.tower.checks) ----------------------------
ALL_TRIGGERS: frozenset[Trigger] = frozenset(Trigger)
FACE_TRIGGERS = frozenset({Trigger.ON_ENTER, Trigger.ON_PLACE, Trigger.WHILE_HERE, Trigger.WHILE_ON_FLOOR})
STEP_TRIGGERS = frozenset({Trigger.ON_ENTER, Trigger.ON_PLACE})
CARRY_TRIGGERS = frozenset({Trigger.WHILE_CARRIED, Trigger.ON_STEP})
SLOT_TRIGGERS = frozenset({Trigger.ON_USE})

# Sizes of the lists the strategies draw. Far below the schema's maxItems: enough
# to exercise lists, cheap enough to run hundreds of examples.
_FEW = 3


def yaml_text(data: Any) -> str:
    """Plain data written as block-style YAML, for feeding generated documents to the loader.

    Block style: ruamel's flow-style emitter writes some plain scalars (``?A``) that
    its own parser then reads differently; that is ruamel's bug, not the reader's.
    """
    yaml = YAML(typ="safe", pure=True)
    yaml.allow_unicode = True
    yaml.default_flow_style = False
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def schema_errors(definition: str, data: Any) -> list[str]:
    """The schema's complaints about ``data`` as the ``$defs`` entry ``definition``.

    ``definition`` is ``room``, ``monster``, ``step``, ``normal_item``,
    ``rare_item``, ``item``, ``rebright``, ``sides``, ``elements``, or
    ``vocabulary:condition`` / ``vocabulary:effect`` for the vocabulary's.
    """
    return [
        f"{'/'.join(map(str, e.absolute_path)) or '$'}: {e.message}"
        for e in _definition_validator(definition).iter_errors(data)
    ]


@cache
def _definition_validator(definition: str) -> Draft202012Validator:
    schema_name, _, name = definition.rpartition(":")
    file = SCHEMA_FILES[f"tower-{schema_name or 'cardset'}"]
    if name not in load_schema(f"tower-{schema_name or 'cardset'}")["$defs"]:
        raise KeyError(f"the schema {file} has no $defs entry {name!r}")
    # The same registry as the library's validator: every $ref resolves from memory, by file name.
    return Draft202012Validator({"$ref": f"{file}#/$defs/{name}"}, registry=registry())


def _out(strategy: st.SearchStrategy[T], as_dict: bool, as_type: Any = None) -> st.SearchStrategy[Any]:
    if not as_dict:
        return strategy
    # A union (Condition, Effect) must be unstructured as the union to carry its tag.
    if as_type is None:
        return strategy.map(lambda value: converter().unstructure(value))
    return strategy.map(lambda value: converter().unstructure(value, as_type))


def _tuples(
    strategy: st.SearchStrategy[T], *, min_size: int = 0, max_size: int = _FEW, unique: bool = False
) -> st.SearchStrategy[tuple[T, ...]]:
    return st.lists(strategy, min_size=min_size, max_size=max_size, unique=unique).map(tuple)


# -- scalars ---------------------------------------------------------------------
def amounts() -> st.SearchStrategy[int]:
    """A signed small amount (vocabulary ``amount``)."""
    return st.integers(AMOUNT_MIN, AMOUNT_MAX)


# Clean text (docs/loading.md): no C0 control but the line feed, no DEL, no C1; hypothesis
# leaves out surrogates itself, so the text always encodes as UTF-8.
_CONTROLS = [chr(c) for c in [*range(0x00, 0x20), *range(0x7F, 0xA0)]]
_TEXT_CHARS = st.characters(
    exclude_categories=("Cs",), exclude_characters=[c for c in _CONTROLS if c != "\n"]
)
_LINE_CHARS = st.characters(exclude_categories=("Cs",), exclude_characters=_CONTROLS)


def texts(max_size: int = TEXT_MAX, min_size: int = 0) -> st.SearchStrategy[str]:
    """Long free text (``text``, ``note``): any clean text, line breaks included."""
    return st.text(_TEXT_CHARS, min_size=min_size, max_size=max_size)


def names() -> st.SearchStrategy[str]:
    """A card name, ``ja`` name, m-text or scope name: 1 to 80 characters of one line."""
    return st.text(_LINE_CHARS, max_size=NAME_MAX, min_size=1)


_ID_HEAD = st.sampled_from(string.ascii_lowercase)
_ID_CHARS = string.ascii_lowercase + string.digits


@st.composite
def card_ids(draw: st.DrawFn) -> str:
    """An id such as ``room.sunken-garden``: ``^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$``."""
    out = draw(_ID_HEAD) + draw(st.text(_ID_CHARS, max_size=8))
    for _ in range(draw(st.integers(0, 4))):
        out += draw(st.sampled_from(".-")) + draw(st.text(_ID_CHARS, min_size=1, max_size=8))
    assert len(out) <= ID_MAX
    return out


def attributes() -> st.SearchStrategy[Attribute]:
    return st.sampled_from(Attribute)


# -- records -----------------------------------------------------------------------
def elements(
    *, as_dict: bool = False, min_value: int = AMOUNT_MIN, max_value: int = AMOUNT_MAX
) -> st.SearchStrategy[Any]:
    """An :class:`Elements` vector; each attribute is often left at 0."""
    amount = st.just(0) | st.integers(min_value, max_value)
    strategy = st.builds(Elements, G=amount, W=amount, V=amount, S=amount, D=amount)
    return _out(strategy, as_dict)


_SIDE = st.none() | st.just(PLAIN) | amounts()


@st.composite
def _sides(draw: st.DrawFn, min_paths: int) -> Sides:
    values = draw(st.lists(_SIDE, min_size=4, max_size=4))
    # Turn walls into paths until there are enough paths.
    walls = [i for i, v in enumerate(values) if v is None]
    missing = max(0, min_paths - (4 - len(walls)))
    for index in draw(st.permutations(walls))[:missing]:
        values[index] = draw(st.just(PLAIN) | amounts())
    f, r, b, l = values  # noqa: E741 - the card's own letter
    return Sides(f=f, r=r, b=b, l=l)


def sides(min_paths: int = 1, *, as_dict: bool = False) -> st.SearchStrategy[Any]:
    """The four sides of a face: ``None`` (wall), ``"-"`` or a da; at least ``min_paths`` paths."""
    if not 0 <= min_paths <= 4:
        raise ValueError("min_paths is between 0 and 4")
    return _out(_sides(min_paths), as_dict)


def scopes() -> st.SearchStrategy[Scope]:
    return st.builds(
        Scope,
        cards=st.sampled_from(["any", "room", "monster", "step", "rebright"]),
        attribute=st.none() | attributes(),
        name=st.none() | names(),
    )


# -- conditions --------------------------------------------------------------------
def _leaf_conditions() -> st.SearchStrategy[Condition]:
    return st.one_of(
        st.builds(HoldsItems, items=_tuples(card_ids(), min_size=1, max_size=HOLDS_MAX)),
        st.builds(ElementAtLeast, attribute=attributes(), value=st.integers(0, 99)),
        st.just(Corner()),
        st.builds(LivingMonstersAtLeast, count=st.integers(1, 99)),
        st.builds(NeighboursOfOneAttribute, count=st.integers(1, 99)),
        st.builds(NeighbourMonster, state=st.sampled_from(["any", "living", "defeated"])),
        st.builds(StepsUsed, steps=_tuples(card_ids(), min_size=1, max_size=STEPS_USED_MAX)),
        st.just(AllAttributesOnFloor()),
    )


def _conditions(max_depth: int) -> st.SearchStrategy[Condition]:
    leaves = _leaf_conditions()
    if max_depth <= 0:
        return leaves
    inner = st.deferred(lambda: _conditions(max_depth - 1))
    of = _tuples(inner, min_size=1, max_size=min(_FEW, COMBINE_MAX))
    return leaves | st.builds(AllOf, of=of) | st.builds(AnyOf, of=of)


def conditions(max_depth: int = 2, *, as_dict: bool = False) -> st.SearchStrategy[Any]:
    """A condition; ``all``/``any`` nest at most ``max_depth`` levels of combination."""
    return _out(_conditions(max_depth), as_dict, Condition)


def _when() -> st.SearchStrategy[Condition | None]:
    return st.none() | _conditions(1)


# -- effects -----------------------------------------------------------------------
def _add_or_set(set_max: int) -> st.SearchStrategy[dict[str, st.SearchStrategy[int | None]]]:
    """Keyword strategies giving exactly one of ``add`` and ``set`` (the schema's oneOf)."""
    return st.sampled_from(
        [
            {"add": amounts(), "set": st.none()},
            {"add": st.none(), "set": st.integers(0, set_max)},
        ]
    )


def _effects(triggers: frozenset[Trigger]) -> st.SearchStrategy[Effect]:
    trigger = st.sampled_from(sorted(triggers, key=lambda t: t.value))
    attrs_unique = _tuples(attributes(), min_size=1, max_size=5, unique=True)
    return st.one_of(
        _add_or_set(99).flatmap(lambda kw: st.builds(Life, trigger=trigger, when=_when(), **kw)),
        st.builds(ElementsAdd, trigger=trigger, add=elements(), when=_when()),
        st.builds(ElementChoice, trigger=trigger, add=amounts(), choices=attrs_unique, when=_when()),
        st.builds(DaAdd, trigger=trigger, add=amounts(), scope=scopes(), when=_when()),
        st.builds(DaNullify, trigger=trigger, scope=scopes(), when=_when()),
        st.builds(MonsterElementAdd, trigger=trigger, add=amounts(), scope=scopes(), when=_when()),
        st.builds(CombatDa, trigger=trigger, add=amounts(), when=_when()),
        *(
            st.builds(cls, trigger=trigger, when=_when())
            for cls in (Teleport, ResetCard, MoveCard, Rearrange, SummonRebright)
        ),
        st.builds(FloorUp, trigger=trigger, add=st.integers(1, 9), when=_when()),
        _add_or_set(99).flatmap(
            lambda kw: st.builds(RebrightValue, trigger=trigger, attributes=attrs_unique, when=_when(), **kw)
        ),
    )


def effects(triggers: Iterable[Trigger] = ALL_TRIGGERS, *, as_dict: bool = False) -> st.SearchStrategy[Any]:
    """One effect of any ``op``, its trigger drawn from ``triggers``."""
    chosen = frozenset(triggers)
    if not chosen:
        raise ValueError("effects() needs at least one trigger")
    return _out(_effects(chosen), as_dict, Effect)


def _effect_lists(triggers: frozenset[Trigger]) -> st.SearchStrategy[tuple[Effect, ...]]:
    return _tuples(_effects(triggers), max_size=min(_FEW, EFFECTS_MAX))


# fmt: off
# The card builders keep a card's fields on a few lines: one per line, as the formatter
# would write them, they run to the same shape card after card (the duplicates report).
# -- parts of cards ----------------------------------------------------------------
def _icons() -> st.SearchStrategy[Icon]:
    return st.builds(Icon, item=card_ids(), when=_when())


def _recipes() -> st.SearchStrategy[Recipe]:
    return st.builds(Recipe, text=texts(),
                     consume=_tuples(card_ids(), min_size=1, max_size=CONSUME_MAX),
                     when=_when())


def _item_uses(triggers: frozenset[Trigger], *, counters: bool | None) -> st.SearchStrategy[ItemUse]:
    """``counters``: True always, False never, None either."""
    some = st.integers(COUNTERS_MIN, COUNTERS_MAX)
    count = some if counters else st.none() if counters is False else st.none() | some
    return st.builds(ItemUse, text=texts(), effects=_effect_lists(triggers), counters=count)


def _ja() -> st.SearchStrategy[str | None]:
    return st.none() | names()


def _room_faces() -> st.SearchStrategy[RoomFace]:
    return st.builds(RoomFace, room_element=elements(), da=_sides(1), text=texts(),
                     effects=_effect_lists(FACE_TRIGGERS), icon=st.none() | _icons())


# -- cards -------------------------------------------------------------------------
def room_cards(*, as_dict: bool = False) -> st.SearchStrategy[Any]:
    """A room card: two faces, each with a path, face triggers only."""
    strategy = st.builds(
        RoomCard, id=card_ids(), name=names(), ja=_ja(), attribute=attributes(),
        vs=elements(), flip_cost=elements(min_value=0), front=_room_faces(), back=_room_faces(),
    )
    return _out(strategy, as_dict)


def _fightable() -> st.SearchStrategy[Elements]:
    return elements(min_value=0).filter(lambda e: bool(e.items()))


def monster_cards(*, as_dict: bool = False) -> st.SearchStrategy[Any]:
    """A monster card that can be fought (its monster-element names an attribute)."""
    front = st.builds(MonsterFront, monster_element=_fightable(), da=_sides(1), text=texts(),
                      effects=_effect_lists(FACE_TRIGGERS))
    back = st.builds(MonsterBack, mg_element=elements(), da=_sides(1), text=texts(),
                     effects=_effect_lists(FACE_TRIGGERS), icon=st.none() | _icons())
    strategy = st.builds(
        MonsterCard, id=card_ids(), name=names(), ja=_ja(), m_text=names(),
        attribute=attributes(), vs=elements(), front=front, back=back,
    )
    return _out(strategy, as_dict)


def step_cards(*, as_dict: bool = False) -> st.SearchStrategy[Any]:
    """A step card: a condition or none, placement, da with a path, on_enter/on_place effects."""
    strategy = st.builds(
        StepCard, id=card_ids(), name=names(), ja=_ja(), step_element=elements(), text=texts(),
        condition=st.none() | _conditions(2), placement=st.sampled_from(["path", "anywhere"]),
        da=_sides(1), effects=_effect_lists(STEP_TRIGGERS),
    )
    return _out(strategy, as_dict)


def normal_items(*, as_dict: bool = False) -> st.SearchStrategy[Any]:
    """A normal item: carry effects in carry, on_use effects and counters in both slots."""
    strategy = st.builds(
        NormalItem, id=card_ids(), name=names(), ja=_ja(), note=st.none() | texts(),
        vs=elements(), carry=_item_uses(CARRY_TRIGGERS, counters=None),
        set_front=_item_uses(SLOT_TRIGGERS, counters=True),
        set_rear=_item_uses(SLOT_TRIGGERS, counters=True),
    )
    return _out(strategy, as_dict)


def rare_items(*, as_dict: bool = False) -> st.SearchStrategy[Any]:
    """A rare item with its recipe."""
    strategy = st.builds(
        RareItem, id=card_ids(), name=names(), ja=_ja(), vs=elements(),
        carry=_item_uses(CARRY_TRIGGERS, counters=None),
        set=_item_uses(SLOT_TRIGGERS, counters=None), recipe=_recipes(),
    )
    return _out(strategy, as_dict)


def simple_items(*, as_dict: bool = False) -> st.SearchStrategy[Any]:
    """A monster, change or growth item (carry only)."""
    strategy = st.builds(
        SimpleItem, id=card_ids(), name=names(), ja=_ja(), kind=st.sampled_from(ItemKind),
        vs=elements(), text=texts(), effects=_effect_lists(CARRY_TRIGGERS),
        recipe=st.none() | _recipes(),
    )
    return _out(strategy, as_dict)


def rebrights(*, as_dict: bool = False) -> st.SearchStrategy[Any]:
    """Rebright: values per attribute and da."""
    strategy = st.builds(Rebright, id=card_ids(), name=names(), ja=_ja(), text=texts(),
                         values=elements(), da=_sides(1))
    return _out(strategy, as_dict)
